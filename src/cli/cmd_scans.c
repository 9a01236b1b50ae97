/* cmd_scans.c: This file contains `syscov scans`: the scans a DB holds,
 * one a line, with what names them on the command line (id, label), what
 * they read (sysroot, ABI, libc) and how far the pipeline took them. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "base/db.h"
#include "base/json.h"

static const char help[] =
	"Usage: syscov scans [OPTIONS]\n\n"
	"Prints the scans in the database: id, label (what --scan takes, as does\n"
	"the id), sysroot or kernel tree, ABI, libc and its version, and state:\n"
	"'classified' (it has verdicts) or 'scanned' (run syscov classify).\n\n"
	"Options:\n"
	"  --format FMT     text (default), json, or labels (one a line)\n" CLI_COMMON_HELP;

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"format", required_argument, NULL, OPT_FORMAT},
	{0},
};

enum { C_ID, C_LABEL, C_KIND, C_SYSROOT, C_ARCH, C_LIBC, C_LIBC_VERSION, C_STATE, C_CREATED, NCOL };
static const char *const col_name[NCOL] = {"id", "label", "kind", "sysroot", "arch", "libc",
					   "libc_version", "state", "created"};

int cmd_scans(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	sqlite3_stmt *st = NULL;
	int rc = cli_parse(&c, argc, argv, "qv", opts, help, NULL, NULL);
	const char *fmt = rc == 0 ? cli_format(&c, "scans") : NULL;
	if (rc == 0 && !fmt)
		rc = -1;
	if (rc == 0 && c.args.n)
		rc = err_set(EXIT_USAGE, "scans takes no arguments (see 'syscov scans --help')");
	if (rc == 0)
		rc = db_open(&db, cli_db(&c), 0);
	if (rc == 0)
		rc = db_prepare(&db, &st,
				"SELECT id, label, kind, sysroot, arch, libc_flavour, libc_version,"
				" CASE WHEN EXISTS (SELECT 1 FROM verdict WHERE scan_id = scan.id)"
				" THEN 'classified' ELSE 'scanned' END, created FROM scan ORDER BY id");
	if (rc != 0) {
		db_close(&db);
		cli_free(&c);
		return rc < 0 ? -1 : 0;
	}
	/* text: columns as wide as their widest cell, read twice */
	struct strv cell = {0};
	size_t rows = 0, width[NCOL] = {0};
	for (int i = 0; i < NCOL; i++)
		width[i] = strlen(col_name[i]);
	while (sqlite3_step(st) == SQLITE_ROW) {
		for (int i = 0; i < NCOL; i++) {
			const char *v = (const char *)sqlite3_column_text(st, i);
			strv_push(&cell, v ? v : "-");
			if (strlen(cell.v[cell.n - 1]) > width[i])
				width[i] = strlen(cell.v[cell.n - 1]);
		}
		rows++;
	}
	int err = sqlite3_errcode(db.h);
	if (err != SQLITE_OK && err != SQLITE_DONE && err != SQLITE_ROW)
		rc = db_fail(&db, "read");
	sqlite3_finalize(st);
	if (rc == 0 && !strcmp(fmt, "json")) {
		struct json j;
		json_init(&j, stdout, 1);
		json_arr_begin(&j);
		for (size_t r = 0; r < rows; r++) {
			const char *const *v = (const char *const *)cell.v + r * NCOL;
			json_obj_begin(&j);
			for (int i = 0; i < NCOL; i++) {
				json_key(&j, col_name[i]);
				if (i == C_ID)
					json_int(&j, strtoll(v[i], NULL, 10));
				else if (!strcmp(v[i], "-") && (i == C_LIBC || i == C_LIBC_VERSION))
					json_null(&j);
				else
					json_str(&j, v[i]);
			}
			json_obj_end(&j);
		}
		json_arr_end(&j);
	} else if (rc == 0 && !strcmp(fmt, "labels")) {
		for (size_t r = 0; r < rows; r++)
			puts(cell.v[r * NCOL + C_LABEL]);
	} else if (rc == 0 && rows) {
		/* the creation time is for json: a column too wide for a line */
		for (int i = 0; i < C_CREATED; i++)
			printf("%-*s%s", i == C_CREATED - 1 ? 0 : (int)width[i], col_name[i],
			       i == C_CREATED - 1 ? "\n" : "  ");
		for (size_t r = 0; r < rows; r++)
			for (int i = 0; i < C_CREATED; i++)
				printf("%-*s%s", i == C_CREATED - 1 ? 0 : (int)width[i],
				       cell.v[r * NCOL + i], i == C_CREATED - 1 ? "\n" : "  ");
	} else if (rc == 0) {
		note("%s holds no scans (syscov audit makes one)", db.path);
	}
	strv_free(&cell);
	db_close(&db);
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}
