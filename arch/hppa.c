/* arch/hppa.c: the hppa ABI.
 *
 * PA-RISC 32-bit userland, big endian. Rows common and 32.
 */
#include "arch/arch.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"parisc", NULL};

/* Trap ABI (PA-RISC 32-bit runtime; arch/parisc/kernel/syscall.S;
 * syscall(2)): a branch to the gateway page, `ble 0x100(%sr2, %r0)`, with
 * the number in r20, arguments in r26, r25, r24, r23, r22, r21, result in
 * r28, -4095..-1 meaning -errno. The kernel may change r1, r2, r20-r26, r29,
 * r31 and r19; r19 is the PIC register, which an asm may not list as
 * clobbered, so the primitives keep it in r4 across the call.
 * 64-bit values: two consecutive slots, high word first (big endian), no
 * alignment padding: the kernel takes every such call through a wrapper
 * with explicit halves (parisc_pread64(fd, buf, count, high, low),
 * parisc_fallocate, parisc_sync_file_range, parisc_fadvise64_64 in
 * arch/parisc/kernel/sys_parisc.c), although the C calling convention
 * would align a long long. preadv/pwritev(2) take the offset as (low, high)
 * longs. */
static const struct arch_trap trap = {
	.insn = "ble 0x100(%sr2, %r0)",
	.nr_reg = "r20",
	.ret_reg = "r28",
	.arg_regs = {"r26", "r25", "r24", "r23", "r22", "r21"},
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 32,
	.pair_align = 0,
	.source = "arch/parisc/kernel/syscall.S; arch/parisc/kernel/sys_parisc.c; syscall(2)",
	.primitives = trap_text_hppa,
};

const struct arch_desc arch_hppa = {
	.name = "hppa",
	.aliases = aliases,
	.clang_triple = "hppa-linux-gnu",
	.clang_parse_triple = "mips-linux-gnu", /* clang 14 has no hppa backend */
	/* clang 14 lacks this target: hppa-linux-gnu-gcc -dM -E's values */
	.cpp_predefs = "__CHAR_BIT__=8 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4",
	.multiarch = "hppa-linux-gnu",
	.gnu_triplet = "hppa-linux-gnu",
	.debian_arch = "hppa",
	.qemu = "hppa",
	.predef = "defined(__hppa__)",
	.word_bits = 32,
	.endian = ARCH_BE,
	.elf_machine = EM_PARISC,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "parisc",
	.tbl_file = "arch/parisc/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common,32",
	.nr_offset = 0,
	.trap = &trap,
};
