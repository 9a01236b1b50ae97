#!/bin/bash
# Scan reuse and parallel scans (issue #8): an unchanged rescan keeps the
# stored scan and audit does not reclassify it; a changed, added or removed
# man page (checked against the files themselves) forces a real rescan; -j2
# writes the same facts as -j1.
. "$SRCDIR/tests/lib.sh"
export SYSCOV_DB=$T/c.db
cd "$T"
# a man dir of our own, so that the test can change it
mkdir -p man/man2
for p in getpid gettid pidfd_open syscalls; do
	cp /usr/share/man/man2/$p.2.gz man/man2/
done
count() { sqlite3 "$SYSCOV_DB" "SELECT count(*) FROM man_page WHERE scan_id=(SELECT id FROM scan WHERE sysroot='/')"; }
id() { sqlite3 "$SYSCOV_DB" "SELECT id FROM scan WHERE sysroot='/'"; }

"$SYSCOV" scan / --man-dir man -v 2>"$T/err" >/dev/null
grep -q 'scanned / ' "$T/err" || fail "first scan did not scan: $(tail -3 "$T/err")"
ok
first=$(id)
expect_eq "pages of the first scan (ls)" "$(ls man/man2 | wc -l)" "$(count)"

"$SYSCOV" scan / --man-dir man -v 2>"$T/err" >/dev/null
grep -q 'inputs unchanged since scan' "$T/err" || fail "unchanged rescan was not kept: $(tail -3 "$T/err")"
ok
expect_eq "kept scan keeps its id" "$first" "$(id)"

# a page and its dir touched (new mtime, same bytes, same names) are
# unchanged by their content hashes; their rows take the new mtime
touch -d '+1 sec' man/man2/getpid.2.gz man/man2
"$SYSCOV" scan / --man-dir man -v 2>"$T/err" >/dev/null
grep -q 'inputs unchanged since scan' "$T/err" || fail "touched page rescanned: $(tail -3 "$T/err")"
ok
expect_eq "kept scan keeps its id after a touch" "$first" "$(id)"
mt() { sqlite3 "$SYSCOV_DB" "SELECT mtime FROM input WHERE path LIKE '%/$1' AND scan_id=$first"; }
expect_eq "touched page's row mtime (stat)" "$(stat -c %Y man/man2/getpid.2.gz)" "$(mt man2/getpid.2.gz)"
expect_eq "touched dir's row mtime (stat)" "$(stat -c %Y man/man2)" "$(mt man2)"
# a page rewritten with the same size but other bytes (the gzip header's
# own mtime field) is a change
printf '\x01\x02\x03\x04' | dd of=man/man2/getpid.2.gz bs=1 seek=4 conv=notrunc status=none
"$SYSCOV" scan / --man-dir man -v 2>"$T/err" >/dev/null
grep -q 'scanned / ' "$T/err" || fail "rewritten page did not rescan"
ok
# a page added beside the others changes its dir
cp /usr/share/man/man2/getppid.2.gz man/man2/
"$SYSCOV" scan / --man-dir man -v 2>"$T/err" >/dev/null
grep -q 'scanned / ' "$T/err" || fail "added page did not rescan"
ok
expect_eq "pages after the addition (ls)" "$(ls man/man2 | wc -l)" "$(count)"
rm man/man2/gettid.2.gz
"$SYSCOV" scan / --man-dir man -q
expect_eq "pages after a removal (ls)" "$(ls man/man2 | wc -l)" "$(count)"
# another option is another configuration
"$SYSCOV" scan / --no-man -v 2>"$T/err" >/dev/null
grep -q 'scanned / ' "$T/err" || fail "--no-man reused a scan made with pages"
ok

# audit: the repeat classifies nothing, and its verdicts stay
"$SYSCOV" audit / --man-dir man -q -o rep >/dev/null
v1=$(sqlite3 "$SYSCOV_DB" "SELECT group_concat(name || class, ',') FROM (SELECT name, class FROM verdict ORDER BY name)")
"$SYSCOV" audit / --man-dir man -v -o rep 2>"$T/err" >/dev/null
grep -q 'verdicts in' "$T/err" && fail "repeat audit reclassified: $(grep 'verdicts in' "$T/err")"
ok
expect_eq "verdicts after the repeat audit" "$v1" \
	"$(sqlite3 "$SYSCOV_DB" "SELECT group_concat(name || class, ',') FROM (SELECT name, class FROM verdict ORDER BY name)")"
# a rescan may take the id of the scan it replaced (the highest): its
# outputs are written again all the same
manfiles() { jq '.scans[0].inputs[] | select(.kind == "man") | .files' rep/host-x86_64/report.json; }
expect_eq "man pages in the report (ls)" "$(ls man/man2 | wc -l)" "$(manfiles)"
rm man/man2/getppid.2.gz
"$SYSCOV" audit / --man-dir man -v -o rep 2>"$T/err" >/dev/null
grep -q 'current; kept' "$T/err" && fail "the outputs of a replaced scan were kept"
ok
expect_eq "man pages in the report after a removal (ls)" "$(ls man/man2 | wc -l)" "$(manfiles)"

# a copy of musl's split layout, every file and dir of it touched: the
# headers (hashed as libclang read them), the library and the dirs are all
# told unchanged by their content hashes; an edited header or a new one
# beside the others is a change
if [ -d /usr/include/x86_64-linux-musl ] && [ -d /usr/lib/x86_64-linux-musl ]; then
	mkdir musl
	cp -a /usr/include/x86_64-linux-musl musl/inc
	cp -a /usr/lib/x86_64-linux-musl musl/lib
	mu=(/ --include "$T/musl/inc" --libdir "$T/musl/lib" --db "$T/musl.db" -v)
	"$SYSCOV" scan "${mu[@]}" 2>/dev/null
	expect_eq "musl header rows with a hash" 0 \
		"$(sqlite3 "$T/musl.db" "SELECT count(*) FROM input WHERE kind LIKE 'header%' AND hash IS NULL")"
	find musl -exec touch -d '+2 sec' {} +
	"$SYSCOV" scan "${mu[@]}" 2>"$T/err"
	grep -q 'inputs unchanged since scan' "$T/err" || fail "touched musl copy rescanned"
	ok
	echo '/* edited */' >>musl/inc/unistd.h
	"$SYSCOV" scan "${mu[@]}" 2>"$T/err"
	grep -q 'scanned / ' "$T/err" || fail "edited musl header did not rescan"
	ok
	: >musl/inc/zz-new.h
	"$SYSCOV" scan "${mu[@]}" 2>"$T/err"
	grep -q 'scanned / ' "$T/err" || fail "a header added to musl's include dir did not rescan"
	ok
fi

# one target at -j2 is scanned as at -j1 (there is no second scan to share
# out); it once was not scanned at all, with exit 0
"$SYSCOV" audit / --no-man -q --db one.db -o one -j2 >one.out
expect_eq "scans of a one-target audit at -j2" 1 "$(sqlite3 one.db "SELECT count(*) FROM scan WHERE kind = 'sysroot'")"
[ -s one/host-x86_64/report.json ] && grep -q '^host-x86_64 ' one.out || fail "one-target -j2 audit wrote no report or summary"
ok

# -j2 against -j1: the same rows in every table, per scan
cross=
for d in /usr/aarch64-linux-gnu /usr/riscv64-linux-gnu /usr/s390x-linux-gnu; do [ -d "$d/include" ] && cross="$cross $d"; done
[ -n "$cross" ] || { echo "SKIP -j: no cross sysroots"; done_ok; exit 0; }
facts() {
	sqlite3 "$1" "SELECT s.label, (SELECT count(*) FROM ksyscall x WHERE x.scan_id=s.id),
		(SELECT count(*) FROM libc_symbol x WHERE x.scan_id=s.id),
		(SELECT count(*) FROM decl x WHERE x.scan_id=s.id),
		(SELECT count(*) FROM decl_param p JOIN decl d ON d.id=p.decl_id WHERE d.scan_id=s.id),
		(SELECT count(*) FROM man_page x WHERE x.scan_id=s.id),
		(SELECT count(*) FROM man_param p JOIN man_proto q ON q.id=p.proto_id JOIN man_page m ON m.id=q.page_id WHERE m.scan_id=s.id),
		(SELECT group_concat(name || class, ',') FROM verdict v WHERE v.scan_id=s.id),
		(SELECT count(*) FROM input x WHERE x.scan_id=s.id) FROM scan s ORDER BY s.id"
}
# (the dynamic loader's account of what the process loads)
loads_clang() { grep -q 'libclang.*dynamically loaded' "$1"; }
# shellcheck disable=SC2086
LD_DEBUG=files "$SYSCOV" audit $cross -q --db j1.db -o r1 -j1 >/dev/null 2>ld1
loads_clang ld1 || fail "a cold audit did not load libclang: $(grep -c . ld1) lines of LD_DEBUG"
ok
# shellcheck disable=SC2086
"$SYSCOV" audit $cross -q --db j2.db -o r2 -j2 >/dev/null
expect_eq "-j2 facts equal -j1's" "$(facts j1.db)" "$(facts j2.db)"
# the -j2 workers classify what they scan: the same verdicts with the same
# evidence, and the same reports (but the scan times)
verdicts() {
	sqlite3 "$1" "SELECT s.label, v.name, v.nr, v.class, v.wrapper, v.since, v.flags, v.evidence
		FROM verdict v JOIN scan s ON s.id = v.scan_id ORDER BY 1, 2"
}
expect_eq "-j2 verdicts equal -j1's" "$(verdicts j1.db)" "$(verdicts j2.db)"
expect_eq "-j2 reports equal -j1's" "" "$(diff -r -I '[0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z' r1 r2 | head -5)"
ls j2.db.job* 2>/dev/null && fail "worker DBs left behind"
ok
expect_eq "-j2 DB integrity" ok "$(sqlite3 j2.db 'PRAGMA integrity_check')"
# a repeat audit leaves its outputs alone (same mtimes, same summary); a
# deleted or edited output file makes it write them again
stamp() { find r2 -type f -printf '%p %s %T@\n' | sort; }
before=$(stamp)
# shellcheck disable=SC2086
"$SYSCOV" audit $cross -v --db j2.db -o r2 -j2 >out3 2>err3
grep -q 'reports and wrappers of these scans are current; kept' err3 ||
	fail "repeat audit rewrote its outputs: $(tail -2 err3)"
ok
expect_eq "repeat audit: outputs untouched" "$before" "$(stamp)"
# shellcheck disable=SC2086
LD_DEBUG=files "$SYSCOV" audit $cross -q --db j2.db -o r2 -j2 >out4 2>ld4
expect_eq "repeat audit: the same summary" "$(cat out3)" "$(cat out4)"
# nothing to parse: libclang stays unloaded, though the reads are confined
# (loaded before, so only when a scan may parse)
loads_clang ld4 && fail "a repeat audit of unchanged sysroots loaded libclang"
ok
victim=$(find r2 -name report.md | head -1)
rm "$victim"
echo edited >>r2/matrix/report.csv
# shellcheck disable=SC2086
"$SYSCOV" audit $cross -v --db j2.db -o r2 -j2 >/dev/null 2>err5
grep -q 'current; kept' err5 && fail "a deleted output was not written again"
[ -s "$victim" ] || fail "$victim not written again"
ok
expect_eq "edited matrix csv written again" "" "$(grep -x edited r2/matrix/report.csv)"
# a bad sysroot among several fails the run before any worker starts
expect_rc 3 "$SYSCOV" scan $cross /nonexistent -q --db j3.db -j2
# a scan failing inside a worker is skipped, named, and the run's exit code;
# a forked report writer failing is the run's error; no worker files left
. "$SRCDIR/tests/libc_elf/sysroot.sh"
make_sysroot bad
head -c 40 /usr/lib/x86_64-linux-gnu/libc.so.6 >bad/usr/lib/x86_64-linux-gnu/libc.so.6
# shellcheck disable=SC2086
expect_rc 3 "$SYSCOV" scan $cross "$T/bad" --no-man -q --db j4.db -j2
# the bad sysroot named first, then skipped as make -k does: a summary line
expect_eq "stderr lines of a skipped sysroot" 2 "$(wc -l <"$T/err")"
head -n1 "$T/err" | grep -q '/bad: /usr/lib/x86_64-linux-gnu/libc\.so\.6: .*ELF' ||
	fail "first line does not name the bad libc: $(cat "$T/err")"
tail -n1 "$T/err" | grep -q "1 of $(( $(echo $cross | wc -w) + 1 )) sysroots not scanned" ||
	fail "no summary of the skipped sysroot: $(cat "$T/err")"
ls j4.db.job* 2>/dev/null && fail "worker DBs left behind after a failed job"
ok
# the failing job is the last one taken: every other was done by then, and
# is kept, whichever process scanned it (the workers' were once dropped)
# shellcheck disable=SC2086
expect_eq "scans kept by a run whose last job failed" "$(echo $cross | wc -w)" \
	"$(sqlite3 j4.db "SELECT count(*) FROM scan WHERE kind='sysroot'")"
# (the scans are kept: a forked writer writes the scan dirs, the parent the matrix)
rm -rf "r2/${cross##*/}/report.md" && mkdir "r2/${cross##*/}/report.md"
# shellcheck disable=SC2086
expect_rc 5 "$SYSCOV" audit $cross -q --db j2.db -o r2 -j2
expect_err "report\.md: Is a directory"
# a -j2 rerun that rescans (another spelling of the data dir is another
# configuration) replaces each scan whole: the copies check no foreign
# keys, the DELETE before them still cascades
# shellcheck disable=SC2086
SYSCOV_DATA_DIR="$SRCDIR/data/." "$SYSCOV" audit $cross -q --db j2.db -o r3 -j2 >/dev/null
expect_eq "-j2 rescan: no dangling rows" "" "$(sqlite3 j2.db 'PRAGMA foreign_key_check')"
expect_eq "-j2 rescan: the facts of one audit" "$(facts j1.db)" "$(facts j2.db)"
done_ok
