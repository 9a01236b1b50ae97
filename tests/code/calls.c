/* tests/code/calls.c: calls one libc function that the machine-code pass
 * found issuing a syscall of another name (faccessat() -> faccessat2), so
 * that strace can show the syscall it issues. Usage: calls SYSCALL, with
 * the syscall's name; exit 2 if this file has no call for it. Arguments
 * are harmless: nothing is changed, and an error return is as good as a
 * success, the syscall having been issued. Functions that one libc lacks
 * (getdents in glibc, pthread_sigqueue in musl) are looked up by name. */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/klog.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

static void on_alarm(int sig)
{
	(void)sig;
}

static void *thread_exit(void *arg)
{
	pthread_exit(arg);
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	const char *n = argv[1];
	char buf[4096];
	sigset_t set;
	sigemptyset(&set);
	struct timespec ts0 = {0, 0};
	union sigval sv = {0};
	int fd = open("/", O_RDONLY | O_DIRECTORY);
	if (!strcmp(n, "eventfd2"))
		eventfd(0, 0);
	else if (!strcmp(n, "exit_group"))
		_exit(0);
	else if (!strcmp(n, "exit")) {
		pthread_t t;
		pthread_create(&t, NULL, thread_exit, NULL);
		pthread_join(t, NULL);
	} else if (!strcmp(n, "faccessat2"))
		faccessat(AT_FDCWD, "/", F_OK, AT_EACCESS);
	else if (!strcmp(n, "fadvise64"))
		posix_fadvise(fd, 0, 0, POSIX_FADV_NORMAL);
	else if (!strcmp(n, "getdents64")) {
		long (*getdents)(int, void *, size_t) = (long (*)(int, void *, size_t))dlsym(RTLD_DEFAULT, "getdents");
		getdents(fd, buf, sizeof(buf));
	}
	else if (!strcmp(n, "mq_getsetattr")) {
		struct mq_attr a;
		mq_getattr(-1, &a);
	} else if (!strcmp(n, "newfstatat")) {
		struct stat st;
		fstatat(fd, ".", &st, AT_NO_AUTOMOUNT); /* musl: stat(2) for AT_FDCWD, 0 */
	} else if (!strcmp(n, "pread64"))
		pread(open("/dev/zero", O_RDONLY), buf, 1, 0);
	else if (!strcmp(n, "pwrite64"))
		pwrite(open("/dev/null", O_WRONLY), "x", 1, 0);
	else if (!strcmp(n, "prlimit64")) {
		struct rlimit rl;
		prlimit(0, RLIMIT_NOFILE, NULL, &rl);
	} else if (!strcmp(n, "pselect6"))
		pselect(0, NULL, NULL, NULL, &ts0, NULL);
	else if (!strcmp(n, "rt_sigaction")) {
		struct sigaction sa;
		sigaction(SIGUSR1, NULL, &sa);
	} else if (!strcmp(n, "rt_sigpending"))
		sigpending(&set);
	else if (!strcmp(n, "rt_sigprocmask"))
		sigprocmask(SIG_BLOCK, &set, NULL);
	else if (!strcmp(n, "rt_sigqueueinfo"))
		sigqueue(getpid(), 0, sv);
	else if (!strcmp(n, "rt_sigsuspend")) {
		struct itimerval it = {{0, 0}, {0, 10000}};
		signal(SIGALRM, on_alarm);
		setitimer(ITIMER_REAL, &it, NULL);
		sigsuspend(&set);
	} else if (!strcmp(n, "rt_sigtimedwait")) {
		sigaddset(&set, SIGUSR1);
		sigprocmask(SIG_BLOCK, &set, NULL);
		sigtimedwait(&set, NULL, &ts0);
	} else if (!strcmp(n, "rt_tgsigqueueinfo")) {
		int (*psq)(pthread_t, int, union sigval) =
			(int (*)(pthread_t, int, union sigval))dlsym(RTLD_DEFAULT, "pthread_sigqueue");
		psq(pthread_self(), 0, sv);
	} else if (!strcmp(n, "signalfd4"))
		signalfd(-1, &set, 0);
	else if (!strcmp(n, "syslog"))
		klogctl(10, NULL, 0); /* SYSLOG_ACTION_SIZE_BUFFER */
	else
		return 2;
	return 0;
}
