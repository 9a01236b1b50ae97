#!/bin/sh
# tree.sh TREE: scans a kernel tree and checks that (1) every syscall*.tbl
# file of the tree is a source of rows, and no other .tbl is read, each of its distinct (abi, name) rows stored,
# counted by awk; (2) the version is the Makefile's; (3) the generic-table
# ports are there; (4) x86_64, i386, x32 and aarch64 (and the other Debian
# cross sysroots present) agree with the UAPI scan of linux-libc-dev 6.1 (/ and
# /usr/<triplet>) except for the differences listed, with their reasons, in
# tree_vs_uapi.expected.
set -eu
tree=$1
[ -f "$tree/Makefile" ] || { echo "SKIP: no tree at $tree"; exit 77; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
"$SYSCOV" scan --kernel-src "$tree" --db "$t/db" -q
q() { sqlite3 -separator ' ' "$t/db" "$@"; }

# (1) every syscall table file, every row; no other .tbl read (the atomic
# ops' scripts/atomic/atomics.tbl)
cd "$tree"
find arch scripts -name '*.tbl' ! -name 'syscall*.tbl' 2>/dev/null | sort >"$t/others"
[ -s "$t/others" ] || { echo "FAIL: no .tbl other than syscall tables in $tree"; fail=1; }
while read -r f; do
	n=$(q "SELECT (SELECT count(*) FROM input WHERE path LIKE '%/$f') + (SELECT count(*) FROM diag WHERE path = '$f')")
	[ "$n" = 0 ] || { echo "FAIL: $f, not a syscall table, read: $n input or diag rows"; fail=1; }
done <"$t/others"
find arch scripts -name 'syscall*.tbl' 2>/dev/null | sort >"$t/tbls"
[ -s "$t/tbls" ] || { echo "FAIL: no .tbl in $tree"; exit 1; }
while read -r f; do
	want=$(awk '{ sub(/#.*/, "") } NF >= 3 { print $2, $3 }' "$f" | sort -u | wc -l)
	got=$(q "SELECT count(DISTINCT abi || ' ' || name) FROM ksyscall WHERE source = '$f'")
	if [ "$want" != "$got" ]; then
		echo "FAIL: $f: $want distinct rows in the file, $got in the scan"
		fail=1
	fi
done <"$t/tbls"
echo "tables: $(wc -l <"$t/tbls") files, all stored"
# rows whose entry only returns -ENOSYS (none, sys_ni_syscall, sparc's
# sys_nis_syscall, or entry points grep finds only COND_SYSCALL()s of) are
# the unimplemented ones
"$SRCDIR/tests/ktable/cond_oracle.sh" . >"$t/stubbed"
while read -r f; do
	want=$(awk 'NR == FNR { stub[$1] = 1; next } { sub(/#.*/, "") }
		NF == 3 || (NF >= 4 && $4 ~ /^(sys|[a-z0-9]+)_nis?_syscall$/) ||
		(NF >= 4 && ($4 in stub) && (NF == 4 || ($5 in stub))) { print $2, $3 }' "$t/stubbed" "$f" | sort -u | wc -l)
	got=$(q "SELECT count(DISTINCT abi || ' ' || name) FROM ksyscall WHERE source = '$f' AND NOT implemented")
	[ "$want" = "$got" ] || { echo "FAIL: $f: $want unimplemented rows in the file, $got in the scan"; fail=1; }
done <"$t/tbls"

# (2) version
mk=$(awk -F' *= *' '$1=="VERSION"{v=$2} $1=="PATCHLEVEL"{p=$2} $1=="SUBLEVEL"{s=$2} END{print v"."p"."s}' Makefile)
kv=$(q "SELECT kernel_version FROM scan")
[ "$mk" = "$kv" ] || { echo "FAIL: kernel_version $kv, Makefile says $mk"; fail=1; }

# (3) generic-table ports: those whose uapi unistd.h includes
# asm-generic/unistd.h; each read, each one generic table
np=0
for u in arch/*/include/uapi/asm/unistd.h; do
	grep -q '#include <asm-generic/unistd.h>' "$u" || continue
	np=$((np + 1))
	n=$(q "SELECT count(*) FROM input WHERE path LIKE '%/$u'")
	[ "$n" -ge 1 ] || { echo "FAIL: $u was not read"; fail=1; }
done
ng=$(q "SELECT count(*) FROM (SELECT arch FROM ksyscall WHERE abi = 'generic'
	GROUP BY arch HAVING count(*) > 250)")
[ "$np" = "$ng" ] || { echo "FAIL: $np generic ports, $ng generic tables"; fail=1; }
echo "generic tables: $ng ports"
n=$(q "SELECT count(*) FROM ksyscall WHERE arch = 'aarch64' AND source = 'include/uapi/asm-generic/unistd.h'")
[ "$n" -gt 250 ] || { echo "FAIL: aarch64 has $n rows from asm-generic/unistd.h"; fail=1; }

# (4) tree vs UAPI headers of the host's linux-libc-dev (and of the cross
# sysroots' linux-libc-dev-*-cross, also 6.1); ARM-private calls aside
"$SYSCOV" scan / --db "$t/db" -q
for sr in aarch64-linux-gnu arm-linux-gnueabihf riscv64-linux-gnu powerpc64le-linux-gnu \
	s390x-linux-gnu mips64el-linux-gnuabi64 mipsel-linux-gnu; do
	[ -d "/usr/$sr" ] && "$SYSCOV" scan "/usr/$sr" --db "$t/db" -q
done
for abi in x86_64 i386 x32 aarch64 arm riscv64 ppc64le s390x mips64el mipsel; do
	q "SELECT name, nr FROM ksyscall k JOIN scan s ON s.id = k.scan_id
		WHERE s.kind = 'kernel-tree' AND k.arch = '$abi'" | sort >"$t/tree"
	q "SELECT name, nr FROM ksyscall k JOIN scan s ON s.id = k.scan_id
		WHERE s.kind = 'sysroot' AND k.arch = '$abi' AND k.abi = 'uapi' AND NOT k.private" |
		sort >"$t/uapi"
	[ -s "$t/uapi" ] || { echo "no UAPI table for $abi: not compared"; continue; }
	[ -s "$t/tree" ] || { echo "FAIL: no tree table for $abi"; fail=1; continue; }
	echo "$abi: tree $(wc -l <"$t/tree") rows, UAPI $(wc -l <"$t/uapi") rows"
	diff "$t/tree" "$t/uapi" | awk -v a="$abi" '/^[<>]/ { print a, ($1 == "<" ? "tree-only" : "uapi-only"), $2, $3 }' >>"$t/diffs"
done
touch "$t/diffs"
grep -v '^#' "$SRCDIR/tests/ktable/tree_vs_uapi.expected" | awk 'NF { print $1, $2, $3, $4 }' | sort >"$t/expected"
sort "$t/diffs" >"$t/got"
if ! diff -u "$t/expected" "$t/got"; then
	echo "FAIL: tree vs UAPI differences are not the expected ones (- expected, + found)"
	fail=1
else
	echo "tree vs UAPI: $(wc -l <"$t/got") differences, all expected"
fi
exit $fail
