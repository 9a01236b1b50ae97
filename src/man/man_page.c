/* man_page.c: This file contains the reading of the facts of one section-2
 * page from its roff lines (see man.h): NAME, LIBRARY, the SYNOPSIS
 * (includes, feature-test macros, prototypes), the "no glibc wrapper"
 * statements, the kernel/glibc versions of VERSIONS and HISTORY, and the
 * calls RETURN VALUE or ERRORS say always succeed. */
#define _GNU_SOURCE /* memmem */
#include "man/man.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static char *trim_dup(const char *s, size_t n)
{
	while (n && isspace((unsigned char)*s))
		s++, n--;
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	return xstrndup(s, n);
}

/* Appends `s` to b with one blank between words, collapsing blank runs
 * (isspace() of the C locale, which syscov runs in), lower-cased (ASCII,
 * as tolower() there) when `lower`. Every line of every page goes through
 * here at least once: room for the worst case first, then 8 bytes in one
 * step while they come out as they are (no control byte, no two blanks in
 * a row, no blank after a blank). */
static void add_words_to(struct buf *b, const char *s, int lower)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	size_t n = strlen(s);
	buf_grow(b, n + 1);
	char *o = b->p;
	size_t k = b->len;
	for (size_t i = 0; i < n;) {
		if (i + 8 <= n) {
			uint64_t w;
			memcpy(&w, s + i, 8);
			/* the high bit of each byte that is a blank, exactly */
			uint64_t x = w ^ (' ' * ones);
			uint64_t sp = ~(((x & ~highs) + ~highs) | x) & highs;
			if (!((w - ' ' * ones) & ~w & highs) && !(sp & (sp >> 8)) &&
			    !(s[i] == ' ' && (!k || o[k - 1] == ' '))) {
				if (lower) { /* + 0x20 to the bytes in 'A'..'Z' */
					uint64_t h = w & ~highs;
					w |= (~w & ((h + (0x80 - 'A') * ones) ^ (h + (0x7f - 'Z') * ones)) &
					      highs) >> 2;
				}
				memcpy(o + k, &w, 8);
				k += 8;
				i += 8;
				continue;
			}
		}
		/* byte by byte through those 8 (or the tail) */
		for (size_t end = i + 8 < n ? i + 8 : n; i < end; i++) {
			char c = s[i];
			if (c == ' ' || (c >= '\t' && c <= '\r')) {
				if (k && o[k - 1] != ' ')
					o[k++] = ' ';
			} else {
				o[k++] = lower && c >= 'A' && c <= 'Z' ? (char)(c + 0x20) : c;
			}
		}
	}
	if (k && o[k - 1] != ' ')
		o[k++] = ' ';
	o[k] = 0;
	b->len = k;
}

static void add_words(struct buf *b, const char *s)
{
	add_words_to(b, s, 0);
}

static int heading_is(const char *h, const char *name)
{
	return !strcasecmp(h, name);
}

char *man_section_text(const struct roff_doc *doc, const char *heading)
{
	struct buf b = {0};
	int in = 0, found = 0;
	for (size_t i = 0; i < doc->n; i++) {
		const struct roff_line *l = &doc->v[i];
		if (l->kind == ROFF_SH) {
			in = heading_is(l->text, heading);
			found |= in;
			continue;
		}
		if (in && (l->kind == ROFF_TEXT || l->kind == ROFF_TROW))
			add_words(&b, l->text);
	}
	if (!found) {
		buf_free(&b);
		return NULL;
	}
	buf_puts(&b, "");
	while (b.len && b.p[b.len - 1] == ' ')
		b.p[--b.len] = 0;
	return buf_steal(&b);
}

/* NAME: "a, b, c - description". */
static void read_names(const struct roff_doc *doc, struct man_info *mi)
{
	char *t = man_section_text(doc, "NAME");
	if (!t) {
		strv_push(&mi->diags, "no NAME section");
		return;
	}
	char *dash = strstr(t, " - ");
	if (!dash) {
		strv_push_own(&mi->diags, xasprintf("NAME line without ' - ': %.80s", t));
		free(t);
		return;
	}
	*dash = 0;
	struct strv items = {0};
	split_list(t, &items);
	for (size_t i = 0; i < items.n; i++) {
		char *n = trim_dup(items.v[i], strlen(items.v[i]));
		if (is_c_identifier(n))
			strv_push_unique(&mi->names, n);
		else
			strv_push_own(&mi->diags, xasprintf("NAME: '%.80s' is not a C identifier", n));
		free(n);
	}
	strv_free(&items);
	free(t);
}

/* Removes C comments (an unterminated one runs to the end). */
static char *strip_comments(const char *s)
{
	struct buf b = {0};
	buf_puts(&b, "");
	while (*s) {
		if (s[0] == '/' && s[1] == '*') {
			const char *e = strstr(s + 2, "*/");
			s = e ? e + 2 : s + strlen(s);
			buf_putc(&b, ' ');
		} else if (s[0] == '/' && s[1] == '/') {
			break;
		} else {
			buf_putc(&b, *s++);
		}
	}
	return buf_steal(&b);
}

/* man-pages 6 spellings that are not C11: `[[deprecated]]` attributes go,
 * `[.count]` and other `[.expr]` array sizes become `[]`. */
static char *normalise(const char *s)
{
	struct buf b = {0};
	buf_puts(&b, "");
	while (*s) {
		if (s[0] == '[' && s[1] == '[') {
			const char *e = strstr(s, "]]");
			s = e ? e + 2 : s + strlen(s);
			continue;
		}
		if (s[0] == '[' && (s[1] == '.' || s[1] == '(' || !strncmp(s + 1, "restrict", 8))) {
			/* `void buf[.count]` is `void *buf`: an array of void is not C */
			const char *e = strchr(s, ']');
			size_t k = b.len;
			while (k && (isalnum((unsigned char)b.p[k - 1]) || b.p[k - 1] == '_'))
				k--;
			buf_putc(&b, 0);
			memmove(b.p + k + 1, b.p + k, b.len - k - 1);
			b.p[k] = '*';
			s = e ? e + 1 : s + strlen(s);
			continue;
		}
		/* the first byte first: this runs for every byte of a SYNOPSIS */
		if (s[0] == '(' && !strncmp(s, "(...)", 5)) {
			/* `int sigreturn(...)`: unspecified arguments, not ISO C */
			buf_puts(&b, "()");
			s += 5;
			continue;
		}
		if (s[0] == '_' && (!strncmp(s, "_Nullable", 9) || !strncmp(s, "_Nonnull", 8))) {
			/* clang's nullability qualifiers, spelled by man-pages 6 */
			s += s[2] == 'u' ? 9 : 8;
			continue;
		}
		if (isspace((unsigned char)*s)) {
			if (b.len && b.p[b.len - 1] != ' ')
				buf_putc(&b, ' ');
			s++;
			continue;
		}
		buf_putc(&b, *s++);
	}
	char *r = trim_dup(b.p, b.len);
	buf_free(&b);
	return r;
}

static int is_type_word(const char *w, size_t n)
{
	static const char *const kw[] = {
		"void", "char", "short", "int", "long", "float", "double", "signed",
		"unsigned", "const", "volatile", "restrict", "struct", "union", "enum",
		"_Noreturn", "_Bool", "__attribute__", "typeof", "__typeof__", "sizeof",
		"extern", "static", "inline", "noreturn", "_Atomic",
	};
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (strlen(kw[i]) == n && !memcmp(kw[i], w, n))
			return 1;
	return 0;
}

/* Finds the declared function: the first identifier that is not a type
 * keyword and is followed by '('. */
static const char *find_name(const char *s, size_t *len)
{
	for (const char *p = s; *p;) {
		if (isalpha((unsigned char)*p) || *p == '_') {
			const char *q = p;
			while (isalnum((unsigned char)*q) || *q == '_')
				q++;
			const char *r = q;
			while (*r == ' ')
				r++;
			if (*r == '(' && !is_type_word(p, (size_t)(q - p))) {
				*len = (size_t)(q - p);
				return p;
			}
			p = q;
		} else {
			p++;
		}
	}
	return NULL;
}

/* One complete SYNOPSIS statement (up to ';'). */
static void statement(struct man_info *mi, const char *text)
{
	char *code = strip_comments(text);
	char *n = normalise(code);
	free(code);
	size_t len = strlen(n);
	if (len && n[len - 1] == ';')
		n[--len] = 0;
	size_t nl = 0;
	const char *name = find_name(n, &nl);
	if (!strncmp(n, "typedef", 7) || !name || strchr(n, '{')) {
		/* A typedef the prototypes may use (sighandler_t) goes into their
		 * TU; a structure shown for information (often with "...") is the
		 * header's own and would clash with it, as would `typedef fd_set`. */
		size_t words = 0;
		for (const char *w = n; *w; w++)
			words += (w == n || *(w - 1) == ' ') && *w != ' ';
		if (!strncmp(n, "typedef", 7) && words >= 3 && !strstr(n, "..."))
			strv_push_own(&mi->context, xasprintf("%s;", n));
		else if (strncmp(n, "typedef", 7) && strncmp(n, "struct", 6) &&
			 strncmp(n, "union", 5) && strncmp(n, "enum", 4) && len)
			strv_push_own(&mi->diags, xasprintf("SYNOPSIS: not a declaration: %.120s", n));
		free(n);
		return;
	}
	struct man_proto_src p = {0};
	p.text = normalise(text);
	p.name = xstrndup(name, nl);
	p.pre = xstrndup(n, (size_t)(name - n));
	p.post = xstrdup(name + nl);
	if (!strcmp(p.name, "syscall")) {
		/* long syscall(SYS_x, args...): the syscall's own prototype */
		const char *a = strchr(p.post, '(') + 1;
		while (*a == ' ')
			a++;
		if (!strncmp(a, "SYS_", 4)) {
			size_t k = 0;
			while (isalnum((unsigned char)a[k]) || a[k] == '_')
				k++;
			p.via_syscall = 1;
			p.sys_name = xstrndup(a, k);
			free(p.name);
			p.name = xstrdup(p.sys_name + 4);
			const char *rest = a + k;
			while (*rest == ' ')
				rest++;
			char *post = *rest == ',' ? xasprintf("(%s", rest + 1) : xasprintf("(void%s", rest);
			free(p.post);
			p.post = post;
		}
	}
	if (!is_c_identifier(p.name))
		strv_push_own(&mi->diags, xasprintf("SYNOPSIS: '%.80s' is not a C name", p.name));
	mi->protos = xrealloc(mi->protos, (mi->nprotos + 1) * sizeof(*mi->protos));
	mi->protos[mi->nprotos++] = p;
	free(n);
}

static int starts_directive(const char *t, const char *d)
{
	if (*t++ != '#')
		return 0;
	while (*t == ' ')
		t++;
	return str_starts(t, d);
}

static void directive(struct man_info *mi, const char *t)
{
	if (starts_directive(t, "include")) {
		const char *o = strpbrk(t, "<\"");
		const char *c = o ? strchr(o + 1, *o == '<' ? '>' : '"') : NULL;
		if (c && c > o + 1)
			strv_push_own(&mi->includes, xstrndup(o + 1, (size_t)(c - o - 1)));
		else
			strv_push_own(&mi->diags, xasprintf("SYNOPSIS: bad #include: %.80s", t));
	} else if (starts_directive(t, "define")) {
		char *code = strip_comments(strstr(t, "define") + 6);
		char *d = normalise(code);
		char *name = xstrndup(d, strcspn(d, " ("));
		if (is_c_identifier(name))
			strv_push(&mi->defines, d);
		else
			strv_push_own(&mi->diags, xasprintf("SYNOPSIS: bad #define: %.80s", t));
		free(name);
		free(code);
		free(d);
	}
}

static void ftm_block(struct man_info *mi, struct buf *b)
{
	if (b->len) {
		char *t = trim_dup(b->p, b->len);
		if (*t)
			strv_push(&mi->ftm, t);
		free(t);
	}
	b->len = 0;
	if (b->p)
		b->p[0] = 0;
}

/* Whether a fill-mode line starts a declaration: older pages (semget(2))
 * set prototypes with .BI outside .nf. Its first word must be a type. */
static int looks_like_decl(const char *t)
{
	size_t n = strcspn(t, " *(");
	return t[n] && strchr(t, '(') &&
	       (is_type_word(t, n) || (n > 2 && !strncmp(t + n - 2, "_t", 2)));
}

/* Whether braces are balanced: a struct in the SYNOPSIS ends at "};". */
static int balanced(const char *s)
{
	int depth = 0;
	const char *paren = strchr(s, '('), *brace = strchr(s, '{');
	if (paren && brace && paren < brace)
		return 1; /* a function's ';' ends it, whatever its braces */
	for (; *s; s++)
		depth += (*s == '{') - (*s == '}');
	return depth <= 0;
}

static void read_synopsis(const struct roff_doc *doc, struct man_info *mi)
{
	struct buf cur = {0}, ftm = {0};
	int in = 0, in_ftm = 0;
	buf_puts(&cur, "");
	for (size_t i = 0; i < doc->n; i++) {
		const struct roff_line *l = &doc->v[i];
		if (l->kind == ROFF_SH) {
			in = heading_is(l->text, "SYNOPSIS");
			continue;
		}
		if (!in)
			continue;
		if (in_ftm) {
			/* the marker sentence runs on to the first break */
			if (l->kind == ROFF_PARA && in_ftm == 1)
				in_ftm = 2;
			else if (in_ftm == 1)
				continue;
			if (l->kind == ROFF_PARA)
				ftm_block(mi, &ftm);
			else if (l->kind == ROFF_TEXT)
				add_words(&ftm, l->text);
			continue;
		}
		if (l->kind == ROFF_TEXT && strstr(l->text, "Feature Test Macro Requirements")) {
			in_ftm = 1;
			continue;
		}
		if (l->kind != ROFF_TEXT) {
			/* a break ends anything that was not a declaration */
			if (l->kind == ROFF_PARA && cur.len && !l->nofill)
				continue;
			if (cur.len)
				strv_push_own(&mi->diags, xasprintf("SYNOPSIS: no ';' after: %.120s", cur.p));
			cur.len = 0;
			cur.p[0] = 0;
			continue;
		}
		char *t = trim_dup(l->text, strlen(l->text));
		if (t[0] == '#' && !cur.len) {
			directive(mi, t);
		} else if (l->nofill || cur.len || looks_like_decl(t)) {
			add_words(&cur, t);
			char *code = strip_comments(cur.p);
			size_t n = strlen(code);
			while (n && code[n - 1] == ' ')
				n--;
			if (n && code[n - 1] == ';' && balanced(code)) {
				statement(mi, cur.p);
				cur.len = 0;
				cur.p[0] = 0;
			}
			free(code);
		}
		free(t);
	}
	if (cur.len) {
		char *code = strip_comments(cur.p);
		if (strchr(code, '(') && strchr(code, ')'))
			statement(mi, cur.p);
		free(code);
	}
	ftm_block(mi, &ftm);
	buf_free(&cur);
	buf_free(&ftm);
}

/* The phrasings by which the pages say that glibc (the C library) has no
 * wrapper, lower-case; historical ones ("Earlier glibc versions did not
 * provide a wrapper") are deliberately absent. tests/man/nowrap.sh greps for
 * the same list. */
static const char *const nowrap_phrases[] = {
	"glibc provides no wrapper",
	"glibc does not provide a wrapper",
	"glibc does not provide wrappers",
	"no glibc wrapper",
	"glibc no longer provides a wrapper",
	"not provided by glibc",
	"c library provides no wrapper",
	"c library does not provide a wrapper",
};

/* The sentence of `text` around offset `at`. */
static char *sentence_at(const char *text, size_t at)
{
	size_t s = at;
	while (s > 0 && !(s >= 2 && text[s - 1] == ' ' && text[s - 2] == '.'))
		s--;
	const char *e = strstr(text + at, ". ");
	size_t end = e ? (size_t)(e - text) + 1 : strlen(text);
	return xstrndup(text + s, end - s);
}

/* The first of nowrap_phrases in `low` (lower-cased), or (size_t)-1. Each
 * phrase holds "glibc" or "c library": only around those is it compared,
 * two passes over the page instead of one per phrase. */
static size_t find_nowrap(const char *low)
{
	static const char *const anchors[] = {"glibc", "c library"};
	size_t best = (size_t)-1;
	for (size_t a = 0; a < ARRAY_SIZE(anchors); a++)
		for (const char *q = low; (q = strstr(q, anchors[a])) != NULL; q++)
			for (size_t i = 0; i < ARRAY_SIZE(nowrap_phrases); i++) {
				const char *ph = nowrap_phrases[i], *at = strstr(ph, anchors[a]);
				size_t off = at ? (size_t)(at - ph) : 0;
				size_t start = (size_t)(q - low) - off;
				if (at && (size_t)(q - low) >= off && start < best &&
				    !strncmp(low + start, ph, strlen(ph)))
					best = start;
			}
	return best;
}

static void read_nowrap(const struct roff_doc *doc, struct man_info *mi)
{
	struct buf low = {0};
	for (size_t i = 0; i < doc->n; i++)
		if (doc->v[i].kind != ROFF_PARA)
			add_words_to(&low, doc->v[i].text, 1);
	size_t best = low.len ? find_nowrap(low.p) : (size_t)-1;
	if (best != (size_t)-1) {
		/* the sentence as written: the same text, not lower-cased */
		struct buf all = {0};
		for (size_t i = 0; i < doc->n; i++)
			if (doc->v[i].kind != ROFF_PARA)
				add_words(&all, doc->v[i].text);
		mi->nowrap = 1;
		mi->nowrap_text = sentence_at(all.p, best);
		buf_free(&all);
	}
	buf_free(&low);
}

/* A version number at s ("2.4.11"), without a trailing '.'. */
static char *version_at(const char *s)
{
	size_t n = 0;
	while (isdigit((unsigned char)s[n]) || (s[n] == '.' && isdigit((unsigned char)s[n + 1])))
		n++;
	return n ? xstrndup(s, n) : NULL;
}

/* Whether one of `words` occurs in the `back` bytes before `at`. */
static int word_before(const char *low, size_t at, size_t back, const char *const *words)
{
	size_t from = at > back ? at - back : 0;
	char *w = xstrndup(low + from, at - from);
	int found = 0;
	for (; *words && !found; words++)
		found = strstr(w, *words) != NULL;
	free(w);
	return found;
}

/* Whether "linux V" at `at` is an entry of a HISTORY section as man-pages
 * writes them since 6.05 ("Linux 5.9, glibc 2.34.", "FreeBSD. Linux 5.9.",
 * "rt_tgsigqueueinfo() Linux 2.6.31."): it starts the section or follows
 * the end of a sentence or a function name, and ends with ',' or '.' */
static int history_entry(const char *low, size_t at, const char *v)
{
	size_t b = at;
	while (b > 0 && isspace((unsigned char)low[b - 1]))
		b--;
	char end = low[at + 6 + strlen(v)];
	return (b == 0 || low[b - 1] == '.' || low[b - 1] == ')') && (end == ',' || end == '.');
}

/* Where the sentence holding `at` starts: after the last ". " before it. */
static size_t sentence_start(const char *low, size_t at)
{
	size_t sb = at;
	while (sb > 0 && !(low[sb - 1] == ' ' && sb >= 2 && low[sb - 2] == '.'))
		sb--;
	return sb;
}

/* Whether the version at `at` ("linux V") is about the page's own call:
 * the run of functions named nearest before it, after `from` (the end of
 * the version before), is none ("Added in Linux 4.3."), or holds `title`
 * ("pkey_alloc() and pkey_free() were added in Linux 4.9"), not only others
 * of the page (access(2): "faccessat() was added in Linux 2.6.16"; stat(2)'s
 * HISTORY: "stat() fstat() lstat() SVr4, ... fstatat() POSIX.1-2008. Linux
 * 2.6.16, glibc 2.4."). */
static int about_title(const char *low, size_t from, size_t at, const char *title)
{
	size_t i = at;
	int named = 0;
	while (i > from + 2) {
		if (low[i - 2] != '(' || low[i - 1] != ')') {
			if (named) {
				/* the run goes on over ", ", " and ", " or " only */
				size_t sep = i;
				while (sep > from && (low[sep - 1] == ' ' || low[sep - 1] == ','))
					sep--;
				if (sep >= from + 3 && !strncmp(low + sep - 3, "and", 3))
					sep -= 3;
				else if (sep >= from + 2 && !strncmp(low + sep - 2, "or", 2))
					sep -= 2;
				while (sep > from && low[sep - 1] == ' ')
					sep--;
				if (sep == i || sep < from + 2 || low[sep - 2] != '(' || low[sep - 1] != ')')
					return 0;
				i = sep;
				continue;
			}
			i--;
			continue;
		}
		size_t e = i - 2, b = e;
		while (b > from && (isalnum((unsigned char)low[b - 1]) || low[b - 1] == '_'))
			b--;
		if (b == e) {
			i--;
			continue;
		}
		if (title && strlen(title) == e - b && !strncasecmp(low + b, title, e - b))
			return 1;
		named = 1;
		i = b;
	}
	return !named;
}

static void read_versions(const struct roff_doc *doc, struct man_info *mi)
{
	static const char *const sections[] = {"VERSIONS", "HISTORY", "STANDARDS", "NOTES"};
	static const char *const added[] = {"added", "appeared", "introduced", "available",
					    "new in", NULL};
	static const char *const support[] = {"added", "support", "wrapper", "provided", NULL};
	static const char *const past[] = {"before", "earlier", "prior", "until", "no longer",
					   "removed", NULL};
	static const char *const removed[] = {"removed", NULL};
	for (size_t s = 0; s < ARRAY_SIZE(sections); s++) {
		char *t = man_section_text(doc, sections[s]);
		if (!t)
			continue;
		for (char *p = t; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		size_t from = 0; /* the end of the version before */
		for (const char *p = t; (p = strstr(p, "linux ")) != NULL; p += 6) {
			size_t at = (size_t)(p - t), sb = sentence_start(t, at);
			char *v = version_at(p + 6);
			if (!v)
				continue;
			/* "First appeared in 4.4BSD. Since Linux 3.18, ..." is no arrival */
			size_t back = at - sb < 40 ? at - sb : 40;
			int about = about_title(t, from, at, mi->title);
			if (!mi->removed && word_before(t, at, 24, removed))
				mi->removed = xasprintf("Linux %s", v);
			else if (!mi->kernel_since && about && (word_before(t, at, back, added) ||
								 (s == 1 && history_entry(t, at, v))))
				mi->kernel_since = xstrdup(v);
			/* HISTORY's "Linux 5.9, glibc 2.34." */
			const char *g = p + 6 + strlen(v);
			from = (size_t)(g - t);
			if (s == 1 && !mi->glibc_since && history_entry(t, at, v) && *g == ',' && about) {
				g += strspn(g + 1, " \n") + 1;
				char *gv = str_starts(g, "glibc ") ? version_at(g + 6) : NULL;
				if (gv)
					mi->glibc_since = gv;
			}
			free(v);
		}
		for (const char *p = t; (p = strstr(p, "glibc ")) != NULL; p += 6) {
			size_t at = (size_t)(p - t);
			char *v = version_at(p + 6);
			if (!v)
				continue;
			/* the sentence so far decides: "Before glibc 2.30 ..." is history */
			size_t sb = sentence_start(t, at);
			if (!mi->glibc_since && word_before(t, at, 60, support) &&
			    !word_before(t, at, at - sb, past) && about_title(t, sb, at, mi->title))
				mi->glibc_since = xstrdup(v);
			free(v);
		}
		if (!mi->removed && strstr(t, "no longer provides a wrapper")) {
			const char *g = strstr(t, "since glibc ");
			char *v = g ? version_at(g + 12) : NULL;
			if (v)
				mi->removed = xasprintf("glibc %s", v);
			free(v);
		}
		free(t);
	}
}

/* RETURN VALUE and ERRORS: a sentence saying "always succeeds" or "is
 * always successful" names the calls it is about ("sync() is always
 * successful", "In the Linux implementation, sched_yield() always
 * succeeds"), or is about all the page's (gettid(2): "This call is always
 * successful"; getpid(2): "These functions are ..."). A sentence naming
 * none of the page's calls and not opening with "This"/"These" is about
 * something else (a prctl(2) operation). */
static void read_always_ok(const struct roff_doc *doc, struct man_info *mi)
{
	static const char *const secs[] = {"RETURN VALUE", "ERRORS"};
	for (size_t k = 0; k < ARRAY_SIZE(secs); k++) {
		char *t = man_section_text(doc, secs[k]);
		for (char *s = t, *e; s && *s; s = *e ? e + 1 : e) {
			e = s + strcspn(s, ".");
			while (*s == ' ')
				s++;
			/* "always succeeds", "is always successful" */
			if (!memmem(s, (size_t)(e - s), "always succe", 12))
				continue;
			int named = 0;
			for (size_t i = 0; i < mi->names.n; i++) {
				const char *nm = mi->names.v[i];
				size_t l = strlen(nm);
				for (const char *p = s; (p = memmem(p, (size_t)(e - p), nm, l)); p++)
					if ((p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
					    p[l] == '(') {
						named = 1;
						strv_push_unique(&mi->always_ok, nm);
						break;
					}
			}
			if (!named && (str_starts(s, "This ") || str_starts(s, "These ")))
				for (size_t i = 0; i < mi->names.n; i++)
					strv_push_unique(&mi->always_ok, mi->names.v[i]);
		}
		free(t);
	}
}

void man_extract(const struct roff_doc *doc, struct man_info *mi)
{
	const struct strv *th = &doc->th;
	if (th->n >= 1)
		mi->title = xstrdup(th->v[0]);
	if (th->n >= 2)
		mi->section = xstrdup(th->v[1]);
	if (th->n >= 4)
		mi->th_version = xstrdup(th->v[3]);
	if (!th->n)
		strv_push(&mi->diags, "no .TH line");
	read_names(doc, mi);
	mi->library = man_section_text(doc, "LIBRARY");
	read_synopsis(doc, mi);
	read_nowrap(doc, mi);
	read_versions(doc, mi);
	read_always_ok(doc, mi);
}

static char *dup_opt(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static void copy_strv(struct strv *dst, const struct strv *src)
{
	for (size_t i = 0; i < src->n; i++)
		strv_push(dst, src->v[i]);
}

void man_info_copy(struct man_info *dst, const struct man_info *src)
{
	*dst = (struct man_info){.nprotos = src->nprotos, .nowrap = src->nowrap};
	dst->title = dup_opt(src->title);
	dst->section = dup_opt(src->section);
	dst->th_version = dup_opt(src->th_version);
	dst->library = dup_opt(src->library);
	copy_strv(&dst->names, &src->names);
	copy_strv(&dst->includes, &src->includes);
	copy_strv(&dst->defines, &src->defines);
	copy_strv(&dst->context, &src->context);
	copy_strv(&dst->ftm, &src->ftm);
	dst->protos = xcalloc(src->nprotos, sizeof(*dst->protos));
	for (size_t i = 0; i < src->nprotos; i++) {
		const struct man_proto_src *p = &src->protos[i];
		dst->protos[i] = (struct man_proto_src){
			.name = xstrdup(p->name), .text = xstrdup(p->text), .pre = xstrdup(p->pre),
			.post = xstrdup(p->post), .via_syscall = p->via_syscall,
			.sys_name = dup_opt(p->sys_name), .id = p->id};
	}
	dst->nowrap_text = dup_opt(src->nowrap_text);
	dst->kernel_since = dup_opt(src->kernel_since);
	dst->glibc_since = dup_opt(src->glibc_since);
	dst->removed = dup_opt(src->removed);
	copy_strv(&dst->diags, &src->diags);
	copy_strv(&dst->always_ok, &src->always_ok);
}

void man_info_free(struct man_info *mi)
{
	free(mi->title);
	free(mi->section);
	free(mi->th_version);
	free(mi->library);
	strv_free(&mi->names);
	strv_free(&mi->includes);
	strv_free(&mi->defines);
	strv_free(&mi->context);
	strv_free(&mi->ftm);
	for (size_t i = 0; i < mi->nprotos; i++) {
		struct man_proto_src *p = &mi->protos[i];
		free(p->name);
		free(p->text);
		free(p->pre);
		free(p->post);
		free(p->sys_name);
	}
	free(mi->protos);
	free(mi->nowrap_text);
	free(mi->kernel_since);
	free(mi->glibc_since);
	free(mi->removed);
	strv_free(&mi->always_ok);
	strv_free(&mi->diags);
	memset(mi, 0, sizeof(*mi));
}
