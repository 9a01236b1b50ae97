/* man_scan.c: This file contains the man-page scanner: it finds the section-2
 * pages (the sysroot's, else --man-dir, else the host's), decompresses them
 * (.gz, .xz, plain), follows alias pages (symlinks and `.so`), hands each
 * page to the roff reader and man_page.c (on every core: struct batch), and
 * writes the man_* rows of the scan, including the tables of syscalls(2)
 * and unimplemented(2). Every problem with one page is a diag row; only the
 * DB failing ends the scan. */
#define _GNU_SOURCE
#include "man/man_typing.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <zlib.h>
#ifdef SYSCOV_HAVE_LZMA
#include <lzma.h>
#endif

#define MAN_MAX_FILE (8u << 20)  /* a compressed or plain page */
#define MAN_MAX_PAGE (16u << 20) /* a decompressed page: bounds zip bombs */
#define MAN_MAX_SO 8             /* depth of .so chains */
/* SYNOPSIS prototypes of a page, and of all pages of a scan: each one is
 * typed in the header TU (man_typing.h), whose parse the trial bounds only
 * outside the host (a page of 200,000 made it 15 s and 300 MB for `/`).
 * man-pages 6.03 has 18 at most (outb.2) and 437 in all. */
#define MAN_MAX_PROTOS 256
#define MAN_MAX_PROTOS_ALL 8192
#define MAN_MAX_HELPERS 3        /* parsing threads beside the main one */
#define MAN_FILES_PER_HELPER 16  /* a dir of fewer files is not worth a thread */

/* Where the pages are: a tree `mr` confining every read (the sysroot, or the
 * man root given by --man-dir or the host) and the man root and section dir
 * inside it. */
struct man_src {
	struct sysroot own;   /* the confining tree for man-dir/host pages */
	const struct sysroot *mr;
	char *root;           /* man root inside mr: "/usr/share/man" or "" */
	char *dir;            /* section dir inside mr: root + "/man2" */
	const char *kind;     /* sysroot, man-dir, host */
};

struct man_db {
	struct scan_ctx *ctx;
	sqlite3_stmt *page, *name, *inc, *ftm, *proto, *sys, *unimpl;
	size_t refused; /* pages left out whole: unreadable, corrupt, too big */
	size_t protos;  /* the prototypes of the pages taken */
};

static int diag(struct man_db *m, const char *path, int line, const char *msg)
{
	return db_add_diag(m->ctx->db, m->ctx->scan_id, "man", path, line, "warning", msg);
}

/* The size a gzip member says it decompresses to (its ISIZE trailer, mod
 * 2^32), bounded by the page limit and by deflate's best ratio (1032:1) so
 * that a lying trailer cannot make us reserve much: only a hint. */
static size_t gzip_size_hint(const struct buf *in)
{
	if (in->len < 18)
		return 0;
	const unsigned char *t = (const unsigned char *)in->p + in->len - 4;
	size_t n = (size_t)t[0] | (size_t)t[1] << 8 | (size_t)t[2] << 16 | (size_t)t[3] << 24;
	if (n > MAN_MAX_PAGE)
		n = MAN_MAX_PAGE;
	return n / 1032 > in->len ? in->len * 1032 : n;
}

/* Decompresses a gzip page into out (appending), at most MAN_MAX_PAGE
 * bytes. The output is sized from the trailer, so that one inflate() call
 * usually does the whole page without a realloc. Returns 0 or -1 with a
 * message in *why. */
static int gunzip(const struct buf *in, struct buf *out, char **why)
{
	z_stream z = {0};
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
		*why = xstrdup("zlib: cannot initialise");
		return -1;
	}
	z.next_in = (Bytef *)in->p;
	z.avail_in = (uInt)in->len;
	buf_grow(out, gzip_size_hint(in));
	int rc = Z_OK;
	while (rc == Z_OK) {
		if (out->len >= MAN_MAX_PAGE) {
			*why = xasprintf("decompressed size over the %u-byte limit", MAN_MAX_PAGE);
			break;
		}
		if (out->cap - out->len < 2) /* longer than the trailer said */
			buf_grow(out, 65536);
		size_t room = out->cap - out->len - 1; /* the NUL stays in */
		if (room > MAN_MAX_PAGE - out->len)
			room = MAN_MAX_PAGE - out->len;
		z.next_out = (Bytef *)out->p + out->len;
		z.avail_out = (uInt)room;
		rc = inflate(&z, Z_NO_FLUSH);
		out->len += room - z.avail_out;
		out->p[out->len] = 0;
		if (rc == Z_BUF_ERROR && z.avail_in == 0)
			break;
	}
	inflateEnd(&z);
	if (rc == Z_STREAM_END)
		return 0;
	if (!*why)
		*why = xasprintf("gzip data %s", rc == Z_DATA_ERROR ? "corrupt" :
				 rc == Z_BUF_ERROR ? "truncated" : z.msg ? z.msg : "unreadable");
	return -1;
}

#ifdef SYSCOV_HAVE_LZMA
static int unxz(const struct buf *in, struct buf *out, char **why)
{
	lzma_stream z = LZMA_STREAM_INIT;
	if (lzma_stream_decoder(&z, 256u << 20, 0) != LZMA_OK) {
		*why = xstrdup("lzma: cannot initialise");
		return -1;
	}
	z.next_in = (const uint8_t *)in->p;
	z.avail_in = in->len;
	lzma_ret rc = LZMA_OK;
	while (rc == LZMA_OK) {
		if (out->len >= MAN_MAX_PAGE) {
			*why = xasprintf("decompressed size over the %u-byte limit", MAN_MAX_PAGE);
			break;
		}
		buf_grow(out, 65536);
		z.next_out = (uint8_t *)out->p + out->len;
		z.avail_out = 65536;
		rc = lzma_code(&z, z.avail_in ? LZMA_RUN : LZMA_FINISH);
		out->len += 65536 - z.avail_out;
		out->p[out->len] = 0;
	}
	lzma_end(&z);
	if (rc == LZMA_STREAM_END)
		return 0;
	if (!*why)
		*why = xasprintf("xz data %s", rc == LZMA_BUF_ERROR ? "truncated" : "corrupt");
	return -1;
}
#endif

int man_decompress(const char *path, const struct buf *raw, struct buf *text, char **why)
{
	int rc = 0;
	if (str_ends(path, ".gz")) {
		rc = gunzip(raw, text, why);
	} else if (str_ends(path, ".xz") || str_ends(path, ".lzma")) {
#ifdef SYSCOV_HAVE_LZMA
		rc = unxz(raw, text, why);
#else
		*why = xstrdup("xz page, but syscov was built without liblzma");
		rc = -1;
#endif
	} else {
		buf_add(text, raw->p, raw->len);
	}
	if (!text->p)
		buf_puts(text, "");
	return rc;
}

/* A page read, decompressed, parsed and extracted, kept for the whole
 * process: the scans of one run that share pages (every cross sysroot falls
 * back to the host's) do that once per page. Keyed by host path, size and
 * mtime; a page that changes gets a new entry. Each entry is an allocation
 * of its own: the parsing threads hold pointers to them. */
struct page_ent {
	char *host;
	int64_t size, mtime_ns; /* size -1: stat failed, never reused */
	uint64_t hash;          /* of the file as read */
	int read;               /* the file was read (an input of the scan) */
	int rc;                 /* 0, or -1 with why: unreadable, corrupt, truncated */
	char *why;
	size_t text_len;
	struct roff_doc doc;
	struct man_info mi;     /* the facts of a page read that is no .so alias */
	int queued;             /* in the running batch (main thread only) */
	struct buf raw;         /* the file, from its read to its parse */
	atomic_int parsed;      /* the fields above are final (release) */
};
static struct page_ent **page_cache;
static size_t npage_cache, cap_page_cache;
/* An open-addressing index of the cache by path, size and mtime: a linear
 * search per page made 100,000 pages cost 25 s. Slots hold index + 1. */
static size_t *page_index, cap_page_index;

static uint64_t page_key(const char *host, int64_t size, int64_t mtime_ns)
{
	int64_t sm[2] = {size, mtime_ns};
	return hash64_more(hash64(host, strlen(host), 0), sm, sizeof(sm));
}

static void index_put(size_t i)
{
	const struct page_ent *e = page_cache[i];
	size_t j = page_key(e->host, e->size, e->mtime_ns) & (cap_page_index - 1);
	while (page_index[j])
		j = (j + 1) & (cap_page_index - 1);
	page_index[j] = i + 1;
}

/* The entry of `host` as `st` found it (NULL: stat failed); a new one,
 * not yet parsed, when the cache has none. */
static struct page_ent *page_lookup(const char *host, const struct stat *st)
{
	int64_t mt = st ? stat_mtime_ns(st) : 0;
	uint64_t key = st ? page_key(host, (int64_t)st->st_size, mt) : 0;
	for (size_t j = key & (cap_page_index - 1); st && cap_page_index && page_index[j];
	     j = (j + 1) & (cap_page_index - 1)) {
		struct page_ent *e = page_cache[page_index[j] - 1];
		if (e->size == (int64_t)st->st_size && e->mtime_ns == mt && !strcmp(e->host, host))
			return e;
	}
	if (npage_cache == cap_page_cache) {
		cap_page_cache = cap_page_cache ? cap_page_cache * 2 : 512;
		page_cache = xrealloc(page_cache, cap_page_cache * sizeof(*page_cache));
	}
	struct page_ent *e = xcalloc(1, sizeof(*e));
	e->host = xstrdup(host);
	e->size = st ? (int64_t)st->st_size : -1;
	e->mtime_ns = mt;
	atomic_init(&e->parsed, 0);
	page_cache[npage_cache++] = e;
	if (!st)
		return e; /* never reused: not indexed */
	if (2 * npage_cache > cap_page_index) {
		free(page_index);
		cap_page_index = cap_page_index ? 2 * cap_page_index : 1024;
		while (2 * npage_cache > cap_page_index)
			cap_page_index *= 2;
		page_index = xcalloc(cap_page_index, sizeof(*page_index));
		for (size_t i = 0; i < npage_cache; i++)
			if (page_cache[i]->size >= 0)
				index_put(i);
	} else {
		index_put(npage_cache - 1);
	}
	return e;
}

/* syscalls(2), whose table the scan reads from its lines. */
static int is_syscalls(const struct man_info *mi)
{
	return mi->title && !strcasecmp(mi->title, "syscalls");
}

/* Reads the file of an entry at `rel`, a resolved path: on the main thread
 * only, as sysroot.h reports through the process-wide error state. */
static void read_page(const struct man_src *src, const char *rel, struct page_ent *e)
{
	if (sysroot_read_resolved(src->mr, rel, MAN_MAX_FILE, &e->raw) < 0) {
		e->why = xstrdup(err_msg());
		err_clear();
		e->rc = -1;
		buf_free(&e->raw);
	} else {
		e->read = 1;
	}
}

/* Decompresses, parses and extracts a page read; on any thread: it
 * touches only e and `text`, a scratch buffer of the calling thread. */
static void parse_page(struct page_ent *e, struct buf *text)
{
	if (e->read) {
		e->hash = hash64(e->raw.p, e->raw.len, 0);
		text->len = 0;
		e->rc = man_decompress(e->host, &e->raw, text, &e->why);
		e->text_len = text->len;
		if (e->rc == 0 || text->len) {
			roff_parse(text->p, text->len, &e->doc);
			if (!e->doc.so)
				man_extract(&e->doc, &e->mi);
			/* the facts are taken: only syscalls(2) is read again (its
			 * table), and the memory goes to the next page */
			if (!is_syscalls(&e->mi))
				roff_free_lines(&e->doc);
		}
		buf_free(&e->raw);
	}
	atomic_store_explicit(&e->parsed, 1, memory_order_release);
}

/* The pages of one scan not yet in the cache, parsed by the main thread and
 * a helper thread per further core: the main thread reads the files as it
 * goes through the dir (the helpers parse what it has read meanwhile), then
 * writes the rows in order, parsing a page nobody has started whenever the
 * next one it needs is not ready. Claims go in order (`next`), so both
 * cores stay busy to the end whatever the pages' sizes. */
struct batch {
	struct page_ent **v;    /* room for every file of the dir: it never moves */
	size_t n;               /* v[0..n) have been read (written under mu) */
	int sealed;             /* no page will be added (under mu) */
	atomic_size_t next;     /* the next page to claim */
	pthread_mutex_t mu;
	pthread_cond_t cv;      /* a page was added or parsed, or the batch sealed */
	pthread_t helpers[MAN_MAX_HELPERS];
	size_t nhelpers;
	struct buf text;        /* the main thread's scratch */
};

static void *batch_helper(void *arg)
{
	struct batch *b = arg;
	struct buf text = {0};
	for (;;) {
		size_t j = atomic_fetch_add(&b->next, 1);
		pthread_mutex_lock(&b->mu);
		while (j >= b->n && !b->sealed)
			pthread_cond_wait(&b->cv, &b->mu);
		int have = j < b->n;
		pthread_mutex_unlock(&b->mu);
		if (!have)
			break;
		parse_page(b->v[j], &text);
		pthread_mutex_lock(&b->mu);
		pthread_cond_broadcast(&b->cv);
		pthread_mutex_unlock(&b->mu);
	}
	buf_free(&text);
	return NULL;
}

/* Starts the helpers for a dir of `nfiles` files (none for a few, or on
 * one core). */
static void batch_begin(struct batch *b, size_t nfiles)
{
	b->v = xcalloc(nfiles + 1, sizeof(*b->v));
	atomic_init(&b->next, 0);
	pthread_mutex_init(&b->mu, NULL);
	pthread_cond_init(&b->cv, NULL);
	cpu_set_t cpus;
	size_t ncpu = sched_getaffinity(0, sizeof(cpus), &cpus) == 0 ? (size_t)CPU_COUNT(&cpus) : 1;
	size_t want = ncpu > 1 ? ncpu - 1 : 0;
	if (want > MAN_MAX_HELPERS)
		want = MAN_MAX_HELPERS;
	if (want > nfiles / MAN_FILES_PER_HELPER)
		want = nfiles / MAN_FILES_PER_HELPER;
	/* a thread that cannot start leaves its share to the others */
	while (b->nhelpers < want && pthread_create(&b->helpers[b->nhelpers], NULL, batch_helper, b) == 0)
		b->nhelpers++;
}

/* Reads a page the cache lacks (`rel`: its resolved path) and hands it to
 * the helpers. */
static void batch_add(struct batch *b, const struct man_src *src, struct page_ent *e,
		      const char *rel)
{
	if (e->queued || atomic_load_explicit(&e->parsed, memory_order_acquire))
		return;
	e->queued = 1;
	read_page(src, rel, e);
	b->v[b->n] = e;
	pthread_mutex_lock(&b->mu);
	b->n++;
	pthread_cond_broadcast(&b->cv);
	pthread_mutex_unlock(&b->mu);
}

static void batch_seal(struct batch *b)
{
	pthread_mutex_lock(&b->mu);
	b->sealed = 1;
	pthread_cond_broadcast(&b->cv);
	pthread_mutex_unlock(&b->mu);
}

/* Parses the next unclaimed page of the sealed batch on this thread; 0
 * when every page has been claimed. */
static int batch_claim(struct batch *b)
{
	size_t j = atomic_fetch_add(&b->next, 1);
	if (j >= b->n)
		return 0;
	parse_page(b->v[j], &b->text);
	return 1;
}

/* Waits for a page of the batch, parsing others meanwhile. */
static void batch_wait(struct batch *b, struct page_ent *e)
{
	while (!atomic_load_explicit(&e->parsed, memory_order_acquire)) {
		if (batch_claim(b))
			continue;
		pthread_mutex_lock(&b->mu);
		while (!atomic_load_explicit(&e->parsed, memory_order_acquire))
			pthread_cond_wait(&b->cv, &b->mu);
		pthread_mutex_unlock(&b->mu);
	}
}

/* Parses what nobody has claimed yet (all of it after a scan that failed
 * midway: the cache holds no half-done entry), then joins the helpers. */
static void batch_end(struct batch *b)
{
	if (!b->v)
		return;
	while (batch_claim(b))
		;
	for (size_t i = 0; i < b->nhelpers; i++)
		pthread_join(b->helpers[i], NULL);
	pthread_mutex_destroy(&b->mu);
	pthread_cond_destroy(&b->cv);
	for (size_t i = 0; i < b->n; i++)
		b->v[i]->queued = 0;
	free(b->v);
	buf_free(&b->text);
}

/* Makes sure the page at `rel` (resolved) is parsed: in the batch, or here
 * (a .so target the batch does not hold). */
static void page_ready(const struct man_src *src, struct batch *b, struct page_ent *e,
		       const char *rel)
{
	if (atomic_load_explicit(&e->parsed, memory_order_acquire))
		return;
	if (e->queued) {
		batch_wait(b, e);
		return;
	}
	read_page(src, rel, e);
	parse_page(e, &b->text);
}

/* The entry of a resolved page path. */
static struct page_ent *page_at(const struct man_src *src, const char *rel)
{
	char *host = sysroot_host_path(src->mr, rel);
	struct stat st;
	struct page_ent *e = page_lookup(host, stat(host, &st) == 0 ? &st : NULL);
	free(host);
	return e;
}

/* Whether a resolved path is a regular file: its resolution already walked
 * every component, so one stat says what sysroot_is_file() would. */
static int is_page_file(const struct man_src *src, const char *rel)
{
	char *host = sysroot_host_path(src->mr, rel);
	struct stat st;
	int ok = stat(host, &st) == 0 && S_ISREG(st.st_mode);
	free(host);
	return ok;
}

/* "foo.2.gz" -> "foo.2" */
static char *strip_z(const char *base)
{
	static const char *const z[] = {".gz", ".xz", ".lzma", ".bz2", ".Z"};
	for (size_t i = 0; i < ARRAY_SIZE(z); i++)
		if (str_ends(base, z[i]))
			return xstrndup(base, strlen(base) - strlen(z[i]));
	return xstrdup(base);
}

/* "foo.2" -> name "foo", section "2". */
static void split_file(const char *page, char **name, char **section)
{
	const char *dot = strrchr(page, '.');
	*name = dot && dot != page ? xstrndup(page, (size_t)(dot - page)) : xstrdup(page);
	*section = dot && dot != page ? xstrdup(dot + 1) : NULL;
}

/* Whether a resolved path lies inside the man root. */
static int inside(const struct man_src *src, const char *rel)
{
	size_t n = strlen(src->root);
	return !n || (!strncmp(rel, src->root, n) && rel[n] == '/');
}

/* Finds the file a `.so` names (relative to the man root, compressed or
 * not); returns the resolved path or NULL with *why. */
static char *so_target(const struct man_src *src, const char *so, char **why)
{
	static const char *const z[] = {"", ".gz", ".xz"};
	if (strstr(so, "..") || so[0] == '/') {
		*why = xasprintf(".so %s points outside the man dir", so);
		return NULL;
	}
	for (size_t i = 0; i < ARRAY_SIZE(z); i++) {
		char *p = xasprintf("%s/%s%s", src->root, so, z[i]), *rel = NULL;
		int rc = sysroot_resolve(src->mr, p, &rel);
		err_clear();
		free(p);
		if (rc == 0 && !inside(src, rel)) {
			*why = xasprintf(".so %s points outside the man dir", so);
			free(rel);
			return NULL;
		}
		if (rc == 0 && is_page_file(src, rel))
			return rel;
		free(rel);
		if (rc == -EXDEV) {
			*why = xasprintf(".so %s points outside the man dir", so);
			return NULL;
		}
	}
	*why = xasprintf(".so %s: no such page", so);
	return NULL;
}

struct page_row {
	const char *file;
	const char *alias_of;
	struct man_info *mi;
};

static int64_t insert_page(struct man_db *m, const struct page_row *r)
{
	sqlite3_stmt *st = m->page;
	const struct man_info *mi = r->mi;
	sqlite3_bind_int64(st, 1, m->ctx->scan_id);
	db_bind_text(st, 2, r->file);
	db_bind_text(st, 3, mi->section);
	db_bind_text(st, 4, mi->title);
	db_bind_text(st, 5, mi->th_version);
	db_bind_text(st, 6, mi->library);
	db_bind_text(st, 7, r->alias_of);
	sqlite3_bind_int(st, 8, mi->nowrap);
	db_bind_text(st, 9, mi->nowrap_text);
	db_bind_text(st, 10, mi->kernel_since);
	db_bind_text(st, 11, mi->glibc_since);
	db_bind_text(st, 12, mi->removed);
	if (db_step_done(m->ctx->db, st) < 0)
		return -1;
	int64_t id = sqlite3_last_insert_rowid(m->ctx->db->h);
	for (size_t i = 0; i < mi->names.n; i++) {
		sqlite3_bind_int64(m->name, 1, id);
		db_bind_text(m->name, 2, mi->names.v[i]);
		sqlite3_bind_int(m->name, 3, strv_contains(&mi->always_ok, mi->names.v[i]));
		if (db_step_done(m->ctx->db, m->name) < 0)
			return -1;
	}
	for (size_t i = 0; i < mi->includes.n; i++) {
		sqlite3_bind_int64(m->inc, 1, id);
		sqlite3_bind_int(m->inc, 2, (int)i);
		db_bind_text(m->inc, 3, mi->includes.v[i]);
		if (db_step_done(m->ctx->db, m->inc) < 0)
			return -1;
	}
	for (size_t i = 0; i < mi->ftm.n; i++) {
		sqlite3_bind_int64(m->ftm, 1, id);
		db_bind_text(m->ftm, 2, mi->ftm.v[i]);
		if (db_step_done(m->ctx->db, m->ftm) < 0)
			return -1;
	}
	for (size_t i = 0; i < mi->nprotos; i++) {
		struct man_proto_src *p = &mi->protos[i];
		sqlite3_bind_int64(m->proto, 1, id);
		db_bind_text(m->proto, 2, p->name);
		db_bind_text(m->proto, 3, p->text);
		sqlite3_bind_int(m->proto, 4, p->via_syscall);
		db_bind_text(m->proto, 5, p->sys_name);
		if (db_step_done(m->ctx->db, m->proto) < 0)
			return -1;
		p->id = sqlite3_last_insert_rowid(m->ctx->db->h);
	}
	return id;
}

/* The table of syscalls(2): "name(2)  kernel  notes" rows; the header row
 * and anything whose first cell is not a page reference are not calls. */
static int syscalls_table(struct man_db *m, const struct roff_doc *doc, const char *path)
{
	for (size_t i = 0; i < doc->n; i++) {
		const struct roff_line *l = &doc->v[i];
		if (l->kind != ROFF_TROW)
			continue;
		struct strv cells = {0};
		const char *s = l->text;
		for (;;) {
			const char *e = strchr(s, '\t');
			strv_push_own(&cells, xstrndup(s, e ? (size_t)(e - s) : strlen(s)));
			if (!e)
				break;
			s = e + 1;
		}
		char *paren = strchr(cells.v[0], '(');
		if (paren && paren > cells.v[0]) {
			char *name = xstrndup(cells.v[0], (size_t)(paren - cells.v[0]));
			sqlite3_bind_int64(m->sys, 1, m->ctx->scan_id);
			db_bind_text(m->sys, 2, name);
			db_bind_text(m->sys, 3, cells.n > 1 && *cells.v[1] ? cells.v[1] : NULL);
			db_bind_text(m->sys, 4, cells.n > 2 && *cells.v[2] ? cells.v[2] : NULL);
			int rc = db_step_done(m->ctx->db, m->sys);
			if (rc == 0 && !is_c_identifier(name)) {
				char *msg = xasprintf("syscalls table: '%.80s' is not a C name", name);
				rc = diag(m, path, l->line, msg);
				free(msg);
			}
			free(name);
			if (rc < 0) {
				strv_free(&cells);
				return -1;
			}
		}
		strv_free(&cells);
	}
	return 0;
}

static int unimplemented_list(struct man_db *m, const struct man_info *mi)
{
	for (size_t i = 0; i < mi->names.n; i++) {
		sqlite3_bind_int64(m->unimpl, 1, m->ctx->scan_id);
		db_bind_text(m->unimpl, 2, mi->names.v[i]);
		if (db_step_done(m->ctx->db, m->unimpl) < 0)
			return -1;
	}
	return 0;
}

struct pages {
	struct man_info *v;
	size_t n, cap;
	struct strv versions;
};

/* An alias page: its name from the file name, the page it stands for. */
static int alias_row(struct man_db *m, const char *file, const char *target)
{
	struct man_info mi = {0};
	char *page = strip_z(file), *name, *tpage = strip_z(strrchr(target, '/') + 1);
	split_file(page, &name, &mi.section);
	if (is_c_identifier(name))
		strv_push(&mi.names, name);
	struct page_row r = {.file = file, .alias_of = tpage, .mi = &mi};
	int rc = insert_page(m, &r) < 0 ? -1 : 0;
	free(page);
	free(name);
	free(tpage);
	man_info_free(&mi);
	return rc;
}

/* A page that could not be read still gets its row, so that every file
 * is accounted for. */
static int broken_row(struct man_db *m, const char *file, const char *path, const char *why)
{
	struct man_info mi = {0};
	char *page = strip_z(file), *name;
	split_file(page, &name, &mi.section);
	if (is_c_identifier(name))
		strv_push(&mi.names, name);
	struct page_row r = {.file = file, .mi = &mi};
	int rc = insert_page(m, &r) < 0 || diag(m, path, 0, why) < 0 ? -1 : 0;
	free(page);
	free(name);
	man_info_free(&mi);
	return rc;
}

/* Follows a chain of `.so` pages from `first`; returns 1 with the final
 * page in *final, 0 with *why when it cannot. */
static int follow_so(const struct man_src *src, struct batch *b, const char *path,
		     const char *first, char **final, char **why)
{
	struct strv seen = {0};
	char *so = xstrdup(first);
	strv_push(&seen, path);
	int ok = 0;
	for (int depth = 0; !*why; depth++) {
		if (depth == MAN_MAX_SO) {
			*why = xasprintf(".so chain longer than %d", MAN_MAX_SO);
			break;
		}
		char *t = so_target(src, so, why);
		if (!t)
			break;
		if (strv_contains(&seen, t)) {
			*why = xasprintf(".so loop through %s", t);
			free(t);
			break;
		}
		strv_push(&seen, t);
		/* a page that did not read whole ends the chain */
		struct page_ent *e = page_at(src, t);
		page_ready(src, b, e, t);
		free(so);
		so = e->rc == 0 && e->doc.so ? xstrdup(e->doc.so) : NULL;
		if (!so) {
			*final = t;
			ok = 1;
			break;
		}
		free(t);
	}
	free(so);
	strv_free(&seen);
	return ok;
}

/* What a file of the man dir is, found before any row is written, so that
 * the pages can be parsed meanwhile. */
struct plan {
	char *path;          /* dir/file, sysroot-relative */
	char *why;           /* no page: why (a row and a diag say so) */
	char *alias;         /* a symlink: the page it stands for */
	struct page_ent *e;  /* else the page */
};

static void plan_file(const struct man_src *src, int canonical, const char *file,
		      struct plan *p, struct batch *b)
{
	p->path = xasprintf("%s/%s", src->dir, file);
	if (canonical) {
		/* in a dir that resolves to itself, an entry that is no symlink
		 * resolves to itself: one lstat() instead of a walk of the path */
		char *host = sysroot_host_path(src->mr, p->path);
		struct stat st;
		int direct = lstat(host, &st) == 0 && !S_ISLNK(st.st_mode);
		if (direct)
			p->e = page_lookup(host, &st);
		free(host);
		if (direct) {
			batch_add(b, src, p->e, p->path);
			return;
		}
	}
	char *rel = NULL;
	if (sysroot_resolve(src->mr, p->path, &rel) < 0) {
		p->why = xasprintf("cannot resolve: %s", err_msg());
		err_clear();
	} else if (strcmp(rel, p->path)) { /* a symlink: an alias page */
		if (!inside(src, rel) || !is_page_file(src, rel))
			p->why = xasprintf("alias points outside the man dir or to no page: %s", rel);
		else
			p->alias = xstrdup(rel);
	} else {
		p->e = page_at(src, rel);
		batch_add(b, src, p->e, p->path);
	}
	free(rel);
}

/* The n plans of plan_dir() (NULL: none made). */
static void plans_free(struct plan *plans, size_t n)
{
	for (size_t i = 0; plans && i < n; i++) {
		free(plans[i].path);
		free(plans[i].why);
		free(plans[i].alias);
	}
	free(plans);
}

/* Plans every file of the dir (one plan each, in order) and reads the
 * pages the cache lacks, which the helpers parse meanwhile. */
static struct plan *plan_dir(const struct man_src *src, const struct strv *files,
			     struct batch *b)
{
	struct plan *plans = xcalloc(files->n + 1, sizeof(*plans));
	char *rel = NULL;
	int canonical = sysroot_resolve(src->mr, src->dir, &rel) == 0 && !strcmp(rel, src->dir);
	err_clear();
	free(rel);
	batch_begin(b, files->n);
	for (size_t i = 0; i < files->n; i++)
		plan_file(src, canonical, files->v[i], &plans[i], b);
	batch_seal(b);
	return plans;
}

static int write_file(struct man_db *m, const struct man_src *src, struct batch *b,
		      const char *file, const struct plan *p, struct pages *pages)
{
	if (p->why)
		return broken_row(m, file, p->path, p->why);
	if (p->alias)
		return alias_row(m, file, p->alias);
	struct page_ent *e = p->e;
	page_ready(src, b, e, p->path);
	const struct roff_doc *doc = &e->doc;
	int rc = 0;
	if (e->read && db_add_input(m->ctx->db, m->ctx->scan_id, "man", e->host, e->size,
				    e->mtime_ns, e->hash, NULL) < 0)
		return -1;
	if (e->rc < 0 && !e->text_len) {
		/* on stderr too: a page left out can change a verdict, and a
		 * diag row alone went unseen (a 2 GB read.2.gz was "no section
		 * 2 man page there") */
		size_t n = strlen(p->path);
		const char *why = !strncmp(e->why, p->path, n) && e->why[n] == ':' ? e->why + n + 2 : e->why;
		note("%s: %s: page left out", e->host, why);
		m->refused++;
		return broken_row(m, file, p->path, e->why);
	}
	/* a truncated page still gives what it has; the diag says so */
	if (e->rc < 0 && diag(m, p->path, 0, e->why) < 0)
		rc = -1;
	for (size_t i = 0; i < doc->diags.n && rc == 0; i++)
		rc = diag(m, p->path, 0, doc->diags.v[i]);
	if (rc == 0 && doc->so) {
		char *final = NULL, *swhy = NULL;
		if (follow_so(src, b, p->path, doc->so, &final, &swhy))
			rc = alias_row(m, file, final);
		else
			rc = broken_row(m, file, p->path, swhy);
		free(final);
		free(swhy);
	} else if (rc == 0 && e->mi.nprotos > MAN_MAX_PROTOS) {
		char *why = xasprintf("%zu SYNOPSIS prototypes, more than the %d of the bound for a"
				      " page", e->mi.nprotos, MAN_MAX_PROTOS);
		note("%s: %s: page left out", e->host, why);
		m->refused++;
		rc = broken_row(m, file, p->path, why);
		free(why);
	} else if (rc == 0 && (m->protos += e->mi.nprotos) > MAN_MAX_PROTOS_ALL) {
		char *dir = sysroot_host_path(src->mr, src->dir);
		rc = err_set(EXIT_INPUT, "%s: more than %d SYNOPSIS prototypes in its pages, the"
			     " bound for a scan: refused", dir, MAN_MAX_PROTOS_ALL);
		free(dir);
	} else if (rc == 0) {
		if (pages->n == pages->cap) {
			pages->cap = pages->cap ? pages->cap * 2 : 256;
			pages->v = xrealloc(pages->v, pages->cap * sizeof(*pages->v));
		}
		/* the scan's own copy: the typing takes it and sets its ids */
		struct man_info *mi = &pages->v[pages->n++];
		man_info_copy(mi, &e->mi);
		if (mi->th_version)
			strv_push(&pages->versions, mi->th_version);
		for (size_t i = 0; i < mi->diags.n && rc == 0; i++)
			rc = diag(m, p->path, 0, mi->diags.v[i]);
		struct page_row row = {.file = file, .mi = mi};
		if (rc == 0 && insert_page(m, &row) < 0)
			rc = -1;
		if (rc == 0 && is_syscalls(mi))
			rc = syscalls_table(m, doc, p->path);
		if (rc == 0 && mi->title && !strcasecmp(mi->title, "unimplemented"))
			rc = unimplemented_list(m, mi);
	}
	return rc;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Opens a host man dir (--man-dir or the host's) as the confining tree: DIR
 * holding man2/, or DIR being a man2-like dir itself (root: its parent). */
static int open_host_dir(struct man_src *src, const char *dir, const char *kind)
{
	char *real = realpath(dir, NULL);
	struct stat st;
	if (!real || stat(real, &st) < 0 || !S_ISDIR(st.st_mode)) {
		free(real);
		return 0;
	}
	char *sub = xasprintf("%s/man2", real);
	if (stat(sub, &st) == 0 && S_ISDIR(st.st_mode)) {
		src->own.root = real;
		src->dir = xstrdup("/man2");
	} else {
		char *slash = strrchr(real, '/');
		src->dir = xasprintf("/%s", slash + 1);
		if (slash == real)
			slash[1] = 0;
		else
			*slash = 0;
		src->own.root = real;
	}
	free(sub);
	src->root = xstrdup("");
	src->mr = &src->own;
	src->kind = kind;
	return 1;
}

/* --man-dir, when given, wins: the user asked for those pages (the CLI
 * help says so); then the sysroot's own, then the host's. */
static int find_pages(struct man_src *src, const struct scan_ctx *ctx)
{
	const struct scan_opts *c = ctx->opts;
	if (c && c->man_dir)
		return open_host_dir(src, c->man_dir, "man-dir") ? 1 :
		       err_set(EXIT_INPUT, "--man-dir %s: not a directory", c->man_dir);
	/* the sysroot's pages leading out of it, a symlink loop, or anything
	 * but a directory there are an error, as its standard include dirs
	 * are, not a silent fall back on the host's */
	char *m2 = NULL;
	int r = ctx->sr ? sysroot_resolve(ctx->sr, "/usr/share/man/man2", &m2) : -ENOENT;
	char *host = r == 0 ? sysroot_host_path(ctx->sr, m2) : NULL;
	struct stat st;
	if (host && (stat(host, &st) < 0 || !S_ISDIR(st.st_mode)))
		r = err_set(EXIT_INPUT, "%s: not a directory", host);
	free(host);
	free(m2);
	if (r < 0 && r != -ENOENT) {
		err_prefix("the sysroot's man pages (not a fall back on the host's)");
		return -1;
	}
	err_clear();
	if (ctx->sr && sysroot_is_dir(ctx->sr, "/usr/share/man/man2")) {
		char *rel = NULL;
		if (sysroot_resolve(ctx->sr, "/usr/share/man", &rel) == 0) {
			src->mr = ctx->sr;
			src->root = rel;
			src->dir = xasprintf("%s/man2", strcmp(rel, "/") ? rel : "");
			src->kind = "sysroot";
			return 1;
		}
		err_clear();
	}
	return open_host_dir(src, "/usr/share/man", "host");
}

static const char *most_common(struct strv *v)
{
	const char *best = NULL;
	size_t bn = 0;
	if (v->n) /* qsort(NULL, 0) is undefined */
		qsort(v->v, v->n, sizeof(char *), cmp_str);
	for (size_t i = 0, j; i < v->n; i = j) {
		for (j = i; j < v->n && !strcmp(v->v[i], v->v[j]); j++)
			;
		if (j - i > bn) {
			bn = j - i;
			best = v->v[i];
		}
	}
	return best;
}

static int prepare(struct man_db *m)
{
	struct db *db = m->ctx->db;
	if (db_prepare(db, &m->page,
		       "INSERT INTO man_page(scan_id,file,section,title,th_version,library,alias_of,"
		       "nowrap,nowrap_text,kernel_since,glibc_since,removed)"
		       " VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)") < 0 ||
	    db_prepare(db, &m->name, "INSERT INTO man_name(page_id,name,always_ok) VALUES(?1,?2,?3)") < 0 ||
	    db_prepare(db, &m->inc, "INSERT INTO man_include(page_id,idx,header) VALUES(?1,?2,?3)") < 0 ||
	    db_prepare(db, &m->ftm, "INSERT INTO man_ftm(page_id,text) VALUES(?1,?2)") < 0 ||
	    db_prepare(db, &m->proto,
		       "INSERT INTO man_proto(page_id,name,text,via_syscall,sys_name)"
		       " VALUES(?1,?2,?3,?4,?5)") < 0 ||
	    db_prepare(db, &m->sys,
		       "INSERT INTO man_syscalls(scan_id,name,kernel,notes) VALUES(?1,?2,?3,?4)") < 0 ||
	    db_prepare(db, &m->unimpl,
		       "INSERT INTO man_unimplemented(scan_id,name) VALUES(?1,?2)") < 0)
		return -1;
	return 0;
}

static void finalize(struct man_db *m)
{
	sqlite3_stmt *all[] = {m->page, m->name, m->inc, m->ftm, m->proto, m->sys, m->unimpl};
	for (size_t i = 0; i < ARRAY_SIZE(all); i++)
		sqlite3_finalize(all[i]);
}

static int list_dir(const struct man_src *src, struct strv *files)
{
	char *host = sysroot_host_path(src->mr, src->dir);
	DIR *d = opendir(host);
	if (!d) {
		int rc = err_set(EXIT_INPUT, "%s: %s", host, strerror(errno));
		free(host);
		return rc;
	}
	struct dirent *e;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			strv_push(files, e->d_name);
	closedir(d);
	free(host);
	if (files->n) /* an empty dir: qsort(NULL, 0) is undefined */
		qsort(files->v, files->n, sizeof(char *), cmp_str);
	return 0;
}

void man_scan_warm(const struct sysroot *sr, const struct scan_opts *o)
{
	/* the dirs warmed already: sysroots sharing a dir (cross prefixes
	 * fall back to the host's) list and check its files once, not once
	 * each (~2 ms a sysroot) */
	static struct strv warmed;
	struct scan_ctx ctx = {.sr = sr, .arch = sr->arch, .opts = o};
	struct man_src src = {0};
	struct strv files = {0};
	struct batch b = {0};
	struct plan *plans = NULL;
	char *key = NULL;
	if ((!o || !o->no_man) && find_pages(&src, &ctx) > 0) {
		key = xasprintf("%s\n%s", src.mr ? src.mr->root : src.own.root, src.dir);
		if (strv_push_unique(&warmed, key) && list_dir(&src, &files) == 0)
			plans = plan_dir(&src, &files, &b);
	}
	batch_end(&b);
	err_clear();
	plans_free(plans, files.n);
	strv_free(&files);
	free(key);
	free(src.own.root);
	free(src.root);
	free(src.dir);
}

/* Says where the pages came from when they are not the sysroot's own, or
 * when none were read: on stderr and as a diag row, as the derived
 * wrappers, the prototypes and the notes of the verdicts come from them.
 * The host's pages standing in is no error (docs/hardening.md): Debian's
 * cross prefixes have none, and the scan records whose pages served. */
static int say_source(struct man_db *m, const struct man_src *src, size_t pages,
		      const char *ver)
{
	const struct scan_ctx *ctx = m->ctx;
	const char *man_dir = ctx->opts ? ctx->opts->man_dir : NULL;
	if (man_dir) {
		if (pages)
			return 0;
		if (m->refused)
			note("--man-dir %s: no section 2 man page read there (%zu left out, see above):"
			     " no man-page facts", man_dir, m->refused);
		else
			note("--man-dir %s: no section 2 man page there: no man-page facts", man_dir);
		return 0;
	}
	if (!ctx->sr || (src && !strcmp(src->kind, "sysroot") && pages))
		return 0;
	char *dir = src ? sysroot_host_path(src->mr, src->dir) : NULL;
	char *msg;
	if (src && !strcmp(src->kind, "host") && pages)
		msg = xasprintf("no section 2 man pages of its own: the host's serve instead"
				" (%s, %zu pages%s%s; --man-dir or --no-man to choose)",
				dir, pages, ver ? ", " : "", ver ? ver : "");
	else if (src && m->refused)
		msg = xasprintf("no section 2 man page read in %s (%zu left out, see above):"
				" no man-page facts", dir, m->refused);
	else if (src)
		msg = xasprintf("no section 2 man page in %s: no man-page facts", dir);
	else
		msg = xasprintf("no section 2 man pages, neither its own nor the host's:"
				" no man-page facts (--man-dir names some)");
	note("%s: %s", ctx->sr->root, msg);
	int rc = diag(m, "/usr/share/man/man2", 0, msg);
	free(msg);
	free(dir);
	return rc;
}

int man_scan(struct scan_ctx *ctx)
{
	struct man_src src = {0};
	struct man_db m = {.ctx = ctx};
	if (ctx->opts && ctx->opts->no_man)
		return db_scan_set(ctx->db, ctx->scan_id, "man_source", "none");
	int found = find_pages(&src, ctx);
	if (found < 0)
		return -1;
	if (!found)
		return say_source(&m, NULL, 0, NULL) < 0 ? -1 :
		       db_scan_set(ctx->db, ctx->scan_id, "man_source", "none");
	struct strv files = {0};
	struct pages pages = {0};
	struct batch b = {0};
	struct plan *plans = NULL;
	int rc = list_dir(&src, &files);
	if (rc == 0)
		rc = prepare(&m);
	if (rc == 0)
		plans = plan_dir(&src, &files, &b);
	for (size_t i = 0; i < files.n && rc == 0; i++)
		rc = write_file(&m, &src, &b, files.v[i], &plans[i], &pages);
	batch_end(&b);
	if (rc == 0) {
		char *dir = sysroot_host_path(src.mr, src.dir);
		const char *ver = most_common(&pages.versions);
		rc = db_scan_set(ctx->db, ctx->scan_id, "man_source", src.kind);
		if (rc == 0)
			rc = db_scan_set(ctx->db, ctx->scan_id, "man_dir", dir);
		if (rc == 0 && ver)
			rc = db_scan_set(ctx->db, ctx->scan_id, "man_version", ver);
		debug("man: %zu files, %zu pages from %s", files.n, pages.n, dir);
		if (rc == 0)
			rc = say_source(&m, &src, pages.n, ver);
		free(dir);
	}
	/* typed by the header scanner's TU (man_typing.h), which takes them */
	if (rc == 0 && ctx->sr && ctx->arch) {
		rc = man_proto_defer(ctx, pages.v, pages.n);
		pages.v = NULL;
		pages.n = 0;
	}
	finalize(&m);
	for (size_t i = 0; i < pages.n; i++)
		man_info_free(&pages.v[i]);
	free(pages.v);
	strv_free(&pages.versions);
	plans_free(plans, files.n);
	strv_free(&files);
	free(src.own.root);
	free(src.root);
	free(src.dir);
	return rc;
}
