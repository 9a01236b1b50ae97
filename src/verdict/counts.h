/* counts.h: This file contains the JSON form of the per-scan verdict counts
 * that audit and classify print as text (docs/json.md, "counts"). */
#ifndef SYSCOV_COUNTS_H
#define SYSCOV_COUNTS_H

#include <stdint.h>
#include <stdio.h>

#include "base/db.h"

/* Writes a JSON array, one object per scan of ids (in that order):
 * {id, scan, sysroot, arch, total, wrapped, obsolete, internal, missing}.
 * Returns 0, or -1 with err_set() on a DB error. */
int counts_json(struct db *db, const int64_t *ids, size_t n, FILE *f);

/* Checks --format for the commands whose text output is the counts:
 * text (or NULL) gives 0, json 1, anything else -1 with err_set(EXIT_USAGE). */
int counts_format(const char *cmd, const char *fmt);

#endif
