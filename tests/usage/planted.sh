#!/bin/bash
# Planted programs: syscall(SYS_gettid), syscall(SYS_kcmp, ...), an indirect
# number, a static helper passing its argument on, and (x86_64) an inline
# trap, compiled for each ABI with a compiler here. Each constant must be
# the kernel's number (the compiler's own SYS_ macro) at an address where
# objdump shows a call of syscall@plt (or the trap), and every such call
# must be found.
. "$(dirname "$0")/../lib.sh"
cat >"$T/p.c" <<'C'
#define _GNU_SOURCE
#include <unistd.h>
#include <sys/syscall.h>
#include <stdio.h>
__attribute__((noipa)) static long pass(long n) { return syscall(n, 0, 0); }
int main(int argc, char **argv) {
	(void)argv;
	long t = syscall(SYS_gettid);
	syscall(SYS_kcmp, 1, 2, 0, 0, 0);
	syscall(argc > 1 ? SYS_getpid : SYS_getppid);
	pass(SYS_pidfd_open);
	printf("%ld\n", t);
#ifdef __x86_64__
	long r; __asm__ volatile("syscall" : "=a"(r) : "a"(SYS_ioprio_get), "D"(1), "S"(0) : "rcx", "r11", "memory");
#endif
	return 0;
}
C
mkdir -p "$T/root/usr/bin"
abis=""
for cc in gcc aarch64-linux-gnu-gcc arm-linux-gnueabihf-gcc riscv64-linux-gnu-gcc; do
	command -v $cc >/dev/null || continue
	$cc -O2 -o "$T/root/usr/bin/p-$cc" "$T/p.c"
	abis="$abis $cc"
done
[ -n "$abis" ] || { echo "SKIP: no C compiler"; exit 77; }
db=$T/u.db
$SYSCOV -q --db "$db" usage "$T/root"
for cc in $abis; do
	f=/usr/bin/p-$cc
	q() { sqlite3 "$db" "SELECT $1 FROM usage_call c JOIN usage_file f ON f.id = c.file_id WHERE f.path = '$f' $2"; }
	for sc in gettid kcmp pidfd_open; do
		nr=$(printf '#include <sys/syscall.h>\nSYS_%s\n' $sc | $cc -E -P - | tail -1); nr=$((nr))
		n=$(q "count(*)" "AND c.kind = 'const' AND c.nr = $nr")
		expect_eq "$cc: $sc ($nr) by hand" 1 "$n"
	done
	expect_eq "$cc: the helper passes its argument" 1 "$(q "count(*)" "AND c.kind = 'arg' AND c.func = 'pass'")"
	expect_eq "$cc: one indirect number" 1 "$(q "count(*)" "AND c.kind = 'indirect'")"
	# objdump's calls of syscall@plt, and ours (the helper's and main's)
	objdump=objdump
	[ $cc = gcc ] || objdump=${cc%-gcc}-objdump
	command -v $objdump >/dev/null || objdump=objdump
	want=$($objdump -d -j .text "$T/root$f" | grep -E '^ *[0-9a-f]+:.*[^:]<syscall@plt(\+0x4)?>$' |
		awk '{sub(":","",$1); print $1}' | sort -u | tr '\n' ' ')
	got=$(q "printf('%x', c.addr)" "AND c.via = 'syscall@plt'" | sort -u | tr '\n' ' ')
	expect_eq "$cc: the call sites of syscall@plt (objdump)" "$want" "$got"
	# the imports with their versions
	v=$(sqlite3 "$db" "SELECT version FROM usage_import i JOIN usage_file f ON f.id = i.file_id WHERE f.path = '$f' AND i.name = 'syscall'")
	want=$(readelf -W --dyn-syms "$T/root$f" | awk '$8 ~ /^syscall@/ {sub(/^syscall@/, "", $8); sub(/ .*/, "", $8); print $8}')
	expect_eq "$cc: syscall's version (readelf)" "$want" "$v"
done
if [[ " $abis " == *" gcc "* ]]; then
	nr=$(printf '#include <sys/syscall.h>\nSYS_ioprio_get\n' | gcc -E -P - | tail -1)
	addr=$(objdump -d "$T/root/usr/bin/p-gcc" | awk '/<main>:/{m=1} m && $NF=="syscall" {sub(":","",$1); print $1; exit}')
	expect_eq "inline trap ioprio_get at objdump's syscall" "$addr" \
		"$(sqlite3 "$db" "SELECT printf('%x', addr) FROM usage_call WHERE kind = 'const' AND nr = $nr AND via IS NULL")"
fi
# the cache: a rescan reads nothing; a changed file is read again
$SYSCOV --db "$db" usage "$T/root" 2>"$T/err"
grep -q "(0 read, " "$T/err" || fail "rescan read files: $(cat "$T/err")"; ok
touch "$T/root/usr/bin/p-gcc"
$SYSCOV --db "$db" usage "$T/root" 2>"$T/err"
grep -q "(1 read, " "$T/err" || fail "touched file not read again: $(cat "$T/err")"; ok
rm "$T/root/usr/bin/p-gcc"
$SYSCOV -q --db "$db" usage "$T/root"
expect_eq "a removed file's rows go" 0 "$(sqlite3 "$db" "SELECT count(*) FROM usage_file WHERE path = '/usr/bin/p-gcc'")"
# a new syscov binary (size, mtime) reads every file again: its facts may differ
n=$(sqlite3 "$db" "SELECT count(*) FROM usage_file")
cp "$SYSCOV" "$T/syscov-new" && touch -d 2001-01-01 "$T/syscov-new"
SYSCOV_DATA_DIR="$SRCDIR/data" "$T/syscov-new" --db "$db" usage "$T/root" 2>"$T/err"
grep -q "($n read, 0 unchanged)" "$T/err" || fail "a new binary kept the old facts: $(cat "$T/err")"; ok
done_ok
