#!/bin/bash
# syscall() through the PLT/GOT on every ABI whose ISA syscov decodes:
# a planted program (syscall(SYS_gettid), syscall(SYS_kcmp, ...), and a
# number loaded from a global: "indirect") is built with each cross gcc
# installed (the ABIs of `syscov arches --format json`), run under
# qemu-user -strace to show the calls happen, and scanned. Each call site
# of syscall() must be found at the address objdump -d shows it, gettid's
# and kcmp's with the compiler's own SYS_ numbers, both of wake2()'s futex
# calls (one function, one number, two sites), and the slot the call
# goes through must be syscall's in the dynamic relocations (readelf -r;
# MIPS: the GOT entry readelf -A shows). An ABI without a compiler (or
# without a libc to link) or without a decoder is skipped, and said.
# 32-bit PowerPC's PIC stubs load the slot from r30, a GOT pointer each
# function sets up from its own address (bcl; mflr), which the engine does
# not track: there the file must say its stub was not decoded, and no
# number may be claimed.
GAPS=" powerpc "
. "$(dirname "$0")/../lib.sh"
command -v jq >/dev/null || { echo "SKIP: no jq"; exit 77; }
cat >"$T/p.c" <<'C'
#define _GNU_SOURCE
#include <unistd.h>
#include <sys/syscall.h>
#include <stdio.h>
long nr_g = SYS_getppid; /* loaded from memory: no constant */
__attribute__((noinline)) long wake2(int *u)
{
	long a = syscall(SYS_futex, u, 1L /* FUTEX_WAKE */, 1L, 0L, 0L, 0L);
	return a + syscall(SYS_futex, u, 1L, 1L, 0L, 0L, 0L);
}
int main(void)
{
	static int u;
	long t = syscall(SYS_gettid);
	long k = syscall(SYS_kcmp, (long)getpid(), (long)getpid(), 0L, 0L, 0L);
	long i = syscall(nr_g);
	printf("%d %ld %d %ld\n", t > 0, k, i > 0, wake2(&u));
	return 0;
}
C
mkdir -p "$T/root/usr/bin" "$T/root/usr/lib"
# real libraries whose calls of syscall() objdump names (a call, or a tail
# jump, to syscall@plt): the host's and the cross toolchains' libstdc++
# (futex in __cxa_guard_*, _M_futex_wait_until...) and libgomp. ARM's
# Thumb code calls the PLT's ARM entry with blx (objdump: syscall@plt+0x4)
# and tail-jumps to its Thumb one, reaching many calls by a conditional
# branch (beq.n, bne.w). ARM's libgomp is a known gap: C built without
# unwind tables (a .ARM.exidx of one entry), its static functions have no
# start in a stripped file, so only the calls in exported functions are
# found; none may be where objdump shows no call.
REAL_GAPS=" arm-linux-gnueabihf-libgomp.so.1 "
host=$(gcc -dumpmachine)
reals=""
for tri in x86_64-linux-gnu x86_64-linux-gnux32 i686-linux-gnu aarch64-linux-gnu s390x-linux-gnu arm-linux-gnueabihf; do
	for l in libstdc++.so.6 libgomp.so.1; do
		src=/usr/$tri/lib/$l
		[ "$tri" != "$host" ] || src=/usr/lib/$tri/$l
		if [ -e "$src" ] && command -v "$tri-objdump" >/dev/null; then
			cp -L "$src" "$T/root/usr/lib/$tri-$l"
			reals="$reals $tri-$l"
		fi
	done
done
# ABI, its gnu triplet, qemu name, ISA family
$SYSCOV arches --format json | jq -r '.[] | "\(.name) \(.gnu_triplet) \(.qemu) \(.isa)"' >"$T/abis"
cc_for() { [ "$1" = mipsn32 ] && echo "mips64el-linux-gnuabi64-gcc -mabi=n32" || echo "$2-gcc"; }
abis=""
while read -r abi tri qemu isa; do
	cc=$(cc_for "$abi" "$tri")
	if [ "$isa" = null ]; then
		echo "SKIP $abi: syscov has no decoder for its ISA"
	elif ! command -v "${cc%% *}" >/dev/null; then
		echo "SKIP $abi: no ${cc%% *}"
	elif ! $cc -O2 -o "$T/root/usr/bin/p-$abi" "$T/p.c" 2>"$T/cc.err"; then
		echo "SKIP $abi: $cc cannot link a C program: $(head -1 "$T/cc.err")"
	else
		abis="$abis $abi"
	fi
done <"$T/abis"
[ -n "$abis" ] || { echo "SKIP: no C compiler for an ABI syscov decodes"; exit 77; }
db=$T/u.db
$SYSCOV -q --db "$db" usage "$T/root"
for abi in $abis; do
	read -r _ tri qemu _ < <(grep "^$abi " "$T/abis")
	cc=$(cc_for "$abi" "$tri")
	f=$T/root/usr/bin/p-$abi
	q() { sqlite3 "$db" "SELECT $1 FROM usage_call c JOIN usage_file f ON f.id = c.file_id WHERE f.path = '/usr/bin/p-$abi' $2"; }
	# it runs, and makes the calls (qemu's own log of the guest's syscalls)
	L=/usr/$tri
	[ "$tri" != "$(gcc -dumpmachine)" ] || L=/ # the host's own libc
	if [ "$qemu" != null ] && command -v "qemu-$qemu" >/dev/null && [ -d "$L" ]; then
		echo 'int main(void) { return 0; }' >"$T/t.c"
		if (timeout 60 qemu-"$qemu" -strace -L "$L" "$f") >"$T/run" 2>&1; then
			for sc in gettid kcmp getppid futex; do
				grep -q "^[0-9]* $sc(" "$T/run" || fail "$abi: qemu-$qemu -strace shows no $sc: $(cat "$T/run")"
			done
			ok
		elif $cc -o "$T/t" "$T/t.c" && ! (timeout 60 qemu-"$qemu" -L "$L" "$T/t") >/dev/null 2>&1; then
			echo "$abi: not run (qemu-$qemu runs no program of $cc, not even an empty main)"
		else
			fail "$abi: the program failed under qemu-$qemu: $(tail -3 "$T/run")"
		fi
	else
		echo "$abi: not run ($([ "$qemu" = null ] && echo "no qemu-user port" || echo "no qemu-$qemu or $L"))"
	fi
	if [[ "$GAPS" == *" $abi "* ]]; then
		how=$(sqlite3 "$db" "SELECT how FROM usage_file WHERE path = '/usr/bin/p-$abi'")
		[[ "$how" == *"syscall() imported, its PLT stub not decoded"* ]] ||
			fail "$abi: a known gap, but the file does not say so: $how"
		expect_eq "$abi: no number claimed" 0 "$(q "count(*)" "")"
		echo "GAP $abi: $how"
		continue
	fi
	# objdump's call sites of syscall(): a call naming syscall@plt (or a
	# PowerPC plt_call stub); m68k's jsr (aN) after lea syscall@plt,aN, and
	# SH's jsr @rN after a literal syscall@plt into rN; MIPS's jalr t9
	# after a load of t9 from syscall's GOT entry
	objdump=${cc%% *}; objdump=${objdump%-gcc}-objdump
	got=$(readelf -AW "$f" 2>/dev/null | awk '$NF == "syscall" && $2 ~ /\(gp\)$/ {print $2}')
	want=$($objdump -d --no-show-raw-insn "$f" | awk -v got="$got" '
		/^[0-9a-f]+ <.*>:$/ { delete reg; t9 = 0; next }
		{ a = $1; sub(":", "", a) }
		/mov\.l.*,r[0-9]+[ \t]+!.*<syscall@plt>$/ { r = $0; sub(/[ \t]+!.*/, "", r); sub(/.*,/, "", r); reg[r] = 1; next }
		/<syscall@plt>$/ && !/lea/ { print a; next }
		/(plt_call|plt_pic32)\.syscall@/ { print a; next }
		/lea.*<syscall@plt>,%a[0-7]/ { r = $NF; sub(/.*,/, "", r); reg[r] = 1; next }
		/jsr %a[0-7]@$/ { r = $NF; sub(/@/, "", r); if (reg[r]) print a; next }
		/jsr[ \t]+@r[0-9]+$/ { r = $NF; sub(/@/, "", r); if (reg[r]) print a; next }
		got != "" && /[ \t](lw|ld)[ \t]+t9,/ { t9 = index($0, "t9," got) > 0; next }
		/jalr[ \t]+t9$/ { if (t9) print a }' | sort -u | tr '\n' ' ')
	[ -n "$want" ] || fail "$abi: objdump shows no call of syscall() in $f"
	sites=$(q "printf('%x', c.addr)" "AND c.via LIKE 'syscall@%'" | sort -u | tr '\n' ' ')
	expect_eq "$abi: the call sites of syscall() (objdump -d)" "$want" "$sites"
	# the compiler's own number of syscall $1
	nr_of() { nr=$(printf '#include <sys/syscall.h>\nSYS_%s\n' "$1" | $cc -E -P - | tail -1); nr=$((nr)); }
	for sc in gettid kcmp; do
		nr_of $sc
		expect_eq "$abi: $sc ($nr) by hand" 1 "$(q "count(*)" "AND c.kind = 'const' AND c.nr = $nr")"
	done
	nr_of futex
	expect_eq "$abi: wake2()'s two futex ($nr) calls, a row each" "2 2" \
		"$(q "count(*), count(DISTINCT c.addr)" "AND c.kind = 'const' AND c.nr = $nr AND c.func = 'wake2'" | tr '|' ' ')"
	expect_eq "$abi: the number from memory is indirect" 1 "$(q "count(*)" "AND c.kind = 'indirect'")"
	echo "$abi: $(wc -w <<<"$want") call sites of syscall() agree with objdump"
	# the slot the calls go through is syscall's: a JUMP_SLOT relocation
	# naming it, or (MIPS) its global GOT entry
	if [ -n "$got" ]; then
		ok
	else
		readelf -rW "$f" | grep -Eq '_JU?MP_SLOT +[0-9a-f]+ +syscall@' ||
			fail "$abi: readelf -r shows no JUMP_SLOT of syscall"
		ok
	fi
done
for r in $reals; do
	want=$("${r%-lib*}-objdump" -d --no-show-raw-insn "$T/root/usr/lib/$r" |
		awk '/^ *[0-9a-f]+:.*[ \t]<syscall@plt(\+0x4)?>$/ { a = $1; sub(":", "", a); print a }' | sort -u | tr '\n' ' ')
	sites=$(sqlite3 "$db" "SELECT DISTINCT printf('%x', c.addr) FROM usage_call c JOIN usage_file f ON f.id = c.file_id
		WHERE f.path = '/usr/lib/$r' AND c.via LIKE 'syscall@%'" | sort -u | tr '\n' ' ')
	if [[ "$r" == arm-* ]]; then
		# one start per function, in one mode: .ARM.exidx's functions
		# (readelf -u) and the defined ones readelf -s names, Thumb bit
		# dropped (each read once as Thumb, not again as ARM)
		starts=$({ readelf -u "$T/root/usr/lib/$r" | sed -n 's/^0x\([0-9a-f]*\):.*/\1/p'
			readelf -sW --dyn-syms "$T/root/usr/lib/$r" | awk '$4 == "FUNC" && $7 != "UND" {print $2}' |
				while read -r a; do printf '%x\n' $((0x$a & ~1)); done; } | sed 's/^0*//' | sort -u | wc -l)
		how=$(sqlite3 "$db" "SELECT how FROM usage_file WHERE path = '/usr/lib/$r'")
		expect_eq "$r: function starts (readelf -u, readelf -s)" "$starts function starts" "${how%%,*}"
	fi
	if [[ "$REAL_GAPS" == *" $r "* ]]; then
		extra=$(comm -13 <(tr ' ' '\n' <<<"$want") <(tr ' ' '\n' <<<"$sites") | tr '\n' ' ')
		[ -n "$sites" ] && [ -z "${extra// }" ] ||
			fail "$r: call sites of syscall() objdump does not show ($extra), or none found"
		echo "GAP $r: $(wc -w <<<"$sites") of $(wc -w <<<"$want") call sites of syscall() found (objdump -d)"
		continue
	fi
	expect_eq "$r: the call sites of syscall() (objdump -d)" "$want" "$sites"
	echo "$r: $(wc -w <<<"$want") call sites of syscall() agree with objdump"
done
done_ok
