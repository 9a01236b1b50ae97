#!/bin/sh
# Installs every Debian 12 package syscov needs to build, test and audit:
# the libraries it links, the cross sysroots/compilers and qemu the tests use
# as independent oracles, and the real inputs (musl, dietlibc, klibc, kernel tree).
set -eu
export DEBIAN_FRONTEND=noninteractive
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get update -q
# n32 binaries come from the n64 compiler's multilib (Debian has no n32 compiler).
TRIPLETS_EXTRA="gcc-multilib-mips64el-linux-gnuabi64"
pkgs="build-essential cmake pkg-config clang-14 llvm-14-dev libclang-14-dev libclang-rt-14-dev
libelf-dev libcapstone-dev libsqlite3-dev sqlite3 zlib1g-dev liblzma-dev libarchive-dev libacl1-dev libzstd-dev liblz4-dev
manpages manpages-dev linux-libc-dev
musl-dev musl-tools dietlibc-dev libklibc-dev linux-source-6.1
qemu-user strace valgrind jq xz-utils file binutils time python3 golang-go
bash-completion man-db bsdutils"
# every ABI of the registry (arch/<abi>.c: .debian_arch, .gnu_triplet) but
# the host's: its cross libc and compiler, where this release has them
top=$(cd "$(dirname "$0")/.." && pwd)
host=$(dpkg --print-architecture)
candidate() { apt-cache policy "$1" 2>/dev/null | grep -q 'Candidate: [0-9]'; }
for f in "$top"/arch/*.c; do
	a=$(sed -n 's/^[[:space:]]*\.debian_arch = "\([^"]*\)",.*/\1/p' "$f")
	t=$(sed -n 's/^[[:space:]]*\.gnu_triplet = "\([^"]*\)",.*/\1/p' "$f" | tr _ -)
	[ -n "$a" ] && [ "$a" != "$host" ] || continue
	for p in "libc6-dev-$a-cross" "gcc-$t"; do
		if candidate "$p"; then pkgs="$pkgs $p"; fi
	done
done
pkgs="$pkgs $TRIPLETS_EXTRA"
[ "${SYSCOV_WITH_BROWSER:-1}" = 1 ] && pkgs="$pkgs chromium"
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $pkgs
# Capstone 5 (the riscv64 and sh4 decoders) from Debian 13's source package,
# built once into /opt/syscov-capstone, which CMake prefers; a rerun keeps
# it. Without the mirror, syscov builds with the Capstone 4 installed above.
rc=0
$SUDO "$top/scripts/build-capstone5.sh" || rc=$?
[ $rc = 0 ] || echo "$0: Capstone 5 not built (exit $rc): syscov uses Capstone 4.0, which does not decode riscv64 and sh4" >&2
