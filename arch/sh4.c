/* arch/sh4.c: the sh4 ABI.
 *
 * SuperH SH-4, 32-bit little endian.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"sh", NULL};

/* Trap ABI (arch/sh/kernel/entry-common.S; syscall(2)): `trapa #0x1N`
 * (0x10-0x1f select the SH-3/4 syscall ABI; N, the argument count, is what
 * glibc passes and the kernel ignores), number in r3, arguments in r4-r7,
 * r0, r1, result in r0, -4095..-1 meaning -errno; the T bit may change.
 * 64-bit values: two consecutive slots, low word first, no alignment
 * padding, except pread64/pwrite64, which pad to an even slot
 * (sys_pread_wrapper in arch/sh/kernel/sys_sh32.c; data/ll_exceptions.tsv).
 * preadv/pwritev(2) take the offset as (low, high) longs. */
static const struct arch_trap trap = {
	.insn = "trapa #0x1N",
	.nr_reg = "r3",
	.ret_reg = "r0",
	.arg_regs = {"r4", "r5", "r6", "r7", "r0", "r1"},
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 32,
	.pair_align = 0,
	.source = "arch/sh/kernel/entry-common.S; arch/sh/kernel/sys_sh32.c; syscall(2)",
	.primitives = trap_text_sh4,
};

#if CS_API_MAJOR >= 5
/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h); Capstone
 * 4 has no SuperH decoder */
static const char *const code_args[] = {"r4", "r5", "r6", "r7", NULL};
static const char *const code_saved[] = {"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
					 NULL};
/* trapa changes r0 only (glibc sh sysdep.h asm outputs) */
static const char *const code_trap[] = {"r0", NULL};
static const struct arch_code code = {
	.isa = &isa_sh,
	.cs_mode = CS_MODE_SH4 | CS_MODE_SHFPU,
	.traps = {{"trapa", NULL}},
	.call_args = code_args,
	.saved = code_saved,
	.trap_clobbers = code_trap,
	.source = "SH-4 ABI (GCC: r4-r7 arguments, r8-r14 preserved); syscall(2)",
};
#endif

const struct arch_desc arch_sh4 = {
	.name = "sh4",
	.aliases = aliases,
	.clang_triple = "sh4-linux-gnu",
	.clang_parse_triple = "mipsel-linux-gnu", /* clang 14 has no sh4 backend */
	/* clang 14 lacks this target: sh4-linux-gnu-gcc -dM -E's values */
	.cpp_predefs = "__CHAR_BIT__=8 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4",
	.multiarch = "sh4-linux-gnu",
	.gnu_triplet = "sh4-linux-gnu",
	.debian_arch = "sh4",
	.qemu = "sh4",
	.predef = "defined(__sh__)",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_SH,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "sh",
	.tbl_file = "arch/sh/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common",
	.nr_offset = 0,
	.trap = &trap,
#if CS_API_MAJOR >= 5
	.code = &code,
#endif
};
