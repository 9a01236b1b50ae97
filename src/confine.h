/* confine.h: defence in depth for "nothing outside the sysroot is read".
 *
 * sysroot.h resolves every path syscov itself opens inside the sysroot; but
 * libclang opens headers on its own and follows symlinks and "../" includes
 * wherever they lead. So once the inputs are known, the process restricts
 * its own file reads with Landlock (Linux 5.13+) to the sysroots and trees
 * being scanned plus the tool's documented needs: clang's resource dir, the
 * data dir, the host's /usr/share/man (the fallback for sysroots without pages,
 * or --man-dir), the DB's and output's dirs, /proc and /dev (not /tmp). Reads
 * elsewhere fail with EACCES, which the scanners report as missing files.
 * A kernel without Landlock gets a -v note and the sysroot.h layer alone. */
#ifndef SYSCOV_CONFINE_H
#define SYSCOV_CONFINE_H

#include "util.h"

/* Restricts reads to the dirs in `allow` (host paths; missing ones are
 * skipped); `parse`: libclang will be needed, so it is loaded first. Returns
 * 1 if enforced, 0 if Landlock is unavailable or `allow` holds "/", -1 with
 * err_set() on failure. */
int confine_reads(const struct strv *allow, int parse);

/* Appends the tool's own read needs (resource dir, data dirs, man2). */
void confine_tool_needs(struct strv *allow);

#endif
