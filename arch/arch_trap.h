/* arch_trap.h: how a program traps into the kernel on one ABI, for the
 * wrapper generator (src/gen*.c). Each arch/<abi>.c that the generator
 * supports points its descriptor's .trap at one of these.
 *
 * The code is plain C in arch/trap_<abi or family>.h, compiled as written by
 * the tests; the build embeds each file's text after its leading comment as
 * trap_text_<name> (scripts/embed_trap.cmake, trap_text.h in the build dir),
 * and `primitives` points at it. Contract of that text: C source (inline
 * asm) that defines, for this ABI, with syscov_reg_t (an int type as wide as
 * an argument register: long, or long long where registers are wider than
 * long, on x32 and n32) already typedef'd by arch_trap_emit(),
 *   static inline long __syscov_sys0(long n);
 *   static inline long __syscov_sys1(long n, syscov_reg_t a); ... up to
 *   static inline long __syscov_sys6(long n, syscov_reg_t a, ..., syscov_reg_t f);
 * each returning the kernel's result in the Linux convention: -errno
 * (-4095..-1) on failure, whatever the ABI's own error signalling (the a3
 * flag on MIPS, cr0.SO on powerpc) looked like. The generator emits it
 * inside `#if <arch->predef>` and builds typed wrappers on top. The text is
 * ours (reviewed C), never input-derived.
 *
 * The register facts below are stated here once, for the parts that need
 * them without the code (the block's comment, the machine-code evidence);
 * tests/trap/facts.c checks them against the code of each ABI. */
#ifndef SYSCOV_ARCH_TRAP_H
#define SYSCOV_ARCH_TRAP_H

enum trap_err {
	TRAP_ERR_NEGATIVE, /* result in -4095..-1 means -errno */
	TRAP_ERR_MIPS_A3,  /* a3 != 0 means v0 holds a positive errno */
	TRAP_ERR_PPC_SO,   /* cr0.SO set means r3 holds a positive errno */
	TRAP_ERR_CARRY,    /* sparc: carry (xcc.C) set means %o0 is a positive errno */
	TRAP_ERR_ALPHA_A3, /* alpha: a3 ($19) != 0 means v0 ($0) is a positive errno */
};

struct arch_trap {
	const char *insn;          /* trap instruction: "syscall", "svc #0", ... */
	const char *nr_reg;        /* register carrying the syscall number */
	const char *ret_reg;       /* register carrying the result */
	const char *arg_regs[6];   /* argument registers, in order ("stack" if so) */
	enum trap_err err;
	unsigned reg_bits;         /* width of one argument register: 64 on x32/n32 */
	int pair_align;            /* 64-bit args in a register pair start at an even slot */
	/* the kernel's sigset_t in bytes, _NSIG / 8 of arch/<port>/include/
	 * uapi/asm/signal.h; 0 for 8 (_NSIG 64, every port but MIPS) */
	unsigned ksigset_bytes;
	const char *source;        /* where the ABI is specified (psABI, kernel file) */
	const char *primitives;    /* trap_text_<name>: see the contract above */
};

/* Every arch/trap_*.h text, by file name (for the tests: trap_text.c). */
struct trap_file {
	const char *name; /* "trap_ppc.h" */
	const char *text;
};
extern const struct trap_file trap_files[];
extern const unsigned trap_nfiles;

struct buf;
struct arch_desc;
/* Appends `#if <a->predef>` ... `#endif` holding a's primitives and the
 * __SYSCOV_ABI, __SYSCOV_REG_BITS, __SYSCOV_PAIR_ALIGN, __SYSCOV_BIG_ENDIAN
 * macros (see arch_trap.c); appends nothing if a has no trap. */
void arch_trap_emit(struct buf *out, const struct arch_desc *a);
/* Appends what a header holds once after its ABI blocks (arch/trap_common.h):
 * the 64-bit pair helpers and __syscov_ret(), the errno convention. */
void arch_trap_emit_common(struct buf *out);

#endif
