/* arch/mips64el.c: the mips64el ABI.
 *
 * MIPS n64, little endian. Numbers start at __NR_Linux = 5000
 * (arch/mips/include/uapi/asm/unistd.h).
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"mips64", "mipsn64", "n64", NULL};

/* Trap ABI (MIPS n64; arch/mips/kernel/scall64-n64.S; syscall(2)):
 * `syscall`, number in v0 ($2, including __NR_Linux = 5000), arguments in
 * a0-a5 ($4-$9), result in v0. On failure the kernel sets a3 ($7) to 1 and
 * returns a positive errno in v0, which the primitives negate. The kernel
 * may change at, v1, t0-t3 ($12-$15 on n64), t8, t9, hi and lo; argument
 * registers are treated as changed too. Registers are 64-bit: no pairs. */
static const struct arch_trap trap = {
	.insn = "syscall",
	.nr_reg = "v0",
	.ret_reg = "v0",
	.arg_regs = {"a0", "a1", "a2", "a3", "a4", "a5"},
	.err = TRAP_ERR_MIPS_A3,
	.reg_bits = 64,
	.pair_align = 0,
	.ksigset_bytes = 16, /* _NSIG 128: arch/mips/include/uapi/asm/signal.h */
	.source = "MIPS n64 ABI; arch/mips/kernel/scall64-n64.S; syscall(2)",
	.primitives = trap_text_mips64,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const struct arch_code code = {
	.isa = &isa_mips,
	.cs_mode = CS_MODE_MIPS64 | CS_MODE_LITTLE_ENDIAN,
	.traps = {{"syscall", NULL}},
	.call_args = code_mips_n64_args,
	.saved = code_mips_saved,
	.trap_clobbers = code_mips_trap,
	.errno_max = 1133, /* EDQUOT, arch/mips/include/uapi/asm/errno.h */
	.delay_slot = 1,
	.enosys = 89, /* arch/mips/include/uapi/asm/errno.h */
	.source = "MIPSpro N32/64 ABI Handbook (n64); syscall(2)",
};

const struct arch_desc arch_mips64el = {
	.name = "mips64el",
	.aliases = aliases,
	.clang_triple = "mips64el-linux-gnuabi64",
	.cpp_predefs = "_ABI64=3 _MIPS_SIM=_ABI64 _MIPS_SZLONG=64 __CHAR_BIT__=8 __LP64__=1 __SIZEOF_LONG__=8 __SIZEOF_POINTER__=8",
	.multiarch = "mips64el-linux-gnuabi64",
	.gnu_triplet = "mips64el-linux-gnuabi64",
	.debian_arch = "mips64el",
	.qemu = "mips64el",
	.predef = "defined(__mips__) && defined(_ABI64) && _MIPS_SIM == _ABI64",
	.word_bits = 64,
	.endian = ARCH_LE,
	.elf_machine = EM_MIPS,
	.elf_class = ELFCLASS64,
	.ktable = KTABLE_TBL,
	.kernel_port = "mips",
	.tbl_file = "arch/mips/kernel/syscalls/syscall_n64.tbl",
	.tbl_abis = "common,n64",
	.nr_offset = 5000,
	.trap = &trap,
	.code = &code,
};
