/* arch/riscv64.c: the riscv64 ABI.
 *
 * RISC-V 64 (LP64D), generic syscall table selected by
 * arch/riscv/include/uapi/asm/unistd.h.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"riscv", NULL};

const struct arch_desc arch_riscv64 = {
	.name = "riscv64",
	.aliases = aliases,
	.clang_triple = "riscv64-linux-gnu",
	.multiarch = "riscv64-linux-gnu",
	.gnu_triplet = "riscv64-linux-gnu",
	.debian_arch = "riscv64",
	.qemu = "riscv64",
	.predef = "defined(__riscv) && __riscv_xlen == 64",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_RISCV,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_GENERIC,
	.kernel_port = "riscv",
	.nr_offset = 0,
};
