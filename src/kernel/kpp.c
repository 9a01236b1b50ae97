/* kpp.c: This file contains kpp, the kernel header preprocessor (see kpp.h):
 * line splicing and lexing, directives and conditional groups, macro
 * expansion with hide sets (Prosser's algorithm, which the C standard's
 * rescanning rules describe), and the integer expression evaluator used by
 * #if and by kpp_value(). */
#include "kernel/kpp.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Limits against hostile headers, far above what the kernel's need (a few
 * files of at most 32 KiB, include depth 4, some 20,000 tokens of
 * expansion), and low enough to bound memory: up to 32 bytes of token per
 * byte of text, per token of expansion. */
#define MAX_INCLUDE_DEPTH 64
#define MAX_INCLUDES 4096
#define MAX_TEXT (4u << 20)    /* bytes lexed in one kpp, all files together */
#define MAX_WORK (1u << 20)    /* tokens produced by macro expansion */
#define MAX_MEM (32u << 20)    /* arena: hide sets, macro bodies, new tokens */
#define MAX_NEST 256           /* nested parentheses, ?:, macro arguments */
#define MAX_CONDS 65536        /* nested #if groups */

enum { T_IDENT = 1, T_NUM, T_CHAR, T_STR, T_PUNCT, T_OTHER };

/* A hide set: the macros a token came out of, which it may not expand. */
struct hs {
	uint32_t m;
	const struct hs *next;
};

struct tok {
	const char *s;
	uint32_t len, line;
	uint8_t kind, space, bol;  /* preceded by white space; first on its line */
	uint16_t param;            /* in a macro body: 1 + the parameter it names */
	const struct hs *hs;
};

struct tokv {
	struct tok *v;
	size_t n, cap;
};

struct macro {
	const char *name;          /* NUL-terminated, in the arena */
	uint32_t len, nparams, nbody; /* nparams counts __VA_ARGS__ */
	const char *file;
	struct tok *body;
	uint8_t defined, fn, variadic, hook;
};

struct cond {
	uint32_t line;
	uint8_t parent, live, taken, in_else;
};

/* A file's text with its lines spliced, and its tokens, which point into
 * it: they stay as long as the macros defined from them may be used. */
struct kpp_lexed {
	char *text;
	struct tokv toks;
};

struct ablock {
	struct ablock *next;
	size_t used, cap;
	max_align_t data[];
};

struct kpp {
	struct kpp_opts o;
	struct kpp_cache own_cache, *cache;
	struct macro *m;
	size_t nm, capm;
	uint32_t *tab;             /* open addressing: macro index + 1 */
	size_t tabcap;
	struct ablock *arena;
	size_t mem, text_bytes, work, includes;
	int over;                  /* the arena refused: the expansion stops */
	struct cond *conds;
	size_t nconds, capconds, cond_base;
	struct strv files;
	struct kpp_lexed **owned;  /* the lexed texts outside the cache */
	size_t nowned;
	const char *cur, *cur_dir; /* the file being read, its dir (quoted includes) */
	size_t cur_dirlen;
	int in_text, ran;
	struct tokv *spare;        /* emptied scratch vectors, kept for reuse */
	size_t nspare, capspare;
};

/* --- memory */

static void *amalloc(struct kpp *p, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (p->mem + n > MAX_MEM) {
		p->over = 1;
		return NULL;
	}
	struct ablock *b = p->arena;
	if (!b || b->cap - b->used < n) {
		size_t cap = n > (64u << 10) ? n : (64u << 10);
		b = xmalloc(sizeof(*b) + cap);
		b->next = p->arena;
		b->used = 0;
		b->cap = cap;
		p->arena = b;
	}
	void *r = (char *)b->data + b->used;
	b->used += n;
	p->mem += n;
	return r;
}

static void tokv_push(struct tokv *v, const struct tok *t)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 32;
		v->v = xrealloc(v->v, v->cap * sizeof(*v->v));
	}
	v->v[v->n++] = *t;
}

/* An empty scratch vector (an expansion's stack, output, macro arguments),
 * with the room of one handed back earlier: a malloc and a free per vector
 * were a third of expanding the generic table's lines. */
static struct tokv tokv_take(struct kpp *p)
{
	return p->nspare ? p->spare[--p->nspare] : (struct tokv){0};
}

/* Hands *v back for reuse; *v is left empty. */
static void tokv_give(struct kpp *p, struct tokv *v)
{
	if (!v->v)
		return;
	if (p->nspare == p->capspare) {
		p->capspare = p->capspare ? 2 * p->capspare : 16;
		p->spare = xrealloc(p->spare, p->capspare * sizeof(*p->spare));
	}
	v->n = 0;
	p->spare[p->nspare++] = *v;
	*v = (struct tokv){0};
}

static int kerr(struct kpp *p, uint32_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int kerr(struct kpp *p, uint32_t line, const char *fmt, ...)
{
	char msg[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	for (char *c = msg; *c; c++) /* one line of printable text */
		if ((unsigned char)*c < 0x20)
			*c = '?';
	return err_set(EXIT_INPUT, "%s:%u: error: %s", p->cur ? p->cur : "<kpp>", line, msg);
}

/* A token's spelling for a message: at most 64 bytes. */
#define TOKF "%.*s"
#define TOKA(t) (int)((t)->len > 64 ? 64 : (t)->len), (t)->s

/* --- lexing */

static int is_id1(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_id(int c)
{
	return is_id1(c) || is_digit(c);
}

static int tok_is(const struct tok *t, const char *s)
{
	return t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

static int is_p(const struct tok *t, char c)
{
	return t->kind == T_PUNCT && t->len == 1 && t->s[0] == c;
}

/* A string or character literal from its quote at s[0]: its length, 0 if it
 * is not closed on its line. */
static size_t lit_len(const char *s, const char *e)
{
	for (const char *c = s + 1; c < e && *c != '\n'; c++) {
		if (*c == '\\' && c + 1 < e && c[1] != '\n')
			c++;
		else if (*c == s[0])
			return (size_t)(c + 1 - s);
	}
	return 0;
}

static const struct {
	char s[4];
	uint8_t n;
} puncts[] = {
	{"<<=", 3}, {">>=", 3}, {"...", 3}, {"##", 2}, {"<<", 2}, {">>", 2}, {"<=", 2},
	{">=", 2}, {"==", 2}, {"!=", 2}, {"&&", 2}, {"||", 2}, {"->", 2}, {"++", 2},
	{"--", 2}, {"+=", 2}, {"-=", 2}, {"*=", 2}, {"/=", 2}, {"%=", 2}, {"&=", 2},
	{"|=", 2}, {"^=", 2},
};

/* Tokens of spliced text. Never fails: an unclosed literal is one T_OTHER
 * token to the end of its line, harmless in a skipped group. */
static void lex(const char *s, size_t n, struct tokv *out)
{
	const char *e = s + n;
	uint32_t line = 1;
	int bol = 1, space = 0;
	while (s < e) {
		unsigned char c = (unsigned char)*s;
		if (c == '\n') {
			line++, bol = 1, space = 0, s++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || !c) {
			space = 1, s++;
			continue;
		}
		if (c == '/' && s + 1 < e && (s[1] == '/' || s[1] == '*')) {
			if (s[1] == '/') {
				while (s < e && *s != '\n')
					s++;
			} else {
				/* a comment is one space: its newlines do not end a directive */
				for (s += 2; s < e && !(*s == '*' && s + 1 < e && s[1] == '/'); s++)
					line += *s == '\n';
				s = s < e ? s + 2 : e;
			}
			space = 1;
			continue;
		}
		struct tok t = {.s = s, .line = line, .space = (uint8_t)space, .bol = (uint8_t)bol,
				.kind = T_PUNCT};
		size_t len = 1;
		bol = space = 0;
		if (is_id1(c)) {
			while (s + len < e && is_id(s[len]))
				len++;
			t.kind = T_IDENT;
			/* L'x', u8"x": the prefix belongs to the literal */
			int pre = (len == 1 && strchr("LuU", c)) || (len == 2 && !memcmp(s, "u8", 2));
			size_t l = pre && s + len < e && (s[len] == '"' || s[len] == '\'') ?
					   lit_len(s + len, e) : 0;
			if (l) {
				t.kind = s[len] == '"' ? T_STR : T_CHAR;
				len += l;
			}
		} else if (is_digit(c) || (c == '.' && s + 1 < e && is_digit(s[1]))) {
			while (s + len < e) {
				char d = s[len];
				if ((d == '+' || d == '-') && strchr("eEpP", s[len - 1]))
					len++;
				else if (is_id(d) || d == '.')
					len++;
				else
					break;
			}
			t.kind = T_NUM;
		} else if (c == '"' || c == '\'') {
			len = lit_len(s, e);
			t.kind = c == '"' ? T_STR : T_CHAR;
			if (!len) {
				for (len = 1; s + len < e && s[len] != '\n';)
					len++;
				t.kind = T_OTHER;
			}
		} else if (s + 1 < e && strchr("<>.#&|=!-+*/%^", c)) { /* the first of a longer one */
			for (size_t i = 0; i < ARRAY_SIZE(puncts); i++)
				if ((size_t)(e - s) >= puncts[i].n && !memcmp(s, puncts[i].s, puncts[i].n)) {
					len = puncts[i].n;
					break;
				}
		} else if (c > 0x7e) {
			t.kind = T_OTHER;
		}
		t.len = (uint32_t)len;
		tokv_push(out, &t);
		s += len;
	}
}

/* Removes backslash-newlines; the lines they joined get their newlines back
 * after the joined line, so that later tokens keep their line numbers. NUL
 * bytes become spaces. The result is never longer than the input. */
static char *splice(const char *s, size_t n, size_t *outn)
{
	char *o = xmalloc(n + 1);
	size_t j = 0;
	unsigned pending = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n && s[i + 1] == '\n') {
			i++, pending++;
			continue;
		}
		if (s[i] == '\\' && i + 2 < n && s[i + 1] == '\r' && s[i + 2] == '\n') {
			i += 2, pending++;
			continue;
		}
		o[j++] = s[i] ? s[i] : ' ';
		if (s[i] == '\n')
			for (; pending; pending--)
				o[j++] = '\n';
	}
	o[j] = 0;
	*outn = j;
	return o;
}

static struct kpp_lexed *lexed_new(const char *s, size_t n)
{
	struct kpp_lexed *l = xcalloc(1, sizeof(*l));
	size_t sl;
	l->text = splice(s, n, &sl);
	lex(l->text, sl, &l->toks);
	return l;
}

static void lexed_free(struct kpp_lexed *l)
{
	if (l) {
		free(l->text);
		free(l->toks.v);
		free(l);
	}
}

/* lexed_new(), owned by p. */
static const struct kpp_lexed *lexed_own(struct kpp *p, const char *s, size_t n)
{
	p->owned = xrealloc(p->owned, (p->nowned + 1) * sizeof(*p->owned));
	return p->owned[p->nowned++] = lexed_new(s, n);
}

/* --- macros */

/* util's hash64, 8 bytes a step: byte by byte, hashing the names was most
 * of a macro lookup, and a lookup is made for every identifier expanded. */
static uint32_t name_hash(const char *s, size_t n)
{
	return (uint32_t)hash64(s, n, 0);
}

static long find_macro(const struct kpp *p, const char *s, size_t n)
{
	if (!p->tabcap)
		return -1;
	for (size_t i = name_hash(s, n) & (p->tabcap - 1);; i = (i + 1) & (p->tabcap - 1)) {
		uint32_t e = p->tab[i];
		if (!e)
			return -1;
		const struct macro *m = &p->m[e - 1];
		if (m->len == n && !memcmp(m->name, s, n))
			return (long)e - 1;
	}
}

static void tab_put(struct kpp *p, size_t idx)
{
	const struct macro *m = &p->m[idx];
	size_t i = name_hash(m->name, m->len) & (p->tabcap - 1);
	while (p->tab[i])
		i = (i + 1) & (p->tabcap - 1);
	p->tab[i] = (uint32_t)idx + 1;
}

/* The macro named s (created undefined if new); NULL when memory ran out. */
static struct macro *macro_slot(struct kpp *p, const char *s, size_t n)
{
	long i = find_macro(p, s, n);
	if (i >= 0)
		return &p->m[i];
	char *name = amalloc(p, n + 1);
	if (!name)
		return NULL;
	memcpy(name, s, n);
	name[n] = 0;
	if (p->nm == p->capm) {
		p->capm = p->capm ? 2 * p->capm : 256;
		p->m = xrealloc(p->m, p->capm * sizeof(*p->m));
	}
	p->m[p->nm] = (struct macro){.name = name, .len = (uint32_t)n};
	if (2 * (p->nm + 1) > p->tabcap) {
		free(p->tab);
		p->tabcap = p->tabcap ? 2 * p->tabcap : 1024;
		p->tab = xcalloc(p->tabcap, sizeof(*p->tab));
		for (size_t k = 0; k < p->nm; k++)
			tab_put(p, k);
	}
	tab_put(p, p->nm);
	return &p->m[p->nm++];
}

static int is_defined(const struct kpp *p, const struct tok *t)
{
	long i = find_macro(p, t->s, t->len);
	return (i >= 0 && p->m[i].defined) || tok_is(t, "__has_include");
}

/* --- hide sets */

static int hs_has(const struct hs *h, uint32_t m)
{
	for (; h; h = h->next)
		if (h->m == m)
			return 1;
	return 0;
}

/* Out of memory, the set stays as it was: p->over stops the expansion. */
static const struct hs *hs_add(struct kpp *p, const struct hs *h, uint32_t m)
{
	if (hs_has(h, m))
		return h;
	struct hs *n = amalloc(p, sizeof(*n));
	if (!n)
		return h;
	n->m = m;
	n->next = h;
	return n;
}

static const struct hs *hs_union(struct kpp *p, const struct hs *a, const struct hs *b)
{
	if (!b)
		return a;
	for (; a; a = a->next)
		b = hs_add(p, b, a->m);
	return b;
}

static const struct hs *hs_isect(struct kpp *p, const struct hs *a, const struct hs *b)
{
	const struct hs *r = NULL;
	for (; a; a = a->next)
		if (hs_has(b, a->m))
			r = hs_add(p, r, a->m);
	return r;
}

/* --- macro expansion */

/* A macro call's arguments: up to 4 in place (a malloc and a free per
 * call were a tenth of expanding the generic table's lines). */
struct args {
	struct tokv *a, few[4];
	size_t n, cap;
	struct tok rparen;
};

static void args_free(struct kpp *p, struct args *a)
{
	for (size_t i = 0; i < a->n; i++)
		tokv_give(p, &a->a[i]);
	if (a->a != a->few)
		free(a->a);
}

static void args_new(struct kpp *p, struct args *a)
{
	if (!a->a) {
		a->a = a->few;
		a->cap = ARRAY_SIZE(a->few);
	} else if (a->n == a->cap) {
		struct tokv *v = xmalloc(2 * a->cap * sizeof(*v));
		memcpy(v, a->a, a->n * sizeof(*v));
		if (a->a != a->few)
			free(a->a);
		a->a = v;
		a->cap *= 2;
	}
	a->a[a->n++] = tokv_take(p);
}

/* Room for n more tokens on the stack st, within the expansion budget. */
static int reserve(struct kpp *p, struct tokv *st, size_t n, uint32_t line)
{
	p->work += n;
	if (p->work > MAX_WORK)
		return kerr(p, line, "macro expansion larger than %u tokens", MAX_WORK);
	if (st->n + n > st->cap) {
		st->cap = st->n + n > 2 * st->cap ? st->n + n : 2 * st->cap;
		st->v = xrealloc(st->v, st->cap * sizeof(*st->v));
	}
	return 0;
}

/* Pushes the expansion of a macro invoked at `at` onto the stack st (top =
 * next token): each token gets hide set hs added and at's line. */
static int push_expansion(struct kpp *p, struct tokv *st, const struct tok *t, size_t n,
			  const struct hs *hs, const struct tok *at)
{
	if (reserve(p, st, n, at->line) < 0)
		return -1;
	/* consecutive tokens mostly share a hide set: one union for them */
	const struct hs *last_in = NULL, *last_out = hs;
	for (size_t i = n; i-- > 0;) {
		struct tok c = t[i];
		if (c.hs != last_in) {
			last_in = c.hs;
			last_out = hs_union(p, c.hs, hs);
		}
		c.hs = last_out;
		c.line = at->line;
		c.param = 0;
		if (!i)
			c.space = at->space;
		st->v[st->n++] = c;
	}
	return 0;
}

static int read_args(struct kpp *p, struct tokv *st, const struct macro *m, const struct tok *at,
		     struct args *a)
{
	int level = 0;
	st->n--; /* '(' */
	args_new(p, a);
	for (;;) {
		if (!st->n)
			return kerr(p, at->line, "unterminated argument list invoking macro \"%s\"",
				    m->name);
		struct tok t = st->v[--st->n];
		if (is_p(&t, '(')) {
			level++;
		} else if (is_p(&t, ')')) {
			if (!level--) {
				a->rparen = t;
				break;
			}
		} else if (is_p(&t, ',') && !level && !(m->variadic && a->n == m->nparams)) {
			args_new(p, a);
			continue;
		}
		tokv_push(&a->a[a->n - 1], &t);
	}
	if (!m->nparams && a->n == 1 && !a->a[0].n)
		tokv_give(p, &a->a[0]), a->n = 0;
	if (m->variadic && a->n + 1 == m->nparams)
		args_new(p, a); /* __VA_ARGS__ left out: empty */
	if (a->n != m->nparams)
		return kerr(p, at->line, "macro \"%s\" passed %zu arguments, but takes %u", m->name,
			    a->n, m->nparams);
	return 0;
}

static int stringize(struct kpp *p, const struct tokv *arg, struct tok *out)
{
	struct buf b = {0};
	buf_putc(&b, '"');
	for (size_t i = 0; i < arg->n; i++) {
		const struct tok *t = &arg->v[i];
		if (i && t->space)
			buf_putc(&b, ' ');
		for (uint32_t k = 0; k < t->len; k++) {
			if ((t->kind == T_STR || t->kind == T_CHAR) && (t->s[k] == '"' || t->s[k] == '\\'))
				buf_putc(&b, '\\');
			buf_putc(&b, t->s[k]);
		}
	}
	buf_putc(&b, '"');
	char *s = amalloc(p, b.len);
	if (s)
		memcpy(s, b.p, b.len);
	*out = (struct tok){.s = s, .len = (uint32_t)b.len, .kind = T_STR, .line = out->line};
	buf_free(&b);
	return s ? 0 : kerr(p, out->line, "preprocessing needs more than %u MiB", MAX_MEM >> 20);
}

/* l ## r, into l. */
static int paste(struct kpp *p, struct tok *l, const struct tok *r)
{
	size_t n = (size_t)l->len + r->len;
	char *s = amalloc(p, n + 1);
	if (!s)
		return kerr(p, l->line, "preprocessing needs more than %u MiB", MAX_MEM >> 20);
	memcpy(s, l->s, l->len);
	memcpy(s + l->len, r->s, r->len);
	s[n] = 0;
	struct tokv v = {0};
	lex(s, n, &v);
	int ok = v.n == 1 && v.v[0].len == n;
	uint8_t kind = ok ? v.v[0].kind : 0;
	free(v.v);
	if (!ok)
		return kerr(p, l->line, "pasting \"" TOKF "\" and \"" TOKF
			    "\" does not give a valid preprocessing token", TOKA(l), TOKA(r));
	l->s = s;
	l->len = (uint32_t)n;
	l->kind = kind;
	l->hs = NULL;
	return 0;
}

static void push_all(struct tokv *out, const struct tokv *a, int space)
{
	for (size_t i = 0; i < a->n; i++) {
		struct tok t = a->v[i];
		if (!i)
			t.space = (uint8_t)space;
		tokv_push(out, &t);
	}
}

static int expand(struct kpp *p, const struct tok *in, size_t n, struct tokv *out, int depth);

/* The body of function-like m with its arguments substituted: # and ##
 * take an argument as written, any other use takes it fully expanded. */
static int subst(struct kpp *p, const struct macro *m, struct args *a, struct tokv *out, int depth)
{
	const struct tok *b = m->body;
	size_t n = m->nbody;
	for (size_t i = 0; i < n; i++) {
		const struct tok *t = &b[i];
		if (is_p(t, '#') && i + 1 < n && b[i + 1].param) {
			struct tok s = {.line = t->line};
			if (stringize(p, &a->a[b[i + 1].param - 1], &s) < 0)
				return -1;
			s.space = t->space;
			tokv_push(out, &s);
			i++;
			continue;
		}
		if (tok_is(t, "##") && t->kind == T_PUNCT) { /* never first or last */
			const struct tok *r = &b[i + 1];
			const struct tokv *arg = r->param ? &a->a[r->param - 1] : NULL;
			const struct tok *first = arg ? (arg->n ? arg->v : NULL) : r;
			if (first && out->n) {
				if (paste(p, &out->v[out->n - 1], first) < 0)
					return -1;
			} else if (first) {
				tokv_push(out, first);
			}
			for (size_t k = 1; arg && k < arg->n; k++)
				tokv_push(out, &arg->v[k]);
			i++;
			continue;
		}
		const struct tokv *arg = t->param ? &a->a[t->param - 1] : NULL;
		if (arg && i + 1 < n && tok_is(&b[i + 1], "##")) {
			if (arg->n) {
				push_all(out, arg, t->space);
			} else if (b[i + 2].param) {
				/* both sides empty or the left one: the right as written */
				push_all(out, &a->a[b[i + 2].param - 1], t->space);
				i += 2;
			} else {
				i++; /* "x ##" with x empty: the right operand stays a plain token */
			}
			continue;
		}
		if (arg) {
			struct tokv x = tokv_take(p);
			int rc = expand(p, arg->v, arg->n, &x, depth + 1);
			if (rc == 0)
				push_all(out, &x, t->space);
			tokv_give(p, &x);
			if (rc < 0)
				return -1;
			continue;
		}
		tokv_push(out, t);
	}
	return 0;
}

static int eval(struct kpp *p, const struct tok *t, size_t n, int strict, uint32_t line,
		long long *v);

static int literal_macro(struct kpp *p, const struct tok *t, long long *v);

/* The hook (__SYSCALL(nr, entry)) in a text line: nr evaluated, entry as
 * written; other shapes are not table entries and are left alone. */
static int fire_hook(struct kpp *p, const struct args *a, int depth)
{
	const struct tokv *id = &a->a[1];
	if (!p->in_text || a->n != 2 || id->n != 1 || id->v[0].kind != T_IDENT || id->v[0].len > 128)
		return 0;
	struct tokv x = tokv_take(p);
	long long v;
	int rc = 0;
	if ((a->a[0].n == 1 && literal_macro(p, &a->a[0].v[0], &v)) ||
	    ((rc = expand(p, a->a[0].v, a->a[0].n, &x, depth + 1)) == 0 &&
	     eval(p, x.v, x.n, 1, 0, &v) == 0)) {
		char name[129];
		memcpy(name, id->v[0].s, id->v[0].len);
		name[id->v[0].len] = 0;
		p->o.on_hook(p->o.hook_arg, v, name);
	}
	tokv_give(p, &x);
	return rc;
}

/* 1 if t is the name of a macro it may expand. */
static int expandable(const struct kpp *p, const struct tok *t)
{
	long mi = t->kind == T_IDENT ? find_macro(p, t->s, t->len) : -1;
	return mi >= 0 && p->m[mi].defined && !hs_has(t->hs, (uint32_t)mi);
}

static int expand(struct kpp *p, const struct tok *in, size_t n, struct tokv *out, int depth)
{
	if (depth > MAX_NEST)
		return kerr(p, n ? in[0].line : 0, "macro arguments nested deeper than %d", MAX_NEST);
	size_t k = 0;
	while (k < n && !expandable(p, &in[k]))
		k++;
	if (k == n) { /* most macro arguments: nothing to expand */
		for (k = 0; k < n; k++)
			tokv_push(out, &in[k]);
		return 0;
	}
	struct tokv st = tokv_take(p);
	int rc = reserve(p, &st, n, n ? in[0].line : 0);
	for (size_t i = n; rc == 0 && i-- > 0;)
		st.v[st.n++] = in[i];
	while (rc == 0 && st.n) {
		if (p->over) {
			rc = kerr(p, st.v[st.n - 1].line, "preprocessing needs more than %u MiB",
				  MAX_MEM >> 20);
			break;
		}
		struct tok t = st.v[--st.n];
		long mi = t.kind == T_IDENT ? find_macro(p, t.s, t.len) : -1;
		const struct macro *m = mi >= 0 ? &p->m[mi] : NULL;
		if (!m || !m->defined || hs_has(t.hs, (uint32_t)mi)) {
			tokv_push(out, &t);
			continue;
		}
		if (!m->fn) {
			rc = push_expansion(p, &st, m->body, m->nbody, hs_add(p, t.hs, (uint32_t)mi),
					    &t);
			continue;
		}
		if (!st.n || !is_p(&st.v[st.n - 1], '(')) { /* a function-like name alone */
			tokv_push(out, &t);
			continue;
		}
		struct args a = {0};
		rc = read_args(p, &st, m, &t, &a);
		if (rc == 0 && m->hook) {
			rc = fire_hook(p, &a, depth);
		} else if (rc == 0) {
			const struct hs *hs = hs_add(p, hs_isect(p, t.hs, a.rparen.hs), (uint32_t)mi);
			struct tokv body = tokv_take(p);
			rc = subst(p, m, &a, &body, depth);
			if (rc == 0)
				rc = push_expansion(p, &st, body.v, body.n, hs, &t);
			tokv_give(p, &body);
		}
		args_free(p, &a);
	}
	tokv_give(p, &st);
	return rc;
}

/* --- expressions */

struct val {
	uint64_t v;
	int u; /* unsigned */
};

struct ev {
	struct kpp *p;
	const struct tok *t;
	size_t n, i;
	uint32_t line;
	int strict;  /* kpp_value(): identifiers are not constants; no messages */
	int skip;    /* an operand that is not evaluated: no division errors */
	int depth;
};

static int ev_fail(struct ev *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int ev_fail(struct ev *e, const char *fmt, ...)
{
	if (e->strict)
		return -1;
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return kerr(e->p, e->line, "%s", msg);
}

static int digit_val(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

/* An integer literal: decimal, 0x hex, 0b binary, 0 octal; U, L, LL suffixes. */
static int ev_number(struct ev *e, const struct tok *t, struct val *r)
{
	const char *s = t->s;
	size_t n = t->len, i = 0, start;
	unsigned base = 10;
	if (n > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16, i = 2;
	else if (n > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
		base = 2, i = 2;
	else if (s[0] == '0')
		base = 8;
	uint64_t v = 0;
	int big = 0;
	for (start = i; i < n; i++) {
		unsigned d = (unsigned)digit_val(s[i]);
		if (d >= base)
			break;
		if (v > (UINT64_MAX - d) / base)
			big = 1;
		v = v * base + d;
	}
	int us = 0, ls = 0, ok = i > start;
	while (ok && i < n) {
		if ((s[i] == 'u' || s[i] == 'U') && !us)
			us = 1, i++;
		else if ((s[i] == 'l' || s[i] == 'L') && !ls)
			ls = 1, i += i + 1 < n && s[i + 1] == s[i] ? 2 : 1;
		else
			break;
	}
	if (!ok || i != n)
		return ev_fail(e, "invalid integer constant \"" TOKF "\" in expression", TOKA(t));
	if (big)
		return ev_fail(e, "integer constant \"" TOKF "\" is too large", TOKA(t));
	r->v = v;
	r->u = us || v > INT64_MAX;
	return 0;
}

/* 'c' or 'c' with a simple escape, as an int (the kernel's headers use
 * none; the sign of plain char is the target's, not known here). */
static int ev_char(struct ev *e, const struct tok *t, struct val *r)
{
	const char *q = memchr(t->s, '\'', t->len);
	size_t n = (size_t)(t->s + t->len - q) - 2; /* bytes between the quotes */
	static const char esc[] = "n\nt\tr\rv\vf\fa\ab\b0\0\\\\''\"\"??";
	int c = -1;
	if (n == 1 && q[1] != '\\')
		c = (unsigned char)q[1];
	for (size_t k = 0; n == 2 && q[1] == '\\' && k + 1 < sizeof(esc); k += 2)
		if (esc[k] == q[2])
			c = (unsigned char)esc[k + 1];
	if (c < 0)
		return ev_fail(e, "character constant " TOKF " is not supported", TOKA(t));
	r->v = (uint64_t)c;
	r->u = 0;
	return 0;
}

static int ev_cond(struct ev *e, struct val *r);

static int ev_unary(struct ev *e, struct val *r)
{
	if (e->i >= e->n)
		return ev_fail(e, "expected a value at the end of the expression");
	if (++e->depth > MAX_NEST)
		return ev_fail(e, "expression nested deeper than %d", MAX_NEST);
	const struct tok *t = &e->t[e->i++];
	int rc = 0;
	if (t->kind == T_NUM) {
		rc = ev_number(e, t, r);
	} else if (t->kind == T_CHAR) {
		rc = ev_char(e, t, r);
	} else if (t->kind == T_IDENT) {
		/* in #if, an identifier left after expansion is 0 */
		if (e->strict)
			return -1;
		*r = (struct val){0, 0};
	} else if (is_p(t, '(')) {
		rc = ev_cond(e, r);
		if (rc == 0 && (e->i >= e->n || !is_p(&e->t[e->i++], ')')))
			rc = ev_fail(e, "missing ')' in expression");
	} else if (is_p(t, '-') || is_p(t, '+') || is_p(t, '~') || is_p(t, '!')) {
		rc = ev_unary(e, r);
		if (rc == 0 && t->s[0] == '-')
			r->v = 0 - r->v;
		else if (rc == 0 && t->s[0] == '~')
			r->v = ~r->v;
		else if (rc == 0 && t->s[0] == '!')
			*r = (struct val){r->v == 0, 0};
	} else {
		rc = ev_fail(e, "token \"" TOKF "\" is not valid in preprocessor expressions", TOKA(t));
	}
	e->depth--;
	return rc;
}

/* Binary operators, loosest first. */
static const char *const binops[][4] = {
	{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="},
	{"<<", ">>"}, {"+", "-"}, {"*", "/", "%"},
};

static int binprec(const struct tok *t)
{
	if (t->kind != T_PUNCT)
		return 0;
	for (size_t l = 0; l < ARRAY_SIZE(binops); l++)
		for (size_t k = 0; k < 4 && binops[l][k]; k++)
			if (tok_is(t, binops[l][k]))
				return (int)l + 1;
	return 0;
}

static int ev_apply(struct ev *e, const struct tok *op, struct val *a, const struct val *b)
{
	uint64_t x = a->v, y = b->v;
	int64_t sx = (int64_t)x, sy = (int64_t)y;
	int u = a->u || b->u;
	char c0 = op->s[0], c1 = op->len > 1 ? op->s[1] : 0;
	struct val r = {0, u};
	switch (c0) {
	case '*':
		r.v = x * y;
		break;
	case '/':
	case '%':
		if (!y) {
			if (e->skip)
				break;
			return ev_fail(e, "division by zero in expression");
		}
		if (u)
			r.v = c0 == '/' ? x / y : x % y;
		else if (sx == INT64_MIN && sy == -1)
			r.v = c0 == '/' ? x : 0;
		else
			r.v = (uint64_t)(c0 == '/' ? sx / sy : sx % sy);
		break;
	case '+':
		r.v = x + y;
		break;
	case '-':
		r.v = x - y;
		break;
	case '&':
	case '|':
		if (c1) /* && || */
			r = (struct val){c0 == '&' ? (x && y) : (x || y), 0};
		else
			r.v = c0 == '&' ? x & y : x | y;
		break;
	case '^':
		r.v = x ^ y;
		break;
	case '=':
	case '!':
		r = (struct val){(x == y) == (c0 == '='), 0};
		break;
	case '<':
	case '>':
		if (c1 == c0) { /* shifts: the left operand's type; a count past
				 * the width (or negative) shifts everything out */
			uint64_t cnt = b->u || sy >= 0 ? y : 64;
			r.u = a->u;
			if (c0 == '<')
				r.v = cnt >= 64 ? 0 : x << cnt;
			else if (a->u || sx >= 0)
				r.v = cnt >= 64 ? 0 : x >> cnt;
			else
				r.v = cnt >= 64 ? UINT64_MAX : ~(~x >> cnt);
		} else {
			int lt = u ? x < y : sx < sy, gt = u ? x > y : sx > sy;
			int res = c0 == '<' ? (c1 ? !gt : lt) : (c1 ? !lt : gt);
			r = (struct val){(uint64_t)res, 0};
		}
		break;
	}
	*a = r;
	return 0;
}

static int ev_binary(struct ev *e, int minprec, struct val *r)
{
	if (ev_unary(e, r) < 0)
		return -1;
	while (e->i < e->n) {
		const struct tok *op = &e->t[e->i];
		int pr = binprec(op);
		if (!pr || pr < minprec)
			break;
		e->i++;
		int skip = e->skip;
		if ((tok_is(op, "&&") && !r->v) || (tok_is(op, "||") && r->v))
			e->skip = 1;
		struct val b;
		int rc = ev_binary(e, pr + 1, &b);
		e->skip = skip;
		if (rc < 0 || ev_apply(e, op, r, &b) < 0)
			return -1;
	}
	return 0;
}

static int ev_cond(struct ev *e, struct val *r)
{
	if (++e->depth > MAX_NEST)
		return ev_fail(e, "expression nested deeper than %d", MAX_NEST);
	int rc = ev_binary(e, 1, r);
	if (rc == 0 && e->i < e->n && is_p(&e->t[e->i], '?')) {
		e->i++;
		int skip = e->skip, c = r->v != 0;
		struct val a, b;
		e->skip = skip || !c;
		rc = ev_cond(e, &a);
		if (rc == 0 && (e->i >= e->n || !is_p(&e->t[e->i++], ':')))
			rc = ev_fail(e, "missing ':' in conditional expression");
		e->skip = skip || c;
		if (rc == 0)
			rc = ev_cond(e, &b);
		e->skip = skip;
		if (rc == 0)
			*r = (struct val){c ? a.v : b.v, a.u || b.u};
	}
	e->depth--;
	return rc;
}

/* Evaluates expanded tokens. strict (kpp_value): -1 without a message for
 * anything that is not an integer constant expression. */
static int eval(struct kpp *p, const struct tok *t, size_t n, int strict, uint32_t line,
		long long *v)
{
	struct ev e = {.p = p, .t = t, .n = n, .line = line, .strict = strict};
	struct val r;
	if (ev_cond(&e, &r) < 0)
		return -1;
	if (e.i < n)
		return ev_fail(&e, "missing binary operator before token \"" TOKF "\"",
			       TOKA(&t[e.i]));
	*v = (long long)r.v;
	return 0;
}

/* 1 and the value in *v when t names an object-like macro it may expand
 * whose body is one integer literal, most __NR_* of the kernel's tables:
 * then no expansion is needed (it was half of the generic table's
 * evaluation). 0: the caller expands. */
static int literal_macro(struct kpp *p, const struct tok *t, long long *v)
{
	long mi = t->kind == T_IDENT ? find_macro(p, t->s, t->len) : -1;
	const struct macro *m = mi >= 0 ? &p->m[mi] : NULL;
	if (!m || !m->defined || m->fn || m->nbody != 1 || m->body[0].kind != T_NUM ||
	    hs_has(t->hs, (uint32_t)mi))
		return 0;
	struct ev e = {.p = p, .strict = 1};
	struct val r;
	if (ev_number(&e, &m->body[0], &r) < 0)
		return 0; /* not a valid literal: the expansion says why */
	*v = (long long)r.v;
	return 1;
}

/* --- files */

const struct buf *kpp_cache_get(const struct kpp_cache *c, const char *path)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].path, path))
			return c->v[i].missing ? NULL : &c->v[i].text;
	return NULL;
}

void kpp_cache_free(struct kpp_cache *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].path);
		buf_free(&c->v[i].text);
		lexed_free(c->v[i].lexed);
	}
	free(c->v);
	memset(c, 0, sizeof(*c));
}

/* The cached file at path, read on first use: 0, 1 if missing, -1. */
static int cached(struct kpp *p, char *path, struct kpp_cfile **f)
{
	struct kpp_cache *c = p->cache;
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].path, path)) {
			free(path);
			*f = &c->v[i];
			return c->v[i].missing;
		}
	struct buf b = {0};
	int rc = p->o.read(p->o.read_arg, path, &b);
	if (rc < 0) {
		free(path);
		buf_free(&b);
		return -1;
	}
	if (rc > 0)
		buf_free(&b);
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 32;
		c->v = xrealloc(c->v, c->cap * sizeof(*c->v));
	}
	c->v[c->n] = (struct kpp_cfile){.path = path, .text = b, .missing = rc > 0};
	*f = &c->v[c->n++];
	return rc > 0;
}

struct found {
	const char *path;   /* lives as long as the cache or the vfile */
	const char *text;
	size_t len;
	struct kpp_cfile *cf; /* NULL: a vfile */
};

/* Finds header `name`: 0, 1 if there is none, -1 on a reader error. */
static int find_header(struct kpp *p, const char *name, int quoted, struct found *f)
{
	struct kpp_cfile *cf;
	int rc = 1;
	if (quoted && p->cur_dir)
		rc = cached(p, xasprintf("%.*s/%s", (int)p->cur_dirlen, p->cur_dir, name), &cf);
	for (size_t i = 0; rc == 1 && p->o.dirs && i < p->o.dirs->n; i++)
		rc = cached(p, xasprintf("%s/%s", p->o.dirs->v[i], name), &cf);
	if (rc == 0) {
		*f = (struct found){cf->path, cf->text.p ? cf->text.p : "", cf->text.len, cf};
		return 0;
	}
	for (size_t i = 0; rc == 1 && i < p->o.nvfiles; i++)
		if (!strcmp(p->o.vfiles[i].name, name)) {
			const char *t = p->o.vfiles[i].text;
			*f = (struct found){p->o.vfiles[i].name, t, strlen(t), NULL};
			return 0;
		}
	return rc;
}

/* The header name of #include or __has_include at t[*i]: "x" or <x>, as
 * written (the raw text between < and >). *i moves past it. */
static int header_name(struct kpp *p, const struct tok *t, size_t n, size_t *i, uint32_t line,
		       char **name, int *quoted)
{
	size_t j = *i;
	if (j < n && t[j].kind == T_STR && t[j].s[0] == '"') {
		*name = xstrndup(t[j].s + 1, t[j].len - 2);
		*quoted = 1;
		*i = j + 1;
	} else if (j < n && is_p(&t[j], '<')) {
		size_t k = j + 1;
		while (k < n && !is_p(&t[k], '>'))
			k++;
		if (k >= n)
			return kerr(p, line, "missing '>' in header name");
		*name = xstrndup(t[j].s + 1, (size_t)(t[k].s - t[j].s - 1));
		*quoted = 0;
		*i = k + 1;
	} else {
		return kerr(p, line, "expected \"FILENAME\" or <FILENAME>");
	}
	if (!**name) {
		free(*name);
		return kerr(p, line, "empty header name");
	}
	return 0;
}

/* defined X, defined(X) and __has_include(...) replaced by 1 or 0 before
 * the expansion of an #if line. */
static int if_prepass(struct kpp *p, const struct tok *t, size_t n, uint32_t line,
		      struct tokv *out)
{
	for (size_t i = 0; i < n; i++) {
		struct tok r = t[i];
		if (r.kind == T_IDENT && tok_is(&r, "defined")) {
			size_t j = i + 1;
			int paren = j < n && is_p(&t[j], '(');
			j += paren;
			if (j >= n || t[j].kind != T_IDENT)
				return kerr(p, line, "operator \"defined\" requires an identifier");
			r = (struct tok){.s = is_defined(p, &t[j]) ? "1" : "0", .len = 1,
					 .kind = T_NUM, .line = line, .space = r.space};
			if (paren && (++j >= n || !is_p(&t[j], ')')))
				return kerr(p, line, "missing ')' after \"defined\"");
			i = j;
		} else if (r.kind == T_IDENT && tok_is(&r, "__has_include")) {
			size_t j = i + 1;
			/* set by header_name() when it succeeds; gcc -O3 cannot tell */
			char *name = NULL;
			int quoted = 0;
			if (j >= n || !is_p(&t[j++], '('))
				return kerr(p, line, "missing '(' after \"__has_include\"");
			if (header_name(p, t, n, &j, line, &name, &quoted) < 0)
				return -1;
			struct found f;
			int rc = find_header(p, name, quoted, &f);
			free(name);
			if (rc < 0)
				return -1;
			if (j >= n || !is_p(&t[j], ')'))
				return kerr(p, line, "missing ')' after \"__has_include\"");
			r = (struct tok){.s = rc == 0 ? "1" : "0", .len = 1, .kind = T_NUM,
					 .line = line, .space = r.space};
			i = j;
		}
		tokv_push(out, &r);
	}
	return 0;
}

static int eval_if(struct kpp *p, const struct tok *t, size_t n, uint32_t line, const char *what,
		   int *res)
{
	struct tokv a = tokv_take(p), b = tokv_take(p);
	long long v = 0;
	int rc = if_prepass(p, t, n, line, &a);
	if (rc == 0)
		rc = expand(p, a.v, a.n, &b, 0);
	if (rc == 0 && !b.n)
		rc = kerr(p, line, "#%s with no expression", what);
	if (rc == 0)
		rc = eval(p, b.v, b.n, 0, line, &v);
	tokv_give(p, &a);
	tokv_give(p, &b);
	*res = v != 0;
	return rc;
}

/* --- directives */

static int live(const struct kpp *p)
{
	return !p->nconds || p->conds[p->nconds - 1].live;
}

static int do_define(struct kpp *p, const struct tok *t, size_t n, uint32_t line)
{
	if (n < 1 || t[0].kind != T_IDENT)
		return kerr(p, line, "macro names must be identifiers");
	if (tok_is(&t[0], "defined"))
		return kerr(p, line, "\"defined\" cannot be used as a macro name");
	size_t i = 1;
	uint32_t np = 0;
	int fn = n > 1 && is_p(&t[1], '(') && !t[1].space, variadic = 0;
	const struct tok *params = t + 2;
	/* parameters: "name" or "...", each followed by ',' or the ')' */
	if (fn && n > 2 && is_p(&t[2], ')')) {
		i = 3;
	} else if (fn) {
		for (i = 2;; i += 2) {
			int va = i < n && tok_is(&t[i], "...");
			if (i >= n || (t[i].kind != T_IDENT && !va) || variadic)
				return kerr(p, line, "bad parameter list of macro \"" TOKF "\"", TOKA(&t[0]));
			for (uint32_t k = 0; k < np; k++)
				if (params[2 * k].len == t[i].len && !memcmp(params[2 * k].s, t[i].s, t[i].len))
					return kerr(p, line, "duplicate macro parameter \"" TOKF "\"",
						    TOKA(&t[i]));
			variadic = va;
			np++;
			if (i + 1 < n && is_p(&t[i + 1], ')'))
				break;
			if (i + 1 >= n || !is_p(&t[i + 1], ','))
				return kerr(p, line, "bad parameter list of macro \"" TOKF "\"", TOKA(&t[0]));
		}
		i += 2;
	}
	size_t nb = n - i;
	struct tok *body = nb ? amalloc(p, nb * sizeof(*body)) : NULL;
	struct macro *m = macro_slot(p, t[0].s, t[0].len);
	if ((nb && !body) || !m)
		return kerr(p, line, "preprocessing needs more than %u MiB", MAX_MEM >> 20);
	for (size_t k = 0; k < nb; k++) {
		struct tok b = t[i + k];
		b.param = 0;
		b.bol = 0;
		/* parameters are every other token of the list: name, ',' */
		for (uint32_t q = 0; fn && b.kind == T_IDENT && q < np; q++) {
			const struct tok *pt = &params[2 * q];
			int va = tok_is(pt, "...");
			if (va ? tok_is(&b, "__VA_ARGS__") : (pt->len == b.len && !memcmp(pt->s, b.s, b.len)))
				b.param = (uint16_t)(q + 1);
		}
		body[k] = b;
	}
	if (nb)
		body[0].space = 0;
	for (size_t k = 0; fn && k < nb; k++)
		if (is_p(&body[k], '#') && (k + 1 >= nb || !body[k + 1].param))
			return kerr(p, line, "'#' is not followed by a macro parameter");
	if (nb && ((tok_is(&body[0], "##") && body[0].kind == T_PUNCT) ||
		   (tok_is(&body[nb - 1], "##") && body[nb - 1].kind == T_PUNCT)))
		return kerr(p, line, "'##' cannot appear at either end of a macro expansion");
	if (np > 4096)
		return kerr(p, line, "macro \"%s\" has more than 4096 parameters", m->name);
	m->defined = 1, m->fn = (uint8_t)fn, m->variadic = (uint8_t)variadic, m->hook = 0;
	m->nparams = np, m->body = body, m->nbody = (uint32_t)nb, m->file = p->cur;
	return 0;
}

static int run_file(struct kpp *p, const char *path, int virt, const struct kpp_lexed *lx,
		    int depth);

static int do_include(struct kpp *p, const struct tok *t, size_t n, uint32_t line, int depth)
{
	size_t i = 0;
	char *name = NULL; /* as in __has_include: for gcc -O3 */
	int quoted = 0;
	if (header_name(p, t, n, &i, line, &name, &quoted) < 0)
		return -1;
	if (depth >= MAX_INCLUDE_DEPTH || ++p->includes > MAX_INCLUDES) {
		free(name);
		return kerr(p, line, depth >= MAX_INCLUDE_DEPTH ? "#include nested deeper than %d"
								: "more than %d #include directives",
			    depth >= MAX_INCLUDE_DEPTH ? MAX_INCLUDE_DEPTH : MAX_INCLUDES);
	}
	struct found f;
	int rc = find_header(p, name, quoted, &f);
	if (rc > 0)
		rc = kerr(p, line, "'%s' file not found", name);
	free(name);
	if (rc < 0)
		return -1;
	if (f.len > MAX_TEXT || p->text_bytes + f.len > MAX_TEXT)
		return err_set(EXIT_INPUT, "%s: headers larger than %u MiB in all", f.path,
			       MAX_TEXT >> 20);
	p->text_bytes += f.len;
	if (f.cf && !strv_contains(&p->files, f.path))
		strv_push(&p->files, f.path);
	if (f.cf && !f.cf->lexed)
		f.cf->lexed = lexed_new(f.text, f.len);
	return run_file(p, f.path, !f.cf, f.cf ? f.cf->lexed : lexed_own(p, f.text, f.len),
			depth + 1);
}

/* "#error text": the message is the text's tokens. */
static int do_error(struct kpp *p, const struct tok *t, size_t n, uint32_t line)
{
	struct buf b = {0};
	buf_puts(&b, "#error");
	for (size_t i = 0; i < n && b.len < 200; i++) {
		buf_putc(&b, ' ');
		buf_add(&b, t[i].s, t[i].len);
	}
	int rc = kerr(p, line, "%.200s", b.p);
	buf_free(&b);
	return rc;
}

static int push_cond(struct kpp *p, uint32_t line, int parent, int v)
{
	if (p->nconds == MAX_CONDS)
		return kerr(p, line, "#if nested deeper than %d", MAX_CONDS);
	if (p->nconds == p->capconds) {
		p->capconds = p->capconds ? 2 * p->capconds : 64;
		p->conds = xrealloc(p->conds, p->capconds * sizeof(*p->conds));
	}
	p->conds[p->nconds++] = (struct cond){.line = line, .parent = (uint8_t)parent,
					      .live = (uint8_t)(parent && v), .taken = (uint8_t)v};
	return 0;
}

/* One directive: t[0] is its name, n > 0. */
static int directive(struct kpp *p, const struct tok *t, size_t n, uint32_t line, int depth)
{
	int on = live(p), v = 0;
	struct cond *c = p->nconds > p->cond_base ? &p->conds[p->nconds - 1] : NULL;
	const struct tok *nm = &t[0];
	if (tok_is(nm, "if") || tok_is(nm, "ifdef") || tok_is(nm, "ifndef")) {
		if (!on)
			return push_cond(p, line, 0, 1); /* taken: no branch will be */
		if (nm->len == 2) {
			if (eval_if(p, t + 1, n - 1, line, "if", &v) < 0)
				return -1;
		} else if (n < 2 || t[1].kind != T_IDENT) {
			return kerr(p, line, "no macro name given in #" TOKF " directive", TOKA(nm));
		} else {
			v = is_defined(p, &t[1]) == (nm->len == 5);
		}
		return push_cond(p, line, 1, v);
	}
	if (tok_is(nm, "elif") || tok_is(nm, "else")) {
		if (!c)
			return kerr(p, line, "#" TOKF " without #if", TOKA(nm));
		if (c->in_else)
			return kerr(p, line, "#" TOKF " after #else", TOKA(nm));
		if (nm->s[2] == 's') {
			c->in_else = 1;
			v = 1;
		} else if (c->parent && !c->taken) {
			if (eval_if(p, t + 1, n - 1, line, "elif", &v) < 0)
				return -1;
		}
		c->live = (uint8_t)(c->parent && !c->taken && v);
		c->taken |= (uint8_t)v;
		return 0;
	}
	if (tok_is(nm, "endif")) {
		if (!c)
			return kerr(p, line, "#endif without #if");
		p->nconds--;
		return 0;
	}
	if (!on || nm->kind == T_NUM) /* skipped, or a line marker "# 12 file" */
		return 0;
	if (tok_is(nm, "define"))
		return do_define(p, t + 1, n - 1, line);
	if (tok_is(nm, "undef")) {
		if (n < 2 || t[1].kind != T_IDENT)
			return kerr(p, line, "no macro name given in #undef directive");
		long i = find_macro(p, t[1].s, t[1].len);
		if (i >= 0)
			p->m[i].defined = 0;
		return 0;
	}
	if (tok_is(nm, "include"))
		return do_include(p, t + 1, n - 1, line, depth);
	if (tok_is(nm, "error"))
		return do_error(p, t + 1, n - 1, line);
	if (tok_is(nm, "warning") || tok_is(nm, "pragma") || tok_is(nm, "line") || tok_is(nm, "ident"))
		return 0;
	return kerr(p, line, "invalid preprocessing directive #" TOKF, TOKA(nm));
}

/* A run of text lines: only the hook's invocations matter in them. */
static int text_lines(struct kpp *p, const struct tok *t, size_t n)
{
	struct tokv out = tokv_take(p);
	p->in_text = 1;
	int rc = expand(p, t, n, &out, 0);
	p->in_text = 0;
	tokv_give(p, &out);
	return rc;
}

static int run_file(struct kpp *p, const char *path, int virt, const struct kpp_lexed *lx,
		    int depth)
{
	const struct tokv tv = lx->toks;
	const char *saved = p->cur, *saved_dir = p->cur_dir;
	size_t saved_dirlen = p->cur_dirlen, saved_base = p->cond_base;
	const char *slash = virt ? NULL : strrchr(path, '/');
	p->cur = path;
	p->cur_dir = slash ? path : NULL;
	p->cur_dirlen = slash ? (size_t)(slash - path) : 0;
	p->cond_base = p->nconds;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < tv.n;) {
		size_t j = i + 1;
		if (tv.v[i].bol && is_p(&tv.v[i], '#')) {
			while (j < tv.n && !tv.v[j].bol)
				j++;
			if (j > i + 1)
				rc = directive(p, &tv.v[i + 1], j - i - 1, tv.v[i].line, depth);
		} else {
			while (j < tv.n && !(tv.v[j].bol && is_p(&tv.v[j], '#')))
				j++;
			if (p->o.hook && live(p))
				rc = text_lines(p, &tv.v[i], j - i);
		}
		i = j;
	}
	if (rc == 0 && p->nconds > p->cond_base)
		rc = kerr(p, p->conds[p->nconds - 1].line, "unterminated conditional directive");
	p->nconds = p->cond_base;
	p->cur = saved, p->cur_dir = saved_dir, p->cur_dirlen = saved_dirlen;
	p->cond_base = saved_base;
	return rc;
}

/* --- interface */

struct kpp *kpp_new(const struct kpp_opts *o)
{
	struct kpp *p = xcalloc(1, sizeof(*p));
	p->o = *o;
	p->cache = o->cache ? o->cache : &p->own_cache;
	return p;
}

/* The target's "NAME=VALUE" macros, and the hook. */
static int predefine(struct kpp *p)
{
	const char *s = p->o.predefs ? p->o.predefs : "";
	p->cur = "<predefined>";
	while (*s) {
		size_t n = strcspn(s, " ");
		const char *eq = memchr(s, '=', n);
		char *def = xasprintf("%.*s %.*s", eq ? (int)(eq - s) : (int)n, s,
				      eq ? (int)(n - (size_t)(eq - s) - 1) : 1, eq ? eq + 1 : "1");
		const struct tokv *tv = &lexed_own(p, def, strlen(def))->toks;
		free(def);
		int rc = tv->n && tv->v[0].len == (eq ? (size_t)(eq - s) : n) ?
				 do_define(p, tv->v, tv->n, 0) : kerr(p, 0, "\"%.*s\": not NAME=VALUE", (int)n, s);
		if (rc < 0)
			return -1;
		s += n;
		s += strspn(s, " ");
	}
	if (p->o.hook) {
		struct macro *m = macro_slot(p, p->o.hook, strlen(p->o.hook));
		if (!m)
			return kerr(p, 0, "preprocessing needs more than %u MiB", MAX_MEM >> 20);
		*m = (struct macro){.name = m->name, .len = m->len, .file = "<builtin>",
				    .defined = 1, .fn = 1, .hook = 1, .nparams = 2};
	}
	return 0;
}

int kpp_run(struct kpp *p, const char *text)
{
	if (p->ran++)
		return err_set(EXIT_INTERNAL, "kpp_run: called twice");
	int rc = predefine(p);
	if (rc == 0)
		rc = run_file(p, "<main>", 1, lexed_own(p, text, strlen(text)), 0);
	p->cur = NULL;
	return rc;
}

size_t kpp_macro_count(const struct kpp *p)
{
	return p->nm;
}

const char *kpp_macro(const struct kpp *p, size_t i, const char **file)
{
	const struct macro *m = &p->m[i];
	if (!m->defined || m->fn)
		return NULL;
	*file = m->file;
	return m->name;
}

int kpp_value(struct kpp *p, const char *name, long long *v)
{
	long i = find_macro(p, name, strlen(name));
	if (i < 0 || !p->m[i].defined || p->m[i].fn)
		return 0;
	struct tok t = {.s = p->m[i].name, .len = p->m[i].len, .kind = T_IDENT};
	if (literal_macro(p, &t, v))
		return 1;
	struct tokv out = tokv_take(p);
	int ok = expand(p, &t, 1, &out, 0) == 0 && eval(p, out.v, out.n, 1, 0, v) == 0;
	tokv_give(p, &out);
	if (!ok)
		err_clear(); /* a limit hit: not a constant either */
	return ok;
}

const struct strv *kpp_files(const struct kpp *p)
{
	return &p->files;
}

void kpp_free(struct kpp *p)
{
	if (!p)
		return;
	for (struct ablock *b = p->arena, *nx; b; b = nx) {
		nx = b->next;
		free(b);
	}
	for (size_t i = 0; i < p->nowned; i++)
		lexed_free(p->owned[i]);
	free(p->owned);
	free(p->m);
	free(p->tab);
	free(p->conds);
	for (size_t i = 0; i < p->nspare; i++)
		free(p->spare[i].v);
	free(p->spare);
	strv_free(&p->files);
	kpp_cache_free(&p->own_cache);
	free(p);
}
