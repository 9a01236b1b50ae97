/* cmd_gen.c: `syscov gen`: one C header of typed wrappers for the missing
 * set of the selected scans, or for named syscalls (see gen.h, docs/gen.md). */
#include <stdlib.h>
#include <string.h>

#include "base/outfile.h"
#include "cli/cli.h"
#include "gen/gen.h"
#include "usage/usage.h"

static const char help[] =
	"Usage: syscov gen [OPTIONS]\n\n"
	"Writes one C header of typed static inline wrappers for the syscalls\n"
	"that the selected scans classified as missing (or --only / --all), for\n"
	"every scanned ABI that syscov has trap code for. syscov_sys_NAME()\n"
	"returns -errno; syscov_NAME() returns -1 and sets errno. Types come from\n"
	"the man pages (unless they pass other registers than a scanned kernel\n"
	"tree's prototypes), else the kernel tree's, else data/gen_overrides.tsv,\n"
	"else six untyped longs.\n\n"
	"Options:\n"
	"  --scan LABEL|ID  use this scan (repeatable, or a,b; default: every\n"
	"                   sysroot scan in the database)\n"
	"  --only a,b,c     these syscalls instead of the missing set\n"
	"  --all            every syscall of the scanned tables\n"
	"  --arch a,b       only these ABIs (default: every scanned one)\n"
	"  --only-used      only the syscalls the programs scanned by syscov usage\n"
	"                   call (by hand or through a libc function), of the first scan\n"
	"  --plain-names    also define NAME() itself, guarded by the libc\n"
	"                   macros, for the libcs the scans show without it\n"
	"  -o, --output FILE write the header to FILE (default: stdout)\n" CLI_COMMON_HELP;

enum { OPT_GEN_SCAN = OPT_CMD_FIRST, OPT_GEN_PLAIN, OPT_GEN_USED };

/* The options gen alone has. */
struct gen_opts {
	struct strv scans;
	int plain;
	int used; /* --only-used */
};

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"scan", required_argument, NULL, OPT_GEN_SCAN},
	{"only", required_argument, NULL, OPT_ONLY},
	{"all", no_argument, NULL, OPT_ALL},
	{"arch", required_argument, NULL, OPT_ARCH},
	{"output", required_argument, NULL, 'o'},
	{"plain-names", no_argument, NULL, OPT_GEN_PLAIN},
	{"only-used", no_argument, NULL, OPT_GEN_USED},
	{0},
};

static int own_opt(int opt, const char *arg, void *ctx)
{
	struct gen_opts *o = ctx;
	if (opt == OPT_GEN_PLAIN)
		o->plain = 1;
	else if (opt == OPT_GEN_USED)
		o->used = 1;
	else if (opt == OPT_GEN_SCAN)
		split_list(arg, &o->scans);
	else
		return err_set(EXIT_USAGE, "unexpected option");
	return 0;
}

/* The scans --scan names, else every sysroot scan; none is an error. */
static int resolve_scans(struct db *db, const struct strv *want, int64_t **ids, size_t *n)
{
	if (cli_scan_ids(db, want, NULL, ids, n) < 0)
		return -1;
	if (!*n)
		return err_set(EXIT_INPUT, "%s: no sysroot scan to generate from (run syscov audit)",
			       db->path);
	return 0;
}

int cmd_gen(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	struct gen_opts go = {0};
	struct strv only = {0};
	struct buf out = {0};
	int64_t *ids = NULL;
	size_t n = 0;
	int rc = cli_parse(&c, argc, argv, "qvo:", opts, help, own_opt, &go);
	if (rc == 0 && c.args.n)
		rc = err_set(EXIT_USAGE, "gen takes no arguments (see --help)");
	if (rc == 0 && c.only && c.all)
		rc = err_set(EXIT_USAGE, "--only and --all exclude each other");
	if (rc == 0)
		split_list(c.only, &only);
	if (rc == 0 && c.only && !only.n)
		rc = err_set(EXIT_USAGE, "--only needs at least one syscall name");
	if (rc == 0)
		rc = db_open(&db, cli_db(&c), 0);
	if (rc == 0)
		rc = resolve_scans(&db, &go.scans, &ids, &n);
	if (rc == 0 && go.used && (c.only || c.all))
		rc = err_set(EXIT_USAGE, "--only-used excludes --only and --all");
	if (rc == 0 && go.used && (rc = usage_used(&db, ids[0], &only)) == 0 && !only.n)
		rc = err_set(EXIT_INPUT, "%s: no syscall called by a scanned program (run syscov usage)",
			     db.path);
	if (rc == 0) {
		struct gen_req r = {.scans = ids, .nscans = n, .only = c.only || go.used ? &only : NULL,
				    .all = c.all, .arches = &c.arches, .record = 1,
				    .plain_names = go.plain};
		struct gen_stats st;
		rc = gen_header(&db, &r, &out, &st);
		if (rc == 0)
			note("%u wrapper%s for %u ABI%s: %u typed from man pages, %u from library"
			     " headers, %u from the kernel, %u from overrides, %u untyped", st.total,
			     PLURAL(st.total), st.abis, PLURAL(st.abis), st.n[GEN_SRC_MAN],
			     st.n[GEN_SRC_LIB], st.n[GEN_SRC_KERNEL], st.n[GEN_SRC_OVERRIDE],
			     st.n[GEN_SRC_UNTYPED]);
	}
	if (rc == 0 && c.output)
		rc = outfile_write_buf(c.output, &out);
	else if (rc == 0 && fwrite(out.p, 1, out.len, stdout) != out.len)
		rc = err_set(EXIT_OUTPUT, "stdout: cannot write");
	buf_free(&out);
	free(ids);
	strv_free(&go.scans);
	strv_free(&only);
	db_close(&db);
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}
