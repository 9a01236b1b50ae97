/* arch/arm.c: the arm ABI.
 *
 * 32-bit ARM EABI (armhf and armel share the syscall ABI). OABI rows of
 * arch/arm/tools/syscall.tbl are not this ABI; ARM-private calls
 * (__ARM_NR_*, base 0x0f0000) are kept apart by the scanner.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"armhf", "armel", "armv7", "eabi", NULL};

const struct arch_desc arch_arm = {
	.name = "arm",
	.aliases = aliases,
	.clang_triple = "armv7a-linux-gnueabihf",
	.multiarch = "arm-linux-gnueabihf",
	.gnu_triplet = "arm-linux-gnueabihf",
	.debian_arch = "armhf",
	.qemu = "arm",
	.predef = "defined(__arm__) && defined(__ARM_EABI__)",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_ARM,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "arm",
	.tbl_file = "arch/arm/tools/syscall.tbl",
	.tbl_abis = "common,eabi",
	.nr_offset = 0,
};
