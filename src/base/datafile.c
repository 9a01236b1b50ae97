/* datafile.c: This file contains the lookup of syscov's curated data files
 * (see datafile.h): next to the binary, in the install prefix, or in the
 * source tree. */
#define _GNU_SOURCE
#include "base/datafile.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

#ifndef SYSCOV_DATA_DIR
#error "SYSCOV_DATA_DIR must be set by the build"
#endif
#ifndef SYSCOV_SOURCE_DIR
#error "SYSCOV_SOURCE_DIR must be set by the build"
#endif

char *datafile_exe_dir(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return NULL;
	exe[n] = 0;
	char *slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = 0;
	/* <prefix>/bin/syscov -> <prefix>/share/syscov, if that exists */
	char *p = xasprintf("%s/../share/syscov", exe), *real = realpath(p, NULL);
	free(p);
	return real;
}

FILE *datafile_open(const char *name)
{
	const char *env = getenv("SYSCOV_DATA_DIR");
	struct stat st;
	/* a file it lacks comes from the next dir; a dir that is not there
	 * is a mistake to say, not a silent fallback to the installed data */
	if (env && *env && stat(env, &st) < 0) {
		err_set(EXIT_INPUT, "SYSCOV_DATA_DIR=%s: %s", env, strerror(errno));
		return NULL;
	}
	if (env && *env && !S_ISDIR(st.st_mode)) {
		err_set(EXIT_INPUT, "SYSCOV_DATA_DIR=%s: not a directory", env);
		return NULL;
	}
	char *rel = datafile_exe_dir();
	/* the environment overrides (tests); then the binary's own prefix, so a
	 * moved install reads its own data; the configured prefix; and last the
	 * source tree, for a syscov run from its build dir */
	const char *dirs[] = {env && *env ? env : NULL, rel, SYSCOV_DATA_DIR,
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
			free(rel);
			buf_free(&tried);
			return f;
		}
		buf_printf(&tried, "%s%s (%s)", tried.len ? ", " : "", p, strerror(errno));
		free(p);
	}
	err_set(EXIT_INPUT, "data file %s not found: tried %s", name, tried.p);
	free(rel);
	buf_free(&tried);
	return NULL;
}
