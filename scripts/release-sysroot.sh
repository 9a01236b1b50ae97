#!/bin/sh
# This file contains the builder of Debian release sysroots: for each pinned
# release and architecture it downloads the packages a libc audit reads
# (libc6, libc6-dev, linux-libc-dev, manpages-dev; musl and musl-dev where
# packaged) with apt's own tools through a private apt configuration (its own
# sources list, state and cache under the cache dir: the system's /etc/apt is
# neither read for sources nor changed), and extracts each with `dpkg-deb -x`
# (no chroot, no maintainer scripts, no root beyond the downloads).
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

MIRROR=${SYSCOV_DEBIAN_MIRROR:-http://deb.debian.org/debian}
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
mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd)
# one run at a time per cache: tests running at once share the build dir's
exec 9>"$CACHE/.lock"
flock 9

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

# apt with everything under CACHE/apt/<release>: the keys are the system's
# Debian archive keyring (debian-archive-keyring), nothing else of /etc/apt.
# The package caches are named outright: Debian's docker images turn them
# off in apt.conf.d, and each query would then parse the indexes again (~2 s).
apt_do() {
	tool=$1 rel=$2; shift 2
	a=$CACHE/apt/$rel
	archopts=""
	for x in $ARCHES; do archopts="$archopts -o APT::Architectures::=$x"; done
	# shellcheck disable=SC2086
	"$tool" -q -o Dir::Etc::SourceList="$a/sources.list" -o Dir::Etc::SourceParts="$a/parts" \
		-o Dir::Etc::Preferences="$a/preferences" -o Dir::Etc::PreferencesParts="$a/parts" \
		-o Dir::State="$a/state" -o Dir::Cache="$a/cache" -o Dir::State::status="$a/status" \
		-o Dir::Cache::pkgcache="$a/cache/pkgcache.bin" \
		-o Dir::Cache::srcpkgcache="$a/cache/srcpkgcache.bin" \
		-o APT::Architecture=amd64 $archopts \
		-o Acquire::Languages=none -o Acquire::Retries=2 -o Acquire::http::Timeout=20 \
		-o Debug::NoLocking=1 "$@"
}

apt_setup() {
	rel=$1
	a=$CACHE/apt/$rel
	mkdir -p "$a/parts" "$a/state/lists/partial" "$a/cache/archives/partial"
	: >"$a/status"
	: >"$a/preferences"
	{
		echo "deb [arch=$(echo "$ARCHES" | tr ' ' ,)] $MIRROR $rel main"
		echo "deb-src $MIRROR $rel main"
	} >"$a/sources.list"
	# an index older than a day is fetched again (a point release moves
	# versions), and so are the indexes when one of the architectures asked
	# for has none (a run for amd64 alone fetched only amd64's)
	stale=0
	for x in binary-$(echo "$ARCHES" | sed 's/ / binary-/g') source; do
		[ -n "$(find "$a/state/lists" -name "*${x}_*" -mmin -1440 2>/dev/null |
			head -n1)" ] || stale=1
	done
	if [ $stale = 1 ]; then
		if ! apt_do apt-get "$rel" update >"$a/update.log" 2>&1 ||
			grep -q '^\(Err\|W: Failed\)' "$a/update.log"; then
			cat "$a/update.log" >&2
			echo "$0: the Debian mirror $MIRROR cannot be reached for $rel" >&2
			exit 3
		fi
	fi
}

# Downloads PKG:ARCH of RELEASE into CACHE/debs/RELEASE (kept); prints the path.
fetch() {
	rel=$1 pkg=$2
	d=$CACHE/debs/$rel
	mkdir -p "$d"
	name=${pkg%%:*}
	arch=${pkg#*:}
	ver=$(apt_do apt-cache "$rel" show "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | head -n1)
	if [ -z "$ver" ]; then # Architecture: all
		pkg=$name
		ver=$(apt_do apt-cache "$rel" show "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | head -n1)
	fi
	[ -n "$ver" ] || { echo "$0: $rel has no package $name for $arch" >&2; return 1; }
	# Architecture: all packages (manpages-dev, trixie's linux-libc-dev) are one file
	f=$(ls "$d/${name}_$(echo "$ver" | sed 's/^[0-9]*://')_"*.deb 2>/dev/null |
		grep -e "_${arch}.deb\$" -e '_all.deb$' | head -n1 || true)
	if [ -z "$f" ]; then
		(cd "$d" && apt_do apt-get "$rel" download "$pkg" >/dev/null 2>"$d/download.log") || {
			cat "$d/download.log" >&2
			echo "$0: cannot download $pkg of $rel from $MIRROR" >&2
			exit 3
		}
		f=$(ls "$d/${name}_$(echo "$ver" | sed 's/^[0-9]*://')_"*.deb |
			grep -e "_${arch}.deb\$" -e '_all.deb$' | head -n1)
	fi
	echo "$f"
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
	uri=$(apt_do apt-get "$rel" source --print-uris --only-source "$src=$sver" \
		2>/dev/null | grep "\.debian\.tar\." | head -n1) || true
	if [ -z "$uri" ]; then
		echo "$0: $rel: no source of $src $sver: its patches are not checked" >&2
		return 0
	fi
	set -- $uri
	d=$CACHE/src/$rel
	mkdir -p "$d"
	if [ ! -f "$d/$2" ] && ! /usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file \
		"$(echo "$1" | tr -d "'")" "$d/$2" "$4" >"$d/download.log" 2>&1; then
		cat "$d/download.log" >&2
		echo "$0: $rel: cannot download $2: the patches of $src $sver are not checked" >&2
		return 0
	fi
	rm -rf "$dir/debian-patches.tmp"
	mkdir -p "$dir/debian-patches.tmp"
	tar -xf "$d/$2" -C "$dir/debian-patches.tmp" debian/patches 2>/dev/null || true
	if [ -d "$dir/debian-patches.tmp/debian/patches" ]; then
		mv "$dir/debian-patches.tmp/debian/patches" "$dir/debian-patches"
	else
		mkdir "$dir/debian-patches" # a source without patches
	fi
	echo "$2" >"$dir/debian-patches/SOURCE"
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
