#!/bin/sh
# This file contains the build of Capstone 5 for syscov's machine-code pass:
# Debian 12 ships Capstone 4.0, which has no RISC-V or SuperH decoder, so
# riscv64 and sh4 libcs would not be read. The source package of Debian 13
# (capstone 5.0.x) is fetched with apt's own tools through a private apt
# configuration (a deb-src entry in a sources list, state and cache of its
# own under the build dir, as scripts/release-sysroot.sh does for binaries;
# the system's /etc/apt is neither read for sources nor changed), unpacked
# with Debian's patches (dpkg-source), and built as a static library with
# the ISAs syscov decodes, installed into a fixed dir that CMake prefers
# to the system's Capstone (SYSCOV_CAPSTONE_DIR in CMakeLists.txt).
#
# Usage: scripts/build-capstone5.sh [DIR]   (default $SYSCOV_CAPSTONE_DIR,
#        else /opt/syscov-capstone)
# A rerun with DIR/lib/libcapstone.a in place does nothing. Exit 0 when
# built or kept, 3 when the mirror cannot be reached (syscov then builds
# with the system's Capstone 4), 1 on a build failure.
set -eu
dir=${1:-${SYSCOV_CAPSTONE_DIR:-/opt/syscov-capstone}}
mirror=${SYSCOV_DEBIAN_MIRROR:-http://deb.debian.org/debian}
rel=trixie
if [ -f "$dir/lib/libcapstone.a" ] && [ -f "$dir/VERSION" ]; then
	echo "Capstone $(cat "$dir/VERSION") in $dir (kept)"
	exit 0
fi
a=$dir/apt
mkdir -p "$a/parts" "$a/state/lists/partial" "$a/cache/archives/partial"
: >"$a/status"
: >"$a/preferences"
echo "deb-src $mirror $rel main" >"$a/sources.list"
apt_do() {
	tool=$1
	shift
	"$tool" -q -o Dir::Etc::SourceList="$a/sources.list" -o Dir::Etc::SourceParts="$a/parts" \
		-o Dir::Etc::Preferences="$a/preferences" -o Dir::Etc::PreferencesParts="$a/parts" \
		-o Dir::State="$a/state" -o Dir::Cache="$a/cache" -o Dir::State::status="$a/status" \
		-o Dir::Cache::pkgcache="$a/cache/pkgcache.bin" \
		-o Dir::Cache::srcpkgcache="$a/cache/srcpkgcache.bin" \
		-o Acquire::Languages=none -o Acquire::Retries=2 -o Acquire::http::Timeout=20 \
		-o APT::Sandbox::User=root -o Debug::NoLocking=1 "$@"
}
if ! apt_do apt-get update >"$a/update.log" 2>&1 || grep -q '^\(Err\|W: Failed\)' "$a/update.log"; then
	cat "$a/update.log" >&2
	echo "$0: the Debian mirror $mirror cannot be reached for $rel's sources: Capstone 5 not built" >&2
	exit 3
fi
rm -rf "$dir/src" "$dir/build"
mkdir -p "$dir/src"
(cd "$dir/src" && apt_do apt-get source capstone >"$dir/src/source.log" 2>&1) || {
	cat "$dir/src/source.log" >&2
	echo "$0: apt-get source capstone ($rel) failed" >&2
	exit 1
}
src=$(find "$dir/src" -mindepth 1 -maxdepth 1 -type d -name 'capstone-*' | head -n1)
ver=${src##*/capstone-}
# the ISAs of arch/isa_*.c; position-independent, so that it links into
# syscov_core's users alike
cmake -S "$src" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$dir" \
	-DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DBUILD_SHARED_LIBS=OFF \
	-DCAPSTONE_BUILD_SHARED=OFF -DCAPSTONE_BUILD_STATIC=ON \
	-DCAPSTONE_BUILD_TESTS=OFF -DCAPSTONE_BUILD_CSTOOL=OFF -DCAPSTONE_INSTALL=ON \
	-DCAPSTONE_ARCHITECTURE_DEFAULT=OFF -DCAPSTONE_X86_SUPPORT=ON -DCAPSTONE_ARM_SUPPORT=ON \
	-DCAPSTONE_ARM64_SUPPORT=ON -DCAPSTONE_MIPS_SUPPORT=ON -DCAPSTONE_PPC_SUPPORT=ON \
	-DCAPSTONE_SYSZ_SUPPORT=ON -DCAPSTONE_SPARC_SUPPORT=ON -DCAPSTONE_M68K_SUPPORT=ON \
	-DCAPSTONE_RISCV_SUPPORT=ON -DCAPSTONE_SH_SUPPORT=ON >"$dir/src/cmake.log" 2>&1 || {
	cat "$dir/src/cmake.log" >&2
	exit 1
}
cmake --build "$dir/build" -j"$(nproc)" >"$dir/src/build.log" 2>&1 && cmake --install "$dir/build" >/dev/null || {
	tail -n 30 "$dir/src/build.log" >&2
	exit 1
}
echo "$ver" >"$dir/VERSION"
rm -rf "$dir/build" "$src"
echo "Capstone $ver built into $dir"
