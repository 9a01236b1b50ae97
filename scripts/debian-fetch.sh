#!/bin/sh
# This file contains the fetcher of single Debian packages for tests that
# build real code against syscov's output (tests/gen/clients.sh): source
# packages' upstream tarballs and binary packages of one release, through
# the private apt configuration release-sysroot.sh uses (scripts/debian-apt.sh),
# kept in the cache; nothing is installed or extracted.
#
#   scripts/debian-fetch.sh [-c CACHE] [-r RELEASE] [-a "ARCHES"] [-s "SRC..."] [-b "PKG..."]
#
# CACHE defaults to $SYSCOV_RELEASE_CACHE, else ./release-sysroots; RELEASE
# to bookworm (Debian 12); ARCHES (Debian architectures) to amd64. Prints
#   src NAME PATH         the .orig tarball of each source package SRC
#   deb NAME ARCH PATH    the .deb of each binary package PKG, for each arch
# Exit 0 when all are there; 3 when the mirror cannot be reached (tests skip
# on it); 1 when the release has no such package.
set -eu

CACHE=${SYSCOV_RELEASE_CACHE:-./release-sysroots}
REL=bookworm
ARCHES=amd64
SRCS=""
PKGS=""
while getopts c:r:a:s:b: o; do
	case $o in
	c) CACHE=$OPTARG ;;
	r) REL=$OPTARG ;;
	a) ARCHES=$OPTARG ;;
	s) SRCS=$OPTARG ;;
	b) PKGS=$OPTARG ;;
	*) echo "usage: $0 [-c CACHE] [-r RELEASE] [-a ARCHES] [-s SRCS] [-b PKGS]" >&2; exit 2 ;;
	esac
done
. "$(dirname "$0")/debian-apt.sh"
cache_lock
apt_setup "$REL"

for s in $SRCS; do
	rc=0
	f=$(fetch_source "$REL" "$s" '\.orig\.tar\.') || rc=$?
	[ $rc = 0 ] || exit $((rc == 2 ? 3 : 1))
	echo "src $s $f"
done
for p in $PKGS; do
	for a in $ARCHES; do
		f=$(fetch "$REL" "$p:$a") || exit $?
		echo "deb $p $a $f"
	done
done
