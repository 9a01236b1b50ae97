/* arch/trap_common.h: what every generated header holds once, after its
 * ABI blocks: the helpers that split a 64-bit argument into a register pair
 * in the order of the block's __SYSCOV_BIG_ENDIAN, and __syscov_ret(), the
 * error convention of the syscov_ wrappers (-errno to -1 and errno). It
 * needs syscov_reg_t and __SYSCOV_BIG_ENDIAN from the block, <errno.h> and
 * <stdint.h>.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte (arch/arch_trap.c);
 * the build embeds it (scripts/embed_trap.cmake). */

/* A 64-bit argument in a pair of 32-bit registers: LL1 goes first. */
#if __SYSCOV_BIG_ENDIAN
#define __SYSCOV_LL1(x) ((syscov_reg_t)(unsigned long)((unsigned long long)(x) >> 32))
#define __SYSCOV_LL2(x) ((syscov_reg_t)(unsigned long)(unsigned long long)(x))
#else
#define __SYSCOV_LL1(x) ((syscov_reg_t)(unsigned long)(unsigned long long)(x))
#define __SYSCOV_LL2(x) ((syscov_reg_t)(unsigned long)((unsigned long long)(x) >> 32))
#endif
#define __SYSCOV_ARG(x) ((syscov_reg_t)(x))
#define __SYSCOV_PTR(x) ((syscov_reg_t)(uintptr_t)(x))

/* -errno to the libc convention (musl's __syscall_ret); -4095 to -1 as
 * one unsigned compare: two instructions, not four */
static inline long __syscov_ret(long r)
{
	if (__builtin_expect((unsigned long)r > -4096UL, 0)) {
		errno = (int)-r;
		return -1;
	}
	return r;
}
