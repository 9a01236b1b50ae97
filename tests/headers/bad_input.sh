#!/bin/sh
# bad_input.sh: a fixture sysroot built here, with a header that does not
# parse, a good one beside it, and headers that reach outside the sysroot
# through symlinks. The scan must succeed, leave diag rows (file:line) for
# the broken header, still record the good header's declarations, and take
# nothing from the files outside. Env: SYSCOV.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sr=$tmp/sr inc=$tmp/sr/usr/include
mkdir -p "$inc/x86_64-linux-gnu/asm" "$inc/sys" "$tmp/outside/dir"
# the other scanners of the pipeline need a syscall table
echo '#define __NR_read 0' >"$inc/x86_64-linux-gnu/asm/unistd.h"
# broken: unbalanced parameter list and a stray struct (first in the TU)
cat >"$inc/unistd.h" <<'H'
int before_fn(int);
int broken(int x {
struct { int ; 
H
# good: after the broken one in the TU
cat >"$inc/fcntl.h" <<'H'
int open(const char *path, int flags, ...);
int good_fn(int a, long b);
H
# nested include of an absolute symlink leading outside the sysroot
echo 'int evil_fn(void);' >"$tmp/outside/esc.h"
ln -s "$tmp/outside/esc.h" "$inc/esc.h"
printf '#include <esc.h>\nint pidfd_fn(void);\n' >"$inc/sys/pidfd.h"
# nested include through a relative dir symlink that climbs out
echo 'int evil2_fn(void);' >"$tmp/outside/dir/x.h"
ln -s ../../../outside/dir "$inc/esc2"
printf '#include <esc2/x.h>\nint sched_fn(void);\n' >"$inc/sched.h"
# top-level headers that escape: resolved inside the sysroot, so skipped
ln -s "$tmp/outside/esc.h" "$inc/signal.h"
ln -s ../../../outside/esc.h "$inc/poll.h"

"$SYSCOV" scan -q --no-man --arch x86_64 --db "$tmp/db" "$sr"
q() { sqlite3 "$tmp/db" "$1"; }
fail=0
check() { # description, query, expected
	got=$(q "$2")
	[ "$got" = "$3" ] || { echo "FAIL: $1: got '$got', expected '$3'"; fail=1; }
}
check "diag with file:line for the broken header" \
	"SELECT count(*) > 0 FROM diag WHERE source = 'headers' AND severity = 'error'
	 AND path = '/usr/include/unistd.h' AND line >= 2" 1
check "broken header dropped, with the reason" \
	"SELECT count(*) FROM diag WHERE source = 'headers' AND path = '/usr/include/unistd.h'
	 AND message LIKE 'dropped%'" 1
check "good header's declaration" \
	"SELECT header || ' ' || line || ' ' || proto || ' ' || nparams || variadic FROM decl
	 WHERE name = 'good_fn'" "/usr/include/fcntl.h 2 int (int, long) 20"
check "good header's parameters" \
	"SELECT group_concat(type || ':' || name, ',') FROM (SELECT p.* FROM decl_param p
	 JOIN decl d ON d.id = p.decl_id WHERE d.name = 'good_fn' ORDER BY idx)" "int:a,long:b"
check "variadic open" "SELECT proto || ' ' || variadic FROM decl WHERE name = 'open'" \
	"int (const char *, int, ...) 1"
check "nothing from outside the sysroot" \
	"SELECT count(*) FROM decl WHERE name IN ('evil_fn', 'evil2_fn')" 0
# refused by syscov once libclang read them, or, the parse's reads being
# confined to the sysroot (Landlock, confine.h), never read at all
check "outside files refused with a diag" \
	"SELECT count(*) FROM diag WHERE source = 'headers' AND severity = 'error'
	 AND (message LIKE '%resolves outside the sysroot (to $tmp/outside/%'
	      OR message LIKE 'cannot open file ''$sr/usr/include/esc%'': Permission denied')" 2
check "headers pulling outside files dropped" \
	"SELECT count(*) FROM decl WHERE name IN ('pidfd_fn', 'sched_fn')" 0
check "every recorded header inside the sysroot" \
	"SELECT count(*) FROM decl WHERE header NOT LIKE '/usr/include/%'" 0
check "no input row outside the sysroot" \
	"SELECT count(*) FROM input WHERE kind LIKE 'header%' AND path NOT LIKE '$sr/%'" 0
if [ $fail = 1 ]; then
	q "SELECT severity, path, line, message FROM diag"
	q "SELECT name, header, proto FROM decl"
fi
exit $fail
