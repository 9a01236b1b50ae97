/* arch/mipsn32.c: the mipsn32 ABI.
 *
 * MIPS n32 (64-bit registers, ILP32), little endian. Numbers start at
 * __NR_Linux = 6000.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"n32", "mips64el-n32", NULL};

/* Trap ABI (MIPS n32; arch/mips/kernel/scall64-n32.S; syscall(2)): the n64
 * trap (`syscall`; v0; a0-a5 = $4-$9; a3 error flag with a positive errno in
 * v0) with numbers from __NR_Linux = 6000. long is 32-bit but registers are
 * 64-bit, so syscov_reg_t is long long and a 64-bit value (loff_t) travels
 * in one register. Exception: preadv, pwritev, preadv2, pwritev2 take the
 * offset as two 32-bit halves (low, high), being compat_sys_preadv* calls
 * (data/ll_exceptions.tsv). */
static const struct arch_trap trap = {
	.insn = "syscall",
	.nr_reg = "v0",
	.ret_reg = "v0",
	.arg_regs = {"a0", "a1", "a2", "a3", "a4", "a5"},
	.err = TRAP_ERR_MIPS_A3,
	.reg_bits = 64,
	.pair_align = 0,
	.ksigset_bytes = 16, /* _NSIG 128: arch/mips/include/uapi/asm/signal.h */
	.source = "MIPS n32 ABI; arch/mips/kernel/scall64-n32.S; syscall(2)",
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
	.source = "MIPSpro N32/64 ABI Handbook (n32); syscall(2)",
};

const struct arch_desc arch_mipsn32 = {
	.name = "mipsn32",
	.aliases = aliases,
	.clang_triple = "mips64el-linux-gnuabin32",
	.cpp_predefs = "_ABIN32=2 _MIPS_SIM=_ABIN32 _MIPS_SZLONG=32 __CHAR_BIT__=8 __ILP32__=1 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4",
	.multiarch = "mips64el-linux-gnuabin32",
	.gnu_triplet = "mips64el-linux-gnuabin32",
	.debian_arch = "mipsn32el",
	.qemu = "mipsn32el",
	.predef = "defined(__mips__) && defined(_ABIN32) && _MIPS_SIM == _ABIN32",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_MIPS,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "mips",
	.tbl_file = "arch/mips/kernel/syscalls/syscall_n32.tbl",
	.tbl_abis = "common,n32",
	.nr_offset = 6000,
	.trap = &trap,
	.code = &code,
};
