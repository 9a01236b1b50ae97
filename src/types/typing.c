/* typing.c: This file contains the choice of each syscall's prototype
 * (typing.h): the man page's, the kernel's, an override's or untyped, in
 * that order, with the drift between a man page and the kernel. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/tsv.h"
#include "types/kernel_types.h"
#include "types/typing.h"

struct typing {
	struct db *db;
	const int64_t *scans;
	size_t nscans;
	struct type_override *ov;
	size_t nov;
	struct gen_kernel *gk; /* a scanned kernel tree's prototypes, or NULL */
	sqlite3_stmt *st, *pp; /* typing_type()'s queries */
};

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
	snprintf(w->kwhere, sizeof(w->kwhere), "%s%s%s%s", k->no_entry ? "" : "sys_",
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

/* the man prototypes of a name in a scan, best first, and the parameters
 * of one: prepared once */
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
		       "SELECT type, spelled, name FROM man_param WHERE proto_id=?1 ORDER BY idx") < 0)
		return -1;
	return 0;
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
	int r = type_from_man(t, w, t->st, t->pp);
	struct gen_kproto k;
	const char *kwhy = "no kernel tree scanned";
	int kr = r >= 0 && t->gk ? gen_kernel_proto(t->gk, w->name, &k, &kwhy) : 0;
	if (r < 0 || kr < 0)
		return -1;
	if (r) {
		/* the man page's types: the API callers are written against
		 * (mbind(2)'s and libnuma's `int mode`, not the kernel's
		 * `unsigned long`); a width drift is safe, as the wrapper
		 * converts each argument to a register's width. Another
		 * count of parameters is not: the registers would shift
		 * (musl's preadv2 against sys_preadv2(fd, vec, vlen, pos_l,
		 * pos_h, flags)), and the kernel's are taken. */
		if (kr && gen_kernel_drift(t->gk, w->p, w->np, &k, w->drift, sizeof(w->drift))) {
			w->drift_kept = w->np == k.np;
			if (!w->drift_kept) {
				use_kernel(w, &k, 1);
				w->why = "the man page's prototype passes other registers than the kernel's";
			}
		}
	} else if (kr) {
		use_kernel(w, &k, 0);
	} else if (o) {
		use_override(w, o);
	} else {
		use_untyped(w);
		/* why the kernel could not type it either */
		if (t->gk)
			w->why = kwhy;
	}
	return 0;
}

int typing_open(struct db *db, const int64_t *scans, size_t nscans,
		const struct arch_desc *const *abi, size_t nabi, struct typing **out)
{
	struct typing *t = xcalloc(1, sizeof(*t));
	t->db = db;
	t->scans = scans;
	t->nscans = nscans;
	*out = t;
	if (load_overrides(t) < 0 || gen_kernel_open(db, abi, nabi, &t->gk) < 0)
		return -1;
	return 0;
}

void typing_close(struct typing *t)
{
	if (!t)
		return;
	sqlite3_finalize(t->st);
	sqlite3_finalize(t->pp);
	free(t->ov);
	gen_kernel_close(t->gk);
	free(t);
}

const char *typing_kernel_label(const struct typing *t)
{
	return t->gk ? gen_kernel_label(t->gk) : NULL;
}
