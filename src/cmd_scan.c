/* cmd_scan.c: `syscov scan` and `syscov audit`.
 *
 * Both open every sysroot (and check every --arch) before they touch the
 * DB, so bad input leaves the DB unchanged. audit then runs the steps after
 * the scan (classify, report, gen) as they exist. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "cli.h"
#include "clangx.h"
#include "confine.h"
#include "counts.h"
#include "gen.h"
#include "out_cache.h"
#include "progress.h"
#include "report.h"
#include "scan.h"
#include "scan_cache.h"

/* -j: sysroots scanned in parallel (scan_par.c) */
#define JOBS_HELP "  -j, --jobs N     scan up to N sysroots at a time (default 1)\n"

static const char scan_help[] =
	"Usage: syscov scan [OPTIONS] [SYSROOT...]\n"
	"       syscov scan --kernel-src DIR [OPTIONS]\n\n"
	"Scans each SYSROOT (default /) into the database: its kernel syscall\n"
	"table (UAPI headers, evaluated for the target), libc symbols and headers,\n"
	"and man pages. With --kernel-src, scans every table of a kernel tree.\n"
	"A rescan replaces the earlier scan of the same sysroot and ABI in one\n"
	"transaction.\n\nOptions:\n" CLI_SYSROOT_HELP JOBS_HELP CLI_COMMON_HELP;

static const char audit_help[] =
	"Usage: syscov audit [OPTIONS] [SYSROOT...]\n\n"
	"The main job: scans each SYSROOT (default /), classifies every syscall\n"
	"as wrapped, obsolete, internal or missing, and writes the reports.\n\n"
	"Options:\n" CLI_SYSROOT_HELP JOBS_HELP CLASSIFY_HELP
	"  -o, --output DIR reports go to DIR/<label>/ and DIR/matrix/ (default reports)\n"
	"  --format FMT     text (default) or json: the summary on stdout\n"
	CLI_COMMON_HELP;

static const struct option scan_opts[] = {
	CLI_COMMON_OPTS, CLI_SYSROOT_OPTS, {"jobs", required_argument, NULL, 'j'}, {0},
};
static const struct option audit_opts[] = {
	CLI_COMMON_OPTS, CLI_SYSROOT_OPTS,
	{"jobs", required_argument, NULL, 'j'},
	{"fail-on", required_argument, NULL, OPT_FAIL_ON},
	{"need", required_argument, NULL, OPT_NEED},
	{"output", required_argument, NULL, 'o'},
	{"format", required_argument, NULL, OPT_FORMAT},
	{0},
};

/* audit's own options: --need (classify.h). */
static int audit_own(int opt, const char *arg, void *ctx)
{
	if (opt != OPT_NEED)
		return err_set(EXIT_USAGE, "unexpected option");
	*(const char **)ctx = arg;
	return 0;
}

struct target {
	struct sysroot sr;
	int64_t kept; /* its stored scan, found kept before the confinement; 0 none */
};

/* Opens every (sysroot, arch) target up front: errors surface before the
 * DB is opened. */
static int open_targets(struct cli *c, struct target **out, size_t *n)
{
	/* scan --kernel-src alone scans the tree; audit classifies sysroots */
	if (!c->args.n && (!c->kernel_src || c->classify))
		strv_push(&c->args, "/");
	size_t na = c->arches.n ? c->arches.n : 1;
	struct target *t = xcalloc(c->args.n * na + 1, sizeof(*t));
	size_t k = 0;
	for (size_t i = 0; i < c->args.n; i++) {
		for (size_t a = 0; a < na; a++) {
			c->sr.arch = c->arches.n ? c->arches.v[a] : NULL;
			if (sysroot_open(&t[k].sr, c->args.v[i], &c->sr) < 0) {
				for (size_t j = 0; j < k; j++)
					sysroot_close(&t[j].sr);
				free(t);
				return -1;
			}
			/* one stored scan per target: a second would replace
			 * the first under the same key */
			size_t j = 0;
			while (j < k && !scan_same_target(&t[j].sr, &t[k].sr))
				j++;
			if (j < k) {
				note("%s (%s): given twice; scanned once", t[k].sr.root, t[k].sr.arch->name);
				sysroot_close(&t[k].sr);
				memset(&t[k].sr, 0, sizeof(t[k].sr));
				continue;
			}
			k++;
		}
	}
	*out = t;
	*n = k;
	return 0;
}

/* Once the inputs are known, reads are confined to them and the tool's own
 * needs (confine.h); before that, t[i].kept tells the stored scans kept
 * without reading a file. */
static int confine_targets(const struct cli *c, struct db *db, struct target *t,
			   size_t n)
{
	struct strv allow = {0};
	for (size_t i = 0; i < n; i++)
		strv_push(&allow, t[i].sr.root);
	/* the DB's (real) directory holds its -wal and -shm files and the -j
	 * workers' DBs (db_merge() reads them); a new DB, not written yet,
	 * has only its name's. A DB in / allows only itself: allowing /
	 * would lift the confinement. */
	char *dbdir = realpath(db->path, NULL);
	if (!dbdir)
		dbdir = xstrdup(db->path);
	char *slash = strrchr(dbdir, '/');
	if (slash) {
		if (slash != dbdir)
			*slash = 0;
	} else {
		free(dbdir);
		dbdir = xstrdup(".");
	}
	const char *extra[] = {c->kernel_src, c->man_dir, c->output, dbdir};
	for (size_t i = 0; i < ARRAY_SIZE(extra); i++) {
		char *r = extra[i] ? realpath(extra[i], NULL) : NULL;
		if (r)
			strv_push_own(&allow, r);
	}
	free(dbdir);
	confine_tool_needs(&allow);
	strv_push(&allow, clangx_resource_dir());
	/* libclang, loaded before the reads are confined, only when a sysroot
	 * scan may parse: not when every stored scan is kept by its inputs'
	 * sizes and mtimes alone (a repeat audit: ~20 ms and ~55 MB less).
	 * Those kept here are not looked up again, so none can turn into a
	 * scan without libclang. */
	int parse = 0, rc = 0;
	for (size_t i = 0; i < n && rc >= 0; i++) {
		rc = scan_sysroot_kept(db, &t[i].sr, c, &t[i].kept, 0);
		parse |= rc == 0;
	}
	if (rc >= 0)
		rc = confine_reads(&allow, parse ? clangx_load : NULL);
	if (rc > 0) { /* a parse reads only the sysroots and clang's own dir */
		struct strv dirs = {0};
		for (size_t i = 0; i < n; i++)
			strv_push(&dirs, t[i].sr.root);
		strv_push(&dirs, clangx_resource_dir());
		if (confine_parse_dirs(&dirs) < 0)
			rc = -1;
		strv_free(&dirs);
	}
	strv_free(&allow);
	return rc;
}

/* Scans every target into the DB; shared by scan and audit. keys, if
 * given, gets the key of each id's target (scan_key_text()), taken from
 * the target, not the DB, where a concurrent run may have replaced it. */
static int scan_all(struct cli *c, struct db *db, int64_t **ids, size_t *nids, struct strv *keys)
{
	struct target *t;
	size_t n;
	if (c->no_man && c->man_dir)
		return err_set(EXIT_USAGE, "--man-dir and --no-man: one or the other (see --help)");
	if (open_targets(c, &t, &n) < 0)
		return -1;
	int rc = 0;
	*ids = xcalloc(n + 2, sizeof(**ids));
	*nids = 0;
	if (db_open(db, cli_db(c), DB_CREATE) < 0)
		rc = -1;
	if (!rc)
		rc = confine_targets(c, db, t, n) < 0 ? -1 : 0;
	if (!rc && c->kernel_src) {
		rc = scan_kernel_tree(db, c->kernel_src, c, &(*ids)[(*nids)++]);
		char *real = realpath(c->kernel_src, NULL);
		if (keys)
			strv_push_own(keys, xasprintf("kernel-tree|%s|all|", real ? real : ""));
		free(real);
	}
	for (size_t i = 0; i < n && keys; i++)
		strv_push_own(keys, scan_key_text(&t[i].sr));
	int par = c->jobs > 1 && n > 1; /* one target: nothing to share out */
	if (!rc && par) {
		const struct sysroot **srs = xcalloc(n, sizeof(*srs));
		int64_t *kept = xcalloc(n, sizeof(*kept));
		for (size_t i = 0; i < n; i++)
			srs[i] = &t[i].sr, kept[i] = t[i].kept;
		progress_step(0, 0, "scanning %zu sysroots, %d at a time", n, c->jobs);
		rc = scan_sysroots_parallel(db, srs, kept, n, c, c->jobs, *ids + *nids);
		*nids += n;
		free(srs);
		free(kept);
	}
	for (size_t i = 0; i < n && !rc && !par; i++) {
		progress_step(i + 1, n, "scanning %s (%s)", t[i].sr.root, t[i].sr.arch->name);
		if (t[i].kept)
			(*ids)[(*nids)++] = t[i].kept;
		else
			rc = scan_sysroot(db, &t[i].sr, c, &(*ids)[(*nids)++]);
	}
	for (size_t i = 0; i < n; i++)
		sysroot_close(&t[i].sr);
	free(t);
	return rc;
}

/* Closes the run's DB, which writes a new one (db_close()): a failure there
 * is the run's error too. */
static int close_db(struct db *db, int rc)
{
	char *first = rc < 0 ? xstrdup(err_msg()) : NULL;
	enum exit_code code = err_code();
	if (db_close(db) < 0) {
		if (first)
			err_set(code, "%s; and %s", first, err_msg());
		rc = -1;
	}
	free(first);
	return rc;
}

int cmd_scan(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	int64_t *ids = NULL;
	size_t n = 0;
	int rc = cli_parse(&c, argc, argv, "qvj:", scan_opts, scan_help, NULL, NULL);
	if (rc == 0)
		rc = scan_all(&c, &db, &ids, &n, NULL);
	free(ids);
	rc = close_db(&db, rc);
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}

/* The steps after the scans: classify, report, gen and the --fail-on check.
 * Returns -1, or the --fail-on result (0 or 1). */
static int audit_steps(struct cli *c, struct db *db, const int64_t *ids, size_t n, int json,
		       const char *need)
{
	int rc = 0;
	/* classify every sysroot scan just made (kernel-tree scans are skipped) */
	char *fp = rc == 0 ? scan_cache_fingerprint(c) : NULL;
	for (size_t i = 0; i < n && rc == 0; i++) {
		progress_step(i + 1, n, "classifying");
		/* a kept scan classified against the same things needs no rerun */
		int cur = scan_cache_verdicts_current(db, ids[i], fp);
		if (cur == 0)
			rc = classify_scan(db, ids[i]) < 0 || scan_cache_mark_classified(db, ids[i], fp) < 0 ? -1 : 0;
		else if (cur < 0)
			rc = -1;
		progress_clear();
		if (rc == 0 && g_verbosity > 0)
			rc = classify_print_counts(db, ids[i], stderr);
	}
	/* report: <report dir>/<label>/ and, for several scans, matrix/; the
	 * counts per class per scan on stdout; gen: <label>/syscov_wrappers.h,
	 * the missing set's wrappers. Both left alone when made of the same
	 * as last time and still as written (out_cache.h). */
	const char *outdir = c->output ? c->output : "reports";
	char *key = rc == 0 ? out_cache_key(db, ids, n, fp, outdir,
					    json ? "json" : color_on(stdout) ? "tty" : "text") : NULL;
	struct buf summary = {0};
	int hit = key ? out_cache_hit(db, key, &summary) : -1;
	if (!key || hit < 0)
		rc = -1;
	if (rc == 0 && hit) {
		note("%s: the reports and wrappers of these scans are current; kept", outdir);
		fputs(summary.p ? summary.p : "", stdout);
	} else if (rc == 0) {
		progress_step(0, 0, "writing reports");
		out_cache_begin();
		char *text = NULL;
		size_t len = 0;
		FILE *mem = json ? NULL : open_memstream(&text, &len);
		if (!json && !mem)
			rc = err_set(EXIT_INTERNAL, "open_memstream: %s", strerror(errno));
		if (rc == 0)
			rc = report_run(db, ids, n, outdir, RF_ALL, mem, c->jobs);
		if (mem)
			fclose(mem);
		if (rc == 0)
			fputs(text ? text : "", stdout);
		if (rc == 0)
			progress_step(0, 0, "generating wrappers");
		if (rc == 0)
			rc = gen_audit(db, ids, n, outdir);
		if (rc == 0)
			rc = out_cache_store(db, key, outdir, text ? text : "");
		free(text);
	}
	if (rc == 0 && json) {
		int64_t *sys = xcalloc(n + 1, sizeof(*sys));
		rc = counts_json(db, sys, report_sysroot_scans(db, ids, n, sys), stdout);
		free(sys);
	}
	progress_clear();
	buf_free(&summary);
	free(key);
	int failed = 0;
	if (rc == 0 && (failed = classify_fail_on(db, ids, n, c->fail_on, need)) < 0)
		rc = -1;
	free(fp);
	return rc < 0 ? -1 : failed;
}

/* A concurrent audit of the same sysroot may replace one of our scans (same
 * key, new id) while our steps run; *ids then follows the scan that replaced
 * it, the same sysroot's facts. keys[i] is the key of ids[i]'s target.
 * Returns 1 if an id changed, 0 if none, -1 on a DB error. */
static int follow_replaced(struct db *db, int64_t *ids, size_t n, struct strv *keys)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT id FROM scan WHERE kind || '|' || sysroot || '|' || arch ||"
				" '|' || variant = ?1 ORDER BY id DESC LIMIT 1") < 0)
		return -1;
	int changed = 0;
	for (size_t i = 0; i < n; i++) {
		db_bind_text(st, 1, keys->v[i]);
		if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int64(st, 0) != ids[i]) {
			ids[i] = sqlite3_column_int64(st, 0);
			changed = 1;
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return changed;
}

int cmd_audit(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	int64_t *ids = NULL;
	size_t n = 0;
	const char *need = NULL;
	int rc = cli_parse(&c, argc, argv, "qvo:j:", audit_opts, audit_help, audit_own, &need);
	int json = rc == 0 ? counts_format("audit", c.format) : 0;
	if (json < 0)
		rc = -1;
	if (rc == 0)
		rc = classify_check_options(c.fail_on, need);
	c.classify = 1;
	struct strv keys = {0};
	if (rc == 0)
		rc = scan_all(&c, &db, &ids, &n, &keys);
	int failed = 0;
	for (int tries = 0; rc == 0; tries++) {
		failed = audit_steps(&c, &db, ids, n, json, need);
		if (failed >= 0 || tries == 3 || follow_replaced(&db, ids, n, &keys) != 1)
			break;
		note("a concurrent run replaced a scan of this audit: its steps run again on the new scan");
		err_clear();
	}
	if (failed < 0)
		rc = -1;
	strv_free(&keys);
	free(ids);
	rc = close_db(&db, rc);
	cli_free(&c);
	return rc < 0 ? -1 : failed;
}
