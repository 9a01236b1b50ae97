/* arch/sh4.c: the sh4 ABI.
 *
 * SuperH SH-4, 32-bit little endian.
 */
#include "arch.h"
#include "arch_elf.h"
#include "arch_trap.h"

static const char *const aliases[] = {"sh", NULL};

/* Trap ABI (arch/sh/kernel/entry-common.S; syscall(2)): `trapa #0x1N`
 * (0x10-0x1f select the SH-3/4 syscall ABI; N, the argument count, is what
 * glibc passes and the kernel ignores), number in r3, arguments in r4-r7,
 * r0, r1, result in r0, -4095..-1 meaning -errno; the T bit may change.
 * 64-bit values: two consecutive slots, low word first, no alignment
 * padding, except pread64/pwrite64, which pad to an even slot
 * (sys_pread_wrapper in arch/sh/kernel/sys_sh32.c; data/ll_exceptions.tsv).
 * preadv/pwritev(2) take the offset as (low, high) longs. */
static const struct arch_trap trap = {
	.insn = "trapa #0x1N",
	.nr_reg = "r3",
	.ret_reg = "r0",
	.arg_regs = {"r4", "r5", "r6", "r7", "r0", "r1"},
	.clobbers = "t memory",
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 32,
	.pair_align = 0,
	.source = "arch/sh/kernel/entry-common.S; arch/sh/kernel/sys_sh32.c; syscall(2)",
	.primitives =
		"typedef long syscov_reg_t;\n"
		"static inline long __syscov_sys0(long n)\n"
		"{\n"
		"\tregister long r0 __asm__(\"r0\");\n"
		"\tregister long r3 __asm__(\"r3\") = n;\n"
		"\t__asm__ __volatile__(\"trapa #0x10\" : \"=r\"(r0)\n"
		"\t\t\t     : \"r\"(r3)\n"
		"\t\t\t     : \"memory\", \"t\");\n"
		"\treturn r0;\n"
		"}\n"
		"static inline long __syscov_sys1(long n, syscov_reg_t a)\n"
		"{\n"
		"\tregister long r0 __asm__(\"r0\");\n"
		"\tregister long r3 __asm__(\"r3\") = n;\n"
		"\tregister syscov_reg_t r4 __asm__(\"r4\") = a;\n"
		"\t__asm__ __volatile__(\"trapa #0x11\" : \"=r\"(r0)\n"
		"\t\t\t     : \"r\"(r3), \"r\"(r4)\n"
		"\t\t\t     : \"memory\", \"t\");\n"
		"\treturn r0;\n"
		"}\n"
		"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n"
		"{\n"
		"\tregister long r0 __asm__(\"r0\");\n"
		"\tregister long r3 __asm__(\"r3\") = n;\n"
		"\tregister syscov_reg_t r4 __asm__(\"r4\") = a;\n"
		"\tregister syscov_reg_t r5 __asm__(\"r5\") = b;\n"
		"\t__asm__ __volatile__(\"trapa #0x12\" : \"=r\"(r0)\n"
		"\t\t\t     : \"r\"(r3), \"r\"(r4), \"r\"(r5)\n"
		"\t\t\t     : \"memory\", \"t\");\n"
		"\treturn r0;\n"
		"}\n"
		"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n"
		"{\n"
		"\tregister long r0 __asm__(\"r0\");\n"
		"\tregister long r3 __asm__(\"r3\") = n;\n"
		"\tregister syscov_reg_t r4 __asm__(\"r4\") = a;\n"
		"\tregister syscov_reg_t r5 __asm__(\"r5\") = b;\n"
		"\tregister syscov_reg_t r6 __asm__(\"r6\") = c;\n"
		"\t__asm__ __volatile__(\"trapa #0x13\" : \"=r\"(r0)\n"
		"\t\t\t     : \"r\"(r3), \"r\"(r4), \"r\"(r5), \"r\"(r6)\n"
		"\t\t\t     : \"memory\", \"t\");\n"
		"\treturn r0;\n"
		"}\n"
		"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d)\n"
		"{\n"
		"\tregister long r0 __asm__(\"r0\");\n"
		"\tregister long r3 __asm__(\"r3\") = n;\n"
		"\tregister syscov_reg_t r4 __asm__(\"r4\") = a;\n"
		"\tregister syscov_reg_t r5 __asm__(\"r5\") = b;\n"
		"\tregister syscov_reg_t r6 __asm__(\"r6\") = c;\n"
		"\tregister syscov_reg_t r7 __asm__(\"r7\") = d;\n"
		"\t__asm__ __volatile__(\"trapa #0x14\" : \"=r\"(r0)\n"
		"\t\t\t     : \"r\"(r3), \"r\"(r4), \"r\"(r5), \"r\"(r6), \"r\"(r7)\n"
		"\t\t\t     : \"memory\", \"t\");\n"
		"\treturn r0;\n"
		"}\n"
		"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n"
		"{\n"
		"\tregister long r3 __asm__(\"r3\") = n;\n"
		"\tregister syscov_reg_t r4 __asm__(\"r4\") = a;\n"
		"\tregister syscov_reg_t r5 __asm__(\"r5\") = b;\n"
		"\tregister syscov_reg_t r6 __asm__(\"r6\") = c;\n"
		"\tregister syscov_reg_t r7 __asm__(\"r7\") = d;\n"
		"\tregister syscov_reg_t r0 __asm__(\"r0\") = e;\n"
		"\t__asm__ __volatile__(\"trapa #0x15\" : \"+r\"(r0)\n"
		"\t\t\t     : \"r\"(r3), \"r\"(r4), \"r\"(r5), \"r\"(r6), \"r\"(r7)\n"
		"\t\t\t     : \"memory\", \"t\");\n"
		"\treturn r0;\n"
		"}\n"
		"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n"
		"{\n"
		"\tregister long r3 __asm__(\"r3\") = n;\n"
		"\tregister syscov_reg_t r4 __asm__(\"r4\") = a;\n"
		"\tregister syscov_reg_t r5 __asm__(\"r5\") = b;\n"
		"\tregister syscov_reg_t r6 __asm__(\"r6\") = c;\n"
		"\tregister syscov_reg_t r7 __asm__(\"r7\") = d;\n"
		"\tregister syscov_reg_t r0 __asm__(\"r0\") = e;\n"
		"\tregister syscov_reg_t r1 __asm__(\"r1\") = f;\n"
		"\t__asm__ __volatile__(\"trapa #0x16\" : \"+r\"(r0)\n"
		"\t\t\t     : \"r\"(r3), \"r\"(r4), \"r\"(r5), \"r\"(r6), \"r\"(r7), \"r\"(r1)\n"
		"\t\t\t     : \"memory\", \"t\");\n"
		"\treturn r0;\n"
		"}\n",
};

const struct arch_desc arch_sh4 = {
	.name = "sh4",
	.aliases = aliases,
	.clang_triple = "sh4-linux-gnu",
	.clang_parse_triple = "mipsel-linux-gnu", /* clang 14 has no sh4 backend */
	/* clang 14 lacks this target: sh4-linux-gnu-gcc -dM -E's values */
	.cpp_predefs = "__CHAR_BIT__=8 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4",
	.multiarch = "sh4-linux-gnu",
	.gnu_triplet = "sh4-linux-gnu",
	.debian_arch = "sh4",
	.qemu = "sh4",
	.predef = "defined(__sh__)",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_SH,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "sh",
	.tbl_file = "arch/sh/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common",
	.nr_offset = 0,
	.trap = &trap,
};
