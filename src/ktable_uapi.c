/* ktable_uapi.c: the kernel syscall table from a sysroot's UAPI headers, and
 * the macro evaluation that the kernel-tree scanner shares.
 *
 * The numbers are evaluated for the target, not grepped: they can be
 * expressions (__NR_Linux + 4 on MIPS, (__X32_SYSCALL_BIT + 0) on x32) and the
 * generic table depends on __ARCH_WANT_* and __BITS_PER_LONG. kpp (kpp.h)
 * preprocesses <asm/unistd.h> with the target's predefined macros, as the
 * target compiler would, and evaluates each __NR_* macro defined at the end. */
#define _GNU_SOURCE /* open_memstream */
#include "ktable.h"
#include "json.h"

#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The rule for __NR_* names that are not syscalls: bases and counts.
 * Syscall names are lower-case; the bases are not (__NR_Linux on MIPS,
 * __NR_SYSCALL_BASE, __NR_OABI_SYSCALL_BASE and __NR_SYSCALL_MASK on ARM,
 * __ARM_NR_BASE, __NR_O32_Linux...). The counts end in "syscalls"
 * (__NR_syscalls, __NR_Linux_syscalls), and __NR_arch_specific_syscall is
 * the first number of the generic table's per-arch range, which has no
 * __SYSCALL() entry of its own. */
int ktable_is_helper(const char *name)
{
	for (const char *p = name; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			return 1;
	return str_ends(name, "syscalls") || !strcmp(name, "arch_specific_syscall");
}

int ktable_entry_unimplemented(const char *entry)
{
	/* sys_ni_syscall, and the ports' own spelling (alpha_ni_syscall) */
	return !entry || !*entry || str_ends(entry, "_ni_syscall") ||
	       !strcmp(entry, "sys_ni_syscall");
}

void ksyms_free(struct ksyms *k)
{
	for (size_t i = 0; i < k->n; i++) {
		free(k->v[i].name);
		free(k->v[i].file);
		free(k->v[i].entry);
	}
	free(k->v);
	strv_free(&k->files);
	free(k->version);
	memset(k, 0, sizeof(*k));
}

/* The __SYSCALL(nr, entry) invocations of the generic table, in order. */
struct entry {
	long long nr;
	size_t order;
	char *name;
};
struct entries {
	struct entry *v;
	size_t n, cap;
};

static void on_syscall(void *arg, long long nr, const char *entry)
{
	struct entries *e = arg;
	if (e->n == e->cap) {
		e->cap = e->cap ? 2 * e->cap : 512;
		e->v = xrealloc(e->v, e->cap * sizeof(*e->v));
	}
	e->v[e->n] = (struct entry){nr, e->n, xstrdup(entry)};
	e->n++;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	if (x->nr != y->nr)
		return x->nr < y->nr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* An entry belongs to the (non-private) names with its number; the first
 * __SYSCALL() of a number is the one the table uses. */
static void assign_entries(struct entries *en, struct ksyms *k)
{
	if (en->n)
		qsort(en->v, en->n, sizeof(*en->v), cmp_entry);
	for (size_t i = 0; i < k->n; i++) {
		struct ksym *s = &k->v[i];
		size_t lo = 0, hi = en->n;
		while (lo < hi) { /* the first entry with nr >= s->nr */
			size_t mid = lo + (hi - lo) / 2;
			if (en->v[mid].nr < s->nr)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (s->ok && !s->private && lo < en->n && en->v[lo].nr == s->nr)
			s->entry = xstrdup(en->v[lo].name);
	}
	for (size_t i = 0; i < en->n; i++)
		free(en->v[i].name);
	free(en->v);
}

static void collect(struct kpp *p, struct ksyms *k)
{
	for (size_t i = 0; i < kpp_macro_count(p); i++) {
		const char *file, *full = kpp_macro(p, i, &file), *name = NULL;
		int private = 0;
		if (full && str_starts(full, "__NR_"))
			name = full + 5;
		else if (full && str_starts(full, "__ARM_NR_"))
			name = full + 9, private = 1;
		if (!name || !is_c_identifier(name) || ktable_is_helper(name))
			continue;
		if (k->n == k->cap) {
			k->cap = k->cap ? 2 * k->cap : 512;
			k->v = xrealloc(k->v, k->cap * sizeof(*k->v));
		}
		struct ksym *s = &k->v[k->n++];
		*s = (struct ksym){.name = xstrdup(name), .file = xstrdup(file), .private = private};
		s->ok = kpp_value(p, full, &s->nr);
	}
	for (size_t i = 0; i < kpp_files(p)->n; i++)
		strv_push(&k->files, kpp_files(p)->v[i]);
}

/* LINUX_VERSION_MAJOR... (6.1.81+), else LINUX_VERSION_CODE, whose sublevel
 * saturates at 255. */
static char *version_of(struct kpp *p)
{
	long long v[3], code;
	if (kpp_value(p, "LINUX_VERSION_MAJOR", &v[0]) &&
	    kpp_value(p, "LINUX_VERSION_PATCHLEVEL", &v[1]) &&
	    kpp_value(p, "LINUX_VERSION_SUBLEVEL", &v[2]))
		return xasprintf("%lld.%lld.%lld", v[0], v[1], v[2]);
	if (kpp_value(p, "LINUX_VERSION_CODE", &code))
		return xasprintf("%lld.%lld.%lld", code >> 16, (code >> 8) & 255, code & 255);
	return NULL;
}

int ktable_eval(const struct keval *ke, struct ksyms *out)
{
	memset(out, 0, sizeof(*out));
	struct entries en = {0};
	struct kpp_opts o = ke->kpp;
	if (ke->want_entries)
		o.hook = "__SYSCALL", o.on_hook = on_syscall, o.hook_arg = &en;
	struct kpp *p = kpp_new(&o);
	int rc = kpp_run(p, ke->want_version ? "#if __has_include(<linux/version.h>)\n"
					       "#include <linux/version.h>\n#endif\n"
					       "#include <asm/unistd.h>\n"
					     : "#include <asm/unistd.h>\n");
	if (rc < 0) {
		err_prefix("%s: asm/unistd.h", ke->what);
	} else {
		collect(p, out);
		if (ke->want_version)
			out->version = version_of(p);
	}
	kpp_free(p);
	assign_entries(&en, out);
	if (rc < 0)
		ksyms_free(out);
	return rc;
}

/* A NULL key part compares apart from every string. */
static int key_cmp(const char *a, const char *b)
{
	return a && b ? strcmp(a, b) : (a != NULL) - (b != NULL);
}

/* The group of (arch, abi, source), added if new. */
static struct krow_group *krow_group(struct krows *w, const char *const key[3])
{
	uint64_t h = 0;
	for (int c = 0; c < 3; c++)
		h = hash64(key[c] ? key[c] : "", key[c] ? strlen(key[c]) + 1 : 0, h + (key[c] != NULL));
	if (2 * (w->ng + 1) > w->nslot) { /* grow the index, and re-place the groups */
		free(w->slot);
		w->nslot = w->nslot ? 2 * w->nslot : 64;
		w->slot = xcalloc(w->nslot, sizeof(*w->slot));
		for (size_t g = 0; g < w->ng; g++) {
			size_t i = w->g[g].hash & (w->nslot - 1);
			while (w->slot[i])
				i = (i + 1) & (w->nslot - 1);
			w->slot[i] = g + 1;
		}
	}
	size_t i = h & (w->nslot - 1);
	for (; w->slot[i]; i = (i + 1) & (w->nslot - 1)) {
		struct krow_group *g = &w->g[w->slot[i] - 1];
		int c = 0;
		while (c < 3 && g->hash == h && !key_cmp(g->key[c], key[c]))
			c++;
		if (c == 3)
			return g;
	}
	if (w->ng == w->gcap) {
		w->gcap = w->gcap ? 2 * w->gcap : 64;
		w->g = xrealloc(w->g, w->gcap * sizeof(*w->g));
	}
	struct krow_group *g = &w->g[w->ng];
	*g = (struct krow_group){.hash = h};
	for (int c = 0; c < 3; c++)
		g->key[c] = key[c] ? xstrdup(key[c]) : NULL;
	buf_putc(&g->json, '[');
	w->slot[i] = ++w->ng;
	return g;
}

/* Appends s as a JSON string (null for NULL). Table names and entry points
 * need no escapes: they go straight in; the rest through json.h's writer
 * (a FILE per call: ~10 stdio calls a row were most of the flush). */
static int json_buf_str(struct buf *b, const char *s)
{
	if (!s) {
		buf_puts(b, "null");
		return 0;
	}
	const unsigned char *p = (const unsigned char *)s;
	while (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\')
		p++;
	if (!*p) {
		buf_putc(b, '"');
		buf_add(b, s, (size_t)(p - (const unsigned char *)s));
		buf_putc(b, '"');
		return 0;
	}
	char *t = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&t, &n);
	if (!f)
		return err_set(EXIT_INTERNAL, "ktable: %s", strerror(errno));
	json_write_string(f, s);
	int rc = fclose(f) ? err_set(EXIT_INTERNAL, "ktable: %s", strerror(errno)) : 0;
	if (rc == 0)
		buf_add(b, t, n);
	free(t);
	return rc;
}

/* Appends v in decimal (snprintf was a third of the flush). */
static void json_buf_int(struct buf *b, long long v)
{
	char t[24];
	int i = sizeof(t);
	unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
	do
		t[--i] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		t[--i] = '-';
	buf_add(b, t + i, sizeof(t) - (size_t)i);
}

/* The row goes to its group's JSON array as [nr, name, entry, compat_entry,
 * implemented, private] (docs/db.md: ktable). */
void ktable_insert(struct krows *w, const struct krow *r)
{
	const char *key[3] = {r->arch, r->abi, r->source};
	/* rows come in runs of one group: try the last one before hashing */
	struct krow_group *g = w->last < w->ng ? &w->g[w->last] : NULL;
	for (int c = 0; g && c < 3; c++)
		if (key_cmp(g->key[c], key[c]))
			g = NULL;
	if (!g) {
		g = krow_group(w, key);
		w->last = (size_t)(g - w->g);
	}
	struct buf *b = &g->json;
	if (b->len > 1)
		buf_putc(b, ',');
	buf_putc(b, '[');
	json_buf_int(b, r->nr);
	const char *str[3] = {r->name, r->entry, r->compat_entry};
	for (int c = 0; c < 3; c++) {
		buf_putc(b, ',');
		if (json_buf_str(b, str[c]) < 0)
			w->err = -1;
	}
	buf_putc(b, ',');
	json_buf_int(b, r->implemented);
	buf_putc(b, ',');
	json_buf_int(b, r->private);
	buf_putc(b, ']');
}

static int cmp_group(const void *a, const void *b)
{
	const struct krow_group *x = a, *y = b;
	int c = 0;
	for (int k = 0; !c && k < 3; k++)
		c = key_cmp(x->key[k], y->key[k]);
	return c;
}

/* The groups in key order, so that the index inserts append. */
int ktable_flush(struct krows *w)
{
	if (w->ng)
		qsort(w->g, w->ng, sizeof(*w->g), cmp_group);
	sqlite3_stmt *st = NULL;
	int rc = w->err;
	if (rc == 0 && w->ng)
		rc = db_prepare(w->ctx->db, &st, "INSERT INTO ktable (scan_id, arch, abi, source, syscalls)"
						 " VALUES (?1, ?2, ?3, ?4, ?5)");
	for (size_t i = 0; rc == 0 && i < w->ng; i++) {
		struct krow_group *g = &w->g[i];
		buf_putc(&g->json, ']');
		sqlite3_bind_int64(st, 1, w->ctx->scan_id);
		for (int c = 0; c < 3; c++)
			db_bind_text(st, 2 + c, g->key[c]);
		sqlite3_bind_text(st, 5, g->json.p, (int)g->json.len, SQLITE_STATIC);
		rc = db_step_done(w->ctx->db, st);
	}
	sqlite3_finalize(st);
	for (size_t i = 0; i < w->ng; i++) {
		for (int c = 0; c < 3; c++)
			free(w->g[i].key[c]);
		buf_free(&w->g[i].json);
	}
	free(w->g);
	free(w->slot);
	struct scan_ctx *ctx = w->ctx;
	memset(w, 0, sizeof(*w));
	w->ctx = ctx;
	return rc;
}

int ktable_read_begin(struct kread *it, struct db *db, int64_t scan_id, const char *arch)
{
	memset(it, 0, sizeof(*it));
	it->db = db;
	if (db_prepare(db, &it->st, "SELECT arch, abi, source, syscalls FROM ktable"
				    " WHERE scan_id = ?1 AND (?2 IS NULL OR arch = ?2)") < 0)
		return -1;
	sqlite3_bind_int64(it->st, 1, scan_id);
	db_bind_text(it->st, 2, arch);
	return 0;
}

/* A JSON string at *p (its quote) appended to it->str unescaped, with its
 * NUL; *off its offset, SIZE_MAX for null. 0, or -1 if it is neither. */
static int read_str(struct kread *it, const char **pp, size_t *off)
{
	const char *p = *pp;
	if (!strncmp(p, "null", 4)) {
		*off = SIZE_MAX, *pp = p + 4;
		return 0;
	}
	if (*p++ != '"')
		return -1;
	*off = it->str.len;
	for (;;) {
		const char *e = p;
		while (*e && *e != '"' && *e != '\\')
			e++;
		buf_add(&it->str, p, (size_t)(e - p));
		p = e;
		if (*p == '"')
			break;
		if (*p++ != '\\' || !*p)
			return -1;
		static const char esc[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
		const char *m = strchr(esc, *p);
		if (*p != 'u' && m && (m - esc) % 2 == 0) {
			buf_putc(&it->str, m[1]);
			p++;
			continue;
		}
		unsigned cp;
		int n = 0;
		if (*p != 'u' || sscanf(p + 1, "%4x%n", &cp, &n) != 1 || n != 4)
			return -1;
		p += 5;
		unsigned lo;
		if (cp >= 0xd800 && cp < 0xdc00 && p[0] == '\\' && p[1] == 'u' &&
		    sscanf(p + 2, "%4x%n", &lo, &n) == 1 && n == 4 && lo >= 0xdc00 && lo < 0xe000)
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00), p += 6;
		char u[4];
		int k = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
		static const unsigned char lead[] = {0, 0, 0xc0, 0xe0, 0xf0};
		for (int i = k - 1; i > 0; i--, cp >>= 6)
			u[i] = (char)(0x80 | (cp & 0x3f));
		u[0] = (char)(lead[k] | cp);
		buf_add(&it->str, u, (size_t)k);
	}
	buf_putc(&it->str, 0); /* kept: the next string goes after it */
	*pp = p + 1;
	return 0;
}

static int read_int(const char **pp, long long *v)
{
	char *end;
	errno = 0;
	*v = strtoll(*pp, &end, 10);
	if (end == *pp || errno)
		return -1;
	*pp = end;
	return 0;
}

int ktable_read_next(struct kread *it)
{
	const char *p = it->p;
	while (!p || *p == ']') { /* the next group */
		int s = sqlite3_step(it->st);
		if (s == SQLITE_DONE)
			return 0;
		if (s != SQLITE_ROW)
			return db_fail(it->db, "read ktable");
		p = (const char *)sqlite3_column_text(it->st, 3);
		if (!p || *p++ != '[')
			goto bad;
		it->row.arch = (const char *)sqlite3_column_text(it->st, 0);
		it->row.abi = (const char *)sqlite3_column_text(it->st, 1);
		it->row.source = (const char *)sqlite3_column_text(it->st, 2);
	}
	if (*p == ',')
		p++;
	it->str.len = 0;
	size_t off[3];
	long long impl, priv;
	if (*p++ != '[' || read_int(&p, &it->row.nr) < 0)
		goto bad;
	for (int c = 0; c < 3; c++)
		if (*p++ != ',' || read_str(it, &p, &off[c]) < 0)
			goto bad;
	if (*p++ != ',' || read_int(&p, &impl) < 0 || *p++ != ',' || read_int(&p, &priv) < 0 ||
	    *p++ != ']' || (*p != ',' && *p != ']'))
		goto bad;
	const char **str[3] = {&it->row.name, &it->row.entry, &it->row.compat_entry};
	for (int c = 0; c < 3; c++)
		*str[c] = off[c] == SIZE_MAX ? NULL : it->str.p + off[c];
	it->row.implemented = (int)impl, it->row.private = (int)priv;
	it->p = p;
	return 1;
bad:
	return err_set(EXIT_DB, "%s: ktable of %s: not a JSON array of syscall rows", it->db->path,
		       it->row.arch ? it->row.arch : "a scan");
}

void ktable_read_end(struct kread *it)
{
	sqlite3_finalize(it->st);
	buf_free(&it->str);
	memset(it, 0, sizeof(*it));
}

/* Reads a header for kpp through sysroot.h: missing, or not a regular file
 * (a directory), lets the search go on; a path out of the sysroot stops it. */
static int uapi_read(void *arg, const char *path, struct buf *out)
{
	const struct sysroot *sr = arg;
	const char *rel = sysroot_strip_prefix(sr, path);
	if (strcmp(sr->root, "/") && rel == path)
		return err_set(EXIT_INPUT, "%s: header outside the sysroot %s", path, sr->root);
	int rc = sysroot_read_file(sr, rel, 16 << 20, out, NULL);
	if (rc == -ENOENT || rc == -ENOTDIR || rc == -EINVAL) {
		err_clear();
		return 1;
	}
	return rc < 0 ? -1 : 0;
}

/* The headers of the scan, once each: the ABIs of a sysroot share them. */
struct uapi_hdrs {
	struct strv dirs;          /* host paths of sr->uapi_inc */
	struct kpp_cache cache;
	struct strv seen;          /* already recorded as inputs */
};

static int note_headers(struct scan_ctx *ctx, const struct strv *files, struct uapi_hdrs *h,
			const char *version)
{
	for (size_t i = 0; i < files->n; i++) {
		const char *host = files->v[i];
		if (strv_contains(&h->seen, host))
			continue;
		const struct buf *b = kpp_cache_get(&h->cache, host);
		if (scan_note_input(ctx, "kernel-header", host, b->p, b->len, version) < 0)
			return -1;
		strv_push(&h->seen, host);
	}
	return 0;
}

/* Evaluates and stores the table of one ABI. */
static int scan_abi(struct scan_ctx *ctx, struct krows *st, const struct arch_desc *a,
		    int primary, struct uapi_hdrs *h)
{
	const struct sysroot *sr = ctx->sr;
	struct ksyms ks;
	char *what = xasprintf("%s: %s", sr->root, a->name);
	struct keval ke = {.kpp = {.dirs = &h->dirs, .predefs = a->cpp_predefs, .read = uapi_read,
				   .read_arg = (void *)sr, .cache = &h->cache},
			   .want_version = primary, .what = what};
	int rc = ktable_eval(&ke, &ks);
	free(what);
	if (rc < 0) {
		if (primary)
			return -1;
		/* a companion ABI these headers do not describe: note it, go on */
		rc = db_add_diag(ctx->db, ctx->scan_id, "ktable", NULL, 0, "warning", err_msg());
		err_clear();
		return rc;
	}
	for (size_t i = 0; rc == 0 && i < ks.n; i++) {
		const struct ksym *s = &ks.v[i];
		const char *src = sysroot_strip_prefix(sr, s->file);
		if (!s->ok) {
			char *msg = xasprintf("%s%s: not an integer constant for %s",
					      s->private ? "__ARM_NR_" : "__NR_", s->name, a->name);
			rc = db_add_diag(ctx->db, ctx->scan_id, "ktable", src, 0, "warning", msg);
			free(msg);
			continue;
		}
		struct krow r = {.arch = a->name, .abi = "uapi", .name = s->name, .nr = s->nr,
				 .source = src, .implemented = 1, .private = s->private};
		ktable_insert(st, &r);
	}
	if (rc == 0 && primary && ks.version)
		rc = db_scan_set(ctx->db, ctx->scan_id, "kernel_version", ks.version);
	if (rc == 0)
		rc = note_headers(ctx, &ks.files, h, primary ? ks.version : NULL);
	ksyms_free(&ks);
	return rc;
}

int ktable_scan_uapi(struct scan_ctx *ctx)
{
	const struct sysroot *sr = ctx->sr;
	char *hdr = sysroot_find_in(sr, &sr->uapi_inc, "asm/unistd.h");
	if (!hdr) {
		struct buf dirs = {0};
		for (size_t i = 0; i < sr->uapi_inc.n; i++)
			buf_printf(&dirs, "%s%s", i ? ", " : "", sr->uapi_inc.v[i]);
		err_set(EXIT_INPUT, "%s: no asm/unistd.h for %s in %s", sr->root, ctx->arch->name,
			dirs.len ? dirs.p : "(no include dirs)");
		buf_free(&dirs);
		return -1;
	}
	free(hdr);
	struct krows st = {.ctx = ctx};
	struct uapi_hdrs h = {0};
	for (size_t i = 0; i < sr->uapi_inc.n; i++)
		strv_push_own(&h.dirs, sysroot_host_path(sr, sr->uapi_inc.v[i]));
	int rc = scan_abi(ctx, &st, ctx->arch, 1, &h);
	for (const char *const *c = ctx->arch->companions; rc == 0 && c && *c; c++) {
		const struct arch_desc *a = arch_find(*c);
		if (a)
			rc = scan_abi(ctx, &st, a, 0, &h);
	}
	if (ktable_flush(&st) < 0)
		rc = -1;
	strv_free(&h.dirs);
	strv_free(&h.seen);
	kpp_cache_free(&h.cache);
	return rc;
}
