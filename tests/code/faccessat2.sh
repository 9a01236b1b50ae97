#!/bin/bash
# riscv64 and sh4, which only Capstone 5 decodes (scripts/build-capstone5.sh):
# glibc 2.36's faccessat() issues faccessat2 (the number of the sysroot's
# asm/unistd*.h), so the audit finds faccessat2 wrapped by faccessat(), with
# the code as evidence. Skipped where the linked Capstone has no decoder for
# them (scan.code_how says so).
. "$(dirname "$0")/../lib.sh"
q() { sqlite3 "$T/db" "$1"; }
for t in riscv64-linux-gnu sh4-linux-gnu; do
	root=/usr/$t
	[ -e "$root/lib/libc.so.6" ] || fail "no $root (libc6-dev-*-cross, scripts/install-deps.sh)"
	rm -f "$T/db"
	"$SYSCOV" scan --db "$T/db" --no-man -q "$root" >/dev/null 2>"$T/err" || fail "scan $root: $(cat "$T/err")"
	how=$(q "SELECT code_how FROM scan")
	case $how in
	Capstone*) ;;
	*) echo "SKIP $t: $how"; continue ;;
	esac
	"$SYSCOV" classify --db "$T/db" -q >/dev/null 2>"$T/err" || fail "classify $t: $(cat "$T/err")"
	nr=$(cat "$root"/include/asm/unistd*.h "$root"/include/asm-generic/unistd.h 2>/dev/null |
		awk '$1 == "#define" && $2 == "__NR_faccessat2" { print $3; exit }')
	[ -n "$nr" ] || fail "$t: no __NR_faccessat2 in $root/include/asm"
	"$t-nm" -D --defined-only "$root/lib/libc.so.6" | grep -q ' faccessat@' || fail "$t: no faccessat in nm -D"
	expect_eq "$t faccessat2" "wrapped|faccessat" "$(q "SELECT class, wrapper FROM verdict WHERE name = 'faccessat2'")"
	q "SELECT evidence FROM verdict WHERE name = 'faccessat2'" |
		grep -q "\"code\",\"fact\":\"faccessat() issues faccessat2 ($nr) at 0x" ||
		fail "$t: no code evidence: $(q "SELECT evidence FROM verdict WHERE name = 'faccessat2'")"
	ok
done
done_ok
