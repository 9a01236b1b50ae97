/* bench-wrappers.c: ns per call of a generated wrapper against glibc's own
 * wrapper and syscall(), for getppid and gettid (no vDSO, no caching in
 * glibc): the median of 7 runs of 1,000,000 calls each, and the ratios. Not a
 * test: timings depend on the machine. scripts/bench.sh builds and runs it:
 *   syscov gen --only getppid,gettid -o wrappers.h
 *   gcc -O2 -std=c11 -I. scripts/bench-wrappers.c -o bench-wrappers && ./bench-wrappers */
#define _GNU_SOURCE
#include "wrappers.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define CALLS 1000000
#define RUNS 7

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

/* which: 0 generated, 1 glibc, 2 syscall(); call: 0 getppid, 1 gettid */
static double run_ns(int call, int which)
{
	double t0 = now();
	if (call == 0)
		for (int i = 0; i < CALLS; i++)
			sink = which == 0 ? (long)syscov_getppid()
			     : which == 1 ? (long)getppid()
					  : syscall(SYS_getppid);
	else
		for (int i = 0; i < CALLS; i++)
			sink = which == 0 ? (long)syscov_gettid()
			     : which == 1 ? (long)gettid()
					  : syscall(SYS_gettid);
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

int main(void)
{
	static const char *const names[] = {"getppid", "gettid"};
	printf("wrappers, ns/call (median of %d x %d calls)\n", RUNS, CALLS);
	for (int c = 0; c < 2; c++) {
		double m[3];
		medians(c, m);
		printf("  syscov_%-8s %6.1f   glibc %-8s %6.1f   syscall() %6.1f   generated/glibc %.2fx   generated/syscall() %.2fx\n",
		       names[c], m[0], names[c], m[1], m[2], m[0] / m[1], m[0] / m[2]);
	}
	return 0;
}
