# tests/lib.sh: helpers for the shell tests. Source it; it sets -eu, makes
# $T (a temp dir removed at exit) and counts checks so that every test
# prints "N passed, 0 failed" and exits non-zero on the first failure.
set -eu
: "${SYSCOV:?SYSCOV must name the syscov binary}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
PASS=0

fail() { echo "FAIL: $*" >&2; echo "$PASS passed, 1 failed"; exit 1; }
ok() { PASS=$((PASS + 1)); }
# expect_eq WHAT EXPECTED ACTUAL
expect_eq() { [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"; ok; }
# expect_rc CODE CMD...: runs CMD, checks its exit code, keeps stderr in $T/err
expect_rc() {
	local want=$1 rc=0
	shift
	"$@" >"$T/out" 2>"$T/err" || rc=$?
	[ "$rc" = "$want" ] || fail "$*: exit $rc, expected $want; stderr: $(cat "$T/err")"
	ok
}
# expect_err PATTERN: the last command's stderr is one line matching PATTERN
expect_err() {
	[ "$(wc -l <"$T/err")" -eq 1 ] || fail "expected a one-line error, got: $(cat "$T/err")"
	grep -q -- "$1" "$T/err" || fail "error '$(cat "$T/err")' does not match '$1'"
	ok
}
done_ok() { echo "$PASS passed, 0 failed"; }
