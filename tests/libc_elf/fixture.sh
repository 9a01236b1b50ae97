#!/bin/bash
# fixture.sh: a shared library built here with a version script (VERS_1,
# VERS_2; foo has a compat VERS_1 and a default VERS_2 version via .symver),
# installed as the libc.so.6 of a small sysroot, reached through a libc.so
# linker script that uses the sysroot's own absolute prefix, -l and
# AS_NEEDED; the scan must match readelf exactly.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/sysroot.sh"
cat >"$T/fix.c" <<'C'
int foo_v1(void) { return 1; }
int foo_v2(void) { return 2; }
__asm__(".symver foo_v1, foo@VERS_1");
__asm__(".symver foo_v2, foo@@VERS_2");
int bar(void) { return 3; }
int baz(void) { return 4; }
int data_object = 5;
static int local_fn(void) { return 6; }
int (*use_local)(void) = local_fn;
C
cat >"$T/fix.map" <<'M'
VERS_1 { global: foo; bar; local: *; };
VERS_2 { global: foo; baz; data_object; use_local; } VERS_1;
M
cat >"$T/extra.c" <<'C'
int extra_fn(void) { return 7; }
C
make_sysroot "$T/sr"
L=$T/sr/usr/lib/x86_64-linux-gnu
gcc -shared -fPIC -o "$L/libc.so.6" -Wl,-soname,libc.so.6 -Wl,--version-script="$T/fix.map" "$T/fix.c"
gcc -shared -fPIC -o "$L/libextra.so" "$T/extra.c"
gcc -shared -fPIC -o "$L/ldfix.so" "$T/extra.c" -Wl,-soname,ldfix.so
# a script as a cross prefix writes it: absolute paths under the sysroot's root
echo "/* GNU ld script */ GROUP ( $L/libc.so.6 -lextra AS_NEEDED ( ldfix.so ) )" >"$L/libc.so"
"$SYSCOV" scan "$T/sr" --no-man --db "$DB" -q || fail "scan exited $?"
readelf --dyn-syms -W "$L/libc.so.6" | readelf_funcs >"$T/want"
db_funcs /libc.so.6 >"$T/got"
same "$T/want" "$T/got" "fixture vs readelf"
cat >"$T/exp" <<'X'
bar|VERS_1|1
baz|VERS_2|1
foo|VERS_1|0
foo|VERS_2|1
X
same "$T/exp" "$T/got" "fixture vs expected versions"
[ "$(q "SELECT group_concat(path || ':' || ifnull(soname, '-') || ':' || kind, ' ') FROM (SELECT * FROM libc_lib ORDER BY id)")" = \
  "/usr/lib/x86_64-linux-gnu/libc.so.6:libc.so.6:shared /usr/lib/x86_64-linux-gnu/libextra.so:-:shared /usr/lib/x86_64-linux-gnu/ldfix.so:ldfix.so:shared" ] ||
	fail "libs: $(q 'SELECT path, soname, kind FROM libc_lib')"
[ "$(q "SELECT count(*) FROM libc_symbol WHERE name = 'extra_fn'")" = 2 ] || fail "extra_fn via -l and AS_NEEDED"
[ "$(q "SELECT libc_flavour FROM scan")" = unknown ] || fail "flavour of a non-libc"
q "SELECT libc_how FROM scan" | grep -q 'no GLIBC_ version node' || fail "how: $(q 'SELECT libc_how FROM scan')"
echo "ok: fixture"
