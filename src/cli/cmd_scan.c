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
#include <sys/stat.h>
#include <unistd.h>

#include "verdict/classify.h"
#include "cli/cli.h"
#include "base/clangx.h"
#include "base/confine.h"
#include "verdict/counts.h"
#include "gen/gen.h"
#include "base/ktree.h"
#include "base/out_cache.h"
#include "base/outfile.h"
#include "base/progress.h"
#include "report/report.h"
#include "scan/scan.h"
#include "scan/scan_cache.h"

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
	"  -o, --output DIR reports go to DIR/<label>/ (default reports), and DIR/matrix/\n"
	"                   has every scan of the database with verdicts, side by side\n"
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

/* Of several sysroots, a bad one is said and skipped, as make -k does:
 * the others are scanned and audited, and the run fails at its end (one
 * sysroot without headers, /usr/alpha-linux-gnu, stopped the audit of
 * `/ /usr/\*-linux-gnu*` before any). One sysroot fails at once. */
static struct {
	size_t n, of;
	enum exit_code code;
	char *first;
} skipped;

/* Takes the error of target `what` if the run goes on without it: 1 if
 * so, 0 if the run fails on it. */
static int skip_target(const char *what, size_t of)
{
	if (of < 2)
		return 0;
	say("%s; skipped, the other sysroots go on", err_msg());
	if (!skipped.n++) {
		skipped.code = err_code();
		skipped.first = xstrdup(what);
	}
	skipped.of = of;
	err_clear();
	return 1;
}

/* A target whose scan failed on its input (scan.h's scan_skip_fn), of the
 * skipped.of the run began with. */
static int skip_scan(const char *what)
{
	return skip_target(what, skipped.of);
}

/* The run's end: its error, or the one of the sysroots it skipped. */
static int skipped_end(int rc)
{
	if (rc == 0 && skipped.n)
		rc = err_set(skipped.code, "%zu of %zu sysroots not scanned (the first: %s; see above)",
			     skipped.n, skipped.of, skipped.first);
	free(skipped.first);
	memset(&skipped, 0, sizeof(skipped));
	return rc;
}

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
				if (skip_target(c->args.v[i], c->args.n * na)) {
					memset(&t[k].sr, 0, sizeof(t[k].sr));
					continue;
				}
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
	if (!k && skipped.n) {
		free(t);
		return skipped_end(0);
	}
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
	/* the kernel tarballs' scans kept for any DB (scan.h); made now, as
	 * a dir that does not exist yet cannot be allowed */
	char *cache = scan_cache_dir();
	if (cache && outfile_mkdirs(cache) < 0)
		err_clear();
	const char *extra[] = {c->kernel_src, c->so.man_dir, c->output, dbdir, cache};
	for (size_t i = 0; i < ARRAY_SIZE(extra); i++) {
		char *r = extra[i] ? realpath(extra[i], NULL) : NULL;
		if (r)
			strv_push_own(&allow, r);
	}
	free(dbdir);
	free(cache);
	confine_tool_needs(&allow);
	strv_push(&allow, clangx_resource_dir());
	/* libclang, loaded before the reads are confined, only when a sysroot
	 * scan may parse: not when every stored scan is kept by its inputs'
	 * sizes and mtimes alone (a repeat audit: ~20 ms and ~55 MB less).
	 * Those kept here are not looked up again, so none can turn into a
	 * scan without libclang. */
	int parse = 0, rc = 0;
	for (size_t i = 0; i < n && rc >= 0; i++) {
		rc = scan_sysroot_kept(db, &t[i].sr, &c->so, &t[i].kept, 0);
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

/* What audit does with each scan of a -j run as it lands (scan.h's
 * hooks): its verdicts and wrapper header in the DB it was scanned into
 * (the main DB has no kernel-tree scan, whose entry points classify would
 * consult, so a worker's DB classifies alike), and its report dir as soon
 * as it is in the main DB, while the workers still parse. */
struct audit_run {
	char *fp;             /* the configuration's fingerprint (scan_cache.h) */
	const char *outdir;
	struct idset headers; /* scans whose header a -j worker wrote */
};

static int audit_after(struct db *db, int64_t id, void *ctx)
{
	struct audit_run *a = ctx;
	return classify_scan(db, id) < 0 || scan_cache_mark_classified(db, id, a->fp) < 0 ||
			       gen_audit(db, &id, 1, a->outdir, NULL) < 0
		       ? -1 : 0;
}

static void audit_landed(int64_t id, void *ctx)
{
	struct audit_run *a = ctx;
	scan_cache_note_verdicts(id);
	idset_add(&a->headers, id);
}

/* A kept scan whose verdicts audit will redo, or a failure, ends the early
 * reports: the report step then writes the rest (and says the error). */
static int audit_in_order(struct db *db, int64_t id, int kept, void *ctx)
{
	struct audit_run *a = ctx;
	if ((kept && scan_cache_verdicts_current(db, id, a->fp) != 1) ||
	    report_early(db, id, a->outdir) < 0) {
		err_clear();
		return 0;
	}
	return 1;
}

static void audit_failed(void *ctx)
{
	(void)ctx;
	report_early_drop();
}

/* The paths a run writes or reads besides the sysroots, checked before any
 * work: an empty --db, -o or --man-dir, or a --db or -o that is a device,
 * were refused only after the whole scan (the DB is written at its close),
 * and an empty --include was taken as the sysroot itself. */
static int check_paths(const struct cli *c)
{
	const char *db = cli_db(c);
	struct stat st;
	if (!*db)
		return err_set(EXIT_USAGE, "--db: an empty name: refused");
	/* SQLite would also write <db>-journal beside it (/dev/null-journal) */
	if (stat(db, &st) == 0 && !S_ISREG(st.st_mode))
		return err_set(EXIT_DB, "%s: not a regular file: refused as a database", db);
	if (c->classify && outfile_check_path(c->output ? c->output : "reports", 1) < 0)
		return -1;
	if (c->so.man_dir && !*c->so.man_dir)
		return err_set(EXIT_USAGE, "--man-dir: an empty name: refused");
	for (size_t i = 0; i < c->sr.include.n; i++)
		if (!*c->sr.include.v[i])
			return err_set(EXIT_USAGE, "--include: an empty name: refused");
	for (size_t i = 0; i < c->sr.libdir.n; i++)
		if (!*c->sr.libdir.v[i])
			return err_set(EXIT_USAGE, "--libdir: an empty name: refused");
	return 0;
}

/* Scans every target into the DB; shared by scan and audit (a, set: its
 * scans are classified and written as they land). keys, if given, gets
 * the key of each id's target (scan_key_text()), taken from the target,
 * not the DB, where a concurrent run may have replaced it. */
static int scan_all(struct cli *c, struct db *db, struct audit_run *a, int64_t **ids, size_t *nids,
		    struct strv *keys)
{
	struct target *t;
	size_t n;
	if (c->so.no_man && c->so.man_dir)
		return err_set(EXIT_USAGE, "--man-dir and --no-man: one or the other (see --help)");
	if (check_paths(c) < 0 || open_targets(c, &t, &n) < 0)
		return -1;
	int rc = 0;
	*ids = xcalloc(n + 2, sizeof(**ids));
	*nids = 0;
	if (db_open(db, cli_db(c), DB_CREATE) < 0)
		rc = -1;
	if (!rc)
		rc = confine_targets(c, db, t, n) < 0 ? -1 : 0;
	/* audit's default: the kernel source a sysroot holds (ktree.h) */
	char *found = NULL;
	for (size_t i = 0; !rc && c->classify && !c->kernel_src && !found && i < n; i++)
		if ((found = ktree_in_sysroot(&t[i].sr)))
			note("kernel source %s: read for types and removed syscalls"
			     " (--kernel-src names another)", found);
	const char *ksrc = c->kernel_src ? c->kernel_src : found;
	if (!rc && ksrc) {
		rc = scan_kernel_tree(db, ksrc, &c->so, &(*ids)[(*nids)++]);
		char *real = realpath(ksrc, NULL);
		if (keys)
			strv_push_own(keys, xasprintf("kernel-tree|%s|all|", real ? real : ""));
		free(real);
	}
	free(found);
	int par = c->jobs > 1 && n > 1; /* one target: nothing to share out */
	int64_t trees = 1;
	if (!rc && par && a &&
	    db_query_int(db, "SELECT count(*) FROM scan WHERE kind = 'kernel-tree'", 0, &trees) < 0)
		rc = -1;
	struct scan_hooks hooks = {audit_after, audit_landed, audit_in_order, audit_failed, a};
	/* got[i]: t[i]'s scan, 0 when skipped (skip_scan()) */
	int64_t *got = *ids + *nids;
	skipped.of = n + skipped.n;
	if (!rc && par) {
		const struct sysroot **srs = xcalloc(n, sizeof(*srs));
		int64_t *kept = xcalloc(n, sizeof(*kept));
		for (size_t i = 0; i < n; i++)
			srs[i] = &t[i].sr, kept[i] = t[i].kept;
		progress_step(0, 0, "scanning %zu sysroots, %d at a time", n, c->jobs);
		if (a && !trees)
			a->fp = scan_cache_fingerprint(&c->so);
		rc = scan_sysroots_parallel(db, srs, kept, n, &c->so, c->jobs, a && !trees ? &hooks : NULL,
					    skip_scan, got);
		free(srs);
		free(kept);
	}
	for (size_t i = 0; i < n && !rc && !par; i++) {
		progress_step(i + 1, n, "scanning %s (%s)", t[i].sr.root, t[i].sr.arch->name);
		if (t[i].kept)
			got[i] = t[i].kept;
		else if ((rc = scan_sysroot(db, &t[i].sr, &c->so, &got[i])) < 0 &&
			 err_code() == EXIT_INPUT && skip_scan(t[i].sr.root)) {
			got[i] = 0;
			rc = 0;
		}
	}
	/* the scans made, in target order, and their targets' keys: got[]
	 * is compacted in place (ids[*nids] is never ahead of got[i]) */
	for (size_t i = 0; i < n && !rc; i++) {
		if (!got[i])
			continue;
		if (keys)
			strv_push_own(keys, scan_key_text(&t[i].sr));
		(*ids)[(*nids)++] = got[i];
	}
	for (size_t i = 0; i < n; i++)
		sysroot_close(&t[i].sr);
	free(t);
	/* every target skipped: the run's error now, before audit's steps
	 * record outputs made of no scan */
	return !rc && !*nids && skipped.n ? skipped_end(0) : rc;
}

/* Closes the run's DB, which writes a new one (db_close()): a failure there
 * is the run's error too. A new DB in which a failed run made no scan is
 * not written: the run leaves no file behind, as before it began. */
static int close_db(struct db *db, int rc)
{
	char *first = rc < 0 ? xstrdup(err_msg()) : NULL;
	enum exit_code code = err_code();
	sqlite3_stmt *st = NULL;
	if (rc < 0 && db->made && db->fd >= 0 &&
	    sqlite3_prepare_v2(db->h, "SELECT 1 FROM scan", -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_DONE) {
		close(db->fd);
		db->fd = -1;
	}
	sqlite3_finalize(st);
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
		rc = scan_all(&c, &db, NULL, &ids, &n, NULL);
	free(ids);
	rc = close_db(&db, skipped_end(rc));
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}

/* The summary table as out_cache stores it: without the colour a terminal
 * got, so that the terminal is no part of what the outputs are made of. */
static void strip_colour(char *s)
{
	char *w = s;
	for (const char *r = s; *r;) {
		if (r[0] == '\033' && r[1] == '[') {
			r += 2 + strspn(r + 2, "0123456789;");
			r += *r == 'm';
			continue;
		}
		*w++ = *r++;
	}
	*w = 0;
}

/* Prints the summary table, the class names of its header coloured on a
 * terminal (as report's summary does). */
static void print_summary_text(const char *plain)
{
	const char *body = plain + strcspn(plain, "\n");
	for (const char *p = plain; p < body;) {
		size_t sp = strspn(p, " "), len = strcspn(p + sp, " \n");
		fwrite(p, 1, sp, stdout);
		p += sp;
		const char *cls = NULL;
		for (size_t c = 0; c < ARRAY_SIZE(classify_classes) && len; c++)
			if (strlen(classify_classes[c]) == len && !strncmp(p, classify_classes[c], len))
				cls = classify_classes[c];
		printf("%s%.*s%s", cls ? color_class(stdout, cls) : "", (int)len, p,
		       cls ? color_end(stdout) : "");
		p += len;
	}
	fputs(body, stdout);
}

/* The scans of an audit's matrix: ids (its own, first), then every other
 * sysroot scan of the DB with verdicts. */
static int matrix_scans(struct db *db, const int64_t *ids, size_t n, int64_t **all, size_t *nall)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT id FROM scan WHERE kind = 'sysroot' AND EXISTS"
				" (SELECT 1 FROM verdict WHERE scan_id = scan.id) ORDER BY id") < 0)
		return -1;
	size_t cap = n + 8;
	*all = xcalloc(cap, sizeof(**all));
	memcpy(*all, ids, n * sizeof(*ids));
	*nall = n;
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(st, 0);
		size_t i = 0;
		while (i < n && ids[i] != id)
			i++;
		if (i < n)
			continue;
		if (*nall == cap)
			*all = xrealloc(*all, (cap *= 2) * sizeof(**all));
		(*all)[(*nall)++] = id;
	}
	sqlite3_finalize(st);
	return 0;
}

/* The steps after the scans: classify, report, gen and the --fail-on check.
 * Returns -1, or the --fail-on result (0 or 1). */
static int audit_steps(struct cli *c, struct db *db, struct audit_run *a, const int64_t *ids,
		       size_t n, int json, const char *need)
{
	int rc = 0;
	/* classify every sysroot scan just made (kernel-tree scans are skipped) */
	char *fp = rc == 0 ? scan_cache_fingerprint(&c->so) : NULL;
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
	/* report: <report dir>/<label>/ and matrix/, which is of every sysroot
	 * scan of the DB with verdicts (a later audit of one changes a column
	 * of it, or adds one); the counts per class per scan on stdout; gen:
	 * <label>/syscov_wrappers.h, the missing set's wrappers. All left alone
	 * when made of the same as last time and still as written
	 * (out_cache.h): the key holds every scan of the matrix. */
	const char *outdir = c->output ? c->output : "reports";
	int64_t *all = NULL;
	size_t nall = 0;
	if (rc == 0 && matrix_scans(db, ids, n, &all, &nall) < 0)
		rc = -1;
	/* the outputs are made of the inputs only: the summary is stored plain
	 * and printed (or not, with --format json) as this run wants it */
	char *key = rc == 0 ? out_cache_key(db, all, nall, fp, outdir) : NULL;
	struct buf summary = {0};
	int hit = key ? out_cache_hit(db, key, &summary) : -1;
	if (!key || hit < 0)
		rc = -1;
	if (rc == 0 && hit) {
		note("%s: the reports and wrappers of these scans are current; kept", outdir);
		if (!json)
			print_summary_text(summary.p ? summary.p : "");
	} else if (rc == 0) {
		progress_step(0, 0, "writing reports");
		out_cache_begin();
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);
		if (!mem)
			rc = err_set(EXIT_INTERNAL, "open_memstream: %s", strerror(errno));
		if (rc == 0)
			rc = report_run(db, ids, n, outdir, RF_ALL, mem, c->jobs);
		if (rc == 0 && nall > n)
			rc = report_matrix(db, all, nall, outdir, RF_ALL);
		if (mem)
			fclose(mem);
		if (text)
			strip_colour(text);
		if (rc == 0 && !json)
			print_summary_text(text ? text : "");
		if (rc == 0)
			progress_step(0, 0, "generating wrappers");
		if (rc == 0)
			rc = gen_audit(db, ids, n, outdir, &a->headers);
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
	free(all);
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
	struct audit_run a = {.outdir = c.output ? c.output : "reports"};
	struct strv keys = {0};
	/* a first run says what it made, and where */
	char *db_was = realpath(cli_db(&c), NULL), *out_was = realpath(a.outdir, NULL);
	if (rc == 0)
		rc = scan_all(&c, &db, &a, &ids, &n, &keys);
	int failed = 0;
	for (int tries = 0; rc == 0; tries++) {
		failed = audit_steps(&c, &db, &a, ids, n, json, need);
		if (failed >= 0 || tries == 3 || follow_replaced(&db, ids, n, &keys) != 1)
			break;
		note("a concurrent run replaced a scan of this audit: its steps run again on the new scan");
		err_clear();
	}
	if (failed < 0)
		rc = -1;
	strv_free(&keys);
	free(a.fp);
	free(a.headers.v);
	free(ids);
	rc = close_db(&db, skipped_end(rc));
	cli_free(&c);
	if (rc == 0 && !db_was)
		note("created the database %s (--db FILE or $SYSCOV_DB name another)", cli_db(&c));
	if (rc == 0 && !out_was)
		note("created %s/: a report dir per scan, each with index.html and syscov_wrappers.h",
		     a.outdir);
	free(db_was);
	free(out_was);
	return rc < 0 ? -1 : failed;
}
