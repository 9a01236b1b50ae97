/* arch/ppc64.c: the ppc64 ABI.
 *
 * 64-bit PowerPC big endian (ELFv1). Same table as ppc64le.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"powerpc64", NULL};

/* Trap ABI (64-bit ELF V1 ABI; arch/powerpc/kernel/interrupt_64.S;
 * syscall(2)): `sc`, number in r0, arguments in r3-r8, result in r3. On
 * failure the kernel sets the summary-overflow bit of cr0 and returns a
 * positive errno, which the primitives negate. The kernel may change r0,
 * r4-r12, ctr, xer and cr0. Registers are 64-bit: no register pairs. */
static const struct arch_trap trap = {
	.insn = "sc",
	.nr_reg = "r0",
	.ret_reg = "r3",
	.arg_regs = {"r3", "r4", "r5", "r6", "r7", "r8"},
	.err = TRAP_ERR_PPC_SO,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "64-bit ELF V1 ABI; arch/powerpc/kernel/interrupt_64.S; syscall(2)",
	.primitives = trap_text_ppc,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const struct arch_code code = {
	.isa = &isa_ppc,
	.cs_mode = CS_MODE_64 | CS_MODE_BIG_ENDIAN,
	.traps = {{"sc", NULL}},
	.call_args = code_ppc_args,
	.saved = code_ppc_saved,
	.source = "64-bit PowerPC ELF ABI Supplement (ELFv1); syscall(2)",
};

const struct arch_desc arch_ppc64 = {
	.name = "ppc64",
	.aliases = aliases,
	.clang_triple = "powerpc64-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8 __powerpc64__=1",
	.multiarch = "powerpc64-linux-gnu",
	.gnu_triplet = "powerpc64-linux-gnu",
	.debian_arch = "ppc64",
	.qemu = "ppc64",
	.predef = "defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__",
	.word_bits = 64,
	.endian = ARCH_BE,
	.elf_machine = EM_PPC64,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "powerpc",
	.tbl_file = "arch/powerpc/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common,64,nospu",
	.nr_offset = 0,
	.trap = &trap,
	.code = &code,
};
