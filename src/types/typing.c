/* typing.c: This file contains the choice of each syscall's prototype
 * (typing.h): the man page's, a neighbour library's declaration, the
 * kernel's, an override's or untyped, in that order; the two rules that
 * let one wrapper serve the callers of each (a const pointer where a
 * documented source says const; the kernel's sigset size after a trailing
 * sigset_t *); and the drift: every disagreement between those sources. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/tsv.h"
#include "types/kernel_types.h"
#include "types/typing.h"

/* A row of data/user_protos.tsv: a documented prototype of a syscall whose
 * man page and library ship outside man-pages (liburing's io_uring_*). */
struct user_proto {
	char name[GEN_ID_MAX + 1];
	int header; /* stands in for a library's header; else for its man page */
	struct gen_type ret;
	struct gen_param p[GEN_MAX_ARGS];
	int np;
	char source[160];
};

struct typing {
	struct db *db;
	const int64_t *scans;
	size_t nscans;
	struct type_override *ov;
	size_t nov;
	struct user_proto *up;
	size_t nup;
	int long_bits;         /* 64 if some ABI has 64-bit longs, else 32 */
	struct gen_kernel *gk; /* a scanned kernel tree's prototypes, or NULL */
	sqlite3_stmt *st, *pp; /* typing_type()'s queries */
	sqlite3_stmt *nb, *nbp; /* the neighbour declarations of a name; their parameters */
};

/* One source's prototype of a syscall, for the choice and the drift. */
struct sig {
	char label[160];     /* "mbind(2)", "/usr/include/numaif.h", "the kernel's sys_mbind()" */
	char where[200];     /* its line, or "" */
	int doc;             /* documented user space: a man page or a library header */
	const char *refused; /* fixed text: why a wrapper cannot take it; NULL */
	int unparsed;        /* its types are beyond the grammar: named only */
	int variadic;
	struct gen_type ret;
	struct gen_param p[GEN_MAX_ARGS];
	int is_ptr[GEN_MAX_ARGS];
	struct gen_type cmp[GEN_MAX_ARGS]; /* compared: p's, a library typedef's canonical type */
	int np;
};
#define MAX_SIGS 8

int typing_abis(struct db *db, const int64_t *scans, size_t nscans, const struct strv *want,
		const struct arch_desc **abi, size_t cap, size_t *n)
{
	struct strv seen = {0};
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT DISTINCT arch FROM ktable WHERE scan_id=?1") < 0)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < nscans && rc == 0; i++) {
		sqlite3_bind_int64(st, 1, scans[i]);
		int s;
		while ((s = sqlite3_step(st)) == SQLITE_ROW)
			strv_push_unique(&seen, (const char *)sqlite3_column_text(st, 0));
		rc = s == SQLITE_DONE ? 0 : db_fail(db, "read");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	*n = 0;
	for (size_t i = 0; rc == 0 && want && i < want->n; i++) {
		const struct arch_desc *a = arch_find(want->v[i]);
		if (!a)
			rc = err_set(EXIT_USAGE, "--arch %s: unknown ABI (known: %s)", want->v[i], arch_names());
		else if (!strv_contains(&seen, a->name))
			rc = err_set(EXIT_USAGE, "--arch %s: not in the syscall tables of the selected scans",
				     want->v[i]);
		else if (!a->trap)
			rc = err_set(EXIT_USAGE, "--arch %s: syscov has no trap code for this ABI", want->v[i]);
	}
	for (unsigned i = 0; rc == 0 && i < arch_count; i++) {
		const struct arch_desc *a = arch_all[i];
		if (!strv_contains(&seen, a->name))
			continue;
		int wanted = !want || !want->n;
		for (size_t k = 0; !wanted && k < want->n; k++)
			wanted = arch_find(want->v[k]) == a;
		if (!wanted)
			continue;
		if (!a->trap) {
			note("gen: %s left out: syscov has no trap code for it", a->name);
			continue;
		}
		if (*n < cap)
			abi[(*n)++] = a;
	}
	strv_free(&seen);
	return rc;
}

static int is_pointer_text(const char *canonical)
{
	return canonical && strchr(canonical, '*');
}

/* Gives every parameter a name that is unique, not reserved, and does not
 * shadow a typedef used by the prototype. */
static void fix_param_names(struct gen_param *p, int np)
{
	for (int i = 0; i < np; i++) {
		int bad = !p[i].name[0] || p[i].name[0] == '_' || str_starts(p[i].name, "syscov_");
		for (int k = 0; k < np && !bad; k++)
			bad = (k < i && !strcmp(p[k].name, p[i].name)) ||
			      (p[k].t.base == GT_TYPEDEF && !strcmp(p[k].t.tag, p[i].name));
		if (bad)
			snprintf(p[i].name, sizeof(p[i].name), "a%d", i);
	}
}

/* The page's spelling when the grammar takes it and any typedef in it is
 * one syscov knows a system header to declare (a page can declare its own
 * typedefs in the SYNOPSIS, which no header would), else the canonical type
 * under the same rules. */
static int parse_typed(const char *spelled, const char *canon, struct gen_type *t, const char **why)
{
	const char *src[2] = {spelled, canon};
	*why = "no type";
	for (int i = 0; i < 2; i++) {
		if (!src[i] || gen_type_parse(src[i], t, NULL, why) < 0)
			continue;
		if (t->base != GT_TYPEDEF || gen_typedef_known(t->tag)) {
			gen_kernel_user_type(t);
			return 0;
		}
		*why = "a typedef no known system header declares";
	}
	return -1;
}

/* Types a wrapper from one man_proto row: the page's own spellings first,
 * then the canonical types, each rebuilt by the whitelist grammar. */
static int type_from_proto(struct typed *w, sqlite3_stmt *pp, int64_t proto_id,
			   const char *ret_spelled, const char *ret_canon, int nparams, int parsed)
{
	const char *why;
	struct gen_param p[GEN_MAX_ARGS];
	int is_ptr[GEN_MAX_ARGS] = {0}, np = 0, rc = 0;
	struct gen_type ret;
	if (nparams < 0 || nparams > GEN_MAX_ARGS) {
		w->why = "the man page's prototype has more than six parameters";
		return -1;
	}
	if (parse_typed(ret_spelled, ret_canon, &ret, &why) < 0) {
		w->why = why;
		return -1;
	}
	sqlite3_bind_int64(pp, 1, proto_id);
	int s;
	while (rc == 0 && (s = sqlite3_step(pp)) == SQLITE_ROW) {
		const char *canon = (const char *)sqlite3_column_text(pp, 0);
		const char *spelled = (const char *)sqlite3_column_text(pp, 1);
		const char *name = (const char *)sqlite3_column_text(pp, 2);
		if (np >= nparams) {
			why = "more parameter rows than parameters";
			rc = -1;
			break;
		}
		struct gen_param *q = &p[np];
		if (parse_typed(spelled, canon, &q->t, &why) < 0) {
			rc = -1;
			break;
		}
		snprintf(q->name, sizeof(q->name), "%s", name && gen_name_ok(name) ? name : "");
		/* a name the grammar refuses (a keyword, a macro) is replaced */
		if (!gen_name_ok(q->name))
			q->name[0] = 0;
		is_ptr[np] = q->t.ptr > 0 || is_pointer_text(canon);
		if (q->t.base == GT_TYPEDEF && !parsed) {
			why = "a typedef the man scan could not resolve";
			rc = -1;
		}
		np++;
	}
	sqlite3_reset(pp);
	if (rc == 0 && np != nparams) {
		why = "parameter rows missing";
		rc = -1;
	}
	if (rc == 0 && ret.base == GT_TYPEDEF && !parsed) {
		why = "a typedef the man scan could not resolve";
		rc = -1;
	}
	if (rc < 0) {
		w->why = why;
		return -1;
	}
	fix_param_names(p, np);
	w->ret = ret;
	w->np = np;
	memcpy(w->p, p, sizeof(p));
	memcpy(w->is_ptr, is_ptr, sizeof(is_ptr));
	return 0;
}

/* The man page prototype of w: the syscall(2) form first, then a function
 * of the same name, from the first scan that has a usable one. */
/* st: the man prototypes of a name in a scan, best first; pp: the
 * parameters of one (type_all() prepares both once). */
static int type_from_man(struct typing *t, struct typed *w, sqlite3_stmt *st, sqlite3_stmt *pp)
{
	int found = 0, rc = 0;
	w->why = "no man page prototype";
	for (size_t i = 0; i < t->nscans && !found && rc == 0; i++) {
		sqlite3_bind_int64(st, 1, t->scans[i]);
		db_bind_text(st, 2, w->name);
		int s;
		while (!found && (s = sqlite3_step(st)) == SQLITE_ROW) {
			if (sqlite3_column_type(st, 3) == SQLITE_NULL)
				continue; /* never typed: no parameter rows to trust */
			if (type_from_proto(w, pp, sqlite3_column_int64(st, 0),
					    (const char *)sqlite3_column_text(st, 1),
					    (const char *)sqlite3_column_text(st, 2),
					    sqlite3_column_int(st, 3), sqlite3_column_int(st, 4)) < 0)
				continue;
			found = 1;
			w->src = GEN_SRC_MAN;
			w->page_id = sqlite3_column_int64(st, 5);
			w->always_ok = sqlite3_column_int(st, 7);
			const char *title = (const char *)sqlite3_column_text(st, 6);
			if (title && is_c_identifier(title))
				snprintf(w->page, sizeof(w->page), "%s", title);
		}
		if (!found && s != SQLITE_DONE)
			rc = db_fail(t->db, "read");
		sqlite3_reset(st);
	}
	return rc < 0 ? -1 : found;
}

/* data/gen_overrides.tsv: name, use (fallback|always), ret, params, source. */
static int load_overrides(struct typing *t)
{
	static const char *const cols[] = {"name", "use", "ret", "params", "source", NULL};
	struct tsv in;
	if (tsv_open(&in, "gen_overrides.tsv", cols) < 0)
		return -1;
	int rc = 0, r = 0;
	size_t cap = 0;
	while (rc == 0 && (r = tsv_next(&in)) > 0) {
		char name[GEN_ID_MAX + 40];
		snprintf(name, sizeof(name), "%s", in.v[0]);
		const char *use = in.v[1];
		if (t->nov == cap) {
			cap = cap ? cap * 2 : 32;
			t->ov = xrealloc(t->ov, cap * sizeof(*t->ov));
		}
		struct type_override *o = &t->ov[t->nov];
		memset(o, 0, sizeof(*o));
		char *at = in.nf >= 5 ? strchr(name, '@') : NULL;
		if (at) {
			*at++ = 0;
			snprintf(o->abi, sizeof(o->abi), "%s", arch_find(at) ? arch_find(at)->name : "");
		}
		/* the column at fault, not the first that was checked */
		const char *why =
			in.nf < 5 ? "needs 5 tab-separated columns"
			: strlen(in.v[0]) >= sizeof(name) || !is_c_identifier(name)
				? "the name is not a C identifier (at most 128 characters)"
			: at && !o->abi[0] ? "no such arch after '@' in the name"
			: strcmp(use, "fallback") && strcmp(use, "always") ? "the use is neither fallback nor always"
			: NULL;
		char *proto = why ? NULL : xasprintf("%s %s(%s);", in.v[2], name, in.v[3]);
		if (why || gen_proto_parse(proto, 0, &o->ret, o->p, &o->np, &why) < 0) {
			rc = tsv_fail(&in, why);
		} else {
			for (int i = 0; i < o->np && rc == 0; i++)
				if (o->p[i].t.base == GT_TYPEDEF)
					rc = tsv_fail(&in, "use builtin types: a typedef needs a header");
			/* fits: is_c_identifier() took at most GEN_ID_MAX bytes */
			memcpy(o->name, name, strlen(name) + 1);
			o->always = use[0] == 'a';
			fix_param_names(o->p, o->np);
			t->nov++;
		}
		free(proto);
	}
	if (r < 0)
		rc = -1;
	tsv_close(&in);
	return rc;
}

const struct type_override *typing_override(const struct typing *t, const char *name,
					    const char *abi)
{
	for (size_t i = 0; i < t->nov; i++)
		if (!strcmp(t->ov[i].name, name) && !strcmp(t->ov[i].abi, abi ? abi : ""))
			return &t->ov[i];
	return NULL;
}

static void use_override(struct typed *w, const struct type_override *o)
{
	w->src = GEN_SRC_OVERRIDE;
	w->ret = o->ret;
	w->np = o->np;
	memcpy(w->p, o->p, sizeof(w->p));
	for (int i = 0; i < o->np; i++)
		w->is_ptr[i] = o->p[i].t.ptr > 0;
	w->page_id = 0;
	w->page[0] = 0;
}

/* The kernel's parameters (and, unless keep_ret, its return type). */
static void use_kernel(struct typed *w, const struct gen_kproto *k, int keep_ret)
{
	w->src = GEN_SRC_KERNEL;
	if (!keep_ret)
		w->ret = k->ret;
	w->np = k->np;
	memcpy(w->p, k->p, sizeof(w->p));
	memcpy(w->is_ptr, k->is_ptr, sizeof(w->is_ptr));
	fix_param_names(w->p, w->np);
	snprintf(w->where, sizeof(w->where), "%s%s%s%s", k->no_entry ? "" : "sys_",
		 k->no_entry ? "" : k->func, k->no_entry ? "" : "(), ", k->where);
}

static void use_untyped(struct typed *w)
{
	const char *why;
	w->src = GEN_SRC_UNTYPED;
	gen_type_parse("long", &w->ret, NULL, &why);
	w->np = GEN_MAX_ARGS;
	for (int i = 0; i < GEN_MAX_ARGS; i++) {
		gen_type_parse("long", &w->p[i].t, NULL, &why);
		snprintf(w->p[i].name, sizeof(w->p[i].name), "a%d", i);
		w->is_ptr[i] = 0;
	}
}

/* A text for a C comment and the evidence: printable, no comment end. */
static int plain_text(const char *s, size_t max)
{
	if (!s || strlen(s) >= max || strstr(s, "*/"))
		return 0;
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return 0;
	return 1;
}

/* data/user_protos.tsv: name, as (man|header), ret, params, source. The
 * types are the grammar's with known typedefs only: no header of the
 * library may be needed. */
static int load_user_protos(struct typing *t)
{
	static const char *const cols[] = {"name", "as", "ret", "params", "source", NULL};
	struct tsv in;
	if (tsv_open(&in, "user_protos.tsv", cols) < 0)
		return -1;
	int rc = 0, r = 0;
	size_t cap = 0;
	while (rc == 0 && (r = tsv_next(&in)) > 0) {
		if (t->nup == cap) {
			cap = cap ? cap * 2 : 8;
			t->up = xrealloc(t->up, cap * sizeof(*t->up));
		}
		struct user_proto *u = &t->up[t->nup];
		memset(u, 0, sizeof(*u));
		const char *why =
			in.nf < 5 ? "needs 5 tab-separated columns"
			: strlen(in.v[0]) > GEN_ID_MAX || !is_c_identifier(in.v[0])
				? "the name is not a C identifier (at most 128 characters)"
			: strcmp(in.v[1], "man") && strcmp(in.v[1], "header") ? "as is neither man nor header"
			: !plain_text(in.v[4], sizeof(u->source)) ? "the source is not printable text"
			: NULL;
		char *proto = why ? NULL : xasprintf("%s %s(%s);", in.v[2], in.v[0], in.v[3]);
		if (why || gen_proto_parse(proto, 0, &u->ret, u->p, &u->np, &why) < 0) {
			rc = tsv_fail(&in, why);
		} else {
			for (int i = -1; i < u->np && rc == 0; i++) {
				struct gen_type *ty = i < 0 ? &u->ret : &u->p[i].t;
				if (ty->base == GT_TYPEDEF && !gen_typedef_known(ty->tag))
					rc = tsv_fail(&in, "a typedef no known system header declares");
				gen_kernel_user_type(ty);
			}
			snprintf(u->name, sizeof(u->name), "%s", in.v[0]);
			snprintf(u->source, sizeof(u->source), "%s", in.v[4]);
			u->header = in.v[1][0] == 'h';
			fix_param_names(u->p, u->np);
			t->nup += rc == 0;
		}
		free(proto);
	}
	if (r < 0)
		rc = -1;
	tsv_close(&in);
	return rc;
}

/* "RET NAME(T a, U *b, ...)" of s, rebuilt by the grammar. */
static void sig_text(struct buf *b, const struct sig *s, const char *name)
{
	if (s->unparsed) {
		buf_printf(b, "%s()", name);
		return;
	}
	size_t n = strlen(s->ret.text);
	buf_printf(b, "%s%s%s(", s->ret.text, n && s->ret.text[n - 1] == '*' ? "" : " ", name);
	for (int i = 0; i < s->np; i++) {
		const struct gen_type *t = &s->p[i].t;
		n = strlen(t->text);
		buf_printf(b, "%s%s%s%s", i ? ", " : "", t->text,
			   s->p[i].name[0] && n && t->text[n - 1] != '*' ? " " : "", s->p[i].name);
	}
	buf_printf(b, "%s)", s->variadic ? s->np ? ", ..." : "..." : s->np ? "" : "void");
}

/* w, typed from a man page, as a documented source */
static void sig_from_typed(struct sig *s, const struct typed *w)
{
	memset(s, 0, sizeof(*s));
	s->doc = 1;
	s->ret = w->ret;
	s->np = w->np;
	memcpy(s->p, w->p, sizeof(s->p));
	memcpy(s->is_ptr, w->is_ptr, sizeof(s->is_ptr));
	for (int i = 0; i < s->np; i++)
		s->cmp[i] = s->p[i].t;
}

static void typed_from_sig(struct typed *w, const struct sig *s, enum gen_src src)
{
	w->src = src;
	w->ret = s->ret;
	w->np = s->np;
	memcpy(w->p, s->p, sizeof(w->p));
	memcpy(w->is_ptr, s->is_ptr, sizeof(w->is_ptr));
	w->page_id = 0;
	/* a page's title is said by the generator */
	snprintf(w->where, sizeof(w->where), "%.100s%s%.150s", src == GEN_SRC_MAN ? "" : s->label,
		 src == GEN_SRC_MAN || !s->where[0] ? "" : ", ", s->where);
}

static void sig_from_user(struct sig *s, const struct user_proto *u, const char *name)
{
	memset(s, 0, sizeof(*s));
	s->doc = 1;
	s->ret = u->ret;
	s->np = u->np;
	memcpy(s->p, u->p, sizeof(s->p));
	for (int i = 0; i < s->np; i++) {
		s->is_ptr[i] = s->p[i].t.ptr > 0;
		s->cmp[i] = s->p[i].t;
	}
	/* a header is named by its source, a page by its title */
	if (u->header)
		snprintf(s->label, sizeof(s->label), "%s", u->source);
	else
		snprintf(s->label, sizeof(s->label), "%.100s(2)", name);
	snprintf(s->where, sizeof(s->where), "%s%sdata/user_protos.tsv", u->header ? "" : u->source,
		 u->header ? "" : ", ");
}

/* One type of a neighbour's declaration: the header's spelling when the
 * grammar takes it (use), with a typedef only if syscov knows a system
 * header to declare it; a library's own typedef (libaio's io_context_t)
 * would need the library's header: *refused, and the canonical type is
 * compared (cmp). -1 when neither spelling is in the grammar. */
static int lib_type(const char *spelled, const char *canon, struct gen_type *use,
		    struct gen_type *cmp, const char **refused)
{
	const char *why;
	struct gen_type c;
	int hc = canon && gen_type_parse(canon, &c, NULL, &why) == 0;
	if (hc)
		gen_kernel_user_type(&c);
	if (!spelled || gen_type_parse(spelled, use, NULL, &why) < 0) {
		if (!hc)
			return -1;
		*use = c;
	} else if (use->base == GT_TYPEDEF && !gen_typedef_known(use->tag)) {
		if (!*refused)
			*refused = "it uses a typedef of its library's own: the wrapper would have"
				   " to include the library's header";
		*cmp = hc ? c : *use;
		return 0;
	}
	gen_kernel_user_type(use);
	*cmp = *use;
	return 0;
}

/* The neighbour declarations of w->name in the scans (neighbour_decl),
 * each a sig; up to cap. Their number, or -1 (EXIT_DB). */
static int lib_sigs(struct typing *t, const char *name, struct sig *out, int cap)
{
	int n = 0, rc = 0;
	for (size_t i = 0; i < t->nscans && rc == 0; i++) {
		sqlite3_bind_int64(t->nb, 1, t->scans[i]);
		db_bind_text(t->nb, 2, name);
		int s = SQLITE_DONE;
		while (n < cap && (s = sqlite3_step(t->nb)) == SQLITE_ROW) {
			struct sig *g = &out[n];
			memset(g, 0, sizeof(*g));
			g->doc = 1;
			const char *hdr = (const char *)sqlite3_column_text(t->nb, 1);
			if (!plain_text(hdr, sizeof(g->label)) || strchr(hdr, ' '))
				hdr = "(a library header)";
			int dup = 0; /* the same header in another scan */
			for (int k = 0; k < n && !dup; k++)
				dup = !strcmp(out[k].label, hdr);
			if (dup)
				continue;
			snprintf(g->label, sizeof(g->label), "%s", hdr);
			snprintf(g->where, sizeof(g->where), "line %d", sqlite3_column_int(t->nb, 2));
			g->variadic = sqlite3_column_int(t->nb, 5);
			int np = sqlite3_column_int(t->nb, 6);
			if (g->variadic)
				g->refused = "it is variadic: the wrapper could not tell which arguments"
					     " to pass";
			if (np > GEN_MAX_ARGS) {
				g->refused = "it has more than six parameters";
				g->unparsed = 1;
			}
			g->unparsed |= lib_type((const char *)sqlite3_column_text(t->nb, 4),
						(const char *)sqlite3_column_text(t->nb, 3), &g->ret,
						&g->ret, &g->refused) < 0;
			sqlite3_bind_int64(t->nbp, 1, sqlite3_column_int64(t->nb, 0));
			int ps;
			while (!g->unparsed && (ps = sqlite3_step(t->nbp)) == SQLITE_ROW) {
				const char *pn = (const char *)sqlite3_column_text(t->nbp, 2);
				struct gen_param *q = &g->p[g->np];
				if (lib_type((const char *)sqlite3_column_text(t->nbp, 1),
					     (const char *)sqlite3_column_text(t->nbp, 0), &q->t,
					     &g->cmp[g->np], &g->refused) < 0) {
					g->unparsed = 1;
					break;
				}
				snprintf(q->name, sizeof(q->name), "%s", pn && gen_name_ok(pn) ? pn : "");
				g->is_ptr[g->np] = q->t.ptr > 0 || g->cmp[g->np].ptr > 0;
				g->np++;
			}
			sqlite3_reset(t->nbp);
			if (g->unparsed && !g->refused)
				g->refused = "it has a type beyond the grammar of docs/gen.md";
			fix_param_names(g->p, g->np);
			n++;
		}
		rc = n < cap && s != SQLITE_DONE ? db_fail(t->db, "read neighbour_decl") : 0;
		sqlite3_reset(t->nb);
	}
	return rc < 0 ? -1 : n;
}

/* A pointer type's text without a top-level const (`T *const` is `T *` in
 * a function's type). */
static void unqual(const struct gen_type *t, char *out, size_t n)
{
	snprintf(out, n, "%s", t->text);
	size_t l = strlen(out);
	if (l > 5 && !strcmp(out + l - 5, "const") && out[l - 6] != ' ')
		out[l - 5] = 0;
	else if (l > 6 && !strcmp(out + l - 6, " const"))
		out[l - 6] = 0;
}

/* How a and b disagree, appended to out: the number of parameters, or per
 * parameter a pointer against an integer, another pointer type, or another
 * register width. Signedness alone and a typedef against its expansion
 * are none: the same bits reach the kernel. 1 if they disagree. */
static int sig_diff(const struct sig *a, const struct sig *b, int long_bits, struct buf *out)
{
	if (a->unparsed || b->unparsed)
		return 0;
	if (a->np != b->np || a->variadic != b->variadic) {
		buf_printf(out, "%d parameter%s%s against %d%s", a->np, a->np == 1 ? "" : "s",
			   a->variadic ? " and a variable list" : "", b->np,
			   b->variadic ? " and a variable list" : "");
		return 1;
	}
	int n = 0;
	for (int i = 0; i < a->np; i++) {
		const struct gen_type *x = &a->cmp[i], *y = &b->cmp[i];
		char bits[48] = "", ux[GEN_TYPE_MAX], uy[GEN_TYPE_MAX];
		int d = x->ptr != y->ptr;
		if (!d && !x->ptr) {
			int bx = gen_type_reg_bits(x, long_bits), by = gen_type_reg_bits(y, long_bits);
			d = bx && by && bx != by;
			if (d)
				snprintf(bits, sizeof(bits), " (%d against %d bits)", bx, by);
		} else if (!d) {
			unqual(x, ux, sizeof(ux));
			unqual(y, uy, sizeof(uy));
			d = strcmp(ux, uy) != 0;
		}
		if (d)
			buf_printf(out, "%sparameter %d '%s' against '%s'%s", n++ ? ", " : "", i + 1,
				   x->text, y->text, bits);
	}
	return n > 0;
}

/* Rule (a): a pointer parameter takes const where a documented source of
 * the same parameters says const: `const T *` accepts every caller's `T *`
 * and the kernel does not care (liburing's io_uring_register(..., const
 * void *arg), the man page's void *). Only one level: `const T **` would
 * not accept a `T **`. Notes each in *note. */
static void const_rule(struct typed *w, const struct sig *s, int ns, struct buf *note)
{
	for (int i = 0; i < w->np; i++) {
		if (w->p[i].t.ptr != 1 || str_starts(w->p[i].t.text, "const "))
			continue;
		for (int k = 0; k < ns; k++) {
			const struct sig *d = &s[k];
			if (!d->doc || d->unparsed || d->np != w->np || d->p[i].t.ptr != 1 ||
			    !str_starts(d->p[i].t.text, "const ") || strcmp(d->p[i].t.text + 6, w->p[i].t.text))
				continue;
			struct gen_type c;
			const char *why;
			char *text = xasprintf("const %s", w->p[i].t.text);
			if (gen_type_parse(text, &c, NULL, &why) == 0) {
				w->p[i].t = c;
				buf_printf(note, " Parameter %d is const, as %s declares it.", i + 1, d->label);
			}
			free(text);
			break;
		}
	}
}

/* Rule (b): the documented prototype ends in `sigset_t *` where the
 * kernel's takes one more, the size of its sigset_t (io_uring_enter(2)
 * against sys_io_uring_enter(..., argp, argsz)): the wrapper passes the
 * kernel's size, as libc does for the rt_sig* calls. */
static int sigset_rule(const struct typed *w, const struct gen_kproto *k, int long_bits)
{
	if (w->np < 1 || k->np != w->np + 1)
		return 0;
	const struct gen_type *last = &w->p[w->np - 1].t, *size = &k->p[k->np - 1].t;
	return last->ptr == 1 && last->base == GT_TYPEDEF && !strcmp(last->tag, "sigset_t") &&
	       gen_type_reg_bits(size, long_bits) == long_bits && !size->ptr;
}

/* the man prototypes of a name in a scan, best first, and the parameters
 * of one; the neighbour declarations and their parameters: prepared once */
static int prepare(struct typing *t)
{
	if (t->st)
		return 0;
	/* the OR is two index searches (man_proto_name, man_proto_sys) */
	if (db_prepare(t->db, &t->st,
		       "SELECT p.id, p.ret_spelled, p.ret, p.nparams, p.parsed, g.id, g.title,"
		       " (SELECT n.always_ok FROM man_name n WHERE n.page_id = g.id AND n.name = ?2)"
		       " FROM man_proto p JOIN man_page g ON g.id = p.page_id"
		       " WHERE g.scan_id = ?1 AND (p.name = ?2 OR p.sys_name = 'SYS_' || ?2)"
		       " AND coalesce(p.variadic, 0) = 0"
		       " ORDER BY p.via_syscall DESC, p.parsed DESC, p.id") < 0 ||
	    db_prepare(t->db, &t->pp,
		       "SELECT type, spelled, name FROM man_param WHERE proto_id=?1 ORDER BY idx") < 0 ||
	    db_prepare(t->db, &t->nb,
		       "SELECT rowid, header, line, ret, ret_spelled, variadic, json_array_length(params)"
		       " FROM neighbour_decl WHERE scan_id = ?1 AND name = ?2 AND params IS NOT NULL"
		       " ORDER BY header") < 0 ||
	    db_prepare(t->db, &t->nbp,
		       "SELECT json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'),"
		       " json_extract(j.value, '$[2]') FROM neighbour_decl n, json_each(n.params) j"
		       " WHERE n.rowid = ?1 ORDER BY j.key") < 0)
		return -1;
	return 0;
}

/* w->drift: the signatures of every source, each pair's disagreements and
 * the wrapper's choice (what), when some pair disagrees. */
static void put_drift(const struct typing *t, struct typed *w, const struct sig *s, int ns,
		      const char *what)
{
	struct buf d = {0}, sigs = {0};
	buf_puts(&d, "");
	for (int a = 0; a < ns; a++)
		for (int b = a + 1; b < ns; b++) {
			struct buf one = {0};
			buf_puts(&one, "");
			if (sig_diff(&s[a], &s[b], t->long_bits, &one))
				buf_printf(&d, "%s against %s: %s. ", s[a].label, s[b].label, one.p);
			buf_free(&one);
		}
	if (d.len) {
		buf_puts(&sigs, "");
		for (int a = 0; a < ns; a++) {
			buf_printf(&sigs, "%s%s%s%s%s: ", a ? "; " : "", s[a].label, s[a].where[0] ? " (" : "",
				   s[a].where, s[a].where[0] ? ")" : "");
			sig_text(&sigs, &s[a], w->name);
			if (s[a].refused)
				buf_printf(&sigs, " (not taken: %s)", s[a].refused);
		}
		snprintf(w->drift, sizeof(w->drift), "%s. %s%s", sigs.p, d.p, what);
	}
	buf_free(&sigs);
	buf_free(&d);
}

int typing_type(struct typing *t, struct typed *w)
{
	if (prepare(t) < 0)
		return -1;
	const struct type_override *o = typing_override(t, w->name, NULL);
	if (o && o->always) {
		use_override(w, o);
		w->why = "the kernel's arguments differ from the man page's prototype";
		return 0;
	}
	struct sig s[MAX_SIGS];
	int ns = 0, chosen = -1;
	int r = type_from_man(t, w, t->st, t->pp);
	if (r < 0)
		return -1;
	if (r) {
		sig_from_typed(&s[ns], w);
		snprintf(s[ns].label, sizeof(s[ns].label), "%s(2)", w->page[0] ? w->page : w->name);
		chosen = ns++;
	}
	/* the table's rows stand in for a man page and a library header the
	 * sysroot lacks, each ranked after an installed one */
	for (size_t i = 0; i < t->nup && chosen < 0; i++)
		if (!t->up[i].header && !strcmp(t->up[i].name, w->name)) {
			sig_from_user(&s[ns], &t->up[i], w->name);
			typed_from_sig(w, &s[ns], GEN_SRC_MAN);
			snprintf(w->page, sizeof(w->page), "%s", w->name);
			chosen = ns++;
		}
	int nl = lib_sigs(t, w->name, s + ns, MAX_SIGS - 1 - ns);
	if (nl < 0)
		return -1;
	for (size_t i = 0; i < t->nup && !nl && ns < MAX_SIGS - 1; i++)
		if (t->up[i].header && !strcmp(t->up[i].name, w->name))
			sig_from_user(&s[ns + nl++], &t->up[i], w->name);
	for (int i = ns; i < ns + nl && chosen < 0; i++)
		if (!s[i].refused) {
			typed_from_sig(w, &s[i], GEN_SRC_LIB);
			chosen = i;
		}
	ns += nl;
	struct gen_kproto k;
	const char *kwhy = "no kernel tree scanned";
	int kr = t->gk ? gen_kernel_proto(t->gk, w->name, &k, &kwhy) : 0;
	if (kr < 0)
		return -1;
	/* without the kernel's prototype, an override row stands for it: the
	 * rules need the number of arguments the kernel takes */
	int ko = !kr && o;
	if (ko) {
		memset(&k, 0, sizeof(k));
		k.ret = o->ret;
		k.np = o->np;
		memcpy(k.p, o->p, sizeof(k.p));
		for (int i = 0; i < o->np; i++)
			k.is_ptr[i] = o->p[i].t.ptr > 0;
		kr = 1;
	}
	struct buf what = {0};
	buf_puts(&what, "");
	if (kr && !k.no_entry) {
		memset(&s[ns], 0, sizeof(s[ns]));
		s[ns].ret = k.ret;
		s[ns].np = k.np;
		memcpy(s[ns].p, k.p, sizeof(s[ns].p));
		for (int i = 0; i < k.np; i++)
			s[ns].cmp[i] = k.p[i].t;
		if (ko) {
			snprintf(s[ns].label, sizeof(s[ns].label), "data/gen_overrides.tsv");
		} else {
			snprintf(s[ns].label, sizeof(s[ns].label), "the kernel's sys_%s()", k.func);
			snprintf(s[ns].where, sizeof(s[ns].where), "%s", k.where);
		}
		ns++;
	}
	if (chosen >= 0) {
		const char *by = s[chosen].label;
		if (kr && !k.no_entry && w->np != k.np && sigset_rule(w, &k, t->long_bits)) {
			w->sigset_size = 1;
			buf_printf(&what, "The wrapper takes %s's types and passes the kernel's sigset_t"
				   " size as its last argument, as libc does for rt_sigprocmask.", by);
		} else if (kr && !k.no_entry && w->np != k.np) {
			/* other registers: musl's preadv2 against sys_preadv2(fd,
			 * vec, vlen, pos_l, pos_h, flags); the page's return type stays */
			struct gen_type ret = w->ret;
			if (ko)
				use_override(w, o);
			else
				use_kernel(w, &k, 1);
			w->ret = ret;
			w->why = "the documented prototype passes other registers than the kernel's";
			buf_printf(&what, "The wrapper takes %s's parameters: %s's would pass other"
				   " registers.", s[ns - 1].label, by);
		} else {
			buf_printf(&what, "The wrapper takes %s's types, each argument converted to its"
				   " register's width.", by);
		}
		if (w->src != GEN_SRC_KERNEL && w->src != GEN_SRC_OVERRIDE)
			const_rule(w, s, ns, &what);
	} else if (ko) {
		use_override(w, o);
	} else if (kr) {
		use_kernel(w, &k, 0);
		buf_puts(&what, "The wrapper takes the kernel's types.");
		/* a library's declaration that could not be taken says why */
		for (int i = 0; i < ns && !k.no_entry; i++)
			if (s[i].refused)
				w->why = "another library's header declares it with types a wrapper"
					 " cannot take";
	} else {
		use_untyped(w);
		/* why the kernel could not type it either */
		if (t->gk)
			w->why = kwhy;
	}
	put_drift(t, w, s, ns, what.p);
	buf_free(&what);
	return 0;
}

int typing_open(struct db *db, const int64_t *scans, size_t nscans,
		const struct arch_desc *const *abi, size_t nabi, struct typing **out)
{
	struct typing *t = xcalloc(1, sizeof(*t));
	t->db = db;
	t->scans = scans;
	t->nscans = nscans;
	t->long_bits = 32;
	for (size_t a = 0; a < nabi; a++)
		if (abi[a]->cpp_predefs && strstr(abi[a]->cpp_predefs, "__SIZEOF_LONG__=8"))
			t->long_bits = 64;
	*out = t;
	if (load_overrides(t) < 0 || load_user_protos(t) < 0 ||
	    gen_kernel_open(db, abi, nabi, &t->gk) < 0)
		return -1;
	return 0;
}

void typing_close(struct typing *t)
{
	if (!t)
		return;
	sqlite3_finalize(t->st);
	sqlite3_finalize(t->pp);
	sqlite3_finalize(t->nb);
	sqlite3_finalize(t->nbp);
	free(t->ov);
	free(t->up);
	gen_kernel_close(t->gk);
	free(t);
}

const char *typing_kernel_label(const struct typing *t)
{
	return t->gk ? gen_kernel_label(t->gk) : NULL;
}
