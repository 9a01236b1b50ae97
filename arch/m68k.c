/* arch/m68k.c: the m68k ABI.
 *
 * Motorola 68k, 32-bit big endian.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {NULL};

/* Trap ABI (arch/m68k/kernel/entry.S; syscall(2)): `trap #0`, number in d0,
 * arguments in d1, d2, d3, d4, d5, a0, result in d0, -4095..-1 meaning
 * -errno. 64-bit values: two consecutive slots, high word first (big
 * endian), no alignment padding. preadv/pwritev(2) take the offset as
 * (low, high) longs; _llseek names its halves (high, low). */
static const struct arch_trap trap = {
	.insn = "trap #0",
	.nr_reg = "d0",
	.ret_reg = "d0",
	.arg_regs = {"d1", "d2", "d3", "d4", "d5", "a0"},
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 32,
	.pair_align = 0,
	.source = "arch/m68k/kernel/entry.S; syscall(2)",
	.primitives = trap_text_m68k,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const char *const code_saved[] = {"d2", "d3", "d4", "d5", "d6", "d7", "a2", "a3", "a4", "a5", "a6", "a7", NULL};
/* trap #0 changes d0 only (glibc m68k sysdep.h asm outputs) */
static const char *const code_trap[] = {"d0", NULL};
static const struct arch_code code = {
	.isa = &isa_m68k,
	.cs_mode = CS_MODE_BIG_ENDIAN | CS_MODE_M68K_040,
	.traps = {{"trap", "#$0"}},
	.saved = code_saved,
	.trap_clobbers = code_trap,
	.source = "System V m68k psABI (arguments on the stack; d2-d7, a2-a6 preserved); syscall(2)",
};

const struct arch_desc arch_m68k = {
	.name = "m68k",
	.aliases = aliases,
	.clang_triple = "m68k-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __ILP32__=1 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4",
	.multiarch = "m68k-linux-gnu",
	.gnu_triplet = "m68k-linux-gnu",
	.debian_arch = "m68k",
	.qemu = "m68k",
	.predef = "defined(__m68k__)",
	.word_bits = 32,
	.endian = ARCH_BE,
	.elf_machine = EM_68K,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "m68k",
	.tbl_file = "arch/m68k/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common",
	.nr_offset = 0,
	.trap = &trap,
	.code = &code,
};
