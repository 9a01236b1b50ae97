/* usage.h: the demand stage: which syscalls the programs and libraries of
 * a sysroot (or of Debian packages) make through libc wrappers and which
 * by hand, read from their machine code by the libc's engine
 * (libc/code_program.h); facts in the usage_* tables (docs/usage.md). */
#ifndef SYSCOV_USAGE_H
#define SYSCOV_USAGE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arch/arch.h"
#include "base/db.h"
#include "base/sysroot.h"

/* ---- one ELF file (usage_elf.c) ---- */
struct usage_import {
	char *name, *version, *lib; /* version and lib NULL when unversioned */
};
enum { USE_CONST, USE_ARG, USE_INDIRECT };
struct usage_call {
	int kind;        /* USE_CONST nr, USE_ARG (a helper passing argument nr), USE_INDIRECT */
	int64_t nr;
	uint64_t addr;   /* the trap or the call */
	char *func;      /* the function it is in: its symbol, or its address */
	char *via;       /* "syscall@plt", a function of the file, or NULL: a trap */
};
struct usage_facts {
	const struct arch_desc *arch; /* NULL: an ABI without a decoder */
	const char *kind;             /* exec, pie, shared, static */
	struct usage_import *imp;
	size_t nimp;
	struct usage_call *calls;
	size_t ncalls;
	char *needed;                 /* DT_NEEDED sonames, space-separated, or NULL */
	char *how;                    /* how the code was read, or why not */
};
/* Reads the ELF image [p, p+len). 0 with *f filled; 1 when it is no ELF
 * program or shared library (an object, a core, not ELF: nothing to
 * record); -1 with err_set() when the decoder fails. */
int usage_read_elf(const void *p, size_t len, struct usage_facts *f);
void usage_facts_free(struct usage_facts *f);

/* ---- a scan into the DB (usage_scan.c) ---- */
struct usage_opts {
	const char *root_label;  /* the key of the files' rows: the sysroot's canonical path,
				  * or "deb:PACKAGE" for a package fetched */
	const char *package;     /* every file's package (a .deb scanned), or NULL: dpkg's lists */
	int quiet;
};
struct usage_stats {
	size_t files, elf, cached, read, bytes;
};
/* Scans `paths` (sysroot-relative files or dirs; none: the bin, sbin and
 * library dirs) of sr into db. */
int usage_scan(struct db *db, const struct sysroot *sr, const struct strv *paths,
	       const struct usage_opts *o, struct usage_stats *st);

/* Copies the usage rows of the DB at path (a shard) into db, replacing
 * those of the same root and path; *files: how many files it had. */
int usage_merge(struct db *db, const char *path, int64_t *files);

/* ---- demand and need (usage_report.c, usage_need.c) ---- */
/* The temp tables both read (usage_report.c): u_name, u_libc, u_wrap, and
 * with `demand` u_hand and u_via */
int usage_setup(struct db *db, int64_t scan_id, int demand);
enum { USAGE_MD = 1, USAGE_JSON = 2, USAGE_HTML = 4 };
/* Writes the demand of the usage rows (against the libc scan scan_id's
 * verdicts and code facts) into dir as usage.md/usage.json/usage.html. */
int usage_report(struct db *db, int64_t scan_id, const char *dir, int formats, FILE *summary);
/* What the file `path` (as stored) reaches, against scan_id: printed to out. */
int usage_need(struct db *db, int64_t scan_id, const char *path, int json, FILE *out);
/* The syscalls the scanned files call (by hand or through a wrapper), for
 * gen --only-used: pushed onto names. */
int usage_used(struct db *db, int64_t scan_id, struct strv *names);

#endif
