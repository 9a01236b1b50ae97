/* arch/s390x.c: the s390x ABI.
 *
 * IBM z (s390x), 64-bit big endian. Its .tbl has two entry columns
 * (64-bit and compat); rows common and 64.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"s390", NULL};

const struct arch_desc arch_s390x = {
	.name = "s390x",
	.aliases = aliases,
	.clang_triple = "s390x-linux-gnu",
	.multiarch = "s390x-linux-gnu",
	.gnu_triplet = "s390x-linux-gnu",
	.debian_arch = "s390x",
	.qemu = "s390x",
	.predef = "defined(__s390x__)",
	.word_bits = 64,
	.endian = ARCH_BE,
	.elf_machine = EM_S390,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "s390",
	.tbl_file = "arch/s390/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common,64",
	.nr_offset = 0,
};
