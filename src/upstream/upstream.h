/* upstream.h: This file contains the upstream stage: for syscalls a libc
 * lacks, the patch series a libc maintainer asks for (one commit per
 * syscall, `git format-patch` form) against that libc's source tree. It
 * reads the DB (the kernel-tree scan's tables, the man pages' includes) and
 * the types stage's prototypes; nothing earlier calls it. Everything a patch
 * carries from the inputs is rebuilt from validated tokens (identifiers,
 * the types stage's types, include names gen_include_ok() accepts); the
 * tree's own lines appear only as a diff's context. docs/upstream.md. */
#ifndef SYSCOV_UPSTREAM_H
#define SYSCOV_UPSTREAM_H

#include <stdint.h>

#include "base/db.h"
#include "base/util.h"
#include "types/typing.h"

/* One syscall to add, as the scans know it. */
struct up_call {
	struct typed w;          /* its prototype (types stage) */
	struct strv includes;    /* the man page's SYNOPSIS includes, checked */
	struct strv kabis;       /* "arch:abi" of the kernel-tree scan that has it */
	long long nr_x86_64;     /* its number on x86_64, -1 if none */
};

/* A libc source tree as the series has changed it so far: files read once,
 * then edited in memory, so that each commit's diff applies after the ones
 * before it. */
struct up_tree;
/* Opens dir (a libc source tree). -1 with err_set(EXIT_INPUT). */
int up_tree_open(const char *dir, struct up_tree **t);
void up_tree_close(struct up_tree *t);
const char *up_tree_dir(const struct up_tree *t);
/* The text of path (relative) as the series has it, NULL when the tree has
 * no such file (err_set(EXIT_INPUT) for one that cannot be read). */
const char *up_tree_get(struct up_tree *t, const char *path);

/* One commit being built. */
struct up_patch {
	struct buf diff;          /* the diffs, in the order made */
	struct strv files;        /* the paths touched, for the stat */
	unsigned added;           /* lines added */
};
/* Inserts text (whole lines) into path before its 0-based line `line` (the
 * number of lines: at the end), recording the diff in p. 0, or -1 when the
 * tree has no such file. */
int up_insert(struct up_tree *t, struct up_patch *p, const char *path, size_t line,
	      const char *text);
/* Adds a new file path holding text. -1 with err_set(EXIT_INPUT) when the
 * tree has one already. */
int up_new_file(struct up_tree *t, struct up_patch *p, const char *path, const char *text);
/* The 0-based index of the last line of text that starts with prefix (the
 * first one with first), or -1. */
long up_find_line(const char *text, const char *prefix, int first);
/* The number of lines of text. */
size_t up_nlines(const char *text);
void up_patch_free(struct up_patch *p);

/* A commit of the series: its subject, body and diff. */
struct up_commit {
	char *subject, *body, *slug;
	struct up_patch p;
};

/* What a libc flavour's generator is asked for. */
struct up_req {
	const char *from;        /* "Name <mail>" of the commits */
	const char *libc_version;/* the scans' libc version, or NULL */
	const char *kernel;      /* the kernel-tree scan's label */
};

/* glibc (glibc.c): the commit adding c to the tree. 0, or -1 with err_set(). */
int up_glibc(struct up_tree *t, const struct up_req *r, const struct up_call *c,
	     struct up_commit *out);
/* The glibc ports (dirs under sysdeps/unix/sysv/linux/ with a libc.abilist)
 * and the kernel-tree tables each stands for; NULL past the last. */
const char *up_glibc_port(size_t i, const char **kabis);
/* musl (musl.c): the commit adding c to the tree. */
int up_musl(struct up_tree *t, const struct up_req *r, const struct up_call *c,
	    struct up_commit *out);

/* The facts of syscall name from the DB: scans[0..n) (sysroot scans: man
 * pages) and the newest kernel-tree scan, typed by ty. -1 with err_set():
 * EXIT_INPUT for a name no kernel table has. */
int up_call_load(struct db *db, struct typing *ty, const char *name, struct up_call *c);
void up_call_free(struct up_call *c);
/* Writes the series into outdir as NNNN-<slug>.patch files. */
int up_series_write(const char *outdir, const struct up_req *r, struct up_commit *c, size_t n);
void up_commit_free(struct up_commit *c);
/* The year of the commits' date (copyright lines of new files). */
int up_year(void);

#endif
