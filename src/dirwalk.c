/* dirwalk.c: a walk of a directory tree by fds (see dirwalk.h). */
#define _GNU_SOURCE
#include "dirwalk.h"
#include "util.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

unsigned char dirwalk_type(mode_t m)
{
	return S_ISDIR(m) ? DT_DIR : S_ISREG(m) ? DT_REG : S_ISLNK(m) ? DT_LNK : S_ISFIFO(m) ? DT_FIFO
	       : S_ISCHR(m) ? DT_CHR : S_ISBLK(m) ? DT_BLK : S_ISSOCK(m) ? DT_SOCK : DT_UNKNOWN;
}

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

/* The walk below the directory open at fd (closed here; -1: nothing). */
static int walk_at(int fd, const char *rel, dirwalk_fn visit, void *arg)
{
	char buf[32768];
	int rc = 0;
	for (ssize_t n; rc == 0 && fd >= 0 && (n = getdents64(fd, buf, sizeof(buf))) > 0;)
		for (ssize_t off = 0; rc == 0 && off < n;) {
			const struct dirent64 *e = (const struct dirent64 *)(buf + off);
			off += e->d_reclen;
			if (e->d_name[0] == '.')
				continue;
			unsigned char type = e->d_type;
			struct stat st;
			if (type == DT_UNKNOWN) /* a file system without d_type */
				type = fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0
					       ? dirwalk_type(st.st_mode) : DT_UNKNOWN;
			int v = visit(arg, fd, rel, e->d_name, type);
			if (v < 0) {
				rc = -1;
			} else if (v > 0 && type == DT_DIR) {
				char *sub = xasprintf("%s/%s", rel, e->d_name);
				rc = walk_at(openat(fd, e->d_name, DIR_FLAGS), sub, visit, arg);
				free(sub);
			}
		}
	if (fd >= 0)
		close(fd);
	return rc;
}

int dirwalk(const char *dir, const char *rel, dirwalk_fn visit, void *arg)
{
	return walk_at(open(dir, DIR_FLAGS), rel, visit, arg);
}
