/* kpp.h: This file declares kpp, the "kernel header preprocessor": a small,
 * self-contained C preprocessor that evaluates the kernel's UAPI syscall
 * headers (<asm/unistd.h> and what it includes) for one target, without a
 * compiler and without libclang.
 *
 * It supports what those headers use: #include <...> and "..." (depth 64),
 * #define with object- and function-like macros (# and ##, __VA_ARGS__),
 * #undef, #if/#ifdef/#ifndef/#elif/#else/#endif with the full integer
 * expression grammar, defined, __has_include, #error; #pragma, #warning,
 * #line and #ident are ignored. Every file is read through the caller's
 * reader, so the caller decides what may be read (sysroot.h, a kernel
 * tree's own check); kpp itself opens nothing. Hostile input ends in an
 * error naming file:line, bounded by limits on include depth, text size,
 * expansion size and nesting. */
#ifndef SYSCOV_KPP_H
#define SYSCOV_KPP_H

#include <stddef.h>

#include "base/util.h"

struct kpp;

/* A header held in memory, found by its include name after the search dirs
 * (a generated header a kernel tree lacks); never listed in kpp_files(). */
struct kpp_vfile {
	const char *name;          /* as in #include <...>: "asm/bitsperlong.h" */
	const char *text;
};

/* Files read by one or more runs, by path: the ABIs of a sysroot and the
 * ports of a kernel tree share headers, read and lexed once. Zero-initialise. */
struct kpp_lexed;
struct kpp_cfile {
	char *path;
	struct buf text;
	int missing;               /* the reader found no such file */
	struct kpp_lexed *lexed;   /* its tokens (kpp.c) */
};
struct kpp_cache {
	struct kpp_cfile *v;
	size_t n, cap;
};
/* The text of `path` if a run read it, else NULL. */
const struct buf *kpp_cache_get(const struct kpp_cache *c, const char *path);
void kpp_cache_free(struct kpp_cache *c);

struct kpp_opts {
	const struct strv *dirs;          /* <...> search order: paths given to read */
	const struct kpp_vfile *vfiles;   /* searched after dirs */
	size_t nvfiles;
	const char *predefs;              /* the target's macros: "NAME=VALUE ..." */
	/* Reads `path` into *out: 0, 1 if there is no such regular file (the
	 * search goes on), -1 with err_set() to stop (a path out of bounds). */
	int (*read)(void *arg, const char *path, struct buf *out);
	void *read_arg;
	struct kpp_cache *cache;          /* NULL: a cache of the run's own */
	/* A 2-argument macro name (the generic table's __SYSCALL), predefined
	 * empty: each expansion in a live text line, its first argument
	 * evaluated to an integer constant and its second an identifier, is
	 * passed to on_hook in order. NULL: text lines are not expanded. */
	const char *hook;
	void (*on_hook)(void *arg, long long nr, const char *ident);
	void *hook_arg;
};

struct kpp *kpp_new(const struct kpp_opts *o);
/* Preprocesses `text` as the main file (once per kpp). 0, or -1 with
 * err_set(EXIT_INPUT, "<file>:<line>: error: <cause>"). */
int kpp_run(struct kpp *p, const char *text);
/* Macros ever defined, in order of first definition: kpp_macro() gives the
 * name of the i-th if it is object-like and defined at the end of the run
 * (with the file of its definition in *file), else NULL. */
size_t kpp_macro_count(const struct kpp *p);
const char *kpp_macro(const struct kpp *p, size_t i, const char **file);
/* 1 and *v if macro `name` expands to an integer constant expression now,
 * 0 if it does not (or is not an object-like macro). */
int kpp_value(struct kpp *p, const char *name, long long *v);
/* Every file #included, in order of first inclusion, as found. */
const struct strv *kpp_files(const struct kpp *p);
void kpp_free(struct kpp *p);

#endif
