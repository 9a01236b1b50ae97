/* cmd_timeline.c: This file contains `syscov timeline`: the since-versions
 * of kernel and libcs across the scanned releases, stored in the `since`
 * table and written as HTML and JSON (timeline.c; docs/timeline.md). */
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "cli/cli.h"
#include "timeline/timeline.h"

static const char help[] =
	"Usage: syscov timeline [OPTIONS]\n\n"
	"From every sysroot scan with verdicts (several releases of a libc, say:\n"
	"scripts/release-sysroot.sh builds Debian's), derives when the kernel gained\n"
	"each syscall on each ABI (its man page, syscalls(2), the oldest scanned UAPI\n"
	"headers or kernel tree whose table has it, the order of the syscall numbers)\n"
	"and when each libc wrapped it (the oldest scanned release whose machine code\n"
	"issues it, dated by the issuing function's symbol version or as a range\n"
	"between two releases; a distribution's patch named as such), stores\n"
	"them with their sources in the since table, writes DIR/index.html (with an\n"
	"SVG chart) and DIR/timeline.json, and prints the releases with their\n"
	"wrapped and missing counts and the ten largest kernel -> libc lags.\n\n"
	"Options:\n"
	"  --arch ABI       only these ABIs (repeatable, or a,b,c)\n"
	"  --format LIST    html, json, all (default), or none (the since table and\n"
	"                   the summary only)\n"
	"  -o, --output DIR where to write (default reports/timeline)\n" CLI_COMMON_HELP;

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"arch", required_argument, NULL, OPT_ARCH},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"output", required_argument, NULL, 'o'},
	{0},
};

static int parse_formats(const char *s, int *fmt)
{
	struct strv sv = {0};
	split_list(s, &sv);
	*fmt = 0;
	int rc = 0;
	for (size_t i = 0; i < sv.n && rc == 0; i++) {
		if (!strcmp(sv.v[i], "html"))
			*fmt |= TL_HTML;
		else if (!strcmp(sv.v[i], "json"))
			*fmt |= TL_JSON;
		else if (!strcmp(sv.v[i], "all"))
			*fmt |= TL_HTML | TL_JSON;
		else if (strcmp(sv.v[i], "none"))
			rc = err_set(EXIT_USAGE, "--format %s: timeline writes html, json, all or none",
				     sv.v[i]);
	}
	strv_free(&sv);
	return rc;
}

int cmd_timeline(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	int fmt = TL_HTML | TL_JSON;
	int rc = cli_parse(&c, argc, argv, "qvo:", opts, help, NULL, NULL);
	if (rc == 1) {
		cli_free(&c);
		return 0;
	}
	if (rc == 0 && c.args.n)
		rc = err_set(EXIT_USAGE, "timeline takes no arguments, not '%s' (see --help)",
			     c.args.v[0]);
	if (rc == 0 && c.format)
		rc = parse_formats(c.format, &fmt);
	struct strv arches = {0}; /* the ABIs' own names, aliases resolved */
	for (size_t i = 0; rc == 0 && i < c.arches.n; i++) {
		const struct arch_desc *a = arch_find(c.arches.v[i]);
		if (!a)
			rc = err_set(EXIT_USAGE, "unknown --arch '%s' (known: %s)", c.arches.v[i],
				     arch_names());
		else
			strv_push_unique(&arches, a->name);
	}
	if (rc == 0)
		rc = db_open(&db, cli_db(&c), 0);
	if (rc == 0)
		rc = timeline_run(&db, &arches, c.output ? c.output : "reports/timeline", fmt, stdout);
	strv_free(&arches);
	db_close(&db);
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}
