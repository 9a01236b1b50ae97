#!/bin/sh
# datadir.sh: $SYSCOV_DATA_DIR overrides where data/headers.list is read
# from (installed and source-tree copies come after it). A list naming only
# fcntl.h must give declarations from <fcntl.h> and what it includes only.
# Env: SYSCOV.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/data"
printf '# test list\nfcntl.h\n' >"$tmp/data/headers.list"
SYSCOV_DATA_DIR=$tmp/data "$SYSCOV" scan -q --no-man --db "$tmp/db" /
top=$(sqlite3 "$tmp/db" "SELECT group_concat(path) FROM input WHERE kind = 'header'")
[ "$top" = /usr/include/fcntl.h ] || { echo "FAIL: TU headers '$top'"; exit 1; }
[ "$(sqlite3 "$tmp/db" "SELECT count(*) FROM decl WHERE name = 'gettid'")" = 0 ] || {
	echo "FAIL: gettid declared without <unistd.h>"; exit 1; }
[ "$(sqlite3 "$tmp/db" "SELECT header FROM decl WHERE name = 'openat'")" = /usr/include/fcntl.h ] || {
	echo "FAIL: openat not from fcntl.h"; exit 1; }
