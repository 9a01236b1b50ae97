#!/bin/bash
# Benchmark of `syscov usage`: a scan of ELF files with a fresh DB (no file
# cached), `objdump -d` over the same files, and a rescan after one
# package's files changed (their stored identity altered in the DB, as a
# changed file's would differ: the machine's files are not touched).
# Prints files, seconds, files per second, the ratio to objdump and the
# rescan's share of the cold scan, the median of RUNS runs each, in wall
# time and in CPU time (user + sys: on a machine others load, the fairer
# ratio), and the scan's peak RSS.
# Usage: scripts/bench-usage.sh SYSCOV [DIR...]   (default: /usr/bin /usr/sbin;
#        give / for the whole machine; RUNS=3)
# SAMPLE=F (0 < F < 1): objdump reads a random sample of the files instead,
# stratified by directory (the first three components of the path, four
# under /usr/lib: each stratum's files in random order until F of its
# bytes), and its time is the sample's scaled stratum by stratum to all
# bytes: objdump over a whole machine takes an hour on 2 cores.
set -eu
syscov=${1:?syscov binary}
shift
dirs=("${@:-/usr/bin /usr/sbin}")
runs=${RUNS:-3}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# secs WALL CPU CMD...: appends the wall and CPU seconds of CMD
secs() {
	local w=$1 c=$2 e u s m
	shift 2
	/usr/bin/time -f '%e %U %S %M' -o "$t/time" "$@" >/dev/null 2>&1 || true
	read -r e u s m <"$t/time"
	echo "$e" >>"$w"
	echo "$u + $s" | bc >>"$c"
	echo "$m" >>"$t/rss"
}
for i in $(seq "$runs"); do
	rm -f "$t/u.db"*
	secs "$t/cold" "$t/cold.cpu" "$syscov" -q --db "$t/u.db" usage / ${dirs[*]}
	# objdump reads the ELF files the scan stored (the dirs walked
	# recursively, as the scan walks them)
	sqlite3 "$t/u.db" "SELECT path FROM usage_file ORDER BY path" >"$t/files"
	if [ -z "${SAMPLE:-}" ]; then
		secs "$t/objdump" "$t/objdump.cpu" xargs -a "$t/files" -n 50 objdump -d
		continue
	fi
	# the strata's bytes, then each one's files in random order until F
	sqlite3 -separator ' ' "$t/u.db" "SELECT path, size FROM usage_file ORDER BY random()" |
		awk -v f="$SAMPLE" '
		{ n = split($1, c, "/"); s = "/" c[2] "/" c[3] (c[3] == "lib" && n > 4 ? "/" c[4] : "")
		  p[NR] = $1; z[NR] = $2; st[NR] = s; all[s] += $2 }
		END { for (i = 1; i <= NR; i++) if (got[st[i]] < f * all[st[i]]) {
			print st[i], p[i], z[i], all[st[i]]; got[st[i]] += z[i] } }' >"$t/sample"
	: >"$t/objdump.w" && : >"$t/objdump.c"
	for st in $(cut -d' ' -f1 "$t/sample" | sort -u); do
		awk -v s="$st" '$1 == s { print $2 }' "$t/sample" >"$t/sfiles"
		secs "$t/objdump.w" "$t/objdump.c" xargs -a "$t/sfiles" -n 50 objdump -d
		# scaled by the stratum's bytes over the sample's
		awk -v s="$st" '$1 == s { g += $3; a = $4 } END { print a / g }' "$t/sample" >>"$t/scale"
	done
	paste -d' ' "$t/objdump.w" "$t/scale" | awk '{ v += $1 * $2 } END { print v }' >>"$t/objdump"
	paste -d' ' "$t/objdump.c" "$t/scale" | awk '{ v += $1 * $2 } END { print v }' >>"$t/objdump.cpu"
	rm -f "$t/scale"
	echo "objdump: a sample of $(wc -l <"$t/sample") files, $(awk '{ g += $3 } END { printf "%.0f", g / 1e6 }' "$t/sample") MB, in $(cut -d' ' -f1 "$t/sample" | sort -u | wc -l) strata"
done
n=$(wc -l <"$t/files")
# the rescan after one package changed: the package of the first file
pkg=$(sqlite3 "$t/u.db" "SELECT package FROM usage_file WHERE package IS NOT NULL ORDER BY path LIMIT 1")
for i in $(seq "$runs"); do
	sqlite3 "$t/u.db" "UPDATE usage_file SET mtime_ns = mtime_ns + 1 WHERE package = '$pkg'"
	secs "$t/re" "$t/re.cpu" "$syscov" -q --db "$t/u.db" usage / ${dirs[*]}
done
echo "files: $n ELF (${dirs[*]}); syscov's peak RSS $(sort -n "$t/rss" | tail -1) KB"
for k in "" .cpu; do
	cold=$(median <"$t/cold$k") obj=$(median <"$t/objdump$k") re=$(median <"$t/re$k")
	echo "${k:-.wall}:"
	echo "  syscov usage cold: $cold s, $(echo "$n / $cold" | bc -l | xargs printf '%.1f') files/s"
	echo "  objdump -d:        $obj s; syscov/objdump = $(echo "$cold / $obj" | bc -l | xargs printf '%.2f')"
	echo "  rescan after package $pkg changed: $re s = $(echo "100 * $re / $cold" | bc -l | xargs printf '%.1f')% of cold"
done
