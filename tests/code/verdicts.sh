#!/bin/bash
# Verdicts from the machine code, against facts a person can check: musl
# 1.2.3's brk() and sched_{get,set}{param,scheduler}() are exported (nm -D)
# but only return -ENOMEM / -ENOSYS (the values of asm-generic/errno*.h):
# stubs, so those syscalls are missing; faccessat2 is wrapped by
# faccessat() in glibc and musl alike; glibc's fstat() issues newfstatat,
# and says so; musl's capget() is capget's wrapper, though no header
# declares it.
. "$(dirname "$0")/../lib.sh"
musl=/usr/lib/x86_64-linux-musl/libc.so
"$SYSCOV" scan --db "$T/db" -q / >/dev/null 2>"$T/err" || fail "scan /: $(cat "$T/err")"
"$SYSCOV" scan --db "$T/db" -q / --include /usr/include/x86_64-linux-musl \
	--libdir /usr/lib/x86_64-linux-musl >/dev/null 2>"$T/err" || fail "scan musl: $(cat "$T/err")"
"$SYSCOV" classify --db "$T/db" -q >/dev/null 2>"$T/err" || fail "classify: $(cat "$T/err")"
q() { sqlite3 "$T/db" "$1"; }
errno() { awk -v n="$1" '$1 == "#define" && $2 == n { print $3 }' /usr/include/asm-generic/errno-base.h /usr/include/asm-generic/errno.h; }
enosys=$(errno ENOSYS) enomem=$(errno ENOMEM)
for f in brk sched_setparam sched_getparam sched_setscheduler sched_getscheduler; do
	nm -D --defined-only "$musl" | grep -q " T $f$" || fail "musl does not export $f"
	want=-$enosys
	[ $f = brk ] && want=-$enomem
	expect_eq "musl $f() stub" "$want" "$(q "SELECT c.err FROM code_stub c JOIN scan s ON s.id = c.scan_id
		WHERE s.label = 'x86_64-linux-musl' AND c.func = '$f'")"
	expect_eq "musl $f verdict" "missing|stub" "$(q "SELECT v.class, v.flags FROM verdict v JOIN scan s
		ON s.id = v.scan_id WHERE s.label = 'x86_64-linux-musl' AND v.name = '$f'" | tr '\n' ' ' | sed 's/ $//')"
	expect_eq "glibc $f verdict" "wrapped" "$(q "SELECT v.class FROM verdict v JOIN scan s
		ON s.id = v.scan_id WHERE s.label = 'host-x86_64' AND v.name = '$f'")"
done
for l in host-x86_64 x86_64-linux-musl; do
	expect_eq "$l faccessat2" "wrapped|faccessat" "$(q "SELECT v.class, v.wrapper FROM verdict v
		JOIN scan s ON s.id = v.scan_id WHERE s.label = '$l' AND v.name = 'faccessat2'" | tr '\n' ' ' | sed 's/ $//')"
	q "SELECT v.evidence FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = '$l'
		AND v.name = 'faccessat2'" | grep -q '"code","fact":"faccessat() issues faccessat2 (439) at 0x' ||
		fail "$l: no code evidence for faccessat2"
	ok
done
q "SELECT v.evidence FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = 'host-x86_64'
	AND v.name = 'fstat'" | grep -q 'fstat() does not issue fstat (5) within two calls; it issues newfstatat (262)' ||
	fail "glibc fstat(): no evidence of newfstatat"
ok
# musl exports capget() (nm -D) but none of its headers declares it: the
# code shows the function issuing capget itself, and the evidence says it
# is the wrapper, not other work
nm -D --defined-only "$musl" | grep -q ' T capget$' || fail "musl does not export capget"
! grep -rqw capget /usr/include/x86_64-linux-musl || fail "a musl header declares capget"
capget=$(awk '$1 == "#define" && $2 == "__NR_capget" { print $3 }' /usr/include/x86_64-linux-gnu/asm/unistd_64.h)
q "SELECT v.evidence FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = 'x86_64-linux-musl'
	AND v.name = 'capget'" | grep -q "\"code\",\"fact\":\"capget() issues capget ($capget) at 0x[0-9a-f]*: it is the syscall's wrapper, but no public header declares it\"" ||
	fail "musl capget: evidence $(q "SELECT v.evidence FROM verdict v JOIN scan s ON s.id = v.scan_id
		WHERE s.label = 'x86_64-linux-musl' AND v.name = 'capget'")"
ok
# the numbers agree with the kernel's table: syscall() passes its first argument
expect_eq "glibc syscall() number" "1" "$(q "SELECT DISTINCT c.arg FROM code_syscall c JOIN scan s
	ON s.id = c.scan_id WHERE s.label = 'host-x86_64' AND c.func = 'syscall' AND c.depth = 0 AND c.arg IS NOT NULL")"
done_ok
