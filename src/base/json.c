/* json.c: the streaming JSON writer (see json.h). A document is written by
 * one thread: the stdio calls are the _unlocked ones (a report's JSON made
 * ~10 locking calls per key and value, most of its time). */
#define _GNU_SOURCE /* fputs_unlocked, fwrite_unlocked */
#include "base/json.h"
#include "base/util.h"

#include <string.h>

void json_init(struct json *j, FILE *f, int pretty)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	j->pretty = pretty;
	j->first[0] = 1;
}

static void indent(struct json *j)
{
	/* a newline and two blanks a level (depth < 64), in one write */
	static const char nl[] = "\n                                                                "
				 "                                                                ";
	_Static_assert(sizeof(nl) > 1 + 2 * 63, "room for the deepest level");
	if (j->pretty)
		fwrite_unlocked(nl, 1, 1 + 2 * (size_t)j->depth, j->f);
}

/* Separator before a value or key at the current depth. */
static void sep(struct json *j)
{
	if (j->after_key) {
		j->after_key = 0;
		return;
	}
	if (!j->first[j->depth])
		putc_unlocked(',', j->f);
	j->first[j->depth] = 0;
	if (j->depth)
		indent(j);
}

static void open_(struct json *j, char c)
{
	sep(j);
	putc_unlocked(c, j->f);
	if (j->depth < 63)
		j->depth++;
	j->first[j->depth] = 1;
}

static void close_(struct json *j, char c)
{
	int empty = j->first[j->depth];
	if (j->depth)
		j->depth--;
	if (!empty)
		indent(j);
	putc_unlocked(c, j->f);
	if (!j->depth && j->pretty)
		putc_unlocked('\n', j->f);
}

void json_obj_begin(struct json *j) { open_(j, '{'); }
void json_obj_end(struct json *j) { close_(j, '}'); }
void json_arr_begin(struct json *j) { open_(j, '['); }
void json_arr_end(struct json *j) { close_(j, ']'); }

int utf8_seq_len(const unsigned char *s)
{
	if (s[0] < 0x80)
		return 1;
	int n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 && s[0] <= 0xef ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* Overlong forms, UTF-16 surrogates and code points above U+10FFFF
	 * pass the pattern above but are not UTF-8. */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

/* 1 for the bytes that go into a JSON string as they are: printable ASCII
 * but '"' (0x22) and '\\' (0x5c). One lookup a byte: four compares a byte
 * were a third of the kernel tables' insert. */
static const unsigned char json_plain[256] = {
	[0x20] = 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
};

size_t json_plain_len(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (json_plain[*p])
		p++;
	return (size_t)(p - (const unsigned char *)s);
}

void json_write_string(FILE *f, const char *s)
{
	putc_unlocked('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		unsigned char c = *p;
		if (c == '"' || c == '\\') {
			putc_unlocked('\\', f);
			putc_unlocked(c, f);
		} else if (c == '\n') {
			fputs_unlocked("\\n", f);
		} else if (c == '\t') {
			fputs_unlocked("\\t", f);
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(f, "\\u%04x", c);
		} else if (c >= 0x80) {
			int n = utf8_seq_len(p);
			if (!n) {
				fputs_unlocked("\\ufffd", f);
				p++;
				continue;
			}
			fwrite_unlocked(p, 1, (size_t)n, f);
			p += n;
			continue;
		} else {
			/* a run of plain characters in one write */
			size_t n = json_plain_len((const char *)p);
			fwrite_unlocked(p, 1, n, f);
			p += n;
			continue;
		}
		p++;
	}
	putc_unlocked('"', f);
}

void json_key(struct json *j, const char *k)
{
	sep(j);
	json_write_string(j->f, k);
	fputs_unlocked(j->pretty ? ": " : ":", j->f);
	j->after_key = 1;
}

void json_str(struct json *j, const char *s)
{
	sep(j);
	if (s)
		json_write_string(j->f, s);
	else
		fputs_unlocked("null", j->f);
}

void json_int(struct json *j, int64_t v)
{
	sep(j);
	char t[24];
	fwrite_unlocked(t, 1, (size_t)(put_int(t, v) - t), j->f);
}

void json_bool(struct json *j, int v)
{
	sep(j);
	fputs_unlocked(v ? "true" : "false", j->f);
}

void json_null(struct json *j)
{
	sep(j);
	fputs_unlocked("null", j->f);
}

void json_kstr(struct json *j, const char *k, const char *s)
{
	json_key(j, k);
	json_str(j, s);
}

void json_kint(struct json *j, const char *k, int64_t v)
{
	json_key(j, k);
	json_int(j, v);
}

void json_kbool(struct json *j, const char *k, int v)
{
	json_key(j, k);
	json_bool(j, v);
}

/* The value of hex digit c, or -1. */
static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The 4 hex digits at p, or -1. */
static long hex4(const char *p)
{
	long v = 0;
	for (int i = 0; i < 4 && v >= 0; i++)
		v = hex_digit(p[i]) < 0 ? -1 : v * 16 + hex_digit(p[i]);
	return v;
}

int json_read_string(const char **pp, struct buf *b, int strict)
{
	const char *p = *pp;
	if (*p++ != '"')
		return -1;
	for (;;) {
		const char *e = p;
		while (*e && *e != '"' && *e != '\\' && (!strict || (unsigned char)*e >= 0x20))
			e++;
		buf_add(b, p, (size_t)(e - p));
		p = e;
		if (*p == '"')
			break;
		if (*p++ != '\\' || !*p)
			return -1; /* the end, or a raw control byte when strict */
		static const char esc[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
		const char *m = *p != 'u' ? strchr(esc, *p) : NULL;
		if (m && (m - esc) % 2 == 0) {
			buf_putc(b, m[1]);
			p++;
			continue;
		}
		long cp = *p == 'u' ? hex4(p + 1) : -1;
		if (cp < 0 || (strict && !((cp >= 1 && cp < 0x20) || cp == 0x7f || cp == 0xfffd)))
			return -1;
		p += 5;
		long lo = cp >= 0xd800 && cp < 0xdc00 && p[0] == '\\' && p[1] == 'u' ? hex4(p + 2) : -1;
		if (lo >= 0xdc00 && lo < 0xe000) {
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			p += 6;
		}
		buf_put_utf8(b, (unsigned long)cp);
	}
	buf_putc(b, 0);
	*pp = p + 1;
	return 0;
}
