/* arch/sparc64.c: the sparc64 ABI.
 *
 * SPARC V9 64-bit, big endian. Rows common and 64.
 */
#include "arch.h"
#include "arch_elf.h"

static const char *const aliases[] = {"sparc", NULL};

const struct arch_desc arch_sparc64 = {
	.name = "sparc64",
	.aliases = aliases,
	.clang_triple = "sparc64-linux-gnu",
	.multiarch = "sparc64-linux-gnu",
	.gnu_triplet = "sparc64-linux-gnu",
	.debian_arch = "sparc64",
	.qemu = "sparc64",
	.predef = "defined(__sparc__) && defined(__arch64__)",
	.word_bits = 64,
	.endian = ARCH_BE,
	.elf_machine = EM_SPARCV9,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "sparc",
	.tbl_file = "arch/sparc/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common,64",
	.nr_offset = 0,
};
