/* sysroot.h: the sysroot model and confined path resolution.
 *
 * A sysroot is a directory tree treated as "/" for everything syscov reads:
 * a full root (/, a debootstrap dir), a Debian cross prefix
 * (/usr/aarch64-linux-gnu with include/ and lib/), or a split layout given by
 * explicit --include/--libdir dirs (musl on Debian). Paths inside it,
 * absolute symlinks included, are resolved by hand against its root, and a
 * path whose resolution would leave it (".." above the root) is an error
 * naming that path: nothing outside the sysroot is ever opened through here. */
#ifndef SYSCOV_SYSROOT_H
#define SYSCOV_SYSROOT_H

#include "arch/arch.h"
#include "base/util.h"

enum sysroot_layout { LAYOUT_ROOT, LAYOUT_CROSS, LAYOUT_SPLIT };

struct sysroot_opts {
	const char *arch;      /* --arch, NULL: detect */
	struct strv include;   /* --include DIR..., sysroot-relative */
	struct strv libdir;    /* --libdir DIR... */
};

struct sysroot {
	char *root;            /* canonical host path, "/" or without trailing '/' */
	enum sysroot_layout layout;
	const struct arch_desc *arch;
	struct strv inc;       /* libc header dirs, search order, sysroot-relative */
	/* inc resolved inside the sysroot, as host paths: what libclang reads
	 * (given as they are, /evil -> /usr/include would lead it to the
	 * host's headers; inc keeps the names, for the scan's key and inputs) */
	struct strv inc_host;
	struct strv uapi_inc;  /* dirs searched for kernel UAPI headers */
	struct strv libdirs;   /* library dirs, search order, sysroot-relative */
};

/* Opens and classifies `path`; fails (EXIT_INPUT/EXIT_USAGE) when it does not
 * exist, is not a directory, has no headers, or its arch is unknown or
 * ambiguous. */
int sysroot_open(struct sysroot *sr, const char *path, const struct sysroot_opts *o);
void sysroot_close(struct sysroot *sr);
const char *sysroot_layout_name(enum sysroot_layout l);

/* Resolves `path` (absolute paths are taken relative to the sysroot) through
 * every symlink, inside the sysroot. On success stores the canonical
 * sysroot-relative path ("/usr/lib/x.so") in *rel (caller frees) and returns
 * 0. Returns -ENOENT when a component is missing, -EXDEV when resolution
 * would escape, -ELOOP on too many links; each with err_set() naming `path`. */
int sysroot_resolve(const struct sysroot *sr, const char *path, char **rel);
/* Host path of a sysroot-relative canonical path (caller frees). */
char *sysroot_host_path(const struct sysroot *sr, const char *rel);
/* Resolves then opens read-only (O_NOFOLLOW on the resolved path); returns
 * an fd or a negative errno as sysroot_resolve(). *rel may be NULL. */
int sysroot_open_file(const struct sysroot *sr, const char *path, char **rel);
/* Resolves, then reads the whole regular file, at most `max` bytes. */
int sysroot_read_file(const struct sysroot *sr, const char *path, size_t max, struct buf *out,
		      char **rel);
/* sysroot_read_file() of a path sysroot_resolve() returned, without walking
 * it again (a scanner reading hundreds of files of one resolved dir). */
int sysroot_read_resolved(const struct sysroot *sr, const char *rel, size_t max, struct buf *out);
/* 1 if `path` resolves to a directory (or regular file) inside the sysroot. */
int sysroot_is_dir(const struct sysroot *sr, const char *path);
int sysroot_is_file(const struct sysroot *sr, const char *path);
/* Finds `name` (e.g. "asm/unistd.h") in the dirs of `dirs`; returns the
 * resolved sysroot-relative path or NULL. */
char *sysroot_find_in(const struct sysroot *sr, const struct strv *dirs, const char *name);
/* Why sysroot_find_in() found no `name`: -1 with err_set() when one of the
 * dirs holds it as a symlink leading out of the sysroot or into a loop (an
 * input lost, to be said), 0 when it is absent. */
int sysroot_find_why(const struct sysroot *sr, const struct strv *dirs, const char *name);
/* Maps an absolute path written by a tool of this sysroot to a
 * sysroot-relative one, the way `ld --sysroot` does: a host path that already
 * begins with the sysroot's root loses that prefix (Debian cross prefixes
 * write /usr/aarch64-linux-gnu/lib/... in their linker scripts). */
const char *sysroot_strip_prefix(const struct sysroot *sr, const char *abs);
/* The sysroot-relative path of `abs`, named by a linker script of this
 * sysroot: sysroot_strip_prefix(), inside the sysroot as ld --sysroot
 * reads it. When nothing is there, the sysroot is a prefix copied from
 * where it was installed (a copy of /usr/aarch64-linux-gnu as my-sysroot,
 * whose /lib/libc.so names /usr/aarch64-linux-gnu/lib/libc.so.6): the
 * longest tail of `abs` with a dir and a name that is a file inside it
 * (/lib/libc.so.6, /lib32/ld.so.1). Caller frees. */
char *sysroot_script_path(const struct sysroot *sr, const char *abs);

#endif
