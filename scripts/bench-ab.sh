#!/bin/bash
# Benchmark of two syscov binaries against each other: the kernel-tree scan,
# the cold audit of / and the cross matrix (-j1, -j2), each run by the two
# in turn, round by round, so that the machine's drift (this VM's speed
# moves 10-20% between runs of scripts/bench.sh) touches both alike. Prints
# the medians and NEW's ratio to OLD; for the matrix also each one's -j2/-j1.
#
# Usage: scripts/bench-ab.sh OLD NEW [RUNS] (default 9). Build OLD from an
# older commit in a worktree of its own:
#   git worktree add /tmp/old COMMIT && cmake -S /tmp/old -B /tmp/old/build \
#     -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/old/build
# The kernel tree as in scripts/bench.sh: $KSRC, else tests/ktable/extract.sh's
# cache in NEW's build dir.
set -euo pipefail
cd "$(dirname "$0")/.."
TOP=$PWD
[ $# -ge 2 ] || { echo "usage: scripts/bench-ab.sh OLD NEW [RUNS]" >&2; exit 2; }
OLD=$1 NEW=$2 RUNS=${3:-9}
for b in "$OLD" "$NEW"; do
	[ -x "$b" ] || { echo "bench-ab: $b is not an executable" >&2; exit 2; }
done
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$TOP/scripts/bench-lib.sh"

echo "syscov A/B: $RUNS rounds, medians; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%F)"
echo "old: $OLD"
echo "new: $NEW"
printf '%-34s %9s %9s   %9s %9s\n' "" "old wall" "cpu" "new wall" "cpu"
# ab NAME: rounds of old_NAME and new_NAME, then a row with new's ratio
ab() {
	rounds "old_$1" "new_$1"
	local o n
	o=$(of "old_$1")
	n=$(of "new_$1")
	printf '%-34s %9s %9s   %9s %9s ms  %s new/old\n' "$2" "${o% *}" "${o#* }" "${n% *}" "${n#* }" \
		"$(ratio "$n" "$o")"
}

ksrc=$(kernel_tree "$(dirname "$NEW")")
if [ -n "$ksrc" ]; then
	old_tree() { fresh "$OLD" scan --kernel-src "$ksrc" -q; }
	new_tree() { fresh "$NEW" scan --kernel-src "$ksrc" -q; }
	ab tree "kernel-tree scan, all arches"
else
	echo "kernel-tree scan: skipped (no linux-source-6.1: apt-get install linux-source-6.1, or set KSRC)"
fi

old_cold() { fresh "$OLD" audit / -q -o "$W/rep"; }
new_cold() { fresh "$NEW" audit / -q -o "$W/rep"; }
ab cold "cold audit of /"

matrix_sysroots
if [ ${#cross[@]} -gt 0 ]; then
	old_j1() { fresh "$OLD" audit "${cross[@]}" -q -o "$W/rep" -j1; }
	new_j1() { fresh "$NEW" audit "${cross[@]}" -q -o "$W/rep" -j1; }
	old_j2() { fresh "$OLD" audit "${cross[@]}" -q -o "$W/rep" -j2; }
	new_j2() { fresh "$NEW" audit "${cross[@]}" -q -o "$W/rep" -j2; }
	ab j1 "cross matrix (${#cross[@]} sysroots), -j1"
	ab j2 "cross matrix (${#cross[@]} sysroots), -j2"
	echo "  -j2 / -j1: old $(ratio "$(of old_j2)" "$(of old_j1)"), new $(ratio "$(of new_j2)" "$(of new_j1)")"
fi
