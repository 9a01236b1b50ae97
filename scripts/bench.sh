#!/bin/bash
# Benchmark: medians of several runs of syscov's main workloads beside the
# floor, the cost of merely reading the same inputs with standard tools, and
# each figure's ratio to its floor (or to the figure it is measured against).
# The floors read exactly the files the scan recorded as its inputs (the
# input rows of a host scan): zcat of its man pages in one process, readelf of
# libc.so.6, clang -fsyntax-only of the same header TU (its `header` rows, in
# order, with syscov's flags), gcc -E of the UAPI table, cat of a kernel
# tree's table files.
#
# Usage: scripts/bench.sh [RUNS] (default 5). Needs the tools of
# scripts/install-deps.sh and a built syscov: $SYSCOV, else ./build/syscov.
# The kernel tree comes from tests/ktable/extract.sh's cache in the binary's
# build dir (extracted there on first use), or $KSRC.
set -euo pipefail
cd "$(dirname "$0")/.."
TOP=$PWD
RUNS=${1:-5}
SYSCOV=${SYSCOV:-$TOP/build/syscov}
[ -x "$SYSCOV" ] || { echo "bench: $SYSCOV is not built (cmake -S . -B build && make -C build), or set SYSCOV" >&2; exit 2; }
BUILD=$(dirname "$SYSCOV")
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
DB=$W/bench.db
CLANG=$(command -v clang-14 || command -v clang)

# the timing helpers: ms_of, median, rounds, of, ratio, row, sum, fresh;
# the inputs: matrix_sysroots, kernel_tree
. "$TOP/scripts/bench-lib.sh"

echo "syscov benchmark: $RUNS runs each, medians; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%F)"
echo "syscov: $SYSCOV"
printf '%-46s %9s %9s\n' "" "wall" "cpu"

# --- one host scan, to learn its inputs
"$SYSCOV" scan / -q --db "$DB"
q() { sqlite3 "$DB" "$1"; }
mapfile -t man_files < <(q "SELECT path FROM input WHERE kind='man' ORDER BY rowid")
mapfile -t hdr_files < <(q "SELECT path FROM input WHERE kind='header' ORDER BY rowid")
libc_so=$(q "SELECT path FROM input WHERE kind='libc' AND path LIKE '%libc.so.6' LIMIT 1")
res=$("$CLANG" -print-resource-dir)
triple=$(gcc -dumpmachine)
multi=$(gcc -print-multiarch)
{
	for h in "${hdr_files[@]}"; do printf '#include "%s"\n' "$h"; done
} >"$W/tu.c"
hdr_args=(-w -target "$triple" -nostdinc -std=gnu11 -D_GNU_SOURCE
	-isystem "$res/include" -isystem "/usr/include/$multi" -isystem /usr/include)
hdr_cmd=("$CLANG" -fsyntax-only "${hdr_args[@]}" "$W/tu.c")

# --- floors and the cold audit, in turn
audit=("$SYSCOV" audit / -q -o "$W/rep")
floor_zcat() { zcat -f "${man_files[@]}"; }
floor_readelf() { readelf --dyn-syms -W "$libc_so"; }
floor_clang() { "${hdr_cmd[@]}"; }
floor_uapi() { echo "#include <asm/unistd.h>" | gcc -dM -E -; }
# the machine-code pass's floor (not in the sum: the scan overlaps it with the others)
floor_objdump() { objdump -d --no-show-raw-insn "$libc_so"; }
cold_audit() { fresh "${audit[@]}"; }
rounds floor_zcat floor_readelf floor_clang floor_uapi floor_objdump cold_audit
f_zcat=$(of floor_zcat)
f_readelf=$(of floor_readelf)
f_clang=$(of floor_clang)
f_uapi=$(of floor_uapi)
floor=$(printf '%s\n' "$f_zcat" "$f_readelf" "$f_clang" "$f_uapi" | sum)
row "floor: zcat of ${#man_files[@]} man2 pages (one process)" "$f_zcat"
row "floor: readelf --dyn-syms libc.so.6" "$f_readelf"
row "floor: clang -fsyntax-only, ${#hdr_files[@]}-header TU" "$f_clang"
row "floor: gcc -dM -E <asm/unistd.h>" "$f_uapi"
row "floor: sum" "$floor"
f_objdump=$(of floor_objdump)
row "floor: objdump -d libc.so.6 (not in the sum)" "$f_objdump"

# --- the host audit: cold (fresh DB), repeat (unchanged inputs)
cold=$(of cold_audit)
row "cold audit of / (fresh DB)" "$cold" "$(ratio "$cold" "$floor") floor sum"
"${audit[@]}" --db "$DB" >/dev/null
warm=$(median_ms "${audit[@]}" --db "$DB")
row "repeat audit of /, unchanged inputs" "$warm" "$(ratio "$warm" "$cold") cold"

# --- each scanner's share of a cold scan (-v timings), beside its floor
for _ in $(seq "$RUNS"); do
	rm -f "$DB" "$DB"-wal "$DB"-shm
	"$SYSCOV" audit / -v --db "$DB" -o "$W/rep" 2>&1 >/dev/null |
		sed -n -e 's/^syscov: \(ktable\|libc-elf\|man\|headers\): \([0-9.]*\) ms$/\1 \2/p' \
			-e 's/^syscov: libc-code: .* followed in \([0-9.]*\) ms on a thread$/libc-code \1/p' \
			-e 's/^syscov: classify [^:]*: .* in \([0-9.]*\) ms$/classify \1/p'
done >"$W/shares"
for s in ktable libc-elf libc-code man headers classify; do
	m=$(awk -v s="$s" '$1 == s {print $2, $2}' "$W/shares" | median)
	case $s in
	ktable) f=$f_uapi ;; libc-elf) f=$f_readelf ;; man) f=$f_zcat ;; headers) f=$f_clang ;;
	libc-code) f=$f_objdump ;; *) f=0 ;;
	esac
	[ "$f" = 0 ] || f="${f% *} ${f% *}" # in-process wall against the floor's wall
	# a share is in-process wall time: both columns show it
	row "  share: $s (-v, wall)" "$m" "$( [ "$f" = 0 ] || echo "$(ratio "$m" "$f" | cut -d, -f1) its floor")"
done

# --- a saved AST of the same header TU: what it would save a rescan, what
# saving it would cost the scan before (scripts/bench-ast.c)
llvm=$(command -v llvm-config-14 || command -v llvm-config)
cc -O2 -I"$("$llvm" --includedir)" scripts/bench-ast.c -L"$("$llvm" --libdir)" -lclang \
	-Wl,-rpath,"$("$llvm" --libdir)" -o "$W/bench-ast"
"$W/bench-ast" "$RUNS" "$W/tu.ast" "$W/tu.c" "${hdr_args[@]}"

rss=$( { fresh /usr/bin/time -f '%M' "${audit[@]}" >/dev/null; } 2>&1 | tail -1)
printf '%-46s %9s MiB\n' "peak RSS, cold audit of /" "$(awk -v k="$rss" 'BEGIN{printf "%.1f", k/1024}')"

# --- the Debian cross matrix of scripts/publish-reports.sh, -j1 and -j2
matrix_sysroots
if [ ${#cross[@]} -gt 0 ]; then
	mx=("$SYSCOV" audit "${cross[@]}" -q -o "$W/rep")
	matrix_j1() { fresh "${mx[@]}" -j1; }
	matrix_j2() { fresh "${mx[@]}" -j2; }
	# the floor of any -j2 on this machine: the matrix's two halves as two
	# independent -j1 audits (own DBs, own report dirs) at the same time;
	# nothing shared, nothing serial, so their ratio to -j1 is what two
	# cores give two processes here
	half() {
		local t=() i
		for i in "${!cross[@]}"; do [ $((i % 2)) = "$1" ] && t+=("${cross[$i]}"); done
		fresh "$SYSCOV" audit "${t[@]}" -q -o "$W/rep$1" -j1
	}
	matrix_halves() { half 0 & half 1; wait $!; }
	rounds matrix_j1 matrix_j2 matrix_halves
	seq_ms=$(of matrix_j1)
	par_ms=$(of matrix_j2)
	halves_ms=$(of matrix_halves)
	row "cross matrix audit (${#cross[@]} sysroots), -j1" "$seq_ms"
	row "cross matrix audit (${#cross[@]} sysroots), -j2" "$par_ms" "$(ratio "$par_ms" "$seq_ms") -j1"
	row "floor: its two halves as two -j1 at once" "$halves_ms" "$(ratio "$halves_ms" "$seq_ms") -j1"
	# reads confined (no sysroot is /): libclang is loaded only if a scan may parse
	rm -f "$DB" "$DB"-wal "$DB"-shm
	"${mx[@]}" -j2 --db "$DB" >/dev/null
	mwarm=$(median_ms "${mx[@]}" -j2 --db "$DB")
	row "repeat cross matrix audit, -j2" "$mwarm" "$(ratio "$mwarm" "$par_ms") cold -j2"
fi

# --- the kernel tree, every arch
ksrc=$(kernel_tree "$BUILD")
if [ -n "$ksrc" ]; then
	tree=("$SYSCOV" scan --kernel-src "$ksrc" -q)
	rm -f "$DB" "$DB"-wal "$DB"-shm
	"${tree[@]}" --db "$DB"
	mapfile -t tbl < <(q "SELECT path FROM input WHERE scan_id=(SELECT id FROM scan WHERE kind='kernel-tree') AND kind NOT IN ('dir', 'kernel-source') ORDER BY rowid")
	floor_cat() { cat "${tbl[@]}"; }
	tree_scan() { fresh "${tree[@]}"; }
	# what starting a process costs here, the most of cat's time
	start_true() { /bin/true; }
	start_syscov() { "$SYSCOV" --version; }
	# the tree's sources, read for COND_SYSCALL()s and definitions: the
	# floor is grep of the same tree for the macro
	floor_grep() { grep -r SYSCALL_DEFINE "$ksrc"; }
	rounds floor_cat tree_scan start_true start_syscov floor_grep
	f_cat=$(of floor_cat)
	f_grep=$(of floor_grep)
	kt=$(of tree_scan)
	row "  process start: /bin/true" "$(of start_true)" "$(ratio "$(of start_true)" "$f_cat") floor"
	row "  process start: syscov --version" "$(of start_syscov)" "$(ratio "$(of start_syscov)" "$f_cat") floor"
	row "floor: cat of the tree's ${#tbl[@]} table files" "$f_cat"
	row "kernel-tree scan, all arches (fresh DB)" "$kt" "$(ratio "$kt" "$f_cat") floor"
	row "floor: grep -r SYSCALL_DEFINE of the tree" "$f_grep"
	row "kernel-tree scan vs grep -r" "$kt" "$(ratio "$kt" "$f_grep") grep -r"
	# the sources pass alone, as -v times it (wall only), beside grep's wall
	pass=$(for _ in $(seq "$RUNS"); do
		fresh "$SYSCOV" scan --kernel-src "$ksrc" -v 2>&1 >/dev/null |
			sed -n 's/.*kernel sources: .*, \([0-9.]*\) ms$/\1 \1/p'
		rm -f "$W"/fresh.*
	done | median)
	pass=${pass% *}
	printf '%-46s %9s %9s ms  %s\n' "  of which the sources pass (-v)" "$pass" "-" \
		"$(awk -v a="$pass" -v b="${f_grep% *}" 'BEGIN { printf "%.2fx wall", a / b }') grep -r"
else
	echo "kernel-tree scan: skipped (no linux-source-6.1: apt-get install linux-source-6.1, or set KSRC)"
fi

# --- generated wrappers against glibc's and syscall()
rm -f "$DB" "$DB"-wal "$DB"-shm
"$SYSCOV" scan / -q --db "$DB"
"$SYSCOV" gen --db "$DB" --only getppid,gettid -o "$W/wrappers.h" -q
gcc -O2 -std=c11 -I"$W" scripts/bench-wrappers.c -o "$W/bench-wrappers"
"$W/bench-wrappers"

# --- the wrappers' own cost: user-space instructions per call (callgrind
# counts what runs outside the kernel exactly), from 0 and 100,000 calls
if command -v valgrind >/dev/null; then
	ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$W/bench-wrappers" calls "$@" 2>&1 |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
	echo "wrappers, user-space instructions per call (valgrind --tool=callgrind)"
	for c in 0 1; do
		name=$([ $c = 0 ] && echo getppid || echo gettid)
		per=()
		for w in 0 1 2; do
			a=$(ir $w $c 0) b=$(ir $w $c 100000)
			per+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", (b - a) / 100000 }')")
		done
		printf '  syscov_%-8s %6s   glibc %-8s %6s   syscall() %6s   generated/glibc %s   generated/syscall() %s\n' \
			"$name" "${per[0]}" "$name" "${per[1]}" "${per[2]}" \
			"$(awk -v a="${per[0]}" -v b="${per[1]}" 'BEGIN { printf "%.2fx", a / b }')" \
			"$(awk -v a="${per[0]}" -v b="${per[2]}" 'BEGIN { printf "%.2fx", a / b }')"
	done
else
	echo "wrappers, user-space instructions: skipped (no valgrind: apt-get install valgrind)"
fi
