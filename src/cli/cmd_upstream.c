/* cmd_upstream.c: `syscov upstream`: the patch series that adds wrappers of
 * named syscalls to a glibc or musl source tree, one commit per syscall in
 * `git format-patch` form (see upstream.h, docs/upstream.md). */
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "base/outfile.h"
#include "cli/cli.h"
#include "upstream/upstream.h"

static const char help[] =
	"Usage: syscov upstream NAME... --libc glibc|musl --source DIR [OPTIONS]\n\n"
	"Writes the patch series that adds wrappers of the named syscalls to the\n"
	"libc source tree DIR: one commit per syscall, as git format-patch files\n"
	"(NNNN-<subject>.patch) that `git am` applies in order. glibc: the\n"
	"syscalls.list line (or a C file), the header declaration, the Versions\n"
	"node of the next release, the libc.abilist line of every ABI whose\n"
	"kernel table has the call, NEWS, a test. musl: src/linux/NAME.c and the\n"
	"header declaration. Needs a kernel-tree scan (every ABI's table) and a\n"
	"sysroot scan with man pages (the prototypes).\n\n"
	"Options:\n"
	"  --libc glibc|musl  the tree's libc\n"
	"  --source DIR     the libc source tree (as released: glibc-2.36/)\n"
	"  --scan LABEL|ID  the sysroot scans to take man pages and the libc\n"
	"                   version from (repeatable; default: every one)\n"
	"  --from 'NAME <MAIL>'  the commits' author (default: syscov)\n"
	"  -o, --output DIR write the series into DIR (default: .)\n" CLI_COMMON_HELP;

enum { OPT_UP_LIBC = OPT_CMD_FIRST, OPT_UP_SOURCE, OPT_UP_SCAN, OPT_UP_FROM };

struct up_opts {
	const char *libc, *source, *from;
	struct strv scans;
};

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"libc", required_argument, NULL, OPT_UP_LIBC},
	{"source", required_argument, NULL, OPT_UP_SOURCE},
	{"scan", required_argument, NULL, OPT_UP_SCAN},
	{"from", required_argument, NULL, OPT_UP_FROM},
	{"output", required_argument, NULL, 'o'},
	{0},
};

static int own_opt(int opt, const char *arg, void *ctx)
{
	struct up_opts *o = ctx;
	if (opt == OPT_UP_LIBC)
		o->libc = arg;
	else if (opt == OPT_UP_SOURCE)
		o->source = arg;
	else if (opt == OPT_UP_FROM)
		o->from = arg;
	else if (opt == OPT_UP_SCAN)
		split_list(arg, &o->scans);
	else
		return err_set(EXIT_USAGE, "unexpected option");
	return 0;
}

/* The sysroot scans: --scan's, else every one of the libc asked for, else
 * every one (the man pages are the same whichever libc was scanned). */
static int pick_scans(struct db *db, const struct up_opts *o, int64_t **ids, size_t *n)
{
	if (cli_scan_ids(db, &o->scans, o->libc, ids, n) < 0)
		return -1;
	if (!*n)
		return err_set(EXIT_INPUT, "%s: no sysroot scan (run syscov scan SYSROOT): the"
			       " man pages give the prototypes", db->path);
	return 0;
}

/* The libc version of the first scan that names one (the commit says
 * which release lacks the call), NULL when none does. */
static char *libc_version(struct db *db, const char *libc, const int64_t *ids, size_t n)
{
	char *v = NULL;
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT libc_version FROM scan WHERE id = ?1 AND libc_flavour = ?2")
	    < 0)
		return NULL;
	for (size_t i = 0; i < n && !v; i++) {
		sqlite3_bind_int64(st, 1, ids[i]);
		db_bind_text(st, 2, libc);
		if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
			const char *s = (const char *)sqlite3_column_text(st, 0);
			/* a version is digits and dots: nothing else goes in a commit */
			if (*s && strspn(s, "0123456789.") == strlen(s) && strlen(s) < 32)
				v = xstrdup(s);
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return v;
}

int cmd_upstream(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	struct up_opts o = {0};
	struct typing *ty = NULL;
	struct up_tree *tree = NULL;
	struct up_commit *commits = NULL;
	int64_t *ids = NULL;
	size_t nids = 0, nabi = 0, nc = 0;
	char *ver = NULL;
	const struct arch_desc *abi[64];
	int rc = cli_parse(&c, argc, argv, "qvo:", opts, help, own_opt, &o);
	if (rc == 0 && !c.args.n)
		rc = err_set(EXIT_USAGE, "upstream needs at least one syscall name");
	if (rc == 0 && (!o.libc || (strcmp(o.libc, "glibc") && strcmp(o.libc, "musl"))))
		rc = err_set(EXIT_USAGE, "--libc glibc or --libc musl is needed");
	if (rc == 0 && !o.source)
		rc = err_set(EXIT_USAGE, "--source DIR (the libc source tree) is needed");
	if (rc == 0 && o.from && (strchr(o.from, '\n') || !strchr(o.from, '<')))
		rc = err_set(EXIT_USAGE, "--from: one line 'NAME <MAIL>'");
	if (rc == 0 && outfile_check_path(c.output ? c.output : ".", 1) < 0)
		rc = -1;
	if (rc == 0)
		rc = up_tree_open(o.source, &tree);
	if (rc == 0)
		rc = db_open(&db, cli_db(&c), 0);
	if (rc == 0)
		rc = pick_scans(&db, &o, &ids, &nids);
	if (rc == 0)
		rc = typing_abis(&db, ids, nids, NULL, abi, sizeof(abi) / sizeof(abi[0]), &nabi);
	if (rc == 0)
		rc = typing_open(&db, ids, nids, abi, nabi, &ty);
	if (rc == 0)
		ver = libc_version(&db, o.libc, ids, nids);
	struct up_req r = {.from = o.from ? o.from : "syscov <syscov@localhost>",
			   .libc_version = ver, .kernel = ty ? typing_kernel_label(ty) : NULL};
	if (rc == 0)
		commits = xcalloc(c.args.n, sizeof(*commits));
	for (size_t i = 0; rc == 0 && i < c.args.n; i++) {
		struct up_call call;
		rc = up_call_load(&db, ty, c.args.v[i], &call);
		if (rc == 0)
			rc = !strcmp(o.libc, "glibc") ? up_glibc(tree, &r, &call, &commits[nc])
						      : up_musl(tree, &r, &call, &commits[nc]);
		if (rc == 0)
			nc++;
		up_call_free(&call);
	}
	if (rc == 0)
		rc = up_series_write(c.output ? c.output : ".", &r, commits, nc);
	for (size_t i = 0; commits && i < c.args.n; i++)
		up_commit_free(&commits[i]); /* a failed one's half too */
	free(commits);
	free(ver);
	free(ids);
	typing_close(ty);
	up_tree_close(tree);
	strv_free(&o.scans);
	db_close(&db);
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}
