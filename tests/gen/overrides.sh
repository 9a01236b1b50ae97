#!/bin/bash
# A bad line of gen_overrides.tsv (data/, or $SYSCOV_DATA_DIR's) stops gen
# with its line number and the column at fault: the name, its @arch, the
# use, the prototype; the shipped file loads.
. "$SRCDIR/tests/lib.sh"
export SYSCOV_DB=$T/db
"$SYSCOV" scan / --no-man -q || fail "scan /"
ok
"$SYSCOV" gen --only kcmp -o "$T/ok.h" -q 2>"$T/err" || fail "gen with the shipped data: $(cat "$T/err")"
ok
n=$(($(wc -l <"$SRCDIR/data/gen_overrides.tsv") + 1))
long=$(printf '%0129d' 0 | tr 0 a)
# bad LINE PATTERN: gen with LINE added to a copy of data/ fails saying PATTERN
bad() {
	rm -rf "$T/data"
	cp -r "$SRCDIR/data" "$T/data"
	printf '%s\n' "$1" >>"$T/data/gen_overrides.tsv"
	SYSCOV_DATA_DIR=$T/data expect_rc 3 "$SYSCOV" gen --only kcmp -o "$T/bad.h" -q
	expect_err "gen_overrides.tsv:$n: $2"
}
bad "$(printf 'kcmp\tfallback\tlong')" 'needs 5 tab-separated columns'
bad "$(printf '%s\tfallback\tlong\tint a\tx' "$long")" 'the name is not a C identifier'
bad "$(printf 'kcmp-2\tfallback\tlong\tint a\tx')" 'the name is not a C identifier'
bad "$(printf 'kcmp@vax\tfallback\tlong\tint a\tx')" "no such arch after '@'"
bad "$(printf 'kcmp\tsometimes\tlong\tint a\tx')" 'the use is neither fallback nor always'
bad "$(printf 'kcmp\talways\tlong\tint a,\tx')" ''
done_ok
