/* report_out.c: where reports go: picking the scans' output directories,
 * writing each format atomically (temp file + rename, so a reader never sees
 * half a report), and the one-screen summary that report and audit print. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/out_cache.h"
#include "base/outfile.h"
#include "base/progress.h"
#include "report/report.h"

static const struct {
	const char *name;
	int bit;
	const char *file;
	void (*write)(const struct report *, FILE *);
} formats[] = {
	{"html", RF_HTML, "index.html", report_html},
	{"md", RF_MD, "report.md", report_md},
	{"csv", RF_CSV, "report.csv", report_csv},
	{"json", RF_JSON, "report.json", report_json},
};

int report_parse_formats(const char *s, int *fmt)
{
	struct strv sv = {0};
	split_list(s, &sv);
	*fmt = 0;
	int rc = sv.n ? 0 : err_set(EXIT_USAGE, "--format: empty list (html, md, csv, json or all)");
	for (size_t i = 0; i < sv.n && !rc; i++) {
		int bit = !strcmp(sv.v[i], "all") ? RF_ALL : !strcmp(sv.v[i], "markdown") ? RF_MD : 0;
		for (size_t k = 0; k < ARRAY_SIZE(formats) && !bit; k++)
			if (!strcmp(sv.v[i], formats[k].name))
				bit = formats[k].bit;
		if (!bit)
			rc = err_set(EXIT_USAGE, "--format: unknown format '%s' (html, md, csv, json or all)",
				     sv.v[i]);
		*fmt |= bit;
	}
	strv_free(&sv);
	return rc;
}

const unsigned char *rep_put_plain(FILE *f, const unsigned char *s, int (*plain)(unsigned char))
{
	const unsigned char *e = s;
	while (*e && plain(*e))
		e++;
	fwrite(s, 1, (size_t)(e - s), f);
	return e;
}

/* A format's writer and its report, for outfile_write(). */
struct fmt_job {
	void (*write)(const struct report *, FILE *);
	const struct report *r;
};

static void write_fmt(const void *ctx, FILE *f)
{
	const struct fmt_job *j = ctx;
	j->write(j->r, f);
}

static int write_dir(const char *outdir, const char *sub, const struct report *r, int fmt)
{
	char *dir = xasprintf("%s/%s", outdir, sub);
	int rc = outfile_mkdirs_sub(outdir, sub);
	for (size_t k = 0; k < ARRAY_SIZE(formats) && !rc; k++)
		if (fmt & formats[k].bit)
			rc = outfile_write(dir, formats[k].file, write_fmt,
					    &(struct fmt_job){formats[k].write, r});
	if (!rc)
		note("report: %s/", dir);
	free(dir);
	return rc;
}

static void print_summary(const struct report *r, FILE *f)
{
	int w = 4;
	for (size_t i = 0; i < r->n; i++)
		if ((int)strlen(r->scans[i].label) > w)
			w = (int)strlen(r->scans[i].label);
	progress_clear(); /* the table starts at column 0 on a terminal */
	fprintf(f, "%-*s", w, "scan");
	for (int c = 0; c < RC_N; c++)
		fprintf(f, " %s%9s%s", color_class(stdout, rep_class_name[c]), rep_class_name[c],
			color_end(stdout));
	fprintf(f, " %9s\n", "total");
	for (size_t i = 0; i < r->n; i++) {
		const struct rep_scan *s = &r->scans[i];
		/* no control character from the DB reaches the terminal */
		char *label = xstrdup(s->label);
		for (char *p = label; *p; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				*p = '?';
		fprintf(f, "%-*s", w, label);
		free(label);
		for (int c = 0; c < RC_N; c++)
			fprintf(f, " %9lld", (long long)s->counts[c]);
		fprintf(f, " %9zu\n", s->nv);
	}
}

size_t report_sysroot_scans(struct db *db, const int64_t *ids, size_t n, int64_t *out)
{
	sqlite3_stmt *st;
	size_t k = 0;
	if (db_prepare(db, &st, "SELECT 1 FROM scan WHERE id = ?1 AND kind = 'sysroot'") < 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		sqlite3_bind_int64(st, 1, ids[i]);
		if (sqlite3_step(st) == SQLITE_ROW)
			out[k++] = ids[i];
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return k;
}

/* The per-scan dirs of `all` from index `from` on whose index is k modulo m. */
static int write_scans(const char *outdir, const struct report *all, int fmt, size_t from,
		       size_t k, size_t m)
{
	int rc = 0;
	for (size_t i = from + k; i < all->n && !rc; i += m) {
		struct report one = {.scans = &all->scans[i], .n = 1};
		rc = write_dir(outdir, all->scans[i].dir, &one, fmt);
	}
	return rc;
}

/* The per-scan dirs written by m forked children while this process writes
 * the matrix. The model is loaded: the children touch no DB, and say a
 * failure through a pipe (err_send()). */
static int write_forked(const char *outdir, const struct report *all, int fmt, size_t from,
			size_t m)
{
	pid_t *pid = xcalloc(m, sizeof(*pid));
	int *fd = xcalloc(m, sizeof(*fd));
	int rc = 0;
	fflush(NULL);
	for (size_t k = 0; k < m; k++) {
		int p[2];
		pid[k] = pipe(p) == 0 ? fork() : -1;
		if (pid[k] == 0) {
			close(p[0]);
			if (write_scans(outdir, all, fmt, from, k, m) < 0)
				err_send(p[1], err_code() ? (int)err_code() : EXIT_INTERNAL);
			_exit(0);
		}
		if (pid[k] < 0) { /* no child: this process writes its share */
			fd[k] = -1;
			rc = rc ? rc : write_scans(outdir, all, fmt, from, k, m);
		} else {
			close(p[1]);
			fd[k] = p[0];
		}
	}
	if (!rc)
		rc = write_dir(outdir, "matrix", all, fmt);
	for (size_t k = 0; k < m; k++) {
		if (fd[k] < 0)
			continue;
		/* a failure says so; no frame is a success, or a death */
		int code = 0, said = err_recv(fd[k], &code, !rc);
		close(fd[k]);
		int status = 0;
		waitpid(pid[k], &status, 0);
		if (said && code)
			rc = -1;
		else if (!rc && (!WIFEXITED(status) || WEXITSTATUS(status)))
			rc = err_set(EXIT_INTERNAL, "a report writer process died (status %d)", status);
	}
	free(pid);
	free(fd);
	return rc;
}

/* Notes the files the per-scan dirs and the matrix will hold, for
 * out_cache.h (forked writers cannot note them for this process). */
static void note_files(const char *outdir, const struct report *all, int fmt)
{
	for (size_t i = 0; i <= all->n; i++) {
		const char *sub = i < all->n ? all->scans[i].dir : all->n > 1 ? "matrix" : NULL;
		for (size_t k = 0; sub && k < ARRAY_SIZE(formats); k++)
			if (fmt & formats[k].bit) {
				char *p = xasprintf("%s/%s/%s", outdir, sub, formats[k].file);
				out_cache_note(p);
				free(p);
			}
	}
}

/* The scans whose per-scan dirs report_early() wrote, in order, and where. */
static struct report early;
static char *early_dir;

void report_early_drop(void)
{
	report_free(&early);
	free(early_dir);
	early_dir = NULL;
}

int report_early(struct db *db, int64_t id, const char *outdir)
{
	if (early_dir && strcmp(early_dir, outdir))
		report_early_drop();
	if (!early_dir)
		early_dir = xstrdup(outdir);
	if (report_load_more(db, &id, 1, &early) < 0) {
		report_early_drop();
		return -1;
	}
	/* (targets are distinct: scan_all() scans a sysroot given twice once) */
	struct report one = {.scans = &early.scans[early.n - 1], .n = 1};
	if (write_dir(outdir, one.scans->dir, &one, RF_ALL) < 0) {
		report_early_drop();
		return -1;
	}
	return 0;
}

int report_run(struct db *db, const int64_t *ids, size_t n, const char *outdir, int fmt,
	       FILE *summary, int jobs)
{
	int64_t *keep = xcalloc(n + 1, sizeof(*keep));
	size_t nk = report_sysroot_scans(db, ids, n, keep);
	struct report all = {0};
	/* the dirs report_early() wrote stand if their scans begin this
	 * report, in order (then their dir names are the same too) */
	size_t from = early_dir && !strcmp(early_dir, outdir) && fmt == RF_ALL && early.n <= nk
			      ? early.n : 0;
	for (size_t i = 0; i < from; i++)
		if (early.scans[i].id != keep[i])
			from = 0;
	if (from) {
		all = early;
		early = (struct report){0};
	}
	report_early_drop();
	if (!nk) {
		free(keep);
		return 0;
	}
	int rc = report_load_more(db, keep + from, nk - from, &all);
	free(keep);
	if (rc < 0)
		return -1;
	for (size_t i = 0; i < all.n; i++)
		if (!all.scans[i].nv)
			note("%s: no verdicts (run syscov classify)", all.scans[i].label);
	note_files(outdir, &all, fmt);
	size_t left = all.n - from;
	if (all.n > 1 && left && jobs > 1) {
		rc = write_forked(outdir, &all, fmt, from, (size_t)jobs - 1 < left ? (size_t)jobs - 1 : left);
	} else {
		rc = write_scans(outdir, &all, fmt, from, 0, 1);
		if (!rc && all.n > 1)
			rc = write_dir(outdir, "matrix", &all, fmt);
	}
	if (!rc && summary)
		print_summary(&all, summary);
	report_free(&all);
	return rc;
}

int report_matrix(struct db *db, const int64_t *ids, size_t n, const char *outdir, int fmt)
{
	int64_t *keep = xcalloc(n + 1, sizeof(*keep));
	size_t nk = report_sysroot_scans(db, ids, n, keep);
	struct report all = {0};
	int rc = nk > 1 ? report_load_more(db, keep, nk, &all) : 0;
	if (rc == 0 && nk > 1)
		rc = write_dir(outdir, "matrix", &all, fmt);
	report_free(&all);
	free(keep);
	return rc;
}
