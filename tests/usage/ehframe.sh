#!/bin/bash
# A static, stripped program linked without --eh-frame-hdr (as valgrind's
# tools are): its function starts are .eh_frame's FDEs, as many as readelf
# lists (with the entry point among them), and a trap planted in a
# function main calls is found with the compiler's SYS_ number at the
# address objdump shows. Without the FDEs the entry was the one start and
# the trap was not found.
. "$(dirname "$0")/../lib.sh"
command -v gcc >/dev/null && [ "$(uname -m)" = x86_64 ] || { echo "SKIP: no x86_64 gcc"; exit 77; }
cat >"$T/p.c" <<'C'
#define _GNU_SOURCE
#include <unistd.h>
#include <sys/syscall.h>
__attribute__((noipa)) long planted(long a) {
	long r;
	__asm__ volatile("syscall" : "=a"(r) : "a"(SYS_ioprio_get), "D"(a), "S"(0) : "rcx", "r11", "memory");
	return r;
}
int main(int argc, char **argv) {
	(void)argv;
	return (int)planted(argc);
}
C
mkdir -p "$T/root/usr/bin"
p=$T/root/usr/bin/p
gcc -O2 -static -s -Wl,--no-eh-frame-hdr -o "$p" "$T/p.c" 2>"$T/err" ||
	{ echo "SKIP: no static libc: $(head -1 "$T/err")"; exit 77; }
expect_eq "no .eh_frame_hdr, no .symtab (readelf)" 0 "$(readelf -SW "$p" | grep -cE '\.eh_frame_hdr|\.symtab')"
$SYSCOV -q --db "$T/u.db" usage "$T/root"
q() { sqlite3 "$T/u.db" "$1"; }
# readelf's FDEs, one start per initial location, and the entry point
entry=$(readelf -h "$p" | awk '/Entry point/ { print $4 }')
want=$( (readelf --debug-dump=frames "$p" | awk '/ FDE / { sub(/^pc=/, "", $NF); sub(/\.\..*/, "", $NF); print "0x" $NF }'
	echo "$entry") | xargs printf '%d\n' | sort -u | wc -l)
expect_eq "function starts: readelf's FDEs and the entry" "$want function starts" \
	"$(q "SELECT how FROM usage_file" | grep -oE '^[0-9]+ function starts')"
nr=$(printf '#include <sys/syscall.h>\nSYS_ioprio_get\n' | gcc -E -P - | tail -1)
at=$(objdump -d "$p" | grep -A3 -E "mov +\\\$0x$(printf '%x' "$nr"),%eax" | awk '/\tsyscall/ { sub(":", "", $1); print $1 }' | head -1)
[ -n "$at" ] || fail "objdump shows no syscall after mov \$$nr,%eax"
expect_eq "ioprio_get ($nr) trapped by hand at objdump's address" "const $nr" \
	"$(q "SELECT kind || ' ' || nr FROM usage_call WHERE printf('%x', addr) = '$at'")"
done_ok
