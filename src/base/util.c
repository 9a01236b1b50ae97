/* util.c: error state, allocation, buffers and string helpers (see util.h). */
#define _GNU_SOURCE
#include "base/util.h"
#include "base/progress.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char err_buf[1024];
static enum exit_code err_cls = EXIT_OK;

/* A message is one line whatever paths or names it quotes: a newline or an
 * escape sequence from a hostile file name would fake or hide lines. */
static void one_line(char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i]; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			s[i] = '?';
}

int err_set(enum exit_code code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err_buf, sizeof(err_buf), fmt, ap);
	va_end(ap);
	one_line(err_buf, sizeof(err_buf));
	err_cls = code;
	return -1;
}

int err_prefix(const char *fmt, ...)
{
	char pre[512], old[sizeof(err_buf)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(pre, sizeof(pre), fmt, ap);
	va_end(ap);
	memcpy(old, err_buf, sizeof(old));
	/* truncation of an over-long message is acceptable */
	size_t n = strlen(pre);
	if (n > sizeof(err_buf) - 3)
		n = sizeof(err_buf) - 3;
	memcpy(err_buf, pre, n);
	memcpy(err_buf + n, ": ", 2);
	size_t m = strnlen(old, sizeof(err_buf) - n - 3);
	memcpy(err_buf + n + 2, old, m);
	err_buf[n + 2 + m] = 0;
	one_line(err_buf, n);
	return -1;
}

const char *err_msg(void) { return err_buf[0] ? err_buf : "unknown error"; }
enum exit_code err_code(void) { return err_cls == EXIT_OK ? EXIT_INTERNAL : err_cls; }
void err_clear(void)
{
	err_buf[0] = 0;
	err_cls = EXIT_OK;
}

/* n bytes in full: 1, or 0 at end of file or on an error */
static int io_full(int fd, void *p, size_t n, int out)
{
	for (size_t done = 0; done < n;) {
		ssize_t r = out ? write(fd, (char *)p + done, n - done) : read(fd, (char *)p + done, n - done);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return 0;
		done += (size_t)r;
	}
	return 1;
}

int write_full(int fd, const void *p, size_t n)
{
	return io_full(fd, (void *)p, n, 1) ? 0 : -1;
}

int err_send(int fd, int code)
{
	uint32_t hdr[2] = {(uint32_t)code, code ? (uint32_t)strlen(err_buf) : 0};
	return io_full(fd, hdr, sizeof(hdr), 1) && io_full(fd, err_buf, hdr[1], 1) ? 0 : -1;
}

int err_recv(int fd, int *code, int take)
{
	uint32_t hdr[2];
	char msg[sizeof(err_buf)];
	if (!io_full(fd, hdr, sizeof(hdr), 0) || hdr[1] >= sizeof(msg) ||
	    !io_full(fd, msg, hdr[1], 0))
		return 0;
	msg[hdr[1]] = 0;
	*code = (int)hdr[0];
	if (*code && take)
		err_set((enum exit_code)*code, "%s", msg);
	return 1;
}

static void vlog(int level, const char *fmt, va_list ap)
{
	if (g_verbosity < level)
		return;
	progress_clear(); /* a message never lands after a progress line */
	/* one write a line: the -j workers' lines never interleave */
	struct buf b = {0};
	buf_puts(&b, "syscov: ");
	buf_vprintf(&b, fmt, ap);
	one_line(b.p, b.len);
	buf_putc(&b, '\n');
	fflush(stderr);
	write_full(STDERR_FILENO, b.p, b.len);
	buf_free(&b);
}

void note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vlog(1, fmt, ap);
	va_end(ap);
}

void say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vlog(0, fmt, ap);
	va_end(ap);
}

void debug(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vlog(2, fmt, ap);
	va_end(ap);
}

static void oom(void)
{
	fputs("syscov: out of memory\n", stderr);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t m)
{
	void *p = calloc(n ? n : 1, m ? m : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct buf b = {0};
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	return b.p ? b.p : xstrdup("");
}

void buf_grow(struct buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < b->len + extra + 1)
		cap *= 2;
	b->p = xrealloc(b->p, cap);
	b->cap = cap;
	b->p[b->len] = 0;
}

void buf_add(struct buf *b, const void *data, size_t n)
{
	buf_grow(b, n);
	memcpy(b->p + b->len, data, n);
	b->len += n;
	b->p[b->len] = 0;
}

void buf_puts(struct buf *b, const char *s) { buf_add(b, s, strlen(s)); }
void buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	buf_grow(b, (size_t)n);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void buf_put_utf8(struct buf *b, unsigned long cp)
{
	if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return;
	if (cp < 0x80) {
		buf_putc(b, (char)cp);
	} else if (cp < 0x800) {
		buf_putc(b, (char)(0xc0 | (cp >> 6)));
		buf_putc(b, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		buf_putc(b, (char)(0xe0 | (cp >> 12)));
		buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
		buf_putc(b, (char)(0x80 | (cp & 0x3f)));
	} else {
		buf_putc(b, (char)(0xf0 | (cp >> 18)));
		buf_putc(b, (char)(0x80 | ((cp >> 12) & 0x3f)));
		buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
		buf_putc(b, (char)(0x80 | (cp & 0x3f)));
	}
}

void buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

char *buf_steal(struct buf *b)
{
	char *p = b->p ? b->p : xstrdup("");
	b->p = NULL;
	b->len = b->cap = 0;
	return p;
}

void strv_push_own(struct strv *s, char *str)
{
	if (s->n + 1 >= s->cap) {
		s->cap = s->cap ? s->cap * 2 : 8;
		s->v = xrealloc(s->v, s->cap * sizeof(*s->v));
	}
	s->v[s->n++] = str;
	s->v[s->n] = NULL;
}

void strv_push(struct strv *s, const char *str) { strv_push_own(s, xstrdup(str)); }

int strv_contains(const struct strv *s, const char *str)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], str))
			return 1;
	return 0;
}

int strv_push_unique(struct strv *s, const char *str)
{
	if (strv_contains(s, str))
		return 0;
	strv_push(s, str);
	return 1;
}

void idset_add(struct idset *s, int64_t id)
{
	s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
	s->v[s->n++] = id;
}

int idset_has(const struct idset *s, int64_t id)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i] == id)
			return 1;
	return 0;
}

static int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void strv_sort(struct strv *s)
{
	if (s->n) /* qsort(NULL, 0) is undefined */
		qsort(s->v, s->n, sizeof(*s->v), cmp_strp);
}

void strv_free(struct strv *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}

int read_fd_all(int fd, const char *name, size_t max, struct buf *out)
{
	char tmp[65536];
	for (;;) {
		ssize_t r = read(fd, tmp, sizeof(tmp));
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return err_set(EXIT_INPUT, "%s: read failed: %s", name, strerror(errno));
		}
		if (r == 0)
			break;
		if (out->len + (size_t)r > max)
			return err_set(EXIT_INPUT, "%s: larger than the %zu-byte limit for this kind of input",
				       name, max);
		buf_add(out, tmp, (size_t)r);
	}
	buf_grow(out, 0);
	return 0;
}

uint64_t hash64(const void *data, size_t n, uint64_t seed)
{
	return hash64_more(0xcbf29ce484222325ULL ^ seed, data, n);
}

/* 8 bytes a step: FNV-1a went byte by byte, a multiply each (3 ms for the
 * 1.65 MB of headers a scan of / reads); the shift feeds the high bits back
 * into the low ones hash tables index with. The tail is FNV-1a's. */
uint64_t hash64_more(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;
	for (; n >= 8; p += 8, n -= 8) {
		uint64_t w;
		memcpy(&w, p, sizeof(w));
		h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 32;
	}
	for (; n; p++, n--) {
		h ^= *p;
		h *= 0x100000001b3ULL;
	}
	return h;
}

int hash64_fd(int fd, size_t max, uint64_t *h)
{
	char piece[1 << 16];
	size_t fill = 0;
	for (off_t off = 0;;) {
		ssize_t r = pread(fd, piece + fill, sizeof(piece) - fill, off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return errno;
		if ((size_t)(off += r) > max)
			return EFBIG;
		fill += (size_t)r;
		/* whole pieces but the last, even after a short read */
		if (r == 0 || fill == sizeof(piece)) {
			*h = hash64_more(*h, piece, fill);
			fill = 0;
			if (r == 0)
				return 0;
		}
	}
}

int str_starts(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

int str_ends(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && !strcmp(s + a - b, suffix);
}

/* 1 for [A-Za-z0-9_], 2 for those that may start a name: a table, not
 * isalnum(), which goes through the locale for each byte (a fifth of a
 * .tbl file's parse checks its names) */
static const unsigned char ident_class[256] = {
	['0'] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	['A'] = 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	['_'] = 2,
	['a'] = 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
};

int is_c_identifier(const char *s)
{
	if (!s || ident_class[(unsigned char)s[0]] != 2)
		return 0;
	size_t n = 1;
	while (ident_class[(unsigned char)s[n]])
		n++;
	return !s[n] && n <= 128;
}

char *put_int(char *o, long long v)
{
	if (v >= 0 && v < 10) { /* flags and counts: most numbers written */
		*o = (char)('0' + v);
		return o + 1;
	}
	char t[24];
	int i = sizeof(t);
	unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
	do
		t[--i] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		t[--i] = '-';
	while (i < (int)sizeof(t)) /* a few digits: cheaper than a memcpy() call */
		*o++ = t[i++];
	return o;
}

void split_list(const char *s, struct strv *sv)
{
	while (s && *s) {
		const char *e = strchr(s, ',');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		/* "read, kcmp" is read and kcmp */
		for (; n && (*s == ' ' || *s == '\t'); n--)
			s++;
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		if (n)
			strv_push_own(sv, xstrndup(s, n));
		s = e ? e + 1 : NULL;
	}
}

int64_t stat_mtime_ns(const struct stat *st)
{
	return (int64_t)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
}

int64_t self_exe_id(void)
{
	struct stat st;
	if (stat("/proc/self/exe", &st) < 0)
		return 0;
	int64_t id[2] = {(int64_t)st.st_size, stat_mtime_ns(&st)};
	return (int64_t)(hash64(id, sizeof(id), 0) >> 1);
}

uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}
