/* scan.h: This file contains the scan runner: the scanners of a sysroot or
 * kernel tree (scanner.h) run in order in one transaction, a stored scan
 * kept when its inputs are unchanged (scan_cache.h), and several sysroots
 * scanned at once by forked workers (scan_par.c). The runner knows no later
 * stage: what audit does with each scan comes in as scan_hooks. */
#ifndef SYSCOV_SCAN_H
#define SYSCOV_SCAN_H

#include <stdint.h>

#include "scan/scanner.h"

/* What audit does with each scan of scan_sysroots_parallel() as it lands
 * (the command layer passes it: the runner knows no later stage). */
struct scan_hooks {
	/* after a scan, in the DB it was written to (a worker's or the main
	 * one): its verdicts and wrappers. 0, or -1 with err_set(). */
	int (*after)(struct db *db, int64_t id, void *ctx);
	/* scan id is in the main DB with what after() made there */
	void (*landed)(int64_t id, void *ctx);
	/* scan id is in the main DB, in target order (kept: its stored scan
	 * was kept); returns 1 to be called for the next, 0 to stop */
	int (*in_order)(struct db *db, int64_t id, int kept, void *ctx);
	/* the run failed: forget what in_order() did */
	void (*failed)(void *ctx);
	void *ctx;
};

/* Scans one sysroot for its primary ABI: every scanner of the sysroot
 * pipeline in one transaction. *id: in, the id to take if it is free (or 0:
 * the next one); out, the scan's id (a kept scan's, or the new one). */
int scan_sysroot(struct db *db, const struct sysroot *sr, const struct scan_opts *o, int64_t *id);
/* 1 (with its id) when the stored scan of sr has unchanged inputs and is
 * kept (scan_cache.h), 0 when it needs a scan, -1 on a DB error. read 0:
 * told without reading a file (scan_cache_unchanged()), before the reads
 * are confined. */
int scan_sysroot_kept(struct db *db, const struct sysroot *sr, const struct scan_opts *o,
		      int64_t *id, int read);
/* Whether a run of several sysroots goes on without the one named `what`,
 * whose scan failed on its input (EXIT_INPUT, the message in err_msg()):
 * 1 if so (it took the error), 0 if the run fails on it. */
typedef int scan_skip_fn(const char *what);

/* Scans n sysroots with up to `workers` processes: this one, into db, and
 * forked ones, each into a DB of its own, copied into db as it finishes
 * (scan_par.c); ids[i] gets the scan of srs[i], or 0 when skip, if not
 * NULL, took its failure (the others go on, as make -k does); kept[i], if
 * not 0, is the stored scan of srs[i] already found kept. hooks, if not
 * NULL, run on each scan as it lands (audit). */
int scan_sysroots_parallel(struct db *db, const struct sysroot *const *srs, const int64_t *kept,
			   size_t n, const struct scan_opts *o, int workers,
			   const struct scan_hooks *hooks, scan_skip_fn *skip, int64_t *ids);
/* The key of sr's scan as "kind|sysroot|arch|variant" (malloc'd): what a
 * concurrent run's rescan of the same target keeps, under a new id. */
char *scan_key_text(const struct sysroot *sr);
/* 1 when a and b are the same stored scan: sysroot, ABI and split dirs. */
int scan_same_target(const struct sysroot *a, const struct sysroot *b);
/* The dir where a kernel tarball's scan is kept for any DB (scan.c), or
 * NULL when there is none: malloc'd. */
char *scan_cache_dir(void);
/* Scans a kernel source tree (a dir or a tarball), every arch, as one scan. */
int scan_kernel_tree(struct db *db, const char *tree, const struct scan_opts *o, int64_t *id);

#endif
