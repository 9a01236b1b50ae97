/* arch/hppa.c: the hppa ABI.
 *
 * PA-RISC 32-bit userland, big endian. Rows common and 32.
 */
#include "arch.h"
#include "arch_elf.h"
#include "arch_trap.h"

static const char *const aliases[] = {"parisc", NULL};

/* Trap ABI (PA-RISC 32-bit runtime; arch/parisc/kernel/syscall.S;
 * syscall(2)): a branch to the gateway page, `ble 0x100(%sr2, %r0)`, with
 * the number in r20, arguments in r26, r25, r24, r23, r22, r21, result in
 * r28, -4095..-1 meaning -errno. The kernel may change r1, r2, r20-r26, r29,
 * r31 and r19; r19 is the PIC register, which an asm may not list as
 * clobbered, so the primitives keep it in r4 across the call.
 * 64-bit values: two consecutive slots, high word first (big endian), no
 * alignment padding: the kernel takes every such call through a wrapper
 * with explicit halves (parisc_pread64(fd, buf, count, high, low),
 * parisc_fallocate, parisc_sync_file_range, parisc_fadvise64_64 in
 * arch/parisc/kernel/sys_parisc.c), although the C calling convention
 * would align a long long. preadv/pwritev(2) take the offset as (low, high)
 * longs. */
static const struct arch_trap trap = {
	.insn = "ble 0x100(%sr2, %r0)",
	.nr_reg = "r20",
	.ret_reg = "r28",
	.arg_regs = {"r26", "r25", "r24", "r23", "r22", "r21"},
	.clobbers = "r1 r2 r4 r19 r20-r26 r29 r31 memory",
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 32,
	.pair_align = 0,
	.source = "arch/parisc/kernel/syscall.S; arch/parisc/kernel/sys_parisc.c; syscall(2)",
	.primitives =
		"typedef long syscov_reg_t;\n"
		"static inline long __syscov_sys0(long n)\n"
		"{\n"
		"\tregister long r20 __asm__(\"r20\") = n;\n"
		"\tregister long r28 __asm__(\"r28\");\n"
		"\t__asm__ __volatile__(\"copy %%r19, %%r4\\n\\tble 0x100(%%sr2, %%r0)\\n\\tnop\\n\\tcopy %%r4, %%r19\"\n"
		"\t\t\t     : \"=r\"(r28), \"+r\"(r20)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"r26\", \"r25\", \"r24\", \"r23\", \"r22\", \"r21\", \"r1\", \"r2\",\n"
		"\t\t\t       \"r4\", \"r29\", \"r31\", \"memory\");\n"
		"\treturn r28;\n"
		"}\n"
		"static inline long __syscov_sys1(long n, syscov_reg_t a)\n"
		"{\n"
		"\tregister long r20 __asm__(\"r20\") = n;\n"
		"\tregister syscov_reg_t r26 __asm__(\"r26\") = a;\n"
		"\tregister long r28 __asm__(\"r28\");\n"
		"\t__asm__ __volatile__(\"copy %%r19, %%r4\\n\\tble 0x100(%%sr2, %%r0)\\n\\tnop\\n\\tcopy %%r4, %%r19\"\n"
		"\t\t\t     : \"=r\"(r28), \"+r\"(r20), \"+r\"(r26)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"r25\", \"r24\", \"r23\", \"r22\", \"r21\", \"r1\", \"r2\", \"r4\",\n"
		"\t\t\t       \"r29\", \"r31\", \"memory\");\n"
		"\treturn r28;\n"
		"}\n"
		"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n"
		"{\n"
		"\tregister long r20 __asm__(\"r20\") = n;\n"
		"\tregister syscov_reg_t r26 __asm__(\"r26\") = a;\n"
		"\tregister syscov_reg_t r25 __asm__(\"r25\") = b;\n"
		"\tregister long r28 __asm__(\"r28\");\n"
		"\t__asm__ __volatile__(\"copy %%r19, %%r4\\n\\tble 0x100(%%sr2, %%r0)\\n\\tnop\\n\\tcopy %%r4, %%r19\"\n"
		"\t\t\t     : \"=r\"(r28), \"+r\"(r20), \"+r\"(r26), \"+r\"(r25)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"r24\", \"r23\", \"r22\", \"r21\", \"r1\", \"r2\", \"r4\", \"r29\",\n"
		"\t\t\t       \"r31\", \"memory\");\n"
		"\treturn r28;\n"
		"}\n"
		"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n"
		"{\n"
		"\tregister long r20 __asm__(\"r20\") = n;\n"
		"\tregister syscov_reg_t r26 __asm__(\"r26\") = a;\n"
		"\tregister syscov_reg_t r25 __asm__(\"r25\") = b;\n"
		"\tregister syscov_reg_t r24 __asm__(\"r24\") = c;\n"
		"\tregister long r28 __asm__(\"r28\");\n"
		"\t__asm__ __volatile__(\"copy %%r19, %%r4\\n\\tble 0x100(%%sr2, %%r0)\\n\\tnop\\n\\tcopy %%r4, %%r19\"\n"
		"\t\t\t     : \"=r\"(r28), \"+r\"(r20), \"+r\"(r26), \"+r\"(r25), \"+r\"(r24)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"r23\", \"r22\", \"r21\", \"r1\", \"r2\", \"r4\", \"r29\", \"r31\",\n"
		"\t\t\t       \"memory\");\n"
		"\treturn r28;\n"
		"}\n"
		"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d)\n"
		"{\n"
		"\tregister long r20 __asm__(\"r20\") = n;\n"
		"\tregister syscov_reg_t r26 __asm__(\"r26\") = a;\n"
		"\tregister syscov_reg_t r25 __asm__(\"r25\") = b;\n"
		"\tregister syscov_reg_t r24 __asm__(\"r24\") = c;\n"
		"\tregister syscov_reg_t r23 __asm__(\"r23\") = d;\n"
		"\tregister long r28 __asm__(\"r28\");\n"
		"\t__asm__ __volatile__(\"copy %%r19, %%r4\\n\\tble 0x100(%%sr2, %%r0)\\n\\tnop\\n\\tcopy %%r4, %%r19\"\n"
		"\t\t\t     : \"=r\"(r28), \"+r\"(r20), \"+r\"(r26), \"+r\"(r25), \"+r\"(r24),\n"
		"\t\t\t       \"+r\"(r23)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"r22\", \"r21\", \"r1\", \"r2\", \"r4\", \"r29\", \"r31\", \"memory\");\n"
		"\treturn r28;\n"
		"}\n"
		"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n"
		"{\n"
		"\tregister long r20 __asm__(\"r20\") = n;\n"
		"\tregister syscov_reg_t r26 __asm__(\"r26\") = a;\n"
		"\tregister syscov_reg_t r25 __asm__(\"r25\") = b;\n"
		"\tregister syscov_reg_t r24 __asm__(\"r24\") = c;\n"
		"\tregister syscov_reg_t r23 __asm__(\"r23\") = d;\n"
		"\tregister syscov_reg_t r22 __asm__(\"r22\") = e;\n"
		"\tregister long r28 __asm__(\"r28\");\n"
		"\t__asm__ __volatile__(\"copy %%r19, %%r4\\n\\tble 0x100(%%sr2, %%r0)\\n\\tnop\\n\\tcopy %%r4, %%r19\"\n"
		"\t\t\t     : \"=r\"(r28), \"+r\"(r20), \"+r\"(r26), \"+r\"(r25), \"+r\"(r24),\n"
		"\t\t\t       \"+r\"(r23), \"+r\"(r22)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"r21\", \"r1\", \"r2\", \"r4\", \"r29\", \"r31\", \"memory\");\n"
		"\treturn r28;\n"
		"}\n"
		"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n"
		"{\n"
		"\tregister long r20 __asm__(\"r20\") = n;\n"
		"\tregister syscov_reg_t r26 __asm__(\"r26\") = a;\n"
		"\tregister syscov_reg_t r25 __asm__(\"r25\") = b;\n"
		"\tregister syscov_reg_t r24 __asm__(\"r24\") = c;\n"
		"\tregister syscov_reg_t r23 __asm__(\"r23\") = d;\n"
		"\tregister syscov_reg_t r22 __asm__(\"r22\") = e;\n"
		"\tregister syscov_reg_t r21 __asm__(\"r21\") = f;\n"
		"\tregister long r28 __asm__(\"r28\");\n"
		"\t__asm__ __volatile__(\"copy %%r19, %%r4\\n\\tble 0x100(%%sr2, %%r0)\\n\\tnop\\n\\tcopy %%r4, %%r19\"\n"
		"\t\t\t     : \"=r\"(r28), \"+r\"(r20), \"+r\"(r26), \"+r\"(r25), \"+r\"(r24),\n"
		"\t\t\t       \"+r\"(r23), \"+r\"(r22), \"+r\"(r21)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"r1\", \"r2\", \"r4\", \"r29\", \"r31\", \"memory\");\n"
		"\treturn r28;\n"
		"}\n",
};

const struct arch_desc arch_hppa = {
	.name = "hppa",
	.aliases = aliases,
	.clang_triple = "hppa-linux-gnu",
	.clang_parse_triple = "mips-linux-gnu", /* clang 14 has no hppa backend */
	/* clang 14 lacks this target: hppa-linux-gnu-gcc -dM -E's values */
	.cpp_predefs = "__CHAR_BIT__=8 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4",
	.multiarch = "hppa-linux-gnu",
	.gnu_triplet = "hppa-linux-gnu",
	.debian_arch = "hppa",
	.qemu = "hppa",
	.predef = "defined(__hppa__)",
	.word_bits = 32,
	.endian = ARCH_BE,
	.elf_machine = EM_PARISC,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "parisc",
	.tbl_file = "arch/parisc/kernel/syscalls/syscall.tbl",
	.tbl_abis = "common,32",
	.nr_offset = 0,
	.trap = &trap,
};
