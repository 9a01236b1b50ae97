# bench-lib.sh: the timing helpers and the inputs of scripts/bench.sh and
# scripts/bench-ab.sh, sourced by both. They use $RUNS (runs per figure)
# and $W (a scratch dir the caller made and removes).

# ms_of CMD...: one run's "wall cpu" times in ms (cpu = user + sys of the
# command and its children: what a busy shared machine does not inflate),
# output discarded; wall to the microsecond (EPOCHREALTIME), as the
# smallest figures are a few ms
ms_of() {
	local t
	# a failed run is left out (and said on stderr): an older syscov
	# without -j still gets its other figures
	t=$( {
		TIMEFORMAT='%3U %3S'
		s=$EPOCHREALTIME
		time "$@" >/dev/null 2>&1
		r=$?
		echo "wall $s $EPOCHREALTIME"
		exit $r
	} 2>&1 ) || { echo "bench: failed: $*" >&2; return 0; }
	awk '$1 == "wall" { w = ($3 - $2) * 1000 } $1 != "wall" { c = ($1 + $2) * 1000 }
		END { printf "%.3f %.3f\n", w, c }' <<<"$t"
}
# median of column 1 (wall) and column 2 (cpu) of "wall cpu" lines
median() {
	local in
	in=$(cat)
	[ -n "$in" ] || { echo "failed failed"; return; }
	for col in 1 2; do
		cut -d' ' -f$col <<<"$in" | sort -n |
			awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.1f", m}'
		[ $col = 1 ] && printf ' '
	done
	echo
}
# median_ms CMD...: the medians of $RUNS runs, "wall cpu"
median_ms() { for _ in $(seq "$RUNS"); do ms_of "$@"; done | median; }
# rounds FN...: $RUNS rounds, each running every FN (a shell function) once,
# into $W/FN.ms: a figure and the floor it is compared with run in turn, so
# that the machine's drift (this VM's speed moves ~20% within an hour)
# touches both alike. Then `of FN` gives the medians.
rounds() {
	local fn
	for _ in $(seq "$RUNS"); do
		for fn in "$@"; do ms_of "$fn" >>"$W/$fn.ms"; done
		rm -f "$W"/fresh.*
	done
}
of() { median <"$W/$1.ms"; }
# ratio "wall cpu" "wall cpu": both ratios
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { split(a, x, " "); split(b, y, " ")
		if (y[1] + 0 > 0 && y[2] + 0 > 0) printf "%.2fx wall, %.2fx cpu", x[1] / y[1], x[2] / y[2]; else print "n/a" }'
}
row() { printf '%-46s %9s %9s ms  %s\n' "$1" "${2% *}" "${2#* }" "${3:-}"; }
sum() { awk '{w += $1; c += $2} END { printf "%.1f %.1f\n", w, c }'; }
# fresh CMD...: CMD into a new DB, one no run has used: nothing is deleted
# inside the timing (an rm is a process start, ~2 ms here, most of the
# tree figure's floor); rounds() deletes them between rounds
fresh() { "$@" --db "$W/fresh.$BASHPID.db"; }
# matrix_sysroots: the Debian cross matrix (scripts/matrix.list) that is
# installed, into the array `cross`
matrix_sysroots() {
	local t
	cross=()
	for t in $(grep -v '^#' "$(dirname "${BASH_SOURCE[0]}")/matrix.list"); do
		[ -d "/usr/$t/include" ] && cross+=("/usr/$t")
	done
	return 0
}
# kernel_tree BUILD_DIR: the kernel tree to scan: $KSRC, else
# tests/ktable/extract.sh's cache in BUILD_DIR (extracted on first use);
# nothing if neither is there
kernel_tree() {
	if [ -n "${KSRC:-}" ]; then
		[ -d "$KSRC" ] && echo "$KSRC"
	elif "$TOP/tests/ktable/extract.sh" "$1/ktable-linux-6.1" >/dev/null 2>&1; then
		echo "$1/ktable-linux-6.1/linux-source-6.1"
	fi
	return 0
}
