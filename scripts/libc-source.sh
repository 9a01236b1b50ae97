#!/bin/sh
# This file contains the fetcher of a libc's upstream source tree as a Debian
# release ships it: the source package's .orig tarball (upstream's tree,
# without Debian's patches), found through a private apt configuration (its
# own deb-src list, state and cache under the cache dir: the system's
# /etc/apt is neither read for sources nor changed) and downloaded with apt's
# own downloader, checked against the hash of the mirror's Sources index.
#
#   scripts/libc-source.sh [-c CACHE] RELEASE SOURCE
#
# e.g. `libc-source.sh bookworm glibc` (2.36), `libc-source.sh trixie glibc`
# (2.41), `libc-source.sh bookworm musl` (1.2.3). CACHE (default
# $SYSCOV_SOURCE_CACHE, else ./libc-sources) receives the tarball and
# CACHE/<release>/<source>-<version>/, the unpacked tree, whose path is
# printed. A tree whose .complete marker exists is kept. Exit 0 with the
# tree; 3 when the mirror cannot be reached (the message says so, tests skip
# on it); 1 on any other failure.
set -eu

MIRROR=${SYSCOV_DEBIAN_MIRROR:-http://deb.debian.org/debian}
CACHE=${SYSCOV_SOURCE_CACHE:-./libc-sources}
while getopts c: o; do
	case $o in
	c) CACHE=$OPTARG ;;
	*) echo "usage: $0 [-c CACHE] RELEASE SOURCE" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 2 ] || { echo "usage: $0 [-c CACHE] RELEASE SOURCE" >&2; exit 2; }
rel=$1 src=$2
mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd)
exec 9>"$CACHE/.lock"
flock 9

a=$CACHE/apt/$rel
apt_do() {
	tool=$1; shift
	"$tool" -q -o Dir::Etc::SourceList="$a/sources.list" -o Dir::Etc::SourceParts="$a/parts" \
		-o Dir::Etc::Preferences="$a/preferences" -o Dir::Etc::PreferencesParts="$a/parts" \
		-o Dir::State="$a/state" -o Dir::Cache="$a/cache" -o Dir::State::status="$a/status" \
		-o Dir::Cache::pkgcache="$a/cache/pkgcache.bin" \
		-o Dir::Cache::srcpkgcache="$a/cache/srcpkgcache.bin" \
		-o Acquire::Languages=none -o Acquire::Retries=2 -o Acquire::http::Timeout=20 \
		-o Debug::NoLocking=1 "$@"
}

done_dir=$(ls -d "$CACHE/$rel/$src"-*/ 2>/dev/null | head -n1 || true)
if [ -n "$done_dir" ] && [ -f "${done_dir%/}.complete" ]; then
	echo "${done_dir%/}"
	exit 0
fi

mkdir -p "$a/parts" "$a/state/lists/partial" "$a/cache/archives/partial"
: >"$a/status"
: >"$a/preferences"
echo "deb-src $MIRROR $rel main" >"$a/sources.list"
if [ -z "$(find "$a/state/lists" -name '*Sources*' -mmin -1440 2>/dev/null | head -n1)" ]; then
	if ! apt_do apt-get update >"$a/update.log" 2>&1 ||
		grep -q '^\(Err\|W: Failed\)' "$a/update.log"; then
		cat "$a/update.log" >&2
		echo "$0: the Debian mirror $MIRROR cannot be reached for $rel" >&2
		exit 3
	fi
fi
uri=$(apt_do apt-get source --print-uris --only-source "$src" 2>/dev/null |
	grep "\.orig\.tar\." | head -n1) || true
[ -n "$uri" ] || { echo "$0: $rel has no source package $src" >&2; exit 1; }
set -- $uri
file=$2
d=$CACHE/$rel
mkdir -p "$d"
if [ ! -f "$d/$file" ]; then
	if ! /usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file \
		"$(echo "$1" | tr -d "'")" "$d/$file.part" "$4" >"$d/download.log" 2>&1; then
		cat "$d/download.log" >&2
		echo "$0: cannot download $file from $MIRROR" >&2
		exit 3
	fi
	mv "$d/$file.part" "$d/$file"
fi
# upstream's top dir (glibc-2.36/, musl-1.2.3/) names the tree
top=$(tar -tf "$d/$file" | head -n1 | cut -d/ -f1)
rm -rf "${d:?}/$top"
tar -xf "$d/$file" -C "$d"
: >"$d/$top.complete"
echo "$d/$top"
