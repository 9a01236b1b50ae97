/* types.h: This file contains the types stage's vocabulary: C types rebuilt
 * from validated tokens by a whitelist grammar (grammar.c), and where a
 * syscall's prototype came from. The stage decides each syscall's
 * prototype from the scanned facts (typing.h) for the verdicts (signature
 * drift) and the generator alike; nothing it builds carries input text. */
#ifndef SYSCOV_TYPES_H
#define SYSCOV_TYPES_H

#include <stddef.h>

#include "base/util.h"

#define GEN_ID_MAX 128   /* longest identifier is_c_identifier() accepts */
#define GEN_TYPE_MAX 256 /* longest type text types/grammar.c builds */
#define GEN_MAX_ARGS 6   /* the kernel passes at most six arguments */

enum gen_base {
	GT_VOID,    /* void (only with a pointer, or as a return type) */
	GT_INT,     /* a builtin integer type */
	GT_TYPEDEF, /* a typedef name, declared by the page's includes */
	GT_TAG,     /* struct/union tag (forward-declared by the header) */
};

/* A type rebuilt from validated tokens. */
struct gen_type {
	char text[GEN_TYPE_MAX]; /* normalised spelling: "const struct stat *" */
	enum gen_base base;
	unsigned ptr;            /* pointer depth (arrays count as one) */
	int ll;                  /* a 64-bit integer by value on every ABI */
	char tag[GEN_ID_MAX + 1];    /* typedef name, or struct/union tag */
	char tagkw[8];               /* "struct" or "union" for GT_TAG */
};

struct gen_param {
	struct gen_type t;
	char name[GEN_ID_MAX + 1];
};

/* Parses one declaration "TYPE [NAME][[...]]" (a parameter, or a type with
 * name == NULL) by the whitelist grammar of docs/gen.md. Returns 0, or -1
 * with *why set to a fixed reason (never input text). */
int gen_type_parse(const char *s, struct gen_type *t, char *name, const char **why);

/* Parses a prototype "RET NAME(PARAMS);" as a man page shows it; for the
 * syscall(2) form (via_syscall) the leading SYS_x argument is dropped.
 * Fills ret, params (up to GEN_MAX_ARGS) and *np. Returns 0 or -1, *why. */
int gen_proto_parse(const char *text, int via_syscall, struct gen_type *ret,
		    struct gen_param *p, int *np, const char **why);

/* An identifier that may name a parameter or typedef: no C or C++ keyword,
 * no name libc headers define as a macro (errno, major, ...). */
int gen_name_ok(const char *s);

/* 1 if a C library header declares typedef `name`, 2 if a kernel UAPI
 * header does, 0 if syscov does not know it (see types/grammar.c). */
int gen_typedef_known(const char *name);

/* The bits t takes in its argument register where longs (and pointers,
 * on every Linux ABI) have long_bits; 0 for a type syscov does not know. */
int gen_type_reg_bits(const struct gen_type *t, int long_bits);

/* A header include as a man page names it: [A-Za-z0-9_./-]+, relative, no "..". */
int gen_include_ok(const char *h);

/* Where a wrapper's types came from, in the order they are tried: a man
 * page, another library's header (neighbour_decl), the kernel's prototype,
 * data/gen_overrides.tsv, none. */
enum gen_src {
	GEN_SRC_MAN,
	GEN_SRC_LIB,
	GEN_SRC_KERNEL,
	GEN_SRC_OVERRIDE,
	GEN_SRC_UNTYPED,
	GEN_SRC_N
};
extern const char *const gen_src_names[GEN_SRC_N];

#endif
