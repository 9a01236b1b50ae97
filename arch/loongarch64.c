/* arch/loongarch64.c: the loongarch64 ABI.
 *
 * LoongArch 64 (LP64D), generic syscall table. EM_LOONGARCH is 258.
 */
#include "arch/arch.h"
#include "arch/arch_elf.h"

static const char *const aliases[] = {"loong64", "loongarch", NULL};

const struct arch_desc arch_loongarch64 = {
	.name = "loongarch64",
	.aliases = aliases,
	.clang_triple = "loongarch64-linux-gnu",
	/* clang 14 lacks this target and Debian 12 has no cross gcc: by hand,
	 * LP64 from the LoongArch ELF psABI (lp64d: long and pointers 64-bit)
	 * as GCC and LLVM 16+ predefine it (GCC manual, LoongArch Options;
	 * "LoongArch Toolchain Conventions", C/C++ preprocessor built-ins) */
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8",
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
