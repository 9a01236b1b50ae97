#!/bin/sh
# This file contains the check that a change to syscov's code changes
# nothing a user sees: publish-reports.sh's whole matrix run with two
# binaries, then their reports, wrapper headers and DB contents (row for
# row, a `sqlite3 .dump` without what holds the run's clock or the binary's
# hash: scan.created and scan.fingerprint) compared. Prints the differences; exit 0 when there are none.
#
# Usage: scripts/compare-builds.sh OLD_SYSCOV NEW_SYSCOV [WORKDIR]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 OLD_SYSCOV NEW_SYSCOV [WORKDIR]" >&2; exit 2; }
work=${3:-$(mktemp -d)}
# one kernel tree for both runs: its path is in the DB
if [ -f /usr/src/linux-source-6.1.tar.xz ] && [ ! -d "$work/kernel/linux-source-6.1" ]; then
	sh "$top/tests/ktable/extract.sh" "$work/kernel" >/dev/null
fi
[ -d "$work/kernel/linux-source-6.1" ] && export SYSCOV_KERNEL_TREE="$work/kernel/linux-source-6.1"
for side in old new; do
	[ "$side" = old ] && bin=$1 || bin=$2
	mkdir -p "$work/$side"
	SYSCOV=$bin SYSCOV_PUBLISH_DB=$work/$side.db sh "$top/scripts/publish-reports.sh" "$work/$side/reports" \
		>"$work/$side.log" 2>&1 || true
	sqlite3 "$work/$side.db" "UPDATE scan SET created = '', fingerprint = ''" .dump >"$work/$side.sql"
done
cd "$work"
rc=0
# the reports say when each scan ran
diff -r -I '[0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z' old/reports new/reports || rc=1
diff old.sql new.sql || rc=1
diff old.log new.log || rc=1
exit $rc
