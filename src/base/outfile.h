/* outfile.h: This file contains the one way syscov writes its output files
 * (reports, wrapper headers, the timeline): a directory per scan named from
 * its label, and each file written whole through a temporary file renamed
 * over it, so a reader never sees half of one. Every stage that writes goes
 * through here. */
#ifndef SYSCOV_OUTFILE_H
#define SYSCOV_OUTFILE_H

#include <stdint.h>
#include <stdio.h>

#include "base/util.h"

/* A scan's directory under an output dir, for reports and wrappers alike:
 * its label with [A-Za-z0-9._+-] kept and the rest '_', no leading dot, and
 * "-<id>" appended when it is "matrix" or one of `taken_names` (the dirs of
 * the scans before it). */
char *outfile_dir_name(const char *label, int64_t id, const struct strv *taken_names);
/* mkdir -p of dir. The path above its last component is followed (the
 * user's), that component is not: a symlink there is refused.
 * err_set(EXIT_OUTPUT). */
int outfile_mkdirs(const char *dir);
/* outfile_mkdirs() of dir, then of its subdir `sub` (a <label> dir), not
 * followed either. */
int outfile_mkdirs_sub(const char *dir, const char *sub);
/* Writes dir/name (dir opened as outfile_mkdirs() does): write(ctx, f)
 * fills a new temporary, renamed over the target; stale temporaries of
 * name left by dead runs are removed first. err_set(EXIT_OUTPUT). */
int outfile_write(const char *dir, const char *name, void (*write)(const void *, FILE *),
		  const void *ctx);
/* Writes b as dir/name, as outfile_write() does: a FIFO, or a symlink to
 * a device, planted in an output dir is replaced, not written through (a
 * FIFO as <label>/syscov_wrappers.h hung the audit). */
int outfile_write_buf_in(const char *dir, const char *name, const struct buf *b);
/* Writes b to path, the user's, as outfile_write() does; a device or FIFO there
 * (/dev/null, /dev/stdout) is written through, not replaced.
 * err_set(EXIT_OUTPUT). */
int outfile_write_buf(const char *path, const struct buf *b);
/* Checks an output path before any work: empty (EXIT_USAGE), or an
 * existing non-directory for a dir (`dir` 1) or a directory for a file
 * (EXIT_OUTPUT). 0 if it may be written. */
int outfile_check_path(const char *path, int dir);

#endif
