/* arch/m68k.c: the m68k ABI.
 *
 * Motorola 68k, 32-bit big endian.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {NULL};

const struct arch_desc arch_m68k = {
	.name = "m68k",
	.aliases = aliases,
	.clang_triple = "m68k-linux-gnu",
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
};
