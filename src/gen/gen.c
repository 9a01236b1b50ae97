/* gen.c: the wrapper generator (see gen.h and docs/gen.md).
 *
 * For each selected syscall it takes the prototype the types stage gives
 * (types/typing.h: man page, another library's declaration, the kernel's
 * SYSCALL_DEFINE, data/gen_overrides.tsv, else six untyped longs), and
 * emits one header: per ABI an `#if <predef>` block with the
 * `__NR_` fallbacks of that ABI's scanned table and the trap primitives of
 * arch/ (arch_trap_emit), then one body per wrapper whose 64-bit arguments
 * are laid out per register width, pair alignment and endianness.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/out_cache.h"
#include "base/outfile.h"
#include "arch/arch.h"
#include "arch/arch_trap.h"
#include "base/datafile.h"
#include "gen/gen.h"
#include "types/kernel_types.h"
#include "types/typing.h"
#include "kernel/ktable.h"

const char *const gen_src_names[GEN_SRC_N] = {"man", "library", "kernel", "override", "untyped"};

struct gen {
	struct db *db;
	const struct gen_req *r;
	const struct arch_desc *abi[64];
	size_t nabi;
	struct typed *w;
	size_t nw;
	long long *nr;  /* nr[w * nabi + a] */
	char *has_nr;
	int have_ll;    /* some ABI has 32-bit registers */
	struct typing *t; /* the prototypes */
};

/* The ABIs to emit (typing_abis()), and whether one has 32-bit registers. */
static int pick_abis(struct gen *g)
{
	if (typing_abis(g->db, g->r->scans, g->r->nscans, g->r->arches, g->abi, ARRAY_SIZE(g->abi),
			&g->nabi) < 0)
		return -1;
	for (size_t i = 0; i < g->nabi; i++)
		if (g->abi[i]->trap->reg_bits < 64)
			g->have_ll = 1;
	return 0;
}

static int type_all(struct gen *g)
{
	int rc = 0;
	for (size_t i = 0; i < g->nw && rc == 0; i++)
		rc = typing_type(g->t, &g->w[i]);
	return rc;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct typed *)a)->name, ((const struct typed *)b)->name);
}

static struct typed *find_wrapper(struct gen *g, const char *name)
{
	struct typed key;
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
	/* syscov_sys_X is the raw form of X: a table name sys_X would give a
	 * second syscov_sys_X (no real syscall's name starts so) */
	if (str_starts(name, "sys_")) {
		note("gen: %s skipped: syscov_%s is the raw form of %s", name, name, name + 4);
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
			struct typed *w = r->private || !r->implemented ? NULL : find_wrapper(g, r->name);
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

/* ---- emission ---- */

static void put_decl(struct buf *b, const struct gen_type *t, const char *name)
{
	size_t n = strlen(t->text);
	buf_printf(b, "%s%s%s", t->text, n && t->text[n - 1] == '*' ? "" : " ", name);
}

static void put_sig(struct buf *b, const struct typed *w, const struct gen_type *ret,
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
static int layout(const struct typed *w, const struct type_override *abi_ov, unsigned reg_bits,
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
	if (w->sigset_size) { /* the kernel's sigset_t size, from the ABI's block */
		buf_puts(b, ", __SYSCOV_ARG(__SYSCOV_KSIGSET_BYTES)");
		slot++;
	}
	return slot > GEN_MAX_ARGS ? -1 : slot;
}

static void put_call(struct buf *b, const struct typed *w, const struct type_override *abi_ov,
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

static int wrapper_has_ll(const struct typed *w)
{
	for (int i = 0; i < w->np; i++)
		if (w->p[i].t.ll)
			return 1;
	return 0;
}

static void put_wrapper(struct gen *g, struct buf *b, const struct typed *w)
{
	static const char *const src_note[GEN_SRC_N] = {
		"types from the man page",
		"types from the declaration in",
		"types from the kernel's",
		"types from data/gen_overrides.tsv",
		"UNTYPED: six long arguments, pass only those the call takes",
	};
	buf_printf(b, "\n/* %s: %s", w->name, src_note[w->src]);
	if (w->src == GEN_SRC_MAN && w->page[0])
		buf_printf(b, " %s(2)", w->page);
	if (w->where[0])
		buf_printf(b, " %s", w->where);
	if (w->drift[0])
		buf_printf(b, ":\n * its sources disagree: %s", w->drift);
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
		const struct type_override *o = typing_override(g->t, w->name, g->abi[a]->name);
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
static int put_plain(struct gen *g, struct gen_plain *pl, struct buf *b, const struct typed *w)
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
	char *nb = NULL; /* another library's header declaring it */
	if (r > 0 && (r = gen_plain_neighbour(pl, w->name, &nb)) >= 0)
		r = 1;
	if (r > 0 && nb)
		note("gen: --plain-names: %s() only with SYSCOV_PLAIN_%s: %s declares it", w->name,
		     w->name, nb);
	if (r > 0 && nb)
		buf_printf(b, "\n/* %s(): %s declares it too: defined only with"
			      " SYSCOV_PLAIN_%s (docs/gen.md) */", w->name, nb, w->name);
	/* not in the sysroot, but known to other libraries: defined where the
	 * compiler finds no such header, so the header works where it is */
	const char *kn = r > 0 && !nb ? gen_plain_known_neighbour(pl, w->name) : NULL;
	if (kn)
		buf_printf(b, "\n/* %s(): <%s> declares it too (data/neighbours.tsv): defined where"
			      " the compiler has no such header, or with SYSCOV_PLAIN_%s */\n"
			      "#undef __SYSCOV_NB\n#define __SYSCOV_NB 1\n#ifdef __has_include\n"
			      "#if !__has_include(<%s>)\n#undef __SYSCOV_NB\n#define __SYSCOV_NB 0\n"
			      "#endif\n#endif", w->name, kn, w->name, kn);
	if (r > 0) {
		buf_puts(b, "\n#if ");
		if (nb)
			buf_printf(b, "defined(SYSCOV_PLAIN_%s) && ", w->name);
		if (kn)
			buf_printf(b, "(defined(SYSCOV_PLAIN_%s) || !__SYSCOV_NB) && ", w->name);
		buf_printf(b, "!defined(%s) && (%s)\n", w->name, c.p);
		put_sig(b, w, &w->ret, "");
		buf_printf(b, "{\n\t%ssyscov_%s(", w->ret.base == GT_VOID && !w->ret.ptr ? "" : "return ",
			   w->name);
		for (int i = 0; i < w->np; i++)
			buf_printf(b, "%s%s", i ? ", " : "", w->p[i].name);
		buf_puts(b, ");\n}\n#endif\n");
	}
	free(nb);
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
static int typedef_use(const struct typed *w)
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

/* Includes named by the man pages of the wrappers typed from them; not
 * another library's header (neighbour_decl: add_key(2) names keyutils.h),
 * so that what the header is does not depend on which -dev packages are
 * installed, and a plain name opted into does not meet its declaration. */
static int put_includes(struct gen *g, struct buf *b)
{
	struct strv seen = {0};
	sqlite3_stmt *st;
	if (db_prepare(g->db, &st, "SELECT header FROM man_include i WHERE page_id=?1 AND NOT EXISTS"
				   " (SELECT 1 FROM man_page p JOIN neighbour_decl n ON n.scan_id ="
				   " p.scan_id WHERE p.id = i.page_id AND substr(n.header,"
				   " -length(i.header) - 1) = '/' || i.header) ORDER BY idx") < 0)
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
	/* the libc typedefs of the wrappers typed from no installed man page
	 * (the kernel, a library's header, data/user_protos.tsv): headers
	 * every libc has */
	for (size_t i = 0; i < g->nw && rc == 0; i++) {
		const struct typed *w = &g->w[i];
		for (int k = -1; (w->src != GEN_SRC_MAN || !w->page_id) && k < w->np; k++) {
			const struct gen_type *t = k < 0 ? &w->ret : &w->p[k].t;
			const char *h = t->base == GT_TYPEDEF ? gen_kernel_header(t->tag) : NULL;
			if (h && strv_push_unique(&seen, h))
				buf_printf(b, "#include <%s>\n", h);
		}
	}
	strv_free(&seen);
	return rc;
}

/* The struct scanner's facts (tagdef) over the selected scans. */
struct tagq {
	struct gen *g;
	sqlite3_stmt *libc, *uapi, *defs;
	struct gen_plain *pl;
};

/* 1 if the libc of some selected scan defines kw tag, 0, -1. */
static int libc_defines(struct tagq *q, const char *kw, const char *tag)
{
	int r = 0;
	for (size_t i = 0; i < q->g->r->nscans && r == 0; i++) {
		sqlite3_bind_int64(q->libc, 1, q->g->r->scans[i]);
		db_bind_text(q->libc, 2, kw);
		db_bind_text(q->libc, 3, tag);
		int s = sqlite3_step(q->libc);
		r = s == SQLITE_ROW ? 1 : s == SQLITE_DONE ? 0 : db_fail(q->g->db, "read");
		sqlite3_reset(q->libc);
	}
	return r;
}

/* The UAPI header that defines kw tag in the first selected scan that has
 * one (the shortest name: linux/x.h before a nested copy), or NULL. Not
 * from a scan whose libc headers define nothing (none read, or a scan from
 * before tagdef): what would clash with them is unknown. */
static char *uapi_header(struct tagq *q, const char *kw, const char *tag, int64_t *scan)
{
	char *h = NULL;
	for (size_t i = 0; i < q->g->r->nscans && !h; i++) {
		sqlite3_bind_int64(q->uapi, 1, q->g->r->scans[i]);
		db_bind_text(q->uapi, 2, kw);
		db_bind_text(q->uapi, 3, tag);
		const char *t = sqlite3_step(q->uapi) == SQLITE_ROW
			? (const char *)sqlite3_column_text(q->uapi, 0) : NULL;
		if (t && gen_include_ok(t)) {
			h = xstrdup(t);
			*scan = q->g->r->scans[i];
		}
		sqlite3_reset(q->uapi);
	}
	return h;
}

/* Whether a wrapper naming tag is one another library declares too
 * (liburing.h's io_uring_setup, libaio.h's io_submit): that library's
 * header then defines the tag from its own copy (struct io_uring_params,
 * struct iocb), which a UAPI one would meet. */
static int neighbour_tag(struct tagq *q, const struct gen_type *tt)
{
	for (size_t i = 0; i < q->g->nw; i++) {
		const struct typed *w = &q->g->w[i];
		for (int k = -1; k < w->np; k++) {
			const struct gen_type *t = k < 0 ? &w->ret : &w->p[k].t;
			if (t->base != GT_TAG || strcmp(t->tag, tt->tag) || strcmp(t->tagkw, tt->tagkw))
				continue;
			char *nb;
			int r = gen_plain_neighbour(q->pl, w->name, &nb);
			free(nb);
			if (r != 0)
				return r;
			if (gen_plain_known_neighbour(q->pl, w->name))
				return 1;
		}
	}
	return 0;
}

/* Whether UAPI header h can be included next to the libc's headers, and
 * the tags of h to rename while it is read into ren: no header of its
 * closure defines a typedef or union the libc defines or uses one of its
 * member aliases (<asm/stat.h>'s st_atime), none but h itself a struct
 * the libc defines, and those of h are renamed (<linux/sched/types.h> defines
 * struct sched_param, as glibc's <sched.h> does: glibc 2.41's own
 * <bits/sched.h> reads it so). <linux/timex.h> includes <linux/time.h>,
 * whose struct timeval is glibc's too: never included. 1, 0, -1. */
static int uapi_ok(struct tagq *q, const char *h, int64_t scan, struct strv *ren)
{
	struct strv todo = {0};
	strv_push(&todo, h);
	int r = 1;
	for (size_t i = 0; i < todo.n && r == 1; i++) {
		sqlite3_bind_int64(q->defs, 1, scan);
		db_bind_text(q->defs, 2, todo.v[i]);
		int s;
		while (r == 1 && (s = sqlite3_step(q->defs)) == SQLITE_ROW) {
			const char *kw = (const char *)sqlite3_column_text(q->defs, 0);
			const char *n = (const char *)sqlite3_column_text(q->defs, 1);
			if (!strcmp(kw, "include")) {
				strv_push_unique(&todo, n);
				continue;
			}
			int lib = !strcmp(kw, "uses") ? 1 : libc_defines(q, kw, n);
			if (lib < 0)
				r = -1;
			else if (lib && (i || strcmp(kw, "struct") || !is_c_identifier(n) ||
					 !gen_name_ok(n)))
				r = 0;
			else if (lib)
				strv_push_unique(ren, n);
		}
		if (r == 1 && s != SQLITE_DONE)
			r = db_fail(q->g->db, "read");
		sqlite3_reset(q->defs);
	}
	strv_free(&todo);
	return r;
}

/* The #include of UAPI header h where the compiler has it, ren's tags
 * renamed while it is read. */
static void put_uapi_include(struct buf *b, const char *h, const struct strv *ren)
{
	buf_printf(b, "#if !defined(SYSCOV_NO_UAPI_STRUCTS) && defined(__has_include)\n"
		      "#if __has_include(<%s>)\n", h);
	for (size_t i = 0; i < ren->n; i++)
		buf_printf(b, "#define %s __syscov_uapi_%s\n", ren->v[i], ren->v[i]);
	buf_printf(b, "#include <%s>\n", h);
	for (size_t i = 0; i < ren->n; i++)
		buf_printf(b, "#undef %s\n", ren->v[i]);
	buf_puts(b, "#endif\n#endif\n");
}

/* Declarations of the struct and union tags the prototypes use, so that a
 * tag first seen in a parameter list has file scope; before them, the UAPI
 * header that defines a tag (table tagdef), so that callers can fill it
 * (sched_setattr, clone3, openat2), unless a scanned libc defines the tag
 * itself (glibc 2.41's struct sched_attr, struct statx) or another
 * library's header does (neighbour_tag). SYSCOV_NO_UAPI_STRUCTS leaves
 * only the declarations, for a project with its own copy of a struct
 * (util-linux's schedutils/sched_attr.h). */
static int put_tags(struct gen *g, struct buf *b)
{
	struct tagq q = {.g = g};
	struct strv seen = {0}, incs = {0};
	struct buf decl = {0};
	int rc = gen_plain_open(g->db, g->r->scans, g->r->nscans, &q.pl);
	if (rc == 0)
		rc = db_prepare(g->db, &q.libc, "SELECT 1 FROM tagdef WHERE scan_id = ?1 AND kw = ?2"
						" AND tag = ?3 AND uapi = 0 LIMIT 1");
	if (rc == 0)
		rc = db_prepare(g->db, &q.uapi, "SELECT header FROM tagdef WHERE scan_id = ?1 AND kw = ?2"
						" AND tag = ?3 AND uapi = 1 AND EXISTS (SELECT 1 FROM"
						" tagdef WHERE scan_id = ?1 AND uapi = 0) ORDER BY"
						" length(header), header LIMIT 1");
	if (rc == 0)
		rc = db_prepare(g->db, &q.defs, "SELECT kw, tag FROM tagdef WHERE scan_id = ?1 AND"
						" header = ?2 AND uapi = 1 ORDER BY kw, tag");
	for (size_t i = 0; i < g->nw && rc == 0; i++) {
		const struct typed *w = &g->w[i];
		for (int k = -1; k < w->np && rc == 0; k++) {
			const struct gen_type *t = k < 0 ? &w->ret : &w->p[k].t;
			if (t->base != GT_TAG)
				continue;
			char *d = xasprintf("%s %s;", t->tagkw, t->tag);
			if (!strv_push_unique(&seen, d)) {
				free(d);
				continue;
			}
			buf_printf(&decl, "%s\n", d);
			free(d);
			int64_t scan = 0;
			char *h = NULL;
			rc = libc_defines(&q, t->tagkw, t->tag);
			if (rc == 0)
				rc = neighbour_tag(&q, t);
			if (rc == 0)
				h = uapi_header(&q, t->tagkw, t->tag, &scan);
			struct strv ren = {0};
			if (h && strv_push_unique(&incs, h) && (rc = uapi_ok(&q, h, scan, &ren)) > 0)
				put_uapi_include(b, h, &ren);
			strv_free(&ren);
			rc = rc < 0 ? -1 : 0;
			free(h);
		}
	}
	if (rc == 0)
		buf_puts(b, decl.p ? decl.p : "");
	sqlite3_finalize(q.libc);
	sqlite3_finalize(q.uapi);
	sqlite3_finalize(q.defs);
	gen_plain_close(q.pl);
	strv_free(&seen);
	strv_free(&incs);
	buf_free(&decl);
	return rc;
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
	const char *kl = typing_kernel_label(g->t);
	buf_printf(b, ".\n * Types: %u from man pages, %u from other libraries' headers, %u from the\n"
		      " * kernel's prototypes (%s%s), %u from data/gen_overrides.tsv, %u untyped.\n",
		   stt->n[GEN_SRC_MAN], stt->n[GEN_SRC_LIB], stt->n[GEN_SRC_KERNEL],
		   kl ? "scan " : "no kernel tree scanned",
		   !kl ? "" : label_ok(kl) ? kl : "(a scan with an unprintable label)",
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
	typing_close(g->t);
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
	if (rc == 0 && typing_open(db, r->scans, r->nscans, g.abi, g.nabi, &g.t) < 0)
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
		rc = put_tags(&g, out);
	}
	if (rc == 0) {
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

/* Says which wrappers of scan id are untyped and why: a run without a
 * kernel tree (none in the sysroot's usr/src, no --kernel-src) cannot
 * type what no man page does. */
static int note_untyped(struct db *db, int64_t id)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT group_concat(name, ', '), (SELECT count(*) FROM scan"
				" WHERE kind = 'kernel-tree') FROM (SELECT name FROM wrapper"
				" WHERE scan_id = ?1 AND source = 'untyped' ORDER BY name)") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		note("untyped (six longs, no plain names): %s: %s", sqlite3_column_text(st, 0),
		     sqlite3_column_int64(st, 1)
			     ? "neither a man page nor the kernel tree has a usable prototype"
			     : "no man page prototype, and no kernel tree (none in the sysroot's"
			       " usr/src/linux-source-*; --kernel-src names one)");
	sqlite3_finalize(st);
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
		rc = outfile_mkdirs(d);
	if (rc == 0)
		rc = outfile_write_buf_in(d, "syscov_wrappers.h", &b);
	if (rc == 0)
		note("wrote %s: %u wrapper%s (%u typed from man pages, %u from library headers, %u"
		     " from the kernel, %u from overrides, %u untyped)", path, stt.total,
		     PLURAL(stt.total), stt.n[GEN_SRC_MAN], stt.n[GEN_SRC_LIB], stt.n[GEN_SRC_KERNEL],
		     stt.n[GEN_SRC_OVERRIDE], stt.n[GEN_SRC_UNTYPED]);
	if (rc == 0 && stt.n[GEN_SRC_UNTYPED])
		rc = note_untyped(db, id);
	buf_free(&b);
	return rc;
}

int gen_audit(struct db *db, const int64_t *ids, size_t n, const char *dir,
	      const struct idset *done)
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
		char *name = outfile_dir_name((const char *)sqlite3_column_text(st, 0), ids[i], &taken);
		int tree = !strcmp((const char *)sqlite3_column_text(st, 1), "kernel-tree");
		sqlite3_reset(st);
		if (!tree) {
			char *d = xasprintf("%s/%s", dir ? dir : "reports", name);
			char *path = xasprintf("%s/syscov_wrappers.h", d);
			if (!done || !idset_has(done, ids[i]))
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
