/* arch/arm.c: the arm ABI.
 *
 * 32-bit ARM EABI (armhf and armel share the syscall ABI). OABI rows of
 * arch/arm/tools/syscall.tbl are not this ABI; ARM-private calls
 * (__ARM_NR_*, base 0x0f0000) are kept apart by the scanner.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

static const char *const aliases[] = {"armhf", "armel", "armv7", "eabi", NULL};

/* Trap ABI (ARM EABI; arch/arm/kernel/entry-common.S; syscall(2)):
 * `svc #0`, number in r7, arguments in r0-r5, result in r0, -4095..-1
 * meaning -errno. r7 is the frame pointer in Thumb code, which GCC will not
 * let an asm statement claim, so the primitives save it in a scratch
 * register around the trap instead of binding the number to it.
 * 64-bit values: a register pair, low word first (little endian), starting
 * at an even slot (r0, r2, r4) as in the AAPCS, so pread64(fd, buf, count,
 * off) is fd, buf, count, 0, off_lo, off_hi. Calls reordered to avoid the
 * padding (data/ll_exceptions.tsv): arm_fadvise64_64(fd, advice, off, len)
 * and sync_file_range2(fd, flags, off, nbytes); arm has no plain
 * sync_file_range. preadv/pwritev(2) take the offset as (low, high) longs. */
static const struct arch_trap trap = {
	.insn = "svc #0",
	.nr_reg = "r7",
	.ret_reg = "r0",
	.arg_regs = {"r0", "r1", "r2", "r3", "r4", "r5"},
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 32,
	.pair_align = 1,
	.source = "AAPCS; arch/arm/kernel/entry-common.S; syscall(2)",
	.primitives = trap_text_arm,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const char *const code_args[] = {"r0", "r1", "r2", "r3", NULL};
static const char *const code_saved[] = {"r4", "r5", "r6", "r7", "r8", "sb", "sl", "fp", "sp", NULL};
/* svc 0 changes r0 only (arch/arm/kernel/entry-common.S; glibc arm sysdep.h) */
static const char *const code_trap[] = {"r0", NULL};
static const struct arch_code code = {
	.isa = &isa_arm,
	.cs_mode = CS_MODE_ARM,
	.cs_mode_thumb = CS_MODE_THUMB,
	.traps = {{"svc", "#0"}},
	.call_args = code_args,
	.saved = code_saved,
	.trap_clobbers = code_trap,
	.source = "Procedure Call Standard for the Arm Architecture 6.1.1 (r9-r11 are sb, sl, fp to Capstone); syscall(2)",
};

const struct arch_desc arch_arm = {
	.name = "arm",
	.aliases = aliases,
	.clang_triple = "armv7a-linux-gnueabihf",
	.cpp_predefs = "__ARM_EABI__=1 __CHAR_BIT__=8 __ILP32__=1 __SIZEOF_LONG__=4 __SIZEOF_POINTER__=4",
	.multiarch = "arm-linux-gnueabihf",
	.gnu_triplet = "arm-linux-gnueabihf",
	.debian_arch = "armhf",
	.qemu = "arm",
	.predef = "defined(__arm__) && defined(__ARM_EABI__)",
	.word_bits = 32,
	.endian = ARCH_LE,
	.elf_machine = EM_ARM,
	.elf_class = ELFCLASS32,
	.ktable = KTABLE_TBL,
	.kernel_port = "arm",
	.tbl_file = "arch/arm/tools/syscall.tbl",
	.tbl_abis = "common,eabi",
	.nr_offset = 0,
	.trap = &trap,
	.code = &code,
};
