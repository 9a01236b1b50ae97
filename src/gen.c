/* gen.c: the wrapper generator (see gen.h and docs/gen.md).
 *
 * For each selected syscall it finds a prototype (man page, then the
 * kernel's SYSCALL_DEFINE, then data/gen_overrides.tsv, else six untyped
 * longs), and emits one header: per ABI an `#if <predef>` block with the
 * `__NR_` fallbacks of that ABI's scanned table and the trap primitives of
 * arch/ (arch_trap_emit), then one body per wrapper whose 64-bit arguments
 * are laid out per register width, pair alignment and endianness.
 *
 * Kernel prototypes come from the newest kernel-tree scan in the DB
 * (gen_kernel.c); a man page's prototype that passes other registers than
 * the kernel's (gen_kernel_drift) gives way to the kernel's. */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "out_cache.h"
#include "report.h"
#include "arch.h"
#include "arch_trap.h"
#include "datafile.h"
#include "gen.h"
#include "gen_kernel.h"
#include "ktable.h"

const char *const gen_src_names[GEN_SRC_N] = {"man", "kernel", "override", "untyped"};

struct wrapper {
	char name[GEN_ID_MAX + 1];
	enum gen_src src;
	const char *why;            /* fixed text: why the man page was not used */
	char page[GEN_ID_MAX + 1];  /* the man page's title, when an identifier */
	struct gen_type ret;
	struct gen_param p[GEN_MAX_ARGS];
	int is_ptr[GEN_MAX_ARGS];   /* travels as a pointer (typedefs: canonical) */
	int np;
	int64_t page_id;            /* its includes, 0 if none */
	int always_ok;              /* the page says the call always succeeds */
	char kwhere[256];           /* GEN_SRC_KERNEL: its sys_x() and where */
	char drift[240];            /* how the man page's prototype differs */
};

struct override {
	char name[GEN_ID_MAX + 1];
	char abi[32]; /* "name@abi" rows: that ABI's kernel takes other types */
	int always; /* the kernel ABI differs from the man page: use this first */
	struct gen_type ret;
	struct gen_param p[GEN_MAX_ARGS];
	int np;
};

struct gen {
	struct db *db;
	const struct gen_req *r;
	const struct arch_desc *abi[64];
	size_t nabi;
	struct wrapper *w;
	size_t nw;
	long long *nr;  /* nr[w * nabi + a] */
	char *has_nr;
	struct override *ov;
	size_t nov;
	int have_ll;    /* some ABI has 32-bit registers */
	struct gen_kernel *gk; /* a scanned kernel tree's prototypes, or NULL */
};

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct wrapper *)a)->name, ((const struct wrapper *)b)->name);
}

static struct wrapper *find_wrapper(struct gen *g, const char *name)
{
	struct wrapper key;
	snprintf(key.name, sizeof(key.name), "%s", name);
	return bsearch(&key, g->w, g->nw, sizeof(*g->w), cmp_name);
}

static int step_rows(struct db *db, sqlite3_stmt *st, int rc)
{
	if (rc != SQLITE_DONE)
		return db_fail(db, "read");
	sqlite3_reset(st);
	return 0;
}

static int add_name(struct strv *names, const char *name)
{
	if (!is_c_identifier(name) || strlen(name) > GEN_ID_MAX - 12) {
		note("gen: a syscall name that is not a C identifier was skipped");
		return 0;
	}
	return strv_push_unique(names, name);
}

/* Runs a one-column query (?1 = scan id) for every selected scan, handing
 * each value to add(). */
static int scan_column(struct gen *g, const char *sql, int (*add)(struct strv *, const char *),
		       struct strv *out)
{
	sqlite3_stmt *st;
	if (db_prepare(g->db, &st, sql) < 0)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < g->r->nscans && rc == 0; i++) {
		sqlite3_bind_int64(st, 1, g->r->scans[i]);
		int s;
		while ((s = sqlite3_step(st)) == SQLITE_ROW)
			add(out, (const char *)sqlite3_column_text(st, 0));
		rc = step_rows(g->db, st, s);
	}
	sqlite3_finalize(st);
	return rc;
}

/* The ABIs of the scans that arch/ can trap on, in arch_all order. */
static int pick_abis(struct gen *g)
{
	struct strv seen = {0};
	int rc = scan_column(g, "SELECT DISTINCT arch FROM ktable WHERE scan_id=?1", strv_push_unique,
			     &seen);
	const struct strv *want = g->r->arches;
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
		if (g->nabi < ARRAY_SIZE(g->abi))
			g->abi[g->nabi++] = a;
		if (a->trap->reg_bits < 64)
			g->have_ll = 1;
	}
	strv_free(&seen);
	return rc;
}

/* The selected names: --only, --all, or the missing set of the scans. */
static int pick_names(struct gen *g)
{
	const char *sql = g->r->all || g->r->only
		? "SELECT DISTINCT name FROM ksyscall WHERE scan_id=?1 AND private=0"
		: "SELECT DISTINCT name FROM verdict WHERE scan_id=?1 AND class='missing'";
	struct strv names = {0}, scanned = {0};
	int rc = scan_column(g, sql, add_name, g->r->only ? &scanned : &names);
	for (size_t i = 0; rc == 0 && g->r->only && i < g->r->only->n; i++) {
		const char *n = g->r->only->v[i];
		if (!is_c_identifier(n) || !strv_contains(&scanned, n))
			rc = err_set(EXIT_USAGE, "--only %s: not in the syscall tables of the selected scans",
				     is_c_identifier(n) ? n : "(not a C identifier)");
		else if (!strv_contains(&names, n))
			strv_push(&names, n);
	}
	g->w = xcalloc(names.n + 1, sizeof(*g->w));
	for (size_t i = 0; rc == 0 && i < names.n; i++)
		snprintf(g->w[g->nw++].name, GEN_ID_MAX + 1, "%s", names.v[i]);
	qsort(g->w, g->nw, sizeof(*g->w), cmp_name);
	strv_free(&names);
	strv_free(&scanned);
	return rc;
}

/* __NR_ numbers per ABI: the first scan (in --scan order) that has one. */
static int load_numbers(struct gen *g)
{
	g->nr = xcalloc(g->nw * g->nabi + 1, sizeof(*g->nr));
	g->has_nr = xcalloc(g->nw * g->nabi + 1, 1);
	int rc = 0;
	/* ktable_read, not the ksyscall view: its JSON decoding per row was
	 * 4 times the time of the plain table's */
	for (size_t i = 0; i < g->r->nscans && rc == 0; i++) {
		struct kread it;
		rc = ktable_read_begin(&it, g->db, g->r->scans[i], NULL);
		while (rc == 0 && (rc = ktable_read_next(&it)) > 0) {
			const struct krow *r = &it.row;
			struct wrapper *w = r->private || !r->implemented ? NULL : find_wrapper(g, r->name);
			for (size_t a = 0; w && a < g->nabi; a++) {
				size_t k = (size_t)(w - g->w) * g->nabi + a;
				if (strcmp(g->abi[a]->name, r->arch) || g->has_nr[k])
					continue;
				g->nr[k] = r->nr;
				g->has_nr[k] = 1;
			}
			rc = 0;
		}
		ktable_read_end(&it);
	}
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
static int type_from_proto(struct wrapper *w, sqlite3_stmt *pp, int64_t proto_id,
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
static int type_from_man(struct gen *g, struct wrapper *w, sqlite3_stmt *st, sqlite3_stmt *pp)
{
	int found = 0, rc = 0;
	w->why = "no man page prototype";
	for (size_t i = 0; i < g->r->nscans && !found && rc == 0; i++) {
		sqlite3_bind_int64(st, 1, g->r->scans[i]);
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
			rc = db_fail(g->db, "read");
		sqlite3_reset(st);
	}
	return rc < 0 ? -1 : found;
}

/* data/gen_overrides.tsv: name, use (fallback|always), ret, params, source. */
static int load_overrides(struct gen *g)
{
	FILE *f = datafile_open("gen_overrides.tsv");
	if (!f)
		return -1;
	char line[1024];
	int ln = 0, rc = 0;
	size_t cap = 0;
	while (rc == 0 && fgets(line, sizeof(line), f)) {
		ln++;
		line[strcspn(line, "\n")] = 0;
		if (!line[0] || line[0] == '#' || str_starts(line, "name\t"))
			continue;
		char *col[5] = {0}, *s = line;
		int nc = 0;
		for (; nc < 5 && s; nc++) {
			col[nc] = s;
			s = strchr(s, '\t');
			if (s)
				*s++ = 0;
		}
		if (g->nov == cap) {
			cap = cap ? cap * 2 : 32;
			g->ov = xrealloc(g->ov, cap * sizeof(*g->ov));
		}
		struct override *o = &g->ov[g->nov];
		memset(o, 0, sizeof(*o));
		char *at = nc == 5 ? strchr(col[0], '@') : NULL;
		if (at) {
			*at++ = 0;
			snprintf(o->abi, sizeof(o->abi), "%s", arch_find(at) ? arch_find(at)->name : "");
		}
		/* the column at fault, not the first that was checked */
		const char *why =
			nc != 5 ? "needs 5 tab-separated columns"
			: !is_c_identifier(col[0]) ? "the name is not a C identifier (at most 128 characters)"
			: at && !o->abi[0] ? "no such arch after '@' in the name"
			: strcmp(col[1], "fallback") && strcmp(col[1], "always") ? "the use is neither fallback nor always"
			: NULL;
		char *proto = why ? NULL : xasprintf("%s %s(%s);", col[2], col[0], col[3]);
		if (why || gen_proto_parse(proto, 0, &o->ret, o->p, &o->np, &why) < 0) {
			rc = err_set(EXIT_INPUT, "gen_overrides.tsv:%d: %s", ln, why);
		} else {
			for (int i = 0; i < o->np && rc == 0; i++)
				if (o->p[i].t.base == GT_TYPEDEF)
					rc = err_set(EXIT_INPUT, "gen_overrides.tsv:%d: %s", ln,
						     "use builtin types: a typedef needs a header");
			/* fits: is_c_identifier() took at most GEN_ID_MAX bytes */
			memcpy(o->name, col[0], strlen(col[0]) + 1);
			o->always = col[1][0] == 'a';
			fix_param_names(o->p, o->np);
			g->nov++;
		}
		free(proto);
	}
	fclose(f);
	return rc;
}

/* The override of name; with abi, the row for that ABI alone. */
static const struct override *find_override(const struct gen *g, const char *name, const char *abi)
{
	for (size_t i = 0; i < g->nov; i++)
		if (!strcmp(g->ov[i].name, name) && !strcmp(g->ov[i].abi, abi ? abi : ""))
			return &g->ov[i];
	return NULL;
}

static void use_override(struct wrapper *w, const struct override *o)
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
static void use_kernel(struct wrapper *w, const struct gen_kproto *k, int keep_ret)
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

static void use_untyped(struct wrapper *w)
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

static int type_all(struct gen *g)
{
	sqlite3_stmt *st = NULL, *pp = NULL;
	int rc = 0;
	/* the OR is two index searches (man_proto_name, man_proto_sys) */
	if (db_prepare(g->db, &st,
		       "SELECT p.id, p.ret_spelled, p.ret, p.nparams, p.parsed, g.id, g.title,"
		       " (SELECT n.always_ok FROM man_name n WHERE n.page_id = g.id AND n.name = ?2)"
		       " FROM man_proto p JOIN man_page g ON g.id = p.page_id"
		       " WHERE g.scan_id = ?1 AND (p.name = ?2 OR p.sys_name = 'SYS_' || ?2)"
		       " AND coalesce(p.variadic, 0) = 0"
		       " ORDER BY p.via_syscall DESC, p.parsed DESC, p.id") < 0 ||
	    db_prepare(g->db, &pp,
		       "SELECT type, spelled, name FROM man_param WHERE proto_id=?1 ORDER BY idx") < 0)
		rc = -1;
	for (size_t i = 0; i < g->nw && rc == 0; i++) {
		struct wrapper *w = &g->w[i];
		const struct override *o = find_override(g, w->name, NULL);
		if (o && o->always) {
			use_override(w, o);
			w->why = "the kernel's arguments differ from the man page's prototype";
			continue;
		}
		int r = type_from_man(g, w, st, pp);
		struct gen_kproto k;
		const char *kwhy = "no kernel tree scanned";
		int kr = r >= 0 && g->gk ? gen_kernel_proto(g->gk, w->name, &k, &kwhy) : 0;
		if (r < 0 || kr < 0) {
			rc = -1;
		} else if (r) {
			/* the man page's types, where they pass the kernel's registers */
			if (kr && gen_kernel_drift(g->gk, w->p, w->np, &k, w->drift, sizeof(w->drift))) {
				use_kernel(w, &k, 1);
				w->why = "the man page's prototype passes other registers than the kernel's";
			}
		} else if (kr) {
			use_kernel(w, &k, 0);
		} else if (o) {
			use_override(w, o);
		} else {
			use_untyped(w);
			/* why the kernel could not type it either */
			if (g->gk)
				w->why = kwhy;
		}
	}
	sqlite3_finalize(st);
	sqlite3_finalize(pp);
	return rc;
}

/* ---- emission ---- */

static void put_decl(struct buf *b, const struct gen_type *t, const char *name)
{
	size_t n = strlen(t->text);
	buf_printf(b, "%s%s%s", t->text, n && t->text[n - 1] == '*' ? "" : " ", name);
}

static void put_sig(struct buf *b, const struct wrapper *w, const struct gen_type *ret,
		    const char *prefix)
{
	buf_puts(b, "static inline ");
	char *fn = xasprintf("%s%s", prefix, w->name);
	put_decl(b, ret, fn);
	free(fn);
	buf_putc(b, '(');
	for (int i = 0; i < w->np; i++) {
		if (i)
			buf_puts(b, ", ");
		put_decl(b, &w->p[i].t, w->p[i].name);
	}
	buf_puts(b, w->np ? ")\n" : "void)\n");
}

/* The argument list for one register layout: reg_bits 64 (one register per
 * argument) or 32, with or without even-pair alignment. Returns the number
 * of registers, or -1 when more than six are needed. */
static int layout(const struct wrapper *w, const struct override *abi_ov, unsigned reg_bits,
		  int pair_align, struct buf *b)
{
	int slot = 0;
	for (int i = 0; i < w->np; i++) {
		const char *n = w->p[i].name;
		int ll = abi_ov ? abi_ov->p[i].t.ll : w->p[i].t.ll;
		if (ll && reg_bits < 64) {
			if (pair_align && slot % 2) {
				buf_puts(b, ", 0");
				slot++;
			}
			buf_printf(b, ", __SYSCOV_LL1(%s), __SYSCOV_LL2(%s)", n, n);
			slot += 2;
		} else {
			buf_printf(b, ", %s(%s)", w->is_ptr[i] ? "__SYSCOV_PTR" : "__SYSCOV_ARG", n);
			slot++;
		}
	}
	return slot > GEN_MAX_ARGS ? -1 : slot;
}

static void put_call(struct buf *b, const struct wrapper *w, const struct override *abi_ov,
		     unsigned reg_bits, int pair_align)
{
	struct buf args = {0};
	buf_puts(&args, "");
	int n = layout(w, abi_ov, reg_bits, pair_align, &args);
	if (n < 0) {
		buf_puts(b, "\t/* its 64-bit arguments need more than six registers here */\n");
		for (int i = 0; i < w->np; i++)
			buf_printf(b, "\t(void)%s;\n", w->p[i].name);
		buf_puts(b, "\treturn -ENOSYS;\n");
	} else {
		buf_printf(b, "\treturn __syscov_sys%d(__NR_%s%s);\n", n, w->name, args.p);
	}
	buf_free(&args);
}

static int wrapper_has_ll(const struct wrapper *w)
{
	for (int i = 0; i < w->np; i++)
		if (w->p[i].t.ll)
			return 1;
	return 0;
}

static void put_wrapper(struct gen *g, struct buf *b, const struct wrapper *w)
{
	static const char *const src_note[GEN_SRC_N] = {
		"types from the man page",
		"types from the kernel's",
		"types from data/gen_overrides.tsv",
		"UNTYPED: six long arguments, pass only those the call takes",
	};
	buf_printf(b, "\n/* %s: %s", w->name, src_note[w->src]);
	if (w->src == GEN_SRC_MAN && w->page[0])
		buf_printf(b, " %s(2)", w->page);
	if (w->src == GEN_SRC_KERNEL)
		buf_printf(b, " %s", w->kwhere);
	if (w->drift[0])
		buf_printf(b, ":\n * the man page's prototype passes other registers: %s", w->drift);
	else if (w->src != GEN_SRC_MAN && w->why)
		buf_printf(b, " (%s)", w->why);
	buf_puts(b, " */\n");
	if (w->src == GEN_SRC_UNTYPED)
		buf_printf(b, "#define SYSCOV_UNTYPED_%s 1\n", w->name);
	struct gen_type lng;
	const char *why;
	gen_type_parse("long", &lng, NULL, &why);
	put_sig(b, w, &lng, "syscov_sys_");
	buf_printf(b, "{\n#ifndef __NR_%s\n", w->name);
	for (int i = 0; i < w->np; i++)
		buf_printf(b, "\t(void)%s;\n", w->p[i].name);
	buf_puts(b, "\treturn -ENOSYS;\n");
	/* an ABI whose kernel entry takes other types (mips o32's fadvise64 is
	 * fadvise64_64): its own layout from a name@abi override row */
	for (size_t a = 0; a < g->nabi; a++) {
		const struct override *o = find_override(g, w->name, g->abi[a]->name);
		if (!o || o->np != w->np)
			continue;
		buf_printf(b, "#elif defined(SYSCOV_ABI_%s) /* data/gen_overrides.tsv */\n",
			   g->abi[a]->name);
		put_call(b, w, o, g->abi[a]->trap->reg_bits, g->abi[a]->trap->pair_align);
	}
	if (wrapper_has_ll(w) && g->have_ll) {
		buf_puts(b, "#elif __SYSCOV_REG_BITS == 64\n");
		put_call(b, w, NULL, 64, 0);
		buf_puts(b, "#elif __SYSCOV_PAIR_ALIGN\n");
		put_call(b, w, NULL, 32, 1);
		buf_puts(b, "#else\n");
		put_call(b, w, NULL, 32, 0);
	} else {
		buf_puts(b, "#else\n");
		put_call(b, w, NULL, 64, 0);
	}
	buf_puts(b, "#endif\n}\n\n");
	put_sig(b, w, &w->ret, "syscov_");
	buf_puts(b, "{\n");
	/* a call its page says always succeeds returns what the kernel does,
	 * as glibc's wrapper does; -ENOSYS of an ABI without it still sets errno */
	if (w->always_ok)
		buf_printf(b, "#ifdef __NR_%s /* %s%s: always succeeds */\n", w->name,
			   w->page[0] ? w->page : "its man page", w->page[0] ? "(2)" : "");
	for (int check = !w->always_ok; check < 2; check++) {
		if (check && w->always_ok)
			buf_puts(b, "#else\n");
		const char *ret = check ? "__syscov_ret(" : "(";
		if (w->ret.base == GT_VOID && !w->ret.ptr)
			buf_printf(b, "\t(void)%s", ret);
		else if (w->ret.ptr)
			buf_printf(b, "\treturn (%s)(uintptr_t)%s", w->ret.text, ret);
		else
			buf_printf(b, "\treturn (%s)%s", w->ret.text, ret);
		buf_printf(b, "syscov_sys_%s(", w->name);
		for (int i = 0; i < w->np; i++)
			buf_printf(b, "%s%s", i ? ", " : "", w->p[i].name);
		buf_puts(b, "));\n");
	}
	if (w->always_ok)
		buf_puts(b, "#endif\n");
	buf_puts(b, "}\n");
}

/* NAME() itself, where a scanned libc lacks it (gen_plain.c has the rule):
 * the libc-style wrapper under the libc's own name, as a project's
 * hand-written missing-syscall header has it. */
static int put_plain(struct gen *g, struct gen_plain *pl, struct buf *b, const struct wrapper *w)
{
	int bad_name = !gen_name_ok(w->name) || w->name[0] == '_';
	if (bad_name || w->src == GEN_SRC_UNTYPED) {
		const char *why = bad_name ? "a C/C++ keyword, a libc macro or a reserved name"
				  : "untyped: no prototype a caller could use";
		note("gen: --plain-names: %s() not defined: %s", w->name, why);
		buf_printf(b, "\n/* %s(): not defined (%s) */\n", w->name, why);
		return 0;
	}
	const char *abis[ARRAY_SIZE(g->abi)];
	for (size_t a = 0; a < g->nabi; a++)
		abis[a] = g->abi[a]->name;
	struct buf c = {0};
	int r = gen_plain_guard(pl, w->name, abis, g->nabi, &c);
	if (r == 0)
		buf_printf(b, "\n/* %s(): not defined: every scanned libc declares it, or no version"
			      " macro tells the ones that lack it */\n", w->name);
	if (r > 0) {
		buf_printf(b, "\n#if !defined(%s) && (%s)\n", w->name, c.p);
		put_sig(b, w, &w->ret, "");
		buf_printf(b, "{\n\t%ssyscov_%s(", w->ret.base == GT_VOID && !w->ret.ptr ? "" : "return ",
			   w->name);
		for (int i = 0; i < w->np; i++)
			buf_printf(b, "%s%s", i ? ", " : "", w->p[i].name);
		buf_puts(b, ");\n}\n#endif\n");
	}
	buf_free(&c);
	return r < 0 ? -1 : 0;
}

static int put_plains(struct gen *g, struct buf *b)
{
	struct gen_plain *pl;
	if (gen_plain_open(g->db, g->r->scans, g->r->nscans, &pl) < 0)
		return -1;
	buf_puts(b, "\n/* --plain-names: NAME() where the scans show the libc without it\n"
		    " * (docs/gen.md). musl has no macro of its own: it is the libc that\n"
		    " * defines none of the others'. */\n"
		    "#if !defined(__GLIBC__) && !defined(__UCLIBC__) && !defined(__BIONIC__) && \\\n"
		    "    !defined(__dietlibc__) && !defined(__KLIBC__)\n"
		    "#define __SYSCOV_LIBC_MUSL 1\n#else\n#define __SYSCOV_LIBC_MUSL 0\n#endif\n");
	int rc = 0;
	for (size_t i = 0; i < g->nw && rc == 0; i++)
		rc = put_plain(g, pl, b, &g->w[i]);
	gen_plain_close(pl);
	return rc;
}

/* 0: w uses no typedef (struct tags are forward-declared: no header needed);
 * 1: only libc typedefs; 2: a kernel one. A page's kernel headers
 * (<linux/x.h>, <asm/x.h>) are included only for kernel typedefs: several
 * of them redefine what the libc headers define (struct flock, struct
 * timeval), and a wrapper needs only types, never the constants they are
 * named for. */
static int typedef_use(const struct wrapper *w)
{
	int use = 0;
	for (int k = -1; k < w->np; k++) {
		const struct gen_type *t = k < 0 ? &w->ret : &w->p[k].t;
		if (t->base != GT_TYPEDEF)
			continue;
		use = gen_typedef_known(t->tag) == 1 && use < 2 ? 1 : 2;
	}
	return use;
}

/* Includes named by the man pages of the wrappers typed from them. */
static int put_includes(struct gen *g, struct buf *b)
{
	struct strv seen = {0};
	sqlite3_stmt *st;
	if (db_prepare(g->db, &st, "SELECT header FROM man_include WHERE page_id=?1 ORDER BY idx") < 0)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < g->nw && rc == 0; i++) {
		int use = typedef_use(&g->w[i]);
		if (g->w[i].src != GEN_SRC_MAN || !g->w[i].page_id || !use)
			continue;
		sqlite3_bind_int64(st, 1, g->w[i].page_id);
		int s;
		while ((s = sqlite3_step(st)) == SQLITE_ROW) {
			const char *h = (const char *)sqlite3_column_text(st, 0);
			if (!h || !gen_include_ok(h) || strv_contains(&seen, h))
				continue;
			if ((str_starts(h, "linux/") || str_starts(h, "asm")) && use < 2)
				continue;
			strv_push(&seen, h);
			/* a page may name a header this libc lacks (sys/kdaemon.h) */
			buf_printf(b, "#if !defined(__has_include) || __has_include(<%s>)\n"
				      "#include <%s>\n#endif\n", h, h);
		}
		rc = step_rows(g->db, st, s);
	}
	sqlite3_finalize(st);
	/* the libc typedefs of the kernel-typed wrappers: headers every libc has */
	for (size_t i = 0; i < g->nw && rc == 0; i++) {
		const struct wrapper *w = &g->w[i];
		for (int k = -1; w->src == GEN_SRC_KERNEL && k < w->np; k++) {
			const struct gen_type *t = k < 0 ? &w->ret : &w->p[k].t;
			const char *h = t->base == GT_TYPEDEF ? gen_kernel_header(t->tag) : NULL;
			if (h && strv_push_unique(&seen, h))
				buf_printf(b, "#include <%s>\n", h);
		}
	}
	strv_free(&seen);
	return rc;
}

/* Forward declarations of the struct and union tags the prototypes use, so
 * that a tag first seen in a parameter list has file scope. */
static void put_tags(struct gen *g, struct buf *b)
{
	struct strv seen = {0};
	for (size_t i = 0; i < g->nw; i++) {
		const struct wrapper *w = &g->w[i];
		for (int k = -1; k < w->np; k++) {
			const struct gen_type *t = k < 0 ? &w->ret : &w->p[k].t;
			if (t->base != GT_TAG)
				continue;
			char *d = xasprintf("%s %s;", t->tagkw, t->tag);
			if (!strv_contains(&seen, d)) {
				buf_printf(b, "%s\n", d);
				strv_push(&seen, d);
			}
			free(d);
		}
	}
	strv_free(&seen);
}

/* A scan label is printed only when it cannot end the comment. */
static int label_ok(const char *s)
{
	if (!s || !*s || strlen(s) > 64)
		return 0;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || strchr("_.+-", *s)))
			return 0;
	return 1;
}

static int put_head(struct gen *g, struct buf *b, const struct gen_stats *stt)
{
	buf_printf(b, "/* syscov_wrappers.h: typed system call wrappers, generated by syscov %s.\n"
		      " *\n * %u wrappers for the ABIs:", SYSCOV_VERSION, stt->total);
	for (size_t a = 0; a < g->nabi; a++)
		buf_printf(b, " %s", g->abi[a]->name);
	buf_puts(b, "\n * (one header: the compiler's predefined macros pick the ABI).\n * Scans:");
	sqlite3_stmt *st;
	if (db_prepare(g->db, &st, "SELECT label FROM scan WHERE id=?1") < 0)
		return -1;
	for (size_t i = 0; i < g->r->nscans; i++) {
		sqlite3_bind_int64(st, 1, g->r->scans[i]);
		const char *l = sqlite3_step(st) == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
		/* labels, not DB ids: a -j worker's id is not the main DB's */
		buf_printf(b, "%s %s", i ? "," : "", label_ok(l) ? l : "(a scan with an unprintable label)");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	const char *kl = g->gk ? gen_kernel_label(g->gk) : NULL;
	buf_printf(b, ".\n * Types: %u from man pages, %u from the kernel's prototypes (%s%s), %u from\n"
		      " * data/gen_overrides.tsv, %u untyped.\n",
		   stt->n[GEN_SRC_MAN], stt->n[GEN_SRC_KERNEL], g->gk ? "scan " : "no kernel tree scanned",
		   !g->gk ? "" : label_ok(kl) ? kl : "(a scan with an unprintable label)",
		   stt->n[GEN_SRC_OVERRIDE], stt->n[GEN_SRC_UNTYPED]);
	buf_puts(b, " *\n"
		    " * syscov_sys_NAME() returns the kernel's result: -errno on failure.\n"
		    " * syscov_NAME() returns -1 and sets errno on failure, like libc.\n"
		    " * NAME() itself is left to the C library (but with --plain-names,\n"
		    " * for the libcs the scans show without it). A call the ABI lacks\n"
		    " * returns -ENOSYS. See docs/gen.md. Do not edit: rerun syscov gen. */\n"
		    "#ifndef SYSCOV_WRAPPERS_H\n#define SYSCOV_WRAPPERS_H\n\n"
		    "/* The man pages' typedefs (cpu_set_t, loff_t, siginfo_t) need the\n"
		    " * GNU feature set: include this header first, or define _GNU_SOURCE. */\n"
		    "#ifndef _GNU_SOURCE\n#define _GNU_SOURCE 1\n#endif\n"
		    "#include <errno.h>\n#include <stdint.h>\n"
		    /* optional: every number has its fallback below, and musl-gcc's
		     * include dir has no asm/ */
		    "#if !defined(__has_include) || __has_include(<asm/unistd.h>)\n"
		    "#include <asm/unistd.h>\n#endif\n");
	return 0;
}

static void put_abis(struct gen *g, struct buf *b)
{
	buf_puts(b, "\n");
	for (size_t a = 0; a < g->nabi; a++) {
		buf_printf(b, "#%s %s\n#define SYSCOV_ABI_%s 1\n", a ? "elif" : "if", g->abi[a]->predef,
			   g->abi[a]->name);
		for (size_t i = 0; i < g->nw; i++) {
			size_t k = i * g->nabi + a;
			if (!g->has_nr[k])
				continue;
			buf_printf(b, "#ifndef __NR_%s\n#define __NR_%s %lld\n#endif\n", g->w[i].name,
				   g->w[i].name, g->nr[k]);
		}
	}
	buf_puts(b, g->nabi ? "#else\n" : "#if 1\n");
	buf_puts(b, "#error \"syscov_wrappers.h: not generated for this ABI; it has:");
	for (size_t a = 0; a < g->nabi; a++)
		buf_printf(b, " %s", g->abi[a]->name);
	buf_puts(b, "\"\n#endif\n\n");
	for (size_t a = 0; a < g->nabi; a++)
		arch_trap_emit(b, g->abi[a]);
	arch_trap_emit_common(b);
}

static int record(struct gen *g)
{
	sqlite3_stmt *st;
	if (db_exec(g->db, "BEGIN IMMEDIATE") < 0)
		return -1;
	if (db_prepare(g->db, &st,
		       "INSERT OR REPLACE INTO wrapper(scan_id, name, source, detail) VALUES(?1,?2,?3,?4)") < 0)
		goto fail;
	for (size_t s = 0; s < g->r->nscans; s++)
		for (size_t i = 0; i < g->nw; i++) {
			sqlite3_bind_int64(st, 1, g->r->scans[s]);
			db_bind_text(st, 2, g->w[i].name);
			db_bind_text(st, 3, gen_src_names[g->w[i].src]);
			db_bind_text(st, 4, g->w[i].src == GEN_SRC_MAN ? NULL : g->w[i].why);
			if (db_step_done(g->db, st) < 0) {
				sqlite3_finalize(st);
				goto fail;
			}
		}
	sqlite3_finalize(st);
	return db_exec(g->db, "COMMIT");
fail:
	sqlite3_exec(g->db->h, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

static void gen_free(struct gen *g)
{
	free(g->w);
	free(g->nr);
	free(g->has_nr);
	free(g->ov);
	gen_kernel_close(g->gk);
}

int gen_header(struct db *db, const struct gen_req *r, struct buf *out, struct gen_stats *stt)
{
	struct gen g = {.db = db, .r = r};
	memset(stt, 0, sizeof(*stt));
	int rc = pick_abis(&g);
	if (rc == 0)
		rc = pick_names(&g);
	if (rc == 0)
		rc = load_numbers(&g);
	if (rc == 0)
		rc = load_overrides(&g);
	if (rc == 0 && gen_kernel_open(db, g.abi, g.nabi, &g.gk) < 0)
		rc = -1;
	if (rc == 0)
		rc = type_all(&g);
	if (rc == 0 && r->record)
		rc = record(&g);
	if (rc == 0) {
		for (size_t i = 0; i < g.nw; i++)
			stt->n[g.w[i].src]++;
		stt->total = (unsigned)g.nw;
		stt->abis = (unsigned)g.nabi;
		rc = put_head(&g, out, stt);
	}
	if (rc == 0)
		rc = put_includes(&g, out);
	if (rc == 0) {
		buf_puts(out, "\n");
		put_tags(&g, out);
		put_abis(&g, out);
		for (size_t i = 0; i < g.nw; i++)
			put_wrapper(&g, out, &g.w[i]);
		if (r->plain_names)
			rc = put_plains(&g, out);
		buf_puts(out, "\n#endif /* SYSCOV_WRAPPERS_H */\n");
	}
	gen_free(&g);
	return rc;
}

int gen_flag_drift(struct db *db, int64_t scan_id)
{
	struct gen_req r = {.scans = &scan_id, .nscans = 1};
	struct gen g = {.db = db, .r = &r};
	sqlite3_stmt *st = NULL;
	int rc = pick_abis(&g);
	if (rc == 0)
		rc = gen_kernel_open(db, g.abi, g.nabi, &g.gk);
	if (rc > 0) /* a kernel tree to compare with */
		rc = pick_names(&g);
	if (rc == 0 && g.gk)
		rc = load_numbers(&g);
	if (rc == 0 && g.gk)
		rc = load_overrides(&g);
	if (rc == 0 && g.gk)
		rc = type_all(&g);
	if (rc == 0 && g.gk)
		rc = db_prepare(db, &st, "UPDATE verdict SET flags = flags || CASE flags WHEN '' THEN ''"
					 " ELSE ',' END || 'signature-drift', evidence = json_insert(evidence,"
					 " '$[#]', json_object('source', 'kernel', 'fact', ?3))"
					 " WHERE scan_id = ?1 AND name = ?2");
	for (size_t i = 0; rc == 0 && st && i < g.nw; i++) {
		const struct wrapper *w = &g.w[i];
		if (!w->drift[0])
			continue;
		char *fact = xasprintf("the man page's prototype of %s() passes other registers than"
				       " the kernel's: %s; the generated wrapper takes the kernel's",
				       w->name, w->drift);
		sqlite3_bind_int64(st, 1, scan_id);
		db_bind_text(st, 2, w->name);
		db_bind_text(st, 3, fact);
		rc = db_step_done(db, st);
		free(fact);
	}
	sqlite3_finalize(st);
	gen_free(&g);
	return rc;
}

int gen_write_file(const char *path, const struct buf *b)
{
	/* -o /dev/null, /dev/stdout, a FIFO: written as it is; a rename
	 * onto it would replace the device (as root, /dev/null itself) */
	struct stat st;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		FILE *f = fopen(path, "w");
		int rc = 0;
		if (!f || fwrite(b->p, 1, b->len, f) != b->len || fflush(f) != 0)
			rc = err_set(EXIT_OUTPUT, "%s: cannot write: %s", path, strerror(errno));
		if (f && fclose(f) != 0 && rc == 0)
			rc = err_set(EXIT_OUTPUT, "%s: cannot write: %s", path, strerror(errno));
		return rc;
	}
	char *tmp = xasprintf("%s.tmp%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	int rc = 0;
	if (!f || fwrite(b->p, 1, b->len, f) != b->len || fflush(f) != 0)
		rc = err_set(EXIT_OUTPUT, "%s: cannot write: %s", path, strerror(errno));
	if (f && fclose(f) != 0 && rc == 0)
		rc = err_set(EXIT_OUTPUT, "%s: cannot write: %s", path, strerror(errno));
	if (rc == 0 && rename(tmp, path) != 0)
		rc = err_set(EXIT_OUTPUT, "%s: cannot write: %s", path, strerror(errno));
	if (rc < 0)
		unlink(tmp);
	free(tmp);
	return rc;
}

static int mkdir_p(char *path)
{
	for (char *s = path + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		int r = mkdir(path, 0777);
		*s = '/';
		if (r < 0 && errno != EEXIST)
			return err_set(EXIT_OUTPUT, "%s: cannot create: %s", path, strerror(errno));
	}
	if (mkdir(path, 0777) < 0 && errno != EEXIST)
		return err_set(EXIT_OUTPUT, "%s: cannot create: %s", path, strerror(errno));
	return 0;
}

/* The wrapper header of scan id at path, in its dir d. */
static int write_header(struct db *db, int64_t id, char *d, const char *path)
{
	struct gen_req r = {.scans = &id, .nscans = 1, .record = 1};
	struct gen_stats stt;
	struct buf b = {0};
	int rc = gen_header(db, &r, &b, &stt);
	if (rc == 0)
		rc = mkdir_p(d);
	if (rc == 0)
		rc = gen_write_file(path, &b);
	if (rc == 0)
		note("wrote %s: %u wrappers (%u typed from man pages, %u from the kernel, %u from"
		     " overrides, %u untyped)", path, stt.total, stt.n[GEN_SRC_MAN],
		     stt.n[GEN_SRC_KERNEL], stt.n[GEN_SRC_OVERRIDE], stt.n[GEN_SRC_UNTYPED]);
	buf_free(&b);
	return rc;
}

/* Scans whose header a -j worker wrote (scan_par.c): gen_audit() only
 * notes their files. */
static struct idset by_workers;

void gen_note_done(int64_t id)
{
	idset_add(&by_workers, id);
}

int gen_audit(struct db *db, const int64_t *ids, size_t n, const char *dir)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT label, kind FROM scan WHERE id=?1") < 0)
		return -1;
	int rc = 0;
	struct strv taken = {0}; /* the scans' dirs so far, as the reports name them */
	for (size_t i = 0; i < n && rc == 0; i++) {
		sqlite3_bind_int64(st, 1, ids[i]);
		if (sqlite3_step(st) != SQLITE_ROW) {
			rc = db_fail(db, "read");
			break;
		}
		/* kernel trees have no verdicts, hence no missing set */
		char *name = report_dir_name((const char *)sqlite3_column_text(st, 0), ids[i], &taken);
		int tree = !strcmp((const char *)sqlite3_column_text(st, 1), "kernel-tree");
		sqlite3_reset(st);
		if (!tree) {
			char *d = xasprintf("%s/%s", dir ? dir : "reports", name);
			char *path = xasprintf("%s/syscov_wrappers.h", d);
			if (!idset_has(&by_workers, ids[i]))
				rc = write_header(db, ids[i], d, path);
			if (rc == 0)
				out_cache_note(path);
			free(d);
			free(path);
			strv_push_own(&taken, name);
		} else {
			free(name);
		}
	}
	strv_free(&taken);
	sqlite3_finalize(st);
	return rc;
}
