/* This file contains the crun client of tests/gen/clients.sh: crun 1.8.1's
 * own syscall layer (syscall_clone3, syscall_fsopen, syscall_open_tree,
 * syscall_pidfd_open, syscall_pidfd_send_signal from src/libcrun/linux.c,
 * syscall_close_range from utils.c, syscall_seccomp from seccomp.c),
 * extracted by clients.sh with each syscall(__NR_x, ...) replaced by
 * syscov_x(...) and its private struct _clone3_args by the UAPI's struct
 * clone_args, and called as crun calls it, each against syscall() (crun's
 * convention: -1 and errno). Only calls that change nothing are made:
 * clone3 with an invalid exit signal fails before any fork. */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/sched.h>
#include <linux/seccomp.h>
#include "crun_layer.h"
#include "clients.h"

/* a call's outcome: "an fd" (1), or -errno */
static long fd_or_err(long r)
{
	if (r >= 0)
		close((int)r);
	return r >= 0 ? 1 : -errno;
}

int main(void)
{
	struct clone_args ca;
	memset(&ca, 0, sizeof ca);
	ca.flags = CLONE_THREAD; /* without CLONE_SIGHAND: EINVAL too */
	ca.exit_signal = ~0ULL;
	agree("clone3 invalid", neg(syscall_clone3(&ca)), neg(syscall(SYS_clone3, &ca, sizeof ca)));

	long a = syscall_pidfd_open(getpid(), 0), b = syscall(SYS_pidfd_open, getpid(), 0);
	if (a >= 0 && b >= 0)
		agree("pidfd_send_signal 0", neg(syscall_pidfd_send_signal(a, 0, NULL, 0)),
		      neg(syscall(SYS_pidfd_send_signal, b, 0, NULL, 0)));
	agree("pidfd_open self", fd_or_err(a), fd_or_err(b));
	agree("pidfd_open -1", neg(syscall_pidfd_open(-1, 0)), neg(syscall(SYS_pidfd_open, -1, 0)));

	agree("open_tree /", fd_or_err(syscall_open_tree(AT_FDCWD, "/", OPEN_TREE_CLOEXEC)),
	      fd_or_err(syscall(SYS_open_tree, AT_FDCWD, "/", OPEN_TREE_CLOEXEC)));
	agree("fsopen tmpfs", fd_or_err(syscall_fsopen("tmpfs", FSOPEN_CLOEXEC)),
	      fd_or_err(syscall(SYS_fsopen, "tmpfs", FSOPEN_CLOEXEC)));
	agree("fsopen bad flags", neg(syscall_fsopen("tmpfs", 0x80000000u)),
	      neg(syscall(SYS_fsopen, "tmpfs", 0x80000000u)));

	agree("close_range none", neg(syscall_close_range(100000, 100001, 0)),
	      neg(syscall(SYS_close_range, 100000, 100001, 0)));
	agree("close_range first > last", neg(syscall_close_range(5, 4, 0)),
	      neg(syscall(SYS_close_range, 5, 4, 0)));

	uint32_t act = SECCOMP_RET_KILL_PROCESS;
	agree("seccomp action avail", neg(syscall_seccomp(SECCOMP_GET_ACTION_AVAIL, 0, &act)),
	      neg(syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &act)));
	agree("seccomp bad op", neg(syscall_seccomp(99, 0, NULL)), neg(syscall(SYS_seccomp, 99, 0, NULL)));
	return clients_done();
}
