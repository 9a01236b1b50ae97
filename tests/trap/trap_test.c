/* trap_test.c: runs the trap primitives of the target ABI against libc.
 *
 * Built by tests/trap/run.sh for each ABI with a cross compiler, with the
 * header that tests/trap/emit writes (every ABI's arch_trap_emit() block),
 * and run under qemu-user or natively. Every call goes through a primitive
 * (__syscov_sysN) and through libc's syscall() with the same argument slots;
 * results and errno must agree, and where a call moves data the data is
 * checked through plain libc calls (pread, fstat), which know the 64-bit
 * argument rules independently of us. 64-bit values are split into slots by
 * hand from __SYSCOV_REG_BITS, __SYSCOV_PAIR_ALIGN and __SYSCOV_BIG_ENDIAN,
 * the facts the typed wrappers rely on; the calls that break that rule are
 * the rows of data/ll_exceptions.tsv. Output: one line per check, then a
 * summary line naming the ABI; exit status 1 on any failure. */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "trap_all.h"

#ifndef __SYSCOV_ABI
#error "no trap primitives selected for this target"
#endif

#include "trap_common.h" /* arch/: the pair helpers and __syscov_ret() */

/* 4 GiB + 5: an offset whose high word is not zero, so a wrong split of a
 * 64-bit value shows. */
#define BIG ((uint64_t)1 << 32 | 5)

static int checks, failures, skips;

/* Set when libc's own pwrite() at BIG does not land there: qemu-user keeps
 * syscall arguments in abi_long, 32 bits on n32, so a 64-bit value in one
 * register loses its high half for libc as much as for us. Checks that
 * could only pass with the high half are then skipped, with that reason. */
static int env_truncates;

/* Argument slots of one call, as the kernel sees its registers. */
struct slots {
	syscov_reg_t v[8];
	int n;
};

static void word(struct slots *s, syscov_reg_t x)
{
	s->v[s->n++] = x;
}

static void ptr(struct slots *s, const void *p)
{
	word(s, (syscov_reg_t)(uintptr_t)p);
}

/* The general rule for a 64-bit argument. */
static void u64(struct slots *s, uint64_t x, int align)
{
	uint32_t hi = (uint32_t)(x >> 32), lo = (uint32_t)x;

	if (__SYSCOV_REG_BITS == 64) {
		word(s, (syscov_reg_t)x);
		return;
	}
	if (align && (s->n & 1))
		word(s, 0);
	word(s, (syscov_reg_t)(__SYSCOV_BIG_ENDIAN ? hi : lo));
	word(s, (syscov_reg_t)(__SYSCOV_BIG_ENDIAN ? lo : hi));
}

/* preadv, pwritev, preadv2, pwritev2: the offset as (low, high) longs on
 * every ABI, whatever its endianness or pair alignment (fs/read_write.c
 * pos_from_hilo); x32 alone takes it in one register (compat_sys_preadv64). */
static void lohi(struct slots *s, uint64_t x)
{
	if (!strcmp(__SYSCOV_ABI, "x32") || sizeof(long) == 8) {
		word(s, (syscov_reg_t)x);
		if (sizeof(long) == 8)
			word(s, 0);
		return;
	}
	word(s, (syscov_reg_t)(uint32_t)x);
	word(s, (syscov_reg_t)(uint32_t)(x >> 32));
}

/* pread64/pwrite64 pad to an even slot on sh4 too, whose other calls do not
 * (arch/sh/kernel/sys_sh32.c sys_pread_wrapper). */
static int prw_align(void)
{
	return __SYSCOV_PAIR_ALIGN || !strcmp(__SYSCOV_ABI, "sh4");
}

static long prim(long nr, const struct slots *s)
{
	const syscov_reg_t *v = s->v;

	switch (s->n) {
	case 0: return __syscov_sys0(nr);
	case 1: return __syscov_sys1(nr, v[0]);
	case 2: return __syscov_sys2(nr, v[0], v[1]);
	case 3: return __syscov_sys3(nr, v[0], v[1], v[2]);
	case 4: return __syscov_sys4(nr, v[0], v[1], v[2], v[3]);
	case 5: return __syscov_sys5(nr, v[0], v[1], v[2], v[3], v[4]);
	case 6: return __syscov_sys6(nr, v[0], v[1], v[2], v[3], v[4], v[5]);
	}
	abort();
}

/* libc's syscall() with the same slots, turned into the -errno convention. */
static long libc(long nr, const struct slots *s)
{
	const syscov_reg_t *v = s->v;
	long r;

	errno = 0;
	switch (s->n) {
	case 0: r = syscall(nr); break;
	case 1: r = syscall(nr, v[0]); break;
	case 2: r = syscall(nr, v[0], v[1]); break;
	case 3: r = syscall(nr, v[0], v[1], v[2]); break;
	case 4: r = syscall(nr, v[0], v[1], v[2], v[3]); break;
	case 5: r = syscall(nr, v[0], v[1], v[2], v[3], v[4]); break;
	case 6: r = syscall(nr, v[0], v[1], v[2], v[3], v[4], v[5]); break;
	default: abort();
	}
	return r == -1 && errno ? -errno : r;
}

static void check(const char *what, int ok, long got, long want)
{
	checks++;
	if (ok) {
		printf("ok   %s (%ld)\n", what, got);
		return;
	}
	failures++;
	printf("FAIL %s: primitive %ld, expected %ld\n", what, got, want);
}

static void skip(const char *what, const char *why)
{
	skips++;
	printf("skip %s: %s\n", what, why);
}

/* Runs nr through the primitive and through libc; both must return want_err
 * as -errno when it is non-zero, else the same non-negative result (or any,
 * if same is 0: addresses, new descriptors). Returns the primitive's result. */
static long both(const char *what, long nr, const struct slots *s, int want_err, int same)
{
	char name[96];
	long p, l;

	if (s->n > 6) {
		snprintf(name, sizeof(name), "%s [%d slots]", what, s->n);
		skip(name, "more than 6 argument slots: beyond __syscov_sys6");
		return -ENOSYS;
	}
	p = prim(nr, s);
	l = libc(nr, s);
	snprintf(name, sizeof(name), "%s [%d slots]", what, s->n);
	if (p == -ENOSYS && l == -ENOSYS) {
		skip(name, "ENOSYS from both: this kernel or qemu lacks the call");
		return p;
	}
	if (want_err)
		check(name, p == -want_err && l == -want_err, p, -want_err);
	else if (same)
		check(name, p == l && p >= 0, p, l);
	else
		check(name, p >= 0 && l >= 0, p, l);
	return p;
}

static int temp_file(void)
{
	char path[] = "/tmp/syscov-trap-XXXXXX";
	int fd = mkstemp(path);

	if (fd < 0) {
		perror("mkstemp");
		exit(2);
	}
	unlink(path);
	return fd;
}

/* arch/trap_common.h: __SYSCOV_LL1/LL2 put a 64-bit value into two slots
 * as u64() does by hand, and __syscov_ret() turns -errno into -1 and errno
 * and leaves other values (-4096 too) alone. */
static void test_common(void)
{
	struct slots s = {.n = 0};
	long r;

	u64(&s, BIG, 0);
	if (__SYSCOV_REG_BITS == 32) {
		check("__SYSCOV_LL1(4G+5) is the first slot", __SYSCOV_LL1(BIG) == s.v[0],
		      (long)__SYSCOV_LL1(BIG), (long)s.v[0]);
		check("__SYSCOV_LL2(4G+5) is the second slot", __SYSCOV_LL2(BIG) == s.v[1],
		      (long)__SYSCOV_LL2(BIG), (long)s.v[1]);
	}
	errno = 0;
	r = __syscov_ret(-EBADF);
	check("__syscov_ret(-EBADF) is -1 with errno EBADF", r == -1 && errno == EBADF, errno, EBADF);
	errno = 0;
	r = __syscov_ret(-4096);
	check("__syscov_ret(-4096) is -4096, errno untouched", r == -4096 && errno == 0, r, -4096);
}

static void test_basic(void)
{
	struct slots s = {.n = 0};
	long p;

	p = both("getpid", SYS_getpid, &s, 0, 1);
	check("getpid == getpid()", p == (long)getpid(), p, (long)getpid());
	s = (struct slots){.n = 0};
	word(&s, -1);
	both("close(-1)", SYS_close, &s, EBADF, 0);
}

static void test_fds(int fd)
{
	struct slots s = {.n = 0};
	long p, l;

	word(&s, fd);
	p = prim(SYS_dup, &s);
	l = libc(SYS_dup, &s);
	check("dup [1 slot] (primitive and libc give new descriptors)", p > fd && l > fd && p != l,
	      p, l);
	close((int)p);
	close((int)l);
#ifdef SYS_dup2
	s = (struct slots){.n = 0};
	word(&s, fd);
	word(&s, 90);
	both("dup2", SYS_dup2, &s, 0, 1);
	close(90);
#endif
	s = (struct slots){.n = 0};
	word(&s, fd);
	word(&s, 91);
	word(&s, O_CLOEXEC);
	both("dup3", SYS_dup3, &s, 0, 1);
	check("dup3 set FD_CLOEXEC", fcntl(91, F_GETFD) == FD_CLOEXEC, fcntl(91, F_GETFD),
	      FD_CLOEXEC);
	close(91);
	s = (struct slots){.n = 0};
	word(&s, fd);
	word(&s, 92);
	word(&s, -1);
	both("dup3 bad flags", SYS_dup3, &s, EINVAL, 0);
}

static void test_io(int fd)
{
	static const char text[] = "0123456789";
	char got[16] = {0};
	struct slots s = {.n = 0};
	long p;

	word(&s, fd);
	ptr(&s, text);
	word(&s, 10);
	p = prim(SYS_write, &s);
	check("write 10 bytes", p == 10 && pread(fd, got, 10, 0) == 10 && !memcmp(got, text, 10),
	      p, 10);

	s = (struct slots){.n = 0};
	word(&s, fd);
	word(&s, 3);
	word(&s, SEEK_SET);
	both("lseek 3", SYS_lseek, &s, 0, 1);
	s = (struct slots){.n = 0};
	word(&s, fd);
	word(&s, -1);
	word(&s, SEEK_SET);
	both("lseek -1", SYS_lseek, &s, EINVAL, 0);

	/* pwrite64 at BIG through the primitive, read back by libc */
	s = (struct slots){.n = 0};
	word(&s, fd);
	ptr(&s, "hello");
	word(&s, 5);
	u64(&s, BIG, prw_align());
	p = prim(SYS_pwrite64, &s);
	memset(got, 0, sizeof(got));
	check("pwrite64 at 4G+5, pread() reads it",
	      p == 5 && pread(fd, got, 5, (off_t)BIG) == 5 && !memcmp(got, "hello", 5), p, 5);

	s = (struct slots){.n = 0};
	word(&s, fd);
	ptr(&s, got);
	word(&s, 5);
	u64(&s, BIG + 1, prw_align());
	memset(got, 0, sizeof(got));
	p = both("pread64 at 4G+6", SYS_pread64, &s, 0, 1);
	check("pread64 data", p == 4 && !memcmp(got, "ello", 4), p, 4);
	s = (struct slots){.n = 0};
	word(&s, fd);
	ptr(&s, got);
	word(&s, 5);
	u64(&s, (uint64_t)-2, prw_align());
	both("pread64 at -2", SYS_pread64, &s, EINVAL, 0);

#ifdef SYS__llseek
	{
		/* _llseek(fd, offset_high, offset_low, &result, whence): the
		 * halves are named, so no endianness or padding applies. */
		int64_t res = 0;

		s = (struct slots){.n = 0};
		word(&s, fd);
		word(&s, (syscov_reg_t)(BIG >> 32));
		word(&s, (syscov_reg_t)(uint32_t)BIG);
		ptr(&s, &res);
		word(&s, SEEK_SET);
		both("_llseek 4G+5", SYS__llseek, &s, 0, 1);
		check("_llseek result", res == (int64_t)BIG, (long)(res >> 32), (long)(BIG >> 32));
	}
#endif
}

static void test_ll(void)
{
	int f1 = temp_file(), f2 = temp_file();
	struct slots s;
	struct stat st;
	long p;

	/* fallocate(fd, mode, offset, len): two 64-bit values, 6 slots on
	 * 32-bit ABIs */
	s = (struct slots){.n = 0};
	word(&s, f1);
	word(&s, 0);
	u64(&s, BIG, __SYSCOV_PAIR_ALIGN);
	u64(&s, 4096, __SYSCOV_PAIR_ALIGN);
	p = prim(SYS_fallocate, &s);
	s.v[0] = f2;
	{
		long l = libc(SYS_fallocate, &s);
		check("fallocate 4096 at 4G+5 (primitive vs libc)", p == l, p, l);
	}
	if (p == 0 && env_truncates)
		skip("fallocate size", "this environment truncates 64-bit arguments");
	else if (p == 0)
		check("fallocate size", fstat(f1, &st) == 0 && (uint64_t)st.st_size == BIG + 4096,
		      (long)(st.st_size >> 32), (long)((BIG + 4096) >> 32));
	s = (struct slots){.n = 0};
	word(&s, f1);
	word(&s, 0);
	u64(&s, BIG, __SYSCOV_PAIR_ALIGN);
	u64(&s, 0, __SYSCOV_PAIR_ALIGN);
	both("fallocate len 0", SYS_fallocate, &s, EINVAL, 0);

#ifdef SYS_sync_file_range
	s = (struct slots){.n = 0};
	word(&s, f1);
	u64(&s, BIG, __SYSCOV_PAIR_ALIGN);
	u64(&s, 4096, __SYSCOV_PAIR_ALIGN);
	word(&s, SYNC_FILE_RANGE_WRITE);
	both("sync_file_range", SYS_sync_file_range, &s, 0, 1);
	s.v[s.n - 1] = 0x80;
	both("sync_file_range bad flags", SYS_sync_file_range, &s, EINVAL, 0);
	s = (struct slots){.n = 0};
	word(&s, f1);
	u64(&s, (uint64_t)-4096, __SYSCOV_PAIR_ALIGN);
	u64(&s, 4096, __SYSCOV_PAIR_ALIGN);
	word(&s, SYNC_FILE_RANGE_WRITE);
	both("sync_file_range offset -4096", SYS_sync_file_range, &s, EINVAL, 0);
#endif
#ifdef SYS_sync_file_range2
	/* flags moved to second place so the pairs need no padding */
	s = (struct slots){.n = 0};
	word(&s, f1);
	word(&s, SYNC_FILE_RANGE_WRITE);
	u64(&s, BIG, __SYSCOV_PAIR_ALIGN);
	u64(&s, 4096, __SYSCOV_PAIR_ALIGN);
	both("sync_file_range2", SYS_sync_file_range2, &s, 0, 1);
	s = (struct slots){.n = 0};
	word(&s, f1);
	word(&s, SYNC_FILE_RANGE_WRITE);
	u64(&s, (uint64_t)-4096, __SYSCOV_PAIR_ALIGN);
	u64(&s, 4096, __SYSCOV_PAIR_ALIGN);
	both("sync_file_range2 offset -4096", SYS_sync_file_range2, &s, EINVAL, 0);
#endif
	close(f1);
	close(f2);
}

static void test_vec(int fd)
{
	char got[8] = {0};
	struct iovec iov = {got, 5};
	struct slots s = {.n = 0};
	long p;

	word(&s, fd);
	ptr(&s, &iov);
	word(&s, 1);
	lohi(&s, BIG);
	p = both("preadv at 4G+5", SYS_preadv, &s, 0, 1);
	check("preadv data", p == 5 && !memcmp(got, "hello", 5), p, 5);
	s.v[2] = -1;
	both("preadv bad count", SYS_preadv, &s, EINVAL, 0);

	memset(got, 0, sizeof(got));
	s = (struct slots){.n = 0};
	word(&s, fd);
	ptr(&s, &iov);
	word(&s, 1);
	lohi(&s, BIG);
	word(&s, 0);
	p = both("preadv2 at 4G+5", SYS_preadv2, &s, 0, 1);
	if (p != -ENOSYS) {
		check("preadv2 data", p == 5 && !memcmp(got, "hello", 5), p, 5);
		s.v[s.n - 1] = INT_MIN; /* no such RWF_ flag */
		both("preadv2 bad flags", SYS_preadv2, &s, EOPNOTSUPP, 0);
	}
}

/* copy_file_range(fd_in, &off_in, fd_out, &off_out, len, flags): six
 * slots on every ABI, the 64-bit offsets travelling through memory. */
static void test_copy(int fd)
{
	int out = temp_file();
	int64_t off_in = (int64_t)BIG, off_out = 0;
	char got[8] = {0};
	struct slots s = {.n = 0};
	long p;

	word(&s, fd);
	ptr(&s, &off_in);
	word(&s, out);
	ptr(&s, &off_out);
	word(&s, 5);
	word(&s, 0);
	p = prim(SYS_copy_file_range, &s);
	if (p == -ENOSYS) {
		skip("copy_file_range", "ENOSYS: this kernel or qemu lacks the call");
	} else if (env_truncates) {
		skip("copy_file_range data", "this environment truncates 64-bit arguments");
	} else {
		check("copy_file_range 6 args copies 5 bytes from 4G+5",
		      p == 5 && pread(out, got, 5, 0) == 5 && !memcmp(got, "hello", 5), p, 5);
		s.v[5] = 1; /* no flags are defined */
		both("copy_file_range bad flags", SYS_copy_file_range, &s, EINVAL, 0);
	}
	close(out);
}

static void test_mmap(int fd)
{
#ifdef SYS_mmap2
	const long nr = SYS_mmap2; /* offset in 4096-byte units */
	const char *name = "mmap2";
#else
	const long nr = SYS_mmap;
	const char *name = "mmap";
#endif
	struct slots s = {.n = 0};
	char what[64];
	long p;
	int ok;

	unsigned long block[6] = {0, 4096, PROT_READ, MAP_PRIVATE, (unsigned long)fd, 0};

	/* s390x's mmap is old_mmap: one pointer to the six values
	 * (arch/s390/kernel/syscall.c; data/ll_exceptions.tsv) */
	if (!strcmp(__SYSCOV_ABI, "s390x")) {
		name = "mmap (s390 old_mmap block)";
		ptr(&s, block);
	} else {
		for (int i = 0; i < 6; i++)
			word(&s, (syscov_reg_t)block[i]);
	}
	p = prim(nr, &s);
	snprintf(what, sizeof(what), "%s maps the file", name);
	ok = (unsigned long)p < -4096UL;
	check(what, ok && !memcmp((const char *)(uintptr_t)(unsigned long)p, "012", 3), p, 0);
	if (ok) {
		struct slots u = {.n = 0};

		word(&u, (syscov_reg_t)(unsigned long)p);
		word(&u, 4096);
		check("munmap", prim(SYS_munmap, &u) == 0, prim(SYS_munmap, &u), 0);
	}
	block[4] = (unsigned long)-1;
	if (s.n == 6)
		s.v[4] = -1;
	snprintf(what, sizeof(what), "%s bad fd", name);
	both(what, nr, &s, EBADF, 0);
}

static void test_statx(int fd)
{
#ifdef SYS_statx
	struct statx stx;
	struct slots s = {.n = 0};

	word(&s, fd);
	ptr(&s, "");
	word(&s, AT_EMPTY_PATH);
	word(&s, STATX_SIZE);
	ptr(&s, &stx);
	memset(&stx, 0, sizeof(stx));
	if (both("statx 5 args", SYS_statx, &s, 0, 1) == 0 && env_truncates)
		skip("statx size", "this environment truncates 64-bit arguments");
	else if (stx.stx_mask & STATX_SIZE)
		check("statx size", stx.stx_size == BIG + 5, (long)stx.stx_size, (long)(BIG + 5));
	s.v[1] = (syscov_reg_t)(uintptr_t) "/nonexistent/syscov";
	s.v[2] = 0;
	both("statx missing path", SYS_statx, &s, ENOENT, 0);
#else
	(void)fd;
	skip("statx", "no SYS_statx in this libc");
#endif
}

int main(void)
{
	int fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	check("sizeof(syscov_reg_t) * CHAR_BIT == __SYSCOV_REG_BITS",
	      sizeof(syscov_reg_t) * CHAR_BIT == __SYSCOV_REG_BITS,
	      (long)(sizeof(syscov_reg_t) * CHAR_BIT), __SYSCOV_REG_BITS);
	check("__SYSCOV_BIG_ENDIAN matches __BYTE_ORDER__",
	      __SYSCOV_BIG_ENDIAN == (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__), __SYSCOV_BIG_ENDIAN,
	      __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	fd = temp_file();
	{
		struct stat st;

		env_truncates = pwrite(fd, "x", 1, (off_t)BIG) != 1 || fstat(fd, &st) ||
				(uint64_t)st.st_size != BIG + 1;
		if (env_truncates)
			printf("note libc's pwrite() at 4G+5 lands elsewhere: this environment "
			       "truncates 64-bit arguments\n");
		if (ftruncate(fd, 0)) {
			perror("ftruncate");
			return 2;
		}
	}
	test_common();
	test_basic();
	test_fds(fd);
	test_io(fd);
	test_ll();
	test_vec(fd);
	test_copy(fd);
	test_mmap(fd);
	test_statx(fd);
	close(fd);
	printf("abi %s: %d checks, %d failed, %d skipped\n", __SYSCOV_ABI, checks, failures, skips);
	return failures ? 1 : 0;
}
