/* out_cache.h: This file contains the reuse of audit's output files. When
 * every scan an audit reports on was kept with its verdicts, the reports and
 * wrapper headers it would write are the ones it wrote last time into the
 * same dir; if those files are still as written (size, mtime), they are left
 * alone and the summary it printed then is printed again. */
#ifndef SYSCOV_OUT_CACHE_H
#define SYSCOV_OUT_CACHE_H

#include <stdint.h>

#include "base/db.h"
#include "base/util.h"

/* What the outputs of an audit are made of: the configuration fingerprint
 * (scan_cache_fingerprint(): binary, data files, options), the output dir,
 * and each scan with what it was classified against.
 * Caller frees; NULL with err_set() on a DB error. */
char *out_cache_key(struct db *db, const int64_t *ids, size_t n, const char *fp,
		    const char *outdir);

/* 1 if the files written under `key` are all there as written, with the
 * summary printed then in *summary; 0 if not; -1 on a DB error. */
int out_cache_hit(struct db *db, const char *key, struct buf *summary);

/* Notes a file just written (report_out.c, gen.c): out_cache_store()
 * records the files noted since out_cache_begin(). */
void out_cache_begin(void);
void out_cache_note(const char *path);
/* Records the noted files and the summary under key, replacing what the
 * same output dir had. 0, or -1 with err_set(). */
int out_cache_store(struct db *db, const char *key, const char *outdir, const char *summary);

#endif
