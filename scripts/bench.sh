#!/bin/bash
# Benchmark: medians of several runs of syscov's main workloads beside the
# floor, the cost of merely reading the same inputs with standard tools, and
# each figure's ratio to its floor. Usage: scripts/bench.sh [RUNS] (default 5).
# Needs a built ./build/syscov (or $SYSCOV) and the packages of install-deps.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
SYSCOV=${SYSCOV:-$PWD/build/syscov}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export SYSCOV_DB=$W/bench.db

# median_ms CMD...: runs CMD $RUNS times, prints the median wall time in ms
median_ms() {
	local t=()
	for _ in $(seq "$RUNS"); do
		local s=$(date +%s%N)
		"$@" >/dev/null 2>&1
		t+=($(( ($(date +%s%N) - s) / 1000 )))
	done
	printf '%s\n' "${t[@]}" | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.1f\n", m/1000}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
row() { printf '%-44s %9s ms  %s\n' "$1" "$2" "${3:-}"; }

cross=()
for d in /usr/aarch64-linux-gnu /usr/arm-linux-gnueabihf /usr/riscv64-linux-gnu \
	/usr/powerpc64le-linux-gnu /usr/s390x-linux-gnu /usr/mips64el-linux-gnuabi64 \
	/usr/mipsel-linux-gnu /usr/i686-linux-gnu; do
	[ -d "$d/include" ] && cross+=("$d")
done

echo "syscov benchmark: $RUNS runs each, medians; $(nproc) cores; $(date -u +%F)"
# floors: the standard tools reading the same inputs
man2=$(ls /usr/share/man/man2/*.gz | wc -l)
f_zcat=$(median_ms sh -c 'zcat /usr/share/man/man2/*.gz')
f_readelf=$(median_ms readelf --dyn-syms -W /lib/x86_64-linux-gnu/libc.so.6)
hdrs=$(sed -n 's/^\([a-z].*\.h\)$/#include <\1>/p' data/headers.list 2>/dev/null | sort -u)
printf '#define _GNU_SOURCE\n%s\n' "$hdrs" >"$W/tu.c"
f_clang=$(median_ms clang-14 -fsyntax-only -w "$W/tu.c")
f_uapi=$(median_ms sh -c 'echo "#include <asm/unistd.h>" | gcc -dM -E -')
floor=$(awk -v a="$f_zcat" -v b="$f_readelf" -v c="$f_clang" -v d="$f_uapi" 'BEGIN{printf "%.1f", a+b+c+d}')
row "floor: zcat of $man2 man2 pages" "$f_zcat"
row "floor: readelf --dyn-syms libc.so.6" "$f_readelf"
row "floor: clang -fsyntax-only header TU" "$f_clang"
row "floor: gcc -dM -E <asm/unistd.h>" "$f_uapi"
row "floor: sum" "$floor"

rm -f "$SYSCOV_DB"*
cold=$(median_ms sh -c "rm -f '$SYSCOV_DB'*; '$SYSCOV' audit / -q -o '$W/rep'")
row "cold audit of / (fresh DB)" "$cold" "$(ratio "$cold" "$floor")x floor"
"$SYSCOV" audit / -q -o "$W/rep" >/dev/null 2>&1 || true
warm=$(median_ms "$SYSCOV" audit / -q -o "$W/rep")
row "repeat audit of /, unchanged inputs" "$warm" "$(ratio "$warm" "$cold")x cold"
"$SYSCOV" scan / -v 2>&1 | awk '/: [0-9.]+ ms$/ {printf "  share: %-38s %9s ms\n", $2, $3}' | tr -d ':' || true

if [ ${#cross[@]} -gt 0 ]; then
	seq_ms=$(median_ms sh -c "rm -f '$SYSCOV_DB'*; '$SYSCOV' audit ${cross[*]} -q -o '$W/rep' -j1")
	par_ms=$(median_ms sh -c "rm -f '$SYSCOV_DB'*; '$SYSCOV' audit ${cross[*]} -q -o '$W/rep' -j2")
	row "cross matrix (${#cross[@]} sysroots), -j1" "$seq_ms"
	row "cross matrix (${#cross[@]} sysroots), -j2" "$par_ms" "$(ratio "$par_ms" "$seq_ms")x sequential"
fi

ksrc=${KSRC:-}
if [ -z "$ksrc" ] && [ -f /usr/src/linux-source-6.1.tar.xz ]; then
	tar -xf /usr/src/linux-source-6.1.tar.xz -C "$W" --wildcards \
		'linux-source-6.1/arch/*' 'linux-source-6.1/include/uapi/*' \
		'linux-source-6.1/scripts/*.tbl' 'linux-source-6.1/Makefile' 2>/dev/null || true
	ksrc=$W/linux-source-6.1
fi
if [ -d "$ksrc" ]; then
	f_cat=$(median_ms sh -c "find '$ksrc/arch' -name '*.tbl' -exec cat {} + ; cat '$ksrc/include/uapi/asm-generic/unistd.h'")
	tree=$(median_ms "$SYSCOV" scan --kernel-src "$ksrc" -q)
	row "floor: cat of the tree's table files" "$f_cat"
	row "kernel-tree scan, all arches" "$tree" "$(ratio "$tree" "$f_cat")x floor"
fi

rss=$( { /usr/bin/time -f '%M' "$SYSCOV" audit / -q -o "$W/rep" >/dev/null; } 2>&1 | tail -1)
printf '%-44s %9s KiB\n' "peak RSS, audit of /" "$rss"
