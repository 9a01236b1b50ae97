/* typing.h: This file contains each syscall's prototype as the scanned
 * facts give it: the documented user-space signature first (the man page,
 * then another library's declaration of the same function in the sysroot,
 * each also from data/user_protos.tsv where the sysroot lacks the file),
 * else the kernel's entry point from a scanned kernel tree, else a row of
 * data/gen_overrides.tsv, else six untyped longs; and every disagreement
 * between those sources, as drift. The verdicts flag that drift and the
 * generator emits these prototypes, so both read one decision. docs/gen.md
 * states the order and the rules. */
#ifndef SYSCOV_TYPING_H
#define SYSCOV_TYPING_H

#include <stdint.h>

#include "arch/arch.h"
#include "base/db.h"
#include "base/util.h"
#include "types/types.h"

/* One syscall's prototype and where it came from. */
struct typed {
	char name[GEN_ID_MAX + 1];
	enum gen_src src;
	const char *why;            /* fixed text: why the man page was not used */
	char page[GEN_ID_MAX + 1];  /* the man page's title, when an identifier */
	struct gen_type ret;
	struct gen_param p[GEN_MAX_ARGS];
	int is_ptr[GEN_MAX_ARGS];   /* travels as a pointer (typedefs: canonical) */
	int np;
	int sigset_size;            /* the kernel takes one more argument, the size
				     * of its sigset_t: the wrapper passes it */
	int64_t page_id;            /* its includes, 0 if none */
	int always_ok;              /* the page says the call always succeeds */
	char where[256];            /* but for an installed man page: the file
				     * (and line, or sys_x()) the types are from */
	char drift[2048];           /* the sources' disagreements, their
				     * signatures and the wrapper's choice; "" */
};

/* A row of data/gen_overrides.tsv. */
struct type_override {
	char name[GEN_ID_MAX + 1];
	char abi[32]; /* "name@abi" rows: that ABI's kernel takes other types */
	int always; /* the kernel ABI differs from the man page: use this first */
	struct gen_type ret;
	struct gen_param p[GEN_MAX_ARGS];
	int np;
};

/* The ABIs of the scans' syscall tables that arch/ can trap on, in
 * arch_all order, restricted to `want` when it names some: up to cap in
 * abi, their number in *n. -1 with err_set(EXIT_USAGE) for a `want` item
 * that is unknown, not scanned or has no trap code; EXIT_DB. */
int typing_abis(struct db *db, const int64_t *scans, size_t nscans, const struct strv *want,
		const struct arch_desc **abi, size_t cap, size_t *n);

struct typing;
/* The prototypes that the man pages of `scans`, the newest kernel-tree scan
 * of the DB (its entry points on the ABIs abi[0..nabi)) and the overrides
 * give. 0, or -1 with err_set() (EXIT_DB, EXIT_INPUT for a bad data file). */
int typing_open(struct db *db, const int64_t *scans, size_t nscans,
		const struct arch_desc *const *abi, size_t nabi, struct typing **t);
void typing_close(struct typing *t);
/* Types w (its name set). 0, or -1 (EXIT_DB). */
int typing_type(struct typing *t, struct typed *w);
/* The override row of name; with abi, the row for that ABI alone. */
const struct type_override *typing_override(const struct typing *t, const char *name,
					    const char *abi);
/* The kernel-tree scan's label ("kernel-linux-6.1"), NULL without one. */
const char *typing_kernel_label(const struct typing *t);

#endif
