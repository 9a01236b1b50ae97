/* ktable.h: the part the two kernel syscall table scanners share: evaluating
 * the __NR_* macros of <asm/unistd.h> for one target with kpp (kpp.h;
 * ktable_uapi.c), used for a sysroot's UAPI headers and for the generic
 * table of a kernel tree (ktable_tree.c), and writing and reading the
 * ksyscall rows, packed in the ktable (ktable_store.c). */
#ifndef SYSCOV_KTABLE_H
#define SYSCOV_KTABLE_H

#include <sqlite3.h>
#include <stdint.h>

#include "kernel/kpp.h"
#include "scan/scanner.h"
#include "base/util.h"

/* One evaluated macro. */
struct ksym {
	char *name;    /* without __NR_ / __ARM_NR_ */
	char *file;    /* host path of the header that defined it */
	long long nr;
	int ok;        /* 0: the value is not an integer constant */
	int private;   /* __ARM_NR_*: ARM-private calls, apart from the table */
	char *entry;   /* __SYSCALL(nr, entry) of this number (want_entries) */
};

struct ksyms {
	struct ksym *v;
	size_t n, cap;
	struct strv files;   /* paths (as read) of every header included */
	char *version;       /* "6.1.192" from <linux/version.h> (want_version) */
	struct ksym_strs *strs; /* the ksyms' strings, freed together */
};

/* What to evaluate: `#include <asm/unistd.h>` with kpp: the include dirs,
 * the target's predefines (arch_desc.cpp_predefs), the reader and cache
 * (the hook is ktable_eval()'s own). */
struct keval {
	struct kpp_opts kpp;
	int want_entries;    /* record __SYSCALL(nr, entry) of the generic table */
	int want_version;    /* also include <linux/version.h> if it exists */
	const char *what;    /* input named in errors: "<sysroot>: x86_64" */
};

/* Every __NR_* and __ARM_NR_* object-like macro defined at the end, with
 * its value (ok = 0 if it is not an integer constant). Returns 0, or -1
 * with err_set() (EXIT_INPUT) when the headers do not preprocess. */
int ktable_eval(const struct keval *ke, struct ksyms *out);
void ksyms_free(struct ksyms *k);

/* 1 if `name` (without prefix) is a base or a count, not a syscall. */
int ktable_is_helper(const char *name);

struct ksrc;

/* One ksyscall row. */
struct krow {
	const char *arch, *abi, *name, *entry, *compat_entry, *source;
	long long nr;
	int implemented, private;
};

/* The ksyscall rows of a scan, kept until ktable_flush() writes them: one
 * ktable row per (arch, abi, source) group holding the group's rows as one
 * JSON array, in insertion order (docs/db.md). One SQLite row per syscall
 * was half of a kernel-tree scan's time; ~50 rows are not. Each row goes
 * into its group's JSON at once. Zero-initialise with ctx set. */
struct krows {
	struct scan_ctx *ctx;
	struct krow_group {
		char *key[3];     /* arch, abi, source (NULL allowed) */
		uint64_t hash;
		struct buf json;  /* "[row,row..." */
	} *g;
	size_t ng, gcap, last;    /* last: the group of the last row */
	size_t *slot, nslot;      /* open-addressing index of g: 1 + index, 0 free */
	int err;                  /* -1 after an error (err_set()) */
	/* a kernel tree's: the entry points it only stubs (ktable_src.h) */
	const struct ksrc *src;
};
/* Keeps a copy of r. */
void ktable_insert(struct krows *w, const struct krow *r);
/* Writes the rows and frees them; 0 or -1. */
int ktable_flush(struct krows *w);

/* Reads the ksyscall rows of a scan from the ktable, decoding the JSON in C
 * (the ksyscall view's json_each and json_extract per row made gen's
 * numbers 4 times slower to read). Zero-initialise. */
struct kread {
	struct db *db;
	sqlite3_stmt *st;
	const char *p;      /* the next row in the group's JSON */
	struct buf str;     /* the row's strings, unescaped */
	struct krow row;    /* the current row: strings valid until the next call */
};
/* Starts on the rows of scan_id (of arch only, unless NULL). 0 or -1. */
int ktable_read_begin(struct kread *it, struct db *db, int64_t scan_id, const char *arch);
/* 1 with the next row in it->row, 0 at the end, -1 (err_set(EXIT_DB)). */
int ktable_read_next(struct kread *it);
void ktable_read_end(struct kread *it);

/* Bounds of a syscall table (docs/hardening.md): the largest real ones
 * have ~470 rows (a .tbl file, or an ABI's __NR_ macros) numbered below
 * ~6,500 (MIPS o32's 4000 + nr, x32's offset is added afterwards); a
 * 150,000-macro unistd_64.h took 54 s and 1.1 GB to scan and made a 106 MB
 * header. A bigger table is refused, a bigger number a malformed row. */
#define KTABLE_MAX_ROWS 4096
#define KTABLE_MAX_NR (1 << 20)

/* One row of a kernel tree's .tbl file; the strings point into the text. */
struct tbl_row {
	long long nr;
	char *abi, *name, *entry, *compat;
};

/* Parses the "nr abi name [entry [compat_entry]]" rows of a .tbl file
 * (text is cut up in place); '#' starts a comment. A malformed line (or a
 * number outside 0..KTABLE_MAX_NR) goes to
 * bad(arg, line), which returns < 0 to stop the parse. Returns 0 or -1;
 * *rows (caller frees) holds *n rows. */
int ktable_parse_tbl(char *text, struct tbl_row **rows, size_t *n,
		     int (*bad)(void *arg, int line), void *arg);

/* 1 if a .tbl/generic entry point marks an unimplemented call. */
int ktable_entry_unimplemented(const char *entry);
/* 1 if a UAPI table name marks a placeholder slot, no syscall
 * (unused18, reserved82: the name says so; ktable_uapi.c). */
int ktable_name_placeholder(const char *name);

#endif
