/* arch/x32.c: the x32 ABI.
 *
 * x32: the x86-64 instruction set with ILP32 types. Its numbers carry
 * __X32_SYSCALL_BIT (0x40000000, arch/x86/include/uapi/asm/unistd.h) on top of
 * the syscall_64.tbl numbers of the common and x32 rows.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"x86_64-x32", "gnux32", NULL};

const struct arch_desc arch_x32 = {
	.name = "x32",
	.aliases = aliases,
	.clang_triple = "x86_64-linux-gnux32",
	.multiarch = "x86_64-linux-gnux32",
	.gnu_triplet = "x86_64-linux-gnux32",
	.debian_arch = "x32",
	.qemu = NULL,
	.predef = "defined(__x86_64__) && defined(__ILP32__)",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_X86_64,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "x86",
	.tbl_file = "arch/x86/entry/syscalls/syscall_64.tbl",
	.tbl_abis = "common,x32",
	.nr_offset = 0x40000000,
};
