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
#        give /usr/lib etc. for all; RUNS=3)
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
	local w=$1 c=$2
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
	secs "$t/objdump" "$t/objdump.cpu" xargs -a "$t/files" -n 50 objdump -d
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
