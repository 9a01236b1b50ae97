#!/bin/sh
# Wrapper types from a kernel tree (src/kernel/kproto.c, src/types/kernel_types.c): with the
# linux-source-6.1 tree scanned beside the host, musl and the Debian cross
# sysroots present, every scan's missing set is typed (0 untyped wrappers),
# each header compiles -Wall -Wextra -Werror with gcc and clang as C11 and
# with g++ as C++17 (host), with musl-gcc, and with each cross gcc present
# and clang as C11 and C++17 for each target it has a backend for;
# the kernel's types are those of include/linux/syscalls.h as grep reads
# them; a man page whose prototype passes other registers than the kernel's
# gives way and its verdict is flagged signature-drift.
. "$SRCDIR/tests/lib.sh"
sh "$SRCDIR/tests/ktable/extract.sh" "$BUILDDIR/ktable-linux-6.1" >/dev/null || exit 77
K=$BUILDDIR/ktable-linux-6.1/linux-source-6.1
export SYSCOV_DB=$T/db
cd "$T"
"$SYSCOV" scan -q / || fail "scan /"
[ -d /usr/include/x86_64-linux-musl ] &&
	"$SYSCOV" scan -q / --include /usr/include/x86_64-linux-musl --libdir /usr/lib/x86_64-linux-musl
for r in /usr/*-linux-gnu*; do
	[ -d "$r/include" ] || continue
	"$SYSCOV" scan -q "$r" 2>err || echo "skip $r: $(cat err)"
done
"$SYSCOV" scan -q --kernel-src "$K" || fail "scan --kernel-src"
"$SYSCOV" classify -q || fail "classify"
n=$(sqlite3 db "SELECT count(*) FROM kproto")
[ "$n" -gt 500 ] || fail "only $n kernel prototypes"
ok

CF="-Wall -Wextra -Werror"
printf '#include HDR\nint main(void) { return 0; }\n' >use.c
# cc_for LABEL: the compiler of a scan's ABI, empty if none is installed
cc_for() {
	case $1 in
	host-*) echo gcc ;;
	*-musl*) command -v musl-gcc >/dev/null && echo musl-gcc ;;
	mips64el-linux-gnuabin32) command -v mips64el-linux-gnuabi64-gcc >/dev/null &&
		echo "mips64el-linux-gnuabi64-gcc -mabi=n32" ;;
	*) command -v "$1-gcc" >/dev/null && echo "$1-gcc" ;;
	esac
}
for id in $(sqlite3 db "SELECT id FROM scan WHERE kind = 'sysroot' ORDER BY id"); do
	l=$(sqlite3 db "SELECT label FROM scan WHERE id = $id")
	"$SYSCOV" gen -q --scan "$id" -o "$l.h" || fail "gen $l"
	u=$(grep -c '^#define SYSCOV_UNTYPED_' "$l.h" || true)
	k=$(grep -c ": types from the kernel's" "$l.h" || true)
	echo "$l: $u untyped, $k typed from the kernel"
	expect_eq "$l: untyped wrappers" 0 "$u"
	cc=$(cc_for "$l")
	if [ -z "$cc" ]; then
		echo "skip compiling $l: no compiler"
		continue
	fi
	$cc -std=c11 $CF -pedantic -fsyntax-only -DHDR="\"$l.h\"" use.c 2>err ||
		fail "$cc $l.h: $(head -5 err)"
	ok
	case $l in
	host-*)
		clang -std=c11 $CF -pedantic -fsyntax-only -DHDR="\"$l.h\"" use.c 2>err ||
			fail "clang $l.h: $(head -5 err)"
		g++ -std=c++17 -x c++ $CF -fsyntax-only -DHDR="\"$l.h\"" use.c 2>err ||
			fail "g++ $l.h: $(head -5 err)"
		ok
		;;
	*-linux-gnu*)
		# clang as C11 and C++17 for the target, where it has a backend
		if clang --target="$l" -fsyntax-only -x c /dev/null 2>/dev/null; then
			for x in "-x c -std=c11 -pedantic" "-x c++ -std=c++17"; do
				clang --target="$l" $x $CF -fsyntax-only -isystem "/usr/$l/include" \
					-DHDR="\"$l.h\"" use.c 2>err || fail "clang $x $l.h: $(head -5 err)"
			done
			ok
		else
			echo "skip clang for $l: no backend"
		fi
		;;
	esac
done

# the types are the kernel's: syscalls.h as grep reads it, mapped
# (u32 -> uint32_t, key_serial_t -> int32_t)
H=host-x86_64.h
grep -q 'asmlinkage long sys_io_uring_setup(u32 entries,' "$K/include/linux/syscalls.h" ||
	fail "syscalls.h changed"
grep -q '^static inline long syscov_sys_io_uring_setup(uint32_t entries, struct io_uring_params \*p)$' $H ||
	fail "io_uring_setup: $(grep 'syscov_sys_io_uring_setup(' $H)"
grep -q 'key_serial_t destringid);' "$K/include/linux/syscalls.h" || fail "syscalls.h changed"
grep -q '^static inline long syscov_sys_add_key(.*size_t plen, int32_t destringid)$' $H ||
	fail "add_key: $(grep 'syscov_sys_add_key(' $H)"
ok
# a port's own call, from its sources: riscv_flush_icache(uintptr_t x3)
if [ -f riscv64-linux-gnu.h ]; then
	grep -q 'SYSCALL_DEFINE3(riscv_flush_icache, uintptr_t, start, uintptr_t, end,' \
		"$K/arch/riscv/kernel/sys_riscv.c" || fail "sys_riscv.c changed"
	grep -q 'syscov_sys_riscv_flush_icache(uintptr_t start, uintptr_t end, uintptr_t flags)$' \
		riscv64-linux-gnu.h || fail "riscv_flush_icache: $(grep 'sys_riscv_flush_icache(' riscv64-linux-gnu.h)"
	ok
fi
# drift: mbind(2) has 'void *addr, ... int mode', the kernel 'unsigned
# long start, ... unsigned long mode': the man page's types are kept (the
# API callers use; the wrapper converts each argument to a register's
# width), the header says so, and the verdict is flagged
grep -q 'unsigned long, mode,' "$K/mm/mempolicy.c" 2>/dev/null ||
	grep -q 'sys_mbind(unsigned long start, unsigned long len,' "$K/include/linux/syscalls.h" ||
	fail "syscalls.h changed"
zcat /usr/share/man/man2/mbind.2.gz | grep -q '"long mbind(void " addr.*", int " mode' ||
	fail "mbind(2) changed"
grep -q '^static inline long syscov_sys_mbind(void \*addr, unsigned long len, int mode,' $H ||
	fail "mbind: $(grep 'syscov_sys_mbind(' $H)"
grep -q "its sources disagree: .*mbind(2) against the kernel's sys_mbind(): .*parameter 3 'int' against 'unsigned long' (32 against 64 bits).*The wrapper takes mbind(2)'s types" $H ||
	fail "mbind: no drift note"
f=$(sqlite3 db "SELECT flags FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = 'host-x86_64' AND v.name = 'mbind'")
case ",$f," in *,signature-drift,*) ok ;; *) fail "mbind verdict flags: '$f'" ;; esac
done_ok
