/* kproto.c: the kernel's prototypes of its syscall entry points, from a
 * kernel tree (see kproto.h), into the kproto table (docs/db.md).
 *
 * The text is cut into tokens (identifiers, numbers, one punctuation
 * character each) with comments, string and character literals and
 * preprocessor lines left out, so that the macros of syscalls.h that build
 * prototypes (`asmlinkage long sys##name(...)`) are not taken for any. Two
 * forms are recognised:
 *     [asmlinkage] RET sys_NAME(PARAMS) followed by `;` or `{`, at file scope
 *     SYSCALL_DEFINEn(NAME, TYPE, ARG, ...)
 * A prototype whose parameters hold anything but identifiers, numbers, `*`
 * and brackets (a function pointer, an attribute) is left out: the
 * generator could not use it anyway.
 *
 * Files are read through the kernel-tree door (base/ktree.h): a symlink or
 * `..` leading out of the tree is an error naming the file. */
#define _GNU_SOURCE
#include "kernel/kproto.h"
#include "base/ktree.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define KP_TEXT_MAX 1024 /* a longer parameter list is no prototype */
#define KP_TOK_MAX 64    /* tokens of one prototype */

struct tok {
	const char *p;
	unsigned n;
	int line;
};

static int tok_is(const struct tok *t, const char *s)
{
	return t->n == strlen(s) && !memcmp(t->p, s, t->n);
}

static int tok_ident(const struct tok *t)
{
	return isalpha((unsigned char)t->p[0]) || t->p[0] == '_';
}

/* The tokens of text; comments, literals and preprocessor lines skipped. */
static struct tok *tokenize(const char *s, size_t len, size_t *n)
{
	size_t cap = 1024, k = 0;
	struct tok *v = xmalloc(cap * sizeof(*v));
	int line = 1, bol = 1; /* at the beginning of a line, but blanks */
	const char *e = s + len;
	while (s < e) {
		char c = *s;
		if (c == '\n') {
			line++;
			bol = 1;
			s++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			s++;
			continue;
		}
		if (c == '#' && bol) { /* a directive, continued by backslashes */
			while (s < e && *s != '\n') {
				if (*s == '\\' && s + 1 < e && s[1] == '\n') {
					line++;
					s++;
				}
				s++;
			}
			continue;
		}
		bol = 0;
		if (c == '/' && s + 1 < e && s[1] == '*') {
			for (s += 2; s < e && !(*s == '*' && s + 1 < e && s[1] == '/'); s++)
				line += *s == '\n';
			s = s < e ? s + 2 : e;
			continue;
		}
		if (c == '/' && s + 1 < e && s[1] == '/') {
			while (s < e && *s != '\n')
				s++;
			continue;
		}
		if (c == '"' || c == '\'') {
			for (s++; s < e && *s != c && *s != '\n'; s++)
				if (*s == '\\' && s + 1 < e)
					s++;
			s = s < e ? s + 1 : e;
			continue;
		}
		const char *b = s;
		if (isalnum((unsigned char)c) || c == '_')
			while (s < e && (isalnum((unsigned char)*s) || *s == '_'))
				s++;
		else
			s++;
		if (s - b > 256)
			continue; /* no identifier of a prototype is this long */
		if (k == cap)
			v = xrealloc(v, (cap *= 2) * sizeof(*v));
		v[k++] = (struct tok){b, (unsigned)(s - b), line};
	}
	*n = k;
	return v;
}

/* Appends tokens a..b (exclusive) as one declaration text: words apart by
 * one blank, `__user` dropped. 0, or -1 for a token outside the grammar. */
static int put_tokens(struct buf *b, const struct tok *a, const struct tok *end)
{
	for (; a < end; a++) {
		if (tok_is(a, "__user"))
			continue;
		char c = a->p[0];
		if (!isalnum((unsigned char)c) && !strchr("_*[]", c))
			return -1;
		if (b->len && b->p[b->len - 1] != ' ' && b->p[b->len - 1] != '(')
			buf_putc(b, ' ');
		buf_add(b, a->p, a->n);
	}
	return b->len > KP_TEXT_MAX ? -1 : 0;
}

static int set_name(struct kproto *p, const struct tok *t, size_t skip)
{
	if (!tok_ident(t) || t->n - skip >= sizeof(p->name) || t->n <= skip)
		return -1;
	memcpy(p->name, t->p + skip, t->n - skip);
	p->name[t->n - skip] = 0;
	return 0;
}

/* Words before a return type that are no part of it. */
static int storage_word(const struct tok *t)
{
	static const char *const w[] = {"asmlinkage", "extern", "static", "inline", "__visible",
					"notrace", "__weak", "noinline"};
	for (size_t i = 0; i < ARRAY_SIZE(w); i++)
		if (tok_is(t, w[i]))
			return 1;
	return 0;
}

/* [asmlinkage] RET sys_NAME(PARAMS) followed by ; or {, with v[i] the
 * sys_NAME, at file scope (after ; { } or the start: not a call such as
 * `return sys_x(a);` or `r = sys_x(a);`): the index after it, or 0. */
static size_t try_decl(const struct tok *v, size_t n, size_t i, struct kproto *p,
		       struct buf *ret, struct buf *par)
{
	size_t b = i;
	while (b > 0 && i - b < 8 && (tok_ident(&v[b - 1]) || tok_is(&v[b - 1], "*")))
		b--;
	if (b > 0 && !tok_is(&v[b - 1], ";") && !tok_is(&v[b - 1], "{") && !tok_is(&v[b - 1], "}"))
		return 0;
	while (b < i && storage_word(&v[b]))
		b++;
	for (size_t k = b; k < i; k++)
		if (tok_is(&v[k], "return") || tok_is(&v[k], "else") || tok_is(&v[k], "goto") ||
		    storage_word(&v[k]))
			return 0;
	if (b == i || set_name(p, &v[i], 4) < 0 || put_tokens(ret, &v[b], &v[i]) < 0)
		return 0;
	size_t k = i + 2;
	p->nparams = 0;
	size_t start = k;
	for (; k < n && !tok_is(&v[k], ")"); k++) {
		if (tok_is(&v[k], "(") || k - start > KP_TOK_MAX)
			return 0;
		if (tok_is(&v[k], ",")) {
			if (put_tokens(par, &v[start], &v[k]) < 0)
				return 0;
			buf_puts(par, ", ");
			start = k + 1;
			p->nparams++;
		}
	}
	if (k + 1 >= n || !(tok_is(&v[k + 1], ";") || tok_is(&v[k + 1], "{")))
		return 0;
	if (put_tokens(par, &v[start], &v[k]) < 0)
		return 0;
	if (!strcmp(par->p, "void"))
		par->len = 0, par->p[0] = 0;
	else
		p->nparams++;
	p->line = v[i].line;
	return k + 1;
}

/* SYSCALL_DEFINEn(NAME, TYPE, ARG, ...) at v[i]: the index after it, or 0. */
static size_t try_define(const struct tok *v, size_t n, size_t i, struct kproto *p,
			 struct buf *ret, struct buf *par)
{
	int want = v[i].p[14] - '0';
	if (v[i].n != 15 || want < 0 || want > 6 || i + 3 >= n || !tok_is(&v[i + 1], "(") ||
	    set_name(p, &v[i + 2], 0) < 0)
		return 0;
	buf_puts(ret, "long");
	size_t k = i + 3, start = 0;
	int items = 0;
	for (; k < n && !tok_is(&v[k], ")"); k++) {
		if (tok_is(&v[k], "(") || k - i > KP_TOK_MAX)
			return 0;
		if (!tok_is(&v[k], ","))
			continue;
		if (start && put_tokens(par, &v[start], &v[k]) < 0)
			return 0;
		/* TYPE, ARG pairs: the comma after a type becomes a blank */
		if (start)
			buf_puts(par, items % 2 ? ", " : " ");
		items += start != 0;
		start = k + 1;
	}
	if (k >= n || (start && put_tokens(par, &v[start], &v[k]) < 0))
		return 0;
	items += start != 0;
	if (items != 2 * want)
		return 0;
	p->nparams = want;
	p->line = v[i].line;
	return k + 1;
}

int kproto_parse(const char *text, size_t len, int (*found)(void *arg, const struct kproto *p),
		 void *arg)
{
	size_t n;
	struct tok *v = tokenize(text, len, &n);
	struct buf ret = {0}, par = {0};
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0;) {
		struct kproto p = {.nparams = 0};
		ret.len = par.len = 0;
		buf_puts(&ret, "");
		buf_puts(&par, "");
		size_t next = 0;
		if (v[i].n > 4 && !memcmp(v[i].p, "sys_", 4) && i + 1 < n && tok_is(&v[i + 1], "("))
			next = try_decl(v, n, i, &p, &ret, &par);
		else if (v[i].n == 15 && !memcmp(v[i].p, "SYSCALL_DEFINE", 14))
			next = try_define(v, n, i, &p, &ret, &par);
		if (!next) {
			i++;
			continue;
		}
		p.ret = ret.p;
		p.params = par.p;
		rc = found(arg, &p);
		i = next;
	}
	buf_free(&ret);
	buf_free(&par);
	free(v);
	return rc;
}

/* ---- the tree ---- */

struct kp_scan {
	struct scan_ctx *ctx;
	sqlite3_stmt *ins;
	const char *port;    /* "" for include/ */
	const char *source;  /* tree-relative path of the file */
	unsigned rows;
};

static int kp_row(void *arg, const struct kproto *p)
{
	struct kp_scan *s = arg;
	sqlite3_stmt *st = s->ins;
	sqlite3_bind_int64(st, 1, s->ctx->scan_id);
	db_bind_text(st, 2, s->port);
	db_bind_text(st, 3, p->name);
	db_bind_text(st, 4, p->ret);
	db_bind_text(st, 5, p->params);
	sqlite3_bind_int(st, 6, p->nparams);
	db_bind_text(st, 7, s->source);
	sqlite3_bind_int(st, 8, p->line);
	s->rows++;
	return db_step_done(s->ctx->db, st);
}

/* Reads and parses one file; a missing one is skipped. */
static int kp_file(struct kp_scan *s, const char *rel, const char *port)
{
	struct buf b = {0};
	int rc = ktree_read(s->ctx->kt, rel, 16 << 20, &b, NULL);
	if (rc == -2) {
		err_clear();
		return 0;
	}
	if (rc == 0)
		rc = scan_note_tree_input(s->ctx, "kproto", rel, b.p, b.len);
	s->port = port;
	s->source = rel;
	if (rc == 0)
		rc = kproto_parse(b.p ? b.p : "", b.len, kp_row, s);
	buf_free(&b);
	return rc;
}

/* The names in tree-relative dir rel that keep(), sorted (the rows' order
 * does not depend on the file system's); `dirs` takes the subdirectories
 * instead of the files. */
static int kp_list(struct kp_scan *s, const char *rel, int (*keep)(const char *), int dirs,
		   struct strv *out)
{
	struct strv names = {0};
	int rc = ktree_list(s->ctx->kt, rel, dirs ? NULL : &names, dirs ? &names : NULL);
	if (rc == -2) {
		err_clear();
		return 0;
	}
	/* the dir itself is an input: a prototype file added to it (a port's
	 * first syscalls.h) changes its mtime, and the kept scan is redone */
	if (rc == 0)
		rc = scan_note_tree_input(s->ctx, "dir", rel, NULL, 0);
	for (size_t i = 0; rc == 0 && i < names.n; i++)
		if (keep(names.v[i]))
			strv_push(out, names.v[i]);
	strv_free(&names);
	return rc;
}

static int any_name(const char *n)
{
	(void)n;
	return 1;
}

static int asm_header(const char *n)
{
	return str_starts(n, "syscalls") && str_ends(n, ".h");
}

/* A port's syscall sources: sys.c, sys_x86_64.c, syscall.c, systbls.h... */
static int port_source(const char *n)
{
	return str_starts(n, "sys") && !str_starts(n, "sysfs") && !str_starts(n, "sysrq") &&
	       !str_starts(n, "sysinfo") && (str_ends(n, ".c") || str_ends(n, ".h"));
}

int kproto_scan_tree(struct scan_ctx *ctx)
{
	struct kp_scan s = {.ctx = ctx};
	int rc = db_prepare(ctx->db, &s.ins,
			    "INSERT INTO kproto(scan_id, port, name, ret, params, nparams, source, line)"
			    " VALUES(?1,?2,?3,?4,?5,?6,?7,?8)");
	static const char *const generic[] = {"include/linux/syscalls.h",
					      "include/asm-generic/syscalls.h"};
	for (size_t i = 0; rc == 0 && i < ARRAY_SIZE(generic); i++)
		rc = kp_file(&s, generic[i], "");
	struct strv ports = {0};
	if (rc == 0)
		rc = kp_list(&s, "arch", any_name, 1, &ports);
	static const struct {
		const char *dir;
		int (*keep)(const char *);
	} where[] = {{"include/asm", asm_header}, {"kernel", port_source}};
	for (size_t p = 0; rc == 0 && p < ports.n; p++) {
		for (size_t w = 0; rc == 0 && w < ARRAY_SIZE(where); w++) {
			struct strv files = {0};
			char *dir = xasprintf("arch/%s/%s", ports.v[p], where[w].dir);
			rc = kp_list(&s, dir, where[w].keep, 0, &files);
			for (size_t f = 0; rc == 0 && f < files.n; f++) {
				char *rel = xasprintf("%s/%s", dir, files.v[f]);
				rc = kp_file(&s, rel, ports.v[p]);
				free(rel);
			}
			free(dir);
			strv_free(&files);
		}
	}
	if (rc == 0 && !s.rows)
		rc = db_add_diag(ctx->db, ctx->scan_id, "kproto", "include/linux/syscalls.h", 0, "note",
				 "no syscall prototypes found: wrappers are typed without the kernel's");
	strv_free(&ports);
	sqlite3_finalize(s.ins);
	return rc;
}
