#!/bin/sh
# cond.sh TREE: a syscall whose entry point a kernel tree only stubs with
# COND_SYSCALL() (src/kernel/ktable_src.c) is removed, checked against grep.
# (1) linux-source-6.1 (TREE, tests/ktable/extract.sh): the stubbed entry
# points are cond_oracle.sh's, with its file:line; every table row of
# lookup_dcookie is unimplemented, kcmp's and read's (SYSCALL_DEFINEd, says
# grep) implemented; with the host's scan lookup_dcookie is obsolete with
# kernel/sys_ni.c:LINE as evidence and gets no wrapper, kcmp stays missing.
# (2) a tree made here: a COND_SYSCALL-only entry is removed (a row with a
# compat entry: when both are); one with neither a COND_SYSCALL nor a
# definition, and ones defined by a SYSCALL_DEFINE, plain C, assembly or a
# #define, are not, and one defined only in tools/ is;
# an edit of the COND_SYSCALL's file is seen by a rescan.
set -eu
tree=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
q() { sqlite3 -separator ' ' "$t/db" "$@"; }
bad() { echo "FAIL: $*"; fail=1; }

# (1) linux-source-6.1
if [ -f "$tree/kernel/sys_ni.c" ]; then
	"$SYSCOV" scan --kernel-src "$tree" --db "$t/db" -q
	"$SRCDIR/tests/ktable/cond_oracle.sh" "$tree" >"$t/want"
	q "SELECT entry, file || ':' || line FROM kcond ORDER BY entry" >"$t/got"
	diff -u "$t/want" "$t/got" || bad "stubbed entry points: grep's (-) vs the scan's (+)"
	site=$(cd "$tree" && grep -n '^COND_SYSCALL(lookup_dcookie);' kernel/sys_ni.c | cut -d: -f1)
	grep -qx "sys_lookup_dcookie kernel/sys_ni.c:$site" "$t/got" ||
		bad "sys_lookup_dcookie is not stubbed at kernel/sys_ni.c:$site"
	# every table has it: the .tbl files that awk finds it in, the generic ports
	ntbl=$(cd "$tree" && find arch -name 'syscall*.tbl' -exec awk '$3 == "lookup_dcookie" { print FILENAME }' {} + | sort -u | wc -l)
	n=$(q "SELECT count(DISTINCT source) FROM ksyscall WHERE name = 'lookup_dcookie' AND abi <> 'generic'")
	[ "$n" = "$ntbl" ] || bad "lookup_dcookie: in $ntbl .tbl files, from $n in the scan"
	n=$(q "SELECT count(*) FROM ksyscall WHERE name = 'lookup_dcookie' AND implemented")
	[ "$n" = 0 ] || bad "lookup_dcookie: $n implemented rows"
	echo "lookup_dcookie: unimplemented on $(q "SELECT count(DISTINCT arch) FROM ksyscall WHERE name = 'lookup_dcookie'") ABIs: $(q "SELECT group_concat(arch, ',') FROM (SELECT DISTINCT arch FROM ksyscall WHERE name = 'lookup_dcookie' ORDER BY arch)")"
	for d in 'SYSCALL_DEFINE5(kcmp,' 'SYSCALL_DEFINE3(read,'; do
		(cd "$tree" && grep -rqF "$d" kernel fs) || bad "no $d in the tree"
		name=${d#*(}
		name=${name%,}
		n=$(q "SELECT count(*) FROM ksyscall WHERE name = '$name' AND NOT implemented")
		m=$(q "SELECT count(*) FROM ksyscall WHERE name = '$name'")
		[ "$n" = 0 ] && [ "$m" -gt 20 ] || bad "$name: $n of $m rows unimplemented"
	done
	"$SYSCOV" scan / --db "$t/db" -q
	"$SYSCOV" classify --db "$t/db" -q >/dev/null
	v=$(q "SELECT class FROM verdict WHERE name = 'lookup_dcookie'")
	[ "$v" = obsolete ] || bad "lookup_dcookie: $v, not obsolete"
	q "SELECT evidence FROM verdict WHERE name = 'lookup_dcookie'" |
		grep -qF "only the COND_SYSCALL() at kernel/sys_ni.c:$site" ||
		bad "lookup_dcookie: no kernel/sys_ni.c:$site in the evidence"
	v=$(q "SELECT class FROM verdict WHERE name = 'kcmp'")
	[ "$v" = missing ] || bad "kcmp: $v, not missing"
	"$SYSCOV" gen --db "$t/db" -o "$t/w.h" -q
	grep -q 'syscov_kcmp' "$t/w.h" || bad "no wrapper for kcmp"
	! grep -q 'lookup_dcookie' "$t/w.h" || bad "a wrapper for lookup_dcookie"
	echo "linux-source-6.1: $(wc -l <"$t/got") stubbed entry points, as grep says"
else
	echo "no linux-source-6.1 sources at $tree: (1) skipped"
fi

# (2) the made tree
k=$t/k
mkdir -p "$k/kernel" "$k/include/linux" "$k/arch/x86/entry/syscalls" "$k/arch/x86/kernel" \
	"$k/arch/x86/include/asm" "$k/tools/lib" "$k/fs" "$k/mm"
# fs/ and mm/ (and kernel/) make it a whole tree (ktable_src.c)
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n' >"$k/Makefile"
cat >"$k/arch/x86/entry/syscalls/syscall_64.tbl" <<'EOF'
0	common	read		sys_read
1	common	gone		sys_gone
2	common	neither		sys_neither
3	common	macro		sys_macro
4	common	plainc		sys_plainc
5	common	asm		sys_asm
6	common	hdefine		sys_hdefine
7	common	toolsonly	sys_toolsonly
8	common	commented	sys_commented
9	common	halfcompat	sys_gone	compat_sys_halfcompat
10	common	ni		sys_ni_syscall
11	common	bothgone	sys_gone	compat_sys_gone
EOF
cat >"$k/kernel/sys_ni.c" <<'EOF'
#define COND_SYSCALL(name) cond_syscall(sys_##name)
asmlinkage long sys_ni_syscall(void) { return -ENOSYS; }
COND_SYSCALL(gone);
COND_SYSCALL_COMPAT(gone);
COND_SYSCALL(macro);
COND_SYSCALL(plainc);
COND_SYSCALL(asm);
COND_SYSCALL(hdefine);
COND_SYSCALL(toolsonly);
/* a word about COND_SYSCALL(commented) */
EOF
cat >"$k/include/linux/syscalls.h" <<'EOF'
#define SYSCALL_DEFINE0(sname) asmlinkage long sys_##sname(void)
asmlinkage long sys_gone(void);
asmlinkage long sys_neither(void);
__SYSCALL(1, sys_gone)
EOF
printf 'SYSCALL_DEFINE3(read, int, fd, char *, buf, size_t, n)\n{\n}\nSYSCALL_DEFINE0(macro)\n{\n}\n' >"$k/kernel/defs.c"
printf 'asmlinkage long sys_plainc(void)\n{\n\treturn 0;\n}\nlong f(void) { return sys_gone(); }\n' >"$k/arch/x86/kernel/plain.c"
printf 'SYM_FUNC_START(sys_asm)\n\tret\nSYM_FUNC_END(sys_asm)\n' >"$k/arch/x86/kernel/entry.S"
printf '#define sys_hdefine sys_macro\n' >"$k/arch/x86/include/asm/syscalls.h"
printf 'SYSCALL_DEFINE0(toolsonly)\n{\n}\nSYSCALL_DEFINE0(gone)\n{\n}\n' >"$k/tools/lib/user.c"
rm -f "$t/db"
"$SYSCOV" scan --kernel-src "$k" --db "$t/db" -q
unimpl() { q "SELECT group_concat(name, ' ') FROM (SELECT name FROM ksyscall WHERE arch = 'x86_64' AND NOT implemented ORDER BY nr)"; }
# toolsonly is defined in tools/ only, which is not the kernel's
got=$(unimpl)
[ "$got" = "gone toolsonly ni bothgone" ] || bad "made tree: unimplemented: '$got', not 'gone toolsonly ni bothgone'"
got=$(q "SELECT group_concat(entry || ' ' || file || ':' || line, ', ') FROM (SELECT * FROM kcond ORDER BY entry)")
want='compat_sys_gone kernel/sys_ni.c:4, sys_gone kernel/sys_ni.c:3, sys_toolsonly kernel/sys_ni.c:9'
[ "$got" = "$want" ] || bad "made tree: kcond '$got', not '$want'"
n=$(q "SELECT count(*) FROM input WHERE kind = 'kernel-source' AND path = '$k/kernel/sys_ni.c'")
[ "$n" = 1 ] || bad "made tree: kernel/sys_ni.c is not an input"
# the same tree as a tarball, read in place (base/ktree.c): the same rows;
# a second scan of it is kept by the tarball's identity
# (its own dir: the DB's files beside it would change that dir, an input)
mkdir "$t/tb"
tar -cJf "$t/tb/k.tar.xz" -C "$t" k
rm -f "$t/dbt"
"$SYSCOV" scan --kernel-src "$t/tb/k.tar.xz" --db "$t/dbt" -q
got=$(sqlite3 "$t/dbt" "SELECT group_concat(name, ' ') FROM (SELECT name FROM ksyscall WHERE arch = 'x86_64' AND NOT implemented ORDER BY nr)")
[ "$got" = "gone toolsonly ni bothgone" ] || bad "tarball: unimplemented: '$got', not 'gone toolsonly ni bothgone'"
got=$(sqlite3 "$t/dbt" "SELECT kind || ' ' || path FROM input WHERE kind LIKE 'kernel%'")
[ "$got" = "kernel-tarball $t/tb/k.tar.xz" ] || bad "tarball: inputs '$got', not the tarball alone"
out=$("$SYSCOV" scan --kernel-src "$t/tb/k.tar.xz" --db "$t/dbt" 2>&1)
case $out in *"inputs unchanged"*) ;; *) bad "tarball: scanned again: $out" ;; esac
# a fresh DB takes the tarball's scan from the cache dir (scan.c), row for
# row the same; a touched tarball is read again
c1=$(SYSCOV_CACHE_DIR=$t/cache "$SYSCOV" scan --kernel-src "$t/tb/k.tar.xz" --db "$t/dbc1" 2>&1)
case $c1 in *"cached in $t/cache/ktree-"*) ;; *) bad "cache: first scan not cached: $c1" ;; esac
c2=$(SYSCOV_CACHE_DIR=$t/cache "$SYSCOV" scan --kernel-src "$t/tb/k.tar.xz" --db "$t/dbc2" 2>&1)
case $c2 in *"taken from the cache"*) ;; *) bad "cache: a fresh DB read the tarball again: $c2" ;; esac
for tab in ktable kcond kproto input; do
	[ "$(sqlite3 "$t/dbc1" "SELECT * FROM $tab ORDER BY 1, 2, 3")" = "$(sqlite3 "$t/dbc2" "SELECT * FROM $tab ORDER BY 1, 2, 3")" ] ||
		bad "cache: $tab differs between the scan and its cached copy"
done
touch -d '2001-01-01' "$t/tb/k.tar.xz"
c3=$(SYSCOV_CACHE_DIR=$t/cache "$SYSCOV" scan --kernel-src "$t/tb/k.tar.xz" --db "$t/dbc3" 2>&1)
case $c3 in *"taken from the cache"*) bad "cache: a touched tarball was not read again" ;; esac
[ "$(ls "$t/cache" | grep -c '^ktree-.*\.db$')" = 2 ] || bad "cache: not one file per tarball identity: $(ls "$t/cache")"
# a partial tree (no fs/, where read is defined): its COND_SYSCALL()s
# remove nothing, and a diag says why
mv "$k/fs" "$t/fs.away"
rm -f "$t/dbp"
"$SYSCOV" scan --kernel-src "$k" --db "$t/dbp" -q
got=$(sqlite3 "$t/dbp" "SELECT group_concat(name, ' ') FROM (SELECT name FROM ksyscall WHERE arch = 'x86_64' AND NOT implemented ORDER BY nr)")
[ "$got" = "ni" ] || bad "partial tree: unimplemented: '$got', not 'ni'"
got=$(sqlite3 "$t/dbp" "SELECT count(*) FROM kcond")
[ "$got" = 0 ] || bad "partial tree: $got kcond rows"
sqlite3 "$t/dbp" "SELECT message FROM diag" | grep -q "no fs/ in the tree" || bad "partial tree: no diag naming fs/"
mv "$t/fs.away" "$k/fs"
# the implementation comes back: the rescan sees it
printf 'SYSCALL_DEFINE0(gone)\n{\n}\n' >>"$k/kernel/sys_ni.c"
"$SYSCOV" scan --kernel-src "$k" --db "$t/db" -q
got=$(unimpl)
[ "$got" = "toolsonly ni" ] || bad "made tree, gone defined: unimplemented: '$got', not 'toolsonly ni'"
[ "$fail" = 0 ] && echo "made tree: only the COND_SYSCALL-only entries are removed"
exit $fail
