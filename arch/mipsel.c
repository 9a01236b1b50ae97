/* arch/mipsel.c: the mipsel ABI.
 *
 * MIPS o32, little endian. Numbers start at __NR_Linux = 4000.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"mips", "o32", "mipso32", NULL};

const struct arch_desc arch_mipsel = {
	.name = "mipsel",
	.aliases = aliases,
	.clang_triple = "mipsel-linux-gnu",
	.multiarch = "mipsel-linux-gnu",
	.gnu_triplet = "mipsel-linux-gnu",
	.debian_arch = "mipsel",
	.qemu = "mipsel",
	.predef = "defined(__mips__) && defined(_ABIO32) && _MIPS_SIM == _ABIO32",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_MIPS,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "mips",
	.tbl_file = "arch/mips/kernel/syscalls/syscall_o32.tbl",
	.tbl_abis = "o32",
	.nr_offset = 4000,
};
