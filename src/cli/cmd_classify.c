/* cmd_classify.c: This file contains `syscov classify`: derives the verdicts
 * of the selected sysroot scans from their facts (classify.c) and, with
 * --fail-on, turns the presence of a class into exit status 1 for CI jobs. */
#include <stdlib.h>
#include <string.h>

#include "verdict/classify.h"
#include "cli/cli.h"
#include "verdict/counts.h"

static const char help[] =
	"Usage: syscov classify [OPTIONS]\n\n"
	"Classifies every syscall of each sysroot scan in the database (or of the\n"
	"scan chosen by --scan) as wrapped, obsolete, internal or missing, with\n"
	"the evidence (see docs/verdicts.md), replacing earlier verdicts. Prints\n"
	"the counts per class.\n\n"
	"Options:\n"
	"  --scan LABEL|ID  only this scan (default: every sysroot scan)\n" CLASSIFY_HELP
	"  --format FMT     text (default) or json: the counts\n" CLI_COMMON_HELP;

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"scan", required_argument, NULL, OPT_SCAN},
	{"fail-on", required_argument, NULL, OPT_FAIL_ON},
	{"need", required_argument, NULL, OPT_NEED},
	{"format", required_argument, NULL, OPT_FORMAT},
	{0},
};

static int own(int opt, const char *arg, void *ctx)
{
	if (opt != OPT_NEED)
		return err_set(EXIT_USAGE, "unexpected option");
	*(const char **)ctx = arg;
	return 0;
}

int cmd_classify(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	const char *need = NULL;
	int64_t *ids = NULL;
	size_t n = 0;
	int rc = cli_parse(&c, argc, argv, "qv", opts, help, own, &need);
	if (rc == 1) {
		cli_free(&c);
		return 0;
	}
	if (rc == 0 && c.args.n)
		rc = err_set(EXIT_USAGE, "classify takes no arguments (see --help)");
	int json = rc == 0 ? counts_format("classify", c.format) : 0;
	if (json < 0)
		rc = -1;
	if (rc == 0)
		rc = classify_check_options(c.fail_on, need);
	if (rc == 0)
		rc = db_open(&db, cli_db(&c), 0);
	/* --scan names one scan (cli_scan_id(): a label two old scans share
	 * asks for the id), which classify_select() checks is a sysroot's */
	int64_t one = 0;
	char *sel = NULL;
	if (rc == 0 && c.scan && cli_scan_id(&db, c.scan, &one) == 0)
		sel = xasprintf("%lld", (long long)one);
	else if (rc == 0 && c.scan)
		rc = -1;
	if (rc == 0)
		rc = classify_select(&db, sel, &ids, &n);
	free(sel);
	if (rc == 0 && !n)
		note("no sysroot scan in %s: run 'syscov scan' first", db.path);
	for (size_t i = 0; i < n && rc >= 0; i++) {
		rc = classify_scan(&db, ids[i]);
		if (rc >= 0 && g_verbosity > 0 && !json)
			rc = classify_print_counts(&db, ids[i], stdout);
	}
	/* JSON is the command's output, printed even with -q */
	if (rc >= 0 && json)
		rc = counts_json(&db, ids, n, stdout);
	if (rc >= 0)
		rc = classify_fail_on(&db, ids, n, c.fail_on, need);
	free(ids);
	db_close(&db);
	cli_free(&c);
	return rc;
}
