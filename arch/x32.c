/* arch/x32.c: the x32 ABI.
 *
 * x32: the x86-64 instruction set with ILP32 types. Its numbers carry
 * __X32_SYSCALL_BIT (0x40000000, arch/x86/include/uapi/asm/unistd.h) on top of
 * the syscall_64.tbl numbers of the common and x32 rows.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"x86_64-x32", "gnux32", NULL};

/* Trap ABI (x86-64 psABI A.2.1 with the ILP32 data model;
 * arch/x86/entry/syscalls/syscall_64.tbl, rows common and x32): the x86-64
 * trap unchanged (`syscall`; rax; rdi, rsi, rdx, r10, r8, r9; rcx, r11
 * clobbered) with __X32_SYSCALL_BIT (0x40000000) set in the number; the
 * scanned table already includes it. Registers stay 64-bit, so syscov_reg_t
 * is long long and a 64-bit value (loff_t) travels in one register although
 * long is 32-bit. Exception: preadv, pwritev, preadv2, pwritev2 take the
 * offset in one register too (compat_sys_preadv64 and friends), where the
 * other ILP32 ABIs pass it as two longs (data/ll_exceptions.tsv). Error:
 * -4095..-1 is -errno. */
static const struct arch_trap trap = {
	.insn = "syscall",
	.nr_reg = "rax",
	.ret_reg = "rax",
	.arg_regs = {"rdi", "rsi", "rdx", "r10", "r8", "r9"},
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "x86-64 psABI A.2.1; arch/x86/entry/syscalls/syscall_64.tbl (x32)",
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
	.source = "System V AMD64 psABI 3.2.3 (ILP32); syscall(2)",
};

const struct arch_desc arch_x32 = {
	.name = "x32",
	.aliases = aliases,
	.clang_triple = "x86_64-linux-gnux32",
	.cpp_predefs = "__CHAR_BIT__=8 __ILP32__=1 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4 __x86_64__=1",
	.multiarch = "x86_64-linux-gnux32",
	.gnu_triplet = "x86_64-linux-gnux32",
	.debian_arch = "x32",
	.qemu = NULL,
	.predef = "defined(__x86_64__) && defined(__ILP32__)",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_X86_64,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "x86",
	.tbl_file = "arch/x86/entry/syscalls/syscall_64.tbl",
	.tbl_abis = "common,x32",
	.nr_offset = 0x40000000,
	.trap = &trap,
	.code = &code,
};
