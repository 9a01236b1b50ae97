#!/bin/bash
# bad.sh: bad libcs fail with one clear line naming the file, exit 3, no
# crash (the ASan build runs this too), and leave the DB as it was: each case
# first scans a good libc into the DB, breaks it, rescans and compares dumps.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/sysroot.sh"
make_sysroot "$T/sr"
L=$T/sr/usr/lib/x86_64-linux-gnu
echo 'int f(void) { return 1; }' >"$T/f.c"
gcc -shared -fPIC -o "$T/good.so" -Wl,-soname,libc.so.6 "$T/f.c"
echo 'int d = 1;' >"$T/d.c"
gcc -shared -fPIC -o "$T/nofunc.so" "$T/d.c"

# expect NAME REGEX ARGS...: the scan fails with exit 3 and one stderr line
# matching REGEX; the DB is unchanged.
expect() {
	local name=$1 re=$2
	shift 2
	local rc=0
	"$SYSCOV" scan "$T/sr" --no-man --db "$DB" -q "$@" 2>"$T/err" || rc=$?
	[ $rc = 3 ] || { cat "$T/err" >&2; fail "$name: exit $rc, not 3"; }
	[ "$(wc -l <"$T/err")" = 1 ] || { cat "$T/err" >&2; fail "$name: not one line"; }
	grep -Eq "$re" "$T/err" || fail "$name: '$(cat "$T/err")' does not match /$re/"
	sqlite3 "$DB" .dump >"$T/after"
	cmp -s "$T/before" "$T/after" || fail "$name: DB changed"
	echo "ok: $name: $(cat "$T/err")"
}

reset() {
	rm -f "$DB" "$L"/libc.so* "$L"/loop*.so
	cp "$T/good.so" "$L/libc.so.6"
	"$SYSCOV" scan "$T/sr" --no-man --db "$DB" -q || fail "good scan exited $?"
	[ "$(q "SELECT count(*) FROM libc_symbol WHERE name = 'f'")" = 1 ] || fail "good scan"
	sqlite3 "$DB" .dump >"$T/before"
	rm -f "$L/libc.so.6"
}

reset; head -c 3000 /lib/x86_64-linux-gnu/libc.so.6 >"$L/libc.so.6"
expect truncated 'libc\.so\.6: .*(ELF|section|invalid|out of range)'

reset; cp /usr/aarch64-linux-gnu/lib/libc.so.6 "$L/libc.so.6"
expect other-arch 'libc\.so\.6: ELF for aarch64, but the scan is for x86_64' --arch x86_64

reset; cp /usr/i686-linux-gnu/lib/libc.so.6 "$L/libc.so.6"
expect other-class 'libc\.so\.6: ELF for i386, but the scan is for x86_64'

reset; printf 'this is not a library\n' >"$L/libc.so.6"
expect text-file 'libc\.so\.6: neither an ELF object'

reset; : >"$L/libc.so.6"
expect empty-file 'libc\.so\.6: empty file'

reset; cp "$T/nofunc.so" "$L/libc.so.6"
expect no-functions 'libc\.so\.6: the libc defines no functions'

reset; echo 'GROUP ( loop2.so )' >"$L/libc.so"; echo 'INPUT ( libc.so )' >"$L/loop2.so"
expect script-loop 'loop2\.so: linker script loop back to .*/libc\.so$'

reset; echo 'GROUP ( ../../../../../../../../etc/passwd )' >"$L/libc.so"
expect script-escape 'etc/passwd: path escapes the sysroot'

reset; echo 'GROUP ( /usr/lib/x86_64-linux-gnu/nothere.so.6 )' >"$L/libc.so"
expect script-missing 'nothere\.so\.6: No such file'

reset; cp "$T/good.so" "$L/libc.so.6"; echo 'GROUP ( libc.so.6 ' >"$L/libc.so"
expect script-unbalanced "libc\.so: linker script: unbalanced '\('"

reset; ln -s ../../../../../../../etc/passwd "$L/libc.so.6"
expect link-escape 'libc\.so\.6: path escapes the sysroot'

# a broken optional library beside a glibc (librt.so.1) is a diag row, not an
# error, and none of its rows stay behind
rm -f "$DB" "$L"/libc.so*
echo 'GLIBC_2.36 { global: f; local: *; };' >"$T/g.map"
gcc -shared -fPIC -o "$L/libc.so.6" -Wl,-soname,libc.so.6 -Wl,--version-script="$T/g.map" "$T/f.c"
head -c 3000 /lib/x86_64-linux-gnu/librt.so.1 >"$L/librt.so.1"
"$SYSCOV" scan "$T/sr" --no-man --db "$DB" -q || fail "scan with a bad librt exited $?"
[ "$(q "SELECT libc_flavour || ' ' || libc_version FROM scan")" = "glibc 2.36" ] || fail "glibc fixture"
q "SELECT path || ': ' || message FROM diag WHERE source = 'elf'" | grep -q 'librt\.so\.1: .*truncated' ||
	fail "no diag for librt: $(q 'SELECT * FROM diag')"
[ "$(q "SELECT count(*) FROM libc_lib WHERE path LIKE '%librt%'")" = 0 ] || fail "librt rows left"
echo "ok: extra-lib-diag"
