/* scan_cache.c: This file contains the reuse of a stored scan whose inputs
 * are unchanged (see scan_cache.h).
 *
 * A scan is a pure function of its inputs and of the tool's configuration,
 * so when both are unchanged the stored facts (and the verdicts derived from
 * them) are still right and the rescan can be skipped. The configuration is
 * a fingerprint: syscov's own binary (size, mtime), the options that change
 * what is read (--man-dir, --no-man), the environment overrides, and the
 * curated data files (size, mtime). The inputs are the scan's input rows
 * (size, mtime in ns) plus, added when the scan is sealed, the directory of
 * every input and the sysroot's include and library dirs: a page or header
 * added or removed beside them changes the directory's mtime, so a file
 * that was absent at scan time cannot be missed (a new subdirectory in an
 * include dir changes that dir). An input whose mtime changed but whose
 * content hash (of the file's bytes; of a dir's sorted entry names) has
 * not is unchanged too: `touch`, a copy or a checkout that rewrites
 * identical files costs one read of each such file, and its row takes the
 * new mtime. A file rewritten with the same size within the same
 * nanosecond is not detected. */
#define _GNU_SOURCE
#include "scan/scan_cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/clangx.h"
#include "base/datafile.h"
#include "base/ktree.h"

/* the scans this process reused (or a -j worker classified), for audit's
 * classify step */
static struct idset reused;

/* Here, not in scan.c, as an input row is what the lookups compare: its
 * size, mtime and hash are taken as they check them. */
int scan_note_input(struct scan_ctx *ctx, const char *kind, const char *host_path,
		    const void *data, size_t len, const char *version)
{
	struct stat st;
	int64_t size = -1, mtime = 0;
	if (host_path && stat(host_path, &st) == 0) {
		size = st.st_size;
		mtime = stat_mtime_ns(&st);
	}
	uint64_t h = data ? hash64(data, len, 0) : 0;
	return db_add_input(ctx->db, ctx->scan_id, kind, host_path, size, mtime, h, version);
}

int scan_note_tree_input(struct scan_ctx *ctx, const char *kind, const char *rel,
			 const void *data, size_t len)
{
	if (ctx->kt->archive)
		return 0;
	char *host = ktree_join(ctx->kt, rel);
	int rc = scan_note_input(ctx, kind, host, data, len, NULL);
	free(host);
	return rc;
}

static void stat_into(struct buf *b, const char *path)
{
	struct stat st;
	if (path && stat(path, &st) == 0)
		buf_printf(b, "%s:%lld:%lld;", path, (long long)st.st_size,
			   (long long)stat_mtime_ns(&st));
	else
		buf_printf(b, "%s:-;", path ? path : "");
}

/* Every regular file of a data dir candidate (not recursive: the data
 * files are flat), in name order (readdir's is not stable across directory
 * rewrites). */
static void data_dir_into(struct buf *b, const char *dir)
{
	DIR *d = dir ? opendir(dir) : NULL;
	if (!d)
		return;
	struct strv names = {0};
	for (struct dirent *e; (e = readdir(d));)
		if (e->d_name[0] != '.')
			strv_push(&names, e->d_name);
	closedir(d);
	strv_sort(&names);
	for (size_t i = 0; i < names.n; i++) {
		char *p = xasprintf("%s/%s", dir, names.v[i]);
		stat_into(b, p);
		free(p);
	}
	strv_free(&names);
}

/* What a dir input row hashes: the sum of its entry names' hashes (so in
 * any order, with no sort of a 1,360-name dir). An entry added, removed or
 * renamed changes it; a file changed in place has a row of its own. */
static int dir_listing(const char *dir, uint64_t *sum)
{
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	*sum = 0;
	for (struct dirent *e; (e = readdir(d));)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			*sum += hash64(e->d_name, strlen(e->d_name), 0);
	closedir(d);
	return 0;
}

/* The content hash of an input as it is now (see db_add_input), into *h;
 * -1 when it cannot be read. */
static int content_hash(const char *kind, const char *path, uint64_t *h)
{
	*h = hash64(NULL, 0, 0);
	uint64_t sum;
	if (!strcmp(kind, "dir")) {
		if (dir_listing(path, &sum) < 0)
			return -1;
		*h = hash64(&sum, sizeof(sum), 0);
		return 0;
	}
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	int err = hash64_fd(fd, SIZE_MAX, h);
	close(fd);
	return err ? -1 : 0;
}

char *scan_cache_fingerprint(const struct scan_opts *c)
{
	struct buf b = {0};
	buf_printf(&b, "exe=%lld;", (long long)self_exe_id());
	buf_printf(&b, "man-dir=%s;no-man=%d;", c && c->man_dir ? c->man_dir : "",
		   c ? c->no_man : 0);
	const char *env[] = {"SYSCOV_DATA_DIR", "SYSCOV_CLANG_RESOURCE_DIR"};
	for (size_t i = 0; i < ARRAY_SIZE(env); i++) {
		const char *e = getenv(env[i]);
		buf_printf(&b, "%s=%s;", env[i], e ? e : "");
	}
	buf_printf(&b, "resource=%s;", clangx_resource_dir());
	char *exe_dir = datafile_exe_dir();
	data_dir_into(&b, getenv("SYSCOV_DATA_DIR"));
	data_dir_into(&b, exe_dir);
	data_dir_into(&b, SYSCOV_DATA_DIR);
	data_dir_into(&b, SYSCOV_SOURCE_DIR "/data");
	free(exe_dir);
	char *fp = xasprintf("%016llx", (unsigned long long)hash64(b.p, b.len, 0));
	buf_free(&b);
	return fp;
}

/* Gives touched-but-unchanged input rows their new mtime, so the next
 * lookup need not hash them again: rows holds (rowid, mtime_ns) pairs. */
static int retouch(struct db *db, const int64_t *rows, size_t n)
{
	sqlite3_stmt *st = NULL;
	if (db_exec(db, "BEGIN IMMEDIATE") < 0)
		return -1;
	int rc = db_prepare(db, &st, "UPDATE input SET mtime_ns=?2, mtime=?2/1000000000 WHERE rowid=?1");
	for (size_t i = 0; i + 1 < n && rc == 0; i += 2) {
		sqlite3_bind_int64(st, 1, rows[i]);
		sqlite3_bind_int64(st, 2, rows[i + 1]);
		rc = db_step_done(db, st);
	}
	sqlite3_finalize(st);
	if (rc < 0) {
		db_exec(db, "ROLLBACK");
		return -1;
	}
	return db_exec(db, "COMMIT");
}

/* The check of both calls below: with `read` 0, an input whose mtime moved
 * counts as changed instead of being hashed, and nothing is written. */
static int lookup(struct db *db, const struct scan_key *k, const char *fp, int64_t *id, int read)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT id, fingerprint FROM scan WHERE kind=?1 AND sysroot=?2"
				" AND arch=?3 AND variant=?4") < 0)
		return -1;
	db_bind_text(st, 1, k->kind);
	db_bind_text(st, 2, k->sysroot);
	db_bind_text(st, 3, k->arch);
	db_bind_text(st, 4, k->variant ? k->variant : "");
	int64_t old = -1;
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 1) &&
	    !strcmp((const char *)sqlite3_column_text(st, 1), fp))
		old = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (old < 0)
		return 0;
	if (db_prepare(db, &st, "SELECT rowid, kind, path, size, mtime_ns, hash FROM input"
				" WHERE scan_id=?1") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, old);
	/* rows whose file was touched but not changed: (rowid, new mtime_ns) */
	int64_t *touched = NULL;
	size_t nt = 0;
	int same = 1, n = 0;
	while (same && sqlite3_step(st) == SQLITE_ROW) {
		const char *kind = (const char *)sqlite3_column_text(st, 1);
		const char *path = (const char *)sqlite3_column_text(st, 2);
		const char *hex = (const char *)sqlite3_column_text(st, 5);
		int64_t size = sqlite3_column_int64(st, 3);
		struct stat s;
		uint64_t h;
		n++;
		if (!path || !kind) {
			same = 0;
		} else if (stat(path, &s) < 0) {
			same = size < 0; /* absent then, absent now */
		} else if (sqlite3_column_type(st, 4) != SQLITE_NULL &&
			   sqlite3_column_int64(st, 4) == stat_mtime_ns(&s)) {
			same = size == (int64_t)s.st_size;
		} else {
			/* a dir's size is its blocks', not its listing's */
			same = read && hex && (S_ISDIR(s.st_mode) || size == (int64_t)s.st_size) &&
			       content_hash(kind, path, &h) == 0 &&
			       strtoull(hex, NULL, 16) == h;
			if (same) {
				touched = xrealloc(touched, (nt + 2) * sizeof(*touched));
				touched[nt++] = sqlite3_column_int64(st, 0);
				touched[nt++] = stat_mtime_ns(&s);
			}
		}
	}
	sqlite3_finalize(st);
	int rc = same && n ? 1 : 0;
	if (rc && nt)
		rc = retouch(db, touched, nt) < 0 ? -1 : 1;
	free(touched);
	if (rc == 1) {
		*id = old;
		scan_cache_note_verdicts(old);
	}
	return rc;
}

int scan_cache_lookup(struct db *db, const struct scan_key *k, const char *fp, int64_t *id)
{
	return lookup(db, k, fp, id, 1);
}

int scan_cache_unchanged(struct db *db, const struct scan_key *k, const char *fp, int64_t *id)
{
	return lookup(db, k, fp, id, 0);
}

void scan_cache_note_verdicts(int64_t id)
{
	idset_add(&reused, id);
}

/* The verdicts depend on the scan, the configuration and the kernel-tree
 * scans of the DB (their entry points). */
static char *classify_key(struct db *db, const char *fp)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT group_concat(id || '/' || ifnull(fingerprint, ''), ',')"
				" FROM (SELECT id, fingerprint FROM scan WHERE kind='kernel-tree' ORDER BY id)") < 0)
		return NULL;
	const char *k = sqlite3_step(st) == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
	char *key = xasprintf("%s:%s", fp, k ? k : "");
	sqlite3_finalize(st);
	return key;
}

int scan_cache_verdicts_current(struct db *db, int64_t id, const char *fp)
{
	if (!idset_has(&reused, id))
		return 0;
	char *key = classify_key(db, fp);
	sqlite3_stmt *st;
	if (!key || db_prepare(db, &st, "SELECT classified FROM scan WHERE id=?1") < 0) {
		free(key);
		return -1;
	}
	sqlite3_bind_int64(st, 1, id);
	int cur = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0) &&
		  !strcmp((const char *)sqlite3_column_text(st, 0), key);
	sqlite3_finalize(st);
	free(key);
	return cur;
}

int scan_cache_mark_classified(struct db *db, int64_t id, const char *fp)
{
	char *key = classify_key(db, fp);
	if (!key)
		return -1;
	int rc = db_scan_set(db, id, "classified", key);
	free(key);
	return rc;
}

static int add_dir(struct scan_ctx *ctx, struct strv *seen, const char *dir)
{
	if (!dir || !*dir || strv_contains(seen, dir))
		return 0;
	strv_push(seen, dir);
	uint64_t sum;
	int listed = dir_listing(dir, &sum) == 0;
	int rc = scan_note_input(ctx, "dir", dir, listed ? &sum : NULL, sizeof(sum), NULL);
	return rc;
}

int scan_cache_seal(struct scan_ctx *ctx, const char *fp)
{
	struct strv dirs = {0}, seen = {0};
	sqlite3_stmt *st;
	if (db_prepare(ctx->db, &st, "SELECT DISTINCT path FROM input WHERE scan_id=?1") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, ctx->scan_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *p = (const char *)sqlite3_column_text(st, 0);
		const char *slash = p ? strrchr(p, '/') : NULL;
		if (slash)
			strv_push_own(&dirs, slash == p ? xstrdup("/") : xstrndup(p, (size_t)(slash - p)));
	}
	sqlite3_finalize(st);
	if (ctx->sr) {
		for (size_t i = 0; i < ctx->sr->inc.n; i++)
			strv_push_own(&dirs, sysroot_host_path(ctx->sr, ctx->sr->inc.v[i]));
		for (size_t i = 0; i < ctx->sr->libdirs.n; i++)
			strv_push_own(&dirs, sysroot_host_path(ctx->sr, ctx->sr->libdirs.v[i]));
	}
	int rc = 0;
	for (size_t i = 0; i < dirs.n && rc == 0; i++)
		rc = add_dir(ctx, &seen, dirs.v[i]);
	strv_free(&dirs);
	strv_free(&seen);
	if (rc == 0)
		rc = db_scan_set(ctx->db, ctx->scan_id, "fingerprint", fp);
	return rc;
}
