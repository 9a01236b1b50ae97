/* arch/sparc64.c: the sparc64 ABI.
 *
 * SPARC V9 64-bit, big endian. Rows common and 64.
 */
#include "arch.h"
#include "arch_elf.h"
#include "arch_trap.h"

static const char *const aliases[] = {"sparc", NULL};

/* Trap ABI (SPARC V9 ABI; arch/sparc/kernel/syscalls.S; syscall(2)):
 * `t 0x6d` (0x10 is the 32-bit trap), number in g1, arguments in o0-o5,
 * result in o0. On failure the kernel sets the carry bit of xcc and returns
 * a positive errno, which the primitives negate; o1 may carry a second
 * result (pipe, fork), so unused argument registers count as changed.
 * Registers are 64-bit: no register pairs. */
static const struct arch_trap trap = {
	.insn = "t 0x6d",
	.nr_reg = "g1",
	.ret_reg = "o0",
	.arg_regs = {"o0", "o1", "o2", "o3", "o4", "o5"},
	.clobbers = "o1-o5 cc memory",
	.err = TRAP_ERR_CARRY,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "SPARC V9 ABI; arch/sparc/kernel/syscalls.S; syscall(2)",
	.primitives =
		"typedef long syscov_reg_t;\n"
		"static inline long __syscov_sys0(long n)\n"
		"{\n"
		"\tregister long g1 __asm__(\"g1\") = n;\n"
		"\tregister long o0 __asm__(\"o0\");\n"
		"\t__asm__ __volatile__(\"t 0x6d\\n\\tbcc,pt %%xcc, 1f\\n\\t nop\\n\\tsub %%g0, %[ret], %[ret]\\n1:\"\n"
		"\t\t\t     : [ret] \"=r\"(o0)\n"
		"\t\t\t     : \"r\"(g1)\n"
		"\t\t\t     : \"o1\", \"o2\", \"o3\", \"o4\", \"o5\", \"cc\", \"memory\");\n"
		"\treturn o0;\n"
		"}\n"
		"static inline long __syscov_sys1(long n, syscov_reg_t a)\n"
		"{\n"
		"\tregister long g1 __asm__(\"g1\") = n;\n"
		"\tregister syscov_reg_t o0 __asm__(\"o0\") = a;\n"
		"\t__asm__ __volatile__(\"t 0x6d\\n\\tbcc,pt %%xcc, 1f\\n\\t nop\\n\\tsub %%g0, %[ret], %[ret]\\n1:\"\n"
		"\t\t\t     : [ret] \"+r\"(o0)\n"
		"\t\t\t     : \"r\"(g1)\n"
		"\t\t\t     : \"o1\", \"o2\", \"o3\", \"o4\", \"o5\", \"cc\", \"memory\");\n"
		"\treturn o0;\n"
		"}\n"
		"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n"
		"{\n"
		"\tregister long g1 __asm__(\"g1\") = n;\n"
		"\tregister syscov_reg_t o0 __asm__(\"o0\") = a;\n"
		"\tregister syscov_reg_t o1 __asm__(\"o1\") = b;\n"
		"\t__asm__ __volatile__(\"t 0x6d\\n\\tbcc,pt %%xcc, 1f\\n\\t nop\\n\\tsub %%g0, %[ret], %[ret]\\n1:\"\n"
		"\t\t\t     : [ret] \"+r\"(o0), \"+r\"(o1)\n"
		"\t\t\t     : \"r\"(g1)\n"
		"\t\t\t     : \"o2\", \"o3\", \"o4\", \"o5\", \"cc\", \"memory\");\n"
		"\treturn o0;\n"
		"}\n"
		"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n"
		"{\n"
		"\tregister long g1 __asm__(\"g1\") = n;\n"
		"\tregister syscov_reg_t o0 __asm__(\"o0\") = a;\n"
		"\tregister syscov_reg_t o1 __asm__(\"o1\") = b;\n"
		"\tregister syscov_reg_t o2 __asm__(\"o2\") = c;\n"
		"\t__asm__ __volatile__(\"t 0x6d\\n\\tbcc,pt %%xcc, 1f\\n\\t nop\\n\\tsub %%g0, %[ret], %[ret]\\n1:\"\n"
		"\t\t\t     : [ret] \"+r\"(o0), \"+r\"(o1), \"+r\"(o2)\n"
		"\t\t\t     : \"r\"(g1)\n"
		"\t\t\t     : \"o3\", \"o4\", \"o5\", \"cc\", \"memory\");\n"
		"\treturn o0;\n"
		"}\n"
		"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d)\n"
		"{\n"
		"\tregister long g1 __asm__(\"g1\") = n;\n"
		"\tregister syscov_reg_t o0 __asm__(\"o0\") = a;\n"
		"\tregister syscov_reg_t o1 __asm__(\"o1\") = b;\n"
		"\tregister syscov_reg_t o2 __asm__(\"o2\") = c;\n"
		"\tregister syscov_reg_t o3 __asm__(\"o3\") = d;\n"
		"\t__asm__ __volatile__(\"t 0x6d\\n\\tbcc,pt %%xcc, 1f\\n\\t nop\\n\\tsub %%g0, %[ret], %[ret]\\n1:\"\n"
		"\t\t\t     : [ret] \"+r\"(o0), \"+r\"(o1), \"+r\"(o2), \"+r\"(o3)\n"
		"\t\t\t     : \"r\"(g1)\n"
		"\t\t\t     : \"o4\", \"o5\", \"cc\", \"memory\");\n"
		"\treturn o0;\n"
		"}\n"
		"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n"
		"{\n"
		"\tregister long g1 __asm__(\"g1\") = n;\n"
		"\tregister syscov_reg_t o0 __asm__(\"o0\") = a;\n"
		"\tregister syscov_reg_t o1 __asm__(\"o1\") = b;\n"
		"\tregister syscov_reg_t o2 __asm__(\"o2\") = c;\n"
		"\tregister syscov_reg_t o3 __asm__(\"o3\") = d;\n"
		"\tregister syscov_reg_t o4 __asm__(\"o4\") = e;\n"
		"\t__asm__ __volatile__(\"t 0x6d\\n\\tbcc,pt %%xcc, 1f\\n\\t nop\\n\\tsub %%g0, %[ret], %[ret]\\n1:\"\n"
		"\t\t\t     : [ret] \"+r\"(o0), \"+r\"(o1), \"+r\"(o2), \"+r\"(o3), \"+r\"(o4)\n"
		"\t\t\t     : \"r\"(g1)\n"
		"\t\t\t     : \"o5\", \"cc\", \"memory\");\n"
		"\treturn o0;\n"
		"}\n"
		"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n"
		"{\n"
		"\tregister long g1 __asm__(\"g1\") = n;\n"
		"\tregister syscov_reg_t o0 __asm__(\"o0\") = a;\n"
		"\tregister syscov_reg_t o1 __asm__(\"o1\") = b;\n"
		"\tregister syscov_reg_t o2 __asm__(\"o2\") = c;\n"
		"\tregister syscov_reg_t o3 __asm__(\"o3\") = d;\n"
		"\tregister syscov_reg_t o4 __asm__(\"o4\") = e;\n"
		"\tregister syscov_reg_t o5 __asm__(\"o5\") = f;\n"
		"\t__asm__ __volatile__(\"t 0x6d\\n\\tbcc,pt %%xcc, 1f\\n\\t nop\\n\\tsub %%g0, %[ret], %[ret]\\n1:\"\n"
		"\t\t\t     : [ret] \"+r\"(o0), \"+r\"(o1), \"+r\"(o2), \"+r\"(o3), \"+r\"(o4),\n"
		"\t\t\t       \"+r\"(o5)\n"
		"\t\t\t     : \"r\"(g1)\n"
		"\t\t\t     : \"cc\", \"memory\");\n"
		"\treturn o0;\n"
		"}\n",
};

const struct arch_desc arch_sparc64 = {
	.name = "sparc64",
	.aliases = aliases,
	.clang_triple = "sparc64-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8 __arch64__=1 __sparc__=1",
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
	.trap = &trap,
};
