#!/bin/sh
# 64-bit arguments on every ABI: `syscov gen --only` for the loff_t class
# from the host and the Debian cross sysroots, compiled with each cross gcc
# (-std=c11 -Wall -Wextra -Werror -pedantic -static) and run under
# qemu-<arch> (natively for x86_64 and i386, which a kernel without IA-32
# emulation runs under qemu-i386): ll.c compares each wrapper
# with libc at offsets beyond 4 GiB. ABIs without a cross compiler, a qemu,
# a sysroot or trap code are skipped with the reason; x32 is compiled only
# (neither this kernel nor qemu-user runs x32 binaries).
. "$SRCDIR/tests/lib.sh"
export SYSCOV_DB=$T/db
cd "$T"
NAMES=fallocate,pread64,pwrite64,sync_file_range,fadvise64,getppid
# abi  compiler  sysroot  runner  calls that are -ENOSYS by design (reason)
cat >abis <<'TAB'
x86_64 gcc / native -
i386 i686-linux-gnu-gcc / native -
x32 x86_64-linux-gnux32-gcc / none -
aarch64 aarch64-linux-gnu-gcc /usr/aarch64-linux-gnu qemu-aarch64 -
arm arm-linux-gnueabihf-gcc /usr/arm-linux-gnueabihf qemu-arm sync_file_range,fadvise64
mipsel mipsel-linux-gnu-gcc /usr/mipsel-linux-gnu qemu-mipsel sync_file_range,fadvise64
mips64el mips64el-linux-gnuabi64-gcc /usr/mips64el-linux-gnuabi64 qemu-mips64el -
ppc64le powerpc64le-linux-gnu-gcc /usr/powerpc64le-linux-gnu qemu-ppc64le sync_file_range
riscv64 riscv64-linux-gnu-gcc /usr/riscv64-linux-gnu qemu-riscv64 -
s390x s390x-linux-gnu-gcc /usr/s390x-linux-gnu qemu-s390x -
TAB
# arm: the table has only sync_file_range2 and arm_fadvise64_64 (reordered
# arguments); mipsel (o32): fd, pad, two pairs and flags need 7 registers
# (fadvise64 is sys_fadvise64_64 there: data/gen_overrides.tsv fadvise64@mipsel);
# ppc64le: only sync_file_range2.
roots=""
while read -r abi cc root run enosys; do
	[ "$root" = / ] && continue
	[ -d "$root/include" ] && ! echo " $roots " | grep -q " $root " && roots="$roots $root"
done <abis
"$SYSCOV" scan / $roots --no-man -q 2>scan.err || fail "scan: $(cat scan.err)"
# with the tree of the ktable_tree fixture, pread64 and pwrite64 are typed
# from the kernel's prototypes (else from data/gen_overrides.tsv)
K=$BUILDDIR/ktable-linux-6.1/linux-source-6.1
if [ -f "$K/include/linux/syscalls.h" ]; then
	"$SYSCOV" scan -q --kernel-src "$K" 2>scan.err || fail "scan $K: $(cat scan.err)"
fi
"$SYSCOV" gen --only $NAMES -q -o wrappers.h 2>gen.err || fail "gen: $(cat gen.err)"
if [ -f "$K/include/linux/syscalls.h" ]; then
	grep -q "^/\* pread64: types from the kernel's sys_pread64()" wrappers.h ||
		fail "pread64: $(grep '^/\* pread64:' wrappers.h)"
	ok
fi
have=$(sed -n 's/^ \* [0-9]* wrappers for the ABIs://p' wrappers.h)
echo "header ABIs:$have"
ran=0
while read -r abi cc root run enosys; do
	if ! echo " $have " | grep -q " $abi "; then echo "skip $abi: not in the header (no trap code or not scanned)"; continue; fi
	if ! command -v "$cc" >/dev/null; then echo "skip $abi: no $cc"; continue; fi
	$cc -std=c11 -Wall -Wextra -Werror -pedantic -D_FILE_OFFSET_BITS=64 -O2 -static -I. \
		"$SRCDIR/tests/gen/ll.c" -o "ll-$abi" 2>err || fail "$abi: $cc: $(head -20 err)"
	ok
	case $run in
	none) echo "$abi: compiled only"; continue ;;
	native)
		cmd="./ll-$abi" rc=0
		# a kernel without IA-32 emulation cannot exec i386 binaries (126)
		"./ll-$abi" >/dev/null 2>&1 || rc=$?
		if [ "$rc" = 126 ] && command -v "qemu-$abi" >/dev/null; then
			echo "$abi: this kernel cannot exec it: under qemu-$abi"
			cmd="qemu-$abi ./ll-$abi"
		fi ;;
	*) command -v "$run" >/dev/null || { echo "skip $abi run: no $run"; continue; }
	   cmd="$run ./ll-$abi" ;;
	esac
	GEN_ENOSYS=",$enosys," $cmd >"out-$abi" 2>&1 || fail "$abi: $(grep -v '^ok' "out-$abi")"
	echo "$abi: $(tail -1 "out-$abi")"
	ran=$((ran + 1))
	ok
done <abis
[ "$ran" -ge 2 ] || fail "only $ran ABIs ran"
done_ok
