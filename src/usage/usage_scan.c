/* usage_scan.c: This file contains the demand scan of a sysroot's ELF
 * programs and libraries into the usage_* tables: the files found under
 * its bin, sbin and library dirs (or the paths given), each read through
 * the sysroot door and by usage_read_elf(), attributed to the Debian
 * package whose dpkg list (var/lib/dpkg/info/NAME.list) names it. A file
 * whose identity (size, mtime, device, inode) is the one stored, read by
 * this syscov binary (self_exe_id()), is not read again: a rescan after one package changed reads that package's
 * files only, and dpkg's lists (100k lines on a desktop) are read only
 * when some file is. Rows of files gone from the scanned dirs are
 * deleted. The rows are committed every BATCH files, so that a scan of a
 * whole machine keeps what it read if it is stopped, and the next run
 * reads only the rest. */
#define _GNU_SOURCE
#include <errno.h>
#include <dirent.h>
#include <elf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/dirwalk.h"
#include "base/util.h"
#include "usage/usage.h"

#define FILE_MAX ((size_t)1 << 30) /* larger files are not read (none on Debian is) */
#define BATCH 200                  /* files read per transaction */

static const char *const default_dirs[] = {
	"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/libexec", "/usr/games",
	"/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/bin", "/usr/local/sbin",
	"/usr/local/lib", NULL};

/* a file found, with its identity */
struct found {
	char *rel;
	int64_t size, mtime_ns, dev, ino;
};

/* a stored file row */
struct stored {
	char *path;
	int64_t id, size, mtime_ns, dev, ino, engine;
	int seen;
};

/* path -> package, open addressing; read on first use */
struct pkgmap {
	char **path, **pkg;
	size_t cap, n;
	int read;
};

struct walk {
	struct found *f;
	size_t n, cap;
};

static void pkg_put(struct pkgmap *m, const char *path, size_t len, const char *pkg)
{
	if (2 * (m->n + 1) > m->cap) {
		struct pkgmap old = *m;
		m->cap = m->cap ? 2 * m->cap : 1 << 14;
		m->path = xcalloc(m->cap, sizeof(*m->path));
		m->pkg = xcalloc(m->cap, sizeof(*m->pkg));
		m->n = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.path[i]) {
				size_t k = hash64(old.path[i], strlen(old.path[i]), 0) & (m->cap - 1);
				while (m->path[k])
					k = (k + 1) & (m->cap - 1);
				m->path[k] = old.path[i], m->pkg[k] = old.pkg[i], m->n++;
			}
		free(old.path);
		free(old.pkg);
	}
	size_t k = hash64(path, len, 0) & (m->cap - 1);
	while (m->path[k] && (strlen(m->path[k]) != len || memcmp(m->path[k], path, len)))
		k = (k + 1) & (m->cap - 1);
	if (m->path[k])
		return; /* diverted or listed twice: the first list read keeps it */
	m->path[k] = xstrndup(path, len);
	m->pkg[k] = xstrdup(pkg);
	m->n++;
}

static const char *pkg_get(const struct pkgmap *m, const char *path)
{
	if (!m->cap)
		return NULL;
	size_t len = strlen(path), k = hash64(path, len, 0) & (m->cap - 1);
	for (; m->path[k]; k = (k + 1) & (m->cap - 1))
		if (!strcmp(m->path[k], path))
			return m->pkg[k];
	return NULL;
}

/* The package of a file: as listed, or, merged /usr, listed without /usr */
static const char *package_of(const struct pkgmap *m, const char *rel)
{
	const char *p = pkg_get(m, rel);
	if (!p && str_starts(rel, "/usr/"))
		p = pkg_get(m, rel + 4);
	return p;
}

static void pkg_free(struct pkgmap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		if (m->path[i])
			free(m->path[i]), free(m->pkg[i]);
	free(m->path);
	free(m->pkg);
}

struct lists {
	struct strv names;
};

static int list_visit(void *arg, int dirfd, const char *rel, const char *name, unsigned char type)
{
	(void)dirfd, (void)rel;
	if (type == DT_REG && str_ends(name, ".list"))
		strv_push(&((struct lists *)arg)->names, name);
	return 0;
}

/* dpkg's lists of the sysroot (none: no attribution), once */
static int read_dpkg(const struct sysroot *sr, struct pkgmap *m)
{
	const char *dir = "/var/lib/dpkg/info";
	if (m->read++ || !sysroot_is_dir(sr, dir))
		return 0;
	char *rel, *host;
	if (sysroot_resolve(sr, dir, &rel) < 0)
		return -1;
	host = sysroot_host_path(sr, rel);
	struct lists l = {0};
	int rc = dirwalk(host, rel, list_visit, &l);
	strv_sort(&l.names);
	for (size_t i = 0; i < l.names.n && rc == 0; i++) {
		char *path = xasprintf("%s/%s", rel, l.names.v[i]);
		char *pkg = xstrndup(l.names.v[i], strlen(l.names.v[i]) - 5);
		char *colon = strchr(pkg, ':'); /* libc6:amd64 */
		if (colon)
			*colon = 0;
		struct buf b = {0};
		if (sysroot_read_resolved(sr, path, (size_t)64 << 20, &b) == 0) {
			for (char *s = b.p, *e; s && s < b.p + b.len; s = e ? e + 1 : NULL) {
				e = memchr(s, '\n', (size_t)(b.p + b.len - s));
				size_t len = e ? (size_t)(e - s) : (size_t)(b.p + b.len - s);
				if (len > 1 && s[0] == '/')
					pkg_put(m, s, len, pkg);
			}
		} else {
			err_clear(); /* an unreadable list: its files stay unattributed */
		}
		buf_free(&b);
		free(path);
		free(pkg);
	}
	strv_free(&l.names);
	free(host);
	free(rel);
	return rc;
}

static int walk_visit(void *arg, int dirfd, const char *rel, const char *name, unsigned char type)
{
	struct walk *w = arg;
	if (type == DT_DIR) /* separate debug info: no code */
		return !(!strcmp(name, "debug") && str_ends(rel, "/usr/lib"));
	if (type != DT_REG)
		return 0;
	struct stat st;
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode) ||
	    st.st_size < 64)
		return 0;
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 1024;
		w->f = xrealloc(w->f, w->cap * sizeof(*w->f));
	}
	w->f[w->n++] = (struct found){xasprintf("%s/%s", rel, name), st.st_size, stat_mtime_ns(&st),
				      (int64_t)st.st_dev, (int64_t)st.st_ino};
	return 0;
}

static int cmp_stored(const void *a, const void *b)
{
	return strcmp(((const struct stored *)a)->path, ((const struct stored *)b)->path);
}

static int load_stored(struct db *db, const char *root, struct stored **out, size_t *n)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT id, path, size, mtime_ns, dev, ino, engine FROM usage_file"
				" WHERE root = ?1") < 0)
		return -1;
	db_bind_text(st, 1, root);
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (*n == cap) {
			cap = cap ? 2 * cap : 1024;
			*out = xrealloc(*out, cap * sizeof(**out));
		}
		(*out)[(*n)++] = (struct stored){xstrdup((const char *)sqlite3_column_text(st, 1)),
						 sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 2),
						 sqlite3_column_int64(st, 3), sqlite3_column_int64(st, 4),
						 sqlite3_column_int64(st, 5), sqlite3_column_int64(st, 6), 0};
	}
	sqlite3_finalize(st);
	if (*n)
		qsort(*out, *n, sizeof(**out), cmp_stored);
	return 0;
}

static const char *const call_kind[] = {"const", "arg", "indirect"};

struct writer {
	sqlite3_stmt *file, *imp, *call, *del;
	int64_t engine; /* self_exe_id() */
};

static int write_file(struct db *db, struct writer *w, const char *root, const struct found *fd,
		      const char *pkg, const struct usage_facts *f)
{
	db_bind_text(w->del, 1, root);
	db_bind_text(w->del, 2, fd->rel);
	if (db_step_done(db, w->del) < 0)
		return -1;
	db_bind_text(w->file, 1, root);
	db_bind_text(w->file, 2, fd->rel);
	db_bind_text(w->file, 3, pkg);
	db_bind_text(w->file, 4, f->arch ? f->arch->name : NULL);
	db_bind_text(w->file, 5, f->kind);
	sqlite3_bind_int64(w->file, 6, fd->size);
	sqlite3_bind_int64(w->file, 7, fd->mtime_ns);
	sqlite3_bind_int64(w->file, 8, fd->dev);
	sqlite3_bind_int64(w->file, 9, fd->ino);
	db_bind_text(w->file, 10, f->how);
	db_bind_text(w->file, 11, f->needed);
	sqlite3_bind_int64(w->file, 12, w->engine);
	if (db_step_done(db, w->file) < 0)
		return -1;
	int64_t id = sqlite3_last_insert_rowid(db->h);
	for (size_t i = 0; i < f->nimp; i++) {
		sqlite3_bind_int64(w->imp, 1, id);
		db_bind_text(w->imp, 2, f->imp[i].name);
		db_bind_text(w->imp, 3, f->imp[i].version);
		db_bind_text(w->imp, 4, f->imp[i].lib);
		if (db_step_done(db, w->imp) < 0)
			return -1;
	}
	for (size_t i = 0; i < f->ncalls; i++) {
		const struct usage_call *c = &f->calls[i];
		sqlite3_bind_int64(w->call, 1, id);
		db_bind_text(w->call, 2, call_kind[c->kind]);
		if (c->kind == USE_INDIRECT)
			sqlite3_bind_null(w->call, 3);
		else
			sqlite3_bind_int64(w->call, 3, c->nr);
		db_bind_text(w->call, 4, c->func);
		db_bind_text(w->call, 5, c->via);
		sqlite3_bind_int64(w->call, 6, (int64_t)c->addr);
		if (db_step_done(db, w->call) < 0)
			return -1;
	}
	return 0;
}

/* Reads one file found; 1: no ELF program (not stored) */
static int read_one(const struct sysroot *sr, const struct found *fd, struct usage_facts *f,
		    size_t *bytes)
{
	int fdn = sysroot_open_file(sr, fd->rel, NULL);
	if (fdn < 0) {
		err_clear(); /* gone or swapped meanwhile: not this scan's */
		return 1;
	}
	unsigned char magic[4];
	int rc = 1;
	if (pread(fdn, magic, 4, 0) == 4 && !memcmp(magic, ELFMAG, 4) && (size_t)fd->size <= FILE_MAX) {
		void *p = mmap(NULL, (size_t)fd->size, PROT_READ, MAP_PRIVATE, fdn, 0);
		if (p != MAP_FAILED) {
			rc = usage_read_elf(p, (size_t)fd->size, f);
			*bytes += (size_t)fd->size;
			munmap(p, (size_t)fd->size);
		}
	}
	close(fdn);
	return rc;
}

int usage_scan(struct db *db, const struct sysroot *sr, const struct strv *paths,
	       const struct usage_opts *o, struct usage_stats *stats)
{
	struct pkgmap pm = {0};
	struct walk w = {0};
	struct strv dirs = {0}; /* resolved, walked: their stale rows go */
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < (paths->n ? paths->n : sizeof(default_dirs) / sizeof(*default_dirs) - 1); i++) {
		const char *p = paths->n ? paths->v[i] : default_dirs[i];
		char *rel;
		struct stat st;
		/* a default dir that is a symlink (merged /usr's /bin) is walked as its target */
		if (!paths->n) {
			char *host = sysroot_host_path(sr, p);
			int link = lstat(host, &st) == 0 && S_ISLNK(st.st_mode);
			free(host);
			if (link || !sysroot_is_dir(sr, p))
				continue;
		}
		if (sysroot_resolve(sr, p, &rel) < 0) {
			rc = -1;
			break;
		}
		char *host = sysroot_host_path(sr, rel);
		if (sysroot_is_dir(sr, rel)) {
			/* the root's files are /x, not //x */
			const char *top = strcmp(rel, "/") ? rel : "";
			strv_push(&dirs, top);
			rc = dirwalk(host, top, walk_visit, &w);
		} else if (stat(host, &st) == 0 && S_ISREG(st.st_mode)) {
			if (w.n == w.cap) {
				w.cap = w.cap ? 2 * w.cap : 1024;
				w.f = xrealloc(w.f, w.cap * sizeof(*w.f));
			}
			w.f[w.n++] = (struct found){xstrdup(rel), st.st_size, stat_mtime_ns(&st),
						    (int64_t)st.st_dev, (int64_t)st.st_ino};
		} else {
			rc = err_set(EXIT_INPUT, "%s: not a file or directory in sysroot %s", p, sr->root);
		}
		free(host);
		free(rel);
	}
	struct stored *sv = NULL;
	size_t nsv = 0;
	struct writer wr = {0};
	if (rc == 0)
		rc = load_stored(db, o->root_label, &sv, &nsv);
	if (rc == 0 &&
	    (db_prepare(db, &wr.del, "DELETE FROM usage_file WHERE root = ?1 AND path = ?2") < 0 ||
	     db_prepare(db, &wr.file, "INSERT INTO usage_file (root, path, package, arch, kind, size,"
				      " mtime_ns, dev, ino, how, needed, engine)"
				      " VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)") < 0 ||
	     db_prepare(db, &wr.imp, "INSERT INTO usage_import (file_id, name, version, lib)"
				     " VALUES (?1, ?2, ?3, ?4)") < 0 ||
	     db_prepare(db, &wr.call, "INSERT INTO usage_call (file_id, kind, nr, func, via, addr)"
				      " VALUES (?1, ?2, ?3, ?4, ?5, ?6)") < 0 ||
	     db_exec(db, "BEGIN IMMEDIATE") < 0))
		rc = -1;
	int began = rc == 0;
	memset(stats, 0, sizeof(*stats));
	wr.engine = self_exe_id();
	for (size_t i = 0; rc == 0 && i < w.n; i++) {
		const struct found *fd = &w.f[i];
		struct stored key = {.path = fd->rel}, *hit = nsv ? bsearch(&key, sv, nsv, sizeof(key), cmp_stored) : NULL;
		stats->files++;
		if (hit)
			hit->seen = 1;
		if (hit && hit->size == fd->size && hit->mtime_ns == fd->mtime_ns && hit->dev == fd->dev &&
		    hit->ino == fd->ino && hit->engine == wr.engine) {
			stats->cached++, stats->elf++;
			continue;
		}
		struct usage_facts f;
		struct timespec t0, t1;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		int r = read_one(sr, fd, &f, &stats->bytes);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
		/* -v: where a whole machine's time goes, file by file */
		debug("usage: %s: %.1f ms CPU", fd->rel,
		      (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
		if (r < 0) {
			rc = -1;
			break;
		}
		if (r == 0) {
			stats->elf++, stats->read++;
			if (!o->package)
				rc = read_dpkg(sr, &pm);
			if (rc == 0)
				rc = write_file(db, &wr, o->root_label, fd,
						o->package ? o->package : package_of(&pm, fd->rel), &f);
			usage_facts_free(&f);
			if (rc == 0 && stats->read % BATCH == 0) {
				began = db_exec(db, "COMMIT") == 0 && db_exec(db, "BEGIN IMMEDIATE") == 0;
				rc = began ? 0 : -1;
			}
		} else if (hit) {
			hit->seen = 0; /* no longer a program: its row goes */
		}
		if (!o->quiet && stats->read && stats->read % 500 == 0 && r == 0)
			note("usage: %zu files read, %zu unchanged, of %zu", stats->read, stats->cached, w.n);
	}
	/* rows of files the walk did not find again under the dirs it walked */
	for (size_t i = 0; rc == 0 && i < nsv; i++) {
		if (sv[i].seen)
			continue;
		int under = 0;
		for (size_t k = 0; k < dirs.n && !under; k++)
			under = str_starts(sv[i].path, dirs.v[k]) && sv[i].path[strlen(dirs.v[k])] == '/';
		if (!under)
			continue;
		db_bind_text(wr.del, 1, o->root_label);
		db_bind_text(wr.del, 2, sv[i].path);
		rc = db_step_done(db, wr.del);
	}
	if (began)
		rc = db_exec(db, rc == 0 ? "COMMIT" : "ROLLBACK") < 0 ? -1 : rc;
	sqlite3_finalize(wr.del);
	sqlite3_finalize(wr.file);
	sqlite3_finalize(wr.imp);
	sqlite3_finalize(wr.call);
	for (size_t i = 0; i < nsv; i++)
		free(sv[i].path);
	free(sv);
	for (size_t i = 0; i < w.n; i++)
		free(w.f[i].rel);
	free(w.f);
	strv_free(&dirs);
	pkg_free(&pm);
	return rc;
}
