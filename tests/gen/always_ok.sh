#!/bin/sh
# always_ok.sh: a call whose man page says, in RETURN VALUE or ERRORS, that
# it always succeeds gets a libc-style wrapper without the error check (as
# glibc's own); the others keep it. Facts from the pages themselves (zcat),
# then the wrappers compiled and run against glibc's. Env: SYSCOV.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
man2=/usr/share/man/man2
[ -e $man2/gettid.2.gz ] || { echo "SKIP: no man2 pages"; exit 0; }
"$SYSCOV" scan / -q --db "$tmp/db"
q() { sqlite3 "$tmp/db" "$1"; }
fail=0
ok_of() { q "SELECT max(n.always_ok) FROM man_name n JOIN man_page p ON p.id = n.page_id
	WHERE p.title = '$1' AND n.name = '$2'"; }
# by hand: zcat the page, read RETURN VALUE and ERRORS
for pn in gettid:gettid getpid:getpid getpid:getppid sync:sync umask:umask; do
	p=${pn%%:*} n=${pn#*:}
	zcat $man2/$p.2.gz | grep -q 'always succe' || { echo "SKIP $p: page says nothing"; continue; }
	[ "$(ok_of "$p" "$n")" = 1 ] || { echo "FAIL: $n ($p(2)) not marked always-succeeds"; fail=1; }
done
# sync(2): "sync() is always successful", syncfs() returns -1 on error;
# prctl(2) says "this operation always succeeds" of one operation only
for pn in sync:syncfs prctl:prctl execve:execve; do
	p=${pn%%:*} n=${pn#*:}
	[ "$(ok_of "$p" "$n")" = 0 ] || { echo "FAIL: $n ($p(2)) marked always-succeeds"; fail=1; }
done
# every marked name's page says so
for p in $(q "SELECT DISTINCT p.file FROM man_name n JOIN man_page p ON p.id = n.page_id WHERE n.always_ok"); do
	zcat -f "$man2/$p" | grep -q 'always succe' || { echo "FAIL: $p marked, but never says 'always succe'"; fail=1; }
done
"$SYSCOV" gen --db "$tmp/db" --only gettid,getppid,syncfs -o "$tmp/w.h" -q
grep -A3 'syscov_gettid(void)' "$tmp/w.h" | grep -q 'always succeeds' ||
	{ echo "FAIL: syscov_gettid keeps the error check"; fail=1; }
grep -A3 'syscov_syncfs(int' "$tmp/w.h" | grep -q '__syscov_ret' ||
	{ echo "FAIL: syscov_syncfs lost the error check"; fail=1; }
cat >"$tmp/t.c" <<'C'
#define _GNU_SOURCE
#include "w.h"
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	int bad = 0;
	if (syscov_gettid() != gettid()) bad |= 1;
	if (syscov_getppid() != getppid()) bad |= 2;
	errno = 0;
	if (syscov_syncfs(-1) != -1 || errno != EBADF) bad |= 4;
	printf("%d\n", bad);
	return bad;
}
C
gcc -std=c11 -O2 -Wall -Werror -I"$tmp" "$tmp/t.c" -o "$tmp/t" && "$tmp/t" >/dev/null ||
	{ echo "FAIL: wrappers disagree with glibc's (bits: $("$tmp/t"))"; fail=1; }
[ $fail = 0 ] && echo "ok: $(q "SELECT count(*) FROM man_name WHERE always_ok") names always succeed"
exit $fail
