#!/bin/sh
# Hostile man pages cannot inject code into a generated header: pages for
# real syscall names carry `*/`, #define, quotes, newlines, non-identifiers
# and path tricks in names, types and includes. The header built from them
# compiles cleanly and holds none of the hostile tokens; every #include and
# #define line has the generator's own shape.
. "$SRCDIR/tests/lib.sh"
export SYSCOV_DB=$T/db
M=$T/man/man2
mkdir -p "$M"
cd "$T"
page() { # NAME SYNOPSIS-BODY
	printf '.TH %s 2 2024-01-01 "Hostile 1.0"\n.SH NAME\n%s \\- hostile page\n.SH SYNOPSIS\n.nf\n%s\n.fi\n.SH DESCRIPTION\nx\n' \
		"$1" "$1" "$2" >"$M/$1.2"
}
page kcmp '.B #include <../../../../etc/passwd>
.B #include <linux/kcmp.h*/ EVIL_INC>
.B #include "quoted\\"evil.h"
.B #define pid_t int */ EVIL_DEFINE /*
.BI "int syscall(SYS_kcmp, pid_t " "pid1*/EVIL_NAME/*" ", pid_t " pid2 ", int " type ,
.BI "            unsigned long " idx1 ", unsigned long "  idx2 );'
page ioprio_get '.B #include <sys/syscall.h>
.BI "int syscall(SYS_ioprio_get, int " "which __attribute__((constructor))" ", int " who );'
page gettid '.B typedef int EVIL_TYPEDEF; /* */ int EVIL_GLOBAL;
.B EVIL_TYPEDEF gettid(void);'
page getppid '.BI "pid_t getppid(int " "a\\(dq);system(\\(dqEVIL_QUOTE" );'
page pidfd_open '.B #include <sys/syscall.h>
.BI "int syscall(SYS_pidfd_open, pid_t " "pid" ",
#define EVIL_NEWLINE 1
unsigned int " flags );'
page pidfd_send_signal '.BI "int pidfd_send_signal(int " pidfd ", int " sig ", siginfo_t *" "info[EVIL_ARRAY]" ,
.BI "          unsigned int " "flags/**/EVIL_COMMENT" );'
"$SYSCOV" scan / --man-dir "$T/man" -q 2>err || fail "scan: $(cat err)"
"$SYSCOV" gen --only kcmp,ioprio_get,gettid,getppid,pidfd_open,pidfd_send_signal -q -o w.h 2>err ||
	fail "gen: $(cat err)"
ok
# the trap blocks are arch/'s reviewed C (with quoted asm): check the rest
awk '/^#if !defined\(__SYSCOV_ABI\)/ { skip = 1 } !skip { print } /^#endif \/\* [a-z0-9_]+ \*\/$/ { skip = 0 }' w.h >rest.h
[ "$(grep -c syscov_sys_kcmp rest.h)" -ge 1 ] || fail "rest.h lost the wrappers"
for bad in EVIL passwd '\.\.' constructor 'system(' '"' __attribute__; do
	if grep -v '^#error' rest.h | grep -n -- "$bad" >hits; then fail "hostile token $bad reached the header: $(cat hits)"; fi
	ok
done
# every include and define has the generator's shape
bad=$(grep '^#include' w.h | grep -Ev '^#include <[A-Za-z0-9_][A-Za-z0-9_./-]*>$' || true)
expect_eq "include lines" "" "$bad"
bad=$(grep '^#define' w.h | grep -Ev '^#define (_GNU_SOURCE 1|SYSCOV_WRAPPERS_H|SYSCOV_ABI_[a-z0-9_]+ 1|__NR_[a-z0-9_]+ [0-9]+|SYSCOV_UNTYPED_[a-z0-9_]+ 1|__SYSCOV_[A-Z0-9_]+(\(x\))? .*|__SYSCOV_ABI "[a-z0-9_]+"|([a-z_][a-z0-9_]*) __syscov_uapi_\3)$' || true)
expect_eq "define lines" "" "$bad"
# comments: the only comment closers are the generator's own, one per opener
opens=$(grep -o '/\*' w.h | wc -l)
closes=$(grep -o '\*/' w.h | wc -l)
expect_eq "comment openers = closers" "$opens" "$closes"
printf '#include "w.h"\nint main(void) { return 0; }\n' >use.c
gcc -std=c11 -Wall -Wextra -Werror -pedantic -c use.c -o use.o 2>err || fail "gcc: $(head -20 err)"
ok
# the functions defined are exactly the wrappers asked for, two each
n=$(gcc -std=c11 -E use.c | grep -Ec '^static inline [a-z_ ]+\**syscov_(sys_)?(kcmp|ioprio_get|gettid|getppid|pidfd_open|pidfd_send_signal)\(')
expect_eq "wrapper definitions" 12 "$n"
# -o a FIFO (as /dev/null or /dev/stdout): written through, not renamed over
mkfifo pipe
timeout 60 cat pipe >piped &
"$SYSCOV" gen --only kcmp -q -o pipe 2>err || fail "gen -o FIFO: $(cat err)"
wait
[ -p pipe ] || fail "gen -o replaced the FIFO with a file"
grep -q syscov_kcmp piped || fail "nothing came through the FIFO"
ok
done_ok
