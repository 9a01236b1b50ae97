/* ktable_tree.c: every syscall table of a kernel source tree (--kernel-src).
 *
 * Two kinds of table: the .tbl files (arch/<port>/.../syscall*.tbl, and in
 * newer trees scripts/syscall.tbl with ABI tags chosen per port by
 * arch/<port>/kernel/Makefile.syscalls), and the generic table
 * include/uapi/asm-generic/unistd.h that ports without a .tbl include from
 * their arch/<port>/include/uapi/asm/unistd.h, evaluated with kpp by the
 * same evaluator as the sysroot scan (ktable.h). Rows go to the arch/
 * descriptor whose tbl_file/tbl_abis take them (numbers plus nr_offset);
 * rows no descriptor takes are kept under "<port>" (a table no descriptor
 * reads) or "<port>-<tag>", so that the scan covers every table of the tree.
 *
 * The tree is not a sysroot: every file, tables and headers, is read
 * through the kernel-tree door (base/ktree.h), a directory or a tarball. */
#define _GNU_SOURCE
#include "kernel/ktable.h"
#include "base/ktree.h"
#include "kernel/ktable_src.h"

#include <stdlib.h>
#include <string.h>

/* Generated asm/ headers a port may lack in its source uapi dir (the kernel
 * build makes them from "generic-y"): kpp finds these after the dirs. */
static const struct kpp_vfile generated[] = {
	{"asm/bitsperlong.h", "#include <asm-generic/bitsperlong.h>\n"},
};

/* The predefines of a port without a descriptor: the generic table's 32-bit
 * ports (arc, csky, hexagon, nios2, openrisc...; a 64-bit port has one).
 * These are the macros clang 14 predefines alike for every ILP32 Linux
 * target it has (i386, arm, m68k, powerpc, mipsel) among those the headers
 * test (arch.h, cpp_predefs). */
#define GENERIC_ILP32 "__CHAR_BIT__=8 __ILP32__=1 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4"

/* Reads tree-relative `rel`, inside the tree. */
static int tree_read(const struct scan_ctx *ctx, const char *rel, struct buf *out)
{
	return ktree_read(ctx->kt, rel, 64 << 20, out, NULL);
}

/* The headers of the generic tables, read once for all ports; rel.v[i] is
 * the tree-relative real path of path.v[i], for the rows' source. */
struct tree_hdrs {
	const struct scan_ctx *ctx;
	struct kpp_cache cache;
	struct strv path, rel;
};

/* kpp's reader, given "<tree>/<rel>" (the search dirs are named so): a
 * missing file lets the search go on. */
static int tree_hdr_read(void *arg, const char *path, struct buf *out)
{
	struct tree_hdrs *h = arg;
	size_t n = strlen(h->ctx->tree);
	if (strncmp(path, h->ctx->tree, n) || path[n] != '/')
		return err_set(EXIT_INPUT, "%s: outside the kernel tree", path);
	char *rel = NULL;
	int rc = ktree_read(h->ctx->kt, path + n + 1, 16 << 20, out, &rel);
	if (rc == -2) {
		err_clear();
		return 1;
	}
	if (rc < 0)
		return -1;
	strv_push(&h->path, path);
	strv_push_own(&h->rel, rel);
	return 0;
}

/* The tree-relative real path of a header kpp read, else `path` itself. */
static const char *hdr_rel(const struct tree_hdrs *h, const char *path)
{
	for (size_t i = 0; i < h->path.n; i++)
		if (!strcmp(h->path.v[i], path))
			return h->rel.v[i];
	return path;
}

static int tree_note(struct scan_ctx *ctx, const char *kind, const char *rel, const struct buf *b)
{
	return scan_note_tree_input(ctx, kind, rel, b->p, b->len);
}

/* The syscall tables, syscall*.tbl (not, say, a whole tree's
 * scripts/atomic/atomics.tbl), anywhere but in include/ and boot/ dirs:
 * headers, boot code and device trees, never a table, and most of arch/'s
 * dirs. Symlinks are not followed: a kernel tree has none that matter. */
static int tbl_want(void *arg, const char *dir, const char *name, int is_dir)
{
	(void)arg, (void)dir;
	if (is_dir)
		return strcmp(name, "include") && strcmp(name, "boot");
	return str_starts(name, "syscall") && str_ends(name, ".tbl");
}

static int find_tbl(struct scan_ctx *ctx, const char *dir, struct strv *out)
{
	return ktree_find(ctx->kt, dir, tbl_want, NULL, out);
}

/* "arch/<port>/..." -> "<port>" */
static char *port_of(const char *rel)
{
	const char *p = rel + strlen("arch/"), *e = strchr(p, '/');
	return xstrndup(p, e ? (size_t)(e - p) : strlen(p));
}

/* A malformed .tbl row is a diag of the table, not an error. */
struct tbl_where {
	struct scan_ctx *ctx;
	const char *rel;
};

static int tbl_bad_row(void *arg, int line)
{
	const struct tbl_where *w = arg;
	return db_add_diag(w->ctx->db, w->ctx->scan_id, "ktable", w->rel, line, "warning",
			   "not a table row: nr abi name [entry [compat_entry]]");
}

/* The bytes that end a .tbl token: blanks (" \t\r") separate tokens, '#'
 * and NUL end the line. One lookup a byte: this loop is most of the parse. */
static const unsigned char tbl_stop[256] = {[0] = 1, [' '] = 1, ['\t'] = 1, ['\r'] = 1, ['#'] = 1};

/* Cuts the next token of a .tbl line at *p in place; NULL at the end of the
 * line. */
static char *tbl_token(char **p)
{
	char *s = *p;
	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
	if (!*s || *s == '#')
		return NULL;
	char *e = s;
	while (!tbl_stop[(unsigned char)*e])
		e++;
	int last = !*e || *e == '#';
	*e = 0;
	*p = last ? e : e + 1;
	return s;
}

/* The number of a .tbl row as strtoll() base 0 reads it, *end at the first
 * byte not taken; plain decimal, every row of a kernel table, by hand
 * (strtoll() was a fifth of the parse). */
static long long tbl_nr(char *s, char **end)
{
	long long v = 0;
	char *p = s;
	if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9' && p - s < 18) /* 18 digits cannot overflow */
			v = v * 10 + (*p++ - '0');
	if (p == s || *p)
		return strtoll(s, end, 0);
	*end = p;
	return v;
}

int ktable_parse_tbl(char *text, struct tbl_row **rows, size_t *n,
		     int (*bad)(void *arg, int line), void *arg)
{
	size_t cap = 0;
	int line = 0;
	*rows = NULL, *n = 0;
	/* line by line in place, without strtok_r()'s strspn/strcspn per token
	 * (a third of the .tbl files' time); blank lines count for line numbers */
	for (char *l = text, *next; l; l = next) {
		line++;
		next = strchr(l, '\n');
		if (next)
			*next++ = 0;
		char *tok[6];
		int nt = 0;
		for (char *p = l; nt < 6 && (tok[nt] = tbl_token(&p));)
			nt++;
		if (!nt)
			continue;
		char *end;
		long long nr = tbl_nr(tok[0], &end);
		/* 99999999999999999999 was clamped to LLONG_MAX, and the x32
		 * offset added to it overflowed */
		if (nt < 3 || nt > 5 || *end || nr < 0 || nr > KTABLE_MAX_NR ||
		    !is_c_identifier(tok[2])) {
			if (bad(arg, line) < 0)
				return -1;
			continue;
		}
		if (*n == cap) {
			cap = cap ? 2 * cap : 512;
			*rows = xrealloc(*rows, cap * sizeof(**rows));
		}
		(*rows)[(*n)++] = (struct tbl_row){nr, tok[1], tok[2], nt > 3 ? tok[3] : NULL,
						   nt > 4 ? tok[4] : NULL};
	}
	return 0;
}

/* Stores the rows of one table. `tags_of` lists (arch, tag set) pairs that
 * take rows; other rows go to "<port>-<tag>", or "<port>" if nothing takes
 * any row of this table. */
struct taker {
	char *arch;
	struct strv tags;
	long nr_offset;
};

static void store_row(struct krows *st, const char *rel, const struct tbl_row *r,
		      const char *arch, long long nr)
{
	/* a row whose entry points are all COND_SYSCALL()s only is not
	 * implemented either (ktable_src.h) */
	struct krow k = {.arch = arch, .abi = r->abi, .name = r->name, .nr = nr, .entry = r->entry,
			 .compat_entry = r->compat, .source = rel,
			 .implemented = !ktable_entry_unimplemented(r->entry) &&
					!ksrc_removed(st->src, r->entry, r->compat)};
	ktable_insert(st, &k);
}

/* Taker by taker, not row by row: the rows of one taker come in runs of one
 * group, which ktable_insert() finds without hashing (row by row, tables
 * that several arches take switched groups every row). Each group gets its
 * rows in table order either way, and ktable_flush() sorts the groups. */
static void store_rows(struct krows *st, const char *rel, const char *port,
		       const struct tbl_row *rows, size_t n, const struct taker *tk, size_t ntk)
{
	unsigned char *taken = xcalloc(n ? n : 1, 1);
	for (size_t t = 0; t < ntk; t++)
		for (size_t i = 0; i < n; i++)
			if (strv_contains(&tk[t].tags, rows[i].abi)) {
				taken[i] = 1;
				store_row(st, rel, &rows[i], tk[t].arch, rows[i].nr + tk[t].nr_offset);
			}
	for (size_t i = 0; i < n; i++) {
		if (taken[i])
			continue;
		char *arch = ntk ? xasprintf("%s-%s", port, rows[i].abi) : xstrdup(port);
		store_row(st, rel, &rows[i], arch, rows[i].nr);
		free(arch);
	}
	free(taken);
}

static void takers_free(struct taker *tk, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(tk[i].arch);
		strv_free(&tk[i].tags);
	}
	free(tk);
}

/* arch/<port>/kernel/Makefile.syscalls: "syscall_abis_<bits> += tag..." */
static void makefile_tags(char *text, const char *port, struct taker **tk, size_t *ntk)
{
	for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		unsigned bits;
		int off = 0;
		if (sscanf(l, " syscall_abis_%u += %n", &bits, &off) != 1 || !off)
			continue;
		struct taker *t = NULL;
		char *want = xasprintf("%u", bits);
		for (size_t i = 0; i < *ntk; i++)
			if (strv_contains(&(*tk)[i].tags, want))
				t = &(*tk)[i];
		if (!t) {
			const struct arch_desc *d = NULL;
			for (unsigned i = 0; i < arch_count; i++)
				if (arch_all[i]->kernel_port && !strcmp(arch_all[i]->kernel_port, port) &&
				    arch_all[i]->word_bits == bits)
					d = arch_all[i];
			*tk = xrealloc(*tk, (*ntk + 1) * sizeof(**tk));
			t = &(*tk)[(*ntk)++];
			*t = (struct taker){.arch = d ? xstrdup(d->name) : xasprintf("%s-%u", port, bits)};
			strv_push(&t->tags, "common");
			strv_push(&t->tags, want);
		}
		free(want);
		for (char *s2 = NULL, *w = strtok_r(l + off, " \t", &s2); w; w = strtok_r(NULL, " \t", &s2))
			if (!strv_contains(&t->tags, w))
				strv_push(&t->tags, w);
	}
}

static int too_many_rows(const struct scan_ctx *ctx, const char *rel, size_t n)
{
	return err_set(EXIT_INPUT, "%s/%s: %zu rows, more than the %d a syscall table may have:"
				   " refused", ctx->tree, rel, n, KTABLE_MAX_ROWS);
}

static int scan_tbl(struct scan_ctx *ctx, struct krows *st, const char *rel, const struct strv *ports)
{
	struct buf b = {0};
	if (tree_read(ctx, rel, &b) < 0 || tree_note(ctx, "kernel-tbl", rel, &b) < 0) {
		buf_free(&b);
		return -1;
	}
	struct taker *tk = NULL;
	size_t ntk = 0;
	struct tbl_row *rows = NULL;
	size_t n = 0;
	struct tbl_where where = {ctx, rel};
	int rc = 0;
	if (str_starts(rel, "arch/")) {
		char *port = port_of(rel);
		for (unsigned i = 0; i < arch_count; i++) {
			const struct arch_desc *a = arch_all[i];
			if (a->ktable != KTABLE_TBL || !a->tbl_file || strcmp(a->tbl_file, rel))
				continue;
			tk = xrealloc(tk, (ntk + 1) * sizeof(*tk));
			tk[ntk] = (struct taker){.arch = xstrdup(a->name), .nr_offset = a->nr_offset};
			split_list(a->tbl_abis, &tk[ntk++].tags);
		}
		rc = ktable_parse_tbl(b.p, &rows, &n, tbl_bad_row, &where);
		if (rc == 0 && n > KTABLE_MAX_ROWS)
			rc = too_many_rows(ctx, rel, n);
		if (rc == 0)
			store_rows(st, rel, port, rows, n, tk, ntk);
		free(port);
	} else {
		/* the shared table of newer trees: each port's Makefile.syscalls
		 * names the tags of its 32- and 64-bit tables */
		rc = ktable_parse_tbl(b.p, &rows, &n, tbl_bad_row, &where);
		if (rc == 0 && n > KTABLE_MAX_ROWS)
			rc = too_many_rows(ctx, rel, n);
		for (size_t p = 0; rc == 0 && p < ports->n; p++) {
			char *mk = xasprintf("arch/%s/kernel/Makefile.syscalls", ports->v[p]);
			struct buf mb = {0};
			if (tree_read(ctx, mk, &mb) == 0) {
				takers_free(tk, ntk), tk = NULL, ntk = 0;
				rc = tree_note(ctx, "kernel-makefile", mk, &mb);
				makefile_tags(mb.p, ports->v[p], &tk, &ntk);
				/* only the rows a port takes: the rest are other ports' */
				for (size_t i = 0; rc == 0 && i < n; i++)
					for (size_t t = 0; t < ntk; t++)
						if (strv_contains(&tk[t].tags, rows[i].abi))
							store_rows(st, rel, ports->v[p], &rows[i], 1,
								   &tk[t], 1);
			} else {
				err_clear();
			}
			buf_free(&mb);
			free(mk);
		}
	}
	free(rows);
	takers_free(tk, ntk);
	buf_free(&b);
	return rc;
}

/* The generic table of one port, for one ABI (arch name, its predefines). */
static int scan_generic(struct scan_ctx *ctx, struct krows *st, const char *port,
			const char *arch, const char *predefs, struct tree_hdrs *h,
			struct strv *seen)
{
	struct strv dirs = {0};
	strv_push_own(&dirs, xasprintf("%s/arch/%s/include/uapi", ctx->tree, port));
	strv_push_own(&dirs, xasprintf("%s/include/uapi", ctx->tree));
	char *what = xasprintf("%s/arch/%s: %s", ctx->tree, port, arch);
	struct keval ke = {.kpp = {.dirs = &dirs, .vfiles = generated,
				   .nvfiles = ARRAY_SIZE(generated), .predefs = predefs,
				   .read = tree_hdr_read, .read_arg = h, .cache = &h->cache},
			   .want_entries = 1, .what = what};
	struct ksyms ks;
	int rc = ktable_eval(&ke, &ks);
	strv_free(&dirs);
	free(what);
	if (rc < 0)
		return -1;
	for (size_t i = 0; rc == 0 && i < ks.files.n; i++) {
		const char *f = ks.files.v[i];
		if (strv_contains(seen, f))
			continue;
		rc = tree_note(ctx, "kernel-header", hdr_rel(h, f), kpp_cache_get(&h->cache, f));
		strv_push(seen, f);
	}
	for (size_t i = 0; rc == 0 && i < ks.n; i++) {
		const struct ksym *s = &ks.v[i];
		const char *src = hdr_rel(h, s->file);
		if (!s->ok) {
			char *msg = xasprintf("__NR_%s: not an integer constant for %s", s->name, arch);
			rc = db_add_diag(ctx->db, ctx->scan_id, "ktable", src, 0, "warning", msg);
			free(msg);
		} else {
			struct krow r = {.arch = arch, .abi = "generic", .name = s->name, .nr = s->nr,
					 .entry = s->entry, .source = src, .private = s->private,
					 .implemented = !s->entry ||
							(!ktable_entry_unimplemented(s->entry) &&
							 !ksrc_removed(st->src, s->entry, NULL))};
			ktable_insert(st, &r);
		}
	}
	ksyms_free(&ks);
	return rc;
}

/* Makefile: VERSION, PATCHLEVEL, SUBLEVEL, EXTRAVERSION -> "6.1.192" */
static int tree_version(struct scan_ctx *ctx)
{
	struct buf b = {0};
	if (tree_read(ctx, "Makefile", &b) < 0)
		return -1;
	static const char *const keys[] = {"VERSION", "PATCHLEVEL", "SUBLEVEL", "EXTRAVERSION"};
	char val[4][64] = {{0}};
	for (char *save = NULL, *l = strtok_r(b.p, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		for (int k = 0; k < 4; k++) {
			size_t kl = strlen(keys[k]);
			if (strncmp(l, keys[k], kl) || (l[kl] != ' ' && l[kl] != '='))
				continue;
			char *v = strchr(l, '=');
			if (!v || val[k][0])
				continue;
			for (v++; *v == ' ' || *v == '\t'; v++)
				;
			snprintf(val[k], sizeof(val[k]), "%s", v);
		}
	int rc;
	if (!val[0][0] || !val[1][0])
		rc = err_set(EXIT_INPUT, "%s/Makefile: no VERSION/PATCHLEVEL: not a kernel tree",
			     ctx->tree);
	else {
		char *ver = xasprintf("%s.%s.%s%s", val[0], val[1], val[2][0] ? val[2] : "0", val[3]);
		rc = db_scan_set(ctx->db, ctx->scan_id, "kernel_version", ver);
		if (rc == 0)
			rc = tree_note(ctx, "kernel-makefile", "Makefile", &b);
		free(ver);
	}
	buf_free(&b);
	return rc;
}

/* A port has the generic table when its uapi asm/unistd.h exists and it has
 * neither a .tbl of its own nor a Makefile.syscalls (newer trees). */
static int port_is_generic(const struct scan_ctx *ctx, const char *port, const struct strv *tbls)
{
	char *pfx = xasprintf("arch/%s/", port);
	int has_tbl = 0;
	for (size_t i = 0; i < tbls->n; i++)
		has_tbl |= str_starts(tbls->v[i], pfx);
	free(pfx);
	char *u = xasprintf("arch/%s/include/uapi/asm/unistd.h", port);
	char *m = xasprintf("arch/%s/kernel/Makefile.syscalls", port);
	int r = !has_tbl && ktree_is_file(ctx->kt, u) && !ktree_is_file(ctx->kt, m);
	free(u);
	free(m);
	return r;
}

int ktable_scan_tree(struct scan_ctx *ctx)
{
	/* the sources first: the rows' implemented flags need them, and a
	 * tarball's one pass for them also keeps what the rest reads */
	struct ksrc ks = {0};
	if (ksrc_scan(ctx, &ks) < 0) {
		ksrc_free(&ks);
		return -1;
	}
	debug("kernel sources: %zu files read, %zu COND_SYSCALL-only entry points, %s, %.1f ms",
	      ks.nread, ks.ncond, ks.whole ? "the whole tree" : "a partial tree", (double)ks.ns / 1e6);
	struct strv tbls = {0}, ports = {0}, seen = {0};
	int rc = tree_version(ctx);
	if (rc == 0 && ktree_list(ctx->kt, "arch", NULL, &ports) < 0)
		rc = err_set(EXIT_INPUT, "%s: no arch/ dir: not a kernel tree", ctx->tree);
	if (rc == 0 && (find_tbl(ctx, "arch", &tbls) < 0 || find_tbl(ctx, "scripts", &tbls) < 0))
		rc = -1;
	strv_sort(&tbls);
	struct krows st = {.ctx = ctx, .src = &ks};
	struct tree_hdrs h = {.ctx = ctx};
	for (size_t i = 0; rc == 0 && i < tbls.n; i++)
		rc = scan_tbl(ctx, &st, tbls.v[i], &ports);
	for (size_t p = 0; rc == 0 && p < ports.n; p++) {
		const char *port = ports.v[p];
		if (!port_is_generic(ctx, port, &tbls))
			continue;
		int done = 0;
		for (unsigned i = 0; rc == 0 && i < arch_count; i++) {
			const struct arch_desc *a = arch_all[i];
			if (a->ktable != KTABLE_GENERIC || !a->kernel_port || strcmp(a->kernel_port, port))
				continue;
			rc = scan_generic(ctx, &st, port, a->name, a->cpp_predefs, &h, &seen);
			done = 1;
		}
		if (rc == 0 && !done)
			rc = scan_generic(ctx, &st, port, port, GENERIC_ILP32, &h, &seen);
	}
	if (ktable_flush(&st) < 0)
		rc = -1;
	if (rc == 0)
		rc = ksrc_store(ctx, &ks);
	ksrc_free(&ks);
	kpp_cache_free(&h.cache);
	strv_free(&h.path);
	strv_free(&h.rel);
	strv_free(&tbls);
	strv_free(&ports);
	strv_free(&seen);
	return rc;
}
