/* native.c: runs the generated wrappers of the host ABI and compares each
 * result (value and errno, success and failure) with libc's syscall().
 * Built by tests/gen/native.sh against `syscov gen --only` output. */
#include "wrappers.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
#if __has_include(<linux/kcmp.h>)
#include <linux/kcmp.h>
#else
#define KCMP_FILE 0 /* the kernel's value; musl-gcc's include dir has no linux/ */
#endif

static int fails, checks;

/* CHECK(what, wrapper call, syscall() call): same value, same errno. */
#define CHECK(what, mine, ref)                                                       \
	do {                                                                         \
		errno = 0;                                                           \
		long m_ = (long)(mine);                                              \
		int me_ = errno;                                                     \
		errno = 0;                                                           \
		long r_ = (long)(ref);                                               \
		int re_ = errno;                                                     \
		checks++;                                                            \
		if (m_ != r_ || me_ != re_) {                                        \
			fails++;                                                     \
			printf("FAIL %s: wrapper %ld errno %d, syscall() %ld errno %d\n", \
			       what, m_, me_, r_, re_);                              \
		} else {                                                             \
			printf("ok %s: %ld errno %d\n", what, m_, me_);              \
		}                                                                    \
	} while (0)

/* the raw form: -errno where syscall() gives -1 and errno */
#define CHECK_RAW(what, mine, ref)                                                   \
	do {                                                                         \
		long m_ = (mine);                                                    \
		errno = 0;                                                           \
		long r_ = (ref);                                                     \
		long want_ = r_ == -1 ? -(long)errno : r_;                           \
		checks++;                                                            \
		if (m_ != want_) {                                                   \
			fails++;                                                     \
			printf("FAIL %s: raw %ld, expected %ld\n", what, m_, want_);    \
		} else {                                                             \
			printf("ok %s: raw %ld\n", what, m_);                        \
		}                                                                    \
	} while (0)

int main(void)
{
	pid_t me = getpid();
	int a = open("/dev/null", O_RDONLY), b = dup(a), c = open("/proc/self/exe", O_RDONLY);
	if (a < 0 || b < 0 || c < 0) {
		perror("open");
		return 2;
	}
	CHECK("kcmp same file", syscov_kcmp(me, me, KCMP_FILE, a, b),
	      syscall(SYS_kcmp, me, me, KCMP_FILE, a, b));
	CHECK("kcmp other file", syscov_kcmp(me, me, KCMP_FILE, a, c),
	      syscall(SYS_kcmp, me, me, KCMP_FILE, a, c));
	CHECK("kcmp bad type", syscov_kcmp(me, me, 99, a, b), syscall(SYS_kcmp, me, me, 99, a, b));
	CHECK("kcmp no such pid", syscov_kcmp(-5, me, KCMP_FILE, a, b),
	      syscall(SYS_kcmp, -5, me, KCMP_FILE, a, b));
	CHECK_RAW("kcmp bad type raw", syscov_sys_kcmp(me, me, 99, a, b),
		  syscall(SYS_kcmp, me, me, 99, a, b));
	CHECK("ioprio_get process", syscov_ioprio_get(1, 0), syscall(SYS_ioprio_get, 1, 0));
	CHECK("ioprio_get bad which", syscov_ioprio_get(99, 0), syscall(SYS_ioprio_get, 99, 0));
	CHECK_RAW("ioprio_get bad which raw", syscov_sys_ioprio_get(99, 0),
		  syscall(SYS_ioprio_get, 99, 0));
	CHECK("gettid", syscov_gettid(), syscall(SYS_gettid));
	CHECK("getppid", syscov_getppid(), syscall(SYS_getppid));
	int p1 = syscov_pidfd_open(me, 0);
	int p2 = (int)syscall(SYS_pidfd_open, me, 0);
	CHECK("pidfd_open self ok", p1 >= 0, p2 >= 0);
	CHECK("pidfd_send_signal 0", syscov_pidfd_send_signal(p1, 0, NULL, 0),
	      syscall(SYS_pidfd_send_signal, p2, 0, NULL, 0));
	CHECK("pidfd_send_signal bad fd", syscov_pidfd_send_signal(-1, 0, NULL, 0),
	      syscall(SYS_pidfd_send_signal, -1, 0, NULL, 0));
	CHECK("pidfd_send_signal not a pidfd", syscov_pidfd_send_signal(a, 0, NULL, 0),
	      syscall(SYS_pidfd_send_signal, a, 0, NULL, 0));
	CHECK("pidfd_open bad flags", syscov_pidfd_open(me, 0x7fffffff),
	      syscall(SYS_pidfd_open, me, 0x7fffffff));
	CHECK("pidfd_open bad pid", syscov_pidfd_open(-1, 0), syscall(SYS_pidfd_open, -1, 0));
	printf("%d checks, %d failed\n", checks, fails);
	return fails ? 1 : 0;
}
