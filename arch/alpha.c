/* arch/alpha.c: the alpha ABI.
 *
 * DEC Alpha, 64-bit little endian. EM_ALPHA is the unofficial 0x9026.
 */
#include "arch.h"
#include "arch_elf.h"
#include "arch_trap.h"

static const char *const aliases[] = {NULL};

/* Trap ABI (arch/alpha/kernel/entry.S; syscall(2)): `callsys`, number in v0
 * ($0), arguments in a0-a5 ($16-$21), result in v0. On failure the kernel
 * sets a3 ($19) to 1 and returns a positive errno in v0, which the
 * primitives negate. The kernel may change the temporaries $1-$8,
 * $22-$25, $27, $28 and the argument registers. Registers are 64-bit: no
 * register pairs. */
static const struct arch_trap trap = {
	.insn = "callsys",
	.nr_reg = "v0",
	.ret_reg = "v0",
	.arg_regs = {"a0", "a1", "a2", "a3", "a4", "a5"},
	.clobbers = "$1-$8 $16-$25 $27 $28 memory",
	.err = TRAP_ERR_ALPHA_A3,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "arch/alpha/kernel/entry.S; syscall(2)",
	.primitives =
		"typedef long syscov_reg_t;\n"
		"static inline long __syscov_sys0(long n)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$0\") = n;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$19\");\n"
		"\t__asm__ __volatile__(\"callsys\"\n"
		"\t\t\t     : \"+r\"(v0), \"=r\"(a3)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$16\", \"$17\", \"$18\", \"$20\", \"$21\", \"$1\", \"$2\", \"$3\", \"$4\",\n"
		"\t\t\t       \"$5\", \"$6\", \"$7\", \"$8\", \"$22\", \"$23\", \"$24\", \"$25\", \"$27\",\n"
		"\t\t\t       \"$28\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys1(long n, syscov_reg_t a)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$0\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$16\") = a;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$19\");\n"
		"\t__asm__ __volatile__(\"callsys\"\n"
		"\t\t\t     : \"+r\"(v0), \"=r\"(a3), \"+r\"(a0)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$17\", \"$18\", \"$20\", \"$21\", \"$1\", \"$2\", \"$3\", \"$4\", \"$5\",\n"
		"\t\t\t       \"$6\", \"$7\", \"$8\", \"$22\", \"$23\", \"$24\", \"$25\", \"$27\",\n"
		"\t\t\t       \"$28\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$0\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$16\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"$17\") = b;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$19\");\n"
		"\t__asm__ __volatile__(\"callsys\"\n"
		"\t\t\t     : \"+r\"(v0), \"=r\"(a3), \"+r\"(a0), \"+r\"(a1)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$18\", \"$20\", \"$21\", \"$1\", \"$2\", \"$3\", \"$4\", \"$5\", \"$6\",\n"
		"\t\t\t       \"$7\", \"$8\", \"$22\", \"$23\", \"$24\", \"$25\", \"$27\", \"$28\",\n"
		"\t\t\t       \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$0\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$16\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"$17\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"$18\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$19\");\n"
		"\t__asm__ __volatile__(\"callsys\"\n"
		"\t\t\t     : \"+r\"(v0), \"=r\"(a3), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$20\", \"$21\", \"$1\", \"$2\", \"$3\", \"$4\", \"$5\", \"$6\", \"$7\",\n"
		"\t\t\t       \"$8\", \"$22\", \"$23\", \"$24\", \"$25\", \"$27\", \"$28\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$0\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$16\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"$17\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"$18\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$19\") = d;\n"
		"\t__asm__ __volatile__(\"callsys\"\n"
		"\t\t\t     : \"+r\"(v0), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2), \"+r\"(a3)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$20\", \"$21\", \"$1\", \"$2\", \"$3\", \"$4\", \"$5\", \"$6\", \"$7\",\n"
		"\t\t\t       \"$8\", \"$22\", \"$23\", \"$24\", \"$25\", \"$27\", \"$28\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$0\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$16\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"$17\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"$18\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$19\") = d;\n"
		"\tregister syscov_reg_t a4 __asm__(\"$20\") = e;\n"
		"\t__asm__ __volatile__(\"callsys\"\n"
		"\t\t\t     : \"+r\"(v0), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2), \"+r\"(a3),\n"
		"\t\t\t       \"+r\"(a4)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$21\", \"$1\", \"$2\", \"$3\", \"$4\", \"$5\", \"$6\", \"$7\", \"$8\",\n"
		"\t\t\t       \"$22\", \"$23\", \"$24\", \"$25\", \"$27\", \"$28\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$0\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$16\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"$17\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"$18\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$19\") = d;\n"
		"\tregister syscov_reg_t a4 __asm__(\"$20\") = e;\n"
		"\tregister syscov_reg_t a5 __asm__(\"$21\") = f;\n"
		"\t__asm__ __volatile__(\"callsys\"\n"
		"\t\t\t     : \"+r\"(v0), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2), \"+r\"(a3),\n"
		"\t\t\t       \"+r\"(a4), \"+r\"(a5)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$1\", \"$2\", \"$3\", \"$4\", \"$5\", \"$6\", \"$7\", \"$8\", \"$22\",\n"
		"\t\t\t       \"$23\", \"$24\", \"$25\", \"$27\", \"$28\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n",
};

const struct arch_desc arch_alpha = {
	.name = "alpha",
	.aliases = aliases,
	.clang_triple = "alpha-linux-gnu",
	/* clang 14 lacks this target: alpha-linux-gnu-gcc -dM -E's values */
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8",
	.multiarch = "alpha-linux-gnu",
	.gnu_triplet = "alpha-linux-gnu",
	.debian_arch = "alpha",
	.qemu = "alpha",
	.predef = "defined(__alpha__)",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_ALPHA,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "alpha",
	.tbl_file = "arch/alpha/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common",
	.nr_offset = 0,
	.trap = &trap,
};
