/* scanner.h: This file contains the scanner contract: what every source
 * reader (kernel/, man/, libc/) is given and must keep to.
 *
 * A scanner reads one source of facts from a sysroot (or kernel tree) and
 * writes rows for one scan id inside the scan's open transaction. It never
 * reads outside the sysroot (all paths go through sysroot.h; libclang gets
 * only the sysroot's include dirs plus clang's own resource dir), never
 * commits, and returns 0, or -1 with err_set() to abort the whole scan. A
 * problem with one file that the scan can live with is a diag row, not an
 * error. */
#ifndef SYSCOV_SCANNER_H
#define SYSCOV_SCANNER_H

#include <stddef.h>
#include <stdint.h>

#include "arch/arch.h"
#include "base/db.h"
#include "base/sysroot.h"

struct man_typer;
struct ktree;
struct code_job;

/* What a scan reads besides its sysroot, as the command line chose it:
 * the scanners see this, never the command line itself. */
struct scan_opts {
	const char *man_dir; /* man pages to read instead of the sysroot's */
	int no_man;          /* read no man pages */
};

struct scan_ctx {
	struct db *db;
	int64_t scan_id;
	const struct sysroot *sr;     /* NULL for a kernel-tree scan */
	const struct arch_desc *arch; /* the scan's primary ABI */
	const struct scan_opts *opts; /* --man-dir, --no-man */
	const char *tree;             /* kernel-tree scan: canonical tree path */
	struct ktree *kt;             /* kernel-tree scan: its door (base/ktree.h) */
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
/* The struct and union tags the libc's and the UAPI headers define
 * (libc_structs.c). */
int libc_scan_structs(struct scan_ctx *ctx);

/* Records an input file of the scan (size, mtime, content hash), as
 * scan_cache.c compares it later (defined there). */
int scan_note_input(struct scan_ctx *ctx, const char *kind, const char *host_path,
		    const void *data, size_t len, const char *version);
/* The same for tree-relative `rel` of a kernel-tree scan; nothing for a
 * tarball's member (the tarball's own row stands for them all). */
int scan_note_tree_input(struct scan_ctx *ctx, const char *kind, const char *rel,
			 const void *data, size_t len);

#endif
