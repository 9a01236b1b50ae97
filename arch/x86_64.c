/* arch/x86_64.c: the x86_64 ABI.
 *
 * x86-64 System V psABI, LP64. The kernel port also runs i386 and x32 binaries,
 * so a sysroot scan of x86_64 records those two tables beside its own.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"amd64", "x86-64", NULL};
static const char *const companions[] = {"i386", "x32", NULL};

const struct arch_desc arch_x86_64 = {
	.name = "x86_64",
	.aliases = aliases,
	.clang_triple = "x86_64-linux-gnu",
	.multiarch = "x86_64-linux-gnu",
	.gnu_triplet = "x86_64-linux-gnu",
	.debian_arch = "amd64",
	.qemu = "x86_64",
	.predef = "defined(__x86_64__) && !defined(__ILP32__)",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_X86_64,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "x86",
	.tbl_file = "arch/x86/entry/syscalls/syscall_64.tbl",
	.tbl_abis = "common,64",
	.nr_offset = 0,
	.companions = companions,
};
