/* counts.c: This file contains the per-scan verdict counts as JSON, for
 * `audit --format json` and `classify --format json` (see counts.h). */
#include "verdict/counts.h"

#include <string.h>

#include "verdict/classify.h"
#include "base/json.h"
#include "base/util.h"

int counts_format(const char *cmd, const char *fmt)
{
	if (!fmt || !strcmp(fmt, "text"))
		return 0;
	if (!strcmp(fmt, "json"))
		return 1;
	return err_set(EXIT_USAGE, "--format %s: %s prints text or json", fmt, cmd);
}

int counts_json(struct db *db, const int64_t *ids, size_t n, FILE *f)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT s.label, s.sysroot, s.arch, COUNT(v.name),"
				" SUM(v.class = 'wrapped'), SUM(v.class = 'obsolete'),"
				" SUM(v.class = 'internal'), SUM(v.class = 'missing')"
				" FROM scan s LEFT JOIN verdict v ON v.scan_id = s.id"
				" WHERE s.id = ?1 GROUP BY s.id") < 0)
		return -1;
	struct json j;
	json_init(&j, f, 1);
	json_arr_begin(&j);
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		sqlite3_bind_int64(st, 1, ids[i]);
		int r = sqlite3_step(st);
		if (r == SQLITE_ROW) {
			json_obj_begin(&j);
			json_kint(&j, "id", ids[i]);
			json_kstr(&j, "scan", (const char *)sqlite3_column_text(st, 0));
			json_kstr(&j, "sysroot", (const char *)sqlite3_column_text(st, 1));
			json_kstr(&j, "arch", (const char *)sqlite3_column_text(st, 2));
			json_kint(&j, "total", sqlite3_column_int64(st, 3));
			for (int c = 0; c < 4; c++)
				json_kint(&j, classify_classes[c], sqlite3_column_int64(st, 4 + c));
			json_obj_end(&j);
		} else if (r != SQLITE_DONE) {
			rc = db_fail(db, "verdict counts");
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	json_arr_end(&j);
	return rc;
}
