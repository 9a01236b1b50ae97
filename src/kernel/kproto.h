/* kproto.h: the kernel's own prototypes of its syscall entry points, read
 * from a kernel tree (kproto.c) into the kproto table, for the wrapper
 * generator to type what the man pages cannot (types/kernel_types.c).
 *
 * Sources, in a tree: include/linux/syscalls.h and
 * include/asm-generic/syscalls.h (`asmlinkage long sys_x(...);`), each
 * port's arch/<port>/include/asm/syscalls*.h, and the port's own syscall
 * sources arch/<port>/kernel/sys*.[ch] for the calls only a port has
 * (riscv_flush_icache, sysmips: SYSCALL_DEFINEn(...) or an asmlinkage
 * definition). The rows hold the kernel's spelling (`__user` dropped);
 * nothing from them reaches generated C but through types/grammar.c's grammar. */
#ifndef SYSCOV_KPROTO_H
#define SYSCOV_KPROTO_H

#include <stddef.h>

#include "scan/scanner.h"

/* The scanner of a kernel-tree scan: every prototype of the files above.
 * A file missing is fine (older trees); a file leading out of the tree is
 * an error (EXIT_INPUT). */
int kproto_scan_tree(struct scan_ctx *ctx);

/* One prototype found in a text. */
struct kproto {
	char name[72];      /* without sys_: "futex" */
	const char *ret;    /* "long" */
	const char *params; /* "u32 *uaddr, int op, ..." or "" */
	int nparams, line;
};

/* Calls found() for each prototype of C text (a header or a source file):
 * preprocessor lines, comments and literals are skipped; a prototype with
 * a character outside identifiers, `*`, `[`, `]`, digits and commas (a
 * function pointer, an attribute) is left out. Returns what found()
 * returned if not 0, else 0. Exposed for the fuzz target. */
int kproto_parse(const char *text, size_t len, int (*found)(void *arg, const struct kproto *p),
		 void *arg);

#endif
