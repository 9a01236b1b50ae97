/* arch/ppc64.c: the ppc64 ABI.
 *
 * 64-bit PowerPC big endian (ELFv1). Same table as ppc64le.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"powerpc64", NULL};

const struct arch_desc arch_ppc64 = {
	.name = "ppc64",
	.aliases = aliases,
	.clang_triple = "powerpc64-linux-gnu",
	.multiarch = "powerpc64-linux-gnu",
	.gnu_triplet = "powerpc64-linux-gnu",
	.debian_arch = "ppc64",
	.qemu = "ppc64",
	.predef = "defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__",
	.word_bits = 64,
	.endian = ARCH_BE,
	.elf_machine = EM_PPC64,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "powerpc",
	.tbl_file = "arch/powerpc/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common,64,nospu",
	.nr_offset = 0,
};
