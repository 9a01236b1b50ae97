/* arch/aarch64.c: the aarch64 ABI.
 *
 * AArch64 (LP64), generic syscall table: include/uapi/asm-generic/unistd.h as
 * selected by arch/arm64/include/uapi/asm/unistd.h.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"arm64", NULL};

/* Trap ABI (arch/arm64/kernel/entry.S el0_svc; syscall(2) "Architecture
 * calling conventions"): `svc #0`, number in x8, arguments in x0-x5, result
 * in x0, -4095..-1 meaning -errno; the kernel preserves every other
 * register. Registers are 64-bit: no register pairs. */
static const struct arch_trap trap = {
	.insn = "svc #0",
	.nr_reg = "x8",
	.ret_reg = "x0",
	.arg_regs = {"x0", "x1", "x2", "x3", "x4", "x5"},
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "syscall(2); arch/arm64/kernel/entry-common.c",
	.primitives = trap_text_aarch64,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const char *const code_args[] = {"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", NULL};
static const char *const code_saved[] = {"x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27", "x28", "x29", "sp", NULL};
/* svc #0 changes x0 only (arch/arm64/kernel/entry.S; glibc aarch64 sysdep.h) */
static const char *const code_trap[] = {"x0", NULL};
static const struct arch_code code = {
	.isa = &isa_arm64,
	.cs_mode = CS_MODE_ARM,
	.traps = {{"svc", "#0"}},
	.call_args = code_args,
	.saved = code_saved,
	.trap_clobbers = code_trap,
	.source = "Procedure Call Standard for the Arm 64-bit Architecture 6.1.1; syscall(2)",
};

const struct arch_desc arch_aarch64 = {
	.name = "aarch64",
	.aliases = aliases,
	.clang_triple = "aarch64-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8",
	.multiarch = "aarch64-linux-gnu",
	.gnu_triplet = "aarch64-linux-gnu",
	.debian_arch = "arm64",
	.qemu = "aarch64",
	.predef = "defined(__aarch64__)",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_AARCH64,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_GENERIC,
	.kernel_port = "arm64",
	.nr_offset = 0,
	.trap = &trap,
	.code = &code,
};
