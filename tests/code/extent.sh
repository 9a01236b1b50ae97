#!/bin/bash
# A function is the bytes its symbol covers (musl 1.2.3, x86_64): the pass
# stops where the code does not return and keeps a number across a trap
# that preserves its register; a stub returns a -errno. Each fact is one
# objdump -d of the symbol's bytes (nm -D -S) shows:
#  - pthread_exit() ends with `call exit`: what follows is pthread_create's
#    static start(), so pthread_exit issues neither set_tid_address nor clone;
#  - siglongjmp() is one call of longjmp, and signal() follows it;
#  - dup2() loads its number into r8d once and copies it to eax before each
#    `syscall` of its EBUSY retry loop; _Exit() does so with exit after
#    exit_group;
#  - the only stubs are brk() (-ENOMEM) and the four sched_ functions
#    (-ENOSYS), not ilogb(), ldexp(), scalbn() or sigdelset(), whose
#    constants are arithmetic.
. "$(dirname "$0")/../lib.sh"
lib=/usr/lib/x86_64-linux-musl/libc.so
[ -e "$lib" ] || fail "no $lib (musl-dev, scripts/install-deps.sh)"
"$SYSCOV" scan --db "$T/db" --no-man -q / --include /usr/include/x86_64-linux-musl \
	--libdir /usr/lib/x86_64-linux-musl >/dev/null 2>"$T/err" || fail "scan: $(cat "$T/err")"
q() { sqlite3 "$T/db" "$1"; }
nr() { awk -v n="__NR_$1" '$1 == "#define" && $2 == n { print $3 }' /usr/include/x86_64-linux-gnu/asm/unistd_64.h; }
# the instructions of a function's bytes, as objdump lists them
body() {
	read -r addr size < <(nm -D -S --defined-only "$lib" | awk -v f="$1" '$4 == f { print $1, $2 }')
	objdump -d --no-show-raw-insn --start-address=$((16#$addr)) \
		--stop-address=$((16#$addr + 16#$size)) "$lib" | awk -F'\t' 'NF >= 2 && $1 ~ /:$/ { print $2 }'
}
exit_at=$(nm -D --defined-only "$lib" | awk '$3 == "exit" { print $1 }')
body pthread_exit | tail -1 | grep -q "^call *${exit_at#"${exit_at%%[1-9a-f]*}"} <exit>" ||
	fail "pthread_exit does not end with call exit: $(body pthread_exit | tail -1)"
ok
for sys in set_tid_address clone; do
	expect_eq "pthread_exit issues $sys" "" "$(q "SELECT DISTINCT func FROM code_syscall WHERE
		func = 'pthread_exit' AND nr = $(nr $sys)")"
done
body siglongjmp | grep -q '^call .*<_\?longjmp' || fail "siglongjmp calls no longjmp: $(body siglongjmp)"
expect_eq "siglongjmp issues" "" "$(q "SELECT group_concat(DISTINCT nr) FROM code_syscall WHERE
	func = 'siglongjmp' AND nr IS NOT NULL")"
body dup2 | grep -q "^mov *\$0x$(printf %x "$(nr dup2)"),%r8d" || fail "dup2: no mov to r8d: $(body dup2)"
expect_eq "dup2 issues" "$(nr dup2)" "$(q "SELECT group_concat(DISTINCT nr) FROM code_syscall WHERE
	func = 'dup2' AND depth = 0")"
expect_eq "_Exit issues" "$(nr exit) $(nr exit_group)" "$(q "SELECT group_concat(nr, ' ') FROM
	(SELECT DISTINCT nr FROM code_syscall WHERE func = '_Exit' AND depth = 0 ORDER BY nr)")"
expect_eq "stubs" "brk sched_getparam sched_getscheduler sched_setparam sched_setscheduler" \
	"$(q "SELECT group_concat(func, ' ') FROM (SELECT func FROM code_stub ORDER BY func)")"
done_ok
