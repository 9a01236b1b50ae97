# This file contains the Debian mirror access that scripts/release-sysroot.sh
# and scripts/debian-fetch.sh share (sourced, POSIX sh): apt's own tools
# through a private apt configuration under CACHE/apt/<release> (its own
# sources list, state and cache: the system's /etc/apt is neither read for
# sources nor changed), downloads kept in CACHE for the next run, one run at
# a time per cache. The sourcing script sets CACHE and ARCHES (Debian
# architectures); MIRROR defaults to $SYSCOV_DEBIAN_MIRROR, else
# deb.debian.org. An unreachable mirror exits 3 (tests skip on it).

MIRROR=${SYSCOV_DEBIAN_MIRROR:-http://deb.debian.org/debian}

# cache_lock: makes CACHE, its path absolute, then waits for its lock
# (tests running at once share the build dir's cache)
cache_lock() {
	mkdir -p "$CACHE"
	CACHE=$(cd "$CACHE" && pwd)
	exec 9>"$CACHE/.lock"
	flock 9
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
	# Architecture: all packages (manpages-dev, trixie's linux-libc-dev) are
	# one file; apt names a file's epoch 1%3a (libcap-dev 1:2.66)
	ver=$(echo "$ver" | sed 's/:/%3a/')
	f=$(ls "$d/${name}_${ver}_"*.deb 2>/dev/null |
		grep -e "_${arch}.deb\$" -e '_all.deb$' | head -n1 || true)
	if [ -z "$f" ]; then
		(cd "$d" && apt_do apt-get "$rel" download "$pkg" >/dev/null 2>"$d/download.log") || {
			cat "$d/download.log" >&2
			echo "$0: cannot download $pkg of $rel from $MIRROR" >&2
			exit 3
		}
		f=$(ls "$d/${name}_${ver}_"*.deb |
			grep -e "_${arch}.deb\$" -e '_all.deb$' | head -n1)
	fi
	echo "$f"
}

# fetch_source RELEASE SRC[=VERSION] PATTERN: downloads the one file of the
# source package whose name matches PATTERN (grep -e: "\.orig\.tar\.",
# "\.debian\.tar\.") into CACHE/src/RELEASE (kept), through apt's own
# downloader with the hash the mirror's Sources index gives; prints the path.
# Returns 1 (with a message) when the release has no such source or file, 2
# when the download fails.
fetch_source() {
	rel=$1 src=$2 pat=$3
	uri=$(apt_do apt-get "$rel" source --print-uris --only-source "$src" \
		2>/dev/null | grep -e "$pat" | head -n1) || true
	if [ -z "$uri" ]; then
		echo "$0: $rel: no source $src with a file matching $pat" >&2
		return 1
	fi
	set -- $uri
	d=$CACHE/src/$rel
	mkdir -p "$d"
	if [ ! -f "$d/$2" ] && ! /usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file \
		"$(echo "$1" | tr -d "'")" "$d/$2.part" "$4" >"$d/download.log" 2>&1; then
		cat "$d/download.log" >&2
		rm -f "$d/$2.part"
		echo "$0: $rel: cannot download $2 from $MIRROR" >&2
		return 2
	fi
	[ -f "$d/$2" ] || mv "$d/$2.part" "$d/$2"
	echo "$d/$2"
}
