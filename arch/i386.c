/* arch/i386.c: the i386 ABI.
 *
 * i386 System V psABI, ILP32. Debian names the multiarch dir i386-linux-gnu but
 * the cross prefix /usr/i686-linux-gnu.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"i686", "i586", "i486", "x86", NULL};

const struct arch_desc arch_i386 = {
	.name = "i386",
	.aliases = aliases,
	.clang_triple = "i386-linux-gnu",
	.multiarch = "i386-linux-gnu",
	.gnu_triplet = "i686-linux-gnu",
	.debian_arch = "i386",
	.qemu = "i386",
	.predef = "defined(__i386__)",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_386,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "x86",
	.tbl_file = "arch/x86/entry/syscalls/syscall_32.tbl",
	.tbl_abis = "i386",
	.nr_offset = 0,
};
