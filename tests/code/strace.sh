#!/bin/bash
# Every syscall that the audit finds wrapped by a function of another name,
# proven by the machine code (faccessat2 by faccessat()), is issued when a
# program calls that function: strace -f shows it (tests/code/calls.c).
# Usage: strace.sh glibc|musl
. "$(dirname "$0")/../lib.sh"
case $1 in
glibc) args=(/) cc=(gcc) ;;
musl)
	args=(/ --include /usr/include/x86_64-linux-musl --libdir /usr/lib/x86_64-linux-musl)
	cc=(musl-gcc)
	;;
esac
command -v strace >/dev/null && command -v "${cc[0]}" >/dev/null || fail "strace or ${cc[0]} missing"
"$SYSCOV" audit --db "$T/db" -o "$T/out" -q "${args[@]}" >/dev/null 2>"$T/err" || fail "audit: $(cat "$T/err")"
sqlite3 "$T/db" "SELECT v.name, v.wrapper FROM verdict v WHERE v.class = 'wrapped'
  AND v.wrapper <> v.name AND v.evidence LIKE
  '%\"source\":\"code\",\"fact\":\"' || v.wrapper || '() issues ' || v.name || ' (%'" >"$T/list"
grep -q '^faccessat2|faccessat$' "$T/list" || fail "faccessat2 is not wrapped by faccessat() from the code"
ok
"${cc[@]}" -O1 -o "$T/calls" "$SRCDIR/tests/code/calls.c" -pthread -ldl 2>"$T/err" || fail "cc: $(cat "$T/err")"
while IFS='|' read -r sys fn; do
	rc=0
	strace -f -qq -o "$T/log" "$T/calls" "$sys" || rc=$?
	[ $rc != 2 ] || fail "calls.c has no call of $fn() for $sys"
	grep -q "^[0-9]* *$sys(\|^$sys(" "$T/log" || fail "$fn() did not issue $sys: $(grep -v 'mmap\|mprotect' "$T/log" | tail -5)"
	ok
done <"$T/list"
echo "$1: $(wc -l <"$T/list") syscalls issued by a function of another name, as strace shows"
done_ok
