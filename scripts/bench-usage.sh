#!/bin/bash
# Benchmark of `syscov usage`: a scan of ELF files with a fresh DB (no file
# cached), `objdump -d` over the same files, and a rescan after one
# package's files changed (their stored identity altered in the DB, as a
# changed file's would differ: the machine's files are not touched). Prints files, seconds, files per
# second, the ratio to objdump and the rescan's share of the cold scan,
# the median of RUNS runs each.
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
secs() { local s; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; echo "$(date +%s.%N) - $s" | bc; }
# the ELF files both tools read
for d in ${dirs[*]}; do
	find "$d" -maxdepth 1 -type f -size +63c | while read -r f; do
		head -c 4 "$f" | grep -q ELF && echo "$f"
	done
done >"$t/files"
n=$(wc -l <"$t/files")
for i in $(seq "$runs"); do
	rm -f "$t/u.db"*
	secs "$syscov" -q --db "$t/u.db" usage / ${dirs[*]} >>"$t/cold"
	secs xargs -a "$t/files" -n 50 objdump -d >>"$t/objdump"
done
# the rescan after one package changed: the package of the first file
pkg=$(sqlite3 "$t/u.db" "SELECT package FROM usage_file WHERE package IS NOT NULL ORDER BY path LIMIT 1")
for i in $(seq "$runs"); do
	sqlite3 "$t/u.db" "UPDATE usage_file SET mtime_ns = mtime_ns + 1 WHERE package = '$pkg'"
	secs "$syscov" -q --db "$t/u.db" usage / ${dirs[*]} >>"$t/re"
done
cold=$(median <"$t/cold") obj=$(median <"$t/objdump") re=$(median <"$t/re")
echo "files: $n ELF (${dirs[*]})"
echo "syscov usage cold: $cold s, $(echo "$n / $cold" | bc -l | xargs printf '%.1f') files/s"
echo "objdump -d:        $obj s; syscov/objdump = $(echo "$cold / $obj" | bc -l | xargs printf '%.2f')"
echo "rescan after package $pkg changed: $re s = $(echo "100 * $re / $cold" | bc -l | xargs printf '%.1f')% of cold"
