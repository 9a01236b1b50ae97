/* arch/riscv64.c: the riscv64 ABI.
 *
 * RISC-V 64 (LP64D), generic syscall table selected by
 * arch/riscv/include/uapi/asm/unistd.h.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"riscv", NULL};

/* Trap ABI (RISC-V psABI; arch/riscv/kernel/entry.S; syscall(2)): `ecall`,
 * number in a7, arguments in a0-a5, result in a0, -4095..-1 meaning -errno;
 * the kernel preserves every other register. Registers are 64-bit: no
 * register pairs. */
static const struct arch_trap trap = {
	.insn = "ecall",
	.nr_reg = "a7",
	.ret_reg = "a0",
	.arg_regs = {"a0", "a1", "a2", "a3", "a4", "a5"},
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "RISC-V psABI; arch/riscv/kernel/entry.S; syscall(2)",
	.primitives = trap_text_riscv64,
};

#if CS_API_MAJOR >= 5
/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h); Capstone
 * 4 has no RISC-V decoder */
static const char *const code_args[] = {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", NULL};
static const char *const code_saved[] = {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8",
					 "s9", "s10", "s11", "sp", "gp", "tp", NULL};
/* ecall changes a0 only (glibc riscv sysdep.h asm outputs) */
static const char *const code_trap[] = {"a0", NULL};
static const struct arch_code code = {
	.isa = &isa_riscv,
	.cs_mode = CS_MODE_RISCV64 | CS_MODE_RISCVC,
	.traps = {{"ecall", NULL}},
	.call_args = code_args,
	.saved = code_saved,
	.trap_clobbers = code_trap,
	.source = "RISC-V ELF psABI (integer calling convention); syscall(2)",
};
#endif

const struct arch_desc arch_riscv64 = {
	.name = "riscv64",
	.aliases = aliases,
	.clang_triple = "riscv64-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8",
	.multiarch = "riscv64-linux-gnu",
	.gnu_triplet = "riscv64-linux-gnu",
	.debian_arch = "riscv64",
	.qemu = "riscv64",
	.predef = "defined(__riscv) && __riscv_xlen == 64",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_RISCV,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_GENERIC,
	.kernel_port = "riscv",
	.nr_offset = 0,
	.trap = &trap,
#if CS_API_MAJOR >= 5
	.code = &code,
#endif
};
