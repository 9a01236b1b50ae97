/* db_merge.c: the copy of one DB's scans into another (see db.h): the -j
 * workers' into the main DB, and a new DB's into the file a concurrent run
 * created first. Generic over the schema: it walks the tables in creation
 * order (parents first) and shifts every INTEGER PRIMARY KEY `id` and every
 * foreign key by the target table's current max(id), so ids never clash. */
#include "db.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct tab {
	char *name;
	int64_t off;
};

/* INSERT INTO main.T(cols) SELECT cols with ids shifted FROM w.T */
static char *copy_sql(struct db *db, const char *t, const struct tab *tabs, size_t nt, int64_t off)
{
	struct buf cols = {0}, sel = {0};
	sqlite3_stmt *ti, *fk;
	char *q = xasprintf("PRAGMA main.table_info(\"%s\")", t), *q2 = xasprintf("PRAGMA main.foreign_key_list(\"%s\")", t);
	int ok = db_prepare(db, &ti, q) == 0 && db_prepare(db, &fk, q2) == 0;
	free(q);
	free(q2);
	if (!ok)
		return NULL;
	struct strv fcol = {0}, ftab = {0};
	while (sqlite3_step(fk) == SQLITE_ROW) {
		strv_push(&ftab, (const char *)sqlite3_column_text(fk, 2));
		strv_push(&fcol, (const char *)sqlite3_column_text(fk, 3));
	}
	sqlite3_finalize(fk);
	while (sqlite3_step(ti) == SQLITE_ROW) {
		const char *col = (const char *)sqlite3_column_text(ti, 1);
		int pk = sqlite3_column_int(ti, 5);
		buf_printf(&cols, "%s\"%s\"", cols.len ? "," : "", col);
		int64_t shift = pk && !strcmp(col, "id") ? off : 0;
		for (size_t i = 0; i < fcol.n; i++)
			if (!strcmp(fcol.v[i], col))
				for (size_t k = 0; k < nt; k++)
					if (!strcmp(tabs[k].name, ftab.v[i]))
						shift = tabs[k].off;
		buf_printf(&sel, "%s\"%s\"%s", sel.len ? "," : "", col, shift ? "+" : "");
		if (shift)
			buf_printf(&sel, "%lld", (long long)shift);
	}
	sqlite3_finalize(ti);
	strv_free(&fcol);
	strv_free(&ftab);
	char *sql = xasprintf("INSERT INTO main.\"%s\"(%s) SELECT %s FROM w.\"%s\"", t, cols.p, sel.p, t);
	buf_free(&cols);
	buf_free(&sel);
	return sql;
}

/* The shift that gives the copied DB's first scan the id `want`, if no scan
 * has that id nor any of the next ones the copy takes; else *off stays. */
static int reserve(struct db *db, int64_t want, int64_t *off)
{
	int64_t lo, hi, taken;
	if (db_query_int(db, "SELECT min(id) FROM w.scan", 0, &lo) < 0 ||
	    db_query_int(db, "SELECT max(id) FROM w.scan", 0, &hi) < 0)
		return -1;
	char *q = xasprintf("SELECT count(*) FROM main.scan WHERE id BETWEEN %lld AND %lld",
			    (long long)want, (long long)(want + hi - lo));
	int rc = db_query_int(db, q, 0, &taken);
	free(q);
	if (rc == 0 && !taken)
		*off = want - lo;
	return rc;
}

int db_merge(struct db *db, const char *path, int64_t *id)
{
	uint64_t t0 = now_ns();
	int64_t want = *id;
	sqlite3_stmt *st;
	/* the copy's statement journal would be a temp file in /var/tmp,
	 * which Landlock (confine.h) does not let the process open */
	if (db_exec(db, "PRAGMA temp_store=MEMORY") < 0 ||
	    db_prepare(db, &st, "ATTACH DATABASE ?1 AS w") < 0)
		return -1;
	db_bind_text(st, 1, path);
	int rc = db_step_done(db, st);
	sqlite3_finalize(st);
	if (rc < 0)
		return -1;
	struct tab *tabs = NULL;
	size_t nt = 0;
	/* Foreign keys are not checked while copying: the copied DB's rows
	 * were checked as they went in, and their ids move together (the
	 * checks opened a cursor a row: 15% of a copy). Replacing a scan needs
	 * them, for the DELETE's cascade (which is also costly to prepare:
	 * only when there is a scan to replace); the pragma holds outside a
	 * transaction only, hence the second try. */
#define SAME_KEY                                                                                   \
	" WHERE (kind, sysroot, arch, variant) IN (SELECT kind, sysroot, arch, variant FROM w.scan)"
	int64_t old = 0;
	for (int fk = 0;; fk = 1) {
		rc = db_exec(db, fk ? "PRAGMA foreign_keys=ON" : "PRAGMA foreign_keys=OFF");
		if (rc == 0)
			rc = db_exec(db, "BEGIN IMMEDIATE");
		if (rc == 0)
			rc = db_query_int(db, "SELECT count(*) FROM main.scan" SAME_KEY, 0, &old);
		if (rc < 0 || !old || fk)
			break;
		db_scan_rollback(db);
	}
	if (rc == 0 && old)
		rc = db_exec(db, "DELETE FROM main.scan" SAME_KEY);
	if (rc == 0)
		rc = db_prepare(db, &st, "SELECT name FROM main.sqlite_master WHERE type='table'"
					 " AND name NOT LIKE 'sqlite_%' ORDER BY rowid");
	if (rc == 0) {
		while (sqlite3_step(st) == SQLITE_ROW) {
			tabs = xrealloc(tabs, (nt + 1) * sizeof(*tabs));
			tabs[nt++] = (struct tab){.name = xstrdup((const char *)sqlite3_column_text(st, 0))};
		}
		sqlite3_finalize(st);
	}
	for (size_t i = 0; i < nt && rc == 0; i++) {
		int64_t has_id;
		char *q = xasprintf("SELECT count(*) FROM pragma_table_info('%s') WHERE name='id' AND pk=1", tabs[i].name);
		rc = db_query_int(db, q, 0, &has_id);
		free(q);
		if (rc == 0 && has_id) {
			q = xasprintf("SELECT max(id) FROM main.\"%s\"", tabs[i].name);
			rc = db_query_int(db, q, 0, &tabs[i].off);
			free(q);
		}
		if (rc == 0 && i == 0 && want > 0) /* scan, the first table: the id asked for */
			rc = reserve(db, want, &tabs[0].off);
		char *sql = rc == 0 ? copy_sql(db, tabs[i].name, tabs, nt, tabs[i].off) : NULL;
		rc = sql ? db_exec(db, sql) : -1;
		free(sql);
	}
	if (rc == 0)
		rc = db_query_int(db, "SELECT id FROM w.scan", -1, id);
	if (rc == 0 && nt)
		*id += tabs[0].off; /* scan is the first table */
	if (rc == 0)
		rc = db_exec(db, "COMMIT");
	else
		db_scan_rollback(db);
	sqlite3_exec(db->h, "PRAGMA foreign_keys=ON", NULL, NULL, NULL);
	sqlite3_exec(db->h, "DETACH DATABASE w", NULL, NULL, NULL);
	if (rc == 0)
		debug("copied scan %lld of %s in %.1f ms", (long long)*id, path,
		      (double)(now_ns() - t0) / 1e6);
	for (size_t i = 0; i < nt; i++)
		free(tabs[i].name);
	free(tabs);
	return rc;
}
