/* report_model.c: loads the report model (see report.h) from the DB: the
 * scan rows, a summary of their inputs, and the verdicts with their
 * evidence, all made valid UTF-8 on the way in. */
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/outfile.h"
#include "report/report.h"
#include "verdict/ksince.h"

const char *const rep_class_name[RC_N] = {"wrapped", "obsolete", "internal", "missing"};
const char *const rep_class_help[RC_N] = {
	"the libc exports a linkable function, declared by a public header",
	"removed, unimplemented or superseded by another syscall",
	"for the kernel or the C library itself, not for applications",
	"a live syscall applications use that the libc does not wrap",
};

/* A copy of s in which every byte that is not part of valid UTF-8 is
 * replaced by U+FFFD, so no writer ever sees invalid text. NULL stays NULL. */
static char *clean(const unsigned char *s)
{
	if (!s)
		return NULL;
	struct buf b = {0};
	buf_puts(&b, "");
	while (*s) {
		const unsigned char *e = s;
		while (*e && *e < 0x80) /* ASCII, most of it: a run at a time */
			e++;
		buf_add(&b, s, (size_t)(e - s));
		s = e;
		int n = *s ? utf8_seq_len(s) : 0;
		if (n) {
			buf_add(&b, s, (size_t)n);
			s += n;
		} else if (*s) {
			buf_puts(&b, "\xef\xbf\xbd");
			s++;
		}
	}
	return buf_steal(&b);
}

static char *col(sqlite3_stmt *st, int i)
{
	return clean(sqlite3_column_text(st, i));
}

/* The flags column: comma-separated, blanks around items dropped. */
static void split_flags(const char *s, struct strv *out)
{
	struct strv raw = {0};
	split_list(s, &raw);
	for (size_t i = 0; i < raw.n; i++) {
		char *p = raw.v[i], *e = p + strlen(p);
		while (*p == ' ')
			p++;
		while (e > p && e[-1] == ' ')
			e--;
		if (e > p)
			strv_push_own(out, xstrndup(p, (size_t)(e - p)));
	}
	strv_free(&raw);
}

static int load_scan_row(struct db *db, int64_t id, struct rep_scan *s)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st,
		       "SELECT label, kind, sysroot, arch, variant, layout, created, tool_version,"
		       " kernel_version, libc_flavour, libc_version, libc_how, man_source, man_dir,"
		       " man_version, code_how, (SELECT count(*) FROM diag WHERE scan_id = ?1)"
		       " FROM scan WHERE id = ?1") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		sqlite3_finalize(st);
		if (rc == SQLITE_DONE)
			return err_set(EXIT_INPUT, "%s: no scan with id %lld", db->path, (long long)id);
		return db_fail(db, "read scan");
	}
	s->id = id;
	char **f[] = {&s->label, &s->kind, &s->sysroot, &s->arch, &s->variant,
		      &s->layout, &s->created, &s->tool_version, &s->kernel_version,
		      &s->libc_flavour, &s->libc_version, &s->libc_how, &s->man_source,
		      &s->man_dir, &s->man_version, &s->code_how};
	for (size_t i = 0; i < ARRAY_SIZE(f); i++)
		*f[i] = col(st, (int)i);
	s->diags = sqlite3_column_int64(st, (int)ARRAY_SIZE(f));
	sqlite3_finalize(st);
	return 0;
}

static int load_inputs(struct db *db, struct rep_scan *s)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st,
		       "SELECT kind, count(*) FROM input WHERE scan_id = ?1 GROUP BY kind ORDER BY kind") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s->id);
	size_t cap = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (s->ninputs == cap) {
			cap = cap ? cap * 2 : 8;
			s->inputs = xrealloc(s->inputs, cap * sizeof(*s->inputs));
		}
		struct rep_input *in = &s->inputs[s->ninputs++];
		memset(in, 0, sizeof(*in));
		in->kind = col(st, 0);
		in->files = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (db_prepare(db, &st,
		       "SELECT DISTINCT kind, version FROM input WHERE scan_id = ?1"
		       " AND version IS NOT NULL AND version <> '' ORDER BY kind, version") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s->id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		char *kind = col(st, 0);
		for (size_t i = 0; i < s->ninputs; i++)
			if (!strcmp(s->inputs[i].kind, kind))
				strv_push_own(&s->inputs[i].versions, col(st, 1));
		free(kind);
	}
	sqlite3_finalize(st);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct rep_verdict *)a)->name, ((const struct rep_verdict *)b)->name);
}

/* `"key":` then a string, at *p; its offset in b. -1 if it is not there. */
static long ev_member(const char **p, const char *key, struct buf *b)
{
	size_t n = strlen(key), at = b->len;
	if (**p != '"' || strncmp(*p + 1, key, n) || strncmp(*p + 1 + n, "\":", 2))
		return -1;
	*p += n + 3;
	return json_read_string(p, b, 1) < 0 ? -1 : (long)at;
}

/* The evidence as classify writes it, [{"source":S,"fact":S},...], onto
 * v's; -1 for any other text (v may then hold its first items). */
static int ev_parse(const char *p, struct rep_verdict *v)
{
	struct buf b = {0};
	int rc = *p++ == '[' ? 0 : -1;
	for (int first = 1; rc == 0 && *p != ']'; first = 0) {
		long src = -1, fact = -1;
		b.len = 0; /* the item's two strings, at src and fact */
		if ((!first && *p++ != ',') || *p++ != '{' || (src = ev_member(&p, "source", &b)) < 0 ||
		    *p++ != ',' || (fact = ev_member(&p, "fact", &b)) < 0 || *p++ != '}') {
			rc = -1;
			break;
		}
		v->ev = xrealloc(v->ev, (v->nev + 1) * sizeof(*v->ev));
		v->ev[v->nev].source = clean((const unsigned char *)b.p + src);
		v->ev[v->nev++].fact = clean((const unsigned char *)b.p + fact);
	}
	if (rc == 0 && p[1])
		rc = -1; /* text after the array */
	buf_free(&b);
	return rc;
}

static void ev_free(struct rep_verdict *v)
{
	for (size_t e = 0; e < v->nev; e++) {
		free(v->ev[e].source);
		free(v->ev[e].fact);
	}
	free(v->ev);
	v->ev = NULL;
	v->nev = 0;
}

/* The evidence of every verdict as classify writes it, read here: SQLite's
 * JSON functions (load_evidence()) cost a fifth of a report. 1 if some
 * verdict's evidence is something else (then none is loaded). */
static int load_evidence_fast(struct db *db, struct rep_scan *s)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT name, evidence FROM verdict WHERE scan_id = ?1") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s->id);
	int rc, other = 0;
	while (!other && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *ev = (const char *)sqlite3_column_text(st, 1);
		struct rep_verdict key = {.name = col(st, 0)};
		struct rep_verdict *v = bsearch(&key, s->v, s->nv, sizeof(*s->v), by_name);
		free(key.name);
		if (v && ev && ev_parse(ev, v) < 0)
			other = 1;
	}
	sqlite3_finalize(st);
	for (size_t i = 0; other && i < s->nv; i++)
		ev_free(&s->v[i]);
	if (other)
		return 1;
	return rc == SQLITE_DONE ? 0 : db_fail(db, "read evidence");
}

/* The evidence of every verdict of the scan in one query: SQLite's JSON
 * functions unpack the array. A verdict whose evidence is not a JSON array
 * keeps its raw text as one fact, so nothing the classifier wrote is lost. */
static int load_evidence(struct db *db, struct rep_scan *s)
{
	int fast = load_evidence_fast(db, s);
	if (fast <= 0)
		return fast;
	sqlite3_stmt *st;
	if (db_prepare(db, &st,
		       "SELECT v.name,"
		       " CASE WHEN e.type = 'object' THEN json_extract(e.value, '$.source') END,"
		       " CASE WHEN e.type = 'object' THEN json_extract(e.value, '$.fact') ELSE e.value END"
		       " FROM verdict v, json_each(v.evidence) e"
		       " WHERE v.scan_id = ?1 AND json_valid(v.evidence) AND json_type(v.evidence) = 'array'"
		       " UNION ALL SELECT name, NULL, evidence FROM verdict"
		       " WHERE scan_id = ?1 AND NOT (json_valid(evidence) AND json_type(evidence) = 'array')") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s->id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct rep_verdict key = {.name = col(st, 0)};
		struct rep_verdict *v = bsearch(&key, s->v, s->nv, sizeof(*s->v), by_name);
		free(key.name);
		if (!v)
			continue;
		v->ev = xrealloc(v->ev, (v->nev + 1) * sizeof(*v->ev));
		char *src = col(st, 1), *fact = col(st, 2);
		v->ev[v->nev].source = src ? src : xstrdup("");
		v->ev[v->nev].fact = fact ? fact : xstrdup("");
		v->nev++;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "read evidence");
}

/* The kernel since-version in columns at..at+5 (version, after, exact,
 * source, detail, note), as ksince.h's text gives it. */
static void load_ksince(sqlite3_stmt *st, int at, struct rep_ksince *k)
{
	if (sqlite3_column_type(st, at) == SQLITE_NULL)
		return;
	k->version = col(st, at);
	k->after = col(st, at + 1);
	k->exact = sqlite3_column_int(st, at + 2);
	k->source = col(st, at + 3);
	k->detail = col(st, at + 4);
	k->note = col(st, at + 5);
	struct since x = {.version = k->version, .after = k->after, .exact = k->exact};
	k->text = since_text(&x);
}

static int load_verdicts(struct db *db, struct rep_scan *s)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st,
		       "SELECT v.name, v.nr, v.class, v.wrapper, v.since, v.flags, k.version,"
		       " k.after_version, k.exact, k.source, k.detail, k.note FROM verdict v"
		       " LEFT JOIN ksince k ON k.scan_id = v.scan_id AND k.name = v.name"
		       " WHERE v.scan_id = ?1 ORDER BY v.name") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s->id);
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (s->nv == cap) {
			cap = cap ? cap * 2 : 512;
			s->v = xrealloc(s->v, cap * sizeof(*s->v));
		}
		struct rep_verdict *v = &s->v[s->nv];
		memset(v, 0, sizeof(*v));
		const char *cls = (const char *)sqlite3_column_text(st, 2);
		int c = 0;
		while (c < RC_N && strcmp(cls, rep_class_name[c]))
			c++;
		if (c == RC_N) /* the schema's CHECK rules this out */
			continue;
		v->cls = (enum rep_class)c;
		v->name = col(st, 0);
		v->has_nr = sqlite3_column_type(st, 1) != SQLITE_NULL;
		v->nr = sqlite3_column_int64(st, 1);
		v->wrapper = col(st, 3);
		v->since = col(st, 4);
		const char *flags = (const char *)sqlite3_column_text(st, 5);
		char *cf = clean((const unsigned char *)(flags ? flags : ""));
		split_flags(cf, &v->flags);
		free(cf);
		load_ksince(st, 6, &v->kernel);
		s->counts[c]++;
		s->nv++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, "read verdicts");
	/* Cleaning may reorder names with invalid bytes; keep the order
	 * bsearch() relies on. */
	if (s->nv) /* qsort(NULL, 0) is undefined */
		qsort(s->v, s->nv, sizeof(*s->v), by_name);
	return load_evidence(db, s);
}

int report_load(struct db *db, const int64_t *ids, size_t n, struct report *r)
{
	memset(r, 0, sizeof(*r));
	return report_load_more(db, ids, n, r);
}

int report_load_more(struct db *db, const int64_t *ids, size_t n, struct report *r)
{
	r->scans = xrealloc(r->scans, (r->n + n + 1) * sizeof(*r->scans));
	memset(&r->scans[r->n], 0, (n + 1) * sizeof(*r->scans));
	for (size_t i = 0; i < n; i++) {
		size_t k = r->n++;
		struct rep_scan *s = &r->scans[k];
		if (load_scan_row(db, ids[i], s) < 0 || load_inputs(db, s) < 0 ||
		    load_verdicts(db, s) < 0) {
			report_free(r);
			return -1;
		}
		struct strv taken = {0};
		for (size_t j = 0; j < k; j++)
			strv_push(&taken, r->scans[j].dir);
		s->dir = outfile_dir_name(s->label, s->id, &taken);
		strv_free(&taken);
	}
	return 0;
}

void report_free(struct report *r)
{
	for (size_t i = 0; i < r->n; i++) {
		struct rep_scan *s = &r->scans[i];
		char *f[] = {s->dir, s->label, s->kind, s->sysroot, s->arch, s->variant,
			     s->layout, s->created, s->tool_version, s->kernel_version,
			     s->libc_flavour, s->libc_version, s->libc_how, s->man_source,
			     s->man_dir, s->man_version, s->code_how};
		for (size_t k = 0; k < ARRAY_SIZE(f); k++)
			free(f[k]);
		for (size_t k = 0; k < s->ninputs; k++) {
			free(s->inputs[k].kind);
			strv_free(&s->inputs[k].versions);
		}
		free(s->inputs);
		for (size_t k = 0; k < s->nv; k++) {
			struct rep_verdict *v = &s->v[k];
			free(v->name);
			free(v->wrapper);
			free(v->since);
			char *kf[] = {v->kernel.text, v->kernel.version, v->kernel.after,
				      v->kernel.source, v->kernel.detail, v->kernel.note};
			for (size_t i = 0; i < ARRAY_SIZE(kf); i++)
				free(kf[i]);
			strv_free(&v->flags);
			ev_free(v);
		}
		free(s->v);
	}
	free(r->scans);
	memset(r, 0, sizeof(*r));
}

const struct rep_verdict *rep_find(const struct rep_scan *s, const char *name)
{
	struct rep_verdict key = {.name = (char *)name};
	return s->nv ? bsearch(&key, s->v, s->nv, sizeof(*s->v), by_name) : NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void rep_names(const struct report *r, struct strv *out)
{
	struct strv all = {0};
	for (size_t i = 0; i < r->n; i++)
		for (size_t k = 0; k < r->scans[i].nv; k++)
			strv_push(&all, r->scans[i].v[k].name);
	if (all.n)
		qsort(all.v, all.n, sizeof(*all.v), cmp_str);
	for (size_t i = 0; i < all.n; i++)
		if (!i || strcmp(all.v[i], all.v[i - 1]))
			strv_push(out, all.v[i]);
	strv_free(&all);
}

int rep_differs(const struct report *r, const char *name)
{
	int first = -2;
	for (size_t i = 0; i < r->n; i++) {
		const struct rep_verdict *v = rep_find(&r->scans[i], name);
		int c = v ? (int)v->cls : -1;
		if (first != -2 && c != first)
			return 1;
		first = c;
	}
	return 0;
}

char *rep_libc(const struct rep_scan *s)
{
	if (!s->libc_flavour || !*s->libc_flavour)
		return xstrdup("unknown libc");
	if (!s->libc_version || !*s->libc_version)
		return xstrdup(s->libc_flavour);
	return xasprintf("%s %s", s->libc_flavour, s->libc_version);
}

const char *const rep_field_name[REP_NFIELDS] = {
	"scan", "sysroot", "arch", "layout", "variant", "libc", "kernel UAPI",
	"man pages", "scanned", "diagnostics", "machine code", "input files",
};

static const char *or_dash(const char *s)
{
	return s && *s ? s : "-";
}

/* "man 480 (6.03); elf 2 (2.36)": a kind's first versions, then a count. */
static char *inputs_value(const struct rep_scan *s)
{
	struct buf b = {0};
	buf_puts(&b, s->ninputs ? "" : "-");
	for (size_t i = 0; i < s->ninputs; i++) {
		const struct rep_input *in = &s->inputs[i];
		buf_printf(&b, "%s%s %lld", i ? "; " : "", in->kind, (long long)in->files);
		for (size_t k = 0; k < in->versions.n && k < 3; k++)
			buf_printf(&b, "%s%s", k ? ", " : " (", in->versions.v[k]);
		if (in->versions.n > 3)
			buf_printf(&b, ", %zu more", in->versions.n - 3);
		if (in->versions.n)
			buf_putc(&b, ')');
	}
	return buf_steal(&b);
}

char *rep_field_value(const struct rep_scan *s, int field)
{
	switch (field) {
	case 0: return xasprintf("%s (id %lld)", s->label, (long long)s->id);
	case 1: return xstrdup(or_dash(s->sysroot));
	case 2: return xstrdup(or_dash(s->arch));
	case 3: return xstrdup(or_dash(s->layout));
	case 4: return xstrdup(or_dash(s->variant));
	case 5: {
		char *l = rep_libc(s);
		if (!s->libc_how || !*s->libc_how)
			return l;
		char *v = xasprintf("%s (%s)", l, s->libc_how);
		free(l);
		return v;
	}
	case 6: return xstrdup(or_dash(s->kernel_version));
	case 7: {
		/* A cross sysroot often has no pages of its own: say whose serve. */
		const char *src = or_dash(s->man_source);
		if (!strcmp(src, "-") || !strcmp(src, "none"))
			return xstrdup("none read");
		return xasprintf("%s, version %s, %s%s", src, or_dash(s->man_version),
				 or_dash(s->man_dir),
				 !strcmp(src, "sysroot") ? "" : " (not the sysroot's own pages)");
	}
	case 8: return xasprintf("%s by syscov %s", or_dash(s->created), or_dash(s->tool_version));
	case 9: return xasprintf("%lld", (long long)s->diags);
	case 10: return xstrdup(or_dash(s->code_how));
	default: return inputs_value(s);
	}
}
