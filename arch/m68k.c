/* arch/m68k.c: the m68k ABI.
 *
 * Motorola 68k, 32-bit big endian.
 */
#include "arch.h"
#include "arch_elf.h"
#include "arch_trap.h"

static const char *const aliases[] = {NULL};

/* Trap ABI (arch/m68k/kernel/entry.S; syscall(2)): `trap #0`, number in d0,
 * arguments in d1, d2, d3, d4, d5, a0, result in d0, -4095..-1 meaning
 * -errno. 64-bit values: two consecutive slots, high word first (big
 * endian), no alignment padding. preadv/pwritev(2) take the offset as
 * (low, high) longs; _llseek names its halves (high, low). */
static const struct arch_trap trap = {
	.insn = "trap #0",
	.nr_reg = "d0",
	.ret_reg = "d0",
	.arg_regs = {"d1", "d2", "d3", "d4", "d5", "a0"},
	.clobbers = "memory",
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 32,
	.pair_align = 0,
	.source = "arch/m68k/kernel/entry.S; syscall(2)",
	.primitives =
		"typedef long syscov_reg_t;\n"
		"static inline long __syscov_sys0(long n)\n"
		"{\n"
		"\tregister long d0 __asm__(\"d0\") = n;\n"
		"\t__asm__ __volatile__(\"trap #0\" : \"+r\"(d0)\n"
		"\t\t\t     : \n"
		"\t\t\t     : \"memory\");\n"
		"\treturn d0;\n"
		"}\n"
		"static inline long __syscov_sys1(long n, syscov_reg_t a)\n"
		"{\n"
		"\tregister long d0 __asm__(\"d0\") = n;\n"
		"\tregister syscov_reg_t d1 __asm__(\"d1\") = a;\n"
		"\t__asm__ __volatile__(\"trap #0\" : \"+r\"(d0)\n"
		"\t\t\t     : \"r\"(d1)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn d0;\n"
		"}\n"
		"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n"
		"{\n"
		"\tregister long d0 __asm__(\"d0\") = n;\n"
		"\tregister syscov_reg_t d1 __asm__(\"d1\") = a;\n"
		"\tregister syscov_reg_t d2 __asm__(\"d2\") = b;\n"
		"\t__asm__ __volatile__(\"trap #0\" : \"+r\"(d0)\n"
		"\t\t\t     : \"r\"(d1), \"r\"(d2)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn d0;\n"
		"}\n"
		"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n"
		"{\n"
		"\tregister long d0 __asm__(\"d0\") = n;\n"
		"\tregister syscov_reg_t d1 __asm__(\"d1\") = a;\n"
		"\tregister syscov_reg_t d2 __asm__(\"d2\") = b;\n"
		"\tregister syscov_reg_t d3 __asm__(\"d3\") = c;\n"
		"\t__asm__ __volatile__(\"trap #0\" : \"+r\"(d0)\n"
		"\t\t\t     : \"r\"(d1), \"r\"(d2), \"r\"(d3)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn d0;\n"
		"}\n"
		"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d)\n"
		"{\n"
		"\tregister long d0 __asm__(\"d0\") = n;\n"
		"\tregister syscov_reg_t d1 __asm__(\"d1\") = a;\n"
		"\tregister syscov_reg_t d2 __asm__(\"d2\") = b;\n"
		"\tregister syscov_reg_t d3 __asm__(\"d3\") = c;\n"
		"\tregister syscov_reg_t d4 __asm__(\"d4\") = d;\n"
		"\t__asm__ __volatile__(\"trap #0\" : \"+r\"(d0)\n"
		"\t\t\t     : \"r\"(d1), \"r\"(d2), \"r\"(d3), \"r\"(d4)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn d0;\n"
		"}\n"
		"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n"
		"{\n"
		"\tregister long d0 __asm__(\"d0\") = n;\n"
		"\tregister syscov_reg_t d1 __asm__(\"d1\") = a;\n"
		"\tregister syscov_reg_t d2 __asm__(\"d2\") = b;\n"
		"\tregister syscov_reg_t d3 __asm__(\"d3\") = c;\n"
		"\tregister syscov_reg_t d4 __asm__(\"d4\") = d;\n"
		"\tregister syscov_reg_t d5 __asm__(\"d5\") = e;\n"
		"\t__asm__ __volatile__(\"trap #0\" : \"+r\"(d0)\n"
		"\t\t\t     : \"r\"(d1), \"r\"(d2), \"r\"(d3), \"r\"(d4), \"r\"(d5)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn d0;\n"
		"}\n"
		"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n"
		"{\n"
		"\tregister long d0 __asm__(\"d0\") = n;\n"
		"\tregister syscov_reg_t d1 __asm__(\"d1\") = a;\n"
		"\tregister syscov_reg_t d2 __asm__(\"d2\") = b;\n"
		"\tregister syscov_reg_t d3 __asm__(\"d3\") = c;\n"
		"\tregister syscov_reg_t d4 __asm__(\"d4\") = d;\n"
		"\tregister syscov_reg_t d5 __asm__(\"d5\") = e;\n"
		"\tregister syscov_reg_t a0 __asm__(\"a0\") = f;\n"
		"\t__asm__ __volatile__(\"trap #0\" : \"+r\"(d0)\n"
		"\t\t\t     : \"r\"(d1), \"r\"(d2), \"r\"(d3), \"r\"(d4), \"r\"(d5), \"r\"(a0)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn d0;\n"
		"}\n",
};

const struct arch_desc arch_m68k = {
	.name = "m68k",
	.aliases = aliases,
	.clang_triple = "m68k-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __ILP32__=1 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4",
	.multiarch = "m68k-linux-gnu",
	.gnu_triplet = "m68k-linux-gnu",
	.debian_arch = "m68k",
	.qemu = "m68k",
	.predef = "defined(__m68k__)",
	.word_bits = 32,
	.endian = ARCH_BE,
	.elf_machine = EM_68K,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "m68k",
	.tbl_file = "arch/m68k/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common",
	.nr_offset = 0,
	.trap = &trap,
};
