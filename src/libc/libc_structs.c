/* libc_structs.c: This file contains the struct scanner: which struct and
 * union tags the sysroot's headers define, and where (table tagdef), so
 * that gen can complete the tags a wrapper's signature names from the
 * kernel's UAPI header that defines them (struct sched_attr from
 * <linux/sched/types.h>, struct open_how from <linux/openat2.h>) and leave
 * alone those the libc defines itself (glibc 2.41's <sched.h> has struct
 * sched_attr; struct statx, struct mount_attr), which a UAPI copy would
 * meet. docs/gen.md has the rule.
 *
 * Two sides: the kernel's, every header under linux/, asm/, asm-generic/ of
 * the UAPI dirs (sysroot.h's uapi_inc); the libc's, the headers the header
 * scan read (its input rows) that the libc's -dev package installs
 * (libc_owner.h), outside the dirs linux-libc-dev fills. A definition is
 * `struct TAG {` (or union) outside comments, whatever the preprocessor
 * would keep: glibc 2.41's `#ifndef SCHED_ATTR_SIZE_VER0` copy of struct
 * sched_attr counts, as the libc defines it whenever the UAPI's is not
 * there. Text, not libclang:
 * the header TU holds only the headers man pages and data/headers.list
 * name, and a UAPI header it drops for a clash (linux/sched/types.h after
 * <sched.h>) is the one gen needs with that clash named. */
#define _GNU_SOURCE
#include "scan/scanner.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "base/dirwalk.h"
#include "libc/libc_owner.h"

#define HEADER_MAX (4 << 20)

struct sscan {
	struct scan_ctx *ctx;
	sqlite3_stmt *ins;
	const char *top;         /* the include dir walked now */
	int uapi;                /* this walk's side */
	struct strv seen;        /* include names done: the first dir wins */
	struct strv macros;      /* the libc's member aliases, sorted */
};

/* Whether the first directory of include name `name` is one that
 * linux-libc-dev fills: no libc header is there. */
static int uapi_dir(const char *name)
{
	static const char *const dirs[] = {"linux", "asm", "asm-generic", "drm", "misc", "mtd",
					   "rdma", "sound", "video", "xen"};
	size_t n = strcspn(name, "/");
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		if (strlen(dirs[i]) == n && !memcmp(name, dirs[i], n))
			return 1;
	return 0;
}

static const char *skip_space(const char *p, const char *e)
{
	while (p < e) {
		if (isspace((unsigned char)*p)) {
			p++;
		} else if (p + 1 < e && p[0] == '/' && p[1] == '*') {
			const char *c = memmem(p + 2, (size_t)(e - p - 2), "*/", 2);
			p = c ? c + 2 : e;
		} else if (p + 1 < e && p[0] == '/' && p[1] == '/') {
			const char *c = memchr(p, '\n', (size_t)(e - p));
			p = c ? c + 1 : e;
		} else {
			break;
		}
	}
	return p;
}

static int is_id(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static int add_row(struct sscan *s, const char *kw, const char *name, size_t n,
		   const char *header)
{
	if (!n || n > 64)
		return 0;
	char *v = xstrndup(name, n);
	sqlite3_bind_int64(s->ins, 1, s->ctx->scan_id);
	db_bind_text(s->ins, 2, kw);
	db_bind_text(s->ins, 3, v);
	db_bind_text(s->ins, 4, header);
	sqlite3_bind_int(s->ins, 5, s->uapi);
	free(v);
	return db_step_done(s->ctx->db, s->ins);
}

/* The name a typedef starting at p defines: the last identifier at brace
 * depth 0 before its `;`, `[` or attribute, or the one after `(*`; *end
 * its `;`. */
static const char *typedef_name(const char *p, const char *e, size_t *n, const char **end)
{
	const char *name = NULL;
	int depth = 0, stop = 0, fnptr = 0;
	*n = 0;
	while ((p = skip_space(p, e)) < e && !(depth == 0 && *p == ';')) {
		if (is_id(*p)) {
			const char *w = p;
			while (p < e && is_id(*p))
				p++;
			if (str_starts(w, "__attribute"))
				stop = 1;
			if (depth == 0 && !stop) {
				name = w;
				*n = (size_t)(p - w);
				stop = fnptr;
			}
			continue;
		}
		if (*p == '{')
			depth++;
		else if (*p == '}')
			depth -= depth > 0;
		else if (depth == 0 && *p == '[')
			stop = 1;
		else if (depth == 0 && *p == '(' && !stop && *skip_space(p + 1, e) == '*')
			fnptr = 1;
		else if (depth == 0 && *p == '(')
			stop = 1;
		p++;
	}
	*end = p;
	return name && !isdigit((unsigned char)*name) ? name : NULL;
}

static int by_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether the identifier w[0..n) is one of the libc's member aliases. */
static int is_macro(const struct sscan *s, const char *w, size_t n)
{
	char id[65];
	if (!s->macros.n || n >= sizeof(id) || !islower((unsigned char)*w))
		return 0;
	memcpy(id, w, n);
	id[n] = 0;
	const char *k = id;
	return bsearch(&k, s->macros.v, s->macros.n, sizeof(*s->macros.v), by_str) != NULL;
}

/* Rows for each `struct|union TAG {` and typedef of the file's text; of a
 * UAPI header also each `#include <h>` and each use of a member alias of
 * the libc's, an object-like macro for a member (kw "uses": <asm/stat.h>'s
 * member st_atime, which glibc defines as st_atim.tv_sec). */
static int scan_text(struct sscan *s, const char *name, const struct buf *b)
{
	const char *p = b->p, *e = b->p + b->len;
	int rc = 0;
	while (rc == 0 && (p = skip_space(p, e)) < e) {
		if (!is_id(*p)) {
			p++;
			continue;
		}
		const char *w = p;
		while (p < e && is_id(*p))
			p++;
		size_t n = (size_t)(p - w);
		int kw = n == 6 && !memcmp(w, "struct", 6) ? 1 : n == 5 && !memcmp(w, "union", 5) ? 2 : 0;
		if (n == 7 && !memcmp(w, "typedef", 7)) {
			const char *end; /* the struct a typedef defines is read on */
			const char *t = typedef_name(p, e, &n, &end);
			rc = t ? add_row(s, "typedef", t, n, name) : 0;
			continue;
		}
		if (n == 6 && !memcmp(w, "define", 6) && !s->uapi) {
			/* glibc's member aliases: #define st_atime st_atim.tv_sec */
			const char *t = skip_space(p, e), *te = t;
			while (te < e && (islower((unsigned char)*te) || isdigit((unsigned char)*te) ||
					  *te == '_'))
				te++;
			const char *eol = te < e ? memchr(te, '\n', (size_t)(e - te)) : NULL;
			/* object-like, its body a member: not glibc's function
			 * renames (#define time __time64), harmless in a UAPI header */
			if (te > t && islower((unsigned char)*t) && eol && !is_id(*te) && *te != '(' &&
			    memchr(te, '.', (size_t)(eol - te)))
				strv_push_own(&s->macros, xstrndup(t, (size_t)(te - t)));
			continue;
		}
		if (s->uapi && is_macro(s, w, n)) {
			rc = add_row(s, "uses", w, n, name);
			continue;
		}
		if (n == 7 && !memcmp(w, "include", 7) && s->uapi) {
			const char *t = skip_space(p, e), *te = t + 1;
			while (te < e && (is_id(*te) || strchr("./-", *te)))
				te++;
			if (t < e && *t == '<' && te < e && *te == '>')
				rc = add_row(s, "include", t + 1, (size_t)(te - t - 1), name);
			continue;
		}
		if (!kw)
			continue;
		const char *t = skip_space(p, e), *te = t;
		while (te < e && is_id(*te))
			te++;
		const char *q = skip_space(te, e);
		if (te == t || isdigit((unsigned char)*t) || q == e || *q != '{')
			continue;
		rc = add_row(s, kw == 1 ? "struct" : "union", t, (size_t)(te - t), name);
		p = te;
	}
	return rc;
}

/* The include name `name` at sysroot path `rel`, once per name. */
static int scan_file(struct sscan *s, const char *rel, const char *name)
{
	if (!str_ends(name, ".h") || !strv_push_unique(&s->seen, name))
		return 0;
	struct buf b = {0};
	int rc = 0;
	if (sysroot_read_resolved(s->ctx->sr, rel, HEADER_MAX, &b) == 0)
		rc = scan_text(s, name, &b);
	else
		err_clear(); /* a dangling or oversized header defines nothing */
	buf_free(&b);
	return rc;
}

static int walk_visit(void *arg, int dirfd, const char *rel, const char *name, unsigned char type)
{
	(void)dirfd;
	struct sscan *s = arg;
	if (type == DT_DIR)
		return 1;
	char *path = xasprintf("%s/%s", rel, name);
	int r = type == DT_REG && scan_file(s, path, path + strlen(s->top) + 1) < 0 ? -1 : 0;
	free(path);
	return r;
}

/* The kernel's headers: linux/, asm/, asm-generic/ of each UAPI dir. */
static int walk_uapi(struct sscan *s)
{
	static const char *const kdirs[] = {"linux", "asm", "asm-generic"};
	const struct strv *dirs = &s->ctx->sr->uapi_inc;
	int rc = 0;
	for (size_t k = 0; k < ARRAY_SIZE(kdirs); k++)
		for (size_t i = 0; i < dirs->n && rc == 0; i++) {
			char *top;
			if (sysroot_resolve(s->ctx->sr, dirs->v[i], &top) < 0) {
				err_clear(); /* checked by sysroot_open(); gone since: nothing */
				continue;
			}
			char *d = xasprintf("%s/%s", top, kdirs[k]);
			char *host = sysroot_host_path(s->ctx->sr, d);
			s->top = top;
			rc = dirwalk(host, d, walk_visit, s);
			free(host);
			free(d);
			free(top);
		}
	return rc;
}

/* The libc's headers as the header scan read them (its input rows, this
 * scanner runs after it): not a walk of a developer's /usr/include, which
 * holds other libraries' and other libcs' (diet/, x86_64-linux-musl/)
 * too. A file's include name is its path under the deepest libc dir. */
static int libc_files(struct sscan *s, const struct libc_owner *o)
{
	sqlite3_stmt *st;
	if (db_prepare(s->ctx->db, &st, "SELECT path FROM input WHERE scan_id = ?1 AND kind IN"
					" ('header', 'header-dep') ORDER BY path") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s->ctx->scan_id);
	int rc = 0, r;
	while (rc == 0 && (r = sqlite3_step(st)) == SQLITE_ROW) {
		/* input rows hold host paths (/usr/aarch64-linux-gnu/include/...) */
		const char *path = sysroot_strip_prefix(s->ctx->sr,
							(const char *)sqlite3_column_text(st, 0));
		const char *inc = NULL;
		for (size_t i = 0; i < s->ctx->sr->inc.n; i++) {
			const char *d = s->ctx->sr->inc.v[i];
			size_t n = strlen(d);
			if (!strncmp(path, d, n) && path[n] == '/' && (!inc || path + n + 1 > inc))
				inc = path + n + 1;
		}
		char *rel;
		if (!inc || uapi_dir(inc) || !libc_owner_has(o, path))
			continue;
		if (sysroot_resolve(s->ctx->sr, path, &rel) < 0) {
			err_clear();
			continue;
		}
		rc = scan_file(s, rel, inc);
		free(rel);
	}
	if (rc == 0 && r != SQLITE_DONE)
		rc = db_fail(s->ctx->db, "read");
	sqlite3_finalize(st);
	return rc;
}

int libc_scan_structs(struct scan_ctx *ctx)
{
	struct sscan s = {.ctx = ctx};
	struct libc_owner o;
	if (libc_owner_load(ctx->sr, &o) < 0)
		return -1;
	int rc = db_prepare(ctx->db, &s.ins, "INSERT OR IGNORE INTO tagdef (scan_id, kw, tag,"
					     " header, uapi) VALUES (?1, ?2, ?3, ?4, ?5)");
	if (rc == 0)
		rc = libc_files(&s, &o);
	strv_free(&s.seen);
	strv_sort(&s.macros);
	s.uapi = 1;
	if (rc == 0)
		rc = walk_uapi(&s);
	sqlite3_finalize(s.ins);
	strv_free(&s.seen);
	strv_free(&s.macros);
	libc_owner_free(&o);
	return rc;
}
