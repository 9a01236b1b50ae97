/* arch/mipsel.c: the mipsel ABI.
 *
 * MIPS o32, little endian. Numbers start at __NR_Linux = 4000.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

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
	.err = TRAP_ERR_MIPS_A3,
	.reg_bits = 32,
	.pair_align = 1,
	.ksigset_bytes = 16, /* _NSIG 128: arch/mips/include/uapi/asm/signal.h */
	.source = "MIPS o32 ABI; arch/mips/kernel/scall32-o32.S; syscall(2)",
	.primitives = trap_text_mipsel,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const struct arch_code code = {
	.isa = &isa_mips,
	.cs_mode = CS_MODE_MIPS32 | CS_MODE_LITTLE_ENDIAN,
	.traps = {{"syscall", NULL}},
	.call_args = code_mips_o32_args,
	.saved = code_mips_saved,
	.trap_clobbers = code_mips_trap,
	.errno_max = 1133, /* EDQUOT, arch/mips/include/uapi/asm/errno.h */
	.delay_slot = 1,
	.enosys = 89, /* arch/mips/include/uapi/asm/errno.h */
	.source = "SYSV MIPS psABI 3-11 (o32); syscall(2)",
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
	.code = &code,
};
