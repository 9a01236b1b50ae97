/* outfile.c: This file contains the writing of output files (outfile.h):
 * directory names from labels, mkdir -p, and whole-file writes through a
 * temporary file and rename.
 *
 * Nothing here follows a symlink that someone else could have planted in
 * an output dir: the output dir and the <label> dir are opened with
 * O_DIRECTORY|O_NOFOLLOW (only the path above the output dir, the user's
 * own, is followed); a temporary is created with O_CREAT|O_EXCL|O_NOFOLLOW
 * under a random name inside that open dir and renamed over its target with
 * renameat(), so neither a symlink under a guessed temporary name nor one
 * in place of the target redirects a write (a predictable
 * "<file>.tmp.<pid>" opened with fopen("w") once overwrote a symlink's
 * target). Temporaries are "<name>.tmp.<pid>.<16 hex>": one whose pid is
 * no longer alive is a SIGKILLed run's, removed at the next write of that
 * name (as is the older "<name>.tmp.<pid>" form). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/json.h"
#include "base/outfile.h"

char *outfile_dir_name(const char *label, int64_t id, const struct strv *taken_names)
{
	char *d = xstrdup(label && *label ? label : "scan"), *w = d;
	/* one '_' a character: a UTF-8 sequence is one, and so is a byte that
	 * starts none, so that the raw label (gen's) and the one the reports
	 * read as valid UTF-8 (U+FFFD for that byte) name the same dir */
	for (const char *p = d; *p;) {
		int n = (unsigned char)*p < 0x80 ? 1 : utf8_seq_len((const unsigned char *)p);
		*w++ = n == 1 && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
				  (*p >= '0' && *p <= '9') || strchr("._+-", *p)) ? *p : '_';
		p += n ? n : 1;
	}
	*w = 0;
	if (d[0] == '.')
		d[0] = '_';
	if (!strcmp(d, "matrix") || strv_contains(taken_names, d)) {
		char *u = xasprintf("%s-%lld", d, (long long)id);
		free(d);
		d = u;
	}
	return d;
}

/* O_PATH: a dir is only a place to create in, and the reads of a confined
 * run (confine.h) do not reach an output dir made after the confinement */
#define DIR_FLAGS (O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

/* Opens (and with `create`, first makes) `name` in the dir at `at`, never
 * through a symlink. err_set(EXIT_OUTPUT) names `shown`. */
static int open_subdir(int at, const char *name, const char *shown, int create)
{
	if (create && mkdirat(at, name, 0777) < 0 && errno != EEXIST)
		return err_set(EXIT_OUTPUT, "%s: cannot create directory: %s", shown, strerror(errno));
	int fd = openat(at, name, DIR_FLAGS);
	if (fd >= 0)
		return fd;
	struct stat st;
	if (errno == ELOOP || (fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)))
		return err_set(EXIT_OUTPUT, "%s: a symbolic link: refused (an output dir is never"
					    " followed; name the real directory)", shown);
	if (errno == ENOTDIR)
		return err_set(EXIT_OUTPUT, "%s: not a directory", shown);
	return err_set(EXIT_OUTPUT, "%s: %s", shown, strerror(errno));
}

/* mkdir -p of the user's path above the output dir (followed: theirs). */
static int make_parents(char *p)
{
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		int bad = mkdir(p, 0777) < 0 && errno != EEXIST;
		int e = errno;
		if (bad)
			err_set(EXIT_OUTPUT, "%s: cannot create directory: %s", p, strerror(e));
		*s = '/';
		if (bad)
			return -1;
	}
	return mkdir(p, 0777) < 0 && errno != EEXIST
		       ? err_set(EXIT_OUTPUT, "%s: cannot create directory: %s", p, strerror(errno))
		       : 0;
}

/* Opens the dir at `path`: the path above its last component followed (the
 * user's), the last component not. With `create`, mkdir -p. */
static int open_dir(const char *path, int create)
{
	if (!*path)
		return err_set(EXIT_USAGE, "the output directory is an empty name: refused");
	char *p = xstrdup(path);
	size_t n = strlen(p);
	while (n > 1 && p[n - 1] == '/')
		p[--n] = 0;
	char *slash = strrchr(p, '/');
	int fd = -1;
	if (!slash) {
		fd = open_subdir(AT_FDCWD, p, path, create);
	} else if (slash == p && !p[1]) {
		if ((fd = open("/", DIR_FLAGS)) < 0)
			err_set(EXIT_OUTPUT, "/: %s", strerror(errno));
	} else {
		*slash = 0;
		const char *parent = slash == p ? "/" : p;
		int pfd = create && slash != p && make_parents(p) < 0
				  ? -2 : open(parent, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (pfd == -1)
			err_set(EXIT_OUTPUT, "%s: %s", parent, strerror(errno));
		if (pfd >= 0) {
			fd = open_subdir(pfd, slash + 1, path, create);
			close(pfd);
		}
	}
	free(p);
	return fd;
}

int outfile_mkdirs(const char *dir)
{
	return outfile_mkdirs_sub(dir, NULL);
}

int outfile_mkdirs_sub(const char *dir, const char *sub)
{
	int fd = open_dir(dir, 1);
	if (fd >= 0 && sub) {
		char *shown = xasprintf("%s/%s", dir, sub);
		int s = open_subdir(fd, sub, shown, 1);
		free(shown);
		close(fd);
		fd = s;
	}
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

/* pid in "<pid>" or "<pid>.<16 hex>" at s, or 0. */
static long tmp_pid(const char *s)
{
	char *end;
	long pid = strtol(s, &end, 10);
	if (end == s || pid <= 0 || *s == '-' || *s == '+')
		return 0;
	if (!*end)
		return pid;
	if (*end != '.' || strlen(end + 1) != 16 || strspn(end + 1, "0123456789abcdef") != 16)
		return 0;
	return pid;
}

/* Removes the temporaries of `name` in dfd left by runs that are gone (a
 * dir the confined reads cannot list keeps them: a new one has none). */
static void remove_stale(int dfd, const char *name)
{
	int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	size_t n = strlen(name);
	for (struct dirent *e; (e = readdir(d));) {
		if (strncmp(e->d_name, name, n) || strncmp(e->d_name + n, ".tmp.", 5))
			continue;
		long pid = tmp_pid(e->d_name + n + 5);
		if (pid && pid != getpid() && kill((pid_t)pid, 0) < 0 && errno == ESRCH &&
		    unlinkat(dfd, e->d_name, 0) == 0)
			debug("removed %s, a temporary of a run that is gone", e->d_name);
	}
	closedir(d);
}

/* Creates a new temporary for `name` in dfd; its name in *tmp. */
static int create_tmp(int dfd, const char *name, char **tmp)
{
	for (int tries = 0; tries < 16; tries++) {
		unsigned long long r = 0;
		if (getrandom(&r, sizeof(r), 0) != (ssize_t)sizeof(r))
			r = (unsigned long long)now_ns() ^ ((unsigned long long)tries << 48);
		*tmp = xasprintf("%s.tmp.%ld.%016llx", name, (long)getpid(), r);
		int fd = openat(dfd, *tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
		free(*tmp);
		*tmp = NULL;
	}
	errno = EEXIST;
	return -1;
}

/* Fills `name` in the dir open at dfd (`shown` its path for messages)
 * through a temporary renamed over it. */
static int write_at(int dfd, const char *name, const char *shown,
		    void (*write)(const void *, FILE *), const void *ctx)
{
	remove_stale(dfd, name);
	char *tmp = NULL;
	int fd = create_tmp(dfd, name, &tmp);
	if (fd < 0) {
		int rc = err_set(EXIT_OUTPUT, "%s: cannot create a temporary beside it: %s", shown,
				 strerror(errno));
		free(tmp);
		return rc;
	}
	int rc = 0;
	FILE *f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		rc = err_set(EXIT_OUTPUT, "%s: %s", shown, strerror(errno));
	} else {
		/* one thread writes it: no lock per fputc (a quarter of a report's time) */
		__fsetlocking(f, FSETLOCKING_BYCALLER);
		write(ctx, f);
		int bad = ferror(f);
		if (fclose(f) != 0 || bad)
			rc = err_set(EXIT_OUTPUT, "%s: write failed: %s", shown, strerror(errno));
		else if (renameat(dfd, tmp, dfd, name) < 0)
			rc = err_set(EXIT_OUTPUT, "%s: %s", shown, strerror(errno));
	}
	if (rc)
		unlinkat(dfd, tmp, 0);
	else
		debug("wrote %s", shown);
	free(tmp);
	return rc;
}

int outfile_write(const char *dir, const char *name, void (*write)(const void *, FILE *),
		  const void *ctx)
{
	int dfd = open_dir(dir, 0);
	if (dfd < 0)
		return -1;
	char *shown = xasprintf("%s/%s", dir, name);
	int rc = write_at(dfd, name, shown, write, ctx);
	free(shown);
	close(dfd);
	return rc;
}

static void put_buf(const void *ctx, FILE *f)
{
	const struct buf *b = ctx;
	fwrite(b->p, 1, b->len, f);
}

int outfile_write_buf_in(const char *dir, const char *name, const struct buf *b)
{
	return outfile_write(dir, name, put_buf, b);
}

/* A device, FIFO or socket: written through, not replaced. */
static int is_special(mode_t m)
{
	return S_ISCHR(m) || S_ISBLK(m) || S_ISFIFO(m) || S_ISSOCK(m);
}

int outfile_write_buf(const char *path, const struct buf *b)
{
	int rc = outfile_check_path(path, 0);
	if (rc < 0)
		return rc;
	/* -o /dev/null, /dev/stdout, a FIFO: written as it is; a rename
	 * onto it would replace the device (as root, /dev/null itself) */
	struct stat st;
	if (stat(path, &st) == 0 && is_special(st.st_mode)) {
		/* no O_CREAT: nothing is made through a link that changed since */
		int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
		if (fd >= 0 && (fstat(fd, &st) < 0 || !is_special(st.st_mode))) {
			close(fd);
			return err_set(EXIT_OUTPUT, "%s: changed while being opened: refused", path);
		}
		for (size_t off = 0; fd >= 0 && off < b->len;) {
			ssize_t w = write(fd, b->p + off, b->len - off);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0) {
				rc = err_set(EXIT_OUTPUT, "%s: cannot write: %s", path, strerror(errno));
				break;
			}
			off += (size_t)w;
		}
		if (fd < 0)
			return err_set(EXIT_OUTPUT, "%s: cannot write: %s", path, strerror(errno));
		close(fd);
		return rc;
	}
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	const char *name = slash ? slash + 1 : path;
	if (slash)
		slash[slash == dir] = 0; /* "/x" -> "/" */
	int dfd = slash ? open_dir(dir, 0) : open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0 && !slash)
		rc = err_set(EXIT_OUTPUT, ".: %s", strerror(errno));
	else if (dfd >= 0)
		rc = write_at(dfd, name, path, put_buf, b);
	else
		rc = -1;
	if (dfd >= 0)
		close(dfd);
	free(dir);
	return rc;
}

int outfile_check_path(const char *path, int dir)
{
	if (!path || !*path)
		return err_set(EXIT_USAGE, "the output %s is an empty name: refused",
			       dir ? "directory" : "file");
	size_t n = strlen(path);
	if (!dir && (path[n - 1] == '/' || !strcmp(path + (n > 1 ? n - 2 : 0), "/.") ||
		     !strcmp(path, ".") || !strcmp(path, "..")))
		return err_set(EXIT_OUTPUT, "%s: names a directory; the output is a file", path);
	struct stat st;
	if (stat(path, &st) < 0)
		return 0;
	if (dir && !S_ISDIR(st.st_mode))
		return err_set(EXIT_OUTPUT, "%s: not a directory (the reports go into a directory)",
			       path);
	if (!dir && S_ISDIR(st.st_mode))
		return err_set(EXIT_OUTPUT, "%s: a directory; the output is a file", path);
	return 0;
}
