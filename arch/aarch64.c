/* arch/aarch64.c: the aarch64 ABI.
 *
 * AArch64 (LP64), generic syscall table: include/uapi/asm-generic/unistd.h as
 * selected by arch/arm64/include/uapi/asm/unistd.h.
 */
#include "arch.h"
#include "arch_elf.h"
#include "arch_trap.h"

static const char *const aliases[] = {"arm64", NULL};

/* Trap ABI (arch/arm64/kernel/entry.S el0_svc; syscall(2) "Architecture
 * calling conventions"): `svc #0`, number in x8, arguments in x0-x5, result
 * in x0, -4095..-1 meaning -errno; the kernel preserves every other
 * register. Registers are 64-bit: no register pairs. */
static const struct arch_trap trap = {
	.insn = "svc #0",
	.nr_reg = "x8",
	.ret_reg = "x0",
	.arg_regs = {"x0", "x1", "x2", "x3", "x4", "x5"},
	.clobbers = "memory",
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "syscall(2); arch/arm64/kernel/entry-common.c",
	.primitives =
		"typedef long syscov_reg_t;\n"
		"static inline long __syscov_sys0(long n)\n"
		"{\n"
		"\tregister long x0 __asm__(\"x0\");\n"
		"\tregister long x8 __asm__(\"x8\") = n;\n"
		"\t__asm__ __volatile__(\"svc #0\" : \"=r\"(x0)\n"
		"\t\t\t     : \"r\"(x8)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn x0;\n"
		"}\n"
		"static inline long __syscov_sys1(long n, syscov_reg_t a)\n"
		"{\n"
		"\tregister long x8 __asm__(\"x8\") = n;\n"
		"\tregister syscov_reg_t x0 __asm__(\"x0\") = a;\n"
		"\t__asm__ __volatile__(\"svc #0\" : \"+r\"(x0)\n"
		"\t\t\t     : \"r\"(x8)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn x0;\n"
		"}\n"
		"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n"
		"{\n"
		"\tregister long x8 __asm__(\"x8\") = n;\n"
		"\tregister syscov_reg_t x0 __asm__(\"x0\") = a;\n"
		"\tregister syscov_reg_t x1 __asm__(\"x1\") = b;\n"
		"\t__asm__ __volatile__(\"svc #0\" : \"+r\"(x0)\n"
		"\t\t\t     : \"r\"(x8), \"r\"(x1)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn x0;\n"
		"}\n"
		"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n"
		"{\n"
		"\tregister long x8 __asm__(\"x8\") = n;\n"
		"\tregister syscov_reg_t x0 __asm__(\"x0\") = a;\n"
		"\tregister syscov_reg_t x1 __asm__(\"x1\") = b;\n"
		"\tregister syscov_reg_t x2 __asm__(\"x2\") = c;\n"
		"\t__asm__ __volatile__(\"svc #0\" : \"+r\"(x0)\n"
		"\t\t\t     : \"r\"(x8), \"r\"(x1), \"r\"(x2)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn x0;\n"
		"}\n"
		"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d)\n"
		"{\n"
		"\tregister long x8 __asm__(\"x8\") = n;\n"
		"\tregister syscov_reg_t x0 __asm__(\"x0\") = a;\n"
		"\tregister syscov_reg_t x1 __asm__(\"x1\") = b;\n"
		"\tregister syscov_reg_t x2 __asm__(\"x2\") = c;\n"
		"\tregister syscov_reg_t x3 __asm__(\"x3\") = d;\n"
		"\t__asm__ __volatile__(\"svc #0\" : \"+r\"(x0)\n"
		"\t\t\t     : \"r\"(x8), \"r\"(x1), \"r\"(x2), \"r\"(x3)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn x0;\n"
		"}\n"
		"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n"
		"{\n"
		"\tregister long x8 __asm__(\"x8\") = n;\n"
		"\tregister syscov_reg_t x0 __asm__(\"x0\") = a;\n"
		"\tregister syscov_reg_t x1 __asm__(\"x1\") = b;\n"
		"\tregister syscov_reg_t x2 __asm__(\"x2\") = c;\n"
		"\tregister syscov_reg_t x3 __asm__(\"x3\") = d;\n"
		"\tregister syscov_reg_t x4 __asm__(\"x4\") = e;\n"
		"\t__asm__ __volatile__(\"svc #0\" : \"+r\"(x0)\n"
		"\t\t\t     : \"r\"(x8), \"r\"(x1), \"r\"(x2), \"r\"(x3), \"r\"(x4)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn x0;\n"
		"}\n"
		"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n"
		"{\n"
		"\tregister long x8 __asm__(\"x8\") = n;\n"
		"\tregister syscov_reg_t x0 __asm__(\"x0\") = a;\n"
		"\tregister syscov_reg_t x1 __asm__(\"x1\") = b;\n"
		"\tregister syscov_reg_t x2 __asm__(\"x2\") = c;\n"
		"\tregister syscov_reg_t x3 __asm__(\"x3\") = d;\n"
		"\tregister syscov_reg_t x4 __asm__(\"x4\") = e;\n"
		"\tregister syscov_reg_t x5 __asm__(\"x5\") = f;\n"
		"\t__asm__ __volatile__(\"svc #0\" : \"+r\"(x0)\n"
		"\t\t\t     : \"r\"(x8), \"r\"(x1), \"r\"(x2), \"r\"(x3), \"r\"(x4), \"r\"(x5)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn x0;\n"
		"}\n",
};

const struct arch_desc arch_aarch64 = {
	.name = "aarch64",
	.aliases = aliases,
	.clang_triple = "aarch64-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8",
	.multiarch = "aarch64-linux-gnu",
	.gnu_triplet = "aarch64-linux-gnu",
	.debian_arch = "arm64",
	.qemu = "aarch64",
	.predef = "defined(__aarch64__)",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_AARCH64,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_GENERIC,
	.kernel_port = "arm64",
	.nr_offset = 0,
	.trap = &trap,
};
