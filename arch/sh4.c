/* arch/sh4.c: the sh4 ABI.
 *
 * SuperH SH-4, 32-bit little endian.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"sh", NULL};

const struct arch_desc arch_sh4 = {
	.name = "sh4",
	.aliases = aliases,
	.clang_triple = "sh4-linux-gnu",
	.multiarch = "sh4-linux-gnu",
	.gnu_triplet = "sh4-linux-gnu",
	.debian_arch = "sh4",
	.qemu = "sh4",
	.predef = "defined(__sh__)",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_SH,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "sh",
	.tbl_file = "arch/sh/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common",
	.nr_offset = 0,
};
