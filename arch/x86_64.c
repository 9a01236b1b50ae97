/* arch/x86_64.c: the x86_64 ABI.
 *
 * x86-64 System V psABI, LP64. The kernel port also runs i386 and x32 binaries,
 * so a sysroot scan of x86_64 records those two tables beside its own.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"amd64", "x86-64", NULL};
static const char *const companions[] = {"i386", "x32", NULL};

/* Trap ABI (x86-64 psABI A.2.1 "Calling Conventions" for the kernel;
 * arch/x86/entry/entry_64.S): `syscall`, number in rax, arguments in rdi,
 * rsi, rdx, r10, r8, r9 (r10 instead of rcx because the instruction itself
 * overwrites rcx with the return address and r11 with rflags, so both are
 * clobbered), result in rax, -4095..-1 meaning -errno. Registers are 64-bit:
 * a 64-bit value is one argument and no call needs a register pair. */
static const struct arch_trap trap = {
	.insn = "syscall",
	.nr_reg = "rax",
	.ret_reg = "rax",
	.arg_regs = {"rdi", "rsi", "rdx", "r10", "r8", "r9"},
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "x86-64 psABI A.2.1; arch/x86/entry/entry_64.S",
	.primitives = trap_text_x86_64,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const struct arch_code code = {
	.isa = &isa_x86,
	.cs_mode = CS_MODE_64,
	.traps = {{"syscall", NULL}},
	.call_args = code_x86_64_args,
	.saved = code_x86_64_saved,
	.trap_clobbers = code_x86_64_trap,
	.source = "System V AMD64 psABI 3.2.3; syscall(2)",
};

const struct arch_desc arch_x86_64 = {
	.name = "x86_64",
	.aliases = aliases,
	.clang_triple = "x86_64-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8 __x86_64__=1",
	.multiarch = "x86_64-linux-gnu",
	.gnu_triplet = "x86_64-linux-gnu",
	.debian_arch = "amd64",
	.qemu = "x86_64",
	.predef = "defined(__x86_64__) && !defined(__ILP32__)",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_X86_64,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "x86",
	.tbl_file = "arch/x86/entry/syscalls/syscall_64.tbl",
	.tbl_abis = "common,64",
	.nr_offset = 0,
	.companions = companions,
	.trap = &trap,
	.code = &code,
};
