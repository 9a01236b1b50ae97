#!/bin/sh
# musl.sh: the musl split layout must see musl's headers only. Scans / with
# --include /usr/include/x86_64-linux-musl --libdir /usr/lib/x86_64-linux-musl
# and checks that every declaration and every header read comes from the musl
# dir (glibc's /usr/include is not in the search path). Env: SYSCOV.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
M=/usr/include/x86_64-linux-musl
"$SYSCOV" scan -q --db "$tmp/db" --include $M --libdir /usr/lib/x86_64-linux-musl /
q() { sqlite3 "$tmp/db" "$1"; }
fail=0
n=$(q "SELECT count(*) FROM decl")
[ "$n" -ge 300 ] || { echo "FAIL: only $n declarations"; fail=1; }
bad=$(q "SELECT count(*) FROM decl WHERE header NOT LIKE '$M/%'")
[ "$bad" = 0 ] || { echo "FAIL: $bad declarations outside $M"; fail=1; }
bad=$(q "SELECT count(*) FROM input WHERE kind LIKE 'header%' AND path NOT LIKE '$M/%'")
[ "$bad" = 0 ] || { echo "FAIL: $bad headers read outside $M"; q "SELECT path FROM input
	WHERE kind LIKE 'header%' AND path NOT LIKE '$M/%' LIMIT 5"; fail=1; }
# a glibc-only declaration must be absent (musl has no pidfd_open, no <sys/pidfd.h>)
[ "$(q "SELECT count(*) FROM decl WHERE name = 'pidfd_open'")" = 0 ] || {
	echo "FAIL: pidfd_open declared: glibc's headers leaked in"; fail=1; }
echo "musl: $n declarations, $(q "SELECT count(*) FROM input WHERE kind = 'header'") headers"
exit $fail
