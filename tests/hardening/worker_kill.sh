#!/bin/bash
# A -j2 scan worker killed in the middle of a scan: the run fails with
# "scan worker died" (exit 70), the scans committed before it are whole in
# the DB (a new one), no worker DB is left beside it, and a rerun completes.
# (Scan ids in target order: tests/perf/cache.sh.)
. "$SRCDIR/tests/lib.sh"
cross=()
for d in /usr/aarch64-linux-gnu /usr/riscv64-linux-gnu /usr/s390x-linux-gnu /usr/i686-linux-gnu; do
	[ -d "$d/include" ] && cross+=("$d")
done
[ ${#cross[@]} -ge 3 ] || { echo "SKIP: fewer than 3 cross sysroots"; done_ok; exit 0; }
cd "$T"
# the children of process $1, from /proc (no procps needed)
children() {
	local s p pp
	for s in /proc/[0-9]*/stat; do
		read -r p _ _ pp _ <"$s" 2>/dev/null || continue
		[ "$pp" = "$1" ] && echo "$p"
	done
	return 0
}
landed=
for try in $(seq 1 10); do
	rm -f w.db*
	"$SYSCOV" scan "${cross[@]}" -q --db w.db -j2 2>err &
	pid=$!
	w=
	for _ in $(seq 1 400); do
		w=$(children "$pid")
		[ -n "$w" ] && break
		sleep 0.005
	done
	# into its first scan, which takes ~100 ms
	[ -n "$w" ] && sleep 0.03 && kill -9 $w 2>/dev/null || true
	rc=0
	wait "$pid" || rc=$?
	if [ "$rc" != 0 ]; then
		landed=$try
		break
	fi
done
[ -n "$landed" ] || fail "no kill landed in a worker's scan in 10 runs"
ok
expect_eq "exit code of a run whose worker died" 70 "$rc"
grep -q 'scan worker died' err || fail "no 'scan worker died' message: $(cat err)"
ok
expect_eq "worker DBs left behind" "" "$(ls w.db.job* 2>/dev/null || true)"
# the new DB is written at the end of a failed run too, with the scans
# committed before the failure (the parent's first one at least)
[ -f w.db ] || fail "no DB after the failed run"
expect_eq "integrity" ok "$(sqlite3 w.db 'PRAGMA integrity_check')"
# every scan in it is whole: kernel rows, libc symbols and declarations
expect_eq "part scans" 0 "$(sqlite3 w.db "SELECT count(*) FROM scan s WHERE
	NOT EXISTS (SELECT 1 FROM ktable k WHERE k.scan_id = s.id) OR
	NOT EXISTS (SELECT 1 FROM libc_symbol l WHERE l.scan_id = s.id) OR
	NOT EXISTS (SELECT 1 FROM decl d WHERE d.scan_id = s.id)")"
[ "$(sqlite3 w.db 'SELECT count(*) FROM scan')" -ge 1 ] || fail "no scan kept of the failed run"
ok
"$SYSCOV" scan "${cross[@]}" -q --db w.db -j2
expect_eq "scans after a rerun" "${#cross[@]}" "$(sqlite3 w.db 'SELECT count(*) FROM scan')"
# (the scans the killed run committed are kept, with their ids)
expect_eq "the sysroots scanned" "$(printf '%s\n' "${cross[@]}" | sort)" \
	"$(sqlite3 w.db 'SELECT sysroot FROM scan ORDER BY sysroot')"
done_ok
