/* scan.h: the scanner contract and the scan orchestration.
 *
 * A scanner reads one source of facts from a sysroot (or kernel tree) and
 * writes rows for one scan id inside the scan's open transaction. It never
 * reads outside the sysroot (all paths go through sysroot.h; libclang gets
 * only the sysroot's include dirs plus clang's own resource dir), never
 * commits, and returns 0, or -1 with err_set() to abort the whole scan. A
 * problem with one file that the scan can live with is a diag row, not an
 * error. */
#ifndef SYSCOV_SCAN_H
#define SYSCOV_SCAN_H

#include <stdint.h>

#include "arch.h"
#include "cli.h"
#include "db.h"
#include "sysroot.h"

struct man_typer;
struct code_job;

struct scan_ctx {
	struct db *db;
	int64_t scan_id;
	const struct sysroot *sr;     /* NULL for a kernel-tree scan */
	const struct arch_desc *arch; /* the scan's primary ABI */
	const struct cli *cli;        /* --man-dir, --no-man, ... */
	const char *tree;             /* kernel-tree scan: canonical tree path */
	/* the man pages' prototypes, left by the man scanner to the header
	 * scanner's TU (man_typing.h) */
	struct man_typer *man_typing;
	/* the machine-code pass, between libc_scan_code() and libc_code_rows() */
	struct code_job *code_job;
};

struct scanner {
	const char *name; /* for -v timings and diag rows */
	int (*run)(struct scan_ctx *ctx);
};

/* Kernel syscall table from the sysroot's UAPI headers (ktable_uapi.c). */
int ktable_scan_uapi(struct scan_ctx *ctx);
/* All .tbl files and the generic table of a kernel tree (ktable_tree.c). */
int ktable_scan_tree(struct scan_ctx *ctx);
/* Section-2 man pages: names, SYNOPSIS, typed prototypes, no-wrapper notes,
 * versions, the syscalls(2) and unimplemented(2) tables (man_scan.c). */
int man_scan(struct scan_ctx *ctx);
/* libc functions with their symbol versions, flavour and version (libc_elf.c). */
int libc_scan_elf(struct scan_ctx *ctx);
/* Which syscalls each exported libc function issues, from its machine code
 * (libc_code.c): libc_scan_code() runs after libc_scan_elf(), whose
 * libraries it reads, and follows their code on a thread while the next
 * scanners run; libc_code_rows() writes what it found; libc_code_drop()
 * ends and frees a pass that a failed scanner left behind. */
int libc_scan_code(struct scan_ctx *ctx);
int libc_code_rows(struct scan_ctx *ctx);
void libc_code_drop(struct scan_ctx *ctx);
/* Function declarations of the libc headers, via libclang (libc_headers.c);
 * runs after the man scanner, whose SYNOPSIS includes it reads. */
int libc_scan_headers(struct scan_ctx *ctx);

/* Scans one sysroot for its primary ABI: every scanner of the sysroot
 * pipeline in one transaction. *id: in, the id to take if it is free (or 0:
 * the next one); out, the scan's id (a kept scan's, or the new one). */
int scan_sysroot(struct db *db, const struct sysroot *sr, const struct cli *cli, int64_t *id);
/* 1 (with its id) when the stored scan of sr has unchanged inputs and is
 * kept (scan_cache.h), 0 when it needs a scan, -1 on a DB error. read 0:
 * told without reading a file (scan_cache_unchanged()), before the reads
 * are confined. */
int scan_sysroot_kept(struct db *db, const struct sysroot *sr, const struct cli *cli, int64_t *id,
		      int read);
/* Scans n sysroots with up to `workers` processes: this one, into db, and
 * forked ones, each into a DB of its own, copied into db as it finishes
 * (scan_par.c); ids[i] gets the scan of srs[i]; kept[i], if not 0, is the
 * stored scan of srs[i] already found kept. */
int scan_sysroots_parallel(struct db *db, const struct sysroot *const *srs, const int64_t *kept,
			   size_t n, const struct cli *c, int workers, int64_t *ids);
/* The key of sr's scan as "kind|sysroot|arch|variant" (malloc'd): what a
 * concurrent run's rescan of the same target keeps, under a new id. */
char *scan_key_text(const struct sysroot *sr);
/* 1 when a and b are the same stored scan: sysroot, ABI and split dirs. */
int scan_same_target(const struct sysroot *a, const struct sysroot *b);
/* Scans a kernel source tree, every arch, as one scan. */
int scan_kernel_tree(struct db *db, const char *tree, const struct cli *cli, int64_t *id);

/* Records an input file of the scan (size, mtime, content hash), as
 * scan_cache.c compares it later (defined there). */
int scan_note_input(struct scan_ctx *ctx, const char *kind, const char *host_path,
		    const void *data, size_t len, const char *version);

#endif
