/* classify.c: This file contains the verdict step (see classify.h and
 * docs/verdicts.md): it reads the facts of one sysroot scan and the curated
 * tables data/aliases.tsv, data/obsolete.tsv and data/internal.tsv, and
 * writes one verdict row per syscall of the scan's primary ABI.
 *
 * The joins run in SQL on temporary tables (the syscalls, the candidate
 * wrapper names of each, and what the libc and its headers say about every
 * candidate); the precedence of the rules and the evidence are plain C over
 * those rows, so that each rule is one readable test. Everything happens in
 * one transaction that first deletes the scan's earlier verdicts. */
#define _GNU_SOURCE
#include "classify.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "datafile.h"
#include "json.h"
#include "progress.h"

const char *const classify_classes[4] = {"wrapped", "obsolete", "internal", "missing"};

/* ---- curated tables ---------------------------------------------------- */

/* One curated table: its file, the temp table it fills and its columns (in
 * the file's header row, any order; every row needs a non-empty source). */
struct datatab {
	const char *file, *table;
	const char *cols[6];
};

static const struct datatab datatabs[] = {
	{"aliases.tsv", "cls_alias", {"syscall", "wrapper", "kind", "source"}},
	{"obsolete.tsv", "cls_obsolete",
	 {"syscall", "arch", "reason", "replacement", "kernel", "source"}},
	{"internal.tsv", "cls_internal", {"syscall", "source"}},
};

/* Splits a TSV line in place; returns the number of fields (at most max). */
static size_t split_tabs(char *line, char **f, size_t max)
{
	size_t n = 0;
	line[strcspn(line, "\r\n")] = 0;
	for (char *p = line; n < max;) {
		f[n++] = p;
		char *t = strchr(p, '\t');
		if (!t)
			break;
		*t = 0;
		p = t + 1;
	}
	return n;
}

/* Loads one data file into its temp table. Lines starting with '#' and
 * blank lines are comments; the first other line is the header. */
static int load_datatab(struct db *db, const struct datatab *t)
{
	size_t ncols = 0;
	while (ncols < ARRAY_SIZE(t->cols) && t->cols[ncols])
		ncols++;
	struct buf sql = {0};
	buf_printf(&sql, "DROP TABLE IF EXISTS temp.%s; CREATE TEMP TABLE %s(", t->table, t->table);
	for (size_t i = 0; i < ncols; i++)
		buf_printf(&sql, "%s%s TEXT", i ? ", " : "", t->cols[i]);
	buf_puts(&sql, ");");
	int rc = db_exec(db, sql.p);
	buf_free(&sql);
	if (rc < 0)
		return -1;
	FILE *f = datafile_open(t->file);
	if (!f)
		return -1;
	buf_printf(&sql, "INSERT INTO %s VALUES (", t->table);
	for (size_t i = 0; i < ncols; i++)
		buf_printf(&sql, "%s?%zu", i ? ", " : "", i + 1);
	buf_puts(&sql, ")");
	sqlite3_stmt *st = NULL;
	rc = db_prepare(db, &st, sql.p);
	buf_free(&sql);
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0, map[6], have_header = 0;
	while (rc == 0 && getline(&line, &cap, f) > 0) {
		lineno++;
		if (line[0] == '#' || line[strspn(line, " \t\r\n")] == 0)
			continue;
		char *fld[8];
		size_t nf = split_tabs(line, fld, ARRAY_SIZE(fld));
		if (!have_header) {
			for (size_t i = 0; i < ncols; i++) {
				map[i] = -1;
				for (size_t k = 0; k < nf; k++)
					if (!strcmp(fld[k], t->cols[i]))
						map[i] = (int)k;
				if (map[i] < 0)
					rc = err_set(EXIT_INPUT, "data/%s:%d: header has no '%s' column",
						     t->file, lineno, t->cols[i]);
			}
			have_header = 1;
			continue;
		}
		for (size_t i = 0; i < ncols && rc == 0; i++) {
			if (map[i] >= (int)nf || !*fld[map[i]])
				rc = err_set(EXIT_INPUT, "data/%s:%d: empty or missing '%s'", t->file,
					     lineno, t->cols[i]);
			else
				db_bind_text(st, (int)i + 1, fld[map[i]]);
		}
		if (rc == 0)
			rc = db_step_done(db, st);
	}
	if (rc == 0 && !have_header)
		rc = err_set(EXIT_INPUT, "data/%s: no header row", t->file);
	free(line);
	fclose(f);
	sqlite3_finalize(st);
	return rc;
}

/* ---- facts of one scan in temp tables ---------------------------------- */

/* ?1 = scan id, ?2 = the scan's primary ABI. */
static const char *const prepare_sql[] = {
	"DROP TABLE IF EXISTS temp.c_sys; DROP TABLE IF EXISTS temp.c_cand;"
	" DROP TABLE IF EXISTS temp.c_fn;"
	" CREATE TEMP TABLE c_sys(name TEXT PRIMARY KEY, nr INTEGER, impl INTEGER, src TEXT);"
	" CREATE TEMP TABLE c_cand(sys TEXT, wrapper TEXT, how TEXT, source TEXT, prio INTEGER);"
	" CREATE TEMP TABLE c_fn(w TEXT PRIMARY KEY, present INTEGER, linkable INTEGER,"
	"  defver TEXT, compat TEXT, lib TEXT, header TEXT, decl_id INTEGER)",
	/* the syscalls of the primary ABI (ARM's private calls are not syscalls
	 * of the table) */
	"INSERT INTO c_sys SELECT name, MIN(nr), MIN(implemented), MIN(source) FROM ksyscall"
	" WHERE scan_id = ?1 AND arch = ?2 AND private = 0 GROUP BY name",
	/* candidates, by priority: 0 a curated "instead" name (the libc function
	 * named like the syscall is unrelated; wrapper '-': and there is no
	 * other), 1 the syscall's own name, 2 a
	 * name derived from the man pages, 3 a curated alias */
	"INSERT INTO c_cand SELECT a.syscall, a.wrapper, 'data', a.source, 0"
	" FROM cls_alias a JOIN c_sys s ON s.name = a.syscall WHERE a.kind = 'instead'"
	" AND a.wrapper <> '-'",
	"INSERT INTO c_cand SELECT name, name, 'name', NULL, 1 FROM c_sys"
	" WHERE name NOT IN (SELECT syscall FROM cls_alias WHERE kind = 'instead')",
	/* A page whose NAME lists the syscall, which does not say "no wrapper",
	 * whose SYNOPSIS declares exactly one function (not in the syscall(2)
	 * form), and no page declares a function of the syscall's own name:
	 * that function is how the libc offers the syscall (sigaction(2): NAME
	 * "sigaction, rt_sigaction", SYNOPSIS sigaction()). */
	"INSERT INTO c_cand SELECT DISTINCT n.name, p.w, 'man', mp.file, 2"
	" FROM man_page mp JOIN man_name n ON n.page_id = mp.id"
	" JOIN c_sys s ON s.name = n.name"
	" JOIN (SELECT page_id, MIN(name) AS w FROM man_proto WHERE via_syscall = 0"
	"       GROUP BY page_id HAVING COUNT(DISTINCT name) = 1) p ON p.page_id = mp.id"
	" WHERE mp.scan_id = ?1 AND mp.nowrap = 0 AND p.w <> n.name"
	" AND NOT EXISTS (SELECT 1 FROM man_proto q JOIN man_page qp ON qp.id = q.page_id"
	"   WHERE qp.scan_id = ?1 AND q.via_syscall = 0 AND q.name = n.name)",
	"INSERT INTO c_cand SELECT a.syscall, a.wrapper, 'data', a.source, 3"
	" FROM cls_alias a JOIN c_sys s ON s.name = a.syscall WHERE a.kind = 'alias'",
	/* what the libc and its headers say about every candidate name */
	"INSERT INTO c_fn SELECT w,"
	" EXISTS (SELECT 1 FROM libc_symbol y WHERE y.scan_id = ?1 AND y.name = w),"
	" EXISTS (SELECT 1 FROM libc_symbol y WHERE y.scan_id = ?1 AND y.name = w AND y.is_default),"
	" (SELECT MIN(y.version) FROM libc_symbol y WHERE y.scan_id = ?1 AND y.name = w"
	"   AND y.is_default),"
	" (SELECT group_concat(v, ' ') FROM (SELECT DISTINCT y.version AS v FROM libc_symbol y"
	"   WHERE y.scan_id = ?1 AND y.name = w AND NOT y.is_default ORDER BY 1)),"
	" (SELECT l.path FROM libc_symbol y JOIN libc_lib l ON l.id = y.lib_id"
	"   WHERE y.scan_id = ?1 AND y.name = w ORDER BY y.is_default DESC, l.id LIMIT 1),"
	" (SELECT d.header FROM decl d WHERE d.scan_id = ?1 AND d.name = w ORDER BY d.id LIMIT 1),"
	" (SELECT d.id FROM decl d WHERE d.scan_id = ?1 AND d.name = w ORDER BY d.id LIMIT 1)"
	" FROM (SELECT DISTINCT wrapper AS w FROM c_cand)",
};

/* ---- one syscall -------------------------------------------------------- */

struct cand {
	char *wrapper, *how, *source, *defver, *compat, *lib, *header;
	int present, linkable;
	int64_t decl_id;
};

/* The statements run per syscall, prepared once per scan. */
enum {
	Q_CAND, Q_INTERNAL, Q_OBSOLETE, Q_UNIMPL, Q_SYSCALLS, Q_TREE, Q_VIA, Q_NOWRAP_PAGE,
	Q_PROTO, Q_PROTOS, Q_DEPRECATED, Q_DRIFT, Q_INSERT, Q_N
};
static const char *const per_sql[Q_N] = {
	[Q_CAND] = "SELECT c.wrapper, c.how, c.source, f.present, f.linkable, f.defver, f.compat,"
		   " f.lib, f.header, f.decl_id FROM c_cand c JOIN c_fn f ON f.w = c.wrapper"
		   " WHERE c.sys = ?1 ORDER BY c.prio, c.rowid",
	[Q_INTERNAL] = "SELECT source FROM cls_internal WHERE syscall = ?1",
	[Q_OBSOLETE] = "SELECT reason, replacement, kernel, source, arch FROM cls_obsolete"
		       " WHERE syscall = ?1 AND (arch = '*' OR arch = ?3)"
		       " ORDER BY reason = 'removed' DESC, arch = '*'",
	[Q_UNIMPL] = "SELECT 1 FROM man_unimplemented WHERE scan_id = ?2 AND name = ?1",
	[Q_SYSCALLS] = "SELECT kernel, notes FROM man_syscalls WHERE scan_id = ?2 AND name = ?1"
		       " AND notes IS NOT NULL",
	/* a kernel-tree scan in the same DB knows the entry points */
	[Q_TREE] = "SELECT s.label, k.abi FROM ksyscall k JOIN scan s ON s.id = k.scan_id"
		   " WHERE s.kind = 'kernel-tree' AND k.arch = ?3 AND k.name = ?1"
		   " AND k.implemented = 0 AND k.private = 0 LIMIT 1",
	/* the man pages show the syscall only in the syscall(SYS_x, ...) form */
	[Q_VIA] = "SELECT mp.file, mp.nowrap_text FROM man_proto q JOIN man_page mp"
		  " ON mp.id = q.page_id WHERE mp.scan_id = ?2 AND q.via_syscall = 1"
		  " AND q.name = ?1 AND NOT EXISTS (SELECT 1 FROM man_proto o JOIN man_page op"
		  "  ON op.id = o.page_id WHERE op.scan_id = ?2 AND o.via_syscall = 0"
		  "  AND o.name = ?1) ORDER BY mp.id LIMIT 1",
	/* the pages naming the syscall that say "no wrapper" (nowrap_applies()
	 * decides whether the note is about this name) */
	[Q_NOWRAP_PAGE] = "SELECT mp.file, mp.nowrap_text FROM man_page mp JOIN man_name n"
			  " ON n.page_id = mp.id WHERE mp.scan_id = ?2 AND n.name = ?1"
			  " AND mp.nowrap ORDER BY mp.id",
	/* a page of the C library declares a function of this name (pages of
	 * libnuma, libkeyutils... document other libraries) */
	[Q_PROTO] = "SELECT mp.file FROM man_proto q JOIN man_page mp ON mp.id = q.page_id"
		    " WHERE mp.scan_id = ?2 AND q.via_syscall = 0 AND q.name = ?1"
		    " AND (mp.library IS NULL OR mp.library LIKE '%(libc, -lc)%')"
		    " ORDER BY mp.id LIMIT 1",
	/* the typed prototypes of a function, fewest parameters first */
	[Q_PROTOS] = "SELECT mp.file, q.id, q.nparams, q.variadic FROM man_proto q"
		     " JOIN man_page mp ON mp.id = q.page_id WHERE mp.scan_id = ?2"
		     " AND q.via_syscall = 0 AND q.name = ?1 AND q.parsed"
		     " ORDER BY q.nparams, q.variadic, mp.id",
	[Q_DEPRECATED] = "SELECT mp.file FROM man_proto q JOIN man_page mp ON mp.id = q.page_id"
			 " WHERE mp.scan_id = ?2 AND q.name = ?1 AND q.text LIKE '[[deprecated]]%'"
			 " ORDER BY mp.id LIMIT 1",
	/* ?1 man_proto id, ?2 decl id: parameter types side by side */
	[Q_DRIFT] = "SELECT m.idx, m.type, d.type FROM man_param m JOIN decl_param d"
		    " ON d.idx = m.idx WHERE m.proto_id = ?1 AND d.decl_id = ?2 ORDER BY m.idx",
	[Q_INSERT] = "INSERT INTO verdict(scan_id, name, nr, class, wrapper, since, flags, evidence)"
		     " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
};

struct cls_run {
	struct db *db;
	int64_t scan_id;
	const char *arch;
	/* the man pages document glibc ("glibc provides no wrapper"): only a
	 * glibc (or unidentified) libc can contradict them */
	int man_is_about_libc;
	sqlite3_stmt *q[Q_N];
};

/* The evidence list and the flags of one verdict. */
struct verdict {
	struct json j;
	FILE *f;
	char *ev;
	size_t evlen;
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
	if (!strv_contains(&v->flags, f))
		strv_push(&v->flags, f);
}

static const char *col(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

/* Runs a per-syscall statement with ?1 = name, ?2 = scan id, ?3 = arch
 * (each statement uses the ones it names). */
static sqlite3_stmt *bind_q(struct cls_run *r, int q, const char *name)
{
	sqlite3_stmt *st = r->q[q];
	sqlite3_reset(st);
	int np = sqlite3_bind_parameter_count(st);
	if (np >= 1)
		db_bind_text(st, 1, name);
	if (np >= 2)
		sqlite3_bind_int64(st, 2, r->scan_id);
	if (np >= 3)
		db_bind_text(st, 3, r->arch);
	return st;
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

/* Signature drift: the man page's prototype of the wrapper and the header's
 * declaration differ in arity, variadicity or a canonical parameter type.
 * Several prototypes of different arity on the man pages (open(2): 2 and 3
 * parameters) stand for one variadic function with the fewest as fixed. */
static void check_drift(struct cls_run *r, struct verdict *v, const char *wrapper, int64_t decl_id,
			const char *decl_header)
{
	sqlite3_stmt *d;
	int dn = -1, dv = 0;
	if (db_prepare(r->db, &d, "SELECT nparams, variadic FROM decl WHERE id = ?1") == 0) {
		sqlite3_bind_int64(d, 1, decl_id);
		if (sqlite3_step(d) == SQLITE_ROW) {
			dn = sqlite3_column_int(d, 0);
			dv = sqlite3_column_int(d, 1);
		}
		sqlite3_finalize(d);
	}
	sqlite3_stmt *st = bind_q(r, Q_PROTOS, wrapper);
	char *file = NULL;
	int64_t proto_id = 0;
	int mn = -1, mv = 0, nprotos = 0, min_n = -1, max_n = -1, matched = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		int n = sqlite3_column_int(st, 2), var = sqlite3_column_int(st, 3);
		if (!nprotos++) {
			min_n = n;
			mn = n;
			mv = var;
			file = xstrdup(col(st, 0));
			proto_id = sqlite3_column_int64(st, 1);
		}
		max_n = n;
		if (!matched && n == dn && var == dv) {
			matched = 1;
			mn = n;
			mv = var;
			free(file);
			file = xstrdup(col(st, 0));
			proto_id = sqlite3_column_int64(st, 1);
		}
	}
	if (!nprotos || dn < 0)
		return;
	if (!matched && !(dv && max_n > min_n && min_n == dn)) {
		flag(v, "signature-drift");
		ev_add(v, "man", "%s declares %s() with %d parameter%s%s; %s declares %d%s", file,
		       wrapper, mn, mn == 1 ? "" : "s", mv ? " and ..." : "", decl_header, dn,
		       dv ? " and ..." : "");
		free(file);
		return;
	}
	st = r->q[Q_DRIFT];
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, proto_id);
	sqlite3_bind_int64(st, 2, decl_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		char *a = canon_type(col(st, 1) ? col(st, 1) : "");
		char *b = canon_type(col(st, 2) ? col(st, 2) : "");
		if (strcmp(a, b)) {
			flag(v, "signature-drift");
			ev_add(v, "man", "%s: parameter %d of %s() is '%s'; %s has '%s'", file,
			       sqlite3_column_int(st, 0) + 1, wrapper, col(st, 1), decl_header,
			       col(st, 2));
		}
		free(a);
		free(b);
	}
	free(file);
}

static void cand_free(struct cand *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(c[i].wrapper);
		free(c[i].how);
		free(c[i].source);
		free(c[i].defver);
		free(c[i].compat);
		free(c[i].lib);
		free(c[i].header);
	}
	free(c);
}

static char *dup_col(sqlite3_stmt *st, int i)
{
	return col(st, i) ? xstrdup(col(st, i)) : NULL;
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
	if (c->header)
		ev_add(v, "headers", "%s() declared in %s", c->wrapper, c->header);
	else
		ev_add(v, "headers", "no public header declares %s()", c->wrapper);
}

/* Classifies one syscall and inserts its verdict (docs/verdicts.md). */
static int classify_one(struct cls_run *r, const char *name, int64_t nr, int impl,
			const char *ksrc)
{
	struct verdict v = {0};
	v.f = open_memstream(&v.ev, &v.evlen);
	if (!v.f)
		return err_set(EXIT_INTERNAL, "open_memstream: out of memory");
	json_init(&v.j, v.f, 0);
	json_arr_begin(&v.j);
	ev_add(&v, "kernel", "%s table: %s = %lld (%s)", r->arch, name, (long long)nr,
	       ksrc ? ksrc : "?");

	/* obsolete because the kernel does not implement it on this ABI */
	int removed = 0, deprecated = 0;
	if (!impl) {
		removed = 1;
		ev_add(&v, "kernel", "entry is sys_ni_syscall or empty: not implemented");
	}
	sqlite3_stmt *st = bind_q(r, Q_TREE, name);
	if (sqlite3_step(st) == SQLITE_ROW) {
		removed = 1;
		ev_add(&v, "kernel", "%s: no entry point for %s (%s ABI)", col(st, 0), name, col(st, 1));
	}
	st = bind_q(r, Q_UNIMPL, name);
	if (sqlite3_step(st) == SQLITE_ROW) {
		removed = 1;
		ev_add(&v, "man", "unimplemented(2) lists %s", name);
	}
	st = bind_q(r, Q_SYSCALLS, name);
	if (sqlite3_step(st) == SQLITE_ROW) {
		const char *notes = col(st, 1);
		if (strcasestr(notes, "removed in") && !strstr(notes, " only")) {
			removed = 1;
			ev_add(&v, "man", "syscalls(2): %s: %s", name, notes);
		} else if (strcasestr(notes, "deprecated") || str_starts(notes, "Old variant") ||
			   str_starts(notes, "Name of the old")) {
			deprecated = 1;
			ev_add(&v, "man", "syscalls(2): %s: %s", name, notes);
		}
	}
	st = bind_q(r, Q_OBSOLETE, name);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *reason = col(st, 0), *repl = col(st, 1), *kern = col(st, 2);
		int rem = !strcmp(reason, "removed");
		removed |= rem;
		deprecated |= !rem;
		ev_add(&v, "data", "obsolete.tsv: %s%s%s%s%s%s (%s)", reason,
		       strcmp(kern, "-") ? " in Linux " : "", strcmp(kern, "-") ? kern : "",
		       strcmp(repl, "-") ? "; use " : "", strcmp(repl, "-") ? repl : "",
		       strcmp(col(st, 4), "*") ? " on this ABI" : "", col(st, 3));
	}
	st = bind_q(r, Q_DEPRECATED, name);
	if (sqlite3_step(st) == SQLITE_ROW) {
		deprecated = 1;
		ev_add(&v, "man", "%s: SYNOPSIS marks %s [[deprecated]]", col(st, 0), name);
	}
	int internal = 0;
	st = bind_q(r, Q_INTERNAL, name);
	if (sqlite3_step(st) == SQLITE_ROW) {
		internal = 1;
		ev_add(&v, "data", "internal.tsv: %s", col(st, 0));
	}

	/* the candidate wrappers, best first */
	struct cand *c = NULL;
	size_t nc = 0;
	st = bind_q(r, Q_CAND, name);
	while (sqlite3_step(st) == SQLITE_ROW) {
		c = xrealloc(c, (nc + 1) * sizeof(*c));
		struct cand *k = &c[nc++];
		k->wrapper = dup_col(st, 0);
		k->how = dup_col(st, 1);
		k->source = dup_col(st, 2);
		k->present = sqlite3_column_int(st, 3);
		k->linkable = sqlite3_column_int(st, 4);
		k->defver = dup_col(st, 5);
		k->compat = dup_col(st, 6);
		k->lib = dup_col(st, 7);
		k->header = dup_col(st, 8);
		k->decl_id = sqlite3_column_int64(st, 9);
	}
	const struct cand *w = NULL;
	for (size_t i = 0; i < nc && !w; i++)
		if (c[i].linkable && c[i].header)
			w = &c[i];
	int any_present = 0;
	for (size_t i = 0; i < nc; i++) {
		if (!strcmp(c[i].how, "man"))
			ev_add(&v, "man", "%s: NAME lists %s, SYNOPSIS declares only %s()", c[i].source,
			       name, c[i].wrapper);
		else if (!strcmp(c[i].how, "data"))
			ev_add(&v, "data", "aliases.tsv: %s is offered as %s() (%s)", name, c[i].wrapper,
			       c[i].source);
		if (c[i].present || &c[i] == w || !strcmp(c[i].wrapper, name)) {
			ev_symbol(&v, &c[i]);
			any_present |= c[i].present;
		}
		if (&c[i] != w && !w && c[i].linkable && !c[i].header)
			flag(&v, "symbol-without-header");
		if (!w && c[i].present && !c[i].linkable)
			flag(&v, "compat-only");
	}
	if (!any_present && nc > 1) {
		struct buf names = {0};
		for (size_t i = 0; i < nc; i++)
			if (strcmp(c[i].wrapper, name))
				buf_printf(&names, "%s%s()", names.len ? ", " : "", c[i].wrapper);
		ev_add(&v, "libc", "none of %s exported either", names.p);
		buf_free(&names);
	}

	/* what the man pages say about a wrapper of this name */
	char *nowrap_file = NULL, *nowrap_text = NULL, *proto_file = NULL;
	st = bind_q(r, Q_VIA, name);
	if (sqlite3_step(st) == SQLITE_ROW) {
		nowrap_file = xstrdup(col(st, 0));
		nowrap_text = xasprintf("SYNOPSIS shows only syscall(SYS_%s, ...)", name);
	} else {
		st = bind_q(r, Q_NOWRAP_PAGE, name);
		while (!nowrap_file && sqlite3_step(st) == SQLITE_ROW)
			if (nowrap_applies(col(st, 1) ? col(st, 1) : "", name, &nowrap_text))
				nowrap_file = xstrdup(col(st, 0));
	}
	st = bind_q(r, Q_PROTO, name);
	if (sqlite3_step(st) == SQLITE_ROW)
		proto_file = xstrdup(col(st, 0));

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
		check_drift(r, &v, w->wrapper, w->decl_id, w->header);
	}
	if (!strcmp(cls, "missing") && proto_file && !nowrap_file && r->man_is_about_libc) {
		flag(&v, "man-stale");
		ev_add(&v, "man", "%s declares %s() as a library function, but the libc has no "
				  "linkable, declared %s()", proto_file, name, name);
	}
	if (nowrap_file && strcmp(cls, "wrapped"))
		ev_add(&v, "man", "%s: %s", nowrap_file, nowrap_text);

	json_arr_end(&v.j);
	fclose(v.f);
	struct buf fl = {0};
	buf_puts(&fl, "");
	for (size_t i = 0; i < v.flags.n; i++)
		buf_printf(&fl, "%s%s", i ? "," : "", v.flags.v[i]);
	st = r->q[Q_INSERT];
	sqlite3_bind_int64(st, 1, r->scan_id);
	db_bind_text(st, 2, name);
	sqlite3_bind_int64(st, 3, nr);
	db_bind_text(st, 4, cls);
	db_bind_text(st, 5, w && !strcmp(cls, "wrapped") ? w->wrapper : NULL);
	db_bind_text(st, 6, w && !strcmp(cls, "wrapped") ? w->defver : NULL);
	db_bind_text(st, 7, fl.p);
	db_bind_text(st, 8, v.ev);
	int rc = db_step_done(r->db, st);
	buf_free(&fl);
	free(v.ev);
	strv_free(&v.flags);
	free(nowrap_file);
	free(nowrap_text);
	free(proto_file);
	cand_free(c, nc);
	return rc;
}

/* ---- a scan ------------------------------------------------------------- */

int classify_scan(struct db *db, int64_t scan_id)
{
	sqlite3_stmt *st;
	char *kind = NULL, *arch = NULL, *label = NULL;
	int glibc = 1;
	if (db_prepare(db, &st, "SELECT kind, arch, label, libc_flavour FROM scan WHERE id = ?1") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, scan_id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		kind = dup_col(st, 0);
		arch = dup_col(st, 1);
		label = dup_col(st, 2);
		glibc = !col(st, 3) || !strcmp(col(st, 3), "glibc");
	}
	sqlite3_finalize(st);
	if (!kind)
		return err_set(EXIT_USAGE, "%s: no scan %lld", db->path, (long long)scan_id);
	if (strcmp(kind, "sysroot")) {
		debug("classify: scan %s is a %s scan: no libc to classify against", label, kind);
		free(kind);
		free(arch);
		free(label);
		return 0;
	}
	uint64_t t0 = now_ns();
	struct cls_run r = {.db = db, .scan_id = scan_id, .arch = arch, .man_is_about_libc = glibc};
	int rc = db_exec(db, "BEGIN IMMEDIATE");
	int in_tx = rc == 0, count = 0;
	for (size_t i = 0; i < ARRAY_SIZE(datatabs) && rc == 0; i++)
		rc = load_datatab(db, &datatabs[i]);
	for (size_t i = 0; i < ARRAY_SIZE(prepare_sql) && rc == 0; i++) {
		if (i == 0) {
			rc = db_exec(db, prepare_sql[0]);
			continue;
		}
		if (db_prepare(db, &st, prepare_sql[i]) < 0) {
			rc = -1;
			break;
		}
		sqlite3_bind_int64(st, 1, scan_id);
		if (sqlite3_bind_parameter_count(st) >= 2)
			db_bind_text(st, 2, arch);
		rc = db_step_done(db, st);
		sqlite3_finalize(st);
	}
	for (int q = 0; q < Q_N && rc == 0; q++)
		rc = db_prepare(db, &r.q[q], per_sql[q]);
	if (rc == 0 && db_prepare(db, &st, "DELETE FROM verdict WHERE scan_id = ?1") == 0) {
		sqlite3_bind_int64(st, 1, scan_id);
		rc = db_step_done(db, st);
		sqlite3_finalize(st);
	} else if (rc == 0) {
		rc = -1;
	}
	if (rc == 0 && db_prepare(db, &st, "SELECT name, nr, impl, src FROM c_sys ORDER BY nr, name") == 0) {
		int s;
		while (rc == 0 && (s = sqlite3_step(st)) == SQLITE_ROW) {
			char *name = xstrdup(col(st, 0)), *src = dup_col(st, 3);
			rc = classify_one(&r, name, sqlite3_column_int64(st, 1), sqlite3_column_int(st, 2),
					  src);
			free(name);
			free(src);
			count++;
		}
		if (rc == 0 && s != SQLITE_DONE)
			rc = db_fail(db, "classify");
		sqlite3_finalize(st);
	} else if (rc == 0) {
		rc = -1;
	}
	for (int q = 0; q < Q_N; q++)
		sqlite3_finalize(r.q[q]);
	if (rc == 0)
		rc = db_exec(db, "DROP TABLE temp.c_sys; DROP TABLE temp.c_cand; DROP TABLE temp.c_fn");
	if (rc == 0)
		rc = db_exec(db, "COMMIT");
	else if (in_tx)
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	if (rc == 0) {
		if (!count)
			note("classify: scan %s has no syscalls for %s: nothing to classify", label, arch);
		debug("classify %s: %d verdicts in %.1f ms", label, count,
		      (double)(now_ns() - t0) / 1e6);
	} else {
		err_prefix("classify %s", label);
	}
	free(kind);
	free(arch);
	free(label);
	return rc < 0 ? -1 : count;
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
				" WHERE v.scan_id = s.id AND v.class = ?5) FROM scan s WHERE s.id = ?1") < 0)
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

int classify_check_classes(const char *fail_on)
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

int classify_fail_on(struct db *db, const int64_t *ids, size_t n, const char *fail_on,
		     const char *need)
{
	if (!fail_on)
		return 0;
	if (classify_check_classes(fail_on) < 0)
		return -1;
	struct strv classes = {0}, names = {0};
	split_list(fail_on, &classes);
	if (need)
		split_list(need, &names);
	sqlite3_stmt *st;
	int hits = 0;
	if (db_prepare(db, &st, "SELECT s.label, v.name, v.class FROM verdict v JOIN scan s"
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
			note("--fail-on: %s: %s is %s", col(st, 0), col(st, 1), col(st, 2));
		}
	}
	sqlite3_finalize(st);
	strv_free(&classes);
	strv_free(&names);
	if (hits)
		note("--fail-on %s: %d syscall%s matched", fail_on, hits, hits == 1 ? "" : "s");
	return hits ? 1 : 0;
}
