/* usage_report.c: This file contains the demand, from the usage_* rows
 * against one libc scan: per syscall the packages and files that reach it
 * through a libc function (what the libc's machine code says each function
 * issues, code_syscall) and those that make it by hand; the missing set
 * ranked by the packages calling it by hand; wrapped syscalls still called
 * by hand; functions of programs named as the libc's wrapper that make the
 * syscall themselves. Written as Markdown, JSON and HTML (an SVG chart).
 * And what one program needs: its reachable set, through the libraries it
 * links. The libc's own files (its package's) are left out of the demand:
 * they are the wrappers. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/outfile.h"
#include "base/util.h"
#include "usage/usage.h"

#define TOP 20

/* Temp tables of the scan's view (usage_setup()) of the rows (S: the scan id):
 * u_name (arch, nr) -> name; u_libc the libc's files; u_hand a file's
 * by-hand syscalls; u_wrap what each libc function issues; u_via what a
 * file reaches through its imports (files of the scan's ABI). */
static const char setup_sql[] =
	"DROP TABLE IF EXISTS temp.u_name; DROP TABLE IF EXISTS temp.u_libc;"
	"DROP TABLE IF EXISTS temp.u_hand; DROP TABLE IF EXISTS temp.u_wrap;"
	"DROP TABLE IF EXISTS temp.u_via;"
	"CREATE TEMP TABLE u_name AS SELECT arch, nr, min(name) AS name FROM ksyscall"
	"  GROUP BY arch, nr;"
	"CREATE INDEX temp.u_name_k ON u_name(arch, nr);"
	"CREATE TEMP TABLE u_libc AS SELECT f.id AS file_id FROM usage_file f"
	"  WHERE f.path IN (SELECT path FROM libc_lib WHERE scan_id = %lld)"
	"  OR f.package IN (SELECT g.package FROM usage_file g WHERE g.package IS NOT NULL AND"
	"    g.path IN (SELECT path FROM libc_lib WHERE scan_id = %lld));"
	"CREATE TEMP TABLE u_wrap AS SELECT DISTINCT c.func AS func, n.name AS name"
	"  FROM code_syscall c JOIN u_name n ON n.arch = (SELECT arch FROM scan WHERE id = %lld)"
	"  AND n.nr = c.nr WHERE c.scan_id = %lld AND c.nr IS NOT NULL;"
	"CREATE INDEX temp.u_wrap_f ON u_wrap(func);";
static const char demand_sql[] =
	"CREATE TEMP TABLE u_hand AS SELECT DISTINCT c.file_id AS file_id, n.name AS name,"
	"  coalesce(f.package, f.path) AS pkg FROM usage_call c JOIN usage_file f ON f.id = c.file_id"
	"  JOIN u_name n ON n.arch = f.arch AND n.nr = c.nr WHERE c.kind = 'const'"
	"  AND c.file_id NOT IN (SELECT file_id FROM u_libc);"
	"CREATE INDEX temp.u_hand_n ON u_hand(name);"
	"CREATE TEMP TABLE u_via AS SELECT DISTINCT i.file_id AS file_id, w.name AS name,"
	"  coalesce(f.package, f.path) AS pkg FROM usage_import i JOIN usage_file f ON f.id = i.file_id"
	"  JOIN u_wrap w ON w.func = i.name WHERE f.arch = (SELECT arch FROM scan WHERE id = %lld)"
	"  AND i.file_id NOT IN (SELECT file_id FROM u_libc);"
	"CREATE INDEX temp.u_via_n ON u_via(name);";

int usage_setup(struct db *db, int64_t s, int demand)
{
	char *sql = xasprintf(setup_sql, (long long)s, (long long)s, (long long)s, (long long)s);
	int rc = db_exec(db, sql);
	free(sql);
	if (rc == 0 && demand) {
		sql = xasprintf(demand_sql, (long long)s);
		rc = db_exec(db, sql);
		free(sql);
	}
	return rc;
}

struct drow {
	char *name, *class, *wrapper, *pkgs;
	int64_t hand_pkgs, hand_files, via_pkgs, via_files;
};

struct dup {
	char *path, *pkg, *func;
};

struct demand {
	const char *label;
	struct drow *r;
	size_t n;
	int64_t files, progs, hand_files, ind_files, helper_files;
	struct dup *d;
	size_t nd;
	size_t *missing, nmissing, *wrapped, nwrapped; /* indexes of r, ranked */
};

static const char *col(sqlite3_stmt *st, int i)
{
	const char *s = (const char *)sqlite3_column_text(st, i);
	return s ? s : "";
}

static int rank_cmp(const void *a, const void *b, void *ctx)
{
	const struct drow *r = ctx, *x = &r[*(const size_t *)a], *y = &r[*(const size_t *)b];
	if (x->hand_pkgs != y->hand_pkgs)
		return x->hand_pkgs < y->hand_pkgs ? 1 : -1;
	if (x->hand_files != y->hand_files)
		return x->hand_files < y->hand_files ? 1 : -1;
	return strcmp(x->name, y->name);
}

static int load(struct db *db, int64_t s, struct demand *d)
{
	sqlite3_stmt *st;
	memset(d, 0, sizeof(*d));
	if (usage_setup(db, s, 1) < 0)
		return -1;
	if (db_prepare(db, &st,
		       "SELECT v.name, v.class, v.wrapper,"
		       " (SELECT count(DISTINCT pkg) FROM u_hand h WHERE h.name = v.name),"
		       " (SELECT count(DISTINCT file_id) FROM u_hand h WHERE h.name = v.name),"
		       " (SELECT count(DISTINCT pkg) FROM u_via w WHERE w.name = v.name),"
		       " (SELECT count(DISTINCT file_id) FROM u_via w WHERE w.name = v.name),"
		       " (SELECT group_concat(pkg, ' ') FROM (SELECT DISTINCT pkg FROM u_hand h"
		       "   WHERE h.name = v.name ORDER BY pkg))"
		       " FROM verdict v WHERE v.scan_id = ?1 ORDER BY v.name") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s);
	size_t cap = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (d->n == cap) {
			cap = cap ? 2 * cap : 512;
			d->r = xrealloc(d->r, cap * sizeof(*d->r));
		}
		d->r[d->n++] = (struct drow){xstrdup(col(st, 0)), xstrdup(col(st, 1)), xstrdup(col(st, 2)),
					     xstrdup(col(st, 7)), sqlite3_column_int64(st, 3),
					     sqlite3_column_int64(st, 4), sqlite3_column_int64(st, 5),
					     sqlite3_column_int64(st, 6)};
	}
	sqlite3_finalize(st);
	if (db_prepare(db, &st,
		       "SELECT (SELECT count(*) FROM usage_file),"
		       " (SELECT count(*) FROM usage_file WHERE kind IS NOT NULL),"
		       " (SELECT count(DISTINCT file_id) FROM u_hand),"
		       " (SELECT count(DISTINCT c.file_id) FROM usage_call c WHERE c.kind = 'indirect'"
		       "   AND c.file_id NOT IN (SELECT file_id FROM u_libc)),"
		       " (SELECT count(DISTINCT i.file_id) FROM usage_import i WHERE i.name = 'syscall'),"
		       " (SELECT label FROM scan WHERE id = ?1)") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s);
	if (sqlite3_step(st) == SQLITE_ROW) {
		d->files = sqlite3_column_int64(st, 0);
		d->progs = sqlite3_column_int64(st, 1);
		d->hand_files = sqlite3_column_int64(st, 2);
		d->ind_files = sqlite3_column_int64(st, 3);
		d->helper_files = sqlite3_column_int64(st, 4);
		d->label = xstrdup(col(st, 5));
	}
	sqlite3_finalize(st);
	/* a function of a program named as the libc's wrapper, making the syscall itself */
	if (db_prepare(db, &st,
		       "SELECT DISTINCT f.path, coalesce(f.package, ''), c.func FROM usage_call c"
		       " JOIN usage_file f ON f.id = c.file_id JOIN u_name n ON n.arch = f.arch"
		       " AND n.nr = c.nr JOIN verdict v ON v.scan_id = ?1 AND v.name = n.name"
		       " AND v.class = 'wrapped' AND v.wrapper = c.func WHERE c.kind = 'const'"
		       " AND c.file_id NOT IN (SELECT file_id FROM u_libc) ORDER BY f.path, c.func") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s);
	while (sqlite3_step(st) == SQLITE_ROW) {
		d->d = xrealloc(d->d, (d->nd + 1) * sizeof(*d->d));
		d->d[d->nd++] = (struct dup){xstrdup(col(st, 0)), xstrdup(col(st, 1)), xstrdup(col(st, 2))};
	}
	sqlite3_finalize(st);
	d->missing = xmalloc((d->n + 1) * sizeof(size_t));
	d->wrapped = xmalloc((d->n + 1) * sizeof(size_t));
	for (size_t i = 0; i < d->n; i++) {
		if (!strcmp(d->r[i].class, "missing"))
			d->missing[d->nmissing++] = i;
		else if (!strcmp(d->r[i].class, "wrapped") && d->r[i].hand_pkgs)
			d->wrapped[d->nwrapped++] = i;
	}
	qsort_r(d->missing, d->nmissing, sizeof(size_t), rank_cmp, d->r);
	qsort_r(d->wrapped, d->nwrapped, sizeof(size_t), rank_cmp, d->r);
	return 0;
}

static void demand_free(struct demand *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->r[i].name), free(d->r[i].class), free(d->r[i].wrapper), free(d->r[i].pkgs);
	for (size_t i = 0; i < d->nd; i++)
		free(d->d[i].path), free(d->d[i].pkg), free(d->d[i].func);
	free(d->r);
	free(d->d);
	free(d->missing);
	free(d->wrapped);
	free((char *)d->label);
}

/* the first few packages of a space-separated list, "…" after */
static void some(FILE *f, const char *pkgs, int max)
{
	int n = 0;
	for (const char *p = pkgs; *p && n <= max;) {
		size_t len = strcspn(p, " ");
		if (n == max)
			fputs(", …", f);
		else
			fprintf(f, "%s%.*s", n ? ", " : "", (int)len, p);
		n++;
		p += len + (p[len] == ' ');
	}
}

static void write_md(const void *ctx, FILE *f)
{
	const struct demand *d = ctx;
	fprintf(f, "# Syscall demand against %s\n\n", d->label);
	fprintf(f, "%lld ELF programs and libraries scanned; %lld import `syscall()`;"
		   " %lld (outside the libc) make a syscall by hand with a constant number,"
		   " %lld have a by-hand call whose number is not a constant (indirect).\n\n",
		(long long)d->progs, (long long)d->helper_files, (long long)d->hand_files,
		(long long)d->ind_files);
	fprintf(f, "## Missing wrappers, ranked by the packages calling them by hand\n\n"
		   "| syscall | packages by hand | files by hand | packages |\n|---|---|---|---|\n");
	for (size_t i = 0; i < d->nmissing; i++) {
		const struct drow *r = &d->r[d->missing[i]];
		if (!r->hand_files)
			continue;
		fprintf(f, "| %s | %lld | %lld | ", r->name, (long long)r->hand_pkgs,
			(long long)r->hand_files);
		some(f, r->pkgs, 8);
		fputs(" |\n", f);
	}
	fprintf(f, "\n## Wrapped syscalls still called by hand\n\n"
		   "| syscall | wrapper | since | packages by hand | files by hand | packages through the"
		   " wrapper |\n|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < d->nwrapped; i++) {
		const struct drow *r = &d->r[d->wrapped[i]];
		fprintf(f, "| %s | %s | | %lld | %lld | %lld |\n", r->name, r->wrapper,
			(long long)r->hand_pkgs, (long long)r->hand_files, (long long)r->via_pkgs);
	}
	fprintf(f, "\n## Functions named as the libc's wrapper that make the syscall themselves\n\n");
	for (size_t i = 0; i < d->nd; i++)
		fprintf(f, "- `%s()` in %s (%s)\n", d->d[i].func, d->d[i].path,
			*d->d[i].pkg ? d->d[i].pkg : "no package");
	fprintf(f, "\n## Every syscall\n\n| syscall | class | packages by hand | files by hand |"
		   " packages through a libc function | files through one |\n|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < d->n; i++) {
		const struct drow *r = &d->r[i];
		fprintf(f, "| %s | %s | %lld | %lld | %lld | %lld |\n", r->name, r->class,
			(long long)r->hand_pkgs, (long long)r->hand_files, (long long)r->via_pkgs,
			(long long)r->via_files);
	}
}

static void json_row(struct json *j, const struct drow *r)
{
	json_obj_begin(j);
	json_kstr(j, "name", r->name);
	json_kstr(j, "class", r->class);
	json_kstr(j, "wrapper", *r->wrapper ? r->wrapper : NULL);
	json_kint(j, "hand_packages", r->hand_pkgs);
	json_kint(j, "hand_files", r->hand_files);
	json_kint(j, "wrapper_packages", r->via_pkgs);
	json_kint(j, "wrapper_files", r->via_files);
	json_key(j, "packages_by_hand");
	json_arr_begin(j);
	for (const char *p = r->pkgs; *p;) {
		size_t len = strcspn(p, " ");
		char *one = xstrndup(p, len);
		json_str(j, one);
		free(one);
		p += len + (p[len] == ' ');
	}
	json_arr_end(j);
	json_obj_end(j);
}

static void write_json(const void *ctx, FILE *f)
{
	const struct demand *d = ctx;
	struct json j;
	json_init(&j, f, 1);
	json_obj_begin(&j);
	json_kstr(&j, "scan", d->label);
	json_kint(&j, "files", d->progs);
	json_kint(&j, "files_importing_syscall", d->helper_files);
	json_kint(&j, "files_by_hand", d->hand_files);
	json_kint(&j, "files_indirect", d->ind_files);
	json_key(&j, "missing_by_hand");
	json_arr_begin(&j);
	for (size_t i = 0; i < d->nmissing; i++)
		if (d->r[d->missing[i]].hand_files)
			json_row(&j, &d->r[d->missing[i]]);
	json_arr_end(&j);
	json_key(&j, "wrapped_by_hand");
	json_arr_begin(&j);
	for (size_t i = 0; i < d->nwrapped; i++)
		json_row(&j, &d->r[d->wrapped[i]]);
	json_arr_end(&j);
	json_key(&j, "duplicate_wrappers");
	json_arr_begin(&j);
	for (size_t i = 0; i < d->nd; i++) {
		json_obj_begin(&j);
		json_kstr(&j, "path", d->d[i].path);
		json_kstr(&j, "package", *d->d[i].pkg ? d->d[i].pkg : NULL);
		json_kstr(&j, "function", d->d[i].func);
		json_obj_end(&j);
	}
	json_arr_end(&j);
	json_key(&j, "syscalls");
	json_arr_begin(&j);
	for (size_t i = 0; i < d->n; i++)
		json_row(&j, &d->r[i]);
	json_arr_end(&j);
	json_obj_end(&j);
	fputc('\n', f);
}

static void html_text(FILE *f, const char *s)
{
	for (; *s; s++)
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else
			fputc(*s, f);
}

static void write_html(const void *ctx, FILE *f)
{
	const struct demand *d = ctx;
	size_t n = 0;
	int64_t max = 1;
	for (size_t i = 0; i < d->nmissing && n < TOP; i++)
		if (d->r[d->missing[i]].hand_files) {
			n++;
			if (d->r[d->missing[i]].hand_pkgs > max)
				max = d->r[d->missing[i]].hand_pkgs;
		}
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>syscov: syscall demand"
	      "</title><style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
	      "td,th{border:1px solid #ccc;padding:2px 6px}</style></head><body>\n", f);
	fputs("<h1>Syscall demand against ", f);
	html_text(f, d->label);
	fprintf(f, "</h1>\n<p>%lld ELF programs and libraries; %lld import syscall(); %lld make a"
		   " syscall by hand with a constant number; %lld an indirect one.</p>\n",
		(long long)d->progs, (long long)d->helper_files, (long long)d->hand_files,
		(long long)d->ind_files);
	fprintf(f, "<h2>Missing wrappers by packages calling them by hand (top %d)</h2>\n", TOP);
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"%zu\">\n",
		n * 22 + 10);
	size_t k = 0;
	for (size_t i = 0; i < d->nmissing && k < n; i++) {
		const struct drow *r = &d->r[d->missing[i]];
		if (!r->hand_files)
			continue;
		long w = (long)(500 * r->hand_pkgs / max);
		fprintf(f, "<text x=\"0\" y=\"%zu\" font-size=\"13\">%s</text><rect x=\"160\" y=\"%zu\""
			   " width=\"%ld\" height=\"16\" fill=\"#c0392b\"/><text x=\"%ld\" y=\"%zu\""
			   " font-size=\"12\">%lld packages, %lld files</text>\n",
			k * 22 + 18, r->name, k * 22 + 5, w, 165 + w, k * 22 + 18,
			(long long)r->hand_pkgs, (long long)r->hand_files);
		k++;
	}
	fputs("</svg>\n<h2>Missing wrappers</h2>\n<table><tr><th>syscall</th><th>packages by hand</th>"
	      "<th>files</th><th>packages</th></tr>\n", f);
	for (size_t i = 0; i < d->nmissing; i++) {
		const struct drow *r = &d->r[d->missing[i]];
		if (!r->hand_files)
			continue;
		fprintf(f, "<tr><td>%s</td><td>%lld</td><td>%lld</td><td>", r->name,
			(long long)r->hand_pkgs, (long long)r->hand_files);
		html_text(f, r->pkgs);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n<h2>Wrapped syscalls still called by hand</h2>\n<table><tr><th>syscall</th>"
	      "<th>packages by hand</th><th>files</th><th>packages through the wrapper</th></tr>\n", f);
	for (size_t i = 0; i < d->nwrapped; i++) {
		const struct drow *r = &d->r[d->wrapped[i]];
		fprintf(f, "<tr><td>%s</td><td>%lld</td><td>%lld</td><td>%lld</td></tr>\n", r->name,
			(long long)r->hand_pkgs, (long long)r->hand_files, (long long)r->via_pkgs);
	}
	fputs("</table>\n</body></html>\n", f);
}

int usage_report(struct db *db, int64_t scan_id, const char *dir, int formats, FILE *summary)
{
	struct demand d;
	int rc = load(db, scan_id, &d);
	if (rc == 0 && (rc = outfile_mkdirs(dir)) == 0) {
		if (formats & USAGE_MD)
			rc = outfile_write(dir, "usage.md", write_md, &d);
		if (rc == 0 && (formats & USAGE_JSON))
			rc = outfile_write(dir, "usage.json", write_json, &d);
		if (rc == 0 && (formats & USAGE_HTML))
			rc = outfile_write(dir, "usage.html", write_html, &d);
	}
	if (rc == 0 && summary) {
		fprintf(summary, "%lld files; %lld by hand; missing syscalls by packages calling them by"
				 " hand:\n", (long long)d.progs, (long long)d.hand_files);
		size_t k = 0;
		for (size_t i = 0; i < d.nmissing && k < TOP; i++) {
			const struct drow *r = &d.r[d.missing[i]];
			if (!r->hand_files)
				continue;
			fprintf(summary, "  %-24s %3lld packages, %3lld files: ", r->name,
				(long long)r->hand_pkgs, (long long)r->hand_files);
			some(summary, r->pkgs, 4);
			fputc('\n', summary);
			k++;
		}
	}
	demand_free(&d);
	return rc;
}

int usage_used(struct db *db, int64_t scan_id, struct strv *names)
{
	sqlite3_stmt *st;
	if (usage_setup(db, scan_id, 1) < 0 ||
	    db_prepare(db, &st, "SELECT name FROM u_hand UNION SELECT name FROM u_via ORDER BY 1") < 0)
		return -1;
	while (sqlite3_step(st) == SQLITE_ROW)
		strv_push(names, col(st, 0));
	sqlite3_finalize(st);
	return 0;
}
