/* arch/loongarch64.c: the loongarch64 ABI.
 *
 * LoongArch 64 (LP64D), generic syscall table. EM_LOONGARCH is 258.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"loong64", "loongarch", NULL};

const struct arch_desc arch_loongarch64 = {
	.name = "loongarch64",
	.aliases = aliases,
	.clang_triple = "loongarch64-linux-gnu",
	.multiarch = "loongarch64-linux-gnu",
	.gnu_triplet = "loongarch64-linux-gnu",
	.debian_arch = "loong64",
	.qemu = "loongarch64",
	.predef = "defined(__loongarch__) && __loongarch_grlen == 64",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_LOONGARCH,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_GENERIC,
	.kernel_port = "loongarch",
	.nr_offset = 0,
};
