/* report_csv.c: the CSV report, one row per scan x syscall (RFC 4180: CRLF
 * line ends, fields with a comma, quote or line break quoted, quotes
 * doubled). A text field that starts with = + - @ or a tab would be run as a
 * formula by spreadsheets, so it gets a leading apostrophe (OWASP's advice;
 * docs/report.md says so). Evidence is the JSON array of the verdict. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "report/report.h"

static void field(FILE *f, const char *s, int first)
{
	if (!first)
		fputc(',', f);
	if (!s)
		return;
	int formula = strchr("=+-@\t\r", s[0]) && s[0];
	if (!formula && !strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	if (formula)
		fputc('\'', f);
	/* up to and with each quote, then the quote again */
	for (const char *p = s, *q; *p; p = q) {
		q = strchr(p, '"');
		q = q ? q + 1 : p + strlen(p);
		fwrite(p, 1, (size_t)(q - p), f);
		if (q[-1] == '"')
			fputc('"', f);
	}
	fputc('"', f);
}

/* The evidence as compact JSON in `m`, a memory stream from its start: what
 * it holds after the fflush() (one stream for every row: setting one up is
 * dearer than the row's JSON). */
static void evidence_json(const struct rep_verdict *v, FILE *m)
{
	rewind(m);
	struct json j;
	json_init(&j, m, 0);
	json_arr_begin(&j);
	for (size_t i = 0; i < v->nev; i++) {
		json_obj_begin(&j);
		json_kstr(&j, "source", v->ev[i].source);
		json_kstr(&j, "fact", v->ev[i].fact);
		json_obj_end(&j);
	}
	json_arr_end(&j);
	fputc(0, m);
	fflush(m);
}

static char *join(const struct strv *sv, const char *sep)
{
	struct buf b = {0};
	buf_puts(&b, "");
	for (size_t i = 0; i < sv->n; i++) {
		if (i)
			buf_puts(&b, sep);
		buf_puts(&b, sv->v[i]);
	}
	return buf_steal(&b);
}

void report_csv(const struct report *r, FILE *f)
{
	static const char *const head[] = {"scan", "arch", "libc", "name", "nr", "class",
					   "wrapper", "since", "flags", "evidence",
					   "kernel_since", "kernel_source"};
	for (size_t i = 0; i < ARRAY_SIZE(head); i++)
		field(f, head[i], !i);
	fputs("\r\n", f);
	char *ev = NULL;
	size_t evlen = 0;
	FILE *m = open_memstream(&ev, &evlen);
	for (size_t i = 0; i < r->n; i++) {
		const struct rep_scan *s = &r->scans[i];
		char *libc = rep_libc(s);
		for (size_t k = 0; k < s->nv; k++) {
			const struct rep_verdict *v = &s->v[k];
			field(f, s->label, 1);
			field(f, s->arch, 0);
			field(f, libc, 0);
			field(f, v->name, 0);
			fputc(',', f);
			if (v->has_nr)
				fprintf(f, "%lld", (long long)v->nr);
			field(f, rep_class_name[v->cls], 0);
			field(f, v->wrapper, 0);
			field(f, v->since, 0);
			char *flags = join(&v->flags, ",");
			field(f, flags, 0);
			if (m)
				evidence_json(v, m);
			field(f, m ? ev : "[]", 0);
			field(f, v->kernel.text, 0);
			field(f, v->kernel.source, 0);
			free(flags);
			fputs("\r\n", f);
		}
		free(libc);
	}
	if (m)
		fclose(m);
	free(ev);
}
