/* ksince.h: This file contains the interface of the kernel since-version
 * (ksince.c): when Linux added a syscall on an ABI, from the man pages
 * (syscalls(2), the syscall's own page), the kernel tables scanned (UAPI
 * headers, kernel trees), the ABI's port (data/releases.tsv) and the order
 * of the ABI's syscall numbers, with the source it came from and, where only
 * a bound is known, the bound. It is a fact of the sources, not of a
 * report: classify stores it per scan (table ksince) for the reports, and
 * the timeline derives it with the tables of several releases through the
 * same functions. docs/timeline.md states the rules. */
#ifndef SYSCOV_KSINCE_H
#define SYSCOV_KSINCE_H

#include <stdint.h>

#include "base/db.h"
#include "base/util.h"

/* A since-version and where it came from. */
struct since {
	char *version; /* NULL: unknown */
	const char *source;
	char *detail;
	/* 0: not exactly this version: at most it, or, with `after`, a
	 * range: after `after` (exclusive), by `version` */
	int exact;
	char *after;
};

void since_set(struct since *x, char *version, const char *source, char *detail, int exact);
void since_copy(struct since *dst, const struct since *src);
void since_free(struct since *x);
/* "2.36", "<= 2.17" or "> 2.31, <= 2.36": how x reads (owned); "?" unknown. */
char *since_text(const struct since *x);

/* Numeric comparison of dotted versions ("2.30" > "2.4"; "2.2.5" > "2.2"). */
int ver_cmp(const char *a, const char *b);
/* The leading dotted number of s ("5.10.223-1" -> "5.10.223"), or NULL. */
char *ver_lead(const char *s);
/* A kernel version as releases are named: 2.6.16 (2.x: three parts), 5.10. */
char *ver_kernel(const char *s);

/* data/releases.tsv: release dates of Linux and the libcs, and the Linux
 * release each ABI's port came with. */
struct ks_date {
	char project[8], version[16];
	double year; /* fractional */
};
struct ks_port {
	char abi[24], kernel[16];
};
struct ks_dates {
	struct ks_date *d;
	size_t nd;
	struct ks_port *ports;
	size_t nports;
};
int ks_dates_load(struct ks_dates *d);
void ks_dates_free(struct ks_dates *d);

/* A kernel table scanned for the ABI: a sysroot's UAPI headers or a tree. */
struct ks_table {
	const char *kver, *label; /* kver: major.minor */
	int tree;
	const struct strv *names; /* its syscalls on the ABI, sorted */
};

/* One syscall on one ABI: the sources' versions and the chosen one. */
struct ks_row {
	const char *arch;
	char *name;
	int64_t nr; /* on its ABI; -1: unknown */
	char *kalso; /* the version another page naming it gives (pkey_alloc(2) of pkey_free) */
	struct since k, kman, kpage, ktable;
	struct since lman; /* the page's glibc version: the timeline's */
	char *knote;       /* the sources' disagreements, or NULL */
};
void ks_row_free(struct ks_row *r);
/* Appends `more` (owned) to *note, "; " between. */
void ks_add_note(char **note, char *more);

/* Prepared queries of the man pages' facts. */
struct ks_man;
int ks_man_open(struct db *db, struct ks_man **m);
void ks_man_close(struct ks_man *m);
/* What the man pages of scan `man` say of r->name: syscalls(2) (kman), the
 * page titled after it, or after the name syscalls(2) says it was added as
 * (kpage, lman), another page naming it (kalso). With `as`, what they say
 * of that other name of r's table entry, as an upper bound. */
void ks_man_read(struct ks_man *m, int64_t man, struct ks_row *r, const char *as);
/* Chooses r->k from the man pages' facts, the tables (any order) and the
 * ABI's port. */
void ks_choose(const struct ks_dates *d, const struct ks_table *t, size_t nt, struct ks_row *r);
/* The numbers' rule over the n rows of one ABI, after ks_choose(). */
void ks_numbers(const struct ks_dates *d, struct ks_row *const *rows, size_t n);

/* Derives the kernel since-versions of the verdicts of sysroot scan
 * scan_id (ABI arch) from its own facts and the DB's kernel-tree scans,
 * replacing its rows of table ksince. Runs in the caller's transaction.
 * Returns 0 or -1 with err_set(). */
int ksince_store(struct db *db, int64_t scan_id, const char *arch);

#endif
