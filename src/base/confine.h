/* confine.h: defence in depth for "nothing outside the sysroot is read".
 *
 * sysroot.h resolves every path syscov itself opens inside the sysroot; but
 * libclang opens headers on its own and follows symlinks and "../" includes
 * wherever they lead. So once the inputs are known, the process restricts
 * its own file reads with Landlock (Linux 5.13+) to the sysroots and trees
 * being scanned plus the tool's documented needs: clang's resource dir, the
 * data dir, the host's /usr/share/man (the fallback for sysroots without pages,
 * or --man-dir), the DB's and output's dirs, /proc, /dev/null and
 * /dev/urandom (not /tmp). libclang's parses run on a thread confined
 * further, to the sysroots and clang's resource dir (confine_parse()). Reads
 * elsewhere fail with EACCES, which the scanners report as missing files.
 * A kernel without Landlock gets a -v note and the sysroot.h layer alone. */
#ifndef SYSCOV_CONFINE_H
#define SYSCOV_CONFINE_H

#include "base/util.h"

/* Restricts reads to the dirs in `allow` (host paths; missing ones are
 * skipped). `load`, if not NULL, runs just before the restriction, and only
 * if there is one: what the process will need but could not read once
 * confined (libclang, clangx_load()). Returns 1 if enforced, 0 if Landlock
 * is unavailable or `allow` holds "/", -1 with err_set() on failure (of
 * `load` too). */
int confine_reads(const struct strv *allow, int (*load)(void));

/* Appends the tool's own read needs (data dirs, man2, /proc, /dev/null);
 * clang's resource dir is the caller's to add (clangx_resource_dir()). */
void confine_tool_needs(struct strv *allow);

/* Once confine_reads() enforced: the dirs a libclang parse may read, the
 * sysroots and clang's resource dir (host paths), made a ruleset once for
 * every parse. 0, or -1 with err_set(). */
int confine_parse_dirs(const struct strv *dirs);
/* Runs fn(arg) on a thread of its own whose reads are confined further, to
 * those dirs (Landlock confines thread by thread): libclang opens whatever
 * a header includes, before syscov can refuse a path out of the sysroot,
 * and the process's confinement also allows the DB's and the output's dirs.
 * Unconfined (no Landlock, or a scan of /), fn runs here. 0, or -1 with
 * err_set() when the thread could not be confined (fn did not run). */
int confine_parse(void (*fn)(void *), void *arg);

#endif
