/* out_cache.c: This file contains the reuse of audit's output files (see
 * out_cache.h): tables audit_out (one row per output dir: its key and the
 * summary) and audit_out_file (the files written, size and mtime). */
#define _GNU_SOURCE
#include "base/out_cache.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


static struct strv noted;
static int noting;

void out_cache_begin(void)
{
	strv_free(&noted);
	noting = 1;
}

void out_cache_note(const char *path)
{
	if (noting)
		strv_push_unique(&noted, path);
}

/* outdir as an absolute path, whether it exists yet or not (the first
 * audit creates it): the same string for both */
static char *abs_dir(const char *outdir)
{
	char *cwd = outdir[0] == '/' ? NULL : getcwd(NULL, 0);
	char *d = cwd ? xasprintf("%s/%s", cwd, outdir) : xstrdup(outdir);
	free(cwd);
	return d;
}

char *out_cache_key(struct db *db, const int64_t *ids, size_t n, const char *fp,
		    const char *outdir)
{
	sqlite3_stmt *st;
	/* a rescan that took a replaced scan's id cleared the table
	 * (trigger audit_out_scan_gone, src/base/schema.c) */
	if (db_prepare(db, &st, "SELECT ifnull(fingerprint, ''), ifnull(classified, '')"
				" FROM scan WHERE id = ?1") < 0)
		return NULL;
	char *dir = abs_dir(outdir);
	struct buf k = {0};
	buf_printf(&k, "%s|%s", fp, dir);
	free(dir);
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		sqlite3_bind_int64(st, 1, ids[i]);
		if (sqlite3_step(st) == SQLITE_ROW)
			buf_printf(&k, "|%lld:%s:%s", (long long)ids[i], sqlite3_column_text(st, 0),
				   sqlite3_column_text(st, 1));
		else
			rc = db_fail(db, "reading scan");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	if (rc < 0) {
		buf_free(&k);
		return NULL;
	}
	return buf_steal(&k);
}

int out_cache_hit(struct db *db, const char *key, struct buf *summary)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT o.summary, f.path, f.size, f.mtime_ns FROM audit_out o"
				" LEFT JOIN audit_out_file f ON f.dir = o.dir WHERE o.key = ?1") < 0)
		return -1;
	db_bind_text(st, 1, key);
	int same = 1, n = 0, r;
	while (same && (r = sqlite3_step(st)) == SQLITE_ROW) {
		if (!n++)
			buf_puts(summary, (const char *)sqlite3_column_text(st, 0));
		const char *path = (const char *)sqlite3_column_text(st, 1);
		struct stat s;
		same = path && stat(path, &s) == 0 && s.st_size == sqlite3_column_int64(st, 2) &&
		       stat_mtime_ns(&s) == sqlite3_column_int64(st, 3);
	}
	sqlite3_finalize(st);
	return same && n;
}

int out_cache_store(struct db *db, const char *key, const char *outdir, const char *summary)
{
	noting = 0;
	char *dir = abs_dir(outdir);
	sqlite3_stmt *ins = NULL;
	int rc = db_exec(db, "BEGIN IMMEDIATE");
	int tx = rc == 0;
	if (rc == 0 && (rc = db_prepare(db, &ins, "DELETE FROM audit_out WHERE dir = ?1")) == 0) {
		db_bind_text(ins, 1, dir);
		rc = db_step_done(db, ins);
		sqlite3_finalize(ins);
	}
	if (rc == 0 && (rc = db_prepare(db, &ins, "INSERT INTO audit_out (dir, key, summary)"
						  " VALUES (?1, ?2, ?3)")) == 0) {
		db_bind_text(ins, 1, dir);
		db_bind_text(ins, 2, key);
		db_bind_text(ins, 3, summary);
		rc = db_step_done(db, ins);
		sqlite3_finalize(ins);
	}
	if (rc == 0 && (rc = db_prepare(db, &ins, "INSERT INTO audit_out_file (dir, path, size,"
						  " mtime_ns) VALUES (?1, ?2, ?3, ?4)")) == 0) {
		for (size_t i = 0; i < noted.n && rc == 0; i++) {
			struct stat s;
			if (stat(noted.v[i], &s) < 0)
				continue; /* not there: the next audit writes anew */
			db_bind_text(ins, 1, dir);
			db_bind_text(ins, 2, noted.v[i]);
			sqlite3_bind_int64(ins, 3, s.st_size);
			sqlite3_bind_int64(ins, 4, stat_mtime_ns(&s));
			rc = db_step_done(db, ins);
		}
		sqlite3_finalize(ins);
	}
	if (tx)
		rc = rc == 0 ? db_exec(db, "COMMIT") : (db_exec(db, "ROLLBACK"), -1);
	free(dir);
	strv_free(&noted);
	return rc;
}
