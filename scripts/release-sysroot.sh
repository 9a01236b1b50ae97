#!/bin/sh
# This file contains the builder of Debian release sysroots: for each pinned
# release and architecture it downloads the packages a libc audit reads
# (libc6, libc6-dev, linux-libc-dev, manpages-dev; musl and musl-dev where
# packaged) with apt's own tools through a private apt configuration
# (scripts/debian-apt.sh: its own sources list, state and cache under the
# cache dir, the system's /etc/apt neither read for sources nor changed),
# and extracts each with `dpkg-deb -x` (no chroot, no maintainer scripts, no
# root beyond the downloads).
#
#   scripts/release-sysroot.sh [-c CACHE] [-r "RELEASES"] [-a "ARCHES"]
#
# CACHE (default $SYSCOV_RELEASE_CACHE, else ./release-sysroots) receives
#   CACHE/<arch>/debian<N>-glibc/   a glibc sysroot (root layout, merged /usr
#                                   where the release's packages are)
#   CACHE/<arch>/debian<N>-musl/    a musl sysroot: musl's include and lib dirs
#                                   (Debian's /usr/{include,lib}/<musl triplet>)
#                                   made the root's own, as on a musl system,
#                                   the release's linux-libc-dev beside them
#   .../MANIFEST                    the packages, versions and SHA256s
#   .../debian-patches/             the libc source package's debian/patches
#                                   (series, patches; SOURCE names the tarball),
#                                   where the mirror has that source
# (syscov labels their scans debian<N>-glibc-<ABI>, debian<N>-musl-<ABI>)
# and prints one line per sysroot: "<release> <N> <arch> <libc> <dir>".
# A sysroot whose MANIFEST exists is complete (it is written last) and is
# kept; the .debs stay in CACHE/debs/ for the next run. Releases are pinned by
# codename (RELEASES default "bullseye bookworm trixie": Debian 11, 12, 13),
# ARCHES are Debian architectures (default "amd64 arm64").
# Exit 0 when every sysroot is there; 3 when the mirror cannot be reached
# (the message says so, tests skip on it); 1 on any other failure, such as
# a sysroot missing a file an audit reads (libc.so.6, unistd.h, asm/unistd.h:
# a package half extracted), which is named.
set -eu

CACHE=${SYSCOV_RELEASE_CACHE:-./release-sysroots}
RELEASES="bullseye bookworm trixie"
ARCHES="amd64 arm64"
while getopts c:r:a: o; do
	case $o in
	c) CACHE=$OPTARG ;;
	r) RELEASES=$OPTARG ;;
	a) ARCHES=$OPTARG ;;
	*) echo "usage: $0 [-c CACHE] [-r RELEASES] [-a ARCHES]" >&2; exit 2 ;;
	esac
done
. "$(dirname "$0")/debian-apt.sh"
cache_lock

debian_version() {
	case $1 in
	bullseye) echo 11 ;; bookworm) echo 12 ;; trixie) echo 13 ;; forky) echo 14 ;;
	*) echo "$0: unknown release '$1' (known: bullseye bookworm trixie forky)" >&2; return 1 ;;
	esac
}

triplet() {
	case $1 in
	amd64) echo x86_64-linux-gnu ;; arm64) echo aarch64-linux-gnu ;;
	*) echo "$0: unknown Debian architecture '$1' (known: amd64 arm64)" >&2; return 1 ;;
	esac
}

# Extracts the packages into DIR (made afresh), then writes DIR/MANIFEST.
build() {
	dir=$1; shift
	[ -f "$dir/MANIFEST" ] && return 0
	rm -rf "$dir.tmp"
	mkdir -p "$dir.tmp"
	for f in "$@"; do
		dpkg-deb -x "$f" "$dir.tmp"
		printf '%s %s %s\n' "$(dpkg-deb -f "$f" Package)" "$(dpkg-deb -f "$f" Version)" \
			"$(sha256sum "$f" | cut -d' ' -f1)" >>"$dir.tmp/MANIFEST.part"
	done
	# musl's dirs as the root's; where a header is also linux-libc-dev's
	# (trixie's scsi/), musl's wins, as musl-gcc puts its dir first
	mt=$(find "$dir.tmp/usr/include" -maxdepth 1 -name '*-linux-musl*' | head -n1)
	if [ -n "$mt" ]; then
		mt=${mt##*/}
		for d in usr/include lib usr/lib; do
			[ -d "$dir.tmp/$d/$mt" ] || continue
			to=usr/lib
			[ "$d" = usr/include ] && to=usr/include
			cp -a "$dir.tmp/$d/$mt/." "$dir.tmp/$to/"
			rm -rf "$dir.tmp/$d/$mt"
		done
	fi
	# merged /usr, as every Debian 13 system is: its packages install into
	# usr/lib only, and its libc.so script names /lib/<triplet>/libc.so.6
	for x in lib lib64 bin sbin; do
		if [ -d "$dir.tmp/usr/$x" ] && [ ! -e "$dir.tmp/$x" ]; then
			ln -s "usr/$x" "$dir.tmp/$x"
		fi
	done
	mv "$dir.tmp/MANIFEST.part" "$dir.tmp/MANIFEST"
	rm -rf "$dir"
	mv "$dir.tmp" "$dir"
}

# check DIR LIBC TRIPLET: a sysroot missing what an audit reads (a package
# half extracted, a file removed since) is refused, naming the file.
check() {
	case $2 in
	glibc) files="lib/$3/libc.so.6:libc6 usr/include/unistd.h:libc6-dev" ;;
	*) files="usr/lib/libc.so:musl usr/include/unistd.h:musl-dev" ;;
	esac
	files="$files usr/include/$3/asm/unistd.h:linux-libc-dev"
	for x in $files; do
		if [ ! -e "$1/${x%%:*}" ]; then
			echo "$0: $1: half extracted: no ${x%%:*} (package ${x#*:}); remove the dir to build it again" >&2
			exit 1
		fi
	done
}

# patches DIR RELEASE: the distribution's patches of the source package of
# DIR's libc (the first package of its MANIFEST), as its source package has
# them (debian/patches: series and patches), into DIR/debian-patches, so that
# `syscov timeline` can tell a wrapper Debian added from upstream's. Only the
# source's .debian.tar is fetched, through apt's own downloader, with the
# hash the mirror's Sources index gives. Where the mirror has no such source
# the dir is not made, and the timeline says it could not check.
patches() {
	dir=$1 rel=$2
	[ -d "$dir/debian-patches" ] && return 0
	set -- $(head -n1 "$dir/MANIFEST")
	deb=$(ls "$CACHE/debs/$rel/$1_$(echo "$2" | sed 's/^[0-9]*://')_"*.deb | head -n1)
	src=$(dpkg-deb -f "$deb" Source)
	sver=$(echo "$src" | sed -n 's/.*(\(.*\))/\1/p')
	src=${src%% *}
	src=${src:-$1} sver=${sver:-$2}
	f=$(fetch_source "$rel" "$src=$sver" "\.debian\.tar\.") || {
		echo "$0: $rel: the patches of $src $sver are not checked" >&2
		return 0
	}
	rm -rf "$dir/debian-patches.tmp"
	mkdir -p "$dir/debian-patches.tmp"
	tar -xf "$f" -C "$dir/debian-patches.tmp" debian/patches 2>/dev/null || true
	if [ -d "$dir/debian-patches.tmp/debian/patches" ]; then
		mv "$dir/debian-patches.tmp/debian/patches" "$dir/debian-patches"
	else
		mkdir "$dir/debian-patches" # a source without patches
	fi
	echo "${f##*/}" >"$dir/debian-patches/SOURCE"
	rm -rf "$dir/debian-patches.tmp"
}

# sysroot DIR RELEASE ARCH PACKAGE...: fetches the packages, builds DIR.
sysroot() {
	dir=$1 rel=$2 arch=$3
	shift 3
	debs=""
	for p in "$@"; do
		f=$(fetch "$rel" "$p:$arch") || exit $?
		debs="$debs $f"
	done
	# shellcheck disable=SC2086 # .deb names have no blanks
	build "$dir" $debs
}

for rel in $RELEASES; do
	dv=$(debian_version "$rel")
	for arch in $ARCHES; do
		t=$(triplet "$arch")
		g=$CACHE/$arch/debian$dv-glibc m=$CACHE/$arch/debian$dv-musl
		if [ -f "$g/MANIFEST" ] && { [ -f "$m/MANIFEST" ] || [ -f "$m.none" ]; }; then
			if [ ! -d "$g/debian-patches" ] || { [ ! -f "$m.none" ] && [ ! -d "$m/debian-patches" ]; }; then
				apt_setup "$rel"
				patches "$g" "$rel"
				[ -f "$m.none" ] || patches "$m" "$rel"
			fi
			check "$g" glibc "$t"
			echo "$rel $dv $arch glibc $g"
			[ -f "$m.none" ] || { check "$m" musl "$t" && echo "$rel $dv $arch musl $m"; }
			continue
		fi
		apt_setup "$rel"
		# glibc: the packages a cross sysroot holds, as the release ships them
		sysroot "$g" "$rel" "$arch" libc6 libc6-dev linux-libc-dev manpages-dev
		patches "$g" "$rel"
		check "$g" glibc "$t"
		echo "$rel $dv $arch glibc $g"
		# musl: Debian installs it beside glibc (/usr/include/<musl
		# triplet>, /usr/lib/<musl triplet>); build() moves it to the root's
		# own dirs, so that the sysroot is a root layout of its own
		if apt_do apt-cache "$rel" show "musl-dev:$arch" >/dev/null 2>&1; then
			sysroot "$m" "$rel" "$arch" musl musl-dev linux-libc-dev manpages-dev
			patches "$m" "$rel"
			check "$m" musl "$t"
			echo "$rel $dv $arch musl $m"
		else
			: >"$m.none"
		fi
	done
done
