/* arch/hppa.c: the hppa ABI.
 *
 * PA-RISC 32-bit userland, big endian. Rows common and 32.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"parisc", NULL};

const struct arch_desc arch_hppa = {
	.name = "hppa",
	.aliases = aliases,
	.clang_triple = "hppa-linux-gnu",
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
};
