#!/bin/bash
# CLI conventions and bad input of the foundation: exit codes documented in
# README.md, one-line errors naming the input, and a DB left unchanged.
. "$SRCDIR/tests/lib.sh"

expect_rc 0 "$SYSCOV" --version
grep -q '^syscov [0-9]' "$T/out" || fail "--version prints 'syscov X.Y.Z'"
expect_rc 0 "$SYSCOV" --help
expect_rc 2 "$SYSCOV"
expect_rc 2 "$SYSCOV" frobnicate
expect_err "unknown command 'frobnicate'"
# every command of the table has its own --help and rejects unknown options
for c in $("$SYSCOV" --help | awk '/^Commands:/{f=1;next} f&&NF==0{f=0} f{print $1}'); do
	expect_rc 0 "$SYSCOV" "$c" --help
	grep -q "^Usage: syscov $c" "$T/out" || fail "$c --help has no usage line"
	expect_rc 2 "$SYSCOV" "$c" --no-such-option
done

DB=$T/s.db
"$SYSCOV" scan / --db "$DB" -q
sum() { sha256sum "$DB" | cut -d' ' -f1; }
before=$(sum)

expect_rc 3 "$SYSCOV" scan "$T/does-not-exist" --db "$DB"
expect_err "$T/does-not-exist"
mkdir -p "$T/empty"
expect_rc 3 "$SYSCOV" scan "$T/empty" --arch x86_64 --db "$DB"
expect_err "not a sysroot"
mkdir -p "$T/nohdr/usr/lib"
expect_rc 3 "$SYSCOV" scan "$T/nohdr" --arch x86_64 --db "$DB"
expect_err "no headers"
mkdir -p "$T/esc/usr/lib"
ln -s ../../../../../../../../etc "$T/esc/usr/include"
expect_rc 3 "$SYSCOV" scan "$T/esc" --arch x86_64 --db "$DB"
expect_err "escapes the sysroot"
mkdir -p "$T/esc2/usr/include" "$T/esc2/usr/lib"
ln -s /../../etc "$T/esc2/usr/include/x86_64-linux-gnu"
expect_rc 3 "$SYSCOV" scan "$T/esc2" --arch x86_64 --db "$DB"
expect_err "escapes the sysroot"
expect_rc 2 "$SYSCOV" scan / --arch vax --db "$DB"
expect_err "unknown --arch 'vax'"
expect_eq "DB unchanged by bad input" "$before" "$(sum)"

echo "not a database, just text" >"$T/text.db"
cp "$T/text.db" "$T/text.orig"
expect_rc 4 "$SYSCOV" scan / --db "$T/text.db"
expect_err "not a syscov database"
cmp -s "$T/text.db" "$T/text.orig" || fail "a non-DB file was modified"
ok
sqlite3 "$T/other.db" 'CREATE TABLE t(x); PRAGMA user_version=0'
expect_rc 4 "$SYSCOV" list --db "$T/other.db"
expect_err "not a syscov database"
cp "$DB" "$T/newer.db"
sqlite3 "$T/newer.db" 'PRAGMA user_version=999'
expect_rc 4 "$SYSCOV" list --db "$T/newer.db"
expect_err "newer than this syscov"
expect_rc 4 "$SYSCOV" list --db "$T/missing.db"
[ ! -e "$T/missing.db" ] || fail "list created a DB"
ok
# a new DB (built in memory, written at the end): through a dangling
# symlink it lands on the link's target; in a dir that does not exist it
# is an error before any scan, and nothing is left
ln -s "$T/target.db" "$T/link.db"
expect_rc 0 "$SYSCOV" scan / --no-man -q --db "$T/link.db"
[ -L "$T/link.db" ] || fail "the symlink to a new DB was replaced"
expect_eq "DB behind a dangling symlink" ok "$(sqlite3 "$T/target.db" 'PRAGMA integrity_check')"
expect_rc 4 "$SYSCOV" scan / --no-man -q --db "$T/nodir/new.db"
expect_err "unable to open"
[ ! -e "$T/nodir" ] || fail "a missing DB dir was created"

# a Debian cross prefix is recognised, with its arch from the directory name
if [ -d /usr/aarch64-linux-gnu/include ]; then
	"$SYSCOV" scan /usr/aarch64-linux-gnu --db "$DB" -q
	expect_eq "cross prefix layout" "cross-prefix|aarch64" \
		"$(sqlite3 "$DB" "SELECT layout, arch FROM scan WHERE sysroot='/usr/aarch64-linux-gnu'")"
fi
expect_eq "host layout" "root|x86_64|host-x86_64" \
	"$(sqlite3 "$DB" "SELECT layout, arch, label FROM scan WHERE sysroot='/'")"

# a target given twice is one scan (the second would replace the first
# under the same key), with or without -j; --arch twice alike
if [ -d /usr/aarch64-linux-gnu/include ] && [ -d /usr/riscv64-linux-gnu/include ]; then
	for j in 1 2; do
		rm -rf "$T/twice"
		expect_rc 0 "$SYSCOV" audit /usr/aarch64-linux-gnu /usr/riscv64-linux-gnu \
			/usr/aarch64-linux-gnu/ -j$j --db "$T/twice.db" -o "$T/twice"
		grep -q "/usr/aarch64-linux-gnu (aarch64): given twice; scanned once" "$T/err" ||
			fail "-j$j: no note for the target given twice: $(cat "$T/err")"
		ok
		expect_eq "-j$j: report dirs" "aarch64-linux-gnu matrix riscv64-linux-gnu" \
			"$(ls "$T/twice" | tr '\n' ' ' | sed 's/ $//')"
		expect_eq "-j$j: matrix rows" 2 "$(jq '.scans | length' "$T/twice/matrix/report.json")"
	done
fi
expect_rc 0 "$SYSCOV" scan / --arch x86_64 --arch x86_64 --db "$T/twice.db"
grep -q "given twice" "$T/err" || fail "--arch twice: no note"
ok

# --kernel-src alone: scan takes the tree only; audit also its default /
# (it once audited nothing, exit 0), and no verdict line for the tree
KT=$(dirname "$SYSCOV")/ktable-linux-6.1/linux-source-6.1
if [ -f "$KT/Makefile" ]; then
	expect_rc 0 "$SYSCOV" scan --kernel-src "$KT" --db "$T/kt1.db"
	expect_eq "scan --kernel-src alone" "kernel-tree" "$(sqlite3 "$T/kt1.db" "SELECT group_concat(kind) FROM scan")"
	expect_rc 0 "$SYSCOV" audit --kernel-src "$KT" --no-man --db "$T/kt2.db" -o "$T/kt2"
	expect_eq "audit --kernel-src alone" "kernel-tree /" "$(sqlite3 "$T/kt2.db" \
		"SELECT group_concat(CASE kind WHEN 'sysroot' THEN sysroot ELSE kind END, ' ') FROM (SELECT * FROM scan ORDER BY id)")"
	[ -s "$T/kt2/host-x86_64/report.json" ] || fail "audit --kernel-src alone: no report of /"
	grep -q "(all): 0 syscalls" "$T/err" && fail "a verdict line for the kernel tree: $(grep syscalls "$T/err")"
	ok
fi
# a message stays one line whatever it quotes: a symlink whose target holds
# a newline once printed a second, made-up line
. "$SRCDIR/tests/libc_elf/sysroot.sh"
make_sysroot "$T/nl"
ln -s "$(printf '../../../../etc/passwd\nsyscov: all good, exit 0')" "$T/nl/usr/lib/x86_64-linux-gnu/libc.so.6"
expect_rc 3 "$SYSCOV" scan "$T/nl" --no-man --db "$T/nl.db"
expect_err "escapes the sysroot"
# gen's header goes to its scan's report dir, named alike (labels of
# dot-leading sysroots once sent both headers to one scan/ dir)
for d in .a .b; do
	make_sysroot "$T/$d"
	cp /usr/lib/x86_64-linux-gnu/libc.so.6 "$T/$d/usr/lib/x86_64-linux-gnu/"
done
expect_rc 0 "$SYSCOV" audit "$T/.a" "$T/.b" --no-man -q --db "$T/dot.db" -o "$T/dot"
for d in a b; do
	grep -q "Scans: .$d-x86_64" "$T/dot/_$d-x86_64/syscov_wrappers.h" 2>/dev/null ||
		fail "no header of .$d in its report dir: $(ls "$T/dot")"
done
ok
# --include through an absolute symlink inside the sysroot is resolved
# there for libclang too (it once followed /evil -> the host's /usr/include)
make_sysroot "$T/ev"
cp /usr/lib/x86_64-linux-gnu/libc.so.6 "$T/ev/usr/lib/x86_64-linux-gnu/"
ln -s /usr/include "$T/ev/evil"
expect_rc 0 "$SYSCOV" scan "$T/ev" --include /evil --libdir /usr/lib/x86_64-linux-gnu --no-man --db "$T/ev.db"
expect_eq "headers libclang read through /evil" 0 \
	"$(sqlite3 "$T/ev.db" "SELECT count(*) FROM diag WHERE message LIKE '%/evil/%'")"
[ "$(sqlite3 "$T/ev.db" "SELECT count(*) FROM input WHERE kind = 'header' AND hash IS NOT NULL AND path LIKE '$T/ev/usr/include/%'")" -gt 0 ] ||
	fail "no header read from the sysroot's /usr/include"
ok
# a header including /dev/stdin or /dev/tty does not wait on either
make_sysroot "$T/in"
cp /usr/lib/x86_64-linux-gnu/libc.so.6 "$T/in/usr/lib/x86_64-linux-gnu/"
sed -i '1i #include "/dev/stdin"\n#include "/dev/tty"' "$T/in/usr/include/linux/kcmp.h"
rc=0
sleep 30 | timeout 20 "$SYSCOV" scan "$T/in" --no-man -q --db "$T/in.db" 2>"$T/err" || rc=$?
[ $rc = 0 ] || fail "a header including /dev/stdin: exit $rc (124: it waited)"
ok
# a FIFO among the headers, or a symlink to one, is refused before the
# parse (libclang's blocking open of it hung the scan)
make_sysroot "$T/ff"
cp /usr/lib/x86_64-linux-gnu/libc.so.6 "$T/ff/usr/lib/x86_64-linux-gnu/"
mkfifo "$T/ff/fifo"
rm "$T/ff/usr/include/linux/types.h"
ln -s ../../../fifo "$T/ff/usr/include/linux/types.h"
rc=0
timeout 20 "$SYSCOV" scan "$T/ff" --no-man --db "$T/ff.db" 2>"$T/err" || rc=$?
expect_eq "a FIFO among the headers: exit (124: it waited)" 3 "$rc"
expect_err "linux/types.h: not a regular file among the headers"
# a header including a file of the DB's dir (which the process may read)
# gets nothing of it: libclang's reads are confined to the sysroot, so its
# text never reaches a diag row (Landlock; without it, nothing to check)
make_sysroot "$T/lk"
cp /usr/lib/x86_64-linux-gnu/libc.so.6 "$T/lk/usr/lib/x86_64-linux-gnu/"
echo 'SECRET_TOKEN_4711' >"$T/creds"
sed -i '1i #include "../../../../creds"' "$T/lk/usr/include/linux/kcmp.h"
expect_rc 0 "$SYSCOV" scan "$T/lk" --no-man -q --db "$T/lk.db"
expect_eq "a secret beside the DB, in diag rows" 0 \
	"$(sqlite3 "$T/lk.db" "SELECT count(*) FROM diag WHERE message LIKE '%SECRET_TOKEN%'")"
# a sysroot's man2 dir leading out of it is an error, as an include dir's
# is (it once fell back on the host's pages without a word)
make_sysroot "$T/mo"
cp /usr/lib/x86_64-linux-gnu/libc.so.6 "$T/mo/usr/lib/x86_64-linux-gnu/"
mkdir -p "$T/mo/usr/share/man"
ln -s ../../../../../../../../usr/share/man/man2 "$T/mo/usr/share/man/man2"
expect_rc 3 "$SYSCOV" scan "$T/mo" --db "$T/mo.db"
expect_err "man2: path escapes the sysroot"
# klibc given only include/ (not its arch dirs) declares nothing usable:
# said, not left to the diag count; with the README's dirs, nothing said
K=/usr/lib/klibc
if [ -d $K/include/arch/x86_64 ]; then
	expect_rc 0 "$SYSCOV" scan / --include $K/include --libdir $K/lib --no-man --db "$T/k1.db"
	grep -q "no header declares read()" "$T/err" || fail "no note for klibc's missing dirs: $(cat "$T/err")"
	ok
	expect_rc 0 "$SYSCOV" scan / --include $K/include/arch/x86_64 --include $K/include/bits64 \
		--include $K/include --libdir $K/lib --no-man --db "$T/k2.db"
	grep -q "no header declares read()" "$T/err" && fail "klibc with its dirs: $(cat "$T/err")"
	ok
fi
# --man-dir and --no-man contradict each other; a --man-dir without pages
# is said (the verdicts then go without man-page facts)
expect_rc 2 "$SYSCOV" scan / --man-dir "$T" --no-man --db "$T/man.db"
expect_err "one or the other"
mkdir -p "$T/noman"
expect_rc 0 "$SYSCOV" scan / --man-dir "$T/noman" --db "$T/man.db"
grep -q -- "--man-dir $T/noman: no section 2 man page there" "$T/err" || fail "no note of the empty --man-dir: $(cat "$T/err")"
ok
done_ok
