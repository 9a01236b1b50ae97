/* This file contains what the clients of tests/gen/clients.sh share: each
 * call a project makes through syscov's header is checked against the same
 * call made by syscall(), and printed as a line the script counts. */
#include <errno.h>
#include <stdio.h>

static int clients_bad;

static void agree_show(const char *what, long got, long want)
{
	printf("%s %s: %ld, syscall() %ld\n", got == want ? "ok" : "FAIL", what, got, want);
	clients_bad |= got != want;
}

/* agree(WHAT, GOT, WANT): GOT through syscov, WANT through syscall(), each
 * as the project's convention has it (a value, or -errno); GOT is evaluated
 * whole before WANT, so that each call's errno is read before the other
 * call runs (arguments of one function call are not so ordered) */
#define agree(what, got, want)                    \
	do {                                      \
		long got_ = (got);                \
		long want_ = (want);              \
		agree_show(what, got_, want_);    \
	} while (0)

/* syscall()'s or a libc-style wrapper's result as -errno, for comparison */
static long neg(long r)
{
	return r < 0 ? -errno : r;
}

static int clients_done(void)
{
	puts(clients_bad ? "disagree" : "all agree");
	return clients_bad;
}
