/* roff.c: This file contains the roff reader for man(7) pages (see roff.h):
 * escape resolution, request parsing, no-fill tracking and tbl tables. */
#include "man/roff.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Longer source lines are cut: no real page comes near, and a hostile one
 * must not make every later step quadratic. */
#define ROFF_MAX_LINE 65536
/* Bound on diagnostics per page, so that a page of garbage stays small. */
#define ROFF_MAX_DIAGS 32
/* The lines' text is stored in blocks of this size (or more for a longer
 * line): a section-2 page fits in one or two. */
#define ROFF_BLOCK 65536

static void diag(struct roff_doc *d, int line, const char *fmt, const char *arg)
{
	if (d->diags.n == ROFF_MAX_DIAGS)
		strv_push(&d->diags, "further diagnostics suppressed");
	if (d->diags.n > ROFF_MAX_DIAGS)
		return;
	char *m = xasprintf(fmt, arg ? arg : "");
	strv_push_own(&d->diags, xasprintf("line %d: %s", line, m));
	free(m);
}

/* Named characters (\(xx, \[xx]) that occur in man-pages' section 2. */
static const struct {
	const char *name, *utf8;
} glyphs[] = {
	{"em", "\u2014"}, {"en", "\u2013"}, {"aq", "'"}, {"dq", "\""}, {"lq", "\u201c"},
	{"rq", "\u201d"}, {"oq", "\u2018"}, {"cq", "\u2019"}, {"ti", "~"}, {"ha", "^"},
	{"rs", "\\"}, {"bu", "\u2022"}, {"co", "\u00a9"}, {"rg", "\u00ae"}, {"mu", "\u00d7"},
	{"di", "\u00f7"}, {">=", "\u2265"}, {"<=", "\u2264"}, {"!=", "\u2260"},
	{"+-", "\u00b1"}, {"->", "\u2192"}, {"<-", "\u2190"}, {"hy", "-"}, {"lB", "["},
	{"rB", "]"}, {"lC", "{"}, {"rC", "}"}, {"ga", "`"}, {"at", "@"}, {"sh", "#"},
	{"Do", "$"}, {"sl", "/"}, {"ba", "|"}, {"or", "|"}, {"tm", "\u2122"}, {"de", "\u00b0"},
	{"ua", "\u2191"}, {"da", "\u2193"}, {"pl", "+"}, {"mi", "-"}, {"eq", "="},
};

/* Predefined strings of groff's man macros (\*(lq ...). */
static const struct {
	const char *name, *utf8;
} strings[] = {
	{"lq", "\u201c"}, {"rq", "\u201d"}, {"R", "\u00ae"}, {"Tm", "\u2122"},
};

static void put_glyph(struct buf *b, const char *name, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(glyphs); i++)
		if (strlen(glyphs[i].name) == n && !memcmp(glyphs[i].name, name, n)) {
			buf_puts(b, glyphs[i].utf8);
			return;
		}
	/* \[u2010] and \[u00E9]: Unicode code points by number */
	if (n >= 5 && n <= 7 && name[0] == 'u') {
		char tmp[8];
		memcpy(tmp, name + 1, n - 1);
		tmp[n - 1] = 0;
		char *end;
		unsigned long cp = strtoul(tmp, &end, 16);
		if (!*end)
			buf_put_utf8(b, cp);
	}
}

static void put_string(struct buf *b, const char *name, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(strings); i++)
		if (strlen(strings[i].name) == n && !memcmp(strings[i].name, name, n))
			buf_puts(b, strings[i].utf8);
}

/* Reads the name of an escape's argument at s[*i]: X, (XX or [XXX]. */
static size_t esc_name(const char *s, size_t n, size_t *i, const char **name)
{
	if (*i >= n)
		return 0;
	if (s[*i] == '(') {
		*name = s + *i + 1;
		size_t l = *i + 3 <= n ? 2 : n - *i - 1;
		*i += 1 + l;
		return l;
	}
	if (s[*i] == '[') {
		const char *e = memchr(s + *i, ']', n - *i);
		*name = s + *i + 1;
		size_t l = e ? (size_t)(e - *name) : n - *i - 1;
		*i += l + 1 + (e != NULL);
		return l;
	}
	*name = s + *i;
	*i += 1;
	return 1;
}

/* roff_text() appending to b. */
static void put_text(struct buf *b, const char *s, size_t n, int *join)
{
	const char *name;
	/* no escape comes out longer than it is written: room for all first */
	buf_grow(b, n);
	if (join)
		*join = 0;
	for (size_t i = 0; i < n;) {
		/* plain text up to the next escape in one copy */
		const char *bs = memchr(s + i, '\\', n - i);
		size_t run = bs ? (size_t)(bs - s) - i : n - i;
		buf_add(b, s + i, run);
		i += run + 1;
		if (!bs)
			break;
		if (i >= n) { /* a trailing backslash continues the line */
			if (join)
				*join = 1;
			break;
		}
		char c = s[i++];
		switch (c) {
		case '"': /* comment to end of line */
		case '#':
			i = n;
			break;
		case 'e': case '\\': buf_putc(b, '\\'); break;
		case '-': buf_putc(b, '-'); break;
		case '.': buf_putc(b, '.'); break;
		case '\'': buf_putc(b, '\''); break;
		case '`': buf_putc(b, '`'); break;
		case '~': case ' ': case '0': buf_putc(b, ' '); break;
		case 't': buf_putc(b, '\t'); break;
		case '&': case '|': case '^': case '%': case ':': case ')': case '{': case '}':
		case 'z': case 'a': case 'd': case 'u': case 'r': case 'p': case 'E':
			break;
		case 'c':
			if (i >= n && join)
				*join = 1;
			break;
		case 'f': case 'F': case 'n': case 'g': case 'k': case 'm': case 'M': case 'V':
		case 'Y': case '$':
			if (c == 'n' && i < n && (s[i] == '+' || s[i] == '-'))
				i++;
			esc_name(s, n, &i, &name);
			break;
		case 's': /* \s0 \s-1 \s+2 \s(12 \s[12] */
			if (i < n && (s[i] == '+' || s[i] == '-'))
				i++;
			if (i < n && (s[i] == '(' || s[i] == '['))
				esc_name(s, n, &i, &name);
			else
				while (i < n && s[i] >= '0' && s[i] <= '9')
					i++;
			break;
		case '(': case '[': {
			i--;
			size_t l = esc_name(s, n, &i, &name);
			put_glyph(b, name, l);
			break;
		}
		case '*': {
			size_t l = esc_name(s, n, &i, &name);
			put_string(b, name, l);
			break;
		}
		case 'h': case 'v': case 'w': case 'o': case 'l': case 'L': case 'D': case 'X':
		case 'Z': case 'b': case 'x': case 'R': case 'N': case 'A': case 'B': case 'C':
		case 'H': case 'S': case 'O': case 'T': case 'U': case 'W': { /* \h'...' */
			if (i >= n)
				break;
			char delim = s[i++];
			const char *e = memchr(s + i, delim, n - i);
			i = e ? (size_t)(e - s) + 1 : n;
			break;
		}
		default:
			buf_putc(b, c);
		}
	}
}

char *roff_text(const char *s, size_t n, int *join)
{
	struct buf b = {0};
	put_text(&b, s, n, join);
	return buf_steal(&b);
}

struct state {
	struct roff_doc *doc;
	int line;
	int nofill, nofill_line; /* .nf/.EX open, and where */
	int join;                /* the last text line ended with \c */
	int heading;             /* .SH/.SS without args: next line is the heading */
	int skip_to_dots;        /* inside .de/.ig: skip to ".." */
	int table, table_line;   /* inside .TS, and where */
	int tformat;             /* reading the table's options/format lines */
	int tfirst;              /* next table line is the first (options?) */
	char tab;
	int tblock;              /* inside T{ ... T} */
	struct buf block;
	struct strv cells;
	int any_text;            /* something but comments seen (for .so) */
	/* scratch reused by every request, so that reading one allocates
	 * nothing but the lines it emits */
	struct buf argbuf;       /* the arguments, NUL-separated */
	char **argv;             /* into argbuf */
	size_t argcap;
	struct buf joined;       /* a macro's arguments joined */
	struct buf text;         /* a line's text, before it is stored */
};

/* Splits the arguments of a request line into st->argv (valid until the
 * next call): blanks separate, "..." quotes (with "" for a quote), escapes
 * stay with their argument. Returns their number. */
static size_t split_args(struct state *st, const char *s)
{
	size_t n = 0;
	/* each argument is at most the bytes it consumed, plus its NUL: room
	 * for all of them first, so that the pointers stay valid */
	st->argbuf.len = 0;
	buf_grow(&st->argbuf, 2 * strlen(s) + 1);
	char *o = st->argbuf.p;
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s || (s[0] == '\\' && s[1] == '"'))
			break;
		if (n + 1 >= st->argcap) {
			st->argcap = st->argcap ? st->argcap * 2 : 16;
			st->argv = xrealloc(st->argv, st->argcap * sizeof(*st->argv));
		}
		st->argv[n++] = o;
		if (*s == '"') {
			s++;
			while (*s && !(*s == '"' && s[1] != '"')) {
				if (*s == '"')
					s++; /* "" is a literal quote */
				else if (*s == '\\' && s[1])
					*o++ = *s++;
				*o++ = *s++;
			}
			if (*s == '"')
				s++;
		} else {
			while (*s && *s != ' ' && *s != '\t') {
				if (*s == '\\' && s[1] == '"')
					break;
				if (*s == '\\' && s[1])
					*o++ = *s++;
				*o++ = *s++;
			}
		}
		*o++ = 0;
	}
	return n;
}

/* Stores n bytes of text and a NUL in the doc's blocks (all lines of a
 * page in a few allocations, freed together), or appends them to `old`,
 * the line a \c continues. Only lines are stored, so that line is the
 * last string of the last block: it grows in place while the block has
 * room, and moves to a block twice its size when not, so that joining
 * stays linear. */
static char *store(struct roff_doc *d, const char *old, const char *s, size_t n)
{
	size_t m = old ? (size_t)(d->room - old) - 1 : 0;
	if (old && n <= d->left) {
		memcpy(d->room - 1, s, n);
		d->room += n;
		d->left -= n;
		d->room[-1] = 0;
		return (char *)old;
	}
	if (m + n + 1 > d->left) {
		size_t sz = m + n + 1 > ROFF_BLOCK / 2 ? 2 * (m + n + 1) : ROFF_BLOCK;
		if (d->nblocks == d->capblocks) {
			d->capblocks = d->capblocks ? d->capblocks * 2 : 4;
			d->blocks = xrealloc(d->blocks, d->capblocks * sizeof(*d->blocks));
		}
		d->blocks[d->nblocks++] = d->room = xmalloc(sz);
		d->left = sz;
	}
	char *p = d->room;
	if (old) /* the continued line moves here */
		memcpy(p, old, m);
	memcpy(p + m, s, n);
	p[m + n] = 0;
	d->room += m + n + 1;
	d->left -= m + n + 1;
	return p;
}

static void emit(struct state *st, enum roff_kind k, const char *text, size_t n)
{
	struct roff_doc *d = st->doc;
	if (k == ROFF_TEXT && st->join && d->n && d->v[d->n - 1].kind == ROFF_TEXT) {
		struct roff_line *l = &d->v[d->n - 1];
		l->text = store(d, l->text, text, n);
		return;
	}
	if (d->n == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 64;
		d->v = xrealloc(d->v, d->cap * sizeof(*d->v));
	}
	d->v[d->n++] = (struct roff_line){.kind = k, .nofill = st->nofill, .line = st->line,
					  .text = store(d, NULL, text, n)};
	st->any_text = 1;
}

static void emit_text(struct state *st, const char *s, size_t n)
{
	int join;
	st->text.len = 0;
	put_text(&st->text, s, n, &join);
	if (st->heading) {
		emit(st, st->heading, st->text.p, st->text.len);
		st->heading = 0;
	} else {
		emit(st, ROFF_TEXT, st->text.p, st->text.len);
	}
	st->join = join;
}

static void row_end(struct state *st)
{
	struct buf *b = &st->text;
	b->len = 0;
	buf_puts(b, "");
	for (size_t i = 0; i < st->cells.n; i++) {
		if (i)
			buf_putc(b, '\t');
		buf_puts(b, st->cells.v[i]);
	}
	strv_free(&st->cells);
	st->join = 0;
	emit(st, ROFF_TROW, b->p, b->len);
}

/* Adds the cells of one data line (from s) to the pending row. */
static void table_cells(struct state *st, const char *s)
{
	for (;;) {
		const char *e = strchr(s, st->tab);
		size_t n = e ? (size_t)(e - s) : strlen(s);
		if (n == 2 && !memcmp(s, "T{", 2) && !e) {
			st->tblock = 1;
			buf_free(&st->block);
			buf_puts(&st->block, "");
			return;
		}
		strv_push_own(&st->cells, roff_text(s, n, NULL));
		if (!e)
			break;
		s = e + 1;
	}
	row_end(st);
}

static void table_line(struct state *st, const char *s)
{
	if (s[0] == '.' && !strncmp(s + 1, "TE", 2)) {
		if (st->tblock) {
			diag(st->doc, st->line, "T{ block not closed before .TE%s", NULL);
			strv_push_own(&st->cells, buf_steal(&st->block));
			st->tblock = 0;
		}
		if (st->cells.n)
			row_end(st);
		st->table = 0;
		return;
	}
	if ((s[0] == '.' || s[0] == '\'') && s[1] == '\\' && s[2] == '"')
		return;
	if (!strncmp(s, ".T&", 3)) {
		st->tformat = 1;
		return;
	}
	if (st->tformat) {
		size_t n = strlen(s);
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		if (st->tfirst && n && s[n - 1] == ';') { /* global options */
			const char *t = strstr(s, "tab(");
			if (t && t[4] && t[5] == ')')
				st->tab = t[4];
		} else if (n && s[n - 1] == '.') {
			st->tformat = 0;
		}
		st->tfirst = 0;
		return;
	}
	if (st->tblock) {
		if (!strncmp(s, "T}", 2)) {
			st->tblock = 0;
			strv_push_own(&st->cells, buf_steal(&st->block));
			if (s[2] == st->tab)
				table_cells(st, s + 3);
			else
				row_end(st);
			return;
		}
		if (s[0] == '.' || s[0] == '\'')
			return; /* requests inside a text block: breaks, fonts */
		char *t = roff_text(s, strlen(s), NULL);
		if (st->block.len && st->block.p[st->block.len - 1] != ' ')
			buf_putc(&st->block, ' ');
		buf_puts(&st->block, t);
		free(t);
		return;
	}
	if (!s[0] || !strcmp(s, "_") || !strcmp(s, "=") || s[0] == '.' || s[0] == '\'')
		return; /* rules, blank lines and requests between rows */
	table_cells(st, s);
}

/* The requests the reader acts on; everything else (.RS/.RE, .in, .ad,
 * .ft, .UR, .if, ...) changes only the layout, not the text we read. */
enum req { REQ_OTHER, REQ_TH, REQ_SO, REQ_SH, REQ_SS, REQ_FONT, REQ_ALT, REQ_NF, REQ_FI,
	   REQ_TS, REQ_SKIP, REQ_BREAK, REQ_IP };

static enum req req_kind(const char *r, size_t n)
{
	static const struct {
		char name[3];
		enum req kind;
	} reqs[] = {
		{"TH", REQ_TH}, {"so", REQ_SO}, {"SH", REQ_SH}, {"SS", REQ_SS},
		/* the font-alternating macros join their arguments without blanks */
		{"BI", REQ_ALT}, {"BR", REQ_ALT}, {"IB", REQ_ALT}, {"IR", REQ_ALT},
		{"RB", REQ_ALT}, {"RI", REQ_ALT},
		{"B", REQ_FONT}, {"I", REQ_FONT}, {"SM", REQ_FONT}, {"SB", REQ_FONT},
		{"nf", REQ_NF}, {"EX", REQ_NF}, {"fi", REQ_FI}, {"EE", REQ_FI}, {"TS", REQ_TS},
		{"de", REQ_SKIP}, {"ig", REQ_SKIP}, {"am", REQ_SKIP},
		{"PP", REQ_BREAK}, {"P", REQ_BREAK}, {"LP", REQ_BREAK}, {"TP", REQ_BREAK},
		{"sp", REQ_BREAK}, {"br", REQ_BREAK}, {"HP", REQ_BREAK}, {"TQ", REQ_BREAK},
		{"IP", REQ_IP},
	};
	/* every request acted on has a one- or two-letter name: compared by
	 * hand, as this runs for every request line of every page */
	if (n > 2)
		return REQ_OTHER;
	for (size_t i = 0; i < ARRAY_SIZE(reqs); i++)
		if (reqs[i].name[0] == r[0] && reqs[i].name[1] == (n == 2 ? r[1] : 0))
			return reqs[i].kind;
	return REQ_OTHER;
}

static void request(struct state *st, const char *s)
{
	s++;
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = 0;
	while (s[n] && s[n] != ' ' && s[n] != '\t' && n < 15)
		n++;
	if (!n || (s[0] == '\\' && s[1] == '"'))
		return; /* comment or empty request */
	enum req k = req_kind(s, n);
	if (k == REQ_OTHER)
		return;
	size_t na = split_args(st, s + n);
	char **a = st->argv;
	struct buf *b = &st->joined;
	switch (k) {
	case REQ_TH:
		strv_free(&st->doc->th);
		for (size_t i = 0; i < na; i++)
			strv_push_own(&st->doc->th, roff_text(a[i], strlen(a[i]), NULL));
		break;
	case REQ_SO:
		if (!st->any_text && !st->doc->so && na) {
			st->doc->so = xstrdup(a[0]);
			st->doc->so_line = st->line;
		} else {
			diag(st->doc, st->line, ".so in the body of a page ignored%s", NULL);
		}
		break;
	case REQ_SH:
	case REQ_SS:
		st->join = 0;
		if (!na) {
			st->heading = k == REQ_SH ? ROFF_SH : ROFF_SS;
			break;
		}
		b->len = 0;
		for (size_t i = 0; i < na; i++) {
			if (i)
				buf_putc(b, ' ');
			put_text(b, a[i], strlen(a[i]), NULL);
		}
		emit(st, k == REQ_SH ? ROFF_SH : ROFF_SS, b->p, b->len);
		break;
	case REQ_FONT:
	case REQ_ALT:
		if (!na)
			break;
		b->len = 0;
		for (size_t i = 0; i < na; i++) {
			if (i && k == REQ_FONT)
				buf_putc(b, ' ');
			buf_puts(b, a[i]);
		}
		emit_text(st, b->p, b->len);
		break;
	case REQ_NF:
		st->nofill = 1;
		st->nofill_line = st->line;
		break;
	case REQ_FI:
		st->nofill = 0;
		break;
	case REQ_TS:
		st->table = 1;
		st->table_line = st->line;
		st->tformat = 1;
		st->tfirst = 1;
		st->tab = '\t';
		emit(st, ROFF_PARA, "", 0);
		break;
	case REQ_SKIP:
		st->skip_to_dots = st->line;
		break;
	case REQ_BREAK:
	case REQ_IP:
		st->join = 0;
		emit(st, ROFF_PARA, "", 0);
		if (k == REQ_IP && na && strcmp(a[0], "*") && strcmp(a[0], "\\(bu") &&
		    strcmp(a[0], "\\[bu]"))
			emit_text(st, a[0], strlen(a[0]));
		break;
	case REQ_OTHER:
		break;
	}
}

/* Copies one source line, dropping NULs and replacing invalid UTF-8 with
 * '?', cut at ROFF_MAX_LINE; reports each kind of damage once per page. */
static void clean_line(struct state *st, const char *s, size_t n, struct buf *out,
		       int *seen_nul, int *seen_utf8)
{
	out->len = 0;
	if (n > ROFF_MAX_LINE) {
		diag(st->doc, st->line, "line longer than 64 KiB cut%s", NULL);
		n = ROFF_MAX_LINE;
	}
	/* the copy is never longer than the source: room for all of it once,
	 * then plain stores */
	buf_grow(out, n);
	char *o = out->p;
	size_t k = 0;
	for (size_t i = 0; i < n;) {
		/* nearly every byte is ASCII but NUL: 8 at a time while they are
		 * (a NUL borrows into its high bit, the rest have it set) */
		while (i + 8 <= n) {
			uint64_t w;
			memcpy(&w, s + i, 8);
			if (((w - 0x0101010101010101u) | w) & 0x8080808080808080u)
				break;
			memcpy(o + k, &w, 8);
			k += 8;
			i += 8;
		}
		if (i == n)
			break;
		unsigned char c = (unsigned char)s[i];
		if (c - 1u < 0x7f) {
			o[k++] = (char)c;
			i++;
			continue;
		}
		if (c == 0) {
			if (!(*seen_nul)++)
				diag(st->doc, st->line, "NUL byte dropped%s", NULL);
			i++;
			continue;
		}
		size_t len = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
		int ok = len && i + len <= n;
		for (size_t j = 1; ok && j < len; j++)
			ok = ((unsigned char)s[i + j] & 0xc0) == 0x80;
		if (ok && len == 3) { /* overlongs and surrogates */
			unsigned char c1 = (unsigned char)s[i + 1];
			ok = !(c == 0xe0 && c1 < 0xa0) && !(c == 0xed && c1 >= 0xa0);
		}
		if (ok && len == 4) {
			unsigned char c1 = (unsigned char)s[i + 1];
			ok = !(c == 0xf0 && c1 < 0x90) && !(c == 0xf4 && c1 >= 0x90);
		}
		if (!ok) {
			if (!(*seen_utf8)++)
				diag(st->doc, st->line, "invalid UTF-8 replaced by '?'%s", NULL);
			o[k++] = '?';
			i++;
			continue;
		}
		memcpy(o + k, s + i, len);
		k += len;
		i += len;
	}
	o[k] = 0;
	out->len = k;
}

static int odd_backslashes(const char *s, size_t n)
{
	size_t k = 0;
	while (k < n && s[n - 1 - k] == '\\')
		k++;
	return k & 1;
}

void roff_parse(const char *data, size_t len, struct roff_doc *doc)
{
	struct state st = {.doc = doc, .tab = '\t'};
	struct buf ln = {0};
	int seen_nul = 0, seen_utf8 = 0;
	size_t pos = 0;
	while (pos < len) {
		const char *nl = memchr(data + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (data + pos)) : len - pos;
		st.line++;
		clean_line(&st, data + pos, n, &ln, &seen_nul, &seen_utf8);
		pos += n + (nl != NULL);
		/* an odd number of trailing backslashes continues the line */
		while (pos < len && ln.len && odd_backslashes(ln.p, ln.len) && ln.len < ROFF_MAX_LINE) {
			ln.p[--ln.len] = 0;
			nl = memchr(data + pos, '\n', len - pos);
			n = nl ? (size_t)(nl - (data + pos)) : len - pos;
			struct buf more = {0};
			st.line++;
			clean_line(&st, data + pos, n, &more, &seen_nul, &seen_utf8);
			buf_add(&ln, more.p, more.len);
			buf_free(&more);
			pos += n + (nl != NULL);
		}
		const char *s = ln.p;
		if (st.skip_to_dots) {
			if (!strncmp(s, "..", 2))
				st.skip_to_dots = 0;
			continue;
		}
		if (st.table) {
			table_line(&st, s);
			continue;
		}
		if (s[0] == '.' || s[0] == '\'') {
			request(&st, s);
			continue;
		}
		if (!s[0] && !st.nofill) {
			st.join = 0;
			emit(&st, ROFF_PARA, "", 0);
			continue;
		}
		emit_text(&st, s, ln.len);
	}
	if (st.table) {
		diag(doc, st.table_line, ".TS table not closed by .TE%s", NULL);
		if (st.tblock)
			strv_push_own(&st.cells, buf_steal(&st.block));
		if (st.cells.n)
			row_end(&st);
	}
	if (st.skip_to_dots)
		diag(doc, st.skip_to_dots, "macro definition or .ig not closed by ..%s", NULL);
	if (st.nofill)
		diag(doc, st.nofill_line, ".nf/.EX not closed by .fi/.EE%s", NULL);
	buf_free(&st.block);
	strv_free(&st.cells);
	buf_free(&st.argbuf);
	free(st.argv);
	buf_free(&st.joined);
	buf_free(&st.text);
	buf_free(&ln);
}

void roff_free_lines(struct roff_doc *doc)
{
	for (size_t i = 0; i < doc->nblocks; i++)
		free(doc->blocks[i]);
	free(doc->blocks);
	free(doc->v);
	doc->blocks = NULL;
	doc->v = NULL;
	doc->room = NULL;
	doc->nblocks = doc->capblocks = doc->n = doc->cap = doc->left = 0;
}

void roff_free(struct roff_doc *doc)
{
	roff_free_lines(doc);
	strv_free(&doc->th);
	strv_free(&doc->diags);
	free(doc->so);
	memset(doc, 0, sizeof(*doc));
}
