#!/bin/sh
# cases.sh KPP_RUN: kpp against gcc's preprocessor on the test headers.
# values.h: every R_* macro has the value gcc gives it (gcc -dM -E lists
# them, gcc -E expands each, the host compiler evaluates the expressions),
# and R_NC_* are not integer constants for kpp. table.h: the __SYSCALL(nr,
# entry) invocations of live lines, in order, are those gcc -E prints with
# __SYSCALL defined to show them (the entry as written: pasted). errors/*.h:
# gcc and kpp both refuse each, kpp with one "file:line: error:" line at the
# line gcc names.
. "$SRCDIR/tests/lib.sh"
run=$1
C=$SRCDIR/tests/kpp/cases

# values.h
"$run" eval "$C" values.h >"$T/kpp" || fail "kpp failed on values.h: $(cat "$T/kpp")"
echo '#include <values.h>' >"$T/in.c"
gcc -nostdinc -I"$C" -dM -E "$T/in.c" |
	awk '$1 == "#define" && $2 ~ /^R_/ && $2 !~ /^R_NC_/ { print $2 }' | sort -u >"$T/names"
[ "$(wc -l <"$T/names")" -gt 50 ] || fail "only $(wc -l <"$T/names") R_ macros from gcc"
{ echo '#include <values.h>'; awk '{ printf "SYSCOV_R \"%s\" (%s)\n", $1, $1 }' "$T/names"; } >"$T/expand.c"
gcc -nostdinc -I"$C" -E -P "$T/expand.c" 2>/dev/null | grep '^SYSCOV_R ' >"$T/exprs"
{
	echo '#include <stdio.h>'
	echo 'int main(void) {'
	sed 's/^SYSCOV_R \("[^"]*"\) \(.*\)$/printf("%s %lld\\n", \1, (long long)(\2));/' "$T/exprs"
	echo 'return 0; }'
} >"$T/eval.c"
cc -w -o "$T/eval" "$T/eval.c"
"$T/eval" | sort >"$T/gcc"
grep -v '^R_NC_' "$T/kpp" | sort >"$T/kpp.values"
diff -u "$T/gcc" "$T/kpp.values" || fail "values.h: kpp differs from gcc (- gcc, + kpp)"
ok
# every R_NC_* of values.h is printed, each as not an integer constant
nc=$(grep -c '^R_NC_.* ?$' "$T/kpp" || true)
expect_eq "values.h: R_NC_* not integer constants" \
	"$(grep -c '^#define R_NC_' "$C/values.h")" "$nc"
expect_eq "values.h: R_NC_* printed" "$nc" "$(grep -c '^R_NC_' "$T/kpp")"

# table.h
"$run" eval "$C" table.h | awk '$1 == "E" { print $2, $3 }' >"$T/kpp.table"
gcc -nostdinc -I"$C" -E -P -D'__SYSCALL(nr, e)=SYSCOV_E (nr) SYSCOV_##e;' -x c "$C/table.h" |
	tr ';' '\n' | sed -n 's/.*SYSCOV_E \(.*\) SYSCOV_\([A-Za-z0-9_]*\).*/\1|\2/p' |
	while IFS='|' read -r expr entry; do echo "$(($expr)) $entry"; done >"$T/gcc.table"
[ -s "$T/gcc.table" ] || fail "no __SYSCALL from gcc"
diff -u "$T/gcc.table" "$T/kpp.table" || fail "table.h: kpp's entries differ from gcc's (- gcc, + kpp)"
ok

# errors/*.h
for f in "$SRCDIR"/tests/kpp/errors/*.h; do
	h=$(basename "$f")
	gl=$(gcc -nostdinc -I"$SRCDIR/tests/kpp/errors" -E -o /dev/null -x c "$f" 2>&1 |
		sed -n "s|^[^ ]*$h:\([0-9]*\):\([0-9]*:\)\{0,1\} \(fatal \)\{0,1\}error: .*|\1|p" | head -1)
	[ -n "$gl" ] || fail "$h: gcc gives no error"
	rc=0
	"$run" eval "$SRCDIR/tests/kpp/errors" "$h" >/dev/null 2>"$T/err" || rc=$?
	[ $rc = 1 ] || fail "$h: kpp exit $rc, expected 1: $(cat "$T/err")"
	[ "$(wc -l <"$T/err")" = 1 ] || fail "$h: not one line: $(cat "$T/err")"
	grep -q "/$h:$gl: error: " "$T/err" || fail "$h: gcc names line $gl, kpp: $(cat "$T/err")"
	ok
done
done_ok
