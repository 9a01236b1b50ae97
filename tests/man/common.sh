# tests/man/common.sh: shared set-up of the man-page scanner's tests:
# scans the host into $T/db and gives q() for queries on it.
. "$SRCDIR/tests/lib.sh"
MAN2=${MAN2:-/usr/share/man/man2}
[ -d "$MAN2" ] || { echo "no $MAN2 (install manpages-dev)"; echo "0 passed, 0 failed"; exit 0; }
q() { sqlite3 -batch -noheader "$T/db" "$@"; }
scan_host() {
	"$SYSCOV" scan -q --db "$T/db" / || fail "scan of / failed"
	SCAN=$(q "SELECT id FROM scan WHERE sysroot = '/'")
}
