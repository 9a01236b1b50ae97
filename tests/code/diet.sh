#!/bin/bash
# The machine-code pass on a static archive (dietlibc 0.34's libc.a for
# x86_64): calls resolved through the members' relocations, and dietlibc's
# sub-register idiom (mov $N,%al or %ax, then a jump to __unified_syscall or
# __unified_syscall_16bit, which zero-extends it). objdump -dr of the same
# archive gives each such function's number; syscov gives the same.
. "$(dirname "$0")/../lib.sh"
lib=/usr/lib/diet/lib-x86_64/libc.a
[ -e "$lib" ] || fail "no $lib (dietlibc-dev, scripts/install-deps.sh)"
"$SYSCOV" scan --db "$T/db" --no-man -q / --include /usr/lib/diet/include \
	--libdir /usr/lib/diet/lib-x86_64 >/dev/null 2>"$T/err" || fail "scan: $(cat "$T/err")"
how=$(sqlite3 "$T/db" "SELECT code_how FROM scan")
case $how in Capstone*) ok ;; *) fail "code not read: $how" ;; esac
# objdump: <function>, the immediate loaded into %al/%ax, the relocated jump
objdump -dr "$lib" | awk '
	/^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); val = ""; next }
	/\tmov +\$0x[0-9a-f]+,%a[lx]$/ { v = $NF; sub(/^\$/, "", v); sub(/,.*/, "", v); val = v; next }
	/R_X86_64_PLT32\t__unified_syscall(_16bit)?-0x4$/ && val != "" { print fn, val; val = "" }
' | while read -r fn hex; do echo "$fn $((hex))"; done | sort -u >"$T/want"
[ "$(wc -l <"$T/want")" -ge 50 ] || fail "objdump found only $(wc -l <"$T/want") syscall stubs"
checked=0
while read -r fn nr; do
	got=$(sqlite3 "$T/db" "SELECT group_concat(nr, ' ') FROM (SELECT DISTINCT nr FROM code_syscall
		WHERE func = '$fn' AND depth = 0 AND nr IS NOT NULL ORDER BY nr)")
	[ -n "$got" ] || continue # not exported under that name
	expect_eq "$fn" "$nr" "$got"
	checked=$((checked + 1))
done <"$T/want"
[ $checked -ge 50 ] || fail "only $checked dietlibc functions compared"
echo "dietlibc: $checked functions agree with objdump -dr"
done_ok
