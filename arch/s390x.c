/* arch/s390x.c: the s390x ABI.
 *
 * IBM z (s390x), 64-bit big endian. Its .tbl has two entry columns
 * (64-bit and compat); rows common and 64.
 */
#include "arch.h"
#include "arch_elf.h"
#include "arch_trap.h"

static const char *const aliases[] = {"s390", NULL};

/* Trap ABI (s390x ELF ABI supplement; arch/s390/kernel/entry.S; syscall(2)):
 * `svc 0` with the number in r1 (an immediate `svc NR` only reaches numbers
 * below 256, so the r1 form serves every call), arguments in r2-r7, result
 * in r2, -4095..-1 meaning -errno. r6 and r7 are callee-saved in the C ABI;
 * binding them to asm operands makes the compiler save them. Registers are
 * 64-bit: no register pairs. */
static const struct arch_trap trap = {
	.insn = "svc 0",
	.nr_reg = "r1",
	.ret_reg = "r2",
	.arg_regs = {"r2", "r3", "r4", "r5", "r6", "r7"},
	.clobbers = "memory",
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "s390x ELF ABI; arch/s390/kernel/entry.S; syscall(2)",
	.primitives =
		"typedef long syscov_reg_t;\n"
		"static inline long __syscov_sys0(long n)\n"
		"{\n"
		"\tregister long r2 __asm__(\"r2\");\n"
		"\tregister long r1 __asm__(\"r1\") = n;\n"
		"\t__asm__ __volatile__(\"svc 0\" : \"=r\"(r2)\n"
		"\t\t\t     : \"r\"(r1)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r2;\n"
		"}\n"
		"static inline long __syscov_sys1(long n, syscov_reg_t a)\n"
		"{\n"
		"\tregister long r1 __asm__(\"r1\") = n;\n"
		"\tregister syscov_reg_t r2 __asm__(\"r2\") = a;\n"
		"\t__asm__ __volatile__(\"svc 0\" : \"+r\"(r2)\n"
		"\t\t\t     : \"r\"(r1)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r2;\n"
		"}\n"
		"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n"
		"{\n"
		"\tregister long r1 __asm__(\"r1\") = n;\n"
		"\tregister syscov_reg_t r2 __asm__(\"r2\") = a;\n"
		"\tregister syscov_reg_t r3 __asm__(\"r3\") = b;\n"
		"\t__asm__ __volatile__(\"svc 0\" : \"+r\"(r2)\n"
		"\t\t\t     : \"r\"(r1), \"r\"(r3)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r2;\n"
		"}\n"
		"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n"
		"{\n"
		"\tregister long r1 __asm__(\"r1\") = n;\n"
		"\tregister syscov_reg_t r2 __asm__(\"r2\") = a;\n"
		"\tregister syscov_reg_t r3 __asm__(\"r3\") = b;\n"
		"\tregister syscov_reg_t r4 __asm__(\"r4\") = c;\n"
		"\t__asm__ __volatile__(\"svc 0\" : \"+r\"(r2)\n"
		"\t\t\t     : \"r\"(r1), \"r\"(r3), \"r\"(r4)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r2;\n"
		"}\n"
		"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d)\n"
		"{\n"
		"\tregister long r1 __asm__(\"r1\") = n;\n"
		"\tregister syscov_reg_t r2 __asm__(\"r2\") = a;\n"
		"\tregister syscov_reg_t r3 __asm__(\"r3\") = b;\n"
		"\tregister syscov_reg_t r4 __asm__(\"r4\") = c;\n"
		"\tregister syscov_reg_t r5 __asm__(\"r5\") = d;\n"
		"\t__asm__ __volatile__(\"svc 0\" : \"+r\"(r2)\n"
		"\t\t\t     : \"r\"(r1), \"r\"(r3), \"r\"(r4), \"r\"(r5)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r2;\n"
		"}\n"
		"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n"
		"{\n"
		"\tregister long r1 __asm__(\"r1\") = n;\n"
		"\tregister syscov_reg_t r2 __asm__(\"r2\") = a;\n"
		"\tregister syscov_reg_t r3 __asm__(\"r3\") = b;\n"
		"\tregister syscov_reg_t r4 __asm__(\"r4\") = c;\n"
		"\tregister syscov_reg_t r5 __asm__(\"r5\") = d;\n"
		"\tregister syscov_reg_t r6 __asm__(\"r6\") = e;\n"
		"\t__asm__ __volatile__(\"svc 0\" : \"+r\"(r2)\n"
		"\t\t\t     : \"r\"(r1), \"r\"(r3), \"r\"(r4), \"r\"(r5), \"r\"(r6)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r2;\n"
		"}\n"
		"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n"
		"{\n"
		"\tregister long r1 __asm__(\"r1\") = n;\n"
		"\tregister syscov_reg_t r2 __asm__(\"r2\") = a;\n"
		"\tregister syscov_reg_t r3 __asm__(\"r3\") = b;\n"
		"\tregister syscov_reg_t r4 __asm__(\"r4\") = c;\n"
		"\tregister syscov_reg_t r5 __asm__(\"r5\") = d;\n"
		"\tregister syscov_reg_t r6 __asm__(\"r6\") = e;\n"
		"\tregister syscov_reg_t r7 __asm__(\"r7\") = f;\n"
		"\t__asm__ __volatile__(\"svc 0\" : \"+r\"(r2)\n"
		"\t\t\t     : \"r\"(r1), \"r\"(r3), \"r\"(r4), \"r\"(r5), \"r\"(r6), \"r\"(r7)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r2;\n"
		"}\n",
};

const struct arch_desc arch_s390x = {
	.name = "s390x",
	.aliases = aliases,
	.clang_triple = "s390x-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8 __s390x__=1",
	.multiarch = "s390x-linux-gnu",
	.gnu_triplet = "s390x-linux-gnu",
	.debian_arch = "s390x",
	.qemu = "s390x",
	.predef = "defined(__s390x__)",
	.word_bits = 64,
	.endian = ARCH_BE,
	.elf_machine = EM_S390,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "s390",
	.tbl_file = "arch/s390/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common,64",
	.nr_offset = 0,
	.trap = &trap,
};
