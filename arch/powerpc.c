/* arch/powerpc.c: the powerpc ABI.
 *
 * 32-bit PowerPC big endian (SysV ABI). Table rows common, 32 and nospu.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"ppc", "ppc32", NULL};

const struct arch_desc arch_powerpc = {
	.name = "powerpc",
	.aliases = aliases,
	.clang_triple = "powerpc-linux-gnu",
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
};
