#!/bin/sh
# uapi_structs.sh: a struct that a wrapper's signature names comes complete
# from the sysroot's UAPI header that defines it (struct sched_attr from
# <linux/sched/types.h>, clone_args from <linux/sched.h>, open_how from
# <linux/openat2.h>), unless the libc defines it (glibc 2.36's struct statx,
# struct mount_attr: no <linux/stat.h>, <linux/mount.h>), with the same size
# as that header alone gives (nm -S of an object sized by each); the header
# compiles with those UAPI headers before and after it, in C and C++, on
# the host and on aarch64's cross sysroot; SYSCOV_NO_UAPI_STRUCTS gives back
# declarations for a project with its own copy (util-linux's sched_attr.h);
# sched_getattr/sched_setattr, clone3 and openat2 through the wrappers do
# what syscall() does. Env: SYSCOV.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
ONLY=sched_getattr,sched_setattr,clone3,openat2,statx,mount_setattr
TAGS="sched_attr clone_args open_how"
# the UAPI header of each tag, as gcc -E finds its definition
uapi_of() {
	for h in linux/sched/types.h linux/sched.h linux/openat2.h; do
		printf '#include <%s>\n' "$h" | $1 -E -P -xc - 2>/dev/null | tr -s ' \n' ' ' |
			grep -q "struct $2 {" && { echo "$h"; return; }
	done
}
# sizes.o: char size_TAG[sizeof(struct TAG)] for each tag, after $1
sizes() {
	cc=$1 out=$2
	shift 2
	{
		printf '#define _GNU_SOURCE\n'
		for i in "$@"; do printf '#include %s\n' "$i"; done
		for t in $TAGS; do printf 'char size_%s[sizeof(struct %s)];\n' "$t" "$t"; done
	} >"$out.c"
	$cc -c -fcommon "$out.c" -o "$out.o" 2>"$out.err" || { bad "$cc $out.c: $(head -3 "$out.err")"; return; }
	nm -S "$out.o" | awk '/ size_/ {print $4, $2}' | sort
}
cat >order.c <<'C'
#ifdef UAPI_BEFORE
/* as glibc 2.41's <bits/sched.h> reads it, its struct sched_param masked:
 * <linux/sched/types.h> cannot meet <sched.h> on glibc 2.36 otherwise */
#define sched_param uapi_sched_param
#include <linux/sched/types.h>
#undef sched_param
#include <linux/openat2.h>
#include <linux/sched.h>
#endif
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
#endif
#ifdef UAPI_AFTER
#include <linux/sched/types.h>
#include <linux/openat2.h>
#include <linux/sched.h>
#endif
#include <sys/stat.h>
#include <sys/mount.h>
struct sched_attr a;
struct statx x;
struct mount_attr m;
#ifndef SYSCOV_NO_UAPI_STRUCTS
struct clone_args c;
struct open_how h;
#define MORE (c.flags + h.flags)
#else
#define MORE 0
#endif
int main(void)
{
	return (int)(a.size + x.stx_mask + m.attr_set + MORE);
}
C
# leg LABEL SYSROOT CC...: the header of SYSROOT's scan in both orders
leg() {
	label=$1 root=$2
	shift 2
	if ! command -v "$1" >/dev/null || ! [ -d "$root" ]; then
		echo "skip: $label: no $1 or $root"
		return
	fi
	if ! "$SYSCOV" scan "$root" -q --db "$label.db" ||
		! "$SYSCOV" gen --db "$label.db" --only $ONLY -o w.h -q; then
		bad "$label: scan or gen"
		return
	fi
	cp w.h "$label.h"
	for t in $TAGS; do
		h=$(uapi_of "$1" "$t")
		[ -n "$h" ] || { bad "$label: no UAPI header defines struct $t"; continue; }
		grep -q "^#include <$h>" w.h || bad "$label: struct $t: the header does not include <$h>"
	done
	for h in linux/stat.h linux/mount.h; do
		! grep -q "^#include <$h>" w.h || bad "$label: <$h> included, though the libc defines its struct"
	done
	grep -q '^#define sched_param __syscov_uapi_sched_param' w.h ||
		bad "$label: struct sched_param of <linux/sched/types.h> not renamed"
	want=$(sizes "$1" "want-$label" "<linux/sched/types.h>" "<linux/sched.h>" "<linux/openat2.h>")
	got=$(sizes "$1" "got-$label" '"w.h"')
	if [ -n "$want" ] && [ "$want" = "$got" ]; then
		echo "ok: $label sizes (nm -S, hex):" "$got"
	else
		bad "$label: sizes with the header '$got', with the UAPI headers alone '$want'"
	fi
	for cc in "$@"; do
		# shellcheck disable=SC2086 # a command line
		set -- $cc
		command -v "$1" >/dev/null || { echo "skip: no $1"; continue; }
		for d in -DUAPI_AFTER -DUAPI_BEFORE "-DSYSCOV_NO_UAPI_STRUCTS -DOWN"; do
			# shellcheck disable=SC2086
			if $cc -Wall -Wextra -Werror $d -c order.c -o order.o 2>err; then
				echo "ok: $label $cc $d"
			else
				bad "$label $cc $d: $(head -3 err)"
			fi
		done
		# shellcheck disable=SC2086
		! $cc -DOWN -c order.c -o order.o 2>/dev/null || bad "$label $cc: an own struct sched_attr met none"
	done
}
leg host / gcc clang "g++ -xc++" "clang++ -xc++"
leg aarch64 /usr/aarch64-linux-gnu aarch64-linux-gnu-gcc "aarch64-linux-gnu-g++ -xc++"

# the calls on this machine, through the wrappers and through syscall()
cp host.h w.h
cat >run.c <<'C'
#define _GNU_SOURCE
#include "w.h"
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>

/* clone3 as fork: the child exits with 7; the exit status the parent sees */
static int fork3(int raw)
{
	struct clone_args c;
	memset(&c, 0, sizeof c);
	c.exit_signal = SIGCHLD;
	long p = raw ? syscall(SYS_clone3, &c, sizeof c) : syscov_clone3(&c, sizeof c);
	if (p == 0)
		_exit(7);
	int st = -1;
	return p < 0 ? -errno : waitpid((pid_t)p, &st, 0) == p && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int main(void)
{
	struct sched_attr a, b;
	struct open_how h;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	memset(&h, 0, sizeof h);
	h.flags = O_RDONLY | O_DIRECTORY;
	h.resolve = RESOLVE_NO_SYMLINKS;
	int r = 0;
	long r1 = syscov_sched_getattr(0, &a, sizeof a, 0), r2 = syscall(SYS_sched_getattr, 0, &b, sizeof b, 0);
	if (r1 != r2 || memcmp(&a, &b, sizeof a))
		r = printf("FAIL: sched_getattr %ld, syscall() %ld\n", r1, r2);
	/* what it read, set again: allowed without privileges */
	r1 = syscov_sched_setattr(0, &a, 0);
	r2 = syscall(SYS_sched_setattr, 0, &a, 0);
	if (r1 != r2)
		r = printf("FAIL: sched_setattr %ld, syscall() %ld\n", r1, r2);
	long f1 = syscov_openat2(AT_FDCWD, "/", &h, sizeof h), e1 = errno;
	long f2 = syscall(SYS_openat2, AT_FDCWD, "/", &h, sizeof h), e2 = errno;
	if ((f1 < 0) != (f2 < 0) || (f1 < 0 && e1 != e2))
		r = printf("FAIL: openat2 %ld (errno %ld), syscall() %ld (errno %ld)\n", f1, e1, f2, e2);
	int c1 = fork3(0), c2 = fork3(1);
	if (c1 != c2)
		r = printf("FAIL: clone3's child exit %d, syscall()'s %d\n", c1, c2);
	printf("sched_getattr: size %u policy %u; sched_setattr %ld; openat2 %s; clone3 child exit %d\n",
	       a.size, a.sched_policy, r1, f1 < 0 ? "failed as syscall()" : "opened /", c1);
	return r != 0;
}
C
if gcc -Wall -Wextra -Werror run.c -o run 2>err && ./run; then
	echo "ok: the calls agree with syscall()"
else
	bad "run.c: $(head -3 err)"
fi
exit $fail
