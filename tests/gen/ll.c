/* ll.c: the typed wrappers whose arguments are 64-bit (loff_t) on every
 * ABI, run on a sparse temp file at offsets beyond 4 GiB, so that a lost or
 * swapped high half shows. Each result is compared with libc: its own
 * wrapper (which splits the offset itself) or syscall() where the kernel
 * stops before the offset matters (bad fd). Built by tests/gen/ll.sh with
 * each cross compiler and run under qemu-<arch>. */
#include "wrappers.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static int fails, checks;

static void check(const char *what, long mine, int merr, long ref, int rerr)
{
	checks++;
	if (mine != ref || merr != rerr) {
		fails++;
		printf("FAIL %s: wrapper %ld errno %d, libc %ld errno %d\n", what, mine, merr, ref, rerr);
	} else {
		printf("ok %s: %ld errno %d\n", what, mine, merr);
	}
}

#define CMP(what, mine, ref)                                                      \
	do {                                                                      \
		errno = 0;                                                        \
		long m_ = (long)(mine);                                           \
		int me_ = errno;                                                  \
		errno = 0;                                                        \
		long r_ = (long)(ref);                                            \
		check(what, m_, me_, r_, errno);                                  \
	} while (0)

/* A call the ABI has no number for, or whose pairs need a 7th register,
 * is -ENOSYS by design (docs/gen.md); ll.sh lists where that is expected. */
static int enosys_ok(const char *name)
{
	const char *l = getenv("GEN_ENOSYS");
	char key[64];
	snprintf(key, sizeof(key), ",%s,", name);
	return l && strstr(l, key);
}

#define G4 4294967296LL

int main(void)
{
	char p1[] = "/tmp/syscov-ll-XXXXXX", p2[] = "/tmp/syscov-ll-XXXXXX";
	int a = mkstemp(p1), b = mkstemp(p2);
	if (a < 0 || b < 0)
		return 2;
	unlink(p1);
	unlink(p2);
	struct stat sa, sb;
	char buf[16] = {0};

	/* fallocate at 5 GiB: the file size tells whether the offset arrived */
	long long off = 5 * G4 + 4096;
	CMP("fallocate 5GiB", syscov_fallocate(a, 0, off, 4096), fallocate(b, 0, off, 4096));
	fstat(a, &sa);
	fstat(b, &sb);
	check("fallocate size", (long)(sa.st_size >> 12), 0, (long)(sb.st_size >> 12), 0);
	CMP("fallocate bad fd", syscov_fallocate(-1, 0, off, 4096), fallocate(-1, 0, off, 4096));
	CMP("fallocate negative", syscov_fallocate(a, 0, -G4, 4096), fallocate(b, 0, -G4, 4096));

	/* pwrite64/pread64 across the 4 GiB line */
	CMP("pwrite64 4GiB+3", syscov_pwrite64(a, "syscov", 6, G4 + 3), pwrite(b, "syscov", 6, G4 + 3));
	CMP("pread64 4GiB+3", syscov_pread64(b, buf, 6, G4 + 3), pread(a, buf + 8, 6, G4 + 3));
	check("pread64 data", memcmp(buf, "syscov", 6), 0, memcmp(buf + 8, "syscov", 6), 0);
	CMP("pread64 at 3 (hole)", syscov_pread64(a, buf, 6, 3), pread(b, buf, 6, 3));
	CMP("pread64 negative", syscov_pread64(a, buf, 6, -1), pread(b, buf, 6, -1));
	CMP("pread64 bad fd", syscov_pread64(-1, buf, 6, G4), pread(-1, buf, 6, G4));
	CMP("getppid vs syscall()", syscov_getppid(), syscall(SYS_getppid));

	/* sync_file_range and fadvise64: the kernel validates the offsets */
	errno = 0;
	long r = syscov_sync_file_range(a, G4, 4096, 2 /* SYNC_FILE_RANGE_WRITE */);
	if (r == -1 && errno == ENOSYS && enosys_ok("sync_file_range"))
		printf("ok sync_file_range: ENOSYS here, as documented\n");
	else {
		CMP("sync_file_range 4GiB", r, sync_file_range(b, G4, 4096, 2));
		CMP("sync_file_range negative", syscov_sync_file_range(a, -G4, 4096, 2),
		    sync_file_range(b, -G4, 4096, 2));
		CMP("sync_file_range bad flags", syscov_sync_file_range(a, G4, 4096, 0x100),
		    sync_file_range(b, G4, 4096, 0x100));
	}
	errno = 0;
	r = syscov_fadvise64(a, G4, 4096, POSIX_FADV_DONTNEED);
	if (r == -1 && errno == ENOSYS && enosys_ok("fadvise64"))
		printf("ok fadvise64: ENOSYS here, as documented\n");
	else {
		int e = posix_fadvise(b, G4, 4096, POSIX_FADV_DONTNEED);
		check("fadvise64 4GiB", r, errno, e ? -1 : 0, e);
		errno = 0;
		r = syscov_fadvise64(a, G4, 4096, 99);
		e = posix_fadvise(b, G4, 4096, 99);
		check("fadvise64 bad advice", r, errno, e ? -1 : 0, e);
		errno = 0;
		r = syscov_fadvise64(a, -G4, 4096, POSIX_FADV_DONTNEED);
		e = posix_fadvise(b, -G4, 4096, POSIX_FADV_DONTNEED);
		check("fadvise64 negative", r, errno, e ? -1 : 0, e);
	}
	printf("%d checks, %d failed\n", checks, fails);
	return fails ? 1 : 0;
}
