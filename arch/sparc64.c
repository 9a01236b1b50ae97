/* arch/sparc64.c: the sparc64 ABI.
 *
 * SPARC V9 64-bit, big endian. Rows common and 64.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

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
	.err = TRAP_ERR_CARRY,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "SPARC V9 ABI; arch/sparc/kernel/syscalls.S; syscall(2)",
	.primitives = trap_text_sparc64,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const char *const code_args[] = {"o0", "o1", "o2", "o3", "o4", "o5", NULL};
static const char *const code_saved[] = {"l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "i0", "i1", "i2", "i3", "i4", "i5", "fp", "i7", "sp", NULL};
/* ta 0x6d: the result in o0 (o1 for pipe()), and g1-g6, glibc sparc64 sysdep.h __SYSCALL_CLOBBERS with its g1 output */
static const char *const code_trap[] = {"o0", "o1", "g1", "g2", "g3", "g4", "g5", "g6", NULL};
static const struct arch_code code = {
	.isa = &isa_sparc,
	.cs_mode = CS_MODE_BIG_ENDIAN | CS_MODE_V9,
	.traps = {{"ta", "%icc, %g0 + 0x6d"}},
	.call_args = code_args,
	.saved = code_saved,
	.trap_clobbers = code_trap,
	.errno_max = 135, /* EHWPOISON, arch/sparc/include/uapi/asm/errno.h */
	.delay_slot = 1,
	.enosys = 90, /* arch/sparc/include/uapi/asm/errno.h */
	.source = "SPARC Compliance Definition 2.4 (a called function's save gives it a new register window); syscall(2)",
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
	.code = &code,
};
