/* bench-wrappers.c: ns per call of a generated wrapper against glibc's own
 * wrapper and syscall(), for getppid and gettid (no vDSO, no caching in
 * glibc): the median of 21 runs of 300,000 calls each, and the ratios (many
 * short runs, interleaved: the VM's drift moves a few runs, not the median;
 * 7 runs of 1,000,000 once put the generated getppid at 1.11x syscall()'s
 * time, with 0.37x its instructions). Not a test: timings depend on the machine. scripts/bench.sh builds and runs it:
 *   syscov gen --only getppid,gettid -o wrappers.h
 *   gcc -O2 -std=c11 -I. scripts/bench-wrappers.c -o bench-wrappers && ./bench-wrappers
 * The kernel's entry and exit dominate those times (~85 ns here) and no
 * wrapper can change them, so `bench-wrappers calls WHICH CALL N` only makes
 * N calls of one kind (WHICH 0 generated, 1 glibc, 2 syscall(); CALL 0
 * getppid, 1 gettid), for bench.sh to count the user-space instructions
 * each costs under valgrind --tool=callgrind: the wrapper's own cost. */
#define _GNU_SOURCE
#include "wrappers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define CALLS 300000
#define RUNS 21

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static volatile long sink;

/* One loop per kind, so that no loop tests which kind it runs: the loop's
 * own cost (store, count, branch) is the same for all six. */
#define LOOP(fn, expr)                                                        \
	static __attribute__((noinline)) void fn(long n)                      \
	{                                                                     \
		for (long i = 0; i < n; i++)                                  \
			sink = (long)(expr);                                  \
	}
LOOP(gen_getppid, syscov_getppid())
LOOP(libc_getppid, getppid())
LOOP(sys_getppid, syscall(SYS_getppid))
LOOP(gen_gettid, syscov_gettid())
LOOP(libc_gettid, gettid())
LOOP(sys_gettid, syscall(SYS_gettid))

/* [call: 0 getppid, 1 gettid][which: 0 generated, 1 glibc, 2 syscall()] */
static void (*const loops[2][3])(long) = {
	{gen_getppid, libc_getppid, sys_getppid},
	{gen_gettid, libc_gettid, sys_gettid},
};

static double run_ns(int call, int which)
{
	double t0 = now();
	loops[call][which](CALLS);
	return (now() - t0) / CALLS;
}

/* The three are interleaved run by run (in rotating order), so that a
 * busy neighbour on a shared machine slows all of them alike. */
static void medians(int call, double out[3])
{
	double t[3][RUNS];
	for (int r = 0; r < RUNS; r++)
		for (int k = 0; k < 3; k++) {
			int w = (r + k) % 3;
			t[w][r] = run_ns(call, w);
		}
	for (int w = 0; w < 3; w++) {
		qsort(t[w], RUNS, sizeof(t[w][0]), cmp);
		out[w] = t[w][RUNS / 2];
	}
}

int main(int argc, char **argv)
{
	static const char *const names[] = {"getppid", "gettid"};
	if (argc == 5 && !strcmp(argv[1], "calls")) {
		loops[atoi(argv[3]) & 1][atoi(argv[2]) % 3](atol(argv[4]));
		return 0;
	}
	printf("wrappers, ns/call (median of %d x %d calls)\n", RUNS, CALLS);
	for (int c = 0; c < 2; c++) {
		double m[3];
		medians(c, m);
		printf("  syscov_%-8s %6.1f   glibc %-8s %6.1f   syscall() %6.1f   generated/glibc %.2fx   generated/syscall() %.2fx\n",
		       names[c], m[0], names[c], m[1], m[2], m[0] / m[1], m[0] / m[2]);
	}
	return 0;
}
