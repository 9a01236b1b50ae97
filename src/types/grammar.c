/* grammar.c: the whitelist grammar by which the generator rebuilds C types
 * from man-page prototypes, DB rows and data/gen_overrides.tsv.
 *
 * Nothing is copied through: the input is cut into tokens (identifiers, `*`,
 * `[...]`), each identifier is checked, and the type text is rebuilt from
 * the accepted parts. A declaration is
 *     {const|volatile} BASE {const|volatile} {`*` {const|volatile}} [NAME] [`[...]`]
 * where BASE is builtin integer words (unsigned signed long short int char,
 * void), `struct|union TAG`, `enum TAG` (by value only: it becomes int) or
 * one typedef name; restrict and the _Nullable family are dropped (a wrapper
 * does not need them and C++ has no restrict). An array parameter becomes a
 * pointer, as C itself adjusts it. Anything else (function pointers, float,
 * attributes, stray punctuation) is refused with a fixed reason string. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "types/types.h"

/* Identifiers that may not name a typedef or a parameter: C and C++ keywords
 * (the header also compiles as C++), and names libc headers define as macros
 * that would rewrite a parameter name. */
static const char *const reserved[] = {
	"_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary",
	"_Noreturn", "_Static_assert", "_Thread_local", "alignas", "alignof", "and",
	"and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
	"char16_t", "char32_t", "char8_t", "class", "co_await", "co_return", "co_yield",
	"compl", "concept", "const_cast", "consteval", "constexpr", "constinit",
	"continue", "decltype", "default", "delete", "do", "double", "dynamic_cast",
	"else", "errno", "explicit", "export", "extern", "false", "float", "for",
	"friend", "goto", "if", "inline", "linux", "major", "makedev", "minor",
	"mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
	"offsetof", "operator", "or", "or_eq", "private", "protected", "public",
	"register", "reinterpret_cast", "requires", "return", "sizeof", "static",
	"static_assert", "static_cast", "stderr", "stdin", "stdout", "switch",
	"template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid",
	"typename", "unix", "using", "virtual", "wchar_t", "while", "xor", "xor_eq",
	"NULL", "EOF",
};

/* Qualifiers a wrapper drops. */
static const char *const dropped[] = {
	"restrict", "__restrict", "__restrict__", "_Nullable", "_Nonnull",
	"_Null_unspecified", "__user",
};

/* Typedefs that are 64-bit integers on every ABI, by value. off_t is here
 * on purpose: the kernel calls that take an offset by value and are not
 * wrapped by every libc take loff_t (fallocate, the pread/pwrite family,
 * sync_file_range, readahead, fadvise64_64); the few legacy calls whose
 * kernel side takes a word-sized off_t have rows in data/gen_overrides.tsv. */
static const struct {
	const char *name;
	int is_unsigned;
} ll_typedefs[] = {
	{"off_t", 0}, {"off64_t", 0}, {"loff_t", 0}, {"__off64_t", 0}, {"__loff_t", 0},
	{"__kernel_loff_t", 0}, {"int64_t", 0}, {"__s64", 0}, {"s64", 0},
	{"uint64_t", 1}, {"__u64", 1}, {"u64", 1}, {"__aligned_u64", 1},
};

static int in_list(const char *s, const char *const *l, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(s, l[i]))
			return 1;
	return 0;
}

int gen_name_ok(const char *s)
{
	return is_c_identifier(s) && !in_list(s, reserved, ARRAY_SIZE(reserved));
}

enum tok { TK_END, TK_ID, TK_STAR, TK_ARRAY, TK_BAD };

struct lexer {
	const char *p;
	char id[GEN_ID_MAX + 1];
};

static enum tok next(struct lexer *l)
{
	while (*l->p == ' ' || *l->p == '\t' || *l->p == '\n')
		l->p++;
	char c = *l->p;
	if (!c)
		return TK_END;
	if (c == '*') {
		l->p++;
		return TK_STAR;
	}
	if (c == '[') {
		/* the bound (man pages write [.count]) never reaches the output */
		const char *e = l->p + 1;
		while (*e && *e != ']' && *e != '[' && *e != '\n')
			e++;
		if (*e != ']')
			return TK_BAD;
		l->p = e + 1;
		return TK_ARRAY;
	}
	if (isalpha((unsigned char)c) || c == '_') {
		size_t n = 0;
		while (isalnum((unsigned char)l->p[n]) || l->p[n] == '_')
			n++;
		if (n > GEN_ID_MAX)
			return TK_BAD;
		memcpy(l->id, l->p, n);
		l->id[n] = 0;
		l->p += n;
		return TK_ID;
	}
	return TK_BAD;
}

struct decl {
	int nunsigned, nsigned, nlong, nshort, nint, nchar, nvoid;
	int qual_const, qual_volatile;
	char tagkw[8], tag[GEN_ID_MAX + 1], tdef[GEN_ID_MAX + 1];
	int enum_tag;
	unsigned ptr;
	unsigned ptr_const; /* bit i: level i+1 is `* const` */
	int arrays;
};

static int has_base(const struct decl *d)
{
	return d->nunsigned || d->nsigned || d->nlong || d->nshort || d->nint || d->nchar ||
	       d->nvoid || d->tag[0] || d->tdef[0];
}

static int builtin_word(struct decl *d, const char *w)
{
	int *slot = !strcmp(w, "unsigned") ? &d->nunsigned
		  : !strcmp(w, "signed")   ? &d->nsigned
		  : !strcmp(w, "long")     ? &d->nlong
		  : !strcmp(w, "short")    ? &d->nshort
		  : !strcmp(w, "int")      ? &d->nint
		  : !strcmp(w, "char")     ? &d->nchar
		  : !strcmp(w, "void")     ? &d->nvoid
					   : NULL;
	if (!slot)
		return 0;
	(*slot)++;
	return 1;
}

/* Builds the builtin integer spelling in one canonical word order. */
static int builtin_text(const struct decl *d, char *out, size_t n, const char **why)
{
	if (d->nunsigned + d->nsigned > 1 || d->nlong > 2 || d->nshort > 1 || d->nint > 1 ||
	    d->nchar > 1 || d->nvoid > 1 || (d->nlong && d->nshort) ||
	    (d->nchar && (d->nlong || d->nshort || d->nint)) ||
	    (d->nvoid && (d->nunsigned + d->nsigned + d->nlong + d->nshort + d->nint + d->nchar))) {
		*why = "impossible combination of type words";
		return -1;
	}
	if (d->nvoid) {
		snprintf(out, n, "void");
		return 0;
	}
	const char *sign = d->nunsigned ? "unsigned " : d->nsigned && d->nchar ? "signed " : "";
	const char *size = d->nlong == 2 ? "long long" : d->nlong ? "long" : d->nshort ? "short" : "";
	const char *kind = d->nchar ? "char" : *size ? "" : "int";
	snprintf(out, n, "%s%s%s", sign, size, kind);
	return 0;
}

int gen_type_parse(const char *s, struct gen_type *t, char *name, const char **why)
{
	struct lexer l = {.p = s};
	struct decl d = {0};
	char nm[GEN_ID_MAX + 1] = "";
	enum tok k;
	memset(t, 0, sizeof(*t));
	*why = NULL;
	while ((k = next(&l)) != TK_END) {
		if (k == TK_BAD) {
			*why = "a character outside the type grammar";
			return -1;
		}
		if (nm[0] && k != TK_ARRAY) {
			*why = "tokens after the parameter name";
			return -1;
		}
		if (k == TK_ARRAY) {
			if (!has_base(&d) || d.arrays++) {
				*why = "an array bound in an unsupported place";
				return -1;
			}
			continue;
		}
		if (k == TK_STAR) {
			if (!has_base(&d) || d.ptr >= 4) {
				*why = "a pointer without a base type";
				return -1;
			}
			d.ptr++;
			continue;
		}
		const char *w = l.id;
		if (in_list(w, dropped, ARRAY_SIZE(dropped)))
			continue;
		if (!strcmp(w, "const") || !strcmp(w, "volatile")) {
			int c = w[0] == 'c';
			if (d.ptr) {
				if (!c) {
					*why = "a volatile pointer";
					return -1;
				}
				d.ptr_const |= 1u << (d.ptr - 1);
			} else if (c) {
				d.qual_const = 1;
			} else {
				d.qual_volatile = 1;
			}
			continue;
		}
		if (!d.ptr && !d.tag[0] && !d.tdef[0] && builtin_word(&d, w))
			continue;
		if (!strcmp(w, "struct") || !strcmp(w, "union") || !strcmp(w, "enum")) {
			/* w is the lexer's buffer: keep the keyword before reading the tag */
			snprintf(d.tagkw, sizeof(d.tagkw), "%.7s", w);
			if (has_base(&d) || next(&l) != TK_ID || !gen_name_ok(l.id)) {
				*why = "a struct, union or enum without a valid tag";
				return -1;
			}
			snprintf(d.tag, sizeof(d.tag), "%s", l.id);
			d.enum_tag = d.tagkw[0] == 'e';
			continue;
		}
		if (!gen_name_ok(w)) {
			*why = "a keyword or reserved name in a type";
			return -1;
		}
		if (!has_base(&d)) {
			snprintf(d.tdef, sizeof(d.tdef), "%s", w);
			continue;
		}
		snprintf(nm, sizeof(nm), "%s", w);
	}
	if (!has_base(&d)) {
		*why = "no type";
		return -1;
	}
	if (nm[0] && !name) {
		*why = "a name where only a type was expected";
		return -1;
	}
	if (d.arrays) {
		/* the element qualifiers stay on the pointee: const void b[] -> const void *b */
		d.ptr_const <<= 1;
		d.ptr++;
	}
	char base[GEN_TYPE_MAX];
	t->ptr = d.ptr;
	if (d.tag[0] && d.enum_tag) {
		if (d.ptr) {
			*why = "a pointer to an enum (its size is the header's business)";
			return -1;
		}
		/* by value an enum argument travels as an int */
		t->base = GT_INT;
		snprintf(base, sizeof(base), "int");
	} else if (d.tag[0]) {
		if (!d.ptr) {
			*why = "a struct or union by value";
			return -1;
		}
		t->base = GT_TAG;
		snprintf(t->tag, sizeof(t->tag), "%s", d.tag);
		snprintf(t->tagkw, sizeof(t->tagkw), "%s", d.tagkw);
		snprintf(base, sizeof(base), "%s %s", d.tagkw, d.tag);
	} else if (d.tdef[0]) {
		t->base = GT_TYPEDEF;
		snprintf(t->tag, sizeof(t->tag), "%s", d.tdef);
		snprintf(base, sizeof(base), "%s", d.tdef);
		for (size_t i = 0; !d.ptr && i < ARRAY_SIZE(ll_typedefs); i++) {
			if (strcmp(d.tdef, ll_typedefs[i].name))
				continue;
			/* a builtin spelling needs no header and is 64-bit everywhere */
			t->base = GT_INT;
			t->ll = 1;
			t->tag[0] = 0;
			snprintf(base, sizeof(base), "%s",
				 ll_typedefs[i].is_unsigned ? "unsigned long long" : "long long");
		}
	} else {
		if (builtin_text(&d, base, sizeof(base), why) < 0)
			return -1;
		t->base = d.nvoid ? GT_VOID : GT_INT;
		t->ll = d.nlong == 2 && !d.ptr;
		if (t->base == GT_VOID && !d.ptr && nm[0]) {
			*why = "a void parameter with a name";
			return -1;
		}
	}
	size_t n = (size_t)snprintf(t->text, sizeof(t->text), "%s%s%s", d.qual_const ? "const " : "",
				    d.qual_volatile ? "volatile " : "", base);
	for (unsigned i = 0; i < d.ptr && n + 8 < sizeof(t->text); i++) {
		int cst = d.ptr_const >> i & 1, prev = i && (d.ptr_const >> (i - 1) & 1);
		n += (size_t)snprintf(t->text + n, sizeof(t->text) - n, "%s*%s", !i || prev ? " " : "",
				      cst ? "const" : "");
	}
	if (name)
		snprintf(name, GEN_ID_MAX + 1, "%s", nm);
	return 0;
}

/* Only the characters a C prototype made of whitelisted tokens can hold. */
static int proto_chars_ok(const char *s)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_ \t\n*[](),;.", *s))
			return 0;
	return 1;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
	return s;
}

int gen_proto_parse(const char *text, int via_syscall, struct gen_type *ret,
		    struct gen_param *p, int *np, const char **why)
{
	*np = 0;
	if (!proto_chars_ok(text)) {
		*why = "a character outside the prototype grammar";
		return -1;
	}
	const char *lp = strchr(text, '('), *rp = lp ? strchr(lp + 1, ')') : NULL;
	if (!lp || !rp || strchr(lp + 1, '(') || strchr(rp + 1, '(') || strchr(rp + 1, ')')) {
		*why = "not one flat parameter list";
		return -1;
	}
	for (const char *e = rp + 1; *e; e++)
		if (!strchr(" \t\n;", *e)) {
			*why = "text after the prototype";
			return -1;
		}
	char *head = xstrndup(text, (size_t)(lp - text));
	char *list = xstrndup(lp + 1, (size_t)(rp - lp - 1));
	char fname[GEN_ID_MAX + 1];
	int rc = gen_type_parse(head, ret, fname, why);
	if (rc == 0 && (!fname[0] || (via_syscall && strcmp(fname, "syscall")))) {
		*why = "no function name";
		rc = -1;
	}
	char *save = NULL, *tok = list;
	int idx = 0;
	/* strtok_r would merge empty items: walk the commas by hand */
	for (char *item = tok; rc == 0 && item; item = save, idx++) {
		char *comma = strchr(item, ',');
		save = comma ? comma + 1 : NULL;
		if (comma)
			*comma = 0;
		item = trim(item);
		if (via_syscall && idx == 0) {
			if (!str_starts(item, "SYS_") || !is_c_identifier(item)) {
				*why = "syscall(2) form without its SYS_ number";
				rc = -1;
			}
			continue;
		}
		if (!strcmp(item, "...")) {
			*why = "a variadic prototype";
			rc = -1;
			break;
		}
		if (!strcmp(item, "void") && !save && *np == 0 && idx == (via_syscall ? 1 : 0))
			break;
		if (*np >= GEN_MAX_ARGS) {
			*why = "more than six parameters";
			rc = -1;
			break;
		}
		struct gen_param *q = &p[*np];
		rc = gen_type_parse(item, &q->t, q->name, why);
		if (rc == 0 && q->t.base == GT_VOID && !q->t.ptr) {
			*why = "a void parameter";
			rc = -1;
		}
		if (rc == 0)
			(*np)++;
	}
	free(head);
	free(list);
	return rc;
}

int gen_include_ok(const char *h)
{
	size_t n = strlen(h);
	if (!n || n > 128 || h[0] == '/' || h[0] == '.' || strstr(h, "..") || strstr(h, "//"))
		return 0;
	for (; *h; h++)
		if (!isalnum((unsigned char)*h) && !strchr("_./-", *h))
			return 0;
	return 1;
}

/* Typedef names a wrapper may use, by the header family that declares
 * them: 1 the C library's (<sys/types.h>, <signal.h>, <sched.h>, ...),
 * 2 the kernel's UAPI (<linux/aio_abi.h>, <linux/capability.h>,
 * <linux/types.h>). A name outside both lists is not trusted to exist:
 * the caller falls back to the canonical type. */
static const char *const libc_typedefs[] = {
	"caddr_t", "clockid_t", "cpu_set_t", "dev_t", "fd_set", "gid_t", "id_t", "idtype_t",
	"int16_t", "int32_t", "int8_t", "key_t", "mode_t", "mqd_t", "nfds_t", "pid_t",
	"sighandler_t", "siginfo_t", "sigset_t", "size_t", "socklen_t", "ssize_t", "stack_t",
	"time_t", "timer_t", "uid_t", "uint16_t", "uint32_t", "uint8_t", "uintptr_t",
	"intptr_t", "off_t", "off64_t", "loff_t", "int64_t", "uint64_t",
};
static const char *const kernel_typedefs[] = {
	"aio_context_t", "cap_user_data_t", "cap_user_header_t", "__s16", "__s32", "__s8",
	"__u16", "__u32", "__u8", "__s64", "__u64", "__aligned_u64", "__kernel_pid_t",
	"__kernel_loff_t",
};

int gen_typedef_known(const char *name)
{
	if (in_list(name, libc_typedefs, ARRAY_SIZE(libc_typedefs)))
		return 1;
	return in_list(name, kernel_typedefs, ARRAY_SIZE(kernel_typedefs)) ? 2 : 0;
}

int gen_type_reg_bits(const struct gen_type *t, int long_bits)
{
	if (t->ptr)
		return long_bits;
	if (t->ll)
		return 64;
	static const struct {
		const char *name;
		int bits; /* 'w': a word, long_bits */
	} known[] = {
		{"char", 8}, {"signed char", 8}, {"unsigned char", 8}, {"short", 16},
		{"unsigned short", 16}, {"int", 32}, {"unsigned int", 32}, {"long", 'w'},
		{"unsigned long", 'w'}, {"int8_t", 8}, {"uint8_t", 8}, {"int16_t", 16},
		{"uint16_t", 16}, {"int32_t", 32}, {"uint32_t", 32}, {"pid_t", 32}, {"uid_t", 32},
		{"gid_t", 32}, {"mode_t", 32}, {"id_t", 32}, {"idtype_t", 32}, {"clockid_t", 32},
		{"key_t", 32}, {"mqd_t", 32}, {"socklen_t", 32}, {"size_t", 'w'}, {"ssize_t", 'w'},
		{"uintptr_t", 'w'}, {"intptr_t", 'w'}, {"timer_t", 'w'}, {"caddr_t", 'w'},
	};
	const char *s = t->text;
	while (str_starts(s, "const ") || str_starts(s, "volatile "))
		s = strchr(s, ' ') + 1;
	for (size_t i = 0; i < ARRAY_SIZE(known); i++)
		if (!strcmp(s, known[i].name))
			return known[i].bits == 'w' ? long_bits : known[i].bits;
	return 0;
}
