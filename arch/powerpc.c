/* arch/powerpc.c: the powerpc ABI.
 *
 * 32-bit PowerPC big endian (SysV ABI). Table rows common, 32 and nospu.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"ppc", "ppc32", NULL};

/* Trap ABI (SysV PowerPC ABI; arch/powerpc/kernel/entry_32.S; syscall(2)):
 * `sc`, number in r0, arguments in r3-r8, result in r3. On failure the
 * kernel sets cr0.SO and returns a positive errno, which the primitives
 * negate. The kernel may change r0, r4-r12, ctr, xer and cr0.
 * 64-bit values: a register pair, high word first (big endian), starting at
 * an even slot (r3, r5, r7: the odd-numbered registers, as the SysV ABI
 * places long long), so pread64 is fd, buf, count, 0, hi, lo. Calls
 * reordered to avoid padding (data/ll_exceptions.tsv): sync_file_range2(fd,
 * flags, off, nbytes) and fadvise64_64 as ppc_fadvise64_64(fd, advice, off,
 * len). preadv/pwritev(2) take the offset as (low, high) longs. */
static const struct arch_trap trap = {
	.insn = "sc",
	.nr_reg = "r0",
	.ret_reg = "r3",
	.arg_regs = {"r3", "r4", "r5", "r6", "r7", "r8"},
	.err = TRAP_ERR_PPC_SO,
	.reg_bits = 32,
	.pair_align = 1,
	.source = "SysV PowerPC ABI; arch/powerpc/kernel/entry_32.S; syscall(2)",
	.primitives = trap_text_ppc,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const struct arch_code code = {
	.isa = &isa_ppc,
	.cs_mode = CS_MODE_32 | CS_MODE_BIG_ENDIAN,
	.traps = {{"sc", NULL}},
	.call_args = code_ppc_args,
	.saved = code_ppc_saved,
	.source = "Power Architecture 32-bit ABI Supplement; syscall(2)",
};

const struct arch_desc arch_powerpc = {
	.name = "powerpc",
	.aliases = aliases,
	.clang_triple = "powerpc-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __ILP32__=1 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4",
	.multiarch = "powerpc-linux-gnu",
	.gnu_triplet = "powerpc-linux-gnu",
	.debian_arch = "powerpc",
	.qemu = "ppc",
	.predef = "defined(__powerpc__) && !defined(__powerpc64__)",
	.word_bits = 32,
	.endian = ARCH_BE,
	.elf_machine = EM_PPC,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "powerpc",
	.tbl_file = "arch/powerpc/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common,32,nospu",
	.nr_offset = 0,
	.trap = &trap,
	.code = &code,
};
