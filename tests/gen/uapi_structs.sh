#!/bin/sh
# uapi_structs.sh: with SYSCOV_UAPI_STRUCTS, a struct that wrappers take by
# pointer and a UAPI header defines (data/uapi_structs.tsv: struct
# sched_attr, clone_args, open_how, ...) comes complete from that header in
# the generated header, so callers can fill it, and the header still
# compiles beside the libc's own (<sched.h> defines struct sched_param as
# <linux/sched/types.h> does) in C and C++, before the UAPI headers too;
# without it a program's own struct sched_attr (util-linux's) still
# compiles. Facts: each table row's header defines its struct (gcc -E), and
# sched_getattr/openat2 through the wrappers return what syscall() does.
# Env: SYSCOV, SRCDIR.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
# the table against the headers themselves
grep -v '^#' "$SRCDIR/data/uapi_structs.tsv" | tail -n +2 | while IFS='	' read -r tag hdr clash src; do
	printf '#include <%s>\n' "$hdr" | gcc -E -P -xc - 2>/dev/null | tr -s ' \n' ' ' |
		grep -q "struct $tag {" || { echo "FAIL: <$hdr> does not define struct $tag"; exit 1; }
	if [ "$clash" != - ] &&
		printf '#include <sched.h>\n#include <%s>\n' "$hdr" | gcc -fsyntax-only -xc - 2>/dev/null; then
		echo "FAIL: <$hdr> beside <sched.h> compiles: no struct $clash to rename"
		exit 1
	fi
	echo "ok: <$hdr> defines struct $tag"
done || fail=1
"$SYSCOV" scan / -q --db "$tmp/db"
"$SYSCOV" gen --db "$tmp/db" --only sched_getattr,sched_setattr,clone3,openat2 -o "$tmp/w.h" -q
grep -q "defined(SYSCOV_UAPI_STRUCTS)" "$tmp/w.h" || { echo "FAIL: no SYSCOV_UAPI_STRUCTS"; fail=1; }
for h in linux/sched/types.h linux/sched.h linux/openat2.h; do
	grep -q "^#include <$h>" "$tmp/w.h" || { echo "FAIL: the header does not include <$h>"; fail=1; }
done
cat >"$tmp/t.c" <<'C'
#ifndef _GNU_SOURCE /* g++ defines it */
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "w.h"
#ifdef OWN
/* a project's own copy, as util-linux's schedutils/sched_attr.h has it */
struct sched_attr {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
	uint32_t sched_util_min, sched_util_max;
};
#include <linux/openat2.h>
#include <linux/sched.h>
#endif
#ifdef AFTER
#include <linux/sched/types.h>
#include <linux/openat2.h>
#endif
int main(void)
{
	struct sched_attr a, b;
	struct open_how h;
	struct clone_args c;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	memset(&h, 0, sizeof h);
	memset(&c, 0, sizeof c);
	c.flags = CLONE_VM;
	h.flags = O_RDONLY;
	h.resolve = RESOLVE_NO_SYMLINKS;
	long r1 = syscov_sched_getattr(0, &a, sizeof a, 0), r2 = syscall(SYS_sched_getattr, 0, &b, sizeof b, 0);
	if (r1 != r2 || memcmp(&a, &b, sizeof a)) {
		printf("sched_getattr: %ld, syscall() %ld\n", r1, r2);
		return 1;
	}
	long f1 = syscov_openat2(AT_FDCWD, "/", &h, sizeof h), e1 = errno;
	long f2 = syscall(SYS_openat2, AT_FDCWD, "/", &h, sizeof h), e2 = errno;
	if ((f1 < 0) != (f2 < 0) || (f1 < 0 && e1 != e2)) {
		printf("openat2: %ld (errno %ld), syscall() %ld (errno %ld)\n", f1, e1, f2, e2);
		return 1;
	}
	printf("sched_getattr size %u policy %u; openat2 %s\n", a.size, a.sched_policy, f1 < 0 ? "failed as syscall()" : "opened /");
	return (int)(c.flags != CLONE_VM);
}
C
cd "$tmp"
for cc in "gcc -std=c11" "clang -std=c11" "g++ -std=c++17 -xc++" "clang++ -std=c++17 -xc++"; do
	command -v "${cc%% *}" >/dev/null || { echo "skip: no ${cc%% *}"; continue; }
	for d in -DSYSCOV_UAPI_STRUCTS "-DSYSCOV_UAPI_STRUCTS -DAFTER" -DOWN; do
		# shellcheck disable=SC2086
		if $cc -Wall -Wextra -Werror $d t.c -o t 2>err && ./t; then
			echo "ok: $cc $d"
		else
			echo "FAIL: $cc $d: $(head -5 err)"
			fail=1
		fi
	done
done
exit $fail
