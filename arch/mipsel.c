/* arch/mipsel.c: the mipsel ABI.
 *
 * MIPS o32, little endian. Numbers start at __NR_Linux = 4000.
 */
#include "arch.h"
#include "arch_elf.h"
#include "arch_trap.h"

static const char *const aliases[] = {"mips", "o32", "mipso32", NULL};

/* Trap ABI (MIPS o32; arch/mips/kernel/scall32-o32.S; syscall(2)):
 * `syscall`, number in v0 ($2, including __NR_Linux = 4000), arguments 1-4
 * in a0-a3 ($4-$7) and arguments 5-8 on the caller's stack at 16($sp) to
 * 28($sp), above the 16 bytes the o32 convention reserves for a0-a3; the
 * primitives open a 32-byte frame for them. Result in v0; on failure the
 * kernel sets a3 to 1 and returns a positive errno in v0, which the
 * primitives negate. The kernel may change at, v1, t0-t9, hi and lo.
 * 64-bit values: a register pair, low word first (little endian), starting
 * at an even slot, so pread64 is fd, buf, count, 0, lo, hi (6 slots).
 * sync_file_range and fadvise64 then need 7 slots (fd, 0, off, len, flags),
 * more than __syscov_sys6 carries (data/ll_exceptions.tsv).
 * preadv/pwritev(2) take the offset as (low, high) longs. */
static const struct arch_trap trap = {
	.insn = "syscall",
	.nr_reg = "v0",
	.ret_reg = "v0",
	.arg_regs = {"a0", "a1", "a2", "a3", "stack", "stack"},
	.clobbers = "$1 $3 $8-$15 $24 $25 hi lo memory",
	.err = TRAP_ERR_MIPS_A3,
	.reg_bits = 32,
	.pair_align = 1,
	.source = "MIPS o32 ABI; arch/mips/kernel/scall32-o32.S; syscall(2)",
	.primitives =
		"typedef long syscov_reg_t;\n"
		"static inline long __syscov_sys0(long n)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$2\") = n;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$7\");\n"
		"\t__asm__ __volatile__(\"syscall\"\n"
		"\t\t\t     : \"+r\"(v0), \"=r\"(a3)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$4\", \"$5\", \"$6\", \"$1\", \"$3\", \"$8\", \"$9\", \"$10\", \"$11\",\n"
		"\t\t\t       \"$12\", \"$13\", \"$14\", \"$15\", \"$24\", \"$25\", \"hi\", \"lo\",\n"
		"\t\t\t       \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys1(long n, syscov_reg_t a)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$2\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$7\");\n"
		"\t__asm__ __volatile__(\"syscall\"\n"
		"\t\t\t     : \"+r\"(v0), \"=r\"(a3), \"+r\"(a0)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$5\", \"$6\", \"$1\", \"$3\", \"$8\", \"$9\", \"$10\", \"$11\", \"$12\",\n"
		"\t\t\t       \"$13\", \"$14\", \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$2\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"$5\") = b;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$7\");\n"
		"\t__asm__ __volatile__(\"syscall\"\n"
		"\t\t\t     : \"+r\"(v0), \"=r\"(a3), \"+r\"(a0), \"+r\"(a1)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$6\", \"$1\", \"$3\", \"$8\", \"$9\", \"$10\", \"$11\", \"$12\", \"$13\",\n"
		"\t\t\t       \"$14\", \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$2\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"$5\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"$6\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$7\");\n"
		"\t__asm__ __volatile__(\"syscall\"\n"
		"\t\t\t     : \"+r\"(v0), \"=r\"(a3), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$1\", \"$3\", \"$8\", \"$9\", \"$10\", \"$11\", \"$12\", \"$13\", \"$14\",\n"
		"\t\t\t       \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$2\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"$5\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"$6\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$7\") = d;\n"
		"\t__asm__ __volatile__(\"syscall\"\n"
		"\t\t\t     : \"+r\"(v0), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2), \"+r\"(a3)\n"
		"\t\t\t     :\n"
		"\t\t\t     : \"$1\", \"$3\", \"$8\", \"$9\", \"$10\", \"$11\", \"$12\", \"$13\", \"$14\",\n"
		"\t\t\t       \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$2\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"$5\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"$6\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$7\") = d;\n"
		"\t__asm__ __volatile__(\"addiu $sp, $sp, -32\\n\\tsw %[e], 16($sp)\\n\\tsyscall\\n\\taddiu $sp, $sp, 32\"\n"
		"\t\t\t     : \"+r\"(v0), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2), \"+r\"(a3)\n"
		"\t\t\t     : [e] \"r\"(e)\n"
		"\t\t\t     : \"$1\", \"$3\", \"$8\", \"$9\", \"$10\", \"$11\", \"$12\", \"$13\", \"$14\",\n"
		"\t\t\t       \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n"
		"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n"
		"{\n"
		"\tregister long v0 __asm__(\"$2\") = n;\n"
		"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n"
		"\tregister syscov_reg_t a1 __asm__(\"$5\") = b;\n"
		"\tregister syscov_reg_t a2 __asm__(\"$6\") = c;\n"
		"\tregister syscov_reg_t a3 __asm__(\"$7\") = d;\n"
		"\t__asm__ __volatile__(\"addiu $sp, $sp, -32\\n\\tsw %[e], 16($sp)\\n\\tsw %[f], 20($sp)\\n\\tsyscall\\n\\taddiu $sp, $sp, 32\"\n"
		"\t\t\t     : \"+r\"(v0), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2), \"+r\"(a3)\n"
		"\t\t\t     : [e] \"r\"(e), [f] \"r\"(f)\n"
		"\t\t\t     : \"$1\", \"$3\", \"$8\", \"$9\", \"$10\", \"$11\", \"$12\", \"$13\", \"$14\",\n"
		"\t\t\t       \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n"
		"\treturn a3 ? -v0 : v0;\n"
		"}\n",
};

const struct arch_desc arch_mipsel = {
	.name = "mipsel",
	.aliases = aliases,
	.clang_triple = "mipsel-linux-gnu",
	.cpp_predefs = "_ABIO32=1 _MIPS_SIM=_ABIO32 _MIPS_SZLONG=32 __CHAR_BIT__=8 __ILP32__=1 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4",
	.multiarch = "mipsel-linux-gnu",
	.gnu_triplet = "mipsel-linux-gnu",
	.debian_arch = "mipsel",
	.qemu = "mipsel",
	.predef = "defined(__mips__) && defined(_ABIO32) && _MIPS_SIM == _ABIO32",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_MIPS,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "mips",
	.tbl_file = "arch/mips/kernel/syscalls/syscall_o32.tbl",
	.tbl_abis = "common,o32",
	.nr_offset = 4000,
	.trap = &trap,
};
