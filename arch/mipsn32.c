/* arch/mipsn32.c: the mipsn32 ABI.
 *
 * MIPS n32 (64-bit registers, ILP32), little endian. Numbers start at
 * __NR_Linux = 6000.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"n32", "mips64el-n32", NULL};

const struct arch_desc arch_mipsn32 = {
	.name = "mipsn32",
	.aliases = aliases,
	.clang_triple = "mips64el-linux-gnuabin32",
	.multiarch = "mips64el-linux-gnuabin32",
	.gnu_triplet = "mips64el-linux-gnuabin32",
	.debian_arch = "mipsn32el",
	.qemu = "mipsn32el",
	.predef = "defined(__mips__) && defined(_ABIN32) && _MIPS_SIM == _ABIN32",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_MIPS,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "mips",
	.tbl_file = "arch/mips/kernel/syscalls/syscall_n32.tbl",
	.tbl_abis = "n32",
	.nr_offset = 6000,
};
