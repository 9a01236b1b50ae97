/* arch/alpha.c: the alpha ABI.
 *
 * DEC Alpha, 64-bit little endian. EM_ALPHA is the unofficial 0x9026.
 */
#include "arch/arch.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {NULL};

/* Trap ABI (arch/alpha/kernel/entry.S; syscall(2)): `callsys`, number in v0
 * ($0), arguments in a0-a5 ($16-$21), result in v0. On failure the kernel
 * sets a3 ($19) to 1 and returns a positive errno in v0, which the
 * primitives negate. The kernel may change the temporaries $1-$8,
 * $22-$25, $27, $28 and the argument registers. Registers are 64-bit: no
 * register pairs. */
static const struct arch_trap trap = {
	.insn = "callsys",
	.nr_reg = "v0",
	.ret_reg = "v0",
	.arg_regs = {"a0", "a1", "a2", "a3", "a4", "a5"},
	.err = TRAP_ERR_ALPHA_A3,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "arch/alpha/kernel/entry.S; syscall(2)",
	.primitives = trap_text_alpha,
};

const struct arch_desc arch_alpha = {
	.name = "alpha",
	.aliases = aliases,
	.clang_triple = "alpha-linux-gnu",
	/* clang 14 lacks this target: alpha-linux-gnu-gcc -dM -E's values */
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8",
	.multiarch = "alpha-linux-gnu",
	.gnu_triplet = "alpha-linux-gnu",
	.debian_arch = "alpha",
	.qemu = "alpha",
	.predef = "defined(__alpha__)",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_ALPHA,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "alpha",
	.tbl_file = "arch/alpha/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common",
	.nr_offset = 0,
	.trap = &trap,
};
