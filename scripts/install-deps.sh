#!/bin/sh
# Installs every Debian 12 package syscov needs to build, test and audit:
# the libraries it links, the cross sysroots/compilers and qemu the tests use
# as independent oracles, and the real inputs (musl, dietlibc, klibc, kernel tree).
set -eu
export DEBIAN_FRONTEND=noninteractive
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get update -q
ARCHES="x32 arm64 armhf riscv64 ppc64el s390x mips64el mipsel i386 powerpc ppc64 mipsn32el sparc64 m68k hppa sh4"
TRIPLETS="x86-64-linux-gnux32 aarch64-linux-gnu arm-linux-gnueabihf riscv64-linux-gnu powerpc64le-linux-gnu s390x-linux-gnu mips64el-linux-gnuabi64 mipsel-linux-gnu i686-linux-gnu powerpc-linux-gnu powerpc64-linux-gnu sparc64-linux-gnu m68k-linux-gnu hppa-linux-gnu sh4-linux-gnu alpha-linux-gnu"
# n32 binaries come from the n64 compiler's multilib; Debian 12 has no alpha libc.
TRIPLETS_EXTRA="gcc-multilib-mips64el-linux-gnuabi64"
pkgs="build-essential cmake pkg-config clang-14 llvm-14-dev libclang-14-dev libclang-rt-14-dev
libelf-dev libcapstone-dev libsqlite3-dev sqlite3 zlib1g-dev liblzma-dev
manpages manpages-dev linux-libc-dev
musl-dev musl-tools dietlibc-dev libklibc-dev linux-source-6.1
qemu-user strace valgrind jq xz-utils file binutils time python3
bash-completion man-db bsdutils"
for a in $ARCHES; do pkgs="$pkgs libc6-dev-$a-cross"; done
for t in $TRIPLETS; do pkgs="$pkgs gcc-$t"; done
pkgs="$pkgs $TRIPLETS_EXTRA"
[ "${SYSCOV_WITH_BROWSER:-1}" = 1 ] && pkgs="$pkgs chromium"
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $pkgs
