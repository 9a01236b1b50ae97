/* ktree.c: This file contains the kernel-tree door (ktree.h): a directory
 * read beneath its fd, or a tarball read in place through libarchive. */
#define _GNU_SOURCE
#include "base/ktree.h"

#include <archive.h>
#include <archive_entry.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/dirwalk.h"
#include "base/sysroot.h"

/* O_NONBLOCK: a FIFO put in a tree cannot hang a read. */
#define KT_OPEN_FLAGS (O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)

/* No member a reader keeps comes near this (the largest header of 6.1 is
 * ~1 MB): a bigger one is not kept in memory. */
#define KT_KEEP_MAX (16u << 20)

struct ktree_ent {
	char *rel;
	char *data; /* kept (NUL-terminated), or NULL */
	size_t len;
};

int ktree_is_tarball_name(const char *path)
{
	static const char *const ext[] = {".tar", ".tar.xz", ".tar.gz", ".tar.bz2", ".tar.zst", ".tgz"};
	for (size_t i = 0; i < ARRAY_SIZE(ext); i++)
		if (str_ends(path, ext[i]))
			return 1;
	return 0;
}

static struct archive *kt_archive(const struct ktree *t)
{
	struct archive *a = archive_read_new();
	archive_read_support_filter_all(a);
	archive_read_support_format_tar(a);
	if (archive_read_open_filename(a, t->path, 1 << 20) != ARCHIVE_OK) {
		err_set(EXIT_INPUT, "%s: %s", t->path, archive_error_string(a));
		archive_read_free(a);
		return NULL;
	}
	return a;
}

int ktree_open(struct ktree *t, const char *path)
{
	memset(t, 0, sizeof(*t));
	t->dirfd = -1;
	t->path = realpath(path, NULL);
	if (!t->path)
		return err_set(EXIT_INPUT, "%s: kernel tree: %s", path, strerror(errno));
	struct stat st;
	if (stat(t->path, &st) < 0) {
		err_set(EXIT_INPUT, "%s: kernel tree: %s", path, strerror(errno));
		ktree_close(t);
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		t->dirfd = open(t->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (t->dirfd < 0) {
			err_set(EXIT_INPUT, "%s: kernel tree: %s", path, strerror(errno));
			ktree_close(t);
			return -1;
		}
		return 0;
	}
	if (!S_ISREG(st.st_mode)) {
		err_set(EXIT_INPUT, "%s: kernel tree: neither a directory nor a tarball", path);
		ktree_close(t);
		return -1;
	}
	/* a tarball: its first header tells it is one, before any pass */
	t->archive = 1;
	struct archive *a = kt_archive(t);
	struct archive_entry *e;
	int r = a ? archive_read_next_header(a, &e) : ARCHIVE_FATAL;
	if (a && r != ARCHIVE_OK)
		err_set(EXIT_INPUT, "%s: kernel tree: not a tarball: %s", path,
			archive_error_string(a) ? archive_error_string(a) : "empty");
	if (a)
		archive_read_free(a);
	if (r != ARCHIVE_OK) {
		ktree_close(t);
		return -1;
	}
	return 0;
}

void ktree_close(struct ktree *t)
{
	if (t->dirfd >= 0)
		close(t->dirfd);
	for (size_t i = 0; i < t->n; i++) {
		free(t->ent[i].rel);
		free(t->ent[i].data);
	}
	free(t->ent);
	free(t->path);
	memset(t, 0, sizeof(*t));
	t->dirfd = -1;
}

char *ktree_join(const struct ktree *t, const char *rel)
{
	return *rel ? xasprintf("%s/%s", t->path, rel) : xstrdup(t->path);
}

/* ---- a directory ---- */

/* `rel` with "//", "." and ".." folded away (NULL when ".." climbs above
 * the top): its real path when none of its components is a symlink. */
static char *rel_fold(const char *rel)
{
	char *out = xmalloc(strlen(rel) + 1), *o = out;
	for (const char *p = rel; *p;) {
		p += strspn(p, "/");
		size_t n = strcspn(p, "/");
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			if (o == out) {
				free(out);
				return NULL;
			}
			while (o > out && *--o != '/')
				;
		} else if (n && !(n == 1 && p[0] == '.')) {
			if (o > out)
				*o++ = '/';
			memcpy(o, p, n);
			o += n;
		}
		p += n;
	}
	*o = 0;
	return out;
}

/* Opens tree-relative `rel` beneath the tree; *real its real tree-relative
 * path. An fd, -2 when it does not exist, -1; both with err_set(). A
 * symlink inside the tree is followed (the generic headers of some ports
 * are links), one out of it is refused. */
static int dir_open(const struct ktree *t, const char *rel, int flags, char **real)
{
	struct open_how how = {.flags = (uint64_t)flags, .resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH};
	int fd = (int)syscall(SYS_openat2, t->dirfd, rel, &how, sizeof(how)), e = errno;
	char *host = ktree_join(t, rel);
	*real = NULL;
	if (fd >= 0) {
		*real = rel_fold(rel);
	} else if (e == ENOENT || e == ENOTDIR) {
		err_set(EXIT_INPUT, "%s: %s", host, strerror(e));
		free(host);
		return -2;
	} else if (e == ELOOP || e == ENOSYS || e == EXDEV) {
		/* a symlink on the way (or no openat2): where does it lead? */
		char *r = realpath(host, NULL);
		size_t n = strlen(t->path);
		if (!r) {
			e = errno;
			err_set(EXIT_INPUT, "%s: %s", host, strerror(e));
			free(host);
			return e == ENOENT || e == ENOTDIR ? -2 : -1;
		}
		if (strncmp(r, t->path, n) || (r[n] != '/' && r[n]))
			err_set(EXIT_INPUT, "%s: resolves to %s, outside the kernel tree", host, r);
		else if ((fd = open(r, flags)) < 0)
			err_set(EXIT_INPUT, "%s: %s", host, strerror(errno));
		else
			*real = xstrdup(r[n] ? r + n + 1 : "");
		free(r);
	} else {
		err_set(EXIT_INPUT, "%s: %s", host, strerror(e));
	}
	if (fd >= 0 && !*real) {
		close(fd);
		fd = err_set(EXIT_INPUT, "%s: outside the kernel tree", host);
	}
	free(host);
	return fd;
}

static int dir_read(struct ktree *t, const char *rel, size_t max, struct buf *out, char **real)
{
	char *r = NULL;
	int fd = dir_open(t, rel, KT_OPEN_FLAGS, &r);
	if (fd < 0)
		return fd;
	struct stat st;
	char *host = ktree_join(t, rel);
	int rc;
	/* a FIFO read O_NONBLOCK is empty: its table would be lost with exit 0 */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		rc = err_set(EXIT_INPUT, "%s: not a regular file: refused", host);
	else
		rc = read_fd_all(fd, host, max, out);
	close(fd);
	free(host);
	if (rc == 0 && real)
		*real = r;
	else
		free(r);
	return rc;
}

static int dir_list(struct ktree *t, const char *rel, struct strv *files, struct strv *dirs)
{
	char *r = NULL;
	int fd = dir_open(t, *rel ? rel : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK, &r);
	free(r);
	if (fd < 0)
		return fd;
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		char *host = ktree_join(t, rel);
		err_set(EXIT_INPUT, "%s: %s", host, strerror(errno));
		free(host);
		return -1;
	}
	for (struct dirent *e; (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		unsigned char type = e->d_type;
		struct stat st;
		if (type == DT_UNKNOWN && fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
			type = dirwalk_type(st.st_mode);
		struct strv *to = type == DT_DIR ? dirs : files;
		if (to)
			strv_push(to, e->d_name);
	}
	closedir(d);
	if (files)
		strv_sort(files);
	if (dirs)
		strv_sort(dirs);
	return 0;
}

struct dir_walk {
	struct ktree *t;
	size_t max;
	ktree_want_fn want;
	ktree_visit_fn visit;
	void *arg;
	struct buf text;
};

/* Reads a file whole into w->text: 1 if read, 2 if larger than max, 0 if
 * gone. No fstat(): the walk's d_type said regular file, O_NOFOLLOW keeps
 * it so, O_NONBLOCK keeps a FIFO put there meanwhile from hanging the read,
 * and a read that does not fill the buffer is the end of a regular file
 * (the fstat() was a tenth of a tree's source pass). */
static int walk_read(struct dir_walk *w, int dirfd, const char *name)
{
	int fd = openat(dirfd, name, KT_OPEN_FLAGS);
	if (fd < 0)
		return 0;
	w->text.len = 0;
	if (w->text.cap < (1u << 20))
		buf_grow(&w->text, 1u << 20);
	int r = 1;
	for (;;) {
		size_t room = w->text.cap - 1 - w->text.len;
		ssize_t n = read(fd, w->text.p + w->text.len, room);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		w->text.len += (size_t)n;
		if ((size_t)n < room)
			break;
		if (w->text.len >= w->max) {
			r = 2;
			break;
		}
		buf_grow(&w->text, w->text.cap);
	}
	close(fd);
	w->text.p[w->text.len] = 0;
	return r;
}

static int walk_visit(void *arg, int dirfd, const char *rel, const char *name, unsigned char type)
{
	struct dir_walk *w = arg;
	const char *dir = *rel ? rel + 1 : "";
	if (type == DT_DIR)
		return w->want(w->arg, dir, name, 1) ? 1 : 0;
	if (type != DT_REG || !w->want(w->arg, dir, name, 0))
		return 0;
	int r = walk_read(w, dirfd, name);
	if (!r)
		return 0;
	return w->visit(w->arg, dir, name, r == 2 ? NULL : w->text.p, w->text.len) < 0 ? -1 : 0;
}

/* ---- a tarball ---- */

/* Files the table, header and prototype readers read by name. */
static int kt_keep(const char *rel)
{
	if (str_starts(rel, "include/") || str_ends(rel, ".tbl") || !strcmp(rel, "Makefile") ||
	    !strcmp(rel, "Kbuild"))
		return 1;
	if (!str_starts(rel, "arch/"))
		return 0;
	const char *p = strchr(rel + 5, '/');
	return p && (str_starts(p, "/include/") || str_starts(p, "/kernel/"));
}

/* The tree-relative name of a member: its first component (the tree's own
 * dir, linux-source-6.1/) dropped; NULL when it is no part of the tree. */
static const char *member_rel(const char *name)
{
	if (!name || *name == '/')
		return NULL;
	const char *s = strchr(name, '/');
	if (!s || !s[1])
		return NULL;
	s++;
	for (const char *p = s; *p;) {
		size_t n = strcspn(p, "/");
		if ((n == 2 && p[0] == '.' && p[1] == '.') || (n == 1 && p[0] == '.'))
			return NULL;
		p += n;
		p += strspn(p, "/");
	}
	return s;
}

static int want_path(ktree_want_fn want, void *arg, const char *rel, char *scratch)
{
	/* every dir on the way, as the directory walk asks: the component at
	 * `name` cut by a NUL, its dir the text before it, cut likewise */
	memcpy(scratch, rel, strlen(rel) + 1);
	char *name = scratch;
	for (char *p; (p = strchr(name, '/')); name = p + 1) {
		*p = 0;
		if (name != scratch)
			name[-1] = 0;
		int ok = want(arg, name == scratch ? "" : scratch, name, 1);
		if (name != scratch)
			name[-1] = '/';
		*p = '/';
		if (!ok)
			return 0;
	}
	if (name != scratch)
		name[-1] = 0;
	return want(arg, name == scratch ? "" : scratch, name, 0);
}

static int cmp_ent(const void *a, const void *b)
{
	return strcmp(((const struct ktree_ent *)a)->rel, ((const struct ktree_ent *)b)->rel);
}

/* One pass over the tarball: indexes its members (first pass), keeps the
 * files kt_keep() names, and visits what `want` takes. */
static int kt_pass(struct ktree *t, size_t max, ktree_want_fn want, ktree_visit_fn visit,
		   void *arg)
{
	uint64_t t0 = now_ns();
	struct archive *a = kt_archive(t);
	if (!a)
		return -1;
	int index = !t->indexed, rc = 0, r;
	size_t cap = t->n;
	struct archive_entry *e;
	struct buf text = {0};
	char *scratch = NULL;
	size_t scap = 0;
	while (rc == 0 && (r = archive_read_next_header(a, &e)) == ARCHIVE_OK) {
		const char *rel = member_rel(archive_entry_pathname(e));
		if (rel && index && archive_entry_filetype(e) == AE_IFDIR) {
			/* an empty dir is part of the tree too (ktree_list()):
			 * "fs/", which no file's name is */
			if (t->n == cap)
				t->ent = xrealloc(t->ent, (cap = cap ? 2 * cap : 4096) * sizeof(*t->ent));
			t->ent[t->n++] = (struct ktree_ent){
				.rel = str_ends(rel, "/") ? xstrdup(rel) : xasprintf("%s/", rel)};
			continue;
		}
		if (!rel || archive_entry_filetype(e) != AE_IFREG || archive_entry_hardlink(e))
			continue;
		int64_t size = archive_entry_size(e);
		int keep = index && kt_keep(rel) && size >= 0 && (uint64_t)size <= KT_KEEP_MAX;
		int wanted = 0;
		if (visit) {
			size_t n = strlen(rel) + 1;
			if (n > scap)
				scratch = xrealloc(scratch, scap = 2 * n);
			wanted = want_path(want, arg, rel, scratch);
		}
		int big = size < 0 || (uint64_t)size >= max;
		text.len = 0;
		if ((keep || (wanted && !big)) && size >= 0) {
			buf_grow(&text, (size_t)size + 1);
			la_ssize_t got = size ? archive_read_data(a, text.p, (size_t)size) : 0;
			if (got != size) {
				char *host = ktree_join(t, rel);
				rc = err_set(EXIT_INPUT, "%s: %s", host,
					     got < 0 ? archive_error_string(a) : "short member");
				free(host);
				break;
			}
			text.len = (size_t)size;
			text.p[text.len] = 0;
		}
		if (index) {
			if (t->n == cap)
				t->ent = xrealloc(t->ent, (cap = cap ? 2 * cap : 4096) * sizeof(*t->ent));
			struct ktree_ent *k = &t->ent[t->n++];
			*k = (struct ktree_ent){.rel = xstrdup(rel), .len = (size_t)size};
			if (keep) {
				k->data = xmalloc(text.len + 1);
				memcpy(k->data, text.p, text.len + 1);
			}
		}
		if (wanted) {
			const char *slash = strrchr(rel, '/');
			char *dir = slash ? xstrndup(rel, (size_t)(slash - rel)) : xstrdup("");
			rc = visit(arg, dir, slash ? slash + 1 : rel, big ? NULL : text.p, text.len);
			free(dir);
		}
	}
	if (rc == 0 && r != ARCHIVE_EOF)
		rc = err_set(EXIT_INPUT, "%s: %s", t->path, archive_error_string(a));
	archive_read_free(a);
	buf_free(&text);
	free(scratch);
	if (index && rc == 0) {
		qsort(t->ent, t->n, sizeof(*t->ent), cmp_ent);
		t->indexed = 1;
	}
	t->pass_ns += now_ns() - t0;
	return rc;
}

static struct ktree_ent *kt_find(struct ktree *t, const char *rel)
{
	struct ktree_ent key = {.rel = (char *)rel};
	return t->n ? bsearch(&key, t->ent, t->n, sizeof(*t->ent), cmp_ent) : NULL;
}

static int kt_index(struct ktree *t)
{
	return t->indexed ? 0 : kt_pass(t, 0, NULL, NULL, NULL);
}

/* *out = len bytes of text, NUL-terminated, as read_fd_all() leaves it. */
static void text_into(struct buf *out, const char *text, size_t len)
{
	out->len = 0;
	buf_add(out, text, len);
	buf_grow(out, 1);
	out->p[len] = 0;
}

/* A file not kept by the first pass, read by another (slow: readers ask
 * only for kt_keep() files; this is for the odd one out). */
struct one {
	const char *rel;
	struct buf *out;
	int found;
};

static int one_want(void *arg, const char *dir, const char *name, int is_dir)
{
	const struct one *o = arg;
	size_t n = strlen(dir);
	if (is_dir) {
		char *p = *dir ? xasprintf("%s/%s/", dir, name) : xasprintf("%s/", name);
		int r = str_starts(o->rel, p);
		free(p);
		return r;
	}
	return !strncmp(o->rel, dir, n) && (!n || o->rel[n] == '/') && !strcmp(o->rel + n + !!n, name);
}

static int one_visit(void *arg, const char *dir, const char *name, char *text, size_t len)
{
	(void)dir, (void)name;
	struct one *o = arg;
	if (text) {
		text_into(o->out, text, len);
		o->found = 1;
	}
	return 0;
}

static int kt_read(struct ktree *t, const char *rel, size_t max, struct buf *out, char **real)
{
	if (kt_index(t) < 0)
		return -1;
	char *f = rel_fold(rel);
	struct ktree_ent *k = f ? kt_find(t, f) : NULL;
	char *host = ktree_join(t, rel);
	int rc = 0;
	if (!k) {
		err_set(EXIT_INPUT, "%s: %s", host, f ? "no such file in the tarball" : "outside the kernel tree");
		rc = f ? -2 : -1;
	} else if (k->len > max) {
		rc = err_set(EXIT_INPUT, "%s: larger than %zu bytes: refused", host, max);
	} else if (k->data) {
		text_into(out, k->data, k->len);
	} else {
		struct one o = {.rel = f, .out = out};
		rc = kt_pass(t, max + 1, one_want, one_visit, &o);
		if (rc == 0 && !o.found)
			rc = err_set(EXIT_INPUT, "%s: not read", host);
	}
	free(host);
	if (rc == 0 && real)
		*real = f;
	else
		free(f);
	return rc;
}

static int kt_list(struct ktree *t, const char *rel, struct strv *files, struct strv *dirs)
{
	if (kt_index(t) < 0)
		return -1;
	char *pfx = *rel ? xasprintf("%s/", rel) : xstrdup("");
	size_t pn = strlen(pfx), lo = 0, hi = t->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp(t->ent[mid].rel, pfx) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	int any = 0;
	const char *last = NULL;
	size_t lastn = 0;
	for (size_t i = lo; i < t->n && !strncmp(t->ent[i].rel, pfx, pn); i++) {
		const char *s = t->ent[i].rel + pn, *slash = strchr(s, '/');
		any = 1;
		if (!*s)
			continue;
		if (!slash) {
			if (files)
				strv_push(files, s);
		} else if (dirs && (!last || lastn != (size_t)(slash - s) || strncmp(last, s, lastn))) {
			last = s, lastn = (size_t)(slash - s);
			strv_push_own(dirs, xstrndup(s, lastn));
		}
	}
	free(pfx);
	if (!any) {
		char *host = ktree_join(t, rel);
		err_set(EXIT_INPUT, "%s: no such directory in the tarball", host);
		free(host);
		return -2;
	}
	if (files)
		strv_sort(files);
	if (dirs)
		strv_sort(dirs);
	return 0;
}

struct find_walk {
	ktree_want_fn want;
	void *arg;
	struct strv *out;
};

static int find_visit(void *arg, int dirfd, const char *rel, const char *name, unsigned char type)
{
	(void)dirfd;
	struct find_walk *w = arg;
	/* a directory under a wanted file's name is listed, not walked into:
	 * its read refuses it (a walk into it lost the table with exit 0) */
	if (type == DT_DIR && !w->want(w->arg, rel, name, 0))
		return w->want(w->arg, rel, name, 1) ? 1 : 0;
	/* a name taken on anything but a regular file is listed too: its read
	 * refuses it, where a walk past it lost it with exit 0 */
	if (w->want(w->arg, rel, name, 0))
		strv_push_own(w->out, xasprintf("%s/%s", rel, name));
	return 0;
}

int ktree_find(struct ktree *t, const char *rel, ktree_want_fn want, void *arg, struct strv *out)
{
	if (!t->archive) {
		char *host = ktree_join(t, rel);
		struct find_walk w = {want, arg, out};
		int rc = dirwalk(host, rel, find_visit, &w);
		free(host);
		return rc;
	}
	if (kt_index(t) < 0)
		return -1;
	char *pfx = xasprintf("%s/", rel), *scratch = NULL;
	size_t pn = strlen(pfx), scap = 0;
	for (size_t i = 0; i < t->n; i++) {
		const char *r = t->ent[i].rel;
		if (strncmp(r, pfx, pn) || str_ends(r, "/"))
			continue;
		size_t n = strlen(r) + 1;
		if (n > scap)
			scratch = xrealloc(scratch, scap = 2 * n);
		/* asked below `rel`, as the directory walk does */
		char *dir = xstrdup(rel);
		int ok = 1;
		const char *p = r + pn;
		memcpy(scratch, p, strlen(p) + 1);
		char *name = scratch;
		for (char *q; ok && (q = strchr(name, '/')); name = q + 1) {
			*q = 0;
			ok = want(arg, dir, name, 1);
			char *d2 = xasprintf("%s/%s", dir, name);
			free(dir);
			dir = d2;
		}
		if (ok && want(arg, dir, name, 0))
			strv_push(out, r);
		free(dir);
	}
	free(pfx);
	free(scratch);
	return 0;
}

/* ---- either ---- */

int ktree_read(struct ktree *t, const char *rel, size_t max, struct buf *out, char **real)
{
	if (real)
		*real = NULL;
	return t->archive ? kt_read(t, rel, max, out, real) : dir_read(t, rel, max, out, real);
}

int ktree_is_file(struct ktree *t, const char *rel)
{
	if (t->archive) {
		char *f = rel_fold(rel);
		int r = f && kt_index(t) == 0 && kt_find(t, f);
		free(f);
		err_clear();
		return r;
	}
	char *r = NULL;
	int fd = dir_open(t, rel, KT_OPEN_FLAGS, &r);
	struct stat st;
	int ok = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	if (fd >= 0)
		close(fd);
	free(r);
	err_clear();
	return ok;
}

int ktree_list(struct ktree *t, const char *rel, struct strv *files, struct strv *dirs)
{
	return t->archive ? kt_list(t, rel, files, dirs) : dir_list(t, rel, files, dirs);
}

int ktree_each(struct ktree *t, size_t max, ktree_want_fn want, ktree_visit_fn visit, void *arg)
{
	if (t->archive)
		return kt_pass(t, max, want, visit, arg);
	struct dir_walk w = {.t = t, .max = max, .want = want, .visit = visit, .arg = arg};
	int rc = dirwalk(t->path, "", walk_visit, &w);
	buf_free(&w.text);
	return rc;
}

/* "linux-source-6.1.tar.xz" -> "6.1" (NUL-cut in place); NULL if the name
 * is no kernel source */
static char *source_version(char *name, int *is_dir, int type)
{
	if (!str_starts(name, "linux-source-") || !name[13])
		return NULL;
	char *v = name + 13, *tar = strstr(v, ".tar");
	*is_dir = type == DT_DIR;
	if (*is_dir)
		return strchr(v, '/') ? NULL : v;
	if (type != DT_REG || !ktree_is_tarball_name(name) || !tar || tar == v)
		return NULL;
	*tar = 0;
	return v;
}

char *ktree_in_sysroot(const struct sysroot *sr)
{
	char *rel = NULL;
	if (sysroot_resolve(sr, "/usr/src", &rel) < 0) {
		err_clear();
		return NULL;
	}
	char *host = sysroot_host_path(sr, rel);
	DIR *d = opendir(host);
	char *best = NULL, *bestv = NULL;
	int best_dir = 0;
	for (struct dirent *e; d && (e = readdir(d));) {
		char *name = xstrdup(e->d_name), *path = xasprintf("%s/%s", rel, e->d_name), *r = NULL;
		struct stat st;
		int is_dir = 0, type = DT_UNKNOWN;
		/* resolved inside the sysroot: a link out of it is not taken */
		if (sysroot_resolve(sr, path, &r) == 0) {
			char *h = sysroot_host_path(sr, r);
			if (stat(h, &st) == 0)
				type = dirwalk_type(st.st_mode);
			free(h);
		}
		err_clear();
		char *v = r ? source_version(name, &is_dir, type) : NULL;
		int c = v && bestv ? strverscmp(v, bestv) : 1;
		if (v && (c > 0 || (c == 0 && is_dir && !best_dir))) {
			free(best);
			free(bestv);
			best = sysroot_host_path(sr, r), bestv = xstrdup(v), best_dir = is_dir;
		}
		free(r);
		free(path);
		free(name);
	}
	if (d)
		closedir(d);
	free(bestv);
	free(host);
	free(rel);
	return best;
}
