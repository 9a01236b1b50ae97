# devroot.sh: a sysroot of the host's libc and other libraries' -dev
# packages, for the tests of those libraries' headers beside it
# (neighbours.sh, sig.sh, sig_libs.sh); sourced after tests/lib.sh.
# devroot DIR [MAN...]: DIR gets the host's libc6-dev and linux-libc-dev
# headers with their dpkg lists (so that any other header put there is
# another library's, src/libc/libc_owner.c), libc.so.6, and the man2 pages
# MAN (file names; none: every page). Exit 77 (skip) without the lists.
devroot() {
	dr=$1
	shift
	mkdir -p "$dr/var/lib/dpkg/info" "$dr/usr/lib/x86_64-linux-gnu" "$dr/usr/share/man/man2"
	for p in libc6-dev:amd64 linux-libc-dev:amd64; do
		[ -f "/var/lib/dpkg/info/$p.list" ] || { echo "SKIP: no dpkg list $p on this host"; exit 77; }
		cp "/var/lib/dpkg/info/$p.list" "$dr/var/lib/dpkg/info/"
		grep '^/usr/include/.*\.h$' "/var/lib/dpkg/info/$p.list"
	done | while read -r f; do [ -f "$f" ] && echo "${f#/}"; done >"$T/devroot.files"
	(cd / && tar cf - -T "$T/devroot.files") | tar xf - -C "$dr"
	cp /usr/lib/x86_64-linux-gnu/libc.so.6 "$dr/usr/lib/x86_64-linux-gnu/"
	if [ $# = 0 ]; then
		cp -r /usr/share/man/man2/. "$dr/usr/share/man/man2/"
	else
		for m in "$@"; do cp "/usr/share/man/man2/$m" "$dr/usr/share/man/man2/"; done
	fi
}
# libdevs DIR: Debian 12's -dev packages of keyutils, libnuma, libaio, libcap
# and liburing (scripts/debian-fetch.sh, cached in the build dir) extracted
# into DIR; exit 77 (skip) when Debian's mirror cannot be reached.
libdevs() {
	lrc=0
	sh "$SRCDIR/scripts/debian-fetch.sh" -c "$BUILDDIR/release-sysroots" -r bookworm \
		-b "libkeyutils-dev libnuma-dev libaio-dev libcap-dev liburing-dev" >"$T/fetched" \
		2>"$T/dl.log" || lrc=$?
	if [ $lrc = 3 ]; then
		echo "SKIP: Debian's mirror cannot be reached: $(tail -1 "$T/dl.log")"
		exit 77
	fi
	[ $lrc = 0 ] || fail "debian-fetch.sh exited $lrc: $(cat "$T/dl.log")"
	awk '{ print $4 }' "$T/fetched" | while read -r d; do dpkg-deb -x "$d" "$1"; done
}
