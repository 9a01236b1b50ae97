/* kernel_types.h: prototypes from a scanned kernel tree (kernel_types.c):
 * the prototype of each ABI's entry point of a syscall, from the kproto
 * table (kproto.h), mapped to user-space spellings and rebuilt by the
 * whitelist grammar of grammar.c. docs/gen.md has the rules. */
#ifndef SYSCOV_KERNEL_TYPES_H
#define SYSCOV_KERNEL_TYPES_H

#include "arch/arch.h"
#include "base/db.h"
#include "types/types.h"

struct gen_kernel;

/* The newest kernel-tree scan of the DB that has prototypes, with the
 * entry points of the ABIs abi[0..nabi): 1 with *gk, 0 if there is none,
 * -1 (EXIT_DB). */
int gen_kernel_open(struct db *db, const struct arch_desc *const *abi, size_t nabi,
		    struct gen_kernel **gk);
void gen_kernel_close(struct gen_kernel *gk);

/* The label of the scan, for the header comment ("kernel-linux-6.1"). */
const char *gen_kernel_label(const struct gen_kernel *gk);

/* A kernel prototype, in user-space spellings. */
struct gen_kproto {
	struct gen_type ret;
	struct gen_param p[GEN_MAX_ARGS];
	int is_ptr[GEN_MAX_ARGS];
	int np;
	char func[72];   /* the entry point without sys_: "futex" */
	char where[160]; /* "include/linux/syscalls.h:600", when printable */
	int no_entry;    /* the tables give it no entry point on these ABIs:
			  * no parameters, and no drift from a man page */
};

/* The kernel's prototype of syscall `name`: the first ABI (in abi order)
 * that implements it and whose entry point has one prototype (the port's
 * own first, then the generic headers'); none of them implementing it, a
 * prototype without parameters (no_entry). 1 with *k, 0 with *why (fixed
 * text) when there is none or it does not map, -1 (EXIT_DB). */
int gen_kernel_proto(struct gen_kernel *gk, const char *name, struct gen_kproto *k,
		     const char **why);

/* A kernel UAPI typedef of a man page's prototype (cap_user_header_t,
 * aio_context_t, __u32) in the user-space spelling of the kernel types
 * (struct __user_cap_header_struct *, unsigned long, uint32_t): no
 * <linux/...> header needed, so musl-gcc, whose include dir has none, can
 * compile it. 1 if t was rewritten. */
int gen_kernel_user_type(struct gen_type *t);

/* The header that declares libc typedef tdef as a kernel-typed wrapper
 * uses it (one of libc_same in kernel_types.c), NULL for <stdint.h>'s. */
const char *gen_kernel_header(const char *tdef);

#endif
