/* report_html.c: the HTML report, one self-contained page: inputs, counts
 * per class with an inline SVG bar chart per scan, and a sortable,
 * filterable table (per syscall with its evidence for one scan; syscall x
 * scan for several).
 *
 * Every string from the DB goes through h(), which escapes all five HTML
 * specials (safe in text and in quoted attributes) and replaces control
 * characters. No DB text is written inside <script> or <style>, and the
 * Content-Security-Policy forbids any fetch, so the page works offline and
 * cannot be made to load anything. */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

#ifndef SYSCOV_VERSION
#define SYSCOV_VERSION "0"
#endif

/* A byte h() writes as it is. */
static int h_plain(unsigned char c)
{
	return c >= 0x20 ? c != '&' && c != '<' && c != '>' && c != '"' && c != '\'' && c != 0x7f
			 : c == '\t' || c == '\n' || c == '\r';
}

static void h(FILE *f, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
		if (!*(p = rep_put_plain(f, p, h_plain)))
			break;
		switch (*p) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		case '\t': case '\n': case '\r': fputc(*p, f); break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fputs("&#xFFFD;", f);
			else
				fputc(*p, f);
		}
	}
}

void rep_h(FILE *f, const char *s)
{
	h(f, s);
}

static double share(int64_t n, size_t total)
{
	return total ? (double)n / (double)total : 0.0;
}

static void head(FILE *f, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<meta name=\"generator\" content=\"syscov " SYSCOV_VERSION "\">\n<title>", f);
	h(f, title);
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", rep_css);
}

void rep_html_head(FILE *f, const char *title)
{
	head(f, title);
}

/* Horizontal bars, one per class, scaled to the scan's total. */
static void chart(FILE *f, const struct rep_scan *s)
{
	const int label_w = 76, bar_w = 250, row = 24, height = RC_N * row + 4;
	fprintf(f, "<svg class=\"chart\" width=\"%d\" "
		   "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\"><title>",
		label_w + bar_w + 110, height, label_w + bar_w + 110, height);
	h(f, s->label);
	for (int c = 0; c < RC_N; c++)
		fprintf(f, "%s %lld %s", c ? "," : ":", (long long)s->counts[c], rep_class_name[c]);
	fputs("</title>\n", f);
	for (int c = 0; c < RC_N; c++) {
		int y = 2 + c * row;
		double sh = share(s->counts[c], s->nv);
		int w = (int)(sh * bar_w + 0.5);
		if (s->counts[c] && w < 2)
			w = 2;
		fprintf(f, "<text x=\"0\" y=\"%d\">%s</text>"
			   "<rect class=\"track\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"18\" rx=\"2\"/>"
			   "<rect class=\"b-%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"18\" rx=\"2\"/>"
			   "<text class=\"n\" x=\"%d\" y=\"%d\">%lld (%.1f%%)</text>\n",
			y + 14, rep_class_name[c], label_w, y, bar_w, rep_class_name[c], label_w, y, w,
			label_w + bar_w + 8, y + 14, (long long)s->counts[c], 100.0 * sh);
	}
	fputs("</svg>\n", f);
}

static void card(FILE *f, const struct rep_scan *s)
{
	char *libc = rep_libc(s);
	fputs("<div class=\"card\"><h3>", f);
	h(f, s->label);
	fputs(" <span class=\"muted\">", f);
	h(f, s->arch);
	fputs(", ", f);
	h(f, libc);
	fprintf(f, ", %zu syscalls</span></h3>\n", s->nv);
	chart(f, s);
	fputs("</div>\n", f);
	free(libc);
}

/* Several scans: one stacked bar per scan in one chart, so eleven scans
 * still fit on a screen. */
static void matrix_chart(FILE *f, const struct report *r)
{
	const int label_w = 220, bar_w = 500, row = 24, top = 22;
	const int width = label_w + bar_w + 250, height = top + (int)r->n * row;
	fprintf(f, "<svg class=\"chart\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		   "role=\"img\"><title>Counts per class of %zu scans</title>\n"
		   "<text class=\"n\" x=\"0\" y=\"14\">scan</text>"
		   "<text class=\"n\" x=\"%d\" y=\"14\">share of the scan's syscalls</text>"
		   "<text class=\"n\" x=\"%d\" y=\"14\">wrapped / obsolete / internal / missing</text>\n",
		width, height, width, height, r->n, label_w, label_w + bar_w + 8);
	for (size_t i = 0; i < r->n; i++) {
		const struct rep_scan *s = &r->scans[i];
		int y = top + (int)i * row;
		double cum = 0;
		fprintf(f, "<a href=\"../%s/index.html\"><text x=\"0\" y=\"%d\">", s->dir, y + 14);
		h(f, s->label);
		fputs("</text></a>", f);
		for (int c = 0; c < RC_N; c++) {
			double sh = share(s->counts[c], s->nv);
			int x0 = (int)(cum * bar_w + 0.5), x1 = (int)((cum + sh) * bar_w + 0.5);
			cum += sh;
			fprintf(f, "<rect class=\"b-%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"18\">"
				   "<title>", rep_class_name[c], label_w + x0, y, x1 - x0);
			h(f, s->label);
			fprintf(f, ": %lld %s (%.1f%%)</title></rect>", (long long)s->counts[c],
				rep_class_name[c], 100.0 * sh);
		}
		fprintf(f, "<text class=\"n\" x=\"%d\" y=\"%d\">%lld / %lld / %lld / %lld of %zu</text>\n",
			label_w + bar_w + 8, y + 14, (long long)s->counts[RC_WRAPPED],
			(long long)s->counts[RC_OBSOLETE], (long long)s->counts[RC_INTERNAL],
			(long long)s->counts[RC_MISSING], s->nv);
	}
	fputs("</svg>\n", f);
}

static void summary(FILE *f, const struct report *r)
{
	fputs("<section id=\"summary\"><h2>Counts per class</h2>\n", f);
	if (r->n == 1) {
		fputs("<div class=\"cards\">\n", f);
		card(f, &r->scans[0]);
		fputs("</div>\n", f);
	} else {
		fputs("<div class=\"card wide\">\n", f);
		matrix_chart(f, r);
		fputs("</div>\n", f);
	}
	fputs("<ul class=\"legend\">\n", f);
	for (int c = 0; c < RC_N; c++)
		fprintf(f, "<li><span class=\"sw c-%s\"></span><b>%s</b>: %s</li>\n", rep_class_name[c],
			rep_class_name[c], rep_class_help[c]);
	fputs("</ul>\n</section>\n", f);
}

/* One scan: a field per row. Several: a scan per row, a field per column. */
static void inputs(FILE *f, const struct report *r)
{
	fputs("<section id=\"inputs\"><h2>Inputs</h2>\n<div class=\"wide\">", f);
	if (r->n == 1) {
		fputs("<table class=\"kv\">\n", f);
		for (int k = 0; k < REP_NFIELDS; k++) {
			char *v = rep_field_value(&r->scans[0], k);
			fprintf(f, "<tr><th scope=\"row\">%s</th><td>", rep_field_name[k]);
			h(f, v);
			fputs("</td></tr>\n", f);
			free(v);
		}
	} else {
		fprintf(f, "<details><summary>The %zu scans: sysroot, arch, layout, libc, kernel "
			   "UAPI, man pages, files read</summary>\n<table class=\"inputs\">\n<tr>", r->n);
		for (int k = 0; k < REP_NFIELDS; k++)
			fprintf(f, "<th>%s</th>", rep_field_name[k]);
		fputs("</tr>\n", f);
		for (size_t i = 0; i < r->n; i++) {
			fputs("<tr>", f);
			for (int k = 0; k < REP_NFIELDS; k++) {
				char *v = rep_field_value(&r->scans[i], k);
				fputs("<td>", f);
				h(f, v);
				fputs("</td>", f);
				free(v);
			}
			fputs("</tr>\n", f);
		}
		fputs("</table></details>", f);
	}
	if (r->n == 1)
		fputs("</table>", f);
	fputs("</div>\n</section>\n", f);
}

static void controls(FILE *f, const struct report *r)
{
	fputs("<div class=\"controls\">\n<label>Filter <input id=\"filter\" type=\"search\" "
	      "autocomplete=\"off\" placeholder=\"words, class:missing, flag:NAME, -word\"></label>\n"
	      "<label>Class <select id=\"class\"><option value=\"\">any</option>", f);
	for (int c = 0; c < RC_N; c++)
		fprintf(f, "<option>%s</option>", rep_class_name[c]);
	fputs("</select></label>\n", f);
	if (r->n > 1)
		fputs("<label><input id=\"differs\" type=\"checkbox\"> only where the scans "
		      "differ</label>\n", f);
	fputs("<span id=\"shown\" class=\"muted\" aria-live=\"polite\"></span>\n</div>\n", f);
}

static void flags_cell(FILE *f, const struct rep_verdict *v)
{
	fputs("<td>", f);
	for (size_t i = 0; i < v->flags.n; i++) {
		fputs(i ? " <span class=\"flag\">" : "<span class=\"flag\">", f);
		h(f, v->flags.v[i]);
		fputs("</span>", f);
	}
	fputs("</td>", f);
}

static void flags_attr(FILE *f, const struct rep_verdict *v)
{
	for (size_t i = 0; i < v->flags.n; i++) {
		fputs(i ? " " : "", f);
		h(f, v->flags.v[i]);
	}
}

static void evidence_cell(FILE *f, const struct rep_verdict *v)
{
	fputs("<td><ul class=\"ev\">", f);
	for (size_t i = 0; i < v->nev; i++) {
		/* the line break keeps facts apart in the row's text */
		fputs(i ? "\n<li>" : "<li>", f);
		if (*v->ev[i].source) {
			fputs("<span class=\"src\">", f);
			h(f, v->ev[i].source);
			fputs("</span> ", f);
		}
		h(f, v->ev[i].fact);
		fputs("</li>", f);
	}
	fputs("</ul></td>", f);
}

/* When Linux added it: the version or bound, its source beside, what the
 * source says (and any disagreement) as the tooltip. */
static void kernel_cell(FILE *f, const struct rep_ksince *k)
{
	if (!k->text) {
		fputs("<td></td>", f);
		return;
	}
	fputs("<td title=\"", f);
	h(f, k->detail);
	if (k->note) {
		fputs("; ", f);
		h(f, k->note);
	}
	fputs("\">", f);
	h(f, k->text);
	fputs(" <span class=\"src\">", f);
	h(f, k->source);
	fputs("</span></td>", f);
}

static void scan_table(FILE *f, const struct rep_scan *s)
{
	fprintf(f, "<table id=\"syscalls\" data-total=\"%zu\"><thead><tr>"
		   "<th data-key=\"name\">syscall</th><th data-key=\"nr\" data-type=\"num\" "
		   "class=\"num\">nr</th><th data-key=\"linux\">Linux</th>"
		   "<th data-key=\"class\">class</th><th data-key=\"wrapper\">"
		   "wrapper</th><th data-key=\"since\">since</th><th data-key=\"flags\">flags</th>"
		   "<th data-key=\"evidence\">evidence</th></tr></thead>\n<tbody>\n", s->nv);
	for (size_t k = 0; k < s->nv; k++) {
		const struct rep_verdict *v = &s->v[k];
		const char *cls = rep_class_name[v->cls];
		fprintf(f, "<tr data-classes=\"%s\" data-flags=\"", cls);
		flags_attr(f, v);
		fputs("\"><td><code>", f);
		h(f, v->name);
		fputs("</code></td>", f);
		if (v->has_nr)
			fprintf(f, "<td class=\"num\">%lld</td>", (long long)v->nr);
		else
			fputs("<td class=\"num\"></td>", f);
		kernel_cell(f, &v->kernel);
		fprintf(f, "<td><span class=\"cls c-%s\">%s</span></td><td><code>", cls, cls);
		h(f, v->wrapper);
		fputs("</code></td><td>", f);
		h(f, v->since);
		fputs("</td>", f);
		flags_cell(f, v);
		evidence_cell(f, v);
		fputs("</tr>\n", f);
	}
	fputs("</tbody></table>\n", f);
}

/* The tooltip of a matrix cell. The evidence stays in the per-scan reports:
 * repeated for every cell it would make the matrix page megabytes. */
static void cell_title(FILE *f, const struct rep_verdict *v)
{
	if (v->has_nr)
		fprintf(f, "nr %lld", (long long)v->nr);
	if (v->wrapper) {
		fputs("; wrapper ", f);
		h(f, v->wrapper);
	}
	if (v->since) {
		fputs("; since ", f);
		h(f, v->since);
	}
	if (v->kernel.text) {
		fputs("; Linux ", f);
		h(f, v->kernel.text);
		fputs(" (", f);
		h(f, v->kernel.source);
		fputc(')', f);
	}
	for (size_t i = 0; i < v->flags.n; i++) {
		fputs(i ? ", " : "; flags: ", f);
		h(f, v->flags.v[i]);
	}
}

static void matrix_row(FILE *f, const struct report *r, const char *name)
{
	int seen[RC_N] = {0}, any = 0;
	for (size_t i = 0; i < r->n; i++) {
		const struct rep_verdict *v = rep_find(&r->scans[i], name);
		if (v)
			seen[v->cls] = 1;
	}
	fputs("<tr data-classes=\"", f);
	for (int c = 0; c < RC_N; c++)
		if (seen[c])
			fprintf(f, "%s%s", any++ ? " " : "", rep_class_name[c]);
	fprintf(f, "\"%s data-flags=\"", rep_differs(r, name) ? " data-differs" : "");
	any = 0;
	for (size_t i = 0; i < r->n; i++) {
		const struct rep_verdict *v = rep_find(&r->scans[i], name);
		if (v && v->flags.n) {
			fputs(any++ ? " " : "", f);
			flags_attr(f, v);
		}
	}
	fputs("\"><td><code>", f);
	h(f, name);
	fputs("</code></td>", f);
	for (size_t i = 0; i < r->n; i++) {
		const struct rep_verdict *v = rep_find(&r->scans[i], name);
		if (!v) {
			fputs("<td class=\"m-absent\">-</td>", f);
			continue;
		}
		fprintf(f, "<td class=\"m-%s\" title=\"", rep_class_name[v->cls]);
		cell_title(f, v);
		fprintf(f, "\">%s", rep_class_name[v->cls]);
		if (v->wrapper && *v->wrapper && strcmp(v->wrapper, name)) {
			fputs(" <small>", f);
			h(f, v->wrapper);
			fputs("</small>", f);
		}
		if (v->flags.n)
			fputs(" <small>*</small>", f);
		fputs("</td>", f);
	}
	fputs("</tr>\n", f);
}

static void matrix_table(FILE *f, const struct report *r)
{
	struct strv names = {0};
	rep_names(r, &names);
	fprintf(f, "<table id=\"syscalls\" data-total=\"%zu\"><thead><tr>"
		   "<th data-key=\"name\">syscall</th>", names.n);
	for (size_t i = 0; i < r->n; i++) {
		fprintf(f, "<th data-key=\"%s\">", r->scans[i].dir);
		h(f, r->scans[i].label);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n", f);
	for (size_t k = 0; k < names.n; k++)
		matrix_row(f, r, names.v[k]);
	fputs("</tbody></table>\n", f);
	strv_free(&names);
}

void report_html(const struct report *r, FILE *f)
{
	char *title = r->n == 1 ? xasprintf("syscov: %s", r->scans[0].label)
				: xasprintf("syscov: coverage matrix of %zu scans", r->n);
	head(f, title);
	fputs("<header><h1>", f);
	if (r->n == 1) {
		fputs("Syscall coverage: ", f);
		h(f, r->scans[0].label);
	} else {
		fprintf(f, "Syscall coverage matrix: %zu scans", r->n);
	}
	fputs("</h1>\n<p class=\"muted\">Which Linux system calls the C library wraps, and the "
	      "evidence for each verdict. Also as <a href=\"report.md\">Markdown</a>, "
	      "<a href=\"report.csv\">CSV</a> and <a href=\"report.json\">JSON</a>.</p>\n"
	      "</header>\n<div id=\"jserrors\" role=\"alert\" hidden></div>\n", f);
	/* one scan: chart and inputs side by side, so the table starts higher */
	fputs(r->n == 1 ? "<div class=\"top\">\n" : "<div>\n", f);
	summary(f, r);
	inputs(f, r);
	fputs("</div>\n", f);
	fputs("<section><h2>Syscalls</h2>\n", f);
	if (r->n > 1)
		fputs("<p class=\"muted\">One row per syscall, one column per scan; hover a cell "
		      "for its number, wrapper, version and flags (* marks flags); each scan's own "
		      "report has the evidence. A dash: the scan's table has no such syscall.</p>\n", f);
	controls(f, r);
	fputs("<div class=\"wide\">\n", f);
	if (r->n == 1)
		scan_table(f, &r->scans[0]);
	else
		matrix_table(f, r);
	fprintf(f, "</div>\n</section>\n<footer>Generated by syscov %s. This page is "
		   "self-contained: it makes no network requests.</footer>\n<script>\n%s</script>\n"
		   "</body>\n</html>\n", SYSCOV_VERSION, rep_js);
	free(title);
}
