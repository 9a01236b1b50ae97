/* arch/alpha.c: the alpha ABI.
 *
 * DEC Alpha, 64-bit little endian. EM_ALPHA is the unofficial 0x9026.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {NULL};

const struct arch_desc arch_alpha = {
	.name = "alpha",
	.aliases = aliases,
	.clang_triple = "alpha-linux-gnu",
	.multiarch = "alpha-linux-gnu",
	.gnu_triplet = "alpha-linux-gnu",
	.debian_arch = "alpha",
	.qemu = "alpha",
	.predef = "defined(__alpha__)",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_ALPHA,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "alpha",
	.tbl_file = "arch/alpha/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common",
	.nr_offset = 0,
};
