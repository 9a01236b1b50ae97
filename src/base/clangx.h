/* clangx.h: the libclang set-up shared by every scanner that parses C:
 * the argument vector for a sysroot x ABI (target triple, -nostdinc, clang's
 * resource dir, the sysroot's include dirs) and diagnostics as text. */
#ifndef SYSCOV_CLANGX_H
#define SYSCOV_CLANGX_H

#include <clang-c/Index.h>

#include "arch/arch.h"
#include "base/sysroot.h"
#include "base/util.h"

/* Fills argv (owned strings) for parsing C for `arch` with the include dirs
 * of `sr` (sr->inc_host). Adds -D_GNU_SOURCE. */
void clangx_args(struct strv *argv, const struct sysroot *sr, const struct arch_desc *arch);
/* clang's resource dir (for stddef.h and friends): the tool's own need. */
const char *clangx_resource_dir(void);
/* Parses `source` (in memory, named `name`) with args, for sysroot sr:
 * first in a child bounded in time and memory (clangx.c) unless the
 * sysroot is clangx_trusted(); NULL and err_set() naming sr if that trial
 * did not end well or libclang fails outright (diagnostics of the TU do not
 * fail it). */
CXTranslationUnit clangx_parse(CXIndex idx, const struct sysroot *sr, const char *name,
			       const char *source, const struct strv *args, unsigned options);
/* The host's own headers (a scan of / with its default dirs): the system's,
 * not an input someone else made. */
int clangx_trusted(const struct sysroot *sr);
/* Loads libclang (clang_lazy.c) if it is not yet: before the process
 * confines its reads, which would hide the library. 0 or -1 with err_set(). */
int clangx_load(void);
/* Starts loading libclang on a thread of its own; clangx_load() (and so the
 * first libclang call) waits for it. Join it with clangx_load() before a
 * fork(): a child forked during a dlopen() would inherit its held lock.
 * Never before the process confines its reads (confine_reads() runs
 * clangx_load() itself): the thread would stay unconfined. */
void clangx_preload(void);
/* Copies a CXString into a malloc'ed C string and disposes it. */
char *clangx_str(CXString s);

#endif
