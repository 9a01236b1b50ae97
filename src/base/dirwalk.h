/* dirwalk.h: a walk of a directory tree by fds (dirwalk.c): each directory
 * opened relative to its parent's fd and listed with getdents64() into one
 * buffer, symlinks never followed. opendir() by full path (a walk of every
 * component, and an fstat) and an lstat per entry were most of the walk of
 * a whole kernel tree's ~580 dirs. */
#ifndef SYSCOV_DIRWALK_H
#define SYSCOV_DIRWALK_H

#include <sys/types.h>

/* The DT_* of a stat mode. */
unsigned char dirwalk_type(mode_t mode);

/* Called for each entry but those whose name starts with '.': `dirfd` is
 * its directory's, `rel` that directory's name as the walk was given it
 * plus the path below, `type` a DT_* (DT_UNKNOWN resolved with fstatat()).
 * Returns 1 to enter a directory, 0 to go on, -1 to stop the walk. */
typedef int (*dirwalk_fn)(void *arg, int dirfd, const char *rel, const char *name,
			  unsigned char type);

/* Directories below the walk's top that it enters, at most: no tree syscov
 * reads comes near (a Linux tree's deepest is ~12, /usr/include's ~6); a
 * deeper one is an input built to exhaust something. */
#define DIRWALK_MAX_DEPTH 64

/* Walks the tree under the directory at host path `dir` (not followed if a
 * symlink; missing: nothing to walk), `rel` its name for the visits.
 * Returns -1 if a visit stopped the walk, or with err_set(EXIT_INPUT) if
 * the tree is nested deeper than DIRWALK_MAX_DEPTH, else 0. */
int dirwalk(const char *dir, const char *rel, dirwalk_fn visit, void *arg);

#endif
