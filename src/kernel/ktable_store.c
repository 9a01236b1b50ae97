/* ktable_store.c: the kernel syscall tables of a scan in the DB: the rows
 * the two scanners (ktable_uapi.c, ktable_tree.c) give, packed per (arch,
 * abi, source) into one ktable row each, their JSON written here, and read
 * back in C for the readers that want every row of a scan (gen): the
 * ksyscall view decodes them in SQL (src/base/schema.c, docs/db.md). */
#define _GNU_SOURCE /* open_memstream */
#include "kernel/ktable.h"
#include "base/json.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Appends s as a JSON string through json.h's writer: the rare name that
 * needs escapes (a FILE per call). */
static int json_buf_escaped(struct buf *b, const char *s)
{
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

/* The row goes to its group's JSON array as [nr, name, entry, compat_entry,
 * implemented, private], or as [nr, name] when entry is sys_NAME and the
 * rest as most rows have it (docs/db.md: ktable; three rows in four of a
 * kernel tree, whose DB is 40% smaller for it), written in place after one
 * buf_grow() for the row (a buf call per piece was most of the insert). */
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
	const char *str[3] = {r->name, r->entry, r->compat_entry};
	int nstr = r->name && r->entry && !strncmp(r->entry, "sys_", 4) &&
			   !strcmp(r->entry + 4, r->name) && !r->compat_entry &&
			   r->implemented == 1 && !r->private
		       ? 1 : 3; /* [nr, name] */
	/* 3 numbers of up to 20 digits and a sign, 8 bytes of punctuation, the
	 * strings in quotes or null; an escaped string grows b itself */
	size_t len[3], need = 3 * 21 + 8;
	for (int c = 0; c < nstr; c++)
		need += (len[c] = str[c] ? json_plain_len(str[c]) : 4) + 2;
	if (b->len + need >= b->cap)
		buf_grow(b, need);
	char *o = b->p + b->len;
	if (b->len > 1)
		*o++ = ',';
	*o++ = '[';
	o = put_int(o, r->nr);
	for (int c = 0; c < nstr; c++) {
		*o++ = ',';
		if (!str[c]) {
			memcpy(o, "null", 4);
			o += 4;
		} else if (!str[c][len[c]]) {
			*o++ = '"';
			memcpy(o, str[c], len[c]);
			o += len[c];
			*o++ = '"';
		} else {
			b->len = (size_t)(o - b->p);
			if (json_buf_escaped(b, str[c]) < 0)
				w->err = -1;
			buf_grow(b, need);
			o = b->p + b->len;
		}
	}
	if (nstr == 3) {
		*o++ = ',';
		o = put_int(o, r->implemented);
		*o++ = ',';
		o = put_int(o, r->private);
	}
	*o++ = ']';
	*o = 0;
	b->len = (size_t)(o - b->p);
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
	*off = it->str.len;
	return json_read_string(pp, &it->str, 0);
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
	long long impl = 1, priv = 0;
	if (*p++ != '[' || read_int(&p, &it->row.nr) < 0 || *p++ != ',' ||
	    read_str(it, &p, &off[0]) < 0)
		goto bad;
	if (*p == ']') { /* [nr, name]: entry sys_NAME, no compat entry, 1, 0 */
		if (off[0] == SIZE_MAX)
			goto bad;
		size_t n = strlen(it->str.p + off[0]) + 1;
		off[1] = it->str.len, off[2] = SIZE_MAX;
		buf_add(&it->str, "sys_", 4);
		buf_grow(&it->str, n);
		memcpy(it->str.p + it->str.len, it->str.p + off[0], n);
		it->str.len += n;
	} else {
		for (int c = 1; c < 3; c++)
			if (*p++ != ',' || read_str(it, &p, &off[c]) < 0)
				goto bad;
		if (*p++ != ',' || read_int(&p, &impl) < 0 || *p++ != ',' || read_int(&p, &priv) < 0)
			goto bad;
	}
	if (*p++ != ']' || (*p != ',' && *p != ']'))
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
