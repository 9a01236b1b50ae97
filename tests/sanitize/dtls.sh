#!/bin/bash
# An ASan build of syscov records no dynamic TLS ranges: GCC 12's runtime
# takes libLLVM's dynamic TLS blocks for glibc <= 2.24 ones and records a
# garbage range (it did in every audit of / before main.c's
# __asan_default_options), which crashed LeakSanitizer's tracer at exit.
# verbosity=2 makes the runtime print each recording ("__tls_get_addr: ...").
. "$SRCDIR/tests/lib.sh"
ASAN_OPTIONS=verbosity=2 "$SYSCOV" scan / -q --db "$T/db" 2>"$T/log" ||
	fail "scan of /: $(tail -3 "$T/log")"
ok
grep -q "AddressSanitizer Init done" "$T/log" || fail "not an ASan build, or verbosity=2 printed nothing"
ok
expect_eq "misread glibc TLS headers" 0 "$(grep -c 'glibc >=2.19 suspected' "$T/log" || true)"
expect_eq "dynamic TLS recordings" 0 "$(grep -c '__tls_get_addr' "$T/log" || true)"
# the defaults still give way to the user's own ASAN_OPTIONS
ASAN_OPTIONS=verbosity=2:intercept_tls_get_addr=1 "$SYSCOV" scan / -q --db "$T/db2" 2>"$T/log2" ||
	fail "scan of / with the interceptor: $(tail -3 "$T/log2")"
[ "$(grep -c '__tls_get_addr' "$T/log2" || true)" -gt 0 ] || fail "ASAN_OPTIONS did not override the default"
ok
done_ok
