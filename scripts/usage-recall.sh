#!/bin/bash
# strace recall of `syscov usage --need`: runs ordinary programs of this
# machine under strace -f and checks that every syscall strace shows is in
# the program's computed set. Needs a DB where `syscov usage /` scanned the
# machine and `syscov audit /` classified it.
# Usage: scripts/usage-recall.sh SYSCOV DB
set -u
syscov=${1:?syscov binary} db=${2:?database}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
echo hello >"$t/a.txt"
progs=(
	"ls -la /usr"
	"cat /etc/os-release"
	"cp $t/a.txt $t/b.txt"
	"mv $t/b.txt $t/c.txt"
	"rm -f $t/c.txt"
	"mkdir -p $t/d/e"
	"sort /etc/passwd"
	"grep root /etc/passwd"
	"sed -n 1p /etc/passwd"
	"gzip -c /etc/passwd"
	"tar -cf $t/x.tar -C /etc hostname"
	"find /etc -maxdepth 1 -name host*"
	"du -s /etc"
	"stat /etc/passwd"
	"date"
	"uname -a"
	"id"
	"wc -l /etc/passwd"
	"head -1 /etc/passwd"
	"md5sum /etc/passwd"
	"env"
	"sha256sum /etc/passwd"
	"readlink -f /usr/bin/cc"
	"xz -c /etc/passwd"
)
hits=0 total=0
for cmd in "${progs[@]}"; do
	set -- $cmd
	exe=$(readlink -f "$(command -v "$1")")
	strace -f -qq -o "$t/st" $cmd >/dev/null 2>&1
	sed -E 's/^[0-9]+ +//; s/^<\.\.\. ([a-z0-9_]+) resumed>.*/\1(/; s/\(.*//' "$t/st" |
		grep -E '^[a-z0-9_]+$' | grep -vx -E 'execve|exit' | sort -u >"$t/seen"
	"$syscov" --db "$db" usage --need "$exe" --format json >"$t/need.json" 2>"$t/err" ||
		{ echo "$1: $(cat "$t/err")"; continue; }
	python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["syscalls"]))' \
		"$t/need.json" | sort -u >"$t/set"
	n=$(wc -l <"$t/seen") miss=$(comm -23 "$t/seen" "$t/set" | tr '\n' ' ')
	m=$(comm -23 "$t/seen" "$t/set" | wc -l)
	total=$((total + n)) hits=$((hits + n - m))
	printf '%-10s %3d seen, %3d in the set; missed: %s\n' "$1" "$n" $((n - m)) "${miss:-none}"
done
echo "recall: $hits of $total ($(awk -v h=$hits -v t=$total 'BEGIN { printf "%.1f", 100 * h / t }')%)"
