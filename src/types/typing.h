/* typing.h: This file contains each syscall's prototype as the scanned
 * facts give it: the man page's (the documented API), else the kernel's
 * entry point from a scanned kernel tree, else a row of
 * data/gen_overrides.tsv, else six untyped longs; and where the man page
 * passes other registers than the kernel, the drift between them (the
 * man page's types kept where only widths differ). The
 * verdicts flag that drift and the generator emits these prototypes, so
 * both read one decision. docs/gen.md states the order. */
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
	int64_t page_id;            /* its includes, 0 if none */
	int always_ok;              /* the page says the call always succeeds */
	char kwhere[256];           /* GEN_SRC_KERNEL: its sys_x() and where */
	char drift[240];            /* how the man page's prototype differs */
	int drift_kept;             /* ...and its types kept: widths only */
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
