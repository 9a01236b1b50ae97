#!/bin/bash
# usage --deb: Debian's hello fetched from the mirror, unpacked, scanned and
# deleted: /usr/bin/hello's row names the package, its imports are the
# undefined functions readelf shows in the same .deb, nothing is left in
# TMPDIR, and a package that cannot be fetched is named, in one line with
# apt's cause, without stopping the others; no apt warning of a download
# as root; a second run does not fetch it again. Skips when the mirror
# cannot be reached.
. "$(dirname "$0")/../lib.sh"
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || { echo "SKIP: no apt-get"; exit 77; }
mkdir -p "$T/ref" "$T/tmp"
(cd "$T/ref" && timeout 120 apt-get download -q hello >/dev/null 2>&1) ||
	{ echo "SKIP: apt-get download hello failed (Debian's mirror unreachable?)"; exit 77; }
dpkg-deb -x "$T"/ref/hello_*.deb "$T/ref/root"
TMPDIR=$T/tmp $SYSCOV --db "$T/d.db" usage --deb hello,syscov-no-such-package 2>"$T/err"
# one line says why, apt's own error (apt-get's E: line is not passed on)
expect_eq "the missing package's lines" \
	"syscov: usage: syscov-no-such-package: apt-get download: Unable to locate package syscov-no-such-package" \
	"$(grep syscov-no-such-package "$T/err")"
# as root, apt-get is told not to drop to _apt, which cannot write the
# download dir and says so on every package
grep -q unsandboxed "$T/err" && fail "apt-get's sandbox warning: $(cat "$T/err")"; ok
expect_eq "/usr/bin/hello, of package hello, under root deb:hello" "deb:hello|hello|pie" \
	"$(sqlite3 "$T/d.db" "SELECT root, package, kind FROM usage_file WHERE path = '/usr/bin/hello'")"
want=$(readelf -W --dyn-syms "$T/ref/root/usr/bin/hello" |
	awk '$7 == "UND" && ($4 == "FUNC" || $4 == "NOTYPE") && ($5 == "GLOBAL" || $5 == "WEAK") {
		sub(/@.*/, "", $8); print $8 }' | sort -u | tr '\n' ' ')
got=$(sqlite3 "$T/d.db" "SELECT DISTINCT i.name FROM usage_import i JOIN usage_file f ON f.id = i.file_id
	WHERE f.path = '/usr/bin/hello' ORDER BY 1" | tr '\n' ' ')
expect_eq "hello's imports (readelf)" "$want" "$got"
expect_eq "nothing left in TMPDIR" "" "$(ls -A "$T/tmp")"
# run again (a stopped run started again): hello is not fetched again
TMPDIR=$T/tmp $SYSCOV --db "$T/d.db" usage --deb hello 2>"$T/err"
grep -q "hello: in the DB already" "$T/err" || fail "hello fetched again: $(cat "$T/err")"; ok
done_ok
