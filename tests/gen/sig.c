/* This file contains the client of tests/gen/sig.sh: the fixture's
 * rt_sigprocmask(how, const sigset_t *, sigset_t *), three parameters where
 * the kernel takes four, through syscov's wrapper, which passes the
 * kernel's sigset_t size (8 bytes, 16 on MIPS: a wrong size is EINVAL); and
 * io_uring_register() with a const pointer, which C++ refuses for void *.
 * Compiled as C and C++; prints "ok" lines, exit status 0 when all agree. */
#include "wrappers.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static int bad;

static void check(const char *what, long got, long want)
{
	printf("%s %s: %ld, expected %ld\n", got == want ? "ok" : "FAIL", what, got, want);
	bad |= got != want;
}

int main(void)
{
	sigset_t set, old, cur;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	const sigset_t *cset = &set;
	check("syscov_rt_sigprocmask", syscov_rt_sigprocmask(SIG_BLOCK, cset, &old), 0);
	sigprocmask(SIG_BLOCK, NULL, &cur);
	check("SIGUSR1 blocked after it", sigismember(&cur, SIGUSR1), 1);
	check("syscov_sys_rt_sigprocmask unblock", syscov_sys_rt_sigprocmask(SIG_SETMASK, &old, NULL), 0);
	sigprocmask(SIG_BLOCK, NULL, &cur);
	check("SIGUSR1 blocked after the unblock", sigismember(&cur, SIGUSR1), 0);
	static const char arg[16] = "";
	const void *carg = arg;
	/* fd -1: EBADF, or ENOSYS (qemu-user), EPERM (io_uring disabled) */
	errno = 0;
	check("io_uring_register(-1)", syscov_io_uring_register(-1, 0, carg, 0), -1);
	check("its errno is set", errno != 0, 1);
	return bad;
}
