/* datafile.h: finding syscov's curated data files (data/headers.list, the
 * data/ tables) both when run from a build tree and when installed. */
#ifndef SYSCOV_DATAFILE_H
#define SYSCOV_DATAFILE_H

#include <stdio.h>

/* Opens data file `name` ("headers.list") for reading from the first dir
 * that has it: $SYSCOV_DATA_DIR, ../share/syscov next to the binary (a
 * relocated install), the install dir (SYSCOV_DATA_DIR at build time), then
 * the source tree's data/. Returns NULL with err_set(EXIT_INPUT)
 * naming every place tried, or $SYSCOV_DATA_DIR when it is no directory. The data files are the tool's own, not sysroot
 * input, so plain fopen is right here. */
FILE *datafile_open(const char *name);
/* The canonical ../share/syscov of the running binary's dir, or NULL when it
 * does not exist; the caller frees it. */
char *datafile_exe_dir(void);

#endif
