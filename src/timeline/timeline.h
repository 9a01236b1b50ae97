/* timeline.h: the lag between kernel and libc across the scanned releases
 * (timeline.c): when each syscall arrived in the kernel, per ABI, and when
 * each libc wrapped it, with where each version came from; stored in the
 * `since` table and written as HTML (with an SVG chart) and JSON.
 * docs/timeline.md describes the rules and the outputs. */
#ifndef SYSCOV_TIMELINE_H
#define SYSCOV_TIMELINE_H

#include <stdio.h>

#include "base/db.h"
#include "base/util.h"

enum { TL_HTML = 1, TL_JSON = 2 };

/* Derives the since-versions of every sysroot scan with verdicts in db
 * (arches: only these ABIs when non-NULL), replaces the `since` table with
 * them, writes outdir/index.html and/or outdir/timeline.json (fmt) and the
 * summary (releases x libcs, the largest lags, the sources) to `summary`.
 * Returns 0 or -1 with err_set(). */
int timeline_run(struct db *db, const struct strv *arches, const char *outdir, int fmt,
		 FILE *summary);

#endif
