/* classify.c: This file contains the verdict step (see classify.h and
 * docs/verdicts.md): it reads the facts of one sysroot scan and the curated
 * tables data/aliases.tsv, data/obsolete.tsv and data/internal.tsv, and
 * writes one verdict row per syscall of the scan's primary ABI.
 *
 * Each kind of fact (each thing the man pages can say about a name, the
 * libc's symbols and the header declarations of the candidate wrapper
 * names) is one query for the whole scan, sorted by name and kept in
 * memory, so that classifying a syscall is a few lookups: one query per
 * syscall and fact made the step 4 times slower.
 * The joins stay in SQL; the precedence of the rules and the evidence are
 * plain C over those rows, so that each rule is one readable test. The
 * curated tables are read once per process (a matrix audit classifies many
 * scans). Everything happens in one transaction that first deletes the
 * scan's earlier verdicts. */
#define _GNU_SOURCE
#include "verdict/classify.h"

#include <stddef.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>

#include "base/tsv.h"
#include "kernel/ktable.h"
#include "libc/flavour.h"
#include "base/json.h"
#include "base/progress.h"
#include "types/typing.h"
#include "verdict/ksince.h"

const char *const classify_classes[4] = {"wrapped", "obsolete", "internal", "missing"};

/* Rows in memory, sorted by their first column (the key): a fact of the
 * scan (every value as text, NULL for SQL NULL, in one arena; the key also
 * as an integer, for the facts keyed by an id), or a curated table. */
struct rows {
	size_t n, ncol;
	const char **v; /* n * ncol */
	int64_t *id;
	char *arena;
};

/* ---- curated tables ---------------------------------------------------- */

/* One curated table: its file and its columns (in the file's header row,
 * any order; every row needs a non-empty value in each), and once read, its
 * rows: the values in the order of cols, by syscall, in file order within
 * one. */
struct datatab {
	const char *file;
	const char *cols[7]; /* NULL-terminated */
	struct rows rows;
};

enum { T_ALIAS, T_OBSOLETE, T_INTERNAL };
static struct datatab datatabs[] = {
	[T_ALIAS] = {"aliases.tsv", {"syscall", "wrapper", "kind", "source"}, {0}},
	[T_OBSOLETE] = {"obsolete.tsv", {"syscall", "arch", "reason", "replacement", "kernel", "source"},
			{0}},
	[T_INTERNAL] = {"internal.tsv", {"syscall", "source"}, {0}},
};

/* Rows (pointers to their first value) by first value, then file order. */
static int cmp_row(const void *a, const void *b)
{
	char **const *x = a, **const *y = b;
	int c = strcmp((*x)[0], (*y)[0]);
	return c ? c : (*x > *y) - (*x < *y);
}

/* Reads one data table (base/tsv.h), unless an earlier scan of this
 * process did: every column it names must have a value in every row. */
static int load_datatab(struct datatab *t)
{
	if (t->rows.v)
		return 0;
	size_t ncols = 0;
	while (ncols < ARRAY_SIZE(t->cols) && t->cols[ncols])
		ncols++;
	struct tsv in;
	if (tsv_open(&in, t->file, t->cols) < 0)
		return -1;
	struct strv vals = {0};
	int rc = 0, r = 0;
	while (rc == 0 && (r = tsv_next(&in)) > 0) {
		for (size_t i = 0; i < ncols && rc == 0; i++) {
			if (!*in.v[i]) {
				char *why = xasprintf("empty or missing '%s'", t->cols[i]);
				rc = tsv_fail(&in, why);
				free(why);
			} else {
				strv_push(&vals, in.v[i]);
			}
		}
	}
	if (r < 0)
		rc = -1;
	tsv_close(&in);
	if (rc < 0) {
		strv_free(&vals);
		return -1;
	}
	/* kept for the process: never freed */
	size_t n = vals.n / ncols;
	char ***order = xmalloc((n + 1) * sizeof(*order));
	for (size_t i = 0; i < n; i++)
		order[i] = vals.v + i * ncols;
	qsort(order, n, sizeof(*order), cmp_row);
	const char **v = xmalloc((n * ncols + 1) * sizeof(*v));
	for (size_t i = 0; i < n; i++)
		memcpy(v + i * ncols, order[i], ncols * sizeof(*v));
	free(order);
	free(vals.v);
	t->rows = (struct rows){.n = n, .ncol = ncols, .v = v};
	return 0;
}

/* ---- facts of one scan, in memory --------------------------------------- */

/* The facts, ?1 = scan id, ?2 = the scan's primary ABI, in two rounds: the
 * syscalls and what the man pages say, then, with ?3 = the candidate
 * wrapper names of all syscalls (a JSON array, as the candidates depend on
 * the first round), what the libc and its headers say about those names.
 * Each query orders its rows by key first and then as the rule using them
 * needs: the first row of a key is the one taken when a rule takes one. */
enum {
	F_SYS, F_MAN_CAND, F_TREE, F_UNIMPL, F_SYSCALLS, F_NOWRAP, F_MAN_PROTO, F_MAN_PARAM,
	F_CODE, F_CODE_FN, F_CODE_IND, F_STUB, F_LIBC, F_DECL, F_DECL_PARAM, F_N
};
#define F_ROUND2 F_LIBC
/* the columns of F_MAN_PROTO */
enum { MP_FILE = 1, MP_ID, MP_VIA, MP_PARSED, MP_NPARAMS, MP_VARIADIC, MP_DEPRECATED, MP_LIBC };
static const char *const fact_sql[F_N] = {
	/* the syscalls of the primary ABI (ARM's private calls are not
	 * syscalls of the table), grouped by syscalls() */
	[F_SYS] = "SELECT name, nr, implemented, source FROM ksyscall"
		  " WHERE scan_id = ?1 AND arch = ?2 AND private = 0 ORDER BY name",
	/* A page whose NAME lists the syscall, which does not say "no wrapper",
	 * whose SYNOPSIS declares exactly one function (not in the syscall(2)
	 * form), and no page declares a function of the syscall's own name:
	 * that function is how the libc offers the syscall (sigaction(2): NAME
	 * "sigaction, rt_sigaction", SYNOPSIS sigaction()). */
	[F_MAN_CAND] = "SELECT DISTINCT n.name, p.w, mp.file, mp.id FROM man_page mp"
		       " JOIN man_name n ON n.page_id = mp.id"
		       " JOIN (SELECT q.page_id, MIN(q.name) AS w FROM man_proto q JOIN man_page qp"
		       "       ON qp.id = q.page_id WHERE qp.scan_id = ?1 AND q.via_syscall = 0"
		       "       GROUP BY q.page_id HAVING MIN(q.name) = MAX(q.name)) p"
		       "  ON p.page_id = mp.id"
		       " WHERE mp.scan_id = ?1 AND mp.nowrap = 0 AND p.w <> n.name"
		       " AND NOT EXISTS (SELECT 1 FROM man_proto q JOIN man_page qp ON qp.id = q.page_id"
		       "   WHERE qp.scan_id = ?1 AND q.via_syscall = 0 AND q.name = n.name)"
		       " ORDER BY n.name, mp.id",
	/* a kernel-tree scan in the same DB knows the entry points (a view has
	 * no rowid: its rows of one name and arch go by abi, then source) */
	[F_TREE] = "SELECT k.name, s.label, k.abi, c.entry, c.file || ':' || c.line"
		   " FROM ksyscall k JOIN scan s ON s.id = k.scan_id LEFT JOIN kcond c"
		   " ON c.scan_id = k.scan_id AND c.entry = k.entry"
		   " WHERE s.kind = 'kernel-tree' AND k.arch = ?2 AND k.implemented = 0"
		   " AND k.private = 0 ORDER BY k.name, s.sysroot, s.arch, s.variant, k.abi, k.source",
	[F_UNIMPL] = "SELECT name FROM man_unimplemented WHERE scan_id = ?1 ORDER BY name",
	[F_SYSCALLS] = "SELECT name, notes FROM man_syscalls WHERE scan_id = ?1"
		       " AND notes IS NOT NULL ORDER BY name, rowid",
	/* the pages naming a syscall that say "no wrapper" (nowrap_applies()
	 * decides whether the note is about this name) */
	[F_NOWRAP] = "SELECT n.name, mp.file, mp.nowrap_text FROM man_page mp JOIN man_name n"
		     " ON n.page_id = mp.id WHERE mp.scan_id = ?1 AND mp.nowrap ORDER BY n.name, mp.id",
	/* the SYNOPSIS prototypes, in page order: whether in the
	 * syscall(SYS_x, ...) form, typed, marked [[deprecated]], and whether
	 * the page is of the C library (pages of libnuma, libkeyutils...
	 * document other libraries) */
	[F_MAN_PROTO] = "SELECT q.name, mp.file, q.id, q.via_syscall, q.parsed, q.nparams, q.variadic,"
			" q.text LIKE '[[deprecated]]%',"
			" mp.library IS NULL OR mp.library LIKE '%(libc, -lc)%'"
			" FROM man_proto q JOIN man_page mp ON mp.id = q.page_id WHERE mp.scan_id = ?1"
			" ORDER BY q.name, mp.id, q.id",
	/* parameter types, by man_proto id */
	[F_MAN_PARAM] = "SELECT m.proto_id, m.idx, m.type FROM man_proto q JOIN man_page mp"
			" ON mp.id = q.page_id JOIN man_param m ON m.proto_id = q.id"
			" WHERE mp.scan_id = ?1 AND q.via_syscall = 0 AND q.parsed"
			" ORDER BY m.proto_id, m.idx, m.rowid",
	/* the machine code (libc_code.c): the functions that issue a syscall
	 * number themselves or within two calls, nearest first; by function,
	 * the numbers each issues itself; the stubs */
	[F_CODE] = "SELECT nr, func, MIN(depth) AS d, via, printf('0x%x', addr)"
		   " FROM code_syscall WHERE scan_id = ?1"
		   " AND nr IS NOT NULL AND depth <= 2 GROUP BY nr, func ORDER BY nr, d, func",
	[F_CODE_FN] = "SELECT DISTINCT func, nr FROM code_syscall WHERE scan_id = ?1"
		      " AND nr IS NOT NULL AND depth = 0 ORDER BY func, nr",
	/* the functions that reach code the pass cannot follow within two
	 * calls (through a register or memory: PLT, GOT, vDSO, pointers) */
	[F_CODE_IND] = "SELECT DISTINCT func FROM code_syscall WHERE scan_id = ?1 AND nr IS NULL"
		       " AND arg IS NULL AND depth <= 2 ORDER BY func",
	[F_STUB] = "SELECT func, err, addr FROM code_stub WHERE scan_id = ?1 ORDER BY func, addr",
	/* what the libc exports under a name, and from which library */
	[F_LIBC] = "SELECT y.name, y.version, y.is_default, l.id, l.path FROM libc_symbol y"
		   " JOIN libc_lib l ON l.id = y.lib_id WHERE y.scan_id = ?1"
		   " AND y.name IN (SELECT value FROM json_each(?3)) ORDER BY y.name",
	/* the headers' declarations: the first one counts */
	[F_DECL] = "SELECT name, header, id, nparams, variadic, via FROM decl WHERE scan_id = ?1"
		   " AND name IN (SELECT value FROM json_each(?3)) ORDER BY name, id",
	/* parameter types, by decl id */
	[F_DECL_PARAM] = "SELECT p.decl_id, p.idx, p.type FROM decl d JOIN decl_param p"
			 " ON p.decl_id = d.id WHERE d.scan_id = ?1"
			 " AND d.name IN (SELECT value FROM json_each(?3))"
			 " ORDER BY p.decl_id, p.idx, p.rowid",
};

/* Runs a fact query into rs: ?1 = scan id, ?2 = arch, ?3 = names. */
static int rows_load(struct db *db, struct rows *rs, const char *sql, int64_t scan_id,
		     const char *arch, const char *names)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, sql) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, scan_id);
	int np = sqlite3_bind_parameter_count(st);
	if (np >= 2)
		db_bind_text(st, 2, arch);
	if (np >= 3)
		db_bind_text(st, 3, names);
	size_t ncol = (size_t)sqlite3_column_count(st), cap = 0, *off = NULL;
	struct buf a = {0};
	int s;
	memset(rs, 0, sizeof(*rs));
	rs->ncol = ncol;
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		if (rs->n == cap) {
			cap = cap ? 2 * cap : 256;
			off = xrealloc(off, cap * ncol * sizeof(*off));
			rs->id = xrealloc(rs->id, cap * sizeof(*rs->id));
		}
		for (size_t i = 0; i < ncol; i++) {
			const unsigned char *t = sqlite3_column_text(st, (int)i);
			off[rs->n * ncol + i] = t ? a.len : SIZE_MAX;
			if (t)
				buf_add(&a, t, (size_t)sqlite3_column_bytes(st, (int)i) + 1);
		}
		rs->id[rs->n++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	/* the arena no longer moves: offsets become pointers */
	rs->arena = buf_steal(&a);
	rs->v = xmalloc((rs->n * ncol + 1) * sizeof(*rs->v));
	for (size_t i = 0; i < rs->n * ncol; i++)
		rs->v[i] = off[i] == SIZE_MAX ? NULL : rs->arena + off[i];
	free(off);
	return s == SQLITE_DONE ? 0 : db_fail(db, "classify");
}

static void rows_free(struct rows *rs)
{
	free(rs->v);
	free(rs->id);
	free(rs->arena);
}

/* The rows whose key is `key` (or, with key NULL, the integer `id`): the
 * values of the first, ncol per row; their count in *n. */
static const char *const *rows_get(const struct rows *rs, const char *key, int64_t id, size_t *n)
{
	size_t lo = 0, hi = rs->n, end;
#define ROW_CMP(i) (key ? strcmp(rs->v[(i) * rs->ncol], key) : (rs->id[i] > id) - (rs->id[i] < id))
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ROW_CMP(mid) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < rs->n && ROW_CMP(end) == 0; end++)
		;
#undef ROW_CMP
	*n = end - lo;
	return rs->v + lo * rs->ncol;
}

/* The value of column c of the first row of `key` in fact f, or NULL. */
static const char *fact1(const struct rows *f, const char *key, size_t c)
{
	size_t n;
	const char *const *row = rows_get(f, key, 0, &n);
	return n ? row[c] : NULL;
}

/* An integer column as text (NULL counts as 0, as sqlite3_column_int). */
static int num(const char *s)
{
	return s ? atoi(s) : 0;
}

static const char *col(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static char *dup_col(sqlite3_stmt *st, int i)
{
	return col(st, i) ? xstrdup(col(st, i)) : NULL;
}

/* A syscall of the primary ABI: a name in the table twice keeps its lowest
 * number, entry state and source; the other names of its number (also,
 * owned: "sync_file_range2" beside arm's arm_sync_file_range, 341, that
 * asm/unistd.h defines as it) are the same table entry, one syscall. */
struct sysc {
	const char *name, *src;
	int64_t nr;
	int impl;
	char *also;
};

static int cmp_sysc(const void *a, const void *b)
{
	const struct sysc *x = a, *y = b;
	return x->nr != y->nr ? (x->nr > y->nr) - (x->nr < y->nr) : strcmp(x->name, y->name);
}

/* The syscalls of F_SYS by number (grouped and sorted in SQL, 3 times the
 * cost). */
static struct sysc *syscalls(const struct rows *f, size_t *n)
{
	struct sysc *s = xmalloc((f->n + 1) * sizeof(*s));
	size_t k = 0;
	for (size_t i = 0; i < f->n; i++) {
		const char *const *row = f->v + i * f->ncol;
		int64_t nr = strtoll(row[1], NULL, 10);
		int impl = num(row[2]);
		if (!k || strcmp(s[k - 1].name, row[0])) {
			s[k++] = (struct sysc){row[0], row[3], nr, impl, NULL};
			continue;
		}
		struct sysc *c = &s[k - 1];
		if (nr < c->nr)
			c->nr = nr;
		if (impl < c->impl)
			c->impl = impl;
		if (row[3] && (!c->src || strcmp(row[3], c->src) < 0))
			c->src = row[3];
	}
	qsort(s, k, sizeof(*s), cmp_sysc);
	/* names of one number: the verdict goes by the first in strcmp order
	 * (the kernel's .tbl name where an ABI's header adds an alias:
	 * arm_sync_file_range), the others named in its evidence */
	size_t m = 0;
	for (size_t i = 0; i < k; i++) {
		if (m && s[m - 1].nr == s[i].nr) {
			struct sysc *c = &s[m - 1];
			char *also = c->also ? xasprintf("%s, %s", c->also, s[i].name)
					     : xstrdup(s[i].name);
			free(c->also);
			c->also = also;
			if (s[i].impl < c->impl)
				c->impl = s[i].impl;
			continue;
		}
		s[m++] = s[i];
	}
	*n = m;
	return s;
}

/* ---- one syscall -------------------------------------------------------- */

/* A candidate wrapper and what the libc and its headers say about it. */
struct cand {
	const char *wrapper, *how, *source, *defver, *lib, *header;
	const char *via; /* the public header that includes `header`, if another */
	char *compat;
	int present, linkable, nparams, variadic;
	const char *const *code; /* its F_CODE row for the syscall: it issues it */
	const char *const *stub; /* its F_STUB row */
	int64_t decl_id;
};

struct cls_run {
	struct db *db;
	int64_t scan_id;
	const char *arch;
	/* the man pages document glibc ("glibc provides no wrapper"): only a
	 * libc they speak of (flavour.h), or none known, can contradict them */
	int man_is_about_libc;
	/* the libc's machine code was read (scan.code_how): candidates are
	 * checked against it; else why not */
	int code;
	char *code_how;
	struct rows f[F_N];
	struct sysc *sys;
	size_t nsys;
	sqlite3_stmt *insert;
	/* the evidence of all verdicts, one after the other */
	FILE *evf;
	char *ev;
	size_t evlen;
};

/* The evidence list and the flags of one verdict. */
struct verdict {
	struct json j;
	struct strv flags;
};

static void ev_add(struct verdict *v, const char *source, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void ev_add(struct verdict *v, const char *source, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *fact;
	if (vasprintf(&fact, fmt, ap) < 0)
		fact = NULL;
	va_end(ap);
	json_obj_begin(&v->j);
	json_kstr(&v->j, "source", source);
	json_kstr(&v->j, "fact", fact ? fact : "(out of memory)");
	json_obj_end(&v->j);
	free(fact);
}

static void flag(struct verdict *v, const char *f)
{
	strv_push_unique(&v->flags, f);
}

static int idch(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Whether a page's "no wrapper" note is about `name`: the sentence with
 * "wrapper" either names functions ("no wrapper for tkill()", which is not
 * about tgkill on the same page) and `name` is one of them, or names none
 * ("no glibc wrapper for this system call", "no wrappers for these system
 * calls") and so is about every name of the page. A hedged note ("On some
 * architectures, there is no glibc wrapper": cacheflush(2)) claims nothing.
 * The stored note may hold the SYNOPSIS before it: only the sentence counts;
 * it is returned in *sent (malloc'd) for the evidence. */
static int nowrap_applies(const char *text, const char *name, char **sent)
{
	const char *w = NULL;
	*sent = NULL;
	for (const char *p = text; (p = strstr(p, "wrapper")); p++)
		w = p;
	if (!w)
		return 0;
	const char *start = text, *end = w + strcspn(w, ".;");
	for (const char *p = text; p < w; p++)
		if ((p[0] == '.' && p[1] == ' ') || !strncmp(p, "Note:", 5))
			start = p[0] == '.' ? p + 2 : p;
	char *s = xstrndup(start, (size_t)(end - start));
	int named = 0, hit = 0;
	size_t n = strlen(name);
	for (const char *p = s; p[0] && p[1]; p++) {
		if (p[0] != '(' || p[1] != ')')
			continue;
		named = 1;
		if ((size_t)(p - s) >= n && !strncmp(p - n, name, n) &&
		    (p - n == s || !idch(p[-(ptrdiff_t)n - 1])))
			hit = 1;
	}
	if ((named && !hit) || strstr(s, "some architectures")) {
		free(s);
		return 0;
	}
	*sent = s;
	return 1;
}

/* A type as both sides can agree on it: no qualifiers that do not change the
 * ABI (restrict, nullability), no spaces, glibc's "__" typedef prefix
 * dropped ("__pid_t" is "pid_t"), "T x[...]" written "T*". */
static char *canon_type(const char *t)
{
	static const char *const drop[] = {"__restrict", "restrict", "_Nullable", "_Nonnull",
					   "[[deprecated]]"};
	struct buf b = {0};
	buf_puts(&b, "");
	for (const char *p = t; *p;) {
		int word_start = p == t || !idch(p[-1]);
		size_t skip = 0;
		for (size_t i = 0; i < ARRAY_SIZE(drop) && !skip && word_start; i++) {
			size_t n = strlen(drop[i]);
			if (!strncmp(p, drop[i], n) && !idch(p[n]))
				skip = n;
		}
		if (!skip && word_start && p[0] == '_' && p[1] == '_')
			skip = 2;
		if (skip) {
			p += skip;
			continue;
		}
		if (*p == '[') {
			const char *e = strchr(p, ']');
			buf_putc(&b, '*');
			p = e ? e + 1 : p + strlen(p);
			continue;
		}
		if (*p != ' ')
			buf_putc(&b, *p);
		p++;
	}
	/* ABI-equal spellings: an enum parameter is an int (glibc declares
	 * getrlimit's resource as enum __rlimit_resource under _GNU_SOURCE);
	 * <sys/socket.h>'s __SOCKADDR_ARG and __CONST_SOCKADDR_ARG are
	 * transparent unions of sockaddr pointers */
	static const char *const same[][2] = {
		{"SOCKADDR_ARG", "structsockaddr*"},
		{"CONST_SOCKADDR_ARG", "conststructsockaddr*"},
	};
	for (size_t i = 0; i < ARRAY_SIZE(same); i++)
		if (!strcmp(b.p, same[i][0])) {
			b.len = 0;
			buf_puts(&b, same[i][1]);
		}
	if (str_starts(b.p, "enum") && !strchr(b.p, '*')) {
		b.len = 0;
		buf_puts(&b, "int");
	}
	return buf_steal(&b);
}

/* The page of the first SYNOPSIS prototype of `name`, in page order, that
 * is (via 1) or is not (via 0; -1: either) in the syscall(SYS_x, ...) form
 * and, unless c is 0, has column c of F_MAN_PROTO set; NULL if none. */
static const char *first_proto(const struct cls_run *r, const char *name, int via, int c)
{
	size_t n;
	const struct rows *f = &r->f[F_MAN_PROTO];
	for (const char *const *p = rows_get(f, name, 0, &n); n--; p += f->ncol)
		if ((via < 0 || num(p[MP_VIA]) == via) && (!c || num(p[c])))
			return p[MP_FILE];
	return NULL;
}

/* Signature drift: the man page's prototype of the wrapper and the header's
 * declaration differ in arity, variadicity or a canonical parameter type.
 * Several prototypes of different arity on the man pages (open(2): 2 and 3
 * parameters) stand for one variadic function with the fewest as fixed. */
static void check_drift(struct cls_run *r, struct verdict *v, const struct cand *w)
{
	int dn = w->nparams, dv = w->variadic, max_n = -1;
	size_t np;
	const struct rows *f = &r->f[F_MAN_PROTO];
	/* the typed prototypes: the first with the fewest parameters (not
	 * variadic before variadic), and the first with the declaration's */
	const char *const *first = NULL, *const *match = NULL;
	for (const char *const *p = rows_get(f, w->wrapper, 0, &np); np--; p += f->ncol) {
		if (num(p[MP_VIA]) || !num(p[MP_PARSED]))
			continue;
		int n = num(p[MP_NPARAMS]), var = num(p[MP_VARIADIC]);
		if (!first || n < num(first[MP_NPARAMS]) ||
		    (n == num(first[MP_NPARAMS]) && var < num(first[MP_VARIADIC])))
			first = p;
		if (n > max_n)
			max_n = n;
		if (!match && n == dn && var == dv)
			match = p;
	}
	if (!first)
		return;
	int min_n = num(first[MP_NPARAMS]);
	if (!match && !(dv && max_n > min_n && min_n == dn)) {
		int mv = num(first[MP_VARIADIC]);
		flag(v, "signature-drift");
		ev_add(v, "man", "%s declares %s() with %d parameter%s%s; %s declares %d%s",
		       first[MP_FILE], w->wrapper, min_n, min_n == 1 ? "" : "s", mv ? " and ..." : "",
		       w->header, dn, dv ? " and ..." : "");
		return;
	}
	const char *const *use = match ? match : first;
	/* the parameter types side by side, by index */
	size_t nm, nd;
	const struct rows *fm = &r->f[F_MAN_PARAM], *fd = &r->f[F_DECL_PARAM];
	const char *const *m = rows_get(fm, NULL, strtoll(use[MP_ID], NULL, 10), &nm);
	const char *const *d0 = rows_get(fd, NULL, w->decl_id, &nd);
	for (size_t i = 0; i < nm; i++, m += fm->ncol) {
		const char *const *d = d0;
		for (size_t k = 0; k < nd; k++, d += fd->ncol) {
			/* the same text is the same type: no canonicalising */
			if (num(d[1]) != num(m[1]) || (m[2] && d[2] && !strcmp(m[2], d[2])))
				continue;
			char *a = canon_type(m[2] ? m[2] : "");
			char *b = canon_type(d[2] ? d[2] : "");
			if (strcmp(a, b)) {
				flag(v, "signature-drift");
				ev_add(v, "man", "%s: parameter %d of %s() is '%s'; %s has '%s'",
				       use[MP_FILE], num(m[1]) + 1, w->wrapper, m[2], w->header, d[2]);
			}
			free(a);
			free(b);
		}
	}
}

/* "gettid@@GLIBC_2.30 in lib/x86_64-linux-gnu/libc.so.6" and the like. */
static void ev_symbol(struct verdict *v, const struct cand *c)
{
	if (!c->present) {
		ev_add(v, "libc", "no function %s() exported", c->wrapper);
		return;
	}
	if (c->linkable)
		ev_add(v, "libc", "%s%s%s exported by %s (default version: linkable)%s%s", c->wrapper,
		       c->defver ? "@@" : "", c->defver ? c->defver : "", c->lib,
		       c->compat ? "; compat versions " : "", c->compat ? c->compat : "");
	else
		ev_add(v, "libc", "%s exported by %s only as compat version %s: not linkable",
		       c->wrapper, c->lib, c->compat ? c->compat : "?");
	if (c->header && c->via) /* bits/resource.h is not to be included */
		ev_add(v, "headers", "%s() declared in %s, included by <%s>", c->wrapper, c->header,
		       c->via);
	else if (c->header)
		ev_add(v, "headers", "%s() declared in %s", c->wrapper, c->header);
	else
		ev_add(v, "headers", "no public header declares %s()", c->wrapper);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void cand_add(struct cand **c, size_t *nc, const char *wrapper, const char *how,
		     const char *source)
{
	*c = xrealloc(*c, (*nc + 1) * sizeof(**c));
	struct cand *k = &(*c)[(*nc)++];
	memset(k, 0, sizeof(*k));
	k->wrapper = wrapper;
	k->how = how;
	k->source = source;
}

/* What the libc and the headers say about a candidate: exported at all, in
 * a default version (the lowest such is its since), its compat versions,
 * the library (one with a default version first) and the first
 * declaration. */
static void cand_facts(struct cls_run *r, struct cand *k)
{
	size_t n, nv = 0;
	const char *const *y = rows_get(&r->f[F_LIBC], k->wrapper, 0, &n);
	const char **compat = xmalloc((n + 1) * sizeof(*compat));
	int64_t lib_id = 0;
	int lib_def = 0;
	k->present = n > 0;
	for (size_t i = 0; i < n; i++, y += r->f[F_LIBC].ncol) {
		int def = strcmp(y[2], "0") != 0;
		int64_t id = strtoll(y[3], NULL, 10);
		if (!k->lib || def > lib_def || (def == lib_def && id < lib_id)) {
			k->lib = y[4];
			lib_def = def;
			lib_id = id;
		}
		if (def) {
			k->linkable = 1;
			if (y[1] && (!k->defver || strcmp(y[1], k->defver) < 0))
				k->defver = y[1];
		} else if (y[1]) {
			compat[nv++] = y[1];
		}
	}
	if (nv)
		qsort(compat, nv, sizeof(*compat), cmp_str);
	struct buf b = {0};
	for (size_t i = 0; i < nv; i++)
		if (!i || strcmp(compat[i], compat[i - 1]))
			buf_printf(&b, "%s%s", b.len ? " " : "", compat[i]);
	k->compat = b.p; /* NULL: none */
	free(compat);
	const char *const *d = rows_get(&r->f[F_DECL], k->wrapper, 0, &n);
	if (n) {
		k->header = d[1];
		k->via = d[5];
		k->decl_id = strtoll(d[2], NULL, 10);
		k->nparams = num(d[3]);
		k->variadic = num(d[4]);
	}
}

/* What the machine code says of a candidate: whether it issues syscall nr
 * (itself or within two calls), whether it is a stub. */
static void cand_code(const struct cls_run *r, struct cand *k, int64_t nr)
{
	size_t n;
	const char *const *row = rows_get(&r->f[F_CODE], NULL, nr, &n);
	for (size_t i = 0; i < n && !k->code; i++, row += r->f[F_CODE].ncol)
		if (!strcmp(row[1], k->wrapper))
			k->code = row;
	row = rows_get(&r->f[F_STUB], k->wrapper, 0, &n);
	k->stub = n ? row : NULL;
}

/* Whether candidate i names a wrapper an earlier one named: its facts are
 * said once. */
static int cand_seen(const struct cand *c, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(c[k].wrapper, c[i].wrapper))
			return 1;
	return 0;
}

/* The syscall of number nr in the ABI's table, or NULL. */
static const char *sys_name(const struct cls_run *r, int64_t nr)
{
	size_t lo = 0, hi = r->nsys;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r->sys[mid].nr < nr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < r->nsys && r->sys[lo].nr == nr ? r->sys[lo].name : NULL;
}

/* The evidence of the machine code for a verdict: how the wrapper issues
 * the syscall, or that it does not (a curated row or a man page the code
 * contradicts: flag code-disagrees); the stubs among the candidates; for a
 * syscall no wrapper issues, the functions that do. */
static void ev_code(const struct cls_run *r, struct verdict *v, const char *name, int64_t nr,
		    const struct cand *c, size_t nc, const struct cand *w, int wrapped)
{
	if (!r->code) {
		ev_add(v, "code", "machine code %s", r->code_how ? r->code_how : "not read");
		return;
	}
	for (size_t i = 0; i < nc; i++)
		if (c[i].stub && c[i].present && !cand_seen(c, i)) {
			flag(v, "stub");
			ev_add(v, "code", "%s() at 0x%llx issues no syscall and only returns %s: a stub, no "
					  "wrapper", c[i].wrapper, strtoull(c[i].stub[2], NULL, 10), c[i].stub[1]);
		}
	if (w && w->code && !strcmp(w->code[2], "0")) {
		ev_add(v, "code", "%s() issues %s (%lld) at %s%s%s%s", w->wrapper, name, (long long)nr,
		       w->code[4], w->code[3] ? ", through " : "", w->code[3] ? w->code[3] : "",
		       w->code[3] ? "()" : "");
	} else if (w && w->code) {
		ev_add(v, "code", "%s() issues %s (%lld) %s calls down, through %s() at %s", w->wrapper,
		       name, (long long)nr, w->code[2], w->code[3] ? w->code[3] : "?", w->code[4]);
	} else if (w) {
		/* what it issues instead, by itself */
		size_t n;
		struct buf b = {0};
		const char *const *row = rows_get(&r->f[F_CODE_FN], w->wrapper, 0, &n);
		for (size_t i = 0; i < n && i < 6; i++, row += r->f[F_CODE_FN].ncol) {
			const char *o = sys_name(r, strtoll(row[1], NULL, 10));
			buf_printf(&b, "%s%s (%s)", b.len ? ", " : "", o ? o : "?", row[1]);
		}
		/* code it cannot follow may issue it: no contradiction then */
		int blind = fact1(&r->f[F_CODE_IND], w->wrapper, 0) != NULL;
		if (strcmp(w->how, "name") && wrapped && !blind)
			flag(v, "code-disagrees");
		ev_add(v, "code", "%s() does not issue %s (%lld) within two calls%s%s%s", w->wrapper, name,
		       (long long)nr, b.len ? "; it issues " : "", b.len ? b.p : "",
		       blind ? " (it calls or jumps through a register or memory, not followed: "
			       "the code cannot tell)"
		       : strcmp(w->how, "name") ? ": the machine code contradicts the wrapper named above"
						: "");
		buf_free(&b);
	} else {
		/* a candidate that issues it but is no wrapper for lack of a
		 * header or a default version (musl's capget(), arch_prctl()):
		 * the function is the wrapper, not other work */
		for (size_t i = 0; i < nc; i++)
			if (c[i].code && c[i].present && !cand_seen(c, i)) {
				ev_add(v, "code", "%s() issues %s (%lld) %s%s%s: it is the syscall's wrapper,"
						  " but %s", c[i].wrapper, name, (long long)nr,
				       strcmp(c[i].code[2], "0") ? "through " : "at ",
				       strcmp(c[i].code[2], "0") && c[i].code[3] ? c[i].code[3] : c[i].code[4],
				       strcmp(c[i].code[2], "0") ? "()" : "",
				       !c[i].linkable ? "only as a compat symbol no program links to"
						      : "no public header declares it");
				return;
			}
		size_t n;
		struct buf b = {0};
		const char *const *row = rows_get(&r->f[F_CODE], NULL, nr, &n);
		size_t shown = 0;
		for (size_t i = 0; i < n; i++, row += r->f[F_CODE].ncol)
			if (!strcmp(row[2], "0") && shown++ < 4)
				buf_printf(&b, "%s%s()", b.len ? ", " : "", row[1]);
		if (shown)
			ev_add(v, "code", "issued only inside %s%s, which wrap other things", b.p,
			       shown > 4 ? " and others" : "");
		else
			ev_add(v, "code", "no function of the libc issues %s (%lld) itself", name,
			       (long long)nr);
		buf_free(&b);
	}
}

/* Whether the kernel named syscall `sys` after the libc function `fn` by
 * one of its renaming conventions: a newer or wider variant gets a suffix
 * (pread64, faccessat2, signalfd4, chown32, clock_gettime64,
 * clock_nanosleep_time64), the realtime signal calls an rt_ prefix
 * (rt_sigprocmask), a replaced layout a new prefix (newfstatat,
 * _newselect); POSIX's posix_ prefix is not the kernel's (fadvise64 of
 * posix_fadvise). Only a candidate: the machine code must show that fn
 * issues sys (docs/verdicts.md). */
static int renamed_from(const char *sys, const char *fn)
{
	static const char *const pre[] = {"", "rt_", "new", "_new", NULL};
	static const char *const suf[] = {"", "2", "3", "4", "6", "32", "64", "_64", "64_64",
					  "_time64", NULL};
	if (fn[0] == '_')
		return 0; /* no public name */
	if (str_starts(fn, "posix_"))
		fn += 6;
	size_t n = strlen(fn);
	for (const char *const *p = pre; *p; p++) {
		size_t lp = strlen(*p);
		if (strncmp(sys, *p, lp) || strncmp(sys + lp, fn, n))
			continue;
		for (const char *const *x = suf; *x; x++)
			if (!strcmp(sys + lp + n, *x) && (lp || **x))
				return 1;
	}
	return 0;
}

/* The candidate wrappers of a syscall, best first (docs/verdicts.md): 0 a
 * curated "instead" name (the libc function named like the syscall is
 * unrelated; wrapper '-': and there is no other), 1 the syscall's own name,
 * 2 a function that the machine code shows issuing it, named after it by
 * the kernel's conventions, 3 a name derived from the man pages, 4 a
 * curated alias. */
static struct cand *candidates(const struct cls_run *r, const char *name, int64_t nr, size_t *nc)
{
	const struct rows *al = &datatabs[T_ALIAS].rows;
	struct cand *c = NULL;
	int instead = 0;
	size_t na, n;
	const char *const *a0 = rows_get(al, name, 0, &na), *const *a = a0;
	*nc = 0;
	for (size_t i = 0; i < na; i++, a += al->ncol) {
		if (strcmp(a[2], "instead"))
			continue;
		instead = 1;
		if (strcmp(a[1], "-"))
			cand_add(&c, nc, a[1], "data", a[3]);
	}
	if (!instead)
		cand_add(&c, nc, name, "name", NULL);
	const char *const *k = rows_get(&r->f[F_CODE], NULL, nr, &n);
	for (size_t i = 0; i < n; i++, k += r->f[F_CODE].ncol)
		if (!strcmp(k[2], "0") && renamed_from(name, k[1]))
			cand_add(&c, nc, k[1], "code", NULL);
	const char *const *m = rows_get(&r->f[F_MAN_CAND], name, 0, &n);
	for (size_t i = 0; i < n; i++, m += r->f[F_MAN_CAND].ncol)
		cand_add(&c, nc, m[1], "man", m[2]);
	a = a0;
	for (size_t i = 0; i < na; i++, a += al->ncol)
		if (!strcmp(a[2], "alias"))
			cand_add(&c, nc, a[1], "data", a[3]);
	return c;
}

/* ?3 of the second round of facts: the candidates of every syscall, as a
 * JSON array (NULL when out of memory). */
static char *candidate_names(const struct cls_run *r)
{
	char *names = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&names, &len);
	if (!f)
		return NULL;
	struct json j;
	json_init(&j, f, 0);
	json_arr_begin(&j);
	for (size_t i = 0; i < r->nsys; i++) {
		size_t nc;
		struct cand *c = candidates(r, r->sys[i].name, r->sys[i].nr, &nc);
		for (size_t k = 0; k < nc; k++)
			json_str(&j, c[k].wrapper);
		free(c);
	}
	json_arr_end(&j);
	fclose(f);
	return names;
}

/* Classifies one syscall and inserts its verdict (docs/verdicts.md). */
static int classify_one(struct cls_run *r, const char *name, int64_t nr, int impl,
			const char *ksrc, const char *also)
{
	struct verdict v = {0};
	size_t ev_start = r->evlen;
	json_init(&v.j, r->evf, 0);
	json_arr_begin(&v.j);
	ev_add(&v, "kernel", "%s table: %s = %lld (%s)", r->arch, name, (long long)nr,
	       ksrc ? ksrc : "?");
	if (also)
		ev_add(&v, "kernel", "%s table: %s = %lld too: the same entry, one syscall", r->arch,
		       also, (long long)nr);

	/* obsolete because the kernel does not implement it on this ABI */
	int removed = 0, deprecated = 0;
	if (!impl) {
		removed = 1;
		if (ktable_name_placeholder(name))
			ev_add(&v, "kernel", "%s: the table's name marks a placeholder slot, no"
			       " syscall: not implemented", name);
		else
			ev_add(&v, "kernel", "entry is sys_ni_syscall or empty: not implemented");
	}
	size_t n;
	const char *const *row = rows_get(&r->f[F_TREE], name, 0, &n);
	if (n) {
		removed = 1;
		if (row[3]) /* a stub left where the implementation was removed */
			ev_add(&v, "kernel", "%s: %s is only the COND_SYSCALL() at %s, defined nowhere"
			       " in the tree: removed (%s ABI)", row[1], row[3], row[4], row[2]);
		else
			ev_add(&v, "kernel", "%s: no entry point for %s (%s ABI)", row[1], name, row[2]);
	}
	if (fact1(&r->f[F_UNIMPL], name, 0)) {
		removed = 1;
		ev_add(&v, "man", "unimplemented(2) lists %s", name);
	}
	const char *notes = fact1(&r->f[F_SYSCALLS], name, 1);
	if (notes) {
		if (strcasestr(notes, "removed in") && !strstr(notes, " only")) {
			removed = 1;
			ev_add(&v, "man", "syscalls(2): %s: %s", name, notes);
		} else if (strcasestr(notes, "deprecated") || str_starts(notes, "Old variant") ||
			   str_starts(notes, "Name of the old")) {
			deprecated = 1;
			ev_add(&v, "man", "syscalls(2): %s: %s", name, notes);
		}
	}
	/* the curated rows for this ABI or all: removed ones first, then this
	 * ABI's before the general ones, else in file order */
	const struct rows *ob = &datatabs[T_OBSOLETE].rows;
	const char *const *o0 = rows_get(ob, name, 0, &n);
	for (int pass = 0; pass < 4; pass++) {
		const char *const *o = o0;
		for (size_t i = 0; i < n; i++, o += ob->ncol) {
			const char *reason = o[2], *repl = o[3], *kern = o[4];
			int rem = !strcmp(reason, "removed"), any = !strcmp(o[1], "*");
			if ((!any && strcmp(o[1], r->arch)) || rem != (pass < 2) || any != (pass & 1))
				continue;
			removed |= rem;
			deprecated |= !rem;
			ev_add(&v, "data", "obsolete.tsv: %s%s%s%s%s%s (%s)", reason,
			       strcmp(kern, "-") ? " in Linux " : "", strcmp(kern, "-") ? kern : "",
			       strcmp(repl, "-") ? "; use " : "", strcmp(repl, "-") ? repl : "",
			       any ? "" : " on this ABI", o[5]);
		}
	}
	const char *dep_file = first_proto(r, name, -1, MP_DEPRECATED);
	if (dep_file) {
		deprecated = 1;
		ev_add(&v, "man", "%s: SYNOPSIS marks %s [[deprecated]]", dep_file, name);
	}
	const char *internal = fact1(&datatabs[T_INTERNAL].rows, name, 1);
	if (internal)
		ev_add(&v, "data", "internal.tsv: %s", internal);

	/* the candidate wrappers, best first */
	size_t nc;
	struct cand *c = candidates(r, name, nr, &nc);
	for (size_t i = 0; i < nc; i++) {
		cand_facts(r, &c[i]);
		cand_code(r, &c[i], nr);
	}
	/* a stub is no wrapper, whatever its name */
	const struct cand *w = NULL;
	for (size_t i = 0; i < nc && !w; i++)
		if (c[i].linkable && c[i].header && !c[i].stub)
			w = &c[i];
	int any_present = 0;
	for (size_t i = 0; i < nc; i++) {
		if (!strcmp(c[i].how, "man"))
			ev_add(&v, "man", "%s: NAME lists %s, SYNOPSIS declares one function, %s()",
			       c[i].source, name, c[i].wrapper);
		else if (!strcmp(c[i].how, "data") && (c[i].present || &c[i] == w))
			/* a row of another libc's (musl's getdents) is no fact of
			 * this one: the "none exported" line below names it */
			ev_add(&v, "data", "aliases.tsv: %s is offered as %s() (%s)", name, c[i].wrapper,
			       c[i].source);
		/* a wrapper named twice (by the code and a man page) has its
		 * symbol facts once */
		if (!cand_seen(c, i) && (c[i].present || &c[i] == w || !strcmp(c[i].wrapper, name))) {
			ev_symbol(&v, &c[i]);
			any_present |= c[i].present;
		}
		if (&c[i] != w && !w && c[i].linkable && !c[i].header)
			flag(&v, "symbol-without-header");
		if (!w && c[i].present && !c[i].linkable)
			flag(&v, "compat-only");
	}
	ev_code(r, &v, name, nr, c, nc, w, !removed && !internal && w);
	if (!any_present && nc > 1) {
		struct buf names = {0};
		for (size_t i = 0; i < nc; i++)
			if (strcmp(c[i].wrapper, name) && !cand_seen(c, i))
				buf_printf(&names, "%s%s()", names.len ? ", " : "", c[i].wrapper);
		ev_add(&v, "libc", "none of %s exported either", names.p);
		buf_free(&names);
	}

	/* what the man pages say about a wrapper of this name */
	const char *nowrap_file = first_proto(r, name, 0, 0) ? NULL : first_proto(r, name, 1, 0);
	char *nowrap_text = NULL;
	if (nowrap_file) {
		nowrap_text = xasprintf("SYNOPSIS shows only syscall(SYS_%s, ...)", name);
	} else {
		row = rows_get(&r->f[F_NOWRAP], name, 0, &n);
		for (size_t i = 0; i < n && !nowrap_file; i++, row += r->f[F_NOWRAP].ncol)
			if (nowrap_applies(row[2] ? row[2] : "", name, &nowrap_text))
				nowrap_file = row[1];
	}
	const char *proto_file = first_proto(r, name, 0, MP_LIBC);

	const char *cls;
	if (removed)
		cls = "obsolete";
	else if (internal)
		cls = "internal";
	else if (w)
		cls = "wrapped";
	else if (deprecated)
		cls = "obsolete";
	else
		cls = "missing";
	if (w && !strcmp(cls, "wrapped")) {
		if (strcmp(w->wrapper, name))
			flag(&v, "alias");
		if (deprecated)
			flag(&v, "deprecated");
		if (nowrap_file && !strcmp(w->wrapper, name) && r->man_is_about_libc) {
			flag(&v, "man-stale");
			ev_add(&v, "man", "%s says there is no wrapper (%s), but the libc has %s()",
			       nowrap_file, nowrap_text, name);
		}
		check_drift(r, &v, w);
	}
	if (!strcmp(cls, "missing") && proto_file && !nowrap_file && r->man_is_about_libc) {
		flag(&v, "man-stale");
		ev_add(&v, "man", "%s declares %s() as a library function, but the libc has no "
				  "linkable, declared %s()", proto_file, name, name);
	}
	if (nowrap_file && strcmp(cls, "wrapped"))
		ev_add(&v, "man", "%s: %s", nowrap_file, nowrap_text);

	json_arr_end(&v.j);
	struct buf fl = {0};
	buf_puts(&fl, "");
	for (size_t i = 0; i < v.flags.n; i++)
		buf_printf(&fl, "%s%s", i ? "," : "", v.flags.v[i]);
	sqlite3_stmt *st = r->insert;
	sqlite3_bind_int64(st, 1, r->scan_id);
	db_bind_text(st, 2, name);
	sqlite3_bind_int64(st, 3, nr);
	db_bind_text(st, 4, cls);
	db_bind_text(st, 5, w && !strcmp(cls, "wrapped") ? w->wrapper : NULL);
	db_bind_text(st, 6, w && !strcmp(cls, "wrapped") ? w->defver : NULL);
	db_bind_text(st, 7, fl.p);
	/* the flush brings r->ev and r->evlen up to date */
	int rc = fflush(r->evf) ? err_set(EXIT_INTERNAL, "evidence: out of memory") : 0;
	if (rc == 0) {
		sqlite3_bind_text(st, 8, r->ev + ev_start, (int)(r->evlen - ev_start), SQLITE_TRANSIENT);
		rc = db_step_done(r->db, st);
	}
	buf_free(&fl);
	strv_free(&v.flags);
	free(nowrap_text);
	for (size_t i = 0; i < nc; i++)
		free(c[i].compat);
	free(c);
	return rc;
}

/* ---- a scan ------------------------------------------------------------- */

/* The missing syscalls of scan_id whose signature sources disagree (the
 * man page, other libraries' headers, the kernel's prototype of the newest
 * kernel-tree scan in the DB: types/typing.h) get the signature-drift flag
 * and the evidence: every signature and what the generated wrapper takes. */
static int flag_drift(struct db *db, int64_t scan_id)
{
	const struct arch_desc *abi[64];
	size_t nabi = 0;
	struct typing *t = NULL;
	sqlite3_stmt *st = NULL, *up = NULL;
	int rc = typing_abis(db, &scan_id, 1, NULL, abi, ARRAY_SIZE(abi), &nabi);
	if (rc == 0)
		rc = typing_open(db, &scan_id, 1, abi, nabi, &t);
	if (rc == 0 &&
	    (db_prepare(db, &st, "SELECT DISTINCT name FROM verdict WHERE scan_id = ?1"
				 " AND class = 'missing' ORDER BY name") < 0 ||
	     db_prepare(db, &up, "UPDATE verdict SET flags = flags || CASE flags WHEN '' THEN ''"
				 " ELSE ',' END || 'signature-drift', evidence = json_insert(evidence,"
				 " '$[#]', json_object('source', 'man', 'fact', ?3))"
				 " WHERE scan_id = ?1 AND name = ?2") < 0))
		rc = -1;
	if (st)
		sqlite3_bind_int64(st, 1, scan_id);
	int s = SQLITE_DONE;
	while (rc == 0 && st && (s = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 0);
		struct typed w = {0};
		/* the generator's names: C identifiers it can prefix */
		if (!is_c_identifier(name) || strlen(name) > GEN_ID_MAX - 12)
			continue;
		snprintf(w.name, sizeof(w.name), "%s", name);
		rc = typing_type(t, &w);
		if (rc < 0 || !w.drift[0])
			continue;
		sqlite3_bind_int64(up, 1, scan_id);
		db_bind_text(up, 2, w.name);
		db_bind_text(up, 3, w.drift);
		rc = db_step_done(db, up);
	}
	if (rc == 0 && s != SQLITE_DONE)
		rc = db_fail(db, "read verdicts");
	sqlite3_finalize(st);
	sqlite3_finalize(up);
	typing_close(t);
	return rc;
}

int classify_scan(struct db *db, int64_t scan_id)
{
	sqlite3_stmt *st;
	char *kind = NULL, *arch = NULL, *label = NULL, *code_how = NULL;
	int glibc = 1;
	if (db_prepare(db, &st, "SELECT kind, arch, label, libc_flavour, code_how FROM scan"
				" WHERE id = ?1") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, scan_id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		kind = dup_col(st, 0);
		arch = dup_col(st, 1);
		label = dup_col(st, 2);
		const struct libc_flavour *f = libc_flavour_find(col(st, 3));
		glibc = !col(st, 3) || (f && f->man_pages_speak);
		code_how = dup_col(st, 4);
	}
	sqlite3_finalize(st);
	if (!kind)
		return err_set(EXIT_USAGE, "%s: no scan %lld", db->path, (long long)scan_id);
	if (strcmp(kind, "sysroot")) {
		debug("classify: scan %s is a %s scan: no libc to classify against", label, kind);
		free(kind);
		free(arch);
		free(label);
		free(code_how);
		return 0;
	}
	uint64_t t0 = now_ns();
	struct cls_run r = {.db = db, .scan_id = scan_id, .arch = arch, .man_is_about_libc = glibc,
			    .code = code_how && str_starts(code_how, "Capstone"), .code_how = code_how};
	int rc = 0, in_tx = 0, checks_off = 0;
	char *names = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(datatabs) && rc == 0; i++)
		rc = load_datatab(&datatabs[i]);
	if (rc == 0)
		rc = db_exec(db, "BEGIN IMMEDIATE");
	in_tx = rc == 0;
	for (int i = 0; i < F_N && rc == 0; i++) {
		if (i == F_ROUND2)
			r.sys = syscalls(&r.f[F_SYS], &r.nsys);
		if (i == F_ROUND2 && !(names = candidate_names(&r)))
			rc = err_set(EXIT_INTERNAL, "classify: out of memory");
		if (rc == 0)
			rc = rows_load(db, &r.f[i], fact_sql[i], scan_id, arch, names);
	}
	if (rc == 0 && !(r.evf = open_memstream(&r.ev, &r.evlen)))
		rc = err_set(EXIT_INTERNAL, "open_memstream: out of memory");
	if (rc == 0) {
		/* the stream is this run's alone: no lock per character */
		__fsetlocking(r.evf, FSETLOCKING_BYCALLER);
		/* class is one of classify_classes: verdict's CHECK on it, an IN
		 * list that SQLite builds as a table for every row, was 40% of
		 * the cost of an insert. The pragma applies to statements
		 * prepared (or re-prepared: setting it expires them) while on. */
		rc = db_exec(db, "PRAGMA ignore_check_constraints=ON");
		checks_off = rc == 0;
		if (rc == 0)
			rc = db_prepare(db, &r.insert, "INSERT INTO verdict(scan_id, name, nr, class,"
						       " wrapper, since, flags, evidence)"
						       " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
	}
	if (rc == 0 && db_prepare(db, &st, "DELETE FROM verdict WHERE scan_id = ?1") == 0) {
		sqlite3_bind_int64(st, 1, scan_id);
		rc = db_step_done(db, st);
		sqlite3_finalize(st);
	} else if (rc == 0) {
		rc = -1;
	}
	size_t count = 0;
	for (; rc == 0 && count < r.nsys; count++)
		rc = classify_one(&r, r.sys[count].name, r.sys[count].nr, r.sys[count].impl,
				  r.sys[count].src, r.sys[count].also);
	sqlite3_finalize(r.insert);
	if (checks_off && db_exec(db, "PRAGMA ignore_check_constraints=OFF") < 0)
		rc = -1;
	/* the man page against a scanned kernel tree's prototypes, as gen types */
	if (rc == 0)
		rc = flag_drift(db, scan_id);
	/* when Linux added each, for the reports (ksince.h) */
	if (rc == 0)
		rc = ksince_store(db, scan_id, arch);
	if (r.evf)
		fclose(r.evf);
	free(r.ev);
	free(names);
	for (size_t i = 0; i < r.nsys; i++)
		free(r.sys[i].also);
	free(r.sys);
	for (int i = 0; i < F_N; i++)
		rows_free(&r.f[i]);
	if (rc == 0)
		rc = db_exec(db, "COMMIT");
	else if (in_tx)
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	if (rc == 0) {
		if (!count)
			note("classify: scan %s has no syscalls for %s: nothing to classify", label, arch);
		debug("classify %s: %zu verdicts in %.1f ms", label, count,
		      (double)(now_ns() - t0) / 1e6);
	} else {
		err_prefix("classify %s", label);
	}
	free(kind);
	free(arch);
	free(label);
	free(code_how);
	return rc < 0 ? -1 : (int)count;
}

int classify_select(struct db *db, const char *sel, int64_t **ids, size_t *n)
{
	sqlite3_stmt *st;
	*ids = NULL;
	*n = 0;
	if (db_prepare(db, &st, "SELECT id FROM scan WHERE kind = 'sysroot'"
				" AND (?1 IS NULL OR label = ?1 OR CAST(id AS TEXT) = ?1) ORDER BY id") < 0)
		return -1;
	db_bind_text(st, 1, sel);
	while (sqlite3_step(st) == SQLITE_ROW) {
		*ids = xrealloc(*ids, (*n + 1) * sizeof(**ids));
		(*ids)[(*n)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	if (!*n && sel)
		return err_set(EXIT_USAGE, "--scan %s: no sysroot scan with this label or id in %s", sel,
			       db->path);
	return 0;
}

int classify_print_counts(struct db *db, int64_t scan_id, FILE *f)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT s.label, s.arch, (SELECT COUNT(*) FROM verdict v WHERE"
				" v.scan_id = s.id), (SELECT COUNT(*) FROM verdict v WHERE v.scan_id ="
				" s.id AND v.class = ?2), (SELECT COUNT(*) FROM verdict v WHERE v.scan_id"
				" = s.id AND v.class = ?3), (SELECT COUNT(*) FROM verdict v WHERE"
				" v.scan_id = s.id AND v.class = ?4), (SELECT COUNT(*) FROM verdict v"
				" WHERE v.scan_id = s.id AND v.class = ?5) FROM scan s WHERE s.id = ?1"
				/* a kernel tree has no verdicts: no line */
				" AND s.kind = 'sysroot'") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, scan_id);
	for (int i = 0; i < 4; i++)
		db_bind_text(st, i + 2, classify_classes[i]);
	if (sqlite3_step(st) == SQLITE_ROW)
		fprintf(f, "%s (%s): %d syscalls: %d %swrapped%s, %d %sobsolete%s, %d %sinternal%s,"
			" %d %smissing%s\n",
			col(st, 0), col(st, 1), sqlite3_column_int(st, 2), sqlite3_column_int(st, 3),
			color_class(f, "wrapped"), color_end(f), sqlite3_column_int(st, 4),
			color_class(f, "obsolete"), color_end(f), sqlite3_column_int(st, 5),
			color_class(f, "internal"), color_end(f), sqlite3_column_int(st, 6),
			color_class(f, "missing"), color_end(f));
	sqlite3_finalize(st);
	return 0;
}

static int check_classes(const char *fail_on)
{
	struct strv sv = {0};
	int rc = 0;
	split_list(fail_on, &sv);
	if (!sv.n)
		rc = err_set(EXIT_USAGE, "--fail-on takes a list of classes (wrapped, obsolete, "
					 "internal, missing)");
	for (size_t i = 0; i < sv.n && rc == 0; i++) {
		int ok = 0;
		for (size_t k = 0; k < ARRAY_SIZE(classify_classes); k++)
			ok |= !strcmp(sv.v[i], classify_classes[k]);
		if (!ok)
			rc = err_set(EXIT_USAGE, "--fail-on %s: unknown class (wrapped, obsolete, "
						 "internal, missing)", sv.v[i]);
	}
	strv_free(&sv);
	return rc;
}

int classify_check_options(const char *fail_on, const char *need)
{
	if (fail_on && check_classes(fail_on) < 0)
		return -1;
	if (!need)
		return 0;
	if (!fail_on)
		return err_set(EXIT_USAGE, "--need works with --fail-on (see --help)");
	struct strv sv = {0};
	split_list(need, &sv);
	int rc = sv.n ? 0 : err_set(EXIT_USAGE, "--need takes a list of syscall names");
	for (size_t i = 0; i < sv.n && rc == 0; i++)
		if (!is_c_identifier(sv.v[i]))
			rc = err_set(EXIT_USAGE, "--need %s: not a syscall name", sv.v[i]);
	strv_free(&sv);
	return rc;
}

/* -1 with err_set(EXIT_USAGE) if a name of `names` is no syscall of the
 * given scans. */
static int check_need(struct db *db, const int64_t *ids, size_t n, const struct strv *names)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT 1 FROM verdict WHERE scan_id = ?1 AND name = ?2") < 0)
		return -1;
	int rc = 0;
	for (size_t k = 0; k < names->n && rc == 0; k++) {
		int found = 0;
		for (size_t i = 0; i < n && !found; i++) {
			sqlite3_reset(st);
			sqlite3_bind_int64(st, 1, ids[i]);
			db_bind_text(st, 2, names->v[k]);
			found = sqlite3_step(st) == SQLITE_ROW;
		}
		if (!found)
			rc = err_set(EXIT_USAGE, "--need %s: no syscall of the classified scans has this name",
				     names->v[k]);
	}
	sqlite3_finalize(st);
	return rc;
}

int classify_fail_on(struct db *db, const int64_t *ids, size_t n, const char *fail_on,
		     const char *need)
{
	if (!fail_on)
		return 0;
	if (classify_check_options(fail_on, need) < 0)
		return -1;
	struct strv classes = {0}, names = {0};
	split_list(fail_on, &classes);
	if (need)
		split_list(need, &names);
	sqlite3_stmt *st;
	int hits = 0;
	if ((need && check_need(db, ids, n, &names) < 0) ||
	    db_prepare(db, &st, "SELECT s.label, v.name, v.class FROM verdict v JOIN scan s"
				" ON s.id = v.scan_id WHERE v.scan_id = ?1 ORDER BY v.nr, v.name") < 0) {
		strv_free(&classes);
		strv_free(&names);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, ids[i]);
		while (sqlite3_step(st) == SQLITE_ROW) {
			if (!strv_contains(&classes, col(st, 2)))
				continue;
			if (need && !strv_contains(&names, col(st, 1)))
				continue;
			hits++;
			say("--fail-on: %s: %s is %s", col(st, 0), col(st, 1), col(st, 2));
		}
	}
	sqlite3_finalize(st);
	strv_free(&classes);
	strv_free(&names);
	if (hits)
		say("--fail-on %s: %d syscall%s matched", fail_on, hits, hits == 1 ? "" : "s");
	return hits ? 1 : 0;
}
