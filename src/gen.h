/* gen.h: the wrapper generator: typed `static inline` C wrappers for the
 * syscalls of one or more scans, in one header that serves several ABIs.
 *
 * Trust model: every string that reaches the header is either syscov's own
 * text (trap code from arch/, fixed comments) or rebuilt by gen_types.c from
 * tokens it validated (C identifiers, a whitelist of type words, `*`). Man
 * pages, labels and DB rows never reach the output as they are. The naming
 * scheme and the fallback order are documented in docs/gen.md. */
#ifndef SYSCOV_GEN_H
#define SYSCOV_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "db.h"
#include "util.h"

#define GEN_ID_MAX 128   /* longest identifier is_c_identifier() accepts */
#define GEN_TYPE_MAX 256 /* longest type text gen_types.c builds */
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
 * header does, 0 if syscov does not know it (see gen_types.c). */
int gen_typedef_known(const char *name);

/* A header include as a man page names it: [A-Za-z0-9_./-]+, relative, no "..". */
int gen_include_ok(const char *h);

/* Where a wrapper's types came from, in the order they are tried. */
enum gen_src { GEN_SRC_MAN, GEN_SRC_KERNEL, GEN_SRC_OVERRIDE, GEN_SRC_UNTYPED, GEN_SRC_N };
extern const char *const gen_src_names[GEN_SRC_N];

struct gen_req {
	const int64_t *scans; /* the scans whose tables and facts are used */
	size_t nscans;
	const struct strv *only; /* these names; NULL: the missing set */
	int all;                 /* every syscall of the scanned tables */
	const struct strv *arches; /* ABIs to emit; empty: every scanned one */
	int record;              /* write the wrapper rows (source per name) */
	int plain_names;         /* also NAME() where a scanned libc lacks it */
};

struct gen_stats {
	unsigned n[GEN_SRC_N]; /* wrappers per type source */
	unsigned total, abis;
};

/* Builds the header for `r` into out. Errors: EXIT_DB, EXIT_USAGE (unknown
 * --only name or --arch), EXIT_INPUT (a bad data file). */
int gen_header(struct db *db, const struct gen_req *r, struct buf *out, struct gen_stats *st);

/* classify's step: the missing syscalls of scan_id whose man page passes
 * other registers than the kernel's prototype (of the newest kernel-tree
 * scan in the DB; none: nothing to do) get the signature-drift flag and
 * the evidence, as gen takes the kernel's types for them. 0 or -1. */
int gen_flag_drift(struct db *db, int64_t scan_id);

/* --plain-names (gen_plain.c): the scans' libcs, and the C condition under
 * which a header may define NAME() itself (1 and the condition in out; 0:
 * no scanned libc lacks it in a way the compiler can tell; -1 EXIT_DB). */
struct gen_plain;
int gen_plain_open(struct db *db, const int64_t *scans, size_t n, struct gen_plain **p);
void gen_plain_close(struct gen_plain *p);
int gen_plain_guard(struct gen_plain *p, const char *name, const char *const *abis, size_t nabi,
		    struct buf *out);

/* Writes b to path through a temporary file and rename(2); EXIT_OUTPUT. */
int gen_write_file(const char *path, const struct buf *b);

/* audit's step: reports/<label>/syscov_wrappers.h for each scan under dir,
 * but those of scans gen_note_done() names (their -j worker wrote them). */
int gen_audit(struct db *db, const int64_t *ids, size_t n, const char *dir);
void gen_note_done(int64_t id);

#endif
