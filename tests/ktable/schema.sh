#!/bin/sh
# schema.sh SCHEMA_TEST [TREE]: runs tests/ktable/schema.c (fresh schema vs
# migrated, migration 8 keeps the ksyscall rows) with, as real rows to carry
# through migration 8, a scan of the host's UAPI headers and, when TREE is
# a kernel tree, of every table of it.
set -eu
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
"$SYSCOV" scan / --db "$t/src.db" -q
if [ -n "${2:-}" ] && [ -f "$2/Makefile" ]; then
	"$SYSCOV" scan --kernel-src "$2" --db "$t/src.db" -q
fi
n=$(sqlite3 "$t/src.db" 'SELECT count(*) FROM ksyscall')
[ "$n" -gt 300 ] || { echo "FAIL: only $n ksyscall rows in the source scans"; exit 1; }
"$1" "$t" "$t/src.db"
