/* datafile.c: locating syscov's curated data files (see datafile.h). */
#include "datafile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#ifndef SYSCOV_DATA_DIR
#error "SYSCOV_DATA_DIR must be set by the build"
#endif
#ifndef SYSCOV_SOURCE_DIR
#error "SYSCOV_SOURCE_DIR must be set by the build"
#endif

FILE *datafile_open(const char *name)
{
	const char *env = getenv("SYSCOV_DATA_DIR");
	/* the environment overrides (tests, relocated installs); the installed
	 * copy wins over the source tree so an installed syscov is self-contained */
	const char *dirs[] = {env && *env ? env : NULL, SYSCOV_DATA_DIR,
			      SYSCOV_SOURCE_DIR "/data"};
	struct buf tried = {0};
	buf_puts(&tried, "");
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		if (!dirs[i])
			continue;
		char *p = xasprintf("%s/%s", dirs[i], name);
		FILE *f = fopen(p, "r");
		if (f) {
			debug("data file %s", p);
			free(p);
			buf_free(&tried);
			return f;
		}
		buf_printf(&tried, "%s%s (%s)", tried.len ? ", " : "", p, strerror(errno));
		free(p);
	}
	err_set(EXIT_INPUT, "data file %s not found: tried %s", name, tried.p);
	buf_free(&tried);
	return NULL;
}
