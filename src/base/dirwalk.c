/* dirwalk.c: This file contains a walk of a directory tree by fds (see
 * dirwalk.h): iterative, with an explicit stack bounded by
 * DIRWALK_MAX_DEPTH, so that no input decides how deep the C stack goes
 * (it recursed with a 32 KiB buffer a level: ~260 nested directories in an
 * include dir or a kernel tree overflowed the stack). */
#define _GNU_SOURCE
#include "base/dirwalk.h"
#include "base/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

unsigned char dirwalk_type(mode_t m)
{
	return S_ISDIR(m) ? DT_DIR : S_ISREG(m) ? DT_REG : S_ISLNK(m) ? DT_LNK : S_ISFIFO(m) ? DT_FIFO
	       : S_ISCHR(m) ? DT_CHR : S_ISBLK(m) ? DT_BLK : S_ISSOCK(m) ? DT_SOCK : DT_UNKNOWN;
}

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#define BUF_SIZE 32768

/* One open directory of the walk: its entries are read in BUF_SIZE
 * batches, buf[off..n) not yet visited. */
struct level {
	int fd;
	char *rel;
	char *buf;
	ssize_t n, off;
};

int dirwalk(const char *dir, const char *rel, dirwalk_fn visit, void *arg)
{
	int fd = open(dir, DIR_FLAGS);
	if (fd < 0)
		return 0;
	struct level st[DIRWALK_MAX_DEPTH + 1];
	int top = 0, rc = 0;
	st[0] = (struct level){.fd = fd, .rel = xstrdup(rel), .buf = xmalloc(BUF_SIZE)};
	while (top >= 0 && rc == 0) {
		struct level *l = &st[top];
		if (l->off >= l->n) {
			l->n = getdents64(l->fd, l->buf, BUF_SIZE);
			l->off = 0;
			if (l->n <= 0) { /* the end, or an unreadable dir: done with it */
				close(l->fd);
				free(l->rel);
				free(l->buf);
				top--;
			}
			continue;
		}
		const struct dirent64 *e = (const struct dirent64 *)(l->buf + l->off);
		l->off += e->d_reclen;
		if (e->d_name[0] == '.')
			continue;
		unsigned char type = e->d_type;
		struct stat sb;
		if (type == DT_UNKNOWN) /* a file system without d_type */
			type = fstatat(l->fd, e->d_name, &sb, AT_SYMLINK_NOFOLLOW) == 0
				       ? dirwalk_type(sb.st_mode) : DT_UNKNOWN;
		int v = visit(arg, l->fd, l->rel, e->d_name, type);
		if (v < 0) {
			rc = -1;
		} else if (v > 0 && type == DT_DIR) {
			if (top == DIRWALK_MAX_DEPTH) {
				rc = err_set(EXIT_INPUT, "%s: directories nested deeper than %d (at %s/%s):"
							 " refused", dir, DIRWALK_MAX_DEPTH, l->rel,
					     e->d_name);
				break;
			}
			int sub = openat(l->fd, e->d_name, DIR_FLAGS);
			if (sub < 0)
				continue;
			struct level next = {.fd = sub, .rel = xasprintf("%s/%s", l->rel, e->d_name),
					     .buf = xmalloc(BUF_SIZE)};
			st[++top] = next;
		}
	}
	for (; top >= 0; top--) {
		close(st[top].fd);
		free(st[top].rel);
		free(st[top].buf);
	}
	return rc;
}
