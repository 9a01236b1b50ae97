/* arch/ppc64le.c: the ppc64le ABI.
 *
 * 64-bit PowerPC little endian (ELFv2). Table rows common, 64 and nospu.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"ppc64el", "powerpc64le", NULL};

const struct arch_desc arch_ppc64le = {
	.name = "ppc64le",
	.aliases = aliases,
	.clang_triple = "powerpc64le-linux-gnu",
	.multiarch = "powerpc64le-linux-gnu",
	.gnu_triplet = "powerpc64le-linux-gnu",
	.debian_arch = "ppc64el",
	.qemu = "ppc64le",
	.predef = "defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_PPC64,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "powerpc",
	.tbl_file = "arch/powerpc/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common,64,nospu",
	.nr_offset = 0,
};
