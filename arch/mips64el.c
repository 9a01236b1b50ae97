/* arch/mips64el.c: the mips64el ABI.
 *
 * MIPS n64, little endian. Numbers start at __NR_Linux = 5000
 * (arch/mips/include/uapi/asm/unistd.h).
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"mips64", "mipsn64", "n64", NULL};

const struct arch_desc arch_mips64el = {
	.name = "mips64el",
	.aliases = aliases,
	.clang_triple = "mips64el-linux-gnuabi64",
	.multiarch = "mips64el-linux-gnuabi64",
	.gnu_triplet = "mips64el-linux-gnuabi64",
	.debian_arch = "mips64el",
	.qemu = "mips64el",
	.predef = "defined(__mips__) && defined(_ABI64) && _MIPS_SIM == _ABI64",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_MIPS,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "mips",
	.tbl_file = "arch/mips/kernel/syscalls/syscall_n64.tbl",
	.tbl_abis = "n64",
	.nr_offset = 5000,
};
