/* arch/i386.c: the i386 ABI.
 *
 * i386 System V psABI, ILP32. Debian names the multiarch dir i386-linux-gnu but
 * the cross prefix /usr/i686-linux-gnu.
 */
#include "arch.h"
#include "arch_elf.h"
#include "arch_trap.h"

static const char *const aliases[] = {"i686", "i586", "i486", "x86", NULL};

/* Trap ABI (i386 psABI; arch/x86/entry/entry_32.S, the int $0x80 entry):
 * `int $0x80`, number in eax, arguments in ebx, ecx, edx, esi, edi, ebp,
 * result in eax, -4095..-1 meaning -errno; the kernel preserves the other
 * registers. ebx is the PIC register and ebp the frame pointer in some
 * builds: GCC 5 and later spill ebx around an asm that claims it, but ebp
 * cannot be claimed, so __syscov_sys6 pushes the sixth argument and swaps
 * it into ebp inside the asm. 64-bit values: two consecutive slots, low word
 * first, no alignment padding (pread64 is fd, buf, count, lo, hi; fallocate
 * and sync_file_range are six slots). preadv/pwritev(2) take the offset as
 * (low, high) longs; _llseek names its halves (high, low). */
static const struct arch_trap trap = {
	.insn = "int $0x80",
	.nr_reg = "eax",
	.ret_reg = "eax",
	.arg_regs = {"ebx", "ecx", "edx", "esi", "edi", "ebp"},
	.clobbers = "memory",
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 32,
	.pair_align = 0,
	.source = "i386 psABI; arch/x86/entry/entry_32.S; syscall(2)",
	.primitives =
		"typedef long syscov_reg_t;\n"
		"static inline long __syscov_sys0(long n)\n"
		"{\n"
		"\tlong r;\n"
		"\t__asm__ __volatile__(\"int $0x80\" : \"=a\"(r)\n"
		"\t\t\t     : \"a\"(n)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r;\n"
		"}\n"
		"static inline long __syscov_sys1(long n, syscov_reg_t a)\n"
		"{\n"
		"\tlong r;\n"
		"\t__asm__ __volatile__(\"int $0x80\" : \"=a\"(r)\n"
		"\t\t\t     : \"a\"(n), \"b\"(a)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r;\n"
		"}\n"
		"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n"
		"{\n"
		"\tlong r;\n"
		"\t__asm__ __volatile__(\"int $0x80\" : \"=a\"(r)\n"
		"\t\t\t     : \"a\"(n), \"b\"(a), \"c\"(b)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r;\n"
		"}\n"
		"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n"
		"{\n"
		"\tlong r;\n"
		"\t__asm__ __volatile__(\"int $0x80\" : \"=a\"(r)\n"
		"\t\t\t     : \"a\"(n), \"b\"(a), \"c\"(b), \"d\"(c)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r;\n"
		"}\n"
		"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d)\n"
		"{\n"
		"\tlong r;\n"
		"\t__asm__ __volatile__(\"int $0x80\" : \"=a\"(r)\n"
		"\t\t\t     : \"a\"(n), \"b\"(a), \"c\"(b), \"d\"(c), \"S\"(d)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r;\n"
		"}\n"
		"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n"
		"{\n"
		"\tlong r;\n"
		"\t__asm__ __volatile__(\"int $0x80\" : \"=a\"(r)\n"
		"\t\t\t     : \"a\"(n), \"b\"(a), \"c\"(b), \"d\"(c), \"S\"(d), \"D\"(e)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r;\n"
		"}\n"
		"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n"
		"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n"
		"{\n"
		"\tlong r;\n"
		"\t/* ebp is the sixth argument but may be the frame pointer, and all six\n"
		"\t * other registers are taken: push f first (its operand may be addressed\n"
		"\t * through esp or ebp, both still intact), then save ebp and load it from\n"
		"\t * the stack. */\n"
		"\t__asm__ __volatile__(\"pushl %[f]\\n\\t\"\n"
		"\t\t\t     \"pushl %%ebp\\n\\t\"\n"
		"\t\t\t     \"movl 4(%%esp), %%ebp\\n\\t\"\n"
		"\t\t\t     \"int $0x80\\n\\t\"\n"
		"\t\t\t     \"popl %%ebp\\n\\t\"\n"
		"\t\t\t     \"addl $4, %%esp\"\n"
		"\t\t\t     : \"=a\"(r)\n"
		"\t\t\t     : \"a\"(n), \"b\"(a), \"c\"(b), \"d\"(c), \"S\"(d), \"D\"(e), [f] \"g\"(f)\n"
		"\t\t\t     : \"memory\");\n"
		"\treturn r;\n"
		"}\n",
};

const struct arch_desc arch_i386 = {
	.name = "i386",
	.aliases = aliases,
	.clang_triple = "i386-linux-gnu",
	.cpp_predefs = "__CHAR_BIT__=8 __ILP32__=1 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4 __i386__=1",
	.multiarch = "i386-linux-gnu",
	.gnu_triplet = "i686-linux-gnu",
	.debian_arch = "i386",
	.qemu = "i386",
	.predef = "defined(__i386__)",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_386,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "x86",
	.tbl_file = "arch/x86/entry/syscalls/syscall_32.tbl",
	.tbl_abis = "i386",
	.nr_offset = 0,
	.trap = &trap,
};
