/* gen.h: the wrapper generator: typed `static inline` C wrappers for the
 * syscalls of one or more scans, in one header that serves several ABIs.
 *
 * Trust model: every string that reaches the header is either syscov's own
 * text (trap code from arch/, fixed comments) or rebuilt by types/grammar.c from
 * tokens it validated (C identifiers, a whitelist of type words, `*`). Man
 * pages, labels and DB rows never reach the output as they are. The naming
 * scheme and the fallback order are documented in docs/gen.md. */
#ifndef SYSCOV_GEN_H
#define SYSCOV_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "base/db.h"
#include "base/util.h"
#include "types/types.h"

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


/* --plain-names (gen_plain.c): the scans' libcs, and the C condition under
 * which a header may define NAME() itself (1 and the condition in out; 0:
 * no scanned libc lacks it in a way the compiler can tell; -1 EXIT_DB). */
struct gen_plain;
int gen_plain_open(struct db *db, const int64_t *scans, size_t n, struct gen_plain **p);
void gen_plain_close(struct gen_plain *p);
int gen_plain_guard(struct gen_plain *p, const char *name, const char *const *abis, size_t nabi,
		    struct buf *out);
/* Another library's header in a scanned sysroot that declares NAME
 * (neighbour_decl): 1 and its sysroot path in *header (caller frees), 0
 * if none, -1 EXIT_DB. */
int gen_plain_neighbour(struct gen_plain *p, const char *name, char **header);
/* The header that data/neighbours.tsv says another library declares NAME
 * in ("keyutils.h"), or NULL. */
const char *gen_plain_known_neighbour(const struct gen_plain *p, const char *name);


/* audit's step: reports/<label>/syscov_wrappers.h for each scan under dir,
 * but those of the scans in `done` (NULL: none), whose -j worker wrote
 * them. */
int gen_audit(struct db *db, const int64_t *ids, size_t n, const char *dir,
	      const struct idset *done);

#endif
