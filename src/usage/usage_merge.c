/* usage_merge.c: This file contains the merge of a shard: the usage rows
 * of another DB, written by `syscov usage` on another host or process for
 * other packages (docs/usage.md, Sharding), copied into this one by ATTACH
 * in one transaction. A shard's file replaces the row of the same root and
 * path; its imports and calls follow it, their file ids moved past this
 * DB's. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "usage/usage.h"

int usage_merge(struct db *db, const char *path, int64_t *files)
{
	if (access(path, R_OK) < 0)
		return err_set(EXIT_INPUT, "%s: %s", path, strerror(errno));
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "ATTACH DATABASE ?1 AS s") < 0)
		return -1;
	db_bind_text(st, 1, path);
	/* the shard's own fault is named as its, not the DB's */
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : err_set(EXIT_INPUT, "%s: %s", path,
								 sqlite3_errmsg(db->h));
	sqlite3_finalize(st);
	if (rc < 0)
		return -1;
	int64_t has = 0, off = 0, engine = 0;
	if (db_query_int(db, "SELECT count(*) FROM s.sqlite_master WHERE name = 'usage_file'", 0,
			 &has) < 0)
		rc = err_set(EXIT_INPUT, "%s: %s", path, sqlite3_errmsg(db->h));
	else if (!has)
		rc = err_set(EXIT_INPUT, "%s: no usage rows (not a DB that syscov usage wrote)", path);
	int began = rc == 0 && db_exec(db, "BEGIN IMMEDIATE") == 0;
	if (rc == 0 && !began)
		rc = -1;
	if (rc == 0)
		rc = db_exec(db, "DELETE FROM main.usage_file WHERE (root, path) IN"
				 " (SELECT root, path FROM s.usage_file)");
	if (rc == 0)
		rc = db_query_int(db, "SELECT max(id) FROM main.usage_file", 0, &off);
	/* a shard of a syscov before migration 22 has no engine: its files
	 * count as read by another binary */
	if (rc == 0)
		rc = db_query_int(db, "SELECT count(*) FROM pragma_table_info('usage_file', 's')"
				      " WHERE name = 'engine'", 0, &engine);
	if (rc == 0) {
		char *sql = xasprintf(
			"INSERT INTO main.usage_file (id, root, path, package, arch, kind, size,"
			" mtime_ns, dev, ino, needed, how, engine) SELECT id + %1$lld, root, path,"
			" package, arch, kind, size, mtime_ns, dev, ino, needed, how, %2$s"
			" FROM s.usage_file;"
			"INSERT INTO main.usage_import (file_id, name, version, lib)"
			" SELECT file_id + %1$lld, name, version, lib FROM s.usage_import;"
			"INSERT INTO main.usage_call (file_id, kind, nr, func, via, addr)"
			" SELECT file_id + %1$lld, kind, nr, func, via, addr FROM s.usage_call;",
			(long long)off, engine ? "engine" : "NULL");
		rc = db_exec(db, sql);
		free(sql);
	}
	if (rc == 0)
		rc = db_query_int(db, "SELECT count(*) FROM s.usage_file", 0, files);
	if (began && rc == 0)
		rc = db_exec(db, "COMMIT");
	else if (began)
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_exec(db->h, "DETACH DATABASE s", NULL, NULL, NULL);
	return rc;
}
