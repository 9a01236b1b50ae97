/* cmd_report.c: `syscov report`: writes the coverage reports of scans in the
 * DB (see report.h for the model and formats, docs/report.md for the
 * output). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "report/report.h"

static const char help[] =
	"Usage: syscov report [OPTIONS]\n\n"
	"Writes the coverage report of each selected scan into DIR/<label>/\n"
	"(index.html, report.md, report.csv, report.json) and, when several scans\n"
	"are selected, a syscall x scan matrix into DIR/matrix/. It also prints the\n"
	"counts per class per scan.\n\n"
	"Options:\n"
	"  --scan LABEL|ID  a scan to report on (repeatable, or a,b,c; default: every\n"
	"                   scan with verdicts)\n"
	"  --format LIST    html, md, csv, json, or all (default all)\n"
	"  -o, --output DIR where to write (default reports)\n" CLI_COMMON_HELP;

enum { OPT_SCANS = OPT_CMD_FIRST };

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"scan", required_argument, NULL, OPT_SCANS},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"output", required_argument, NULL, 'o'},
	{0},
};

static int own_opt(int opt, const char *arg, void *ctx)
{
	if (opt != OPT_SCANS)
		return err_set(EXIT_USAGE, "unexpected option");
	split_list(arg, ctx);
	return 0;
}

/* Resolves --scan values (each an id, else a label: cli_scan_id()) into
 * ids; with none, every scan that has verdicts. */
static int select_scans(struct db *db, const struct strv *want, int64_t **ids, size_t *n)
{
	sqlite3_stmt *st;
	*n = 0;
	*ids = NULL;
	if (!want->n) {
		if (db_prepare(db, &st, "SELECT id FROM scan WHERE EXISTS "
					"(SELECT 1 FROM verdict WHERE scan_id = scan.id) ORDER BY id") < 0)
			return -1;
		while (sqlite3_step(st) == SQLITE_ROW) {
			*ids = xrealloc(*ids, (*n + 1) * sizeof(**ids));
			(*ids)[(*n)++] = sqlite3_column_int64(st, 0);
		}
		sqlite3_finalize(st);
		if (!*n)
			return err_set(EXIT_INPUT, "%s: no verdicts yet (run syscov audit, or classify)",
				       db->path);
		return 0;
	}
	*ids = xcalloc(want->n, sizeof(**ids));
	for (size_t i = 0; i < want->n; i++) {
		int64_t id;
		if (cli_scan_id(db, want->v[i], &id) < 0)
			return -1;
		int dup = 0;
		for (size_t k = 0; k < *n && !dup; k++)
			dup = (*ids)[k] == id;
		if (!dup)
			(*ids)[(*n)++] = id;
	}
	return 0;
}

int cmd_report(int argc, char **argv)
{
	struct cli c = {0};
	struct strv want = {0};
	struct db db = {0};
	int64_t *ids = NULL;
	size_t n = 0;
	int fmt = RF_ALL;
	int rc = cli_parse(&c, argc, argv, "qvo:", opts, help, own_opt, &want);
	if (rc == 0 && c.args.n)
		rc = err_set(EXIT_USAGE, "report takes no arguments, not '%s' (see --help)", c.args.v[0]);
	if (rc == 0 && c.format)
		rc = report_parse_formats(c.format, &fmt);
	if (rc == 0)
		rc = db_open(&db, cli_db(&c), 0);
	if (rc == 0)
		rc = select_scans(&db, &want, &ids, &n);
	if (rc == 0 && !(n = report_sysroot_scans(&db, ids, n, ids)))
		rc = err_set(EXIT_INPUT, "%s: no sysroot scan among those selected (kernel trees "
			     "have no verdicts)", db.path);
	if (rc == 0)
		rc = report_run(&db, ids, n, c.output ? c.output : "reports", fmt, stdout, 1);
	free(ids);
	db_close(&db);
	strv_free(&want);
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}
