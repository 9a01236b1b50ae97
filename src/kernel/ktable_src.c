/* ktable_src.c: the entry points a kernel tree declares only by
 * COND_SYSCALL (see ktable_src.h).
 *
 * The rule, and why it is sound: a table row names entry points (sys_X,
 * compat_sys_X; older x86 trees __x64_sys_X...). COND_SYSCALL(X) (and
 * COND_SYSCALL_COMPAT(X)) in kernel/sys_ni.c makes a weak sys_X
 * (compat_sys_X) that returns -ENOSYS, for the calls a configuration may
 * leave out; a definition anywhere in the tree overrides it. So an entry
 * point is removed only when the tree has its COND_SYSCALL and nothing
 * that may define it: no SYSCALL_DEFINEn(X, ...)/COMPAT_SYSCALL_DEFINEn,
 * no other *SYSCALL*_DEFINEn (PPC32_, SYSCALL32_: either one, so both), no
 * SYSCALL_ALIAS(sys_X, ...), and no mention of the symbol that could be a
 * plain definition: in assembly any mention (ENTRY(sys_X), sys_X:, tables),
 * in C `#define sys_X`, a function definition, or any use the checks below
 * cannot tell from one. A C mention counts as a use only when it is a call
 * or prototype (`sys_X(...)` then `;`, `,` or `)`) or a bare argument or
 * initializer (`(`, `,`, `=`, `&` or `{` before, `,` `)` `;` `}` after):
 * the declarations in include/linux/syscalls.h and the __SYSCALL() rows of
 * the generic table. An entry point with neither a COND_SYSCALL nor a
 * definition (plain assembly of an odd port) is not removed: not proven.
 *
 * Speed: only files that can hold either are read, *.c, *.h, *.S, outside
 * tools/ (user-space copies) and Documentation/; each is read whole into
 * one buffer and searched with memmem() for "SYSCALL" and "sys_", the only
 * places anything is parsed. The files come through the kernel-tree door
 * (base/ktree.h: a directory walked by fds with symlinks never followed,
 * or a tarball in one pass): nothing outside the tree is read.
 *
 * The whole tree: "defined nowhere" is only proven when every directory
 * the kernel builds is there. Those are the directories the tree's own
 * top-level Kbuild and Makefile add to the build (`obj-y += fs/`,
 * `core-y += kernel/ mm/ fs/ ...` in older trees, `libs-y := lib/`),
 * names without `$(...)`, and kernel/, fs/ and mm/, where every Linux
 * tree defines syscalls (6.1's Makefile names only lib/, its Kbuild the
 * rest: a tree without Kbuild still needs those three); a tree missing
 * any of them (a sparse extract of
 * include/, arch/ and kernel/; a linux-headers package), or whose Kbuild
 * and Makefile name none, is partial: its COND_SYSCALL()s remove nothing
 * (read is in fs/read_write.c; without fs/ it would look removed). */
#define _GNU_SOURCE
#include "kernel/ktable_src.h"
#include "base/ktree.h"

#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* No kernel source comes near this; a bigger file is a diag, not read. */
#define SRC_MAX (64u << 20)

struct def {
	char *entry;
	size_t file; /* index into walk.facts */
};

struct walk {
	struct scan_ctx *ctx;
	struct ksrc *k;
	struct buf text;       /* the current file, NUL-terminated */
	struct strv facts;     /* files with a COND_SYSCALL or a possible definition */
	const char *dir, *name; /* the current file: tree-relative dir, "" at the top */
	size_t cur;            /* the current file's index in facts, or SIZE_MAX */
	const char *lpos;      /* line counting: lpos is on line lline */
	int lline;
	struct def *defs;
	size_t ndefs, capdefs, capcond;
	int err;
};

static int is_id(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The entry point an identifier spells, as a suffix of it: sys_X and
 * compat_sys_X themselves, __<abi>_sys_X and __<abi>_compat_sys_X (x86's,
 * arm64's, s390's wrappers) without the prefix; -1 for anything else. */
static long entry_of(const char *s, size_t n)
{
	size_t off = 0;
	if (n > 2 && s[0] == '_' && s[1] == '_') {
		size_t i = 2;
		while (i < n && s[i] != '_' && is_id((unsigned char)s[i]))
			i++;
		if (i == 2 || i >= n)
			return -1;
		off = i + 1;
	}
	const char *r = s + off;
	size_t rn = n - off;
	if (rn > 11 && !memcmp(r, "compat_sys_", 11))
		return (long)off;
	if (rn > 4 && !memcmp(r, "sys_", 4))
		return (long)off;
	return -1;
}

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/* The current file's index in facts, pushed on its first fact. */
static size_t fact_file(struct walk *w)
{
	if (w->cur == SIZE_MAX) {
		w->cur = w->facts.n;
		strv_push_own(&w->facts, *w->dir ? xasprintf("%s/%s", w->dir, w->name)
						 : xstrdup(w->name));
	}
	return w->cur;
}

static void add_def(struct walk *w, const char *pfx, const char *s, size_t n)
{
	if (w->ndefs == w->capdefs) {
		w->capdefs = w->capdefs ? 2 * w->capdefs : 1024;
		w->defs = xrealloc(w->defs, w->capdefs * sizeof(*w->defs));
	}
	w->defs[w->ndefs++] = (struct def){xasprintf("%s%.*s", pfx, (int)n, s), fact_file(w)};
}

static int line_of(struct walk *w, const char *at)
{
	for (const char *p = w->lpos; (p = memchr(p, '\n', (size_t)(at - p))); p++)
		w->lline++;
	w->lpos = at;
	return w->lline;
}

/* A "SYSCALL" inside the identifier [s, e): a COND_SYSCALL() at the start
 * of a line (not the macro's own #define, nor x86's __X64_COND_SYSCALL), a
 * definer or SYSCALL_ALIAS(). */
static void macro(struct walk *w, const char *s, const char *e, int is_asm)
{
	size_t n = (size_t)(e - s);
	const char *a = skip_ws(e);
	if (*a != '(')
		return;
	const char *x = skip_ws(a + 1), *xe = x;
	while (is_id((unsigned char)*xe))
		xe++;
	const char *after = skip_ws(xe);
	if (xe == x || *after == '#') /* a macro's own body: sys_##name */
		return;
	size_t xn = (size_t)(xe - x);
	int compat = n == 19 && !memcmp(s, "COND_SYSCALL_COMPAT", 19);
	if (compat || (n == 12 && !memcmp(s, "COND_SYSCALL", 12))) {
		const char *t = s;
		while (t > w->text.p && (t[-1] == ' ' || t[-1] == '\t'))
			t--;
		if (is_asm || *after != ')' || (t > w->text.p && t[-1] != '\n'))
			return;
		struct ksrc *k = w->k;
		if (k->ncond == w->capcond) {
			w->capcond = w->capcond ? 2 * w->capcond : 512;
			k->cond = xrealloc(k->cond, w->capcond * sizeof(*k->cond));
		}
		int line = line_of(w, s);
		size_t f = fact_file(w);
		k->cond[k->ncond++] = (struct ksrc_cond){
			xasprintf("%s%.*s", compat ? "compat_sys_" : "sys_", (int)xn, x),
			xstrdup(w->facts.v[f]), line, f};
	} else if (n == 13 && !memcmp(s, "SYSCALL_ALIAS", 13)) {
		long off = entry_of(x, xn);
		if (off >= 0)
			add_def(w, "", x + off, xn - (size_t)off);
	} else if (n >= 7 && !memcmp(e - 7, "DEFINE", 6) && e[-1] >= '0' && e[-1] <= '9') {
		/* SYSCALL_DEFINEn: sys_X; COMPAT_SYSCALL_DEFINEn: compat_sys_X;
		 * PPC32_SYSCALL_DEFINEn, SYSCALL32_DEFINEn: one or the other */
		int plain = n == 15 && !memcmp(s, "SYSCALL_DEFINE", 14);
		int comp = n == 22 && !memcmp(s, "COMPAT_SYSCALL_DEFINE", 21);
		if (!comp)
			add_def(w, "sys_", x, xn);
		if (!plain)
			add_def(w, "compat_sys_", x, xn);
	}
}

/* Whether the mention [s, e) of an entry point may define it (see the top
 * of the file): only calls, prototypes and bare arguments do not. */
static int may_define(const char *p, const char *s, const char *e, int is_asm)
{
	if (is_asm)
		return 1;
	const char *ls = s;
	while (ls > p && ls[-1] != '\n')
		ls--;
	const char *d = ls;
	while (*d == ' ' || *d == '\t')
		d++;
	if (*d == '#') {
		d++;
		while (*d == ' ' || *d == '\t')
			d++;
		if (!strncmp(d, "define", 6)) {
			d = skip_ws(d + 6);
			if (d == s)
				return 1;
		}
	}
	const char *nx = skip_ws(e);
	if (*nx == '(') {
		int depth = 0;
		const char *c = nx;
		for (; *c; c++) {
			if (*c == '(')
				depth++;
			else if (*c == ')' && --depth == 0)
				break;
		}
		if (!*c)
			return 1;
		c = skip_ws(c + 1);
		return !(*c == ';' || *c == ',' || *c == ')');
	}
	const char *pv = s;
	while (pv > p && pv[-1] && strchr(" \t\r\n", pv[-1]))
		pv--;
	return !(pv > p && pv[-1] && strchr("(,=&{", pv[-1]) && *nx && strchr(",);}", *nx));
}

/* The next "ys" at or after q, either letter in either case: the second
 * and third bytes of both "SYSCALL" and "sys_", rarer in C than any one
 * byte; NULL if none. 16 bytes a step where SSE2 is there: memmem() of the
 * two words, a pass each, was most of the time of the whole pass. */
static const char *find_ys(const char *q, const char *end)
{
#ifdef __SSE2__
	const __m128i lower = _mm_set1_epi8(0x20), y = _mm_set1_epi8('y'), s = _mm_set1_epi8('s');
	for (; q + 17 <= end; q += 16) {
		__m128i a = _mm_or_si128(_mm_loadu_si128((const __m128i *)q), lower);
		__m128i b = _mm_or_si128(_mm_loadu_si128((const __m128i *)(q + 1)), lower);
		int m = _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, y), _mm_cmpeq_epi8(b, s)));
		if (m)
			return q + __builtin_ctz((unsigned)m);
	}
#endif
	for (; q + 1 < end; q++)
		if ((q[0] | 0x20) == 'y' && (q[1] | 0x20) == 's')
			return q;
	return NULL;
}

/* Every "SYSCALL" and "sys_" of the file, in one pass, in order (the line
 * count of the COND_SYSCALL()s goes forward only). */
static void scan_text(struct walk *w, int is_asm)
{
	const char *p = w->text.p, *end = p + w->text.len;
	w->cur = SIZE_MAX, w->lpos = p, w->lline = 1;
	for (const char *q = p; (q = find_ys(q, end));) {
		int big = q > p && q[-1] == 'S' && end - q >= 6 && !memcmp(q - 1, "SYSCALL", 7);
		if (!big && !(q > p && q[-1] == 's' && q[0] == 'y' && q[1] == 's' && q[2] == '_')) {
			q++;
			continue;
		}
		const char *s = q - 1, *e = q;
		while (s > p && is_id((unsigned char)s[-1]))
			s--;
		while (is_id((unsigned char)*e))
			e++;
		if (big) {
			macro(w, s, e, is_asm);
		} else {
			long off = entry_of(s, (size_t)(e - s));
			if (off >= 0 && may_define(p, s, e, is_asm))
				add_def(w, "", s + off, (size_t)(e - s - off));
		}
		q = e;
	}
}

static int src_want(void *arg, const char *dir, const char *name, int is_dir)
{
	(void)arg;
	if (is_dir)
		return *dir || (strcmp(name, "tools") && strcmp(name, "Documentation"));
	size_t n = strlen(name);
	return n >= 3 && name[n - 2] == '.' &&
	       (name[n - 1] == 'c' || name[n - 1] == 'h' || name[n - 1] == 'S');
}

static int src_visit(void *arg, const char *dir, const char *name, char *text, size_t len)
{
	struct walk *w = arg;
	if (!text) {
		char *path = *dir ? xasprintf("%s/%s", dir, name) : xstrdup(name);
		int rc = db_add_diag(w->ctx->db, w->ctx->scan_id, "ktable", path, 0, "warning",
				     "larger than 64 MB: not read for COND_SYSCALL()s and definitions");
		free(path);
		return rc;
	}
	size_t n = strlen(name);
	w->dir = dir, w->name = name;
	w->text = (struct buf){.p = text, .len = len, .cap = len + 1};
	w->k->nread++;
	scan_text(w, name[n - 1] == 'S');
	return 0;
}

/* The build's directories that one top-level file names into *dirs:
 * `<obj|core|init|drivers|net|libs|virt>-<cond> [:+]= dir/ ...` */
static void build_dirs(char *text, struct strv *dirs)
{
	static const char *const vars[] = {"obj-", "core-", "init-", "drivers-", "net-", "libs-", "virt-"};
	for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		int var = 0;
		for (size_t i = 0; i < ARRAY_SIZE(vars); i++)
			var |= str_starts(l, vars[i]);
		char *eq = var ? strchr(l, '=') : NULL;
		if (!eq || eq == l || (eq[-1] != '+' && eq[-1] != ':' && eq[-1] != ' ' && eq[-1] != '\t'))
			continue;
		for (char *s2 = NULL, *wd = strtok_r(eq + 1, " \t", &s2); wd; wd = strtok_r(NULL, " \t", &s2)) {
			size_t n = strlen(wd);
			if (wd[0] == '#')
				break;
			/* a top-level dir: "fs/", not "arch/$(SRCARCH)/" */
			if (n > 1 && !strchr(wd, '$') && strchr(wd, '/') == wd + n - 1) {
				wd[n - 1] = 0;
				strv_push_unique(dirs, wd);
			}
		}
	}
}

/* 1 when every directory the build names is in the tree (above); else 0
 * with the first one missing in *missing (caller frees). */
static int tree_whole(struct scan_ctx *ctx, char **missing)
{
	struct strv dirs = {0}, have = {0};
	strv_push(&dirs, "kernel");
	strv_push(&dirs, "fs");
	strv_push(&dirs, "mm");
	static const char *const tops[] = {"Kbuild", "Makefile"};
	for (size_t i = 0; i < ARRAY_SIZE(tops); i++) {
		struct buf b = {0};
		if (ktree_read(ctx->kt, tops[i], 16 << 20, &b, NULL) == 0)
			build_dirs(b.p, &dirs);
		else
			err_clear();
		buf_free(&b);
	}
	*missing = NULL;
	if (ktree_list(ctx->kt, "", NULL, &have) < 0)
		err_clear();
	for (size_t i = 0; !*missing && i < dirs.n; i++)
		if (!strv_contains(&have, dirs.v[i]))
			*missing = xstrdup(dirs.v[i]);
	int whole = !*missing;
	strv_free(&dirs);
	strv_free(&have);
	return whole;
}

static int cmp_def(const void *a, const void *b)
{
	return strcmp(((const struct def *)a)->entry, ((const struct def *)b)->entry);
}

/* by entry, then file and line: the first site of an entry is the kept one */
static int cmp_cond(const void *a, const void *b)
{
	const struct ksrc_cond *x = a, *y = b;
	int c = strcmp(x->entry, y->entry);
	if (!c)
		c = strcmp(x->file, y->file);
	return c ? c : (x->line > y->line) - (x->line < y->line);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int ksrc_scan(struct scan_ctx *ctx, struct ksrc *k)
{
	uint64_t t0 = now_ns();
	struct walk w = {.ctx = ctx, .k = k};
	int rc = ktree_each(ctx->kt, SRC_MAX, src_want, src_visit, &w);
	char *missing = NULL;
	k->whole = rc == 0 && tree_whole(ctx, &missing);
	if (rc == 0 && !k->whole) {
		char *msg = xasprintf("no %s/ in the tree (the kernel builds it): a partial tree;"
				      " its COND_SYSCALL()s remove nothing", missing);
		rc = db_add_diag(ctx->db, ctx->scan_id, "ktable", missing, 0, "warning", msg);
		free(msg);
	}
	free(missing);
	if (w.ndefs)
		qsort(w.defs, w.ndefs, sizeof(*w.defs), cmp_def);
	if (k->ncond)
		qsort(k->cond, k->ncond, sizeof(*k->cond), cmp_cond);
	/* the inputs: the files of the COND_SYSCALL()s and of the definitions
	 * of COND'd entry points (whose edits may change a verdict) */
	unsigned char *input = xcalloc(w.facts.n + 1, 1);
	size_t kept = 0, d = 0;
	for (size_t i = 0, j; i < k->ncond; i = j) {
		struct ksrc_cond *c = &k->cond[i];
		for (j = i; j < k->ncond && !strcmp(k->cond[j].entry, c->entry); j++)
			input[k->cond[j].fact] = 1;
		while (d < w.ndefs && strcmp(w.defs[d].entry, c->entry) < 0)
			d++;
		int defined = 0;
		for (; d < w.ndefs && !strcmp(w.defs[d].entry, c->entry); d++)
			input[w.defs[d].file] = 1, defined = 1;
		/* the first site of an entry point is kept, if it is removed */
		for (size_t x = i + !defined; x < j; x++)
			free(k->cond[x].entry), free(k->cond[x].file);
		if (!defined)
			k->cond[kept++] = *c;
	}
	k->ncond = kept;
	for (size_t x = 0; x < w.ndefs; x++)
		free(w.defs[x].entry);
	k->ndefs = w.ndefs;
	for (size_t f = 0; f < w.facts.n; f++)
		if (input[f])
			strv_push(&k->files, w.facts.v[f]);
	if (k->files.n)
		qsort(k->files.v, k->files.n, sizeof(*k->files.v), cmp_str);
	free(input);
	free(w.defs);
	strv_free(&w.facts);
	k->ns = now_ns() - t0;
	return rc;
}

static const struct ksrc_cond *cond_of(const struct ksrc *k, const char *entry)
{
	long off = entry ? entry_of(entry, strlen(entry)) : -1;
	if (off < 0)
		return NULL;
	struct ksrc_cond key = {.entry = (char *)entry + off};
	size_t lo = 0, hi = k->ncond;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(key.entry, k->cond[mid].entry);
		if (!c)
			return &k->cond[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

const struct ksrc_cond *ksrc_removed(const struct ksrc *k, const char *entry, const char *compat)
{
	const struct ksrc_cond *c = k && k->whole ? cond_of(k, entry) : NULL;
	if (c && compat && *compat && !cond_of(k, compat))
		return NULL;
	return c;
}

int ksrc_store(struct scan_ctx *ctx, const struct ksrc *k)
{
	sqlite3_stmt *st = NULL;
	/* a partial tree's COND sites prove nothing: no rows */
	size_t ncond = k->whole ? k->ncond : 0;
	int rc = ncond ? db_prepare(ctx->db, &st, "INSERT INTO kcond (scan_id, entry, file, line)"
						      " VALUES (?1, ?2, ?3, ?4)") : 0;
	for (size_t i = 0; rc == 0 && i < ncond; i++) {
		sqlite3_bind_int64(st, 1, ctx->scan_id);
		db_bind_text(st, 2, k->cond[i].entry);
		db_bind_text(st, 3, k->cond[i].file);
		sqlite3_bind_int(st, 4, k->cond[i].line);
		rc = db_step_done(ctx->db, st);
	}
	sqlite3_finalize(st);
	/* a tarball is one input row of its own (scan.c): its members are
	 * not read again for theirs */
	for (size_t i = 0; rc == 0 && !ctx->kt->archive && i < k->files.n; i++) {
		struct buf b = {0};
		rc = ktree_read(ctx->kt, k->files.v[i], SRC_MAX, &b, NULL);
		if (rc == 0)
			rc = scan_note_tree_input(ctx, "kernel-source", k->files.v[i], b.p, b.len);
		else
			rc = -1;
		buf_free(&b);
	}
	return rc;
}

void ksrc_free(struct ksrc *k)
{
	for (size_t i = 0; i < k->ncond; i++) {
		free(k->cond[i].entry);
		free(k->cond[i].file);
	}
	free(k->cond);
	strv_free(&k->files);
	memset(k, 0, sizeof(*k));
}
