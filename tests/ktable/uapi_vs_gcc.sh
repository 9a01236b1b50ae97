#!/bin/sh
# uapi_vs_gcc.sh SYSROOT ABI CC [CFLAGS...]: scans SYSROOT and checks that the
# table of ABI equals, name for name and number for number, the macros CC
# prints for <asm/unistd.h> (nr_gcc.sh). Exit 77 (skip) without CC.
set -eu
sysroot=$1 abi=$2
shift 2
if ! command -v "$1" >/dev/null 2>&1 || [ ! -d "$sysroot" ]; then
	echo "SKIP: $1 or $sysroot missing"
	exit 77
fi
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
"$SRCDIR/tests/ktable/nr_gcc.sh" "$@" | sort >"$t/gcc"
"$SYSCOV" scan "$sysroot" --db "$t/db" -q
sqlite3 -separator ' ' "$t/db" "SELECT CASE private WHEN 1 THEN '__ARM_NR_' ELSE '__NR_' END || name, nr
	FROM ksyscall WHERE arch = '$abi' AND abi = 'uapi'" | sort >"$t/syscov"
n=$(wc -l <"$t/gcc")
if ! diff -u "$t/gcc" "$t/syscov"; then
	echo "FAIL: $sysroot $abi: syscov differs from $* (- gcc, + syscov)"
	exit 1
fi
echo "ok: $sysroot $abi: $n syscalls equal to $*"
