#!/bin/sh
# run.sh EMIT: proves the trap primitives by running them.
#
# For every ABI whose descriptor has a trap (EMIT list), in registry order:
#   0. the primitives are compiled as written in arch/trap_*.h: the header
#      the tests include (EMIT direct) includes those files where a
#      generated header holds their text (tests/trap/text.sh checks that the
#      text is the same), and trap_test.c includes arch/trap_common.h;
#   1. compile tests/trap/trap_test.c with the ABI's cross gcc, -std=c11
#      -Wall -Wextra -Werror -pedantic -static, at -O0 and -O2 (register
#      allocation, frame pointers and PIC registers differ between them),
#      and once more as -O1 -fPIC object code;
#   2. run both binaries (2 minutes at most each) under qemu-<arch>
#      (natively for the host ABI, and for ABIs without a qemu-user port if
#      the kernel runs them); the test compares each primitive with libc's
#      syscall();
#   3. syntax-check the same file with clang --target (C11) and the emitted
#      header as C++17 with clang++ (tests/trap/use.c), where clang has a
#      backend for the target.
# A cross compiler without a libc (alpha in Debian 12) compiles use.c
# freestanding instead: "compiled only".
# Prints one status line per ABI and a summary: which ABIs ran, which were
# compiled only, which were skipped and why. Fails on any compile or run
# failure; ABIs without a toolchain are skipped, not failed. Set
# TRAP_MIN_RUN to require that many ABIs to have run.
set -u
EMIT=$1
HERE=$(cd "$(dirname "$0")" && pwd)
ARCH=$(cd "$HERE/../../arch" && pwd)
TMP=$(mktemp -d /tmp/syscov-trap.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
CLANG=$(command -v clang-14 || command -v clang || true)
CLANGXX=$(command -v clang++-14 || command -v clang++ || true)
CFLAGS="-std=c11 -Wall -Wextra -Werror -pedantic -I$ARCH"

"$EMIT" direct "$ARCH" >"$TMP/trap_all.h" || { echo "emit direct failed"; exit 1; }

# Compiler for an ABI when it is not <gnu triplet>-gcc: n32 comes from the
# n64 cross compiler's multilib (gcc-multilib-mips64el-linux-gnuabi64).
cc_for() {
	case $1 in
	mipsn32) echo "mips64el-linux-gnuabi64-gcc -mabi=n32" ;;
	*) echo "$2-gcc" ;;
	esac
}

# Headers for clang: the Debian cross sysroot of the ABI.
sysroot_for() {
	case $1 in
	mipsn32) echo /usr/mips64el-linux-gnuabin32 ;;
	*) echo "/usr/$2" ;;
	esac
}

host=$(uname -m)
ran="" compiled="" skipped="" failed=""
nran=0
while read -r abi triplet ctriple qemu multiarch file; do
	cc=$(cc_for "$abi" "$triplet")
	set -- $cc
	if ! command -v "$1" >/dev/null 2>&1; then
		echo "== $abi: skipped (no cross compiler $1)"
		skipped="$skipped $abi(no $1)"
		continue
	fi
	bad="" notes=""
	# clang: syntax only, C11 on trap_test.c and C++17 on use.c, where
	# this clang has a backend for the target.
	if [ -n "$CLANG" ] && $CLANG --target="$ctriple" -fsyntax-only -x c /dev/null 2>/dev/null; then
		sr=$(sysroot_for "$abi" "$triplet")
		src="$HERE/trap_test.c"
		[ -d "$sr/include" ] || src="$HERE/use.c"
		if ! $CLANG --target="$ctriple" $CFLAGS -fsyntax-only -isystem "$sr/include" \
			-I"$TMP" "$src" >"$TMP/$abi-clang.log" 2>&1; then
			echo "== $abi: FAILED clang --target=$ctriple:"; cat "$TMP/$abi-clang.log"
			bad="$bad clang"
		fi
		if ! $CLANGXX --target="$ctriple" -x c++ -std=c++17 -Wall -Wextra -Werror -pedantic \
			-fsyntax-only -I"$TMP" "$HERE/use.c" >"$TMP/$abi-cxx.log" 2>&1; then
			echo "== $abi: FAILED clang++ --target=$ctriple:"; cat "$TMP/$abi-cxx.log"
			bad="$bad c++"
		fi
	else
		notes="$notes; clang has no $ctriple backend"
	fi
	# Without a libc for the target only the primitives can be compiled.
	if [ "$($cc -print-file-name=libc.a)" = libc.a ]; then
		for opt in -O0 -O2; do
			if ! $cc $CFLAGS -ffreestanding $opt -c -I"$TMP" "$HERE/use.c" \
				-o "$TMP/$abi$opt.o" >"$TMP/$abi$opt.log" 2>&1; then
				echo "== $abi: FAILED to compile use.c at $opt:"; cat "$TMP/$abi$opt.log"
				bad="$bad compile$opt"
			fi
		done
		if [ -z "$bad" ]; then
			echo "== $abi: compiled only (no libc for $triplet to build the test with$notes)"
			compiled="$compiled $abi"
			continue
		fi
	fi
	[ -n "$bad" ] || for opt in -O0 -O2; do
		if ! $cc $CFLAGS -static $opt -I"$TMP" "$HERE/trap_test.c" -o "$TMP/$abi$opt" \
			>"$TMP/$abi$opt.log" 2>&1; then
			echo "== $abi: FAILED to compile at $opt:"; cat "$TMP/$abi$opt.log"
			bad="$bad compile$opt"
		fi
	done
	if ! $cc $CFLAGS -O1 -fPIC -c -I"$TMP" "$HERE/trap_test.c" -o "$TMP/$abi-pic.o" \
		>"$TMP/$abi-pic.log" 2>&1; then
		echo "== $abi: FAILED to compile with -fPIC:"; cat "$TMP/$abi-pic.log"
		bad="$bad compile-fPIC"
	fi
	if [ -n "$bad" ]; then
		failed="$failed $abi($bad)"
		continue
	fi
	# How to run it: natively for the host ABI, else qemu-user; an ABI
	# without a qemu port runs natively if the kernel has it (x32). A qemu
	# that cannot run a libc hello world of the target (qemu-sh4 7.2 with
	# Debian 12's sh4 glibc hangs) proves nothing either way.
	printf '#include <stdio.h>\nint main(void) { return puts("hello") < 0; }\n' >"$TMP/hello.c"
	if [ "$abi" = "$host" ]; then
		runner="" how=native
	elif [ "$qemu" != - ] && command -v "qemu-$qemu" >/dev/null 2>&1; then
		runner="qemu-$qemu" how="qemu-$qemu"
		if ! $cc -static "$TMP/hello.c" -o "$TMP/$abi-hello" 2>/dev/null ||
			[ "$(timeout 20 "$runner" "$TMP/$abi-hello" 2>/dev/null)" != hello ]; then
			echo "== $abi: compiled only ($runner cannot run a static hello world of $triplet$notes)"
			compiled="$compiled $abi"
			continue
		fi
	elif [ "$qemu" = - ] && timeout 120 "$TMP/$abi-O0" >/dev/null 2>&1; then
		runner="" how="native kernel"
	else
		if [ "$qemu" = - ]; then
			why="no qemu-user port and this kernel does not run $abi binaries"
		else
			why="qemu-$qemu not installed"
		fi
		echo "== $abi: compiled only ($why$notes)"
		compiled="$compiled $abi"
		continue
	fi
	for opt in -O0 -O2; do
		timeout 120 $runner "$TMP/$abi$opt" >"$TMP/$abi$opt.out" 2>&1
		rc=$?
		if [ $rc != 0 ] || ! grep -q "^abi $abi: " "$TMP/$abi$opt.out"; then
			echo "== $abi: FAILED at $opt under $how (exit $rc):"; cat "$TMP/$abi$opt.out"
			bad="$bad run$opt"
		fi
	done
	if [ -n "$bad" ]; then
		failed="$failed $abi($bad)"
		continue
	fi
	echo "== $abi: ran under $how: $(tail -n 1 "$TMP/$abi-O2.out") (arch/$file)$notes"
	grep '^skip' "$TMP/$abi-O2.out" | sed 's/^/   /'
	ran="$ran $abi"
	nran=$((nran + 1))
done <<EOF
$("$EMIT" list)
EOF

echo "ran ($nran):${ran:- none}"
echo "compiled only:${compiled:- none}"
echo "skipped:${skipped:- none}"
echo "failed:${failed:- none}"
[ -z "$failed" ] || exit 1
if [ "$nran" -lt "${TRAP_MIN_RUN:-0}" ]; then
	echo "only $nran ABIs ran, TRAP_MIN_RUN=$TRAP_MIN_RUN"
	exit 1
fi
exit 0
