#!/bin/bash
# Interrupted runs: SIGKILL an audit at 20+ random points. Afterwards the DB
# passes integrity_check, every scan committed before is intact, no half
# scan is visible, the reports on disk are whole (each is written to a temp
# file and renamed), and a rerun completes. Then two audits write one DB at
# once and both complete.
. "$SRCDIR/tests/lib.sh"
DB=$T/k.db
export SYSCOV_DB=$DB
cd "$T"
# A scan whose inputs and configuration are unchanged is reused, not redone
# (scan_cache.h): a different SYSCOV_DATA_DIR spelling of the same dir per
# round changes the configuration, so every round really rescans.
fresh() { SYSCOV_DATA_DIR="$SRCDIR/data$(printf '/.%.0s' $(seq 1 "$1"))"; export SYSCOV_DATA_DIR; }

"$SYSCOV" scan / -q
ref=$(sqlite3 "$DB" "SELECT count(*) FROM ksyscall")
[ "$ref" -gt 300 ] || fail "reference scan has $ref kernel rows"
ok
cross=
for d in /usr/aarch64-linux-gnu /usr/riscv64-linux-gnu; do [ -d "$d/include" ] && cross="$cross $d"; done

# one full audit run's duration bounds the kill points
fresh 1
t0=$(date +%s%N)
"$SYSCOV" audit / $cross -q -o "$T/rep" >/dev/null
dur_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
[ "$dur_ms" -gt 0 ] || dur_ms=1
syms=$(sqlite3 "$DB" "SELECT count(*) FROM libc_symbol s JOIN scan c ON c.id = s.scan_id WHERE c.sysroot = '/'")

# whole reports: JSON parses, HTML ends with its closing tag (one python
# run per check: its start-up is most of a round's checking time)
reports_whole() {
	python3 - "$T"/rep <<'PY' || fail "$1: a report is cut short"
import glob, json, sys
for f in glob.glob(sys.argv[1] + "/*/*.json"):
    json.load(open(f))
for f in glob.glob(sys.argv[1] + "/*/*.html"):
    assert open(f, errors="replace").read().rstrip().endswith("</html>"), f
PY
	ok
}

kills=0
for i in $(seq 1 24); do
	fresh $((i + 1))
	"$SYSCOV" audit / $cross -q -o "$T/rep" >/dev/null 2>&1 &
	pid=$!
	delay=$(( RANDOM * 32768 + RANDOM ))
	# within the first 80% of a run, so that (nearly) every kill lands
	delay=$(( delay % (dur_ms * 4 / 5 + 1) ))
	sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
	# a run that ended before its kill took less than the delay: later
	# kills aim within that (the first run, timed on a busy machine, can
	# be much slower than the rest)
	if kill -9 "$pid" 2>/dev/null; then kills=$((kills + 1)); else dur_ms=$((delay > 0 ? delay : 1)); fi
	wait "$pid" 2>/dev/null || true
	expect_eq "integrity after kill $i" ok "$(sqlite3 "$DB" 'PRAGMA integrity_check')"
	# every visible scan is whole: a sysroot scan always has kernel rows
	half=$(sqlite3 "$DB" "SELECT count(*) FROM scan s WHERE NOT EXISTS
		(SELECT 1 FROM ksyscall k WHERE k.scan_id = s.id)")
	expect_eq "no half scan after kill $i" 0 "$half"
	n=$(sqlite3 "$DB" "SELECT count(*) FROM ksyscall k JOIN scan s ON s.id=k.scan_id WHERE s.sysroot='/'")
	expect_eq "host kernel rows intact after kill $i" "$ref" "$n"
	n=$(sqlite3 "$DB" "SELECT count(*) FROM libc_symbol s JOIN scan c ON c.id = s.scan_id WHERE c.sysroot = '/'")
	expect_eq "host libc rows intact after kill $i" "$syms" "$n"
	reports_whole "kill $i"
done
[ "$kills" -ge 20 ] || fail "only $kills of 24 kills landed while the audit ran"
ok

fresh 30
"$SYSCOV" audit / $cross -q -o "$T/rep" >/dev/null || fail "rerun after the kills failed"
expect_eq "rerun completes" ok "$(sqlite3 "$DB" 'PRAGMA integrity_check')"
reports_whole rerun

# two audits into one DB at once both complete (each really rescans)
SYSCOV_DATA_DIR="$SRCDIR/data/./././././././././././././././././././././././././././././././././." \
	"$SYSCOV" audit / -q -o "$T/rep1" >/dev/null & p1=$!
SYSCOV_DATA_DIR="$SRCDIR/data/././././././././././././././././././././././././././././././././././." \
	"$SYSCOV" audit / $cross -q -o "$T/rep2" >/dev/null & p2=$!
wait $p1 || fail "first concurrent audit failed"
wait $p2 || fail "second concurrent audit failed"
ok
# (audit / also scans the kernel tarball in /usr/src: not counted)
expect_eq "scans after concurrent audits" "$(( 1 + $(echo $cross | wc -w) ))" \
	"$(sqlite3 "$DB" "SELECT count(*) FROM scan WHERE kind = 'sysroot'")"
expect_eq "integrity after concurrent audits" ok "$(sqlite3 "$DB" 'PRAGMA integrity_check')"
# A new DB is built in memory and appears whole when the run ends: a run
# killed before then leaves no file at all; two runs that create the same
# new DB at once both land in it (the second copies its scans into the
# first's file), with nothing left beside it
NEW=$T/new/n.db
mkdir -p "$T/new"
"$SYSCOV" audit / $cross -q -o "$T/rep" --db "$NEW" >/dev/null 2>&1 & pid=$!
# a quarter of a run in: nothing is written before its end
sleep "$(printf '%d.%03d' $((dur_ms / 4000)) $((dur_ms / 4 % 1000)))"
kill -9 "$pid" 2>/dev/null && killed=1 || killed=0
wait "$pid" 2>/dev/null || true
[ "$killed" = 0 ] || expect_eq "a killed run into a new DB leaves no file" "" "$(ls -A "$T/new")"
fresh 40
"$SYSCOV" scan / -q --db "$NEW" & p1=$!
"$SYSCOV" scan $cross -q --db "$NEW" & p2=$!
wait $p1 || fail "first run into a new DB failed"
wait $p2 || fail "second run into a new DB failed"
# (scan / also scans the kernel tarball in /usr/src: a scan of its own kind)
expect_eq "both runs' scans in the new DB" "/ $(echo $cross)" \
	"$(sqlite3 "$NEW" "SELECT group_concat(sysroot, ' ') FROM (SELECT sysroot FROM scan
		WHERE kind = 'sysroot' ORDER BY sysroot)")"
expect_eq "integrity of the new DB" ok "$(sqlite3 "$NEW" 'PRAGMA integrity_check')"
expect_eq "journal mode of the new DB" wal "$(sqlite3 "$NEW" 'PRAGMA journal_mode')"
expect_eq "nothing beside the new DB" "n.db" "$(ls -A "$T/new")"
echo "kills landed: $kills of 24 (audit takes ${dur_ms} ms)"
done_ok
