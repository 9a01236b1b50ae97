/* classify.h: This file contains the interface of the verdict step: from the
 * facts of a sysroot scan (kernel table, libc symbols, header declarations,
 * man pages) and the curated tables in data/, one verdict per syscall of the
 * scan's primary ABI: wrapped, obsolete, internal or missing, with the
 * wrapper, the symbol version that introduced it, flags and the evidence.
 * docs/verdicts.md states the rules and their precedence. */
#ifndef SYSCOV_CLASSIFY_H
#define SYSCOV_CLASSIFY_H

#include <stdint.h>
#include <stdio.h>


#include "base/db.h"
#include "base/util.h"

/* The verdict classes, as stored in verdict.class. */
extern const char *const classify_classes[4];

/* Classifies one scan, replacing its earlier verdicts in one transaction.
 * Kernel-tree scans have no libc and are skipped (returns 0). Returns the
 * number of verdicts written, or -1 with err_set(). */
int classify_scan(struct db *db, int64_t scan_id);

/* The sysroot scans selected by `sel` (a label or an id; NULL: every
 * sysroot scan), in id order. Returns 0, or -1 with err_set(EXIT_USAGE)
 * when `sel` matches no sysroot scan. */
int classify_select(struct db *db, const char *sel, int64_t **ids, size_t *n);

/* --fail-on CLASS[,...] and --need NAME[,...]: checks the verdicts of the
 * given scans. `fail_on` NULL means no check. Prints each match on stderr
 * (unless quiet) and returns 1 if any verdict of those classes exists
 * (restricted to the `need` names when given), 0 if none, -1 with err_set()
 * on a bad class name, a `need` name no given scan has (EXIT_USAGE: a typo
 * would pass the check), or a DB error. */
int classify_fail_on(struct db *db, const int64_t *ids, size_t n, const char *fail_on,
		     const char *need);

/* Prints "LABEL: N syscalls: a wrapped, b obsolete, ..." for a scan to f. */
int classify_print_counts(struct db *db, int64_t scan_id, FILE *f);


/* Checks --fail-on and --need (either may be NULL) before any work is
 * done: -1 with err_set(EXIT_USAGE) naming a bad class, a --need without
 * --fail-on, or a --need item that is not a C identifier. */
int classify_check_options(const char *fail_on, const char *need);

#endif
