/* arch_trap.c: emits the trap primitives of one ABI as C source.
 *
 * The generator (and the trap tests) put the result into generated headers.
 * Each block is selected by the ABI's predefined-macro condition, so blocks
 * for every ABI can sit side by side in one header and a compiler picks the
 * one for its target. Beside the primitives, a block defines the facts a
 * typed wrapper needs to split a 64-bit value into argument registers:
 *   __SYSCOV_ABI         the ABI name, so a build can tell which block won
 *   __SYSCOV_REG_BITS    width of one argument register (64 on x32 and n32)
 *   __SYSCOV_PAIR_ALIGN  1 if a register pair starts at an even slot
 *   __SYSCOV_BIG_ENDIAN  1 if the high half travels in the first register
 *   __SYSCOV_KSIGSET_BYTES  the kernel's sigset_t size, which a wrapper
 *                        passes after a sigset_t * (io_uring_enter)
 * __SYSCOV_ABI also guards the block, so a header that repeats it (or two
 * generated headers included together) define the primitives once. */
#include "arch/arch.h"
#include "arch/arch_trap.h"
#include "trap_text.h"
#include "base/util.h"

void arch_trap_emit(struct buf *out, const struct arch_desc *a)
{
	const struct arch_trap *t = a->trap;

	if (!t)
		return;
	buf_printf(out, "#if !defined(__SYSCOV_ABI) && (%s)\n", a->predef);
	buf_printf(out, "/* %s: %s; number in %s, result in %s. See %s. */\n",
		   a->name, t->insn, t->nr_reg, t->ret_reg, t->source);
	buf_printf(out, "#define __SYSCOV_ABI \"%s\"\n", a->name);
	buf_printf(out, "#define __SYSCOV_REG_BITS %u\n", t->reg_bits);
	buf_printf(out, "#define __SYSCOV_PAIR_ALIGN %d\n", t->pair_align ? 1 : 0);
	buf_printf(out, "#define __SYSCOV_BIG_ENDIAN %d\n", a->endian == ARCH_BE);
	buf_printf(out, "#define __SYSCOV_KSIGSET_BYTES %u\n", t->ksigset_bytes ? t->ksigset_bytes : 8);
	/* registers wider than long (x32, n32) are held in long long */
	buf_printf(out, "typedef %s syscov_reg_t;\n", t->reg_bits > a->word_bits ? "long long" : "long");
	buf_puts(out, t->primitives);
	buf_printf(out, "#endif /* %s */\n", a->name);
}

void arch_trap_emit_common(struct buf *out)
{
	buf_puts(out, trap_text_common);
}
