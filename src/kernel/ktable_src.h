/* ktable_src.h: which syscall entry points a kernel tree only stubs
 * (ktable_src.c). A removed syscall keeps its table slot, but its
 * implementation is gone and only a COND_SYSCALL(X) in kernel/sys_ni.c is
 * left: a weak sys_X that returns -ENOSYS (lookup_dcookie in Linux 6.1).
 * The pass reads the tree's C sources and assembly (*.c, *.h, *.S, not
 * tools/ or Documentation/) for the COND_SYSCALL()s and for anything that
 * may define an entry point; an entry point with a COND_SYSCALL and no
 * possible definition is removed. */
#ifndef SYSCOV_KTABLE_SRC_H
#define SYSCOV_KTABLE_SRC_H

#include <stddef.h>

#include "scan/scanner.h"

/* A COND_SYSCALL(X) or COND_SYSCALL_COMPAT(X) site. */
struct ksrc_cond {
	char *entry;   /* sys_X or compat_sys_X */
	char *file;    /* tree-relative */
	int line;
	size_t fact;   /* ksrc_scan()'s own: the file's index in its list */
};

struct ksrc {
	struct ksrc_cond *cond; /* sorted by entry; after ksrc_scan(): only
				 * the entry points no source may define */
	size_t ncond;
	size_t ndefs;           /* mentions that may define an entry point */
	struct strv files;      /* tree-relative files that hold a fact about
				 * a COND'd entry point: the scan's inputs */
	size_t nread;           /* files read */
	int whole;              /* the whole tree was read (ktable_src.c):
				 * else ksrc_removed() removes nothing */
	uint64_t ns;            /* the pass's time */
};

/* Reads the sources of the tree ctx->kt into *k (zero-initialise).
 * 0, or -1 with err_set() when the tree cannot be walked. */
int ksrc_scan(struct scan_ctx *ctx, struct ksrc *k);

/* The COND site of a table row's entry point when the row is removed:
 * `entry` and, if the row has one, `compat` (NULL or "") are both entry
 * points with only a COND_SYSCALL; else NULL. An entry point not spelled
 * sys_X, compat_sys_X or __<abi>_sys_X... is never removed. */
const struct ksrc_cond *ksrc_removed(const struct ksrc *k, const char *entry, const char *compat);

/* Writes the kcond rows and records k->files as inputs. 0 or -1. */
int ksrc_store(struct scan_ctx *ctx, const struct ksrc *k);

void ksrc_free(struct ksrc *k);

#endif
