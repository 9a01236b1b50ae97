/* client.c: a program written as a project with a hand-written
 * missing-syscall header would be, using syscov's generated header instead
 * (syscov gen --plain-names): it calls the syscalls by their plain names,
 * whichever libc it is built against (glibc 2.36, glibc 2.41, musl; native
 * or under qemu-user), and checks each call against libc's syscall() with
 * the same arguments: the same success or failure, the same errno, and the
 * same value where the value does not depend on the call (not a new fd).
 * Prints one "ok NAME" or "FAIL NAME ..." line per call; exit 1 on a FAIL. */
#include "syscov_wrappers.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#if defined(__has_include)
#if __has_include(<sys/pidfd.h>)
#include <sys/pidfd.h> /* glibc 2.36's pidfd_open() */
#endif
#endif

/* As a project does: the struct from the libc where it has one (glibc 2.41
 * declares sched_setattr() and struct sched_attr in <sched.h>), else its
 * own copy of the kernel's (include/uapi/linux/sched/types.h). */
#if !(defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 41)))
struct sched_attr {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
	uint32_t sched_util_min, sched_util_max;
};
#endif

static int failed;

/* r1/e1 the plain call's result and errno, r2/e2 syscall()'s; same_value:
 * the values must be equal, else only success or failure. */
static void check(const char *name, long r1, int e1, long r2, int e2, int same_value)
{
	int ok = (r1 < 0) == (r2 < 0) && (r1 >= 0 || e1 == e2) && (!same_value || r1 == r2);
	if (ok) {
		printf("ok %s (%ld%s%s)\n", name, r1, r1 < 0 ? " " : "", r1 < 0 ? strerror(e1) : "");
	} else {
		printf("FAIL %s: %ld errno %d, syscall(): %ld errno %d\n", name, r1, e1, r2, e2);
		failed = 1;
	}
}

/* Runs CALL (the plain name) and RAW (syscall()) with errno cleared, and
 * checks them. */
#define BOTH(name, same, call, raw)                                       \
	do {                                                              \
		errno = 0;                                                \
		long r1_ = (long)(call);                                  \
		int e1_ = errno;                                          \
		errno = 0;                                                \
		long r2_ = (raw);                                         \
		int e2_ = errno;                                          \
		check(name, r1_, e1_, r2_, e2_, same);                    \
		if (!(same) && r1_ >= 0)                                  \
			close((int)r1_);                                  \
		if (!(same) && r2_ >= 0)                                  \
			close((int)r2_);                                  \
	} while (0)

int main(void)
{
	int a = open("/dev/null", O_RDONLY), b = dup(a);
	pid_t me = getpid();

	BOTH("kcmp", 1, kcmp(me, me, 0 /* KCMP_FILE */, (unsigned long)a, (unsigned long)b),
	     syscall(__NR_kcmp, me, me, 0, a, b));
	BOTH("kcmp-einval", 1, kcmp(me, me, 99, 0, 0), syscall(__NR_kcmp, me, me, 99, 0, 0));
	BOTH("ioprio_get", 1, ioprio_get(1 /* IOPRIO_WHO_PROCESS */, 0),
	     syscall(__NR_ioprio_get, 1, 0));
	BOTH("pidfd_open", 0, pidfd_open(me, 0), syscall(__NR_pidfd_open, me, 0));
	BOTH("pidfd_open-einval", 0, pidfd_open(me, 0xdead), syscall(__NR_pidfd_open, me, 0xdead));

	struct sched_attr at1, at2;
	memset(&at1, 0, sizeof(at1));
	memset(&at2, 0, sizeof(at2));
	BOTH("sched_getattr", 1, sched_getattr(0, &at1, sizeof(at1), 0),
	     syscall(__NR_sched_getattr, 0, &at2, sizeof(at2), 0));
	if (memcmp(&at1, &at2, sizeof(at1)))
		printf("FAIL sched_getattr: the attributes read differ\n"), failed = 1;
	at1.size = sizeof(at1);
	BOTH("sched_setattr", 1, sched_setattr(0, &at1, 0), syscall(__NR_sched_setattr, 0, &at1, 0));
	BOTH("sched_setattr-einval", 1, sched_setattr(0, &at1, 0x80000000u),
	     syscall(__NR_sched_setattr, 0, &at1, 0x80000000u));

	/* no waiters: EINVAL (ENOSYS where qemu or the kernel lacks it) */
	BOTH("futex_waitv", 1, futex_waitv(NULL, 0, 0, NULL, CLOCK_MONOTONIC),
	     syscall(__NR_futex_waitv, NULL, 0, 0, NULL, CLOCK_MONOTONIC));
	/* zero entries: EINVAL; the params are the kernel's struct, zeroed */
	uint64_t params1[16] = {0}, params2[16] = {0};
	BOTH("io_uring_setup", 0, io_uring_setup(0, (struct io_uring_params *)(void *)params1),
	     syscall(__NR_io_uring_setup, 0, params2));
	BOTH("process_mrelease", 1, process_mrelease(-1, 0), syscall(__NR_process_mrelease, -1, 0));
	BOTH("close_range", 1, close_range(1000, 1001, 0), syscall(__NR_close_range, 1000, 1001, 0));
	close(a);
	close(b);
	printf("%s\n", failed ? "FAILED" : "all agree");
	return failed;
}
