/* cmd_list.c: `syscov list`: the scanned kernel syscall tables. */
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "cli/cli.h"
#include "base/db.h"
#include "base/json.h"

static const char help[] =
	"Usage: syscov list [OPTIONS]\n\n"
	"Prints the scanned syscall tables, one row per ABI and syscall:\n"
	"arch, abi, nr, name, entry (TSV), ordered by scan, arch and number.\n\n"
	"Options:\n"
	"  --scan LABEL|ID  only this scan (default: all)\n"
	"  --arch ABI[,...] only these ABIs (aliases too)\n"
	"  --format FMT     tsv (default) or json\n" CLI_COMMON_HELP;

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"scan", required_argument, NULL, OPT_SCAN},
	{"arch", required_argument, NULL, OPT_ARCH},
	{"format", required_argument, NULL, OPT_FORMAT},
	{0},
};

/* --scan must name a scan of the DB, and each --arch a table of it: an
 * alias (arm64) is its ABI's name, a kernel tree's port (hexagon) its own.
 * *scan: the scan's id (0: all); *arches: ",abi,abi," for the query (no
 * ABI name has a comma), NULL for all. */
static int check_filters(struct db *db, const struct cli *c, int64_t *scan, char **arches)
{
	int64_t n = 0;
	int rc = 0;
	if (c->scan && cli_scan_id(db, c->scan, scan) < 0)
		return -1;
	struct buf b = {0};
	for (size_t i = 0; i < c->arches.n && rc == 0; i++) {
		const struct arch_desc *a = arch_find(c->arches.v[i]);
		const char *name = a ? a->name : c->arches.v[i];
		char *q = sqlite3_mprintf("SELECT count(*) FROM ktable WHERE arch = %Q", name);
		rc = db_query_int(db, q, 0, &n);
		sqlite3_free(q);
		if (rc == 0 && !n)
			rc = err_set(EXIT_USAGE, "--arch %s: no table of this ABI in %s (syscov arches"
						 " lists the ABIs)", c->arches.v[i], db->path);
		buf_printf(&b, "%s%s,", i ? "" : ",", name);
	}
	*arches = rc == 0 && b.len ? buf_steal(&b) : NULL;
	buf_free(&b);
	return rc;
}

int cmd_list(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	sqlite3_stmt *st = NULL;
	int rc = cli_parse(&c, argc, argv, "qv", opts, help, NULL, NULL);
	const char *fmt = rc == 0 ? cli_format(&c, "list") : NULL;
	if (rc == 0 && !fmt)
		rc = -1;
	if (rc == 0 && c.args.n)
		rc = err_set(EXIT_USAGE, "list takes no arguments (see --help)");
	if (rc == 0)
		rc = db_open(&db, cli_db(&c), 0);
	char *arches = NULL;
	int64_t scan = 0;
	if (rc == 0)
		rc = check_filters(&db, &c, &scan, &arches);
	if (rc == 0)
		rc = db_prepare(&db, &st,
				"SELECT s.label, k.arch, k.abi, k.nr, k.name, k.entry, k.implemented,"
				" k.private FROM ksyscall k JOIN scan s ON s.id = k.scan_id"
				" WHERE (?1 = 0 OR s.id = ?1)"
				" AND (?2 IS NULL OR instr(?2, ',' || k.arch || ',') > 0)"
				" ORDER BY s.id, k.arch, k.private, k.nr, k.name");
	if (rc == 0) {
		sqlite3_bind_int64(st, 1, scan);
		db_bind_text(st, 2, arches);
		struct json j;
		int json = !strcmp(fmt, "json");
		if (json) {
			json_init(&j, stdout, 1);
			json_arr_begin(&j);
		}
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *col[6];
			for (int i = 0; i < 6; i++)
				col[i] = (const char *)sqlite3_column_text(st, i);
			if (!json) {
				printf("%s\t%s\t%s\t%s\t%s\n", col[1], col[2], col[3], col[4],
				       col[5] ? col[5] : "");
				continue;
			}
			json_obj_begin(&j);
			json_kstr(&j, "scan", col[0]);
			json_kstr(&j, "arch", col[1]);
			json_kstr(&j, "abi", col[2]);
			json_kint(&j, "nr", sqlite3_column_int64(st, 3));
			json_kstr(&j, "name", col[4]);
			json_kstr(&j, "entry", col[5]);
			json_kbool(&j, "implemented", sqlite3_column_int(st, 6));
			json_kbool(&j, "private", sqlite3_column_int(st, 7));
			json_obj_end(&j);
		}
		if (json)
			json_arr_end(&j);
		if (sqlite3_errcode(db.h) != SQLITE_OK && sqlite3_errcode(db.h) != SQLITE_DONE &&
		    sqlite3_errcode(db.h) != SQLITE_ROW)
			rc = db_fail(&db, "read");
	}
	sqlite3_finalize(st);
	free(arches);
	db_close(&db);
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}
