/* scan_cache.h: reuse of a stored scan whose inputs are unchanged
 * (scan_cache.c): the configuration fingerprint, the lookup before a scan
 * and the sealing of a scan's inputs after it. */
#ifndef SYSCOV_SCAN_CACHE_H
#define SYSCOV_SCAN_CACHE_H

#include <stdint.h>
#include <sys/stat.h>

#include "scan/scan.h"

/* The fingerprint of what besides the inputs decides a scan's facts
 * (malloc'ed hex string). */
char *scan_cache_fingerprint(const struct scan_opts *o);
/* 1 with the stored scan's id in *id when the scan of key k has fingerprint
 * fp and every input is unchanged; 0 when it must be rescanned; -1 on a DB
 * error. */
int scan_cache_lookup(struct db *db, const struct scan_key *k, const char *fp, int64_t *id);
/* scan_cache_lookup() without reading a file or writing the DB: kept only
 * when every input's size and mtime are as stored. It may run before the
 * reads are confined (confine.h). */
int scan_cache_unchanged(struct db *db, const struct scan_key *k, const char *fp, int64_t *id);
/* 1 when this process kept scan id and audit classified it with the same
 * configuration and kernel-tree scans: its verdicts are current. */
int scan_cache_verdicts_current(struct db *db, int64_t id, const char *fp);
/* Notes that scan id was just classified (for the check above). */
int scan_cache_mark_classified(struct db *db, int64_t id, const char *fp);
/* Notes that scan id may come with verdicts (kept, or classified by the -j
 * worker that scanned it): scan_cache_verdicts_current() then checks its
 * mark instead of taking it for unclassified. */
void scan_cache_note_verdicts(int64_t id);
/* After the scanners: records the dirs of the inputs and the sysroot's
 * include and library dirs as inputs, and the fingerprint. */
int scan_cache_seal(struct scan_ctx *ctx, const char *fp);

#endif
