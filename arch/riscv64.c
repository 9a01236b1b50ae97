/* arch/riscv64.c: the riscv64 ABI.
 *
 * RISC-V 64 (LP64D), generic syscall table selected by
 * arch/riscv/include/uapi/asm/unistd.h.
 */
#include "arch.h"
#include "arch_elf.h"
#include "arch_trap.h"

static const char *const aliases[] = {"riscv", NULL};

/* Trap ABI (RISC-V psABI; arch/riscv/kernel/entry.S; syscall(2)): `ecall`,
 * number in a7, arguments in a0-a5, result in a0, -4095..-1 meaning -errno;
 * the kernel preserves every other register. Registers are 64-bit: no
 * register pairs. */
static const struct arch_trap trap = {
	.insn = "ecall",
	.nr_reg = "a7",
	.ret_reg = "a0",
	.arg_regs = {"a0", "a1", "a2", "a3", "a4", "a5"},
	.clobbers = "memory",
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "RISC-V psABI; arch/riscv/kernel/entry.S; syscall(2)",
	.primitives =
		"typedef long syscov_reg_t;\n"
		"static inline long __syscov_sys0(long n)\n"
		"{\n"
		"\tregister long a0 __asm__(\"a0\");\n"
		"\tregister long a7 __asm__(\"a7\") = n;\n"
		"\t__asm__ __volatile__(\"ecall\" : \"=r\"(a0)\n"
		"\t\t\t     : \"r\"(a7)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn a0;\n"
		"}\n"
		"static inline long __syscov_sys1(long n, syscov_reg_t a)\n"
		"{\n"
		"\tregister long a7 __asm__(\"a7\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"a0\") = a;\n"
		"\t__asm__ __volatile__(\"ecall\" : \"+r\"(a0)\n"
		"\t\t\t     : \"r\"(a7)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn a0;\n"
		"}\n"
		"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n"
		"{\n"
		"\tregister long a7 __asm__(\"a7\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"a0\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"a1\") = b;\n"
		"\t__asm__ __volatile__(\"ecall\" : \"+r\"(a0)\n"
		"\t\t\t     : \"r\"(a7), \"r\"(a1)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn a0;\n"
		"}\n"
		"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n"
		"{\n"
		"\tregister long a7 __asm__(\"a7\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"a0\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"a1\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"a2\") = c;\n"
		"\t__asm__ __volatile__(\"ecall\" : \"+r\"(a0)\n"
		"\t\t\t     : \"r\"(a7), \"r\"(a1), \"r\"(a2)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn a0;\n"
		"}\n"
		"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d)\n"
		"{\n"
		"\tregister long a7 __asm__(\"a7\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"a0\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"a1\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"a2\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"a3\") = d;\n"
		"\t__asm__ __volatile__(\"ecall\" : \"+r\"(a0)\n"
		"\t\t\t     : \"r\"(a7), \"r\"(a1), \"r\"(a2), \"r\"(a3)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn a0;\n"
		"}\n"
		"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n"
		"{\n"
		"\tregister long a7 __asm__(\"a7\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"a0\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"a1\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"a2\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"a3\") = d;\n"
		"\tregister syscov_reg_t a4 __asm__(\"a4\") = e;\n"
		"\t__asm__ __volatile__(\"ecall\" : \"+r\"(a0)\n"
		"\t\t\t     : \"r\"(a7), \"r\"(a1), \"r\"(a2), \"r\"(a3), \"r\"(a4)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn a0;\n"
		"}\n"
		"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n"
		"{\n"
		"\tregister long a7 __asm__(\"a7\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"a0\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"a1\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"a2\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"a3\") = d;\n"
		"\tregister syscov_reg_t a4 __asm__(\"a4\") = e;\n"
		"\tregister syscov_reg_t a5 __asm__(\"a5\") = f;\n"
		"\t__asm__ __volatile__(\"ecall\" : \"+r\"(a0)\n"
		"\t\t\t     : \"r\"(a7), \"r\"(a1), \"r\"(a2), \"r\"(a3), \"r\"(a4), \"r\"(a5)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn a0;\n"
		"}\n",
};

const struct arch_desc arch_riscv64 = {
	.name = "riscv64",
	.aliases = aliases,
	.clang_triple = "riscv64-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8",
	.multiarch = "riscv64-linux-gnu",
	.gnu_triplet = "riscv64-linux-gnu",
	.debian_arch = "riscv64",
	.qemu = "riscv64",
	.predef = "defined(__riscv) && __riscv_xlen == 64",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_RISCV,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_GENERIC,
	.kernel_port = "riscv",
	.nr_offset = 0,
	.trap = &trap,
};
