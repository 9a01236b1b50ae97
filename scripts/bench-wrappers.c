/* bench-wrappers.c: ns per call of a generated wrapper against glibc's own
 * wrapper and syscall(), for getppid (no vDSO, no caching in glibc): the
 * median of 5 runs of 1,000,000 calls each, and the ratios. Not a test:
 * timings depend on the machine. Build and run:
 *   syscov gen --only getppid -o wrappers.h
 *   gcc -O2 -std=c11 -I. scripts/bench-wrappers.c -o bench-wrappers && ./bench-wrappers */
#include "wrappers.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define CALLS 1000000
#define RUNS 5

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

static double run_ns(int which)
{
	double t0 = now();
	for (int i = 0; i < CALLS; i++)
		sink = which == 0 ? (long)syscov_getppid()
		     : which == 1 ? (long)getppid()
				  : syscall(SYS_getppid);
	return (now() - t0) / CALLS;
}

/* The three are interleaved run by run (in rotating order), so that a
 * busy neighbour on a shared machine slows all of them alike. */
static void medians(double out[3])
{
	double t[3][RUNS];
	for (int r = 0; r < RUNS; r++)
		for (int k = 0; k < 3; k++) {
			int w = (r + k) % 3;
			t[w][r] = run_ns(w);
		}
	for (int w = 0; w < 3; w++) {
		qsort(t[w], RUNS, sizeof(t[w][0]), cmp);
		out[w] = t[w][RUNS / 2];
	}
}

int main(void)
{
	double m[3];
	medians(m);
	double gen = m[0], libc = m[1], sc = m[2];
	printf("getppid ns/call (median of %d x %d calls)\n", RUNS, CALLS);
	printf("  syscov_getppid()      %6.1f\n", gen);
	printf("  glibc getppid()       %6.1f  (generated/glibc %.2f)\n", libc, gen / libc);
	printf("  syscall(SYS_getppid)  %6.1f  (generated/syscall %.2f)\n", sc, gen / sc);
	return 0;
}
