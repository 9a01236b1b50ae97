/* ktree.h: This file contains the one door to a kernel source tree, beside
 * sysroot.h (the sysroot's door): every file of a tree that syscov reads
 * (the syscall tables, the headers they include, the prototypes, the
 * sources read for COND_SYSCALL()s) is opened, confined and listed here.
 *
 * A tree is a directory, or a tarball of one read in place through
 * libarchive (Debian's /usr/src/linux-source-6.1.tar.xz), never extracted
 * to disk. Paths are tree-relative ("arch/x86/entry/syscalls/syscall_64.tbl").
 *
 * Confinement: in a directory, a file is opened beneath the tree (openat2
 * RESOLVE_BENEATH; a symlink leading out is an error naming it); in a
 * tarball, the first component of every member is the tree's own dir and is
 * dropped, and a member with "..", an absolute name, a symlink or a hard
 * link is not part of the tree (nothing it names is ever read).
 *
 * A tarball is decompressed once per pass: the first ktree_each() (or the
 * first other call) reads it whole, keeping in memory the files the table,
 * header and prototype readers ask for by name (include/, arch/<port>/
 * include/ and kernel/, the tables, Makefile, Kbuild); a later ktree_each()
 * decompresses it again. */
#ifndef SYSCOV_KTREE_H
#define SYSCOV_KTREE_H

#include <stddef.h>
#include <stdint.h>

#include "base/util.h"

struct sysroot;

struct ktree_ent;

struct ktree {
	char *path;      /* canonical host path of the dir or the tarball */
	int archive;     /* 1: a tarball */
	int dirfd;       /* dir: the tree's fd */
	/* tarball: every regular member, sorted by name, after the first pass */
	struct ktree_ent *ent;
	size_t n;
	int indexed;
	uint64_t pass_ns; /* tarball: time spent decompressing */
};

/* Opens `path`, a directory or a regular file libarchive reads as an archive.
 * 0, or -1 with err_set(EXIT_INPUT) naming `path`. */
int ktree_open(struct ktree *t, const char *path);
void ktree_close(struct ktree *t);

/* 1 if `path` names a tarball (by its name: *.tar, *.tar.xz/gz/bz2/zst,
 * *.tgz), the form ktree_open() reads in place. */
int ktree_is_tarball_name(const char *path);

/* "<tree>/<rel>": a name for messages, diag rows and input rows (for a
 * tarball, a path inside it, which names no host file). Caller frees. */
char *ktree_join(const struct ktree *t, const char *rel);

/* Reads tree-relative `rel` whole into *out (NUL-terminated), at most `max`
 * bytes. *real (may be NULL) gets the tree-relative path it resolved to
 * (caller frees). 0; -2 when it does not exist; -1 when it is not a regular
 * file, leads out of the tree or cannot be read; each with err_set(). */
int ktree_read(struct ktree *t, const char *rel, size_t max, struct buf *out, char **real);

/* 1 if `rel` is a regular file (dir: a regular file or a link to one inside). */
int ktree_is_file(struct ktree *t, const char *rel);

/* The entries of dir `rel`, names only, sorted: the subdirectories into
 * *dirs and the other entries into *files (either may be NULL). 0; -2 when
 * `rel` is no directory; -1; each with err_set(). */
int ktree_list(struct ktree *t, const char *rel, struct strv *files, struct strv *dirs);

/* Visits every regular file of the tree that `want` takes (called for each
 * directory too, is_dir 1: 0 prunes it; `dir` is tree-relative, "" at the
 * top), with its whole text NUL-terminated; a file bigger than `max` is
 * visited with text NULL. Order: a directory's own order (tarball: the
 * archive's). A visit returns 0, or -1 to stop with its error. */
typedef int (*ktree_want_fn)(void *arg, const char *dir, const char *name, int is_dir);
typedef int (*ktree_visit_fn)(void *arg, const char *dir, const char *name, char *text,
			      size_t len);
int ktree_each(struct ktree *t, size_t max, ktree_want_fn want, ktree_visit_fn visit, void *arg);

/* The tree-relative paths of the regular files below dir `rel` that `want`
 * takes (asked as by ktree_each(), dirs included), without reading them,
 * appended to *out. 0 (a missing dir has none), or -1 with err_set(). */
int ktree_find(struct ktree *t, const char *rel, ktree_want_fn want, void *arg, struct strv *out);

/* The kernel source a sysroot holds, as Debian installs it: the newest
 * (by version) of usr/src/linux-source-<v>/ (unpacked) and
 * usr/src/linux-source-<v>.tar.* (linux-source-<v>'s package), the
 * directory where both are there; resolved inside the sysroot. Its host
 * path (caller frees), or NULL. */
char *ktree_in_sysroot(const struct sysroot *sr);

#endif
