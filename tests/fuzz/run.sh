#!/bin/bash
# run.sh FUZZER TARGET: runs one libFuzzer binary for $SYSCOV_FUZZ_TIME
# seconds (default 60) from its committed seed corpus, new inputs going to a
# scratch dir so the committed corpus stays as it is. A crash fails the test
# and leaves its input in $BUILDDIR/fuzz-artifacts/ (copy it to
# tests/fuzz/regress/TARGET/ once fixed).
set -eu
bin=$1 target=$2
: "${SRCDIR:?}" "${BUILDDIR:?}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
art=$BUILDDIR/fuzz-artifacts/$target
mkdir -p "$art"
"$bin" -max_total_time="${SYSCOV_FUZZ_TIME:-60}" -timeout=20 -rss_limit_mb=2048 \
	-max_len=1048576 -print_final_stats=1 -artifact_prefix="$art/" \
	"$work" "$SRCDIR/tests/fuzz/corpus/$target" 2>"$work/log" || {
	tail -60 "$work/log"
	echo "FAIL: fuzz_$target crashed; input in $art" >&2
	exit 1
}
grep -E '^(stat::number_of_executed_units|stat::new_units_added|#[0-9]+ *DONE)' "$work/log" || true
