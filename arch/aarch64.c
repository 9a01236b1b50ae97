/* arch/aarch64.c: the aarch64 ABI.
 *
 * AArch64 (LP64), generic syscall table: include/uapi/asm-generic/unistd.h as
 * selected by arch/arm64/include/uapi/asm/unistd.h.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"arm64", NULL};

const struct arch_desc arch_aarch64 = {
	.name = "aarch64",
	.aliases = aliases,
	.clang_triple = "aarch64-linux-gnu",
	.multiarch = "aarch64-linux-gnu",
	.gnu_triplet = "aarch64-linux-gnu",
	.debian_arch = "arm64",
	.qemu = "aarch64",
	.predef = "defined(__aarch64__)",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_AARCH64,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_GENERIC,
	.kernel_port = "arm64",
	.nr_offset = 0,
};
