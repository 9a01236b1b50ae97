/* arch/s390x.c: the s390x ABI.
 *
 * IBM z (s390x), 64-bit big endian. Its .tbl has two entry columns
 * (64-bit and compat); rows common and 64.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

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
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 64,
	.pair_align = 0,
	.source = "s390x ELF ABI; arch/s390/kernel/entry.S; syscall(2)",
	.primitives = trap_text_s390x,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const char *const code_args[] = {"2", "3", "4", "5", "6", NULL};
static const char *const code_saved[] = {"6", "7", "8", "9", "10", "11", "12", "13", "15", NULL};
/* svc changes r2 only, which Capstone spells "2" (glibc s390-64 sysdep.h asm outputs) */
static const char *const code_trap[] = {"2", NULL};
static const struct arch_code code = {
	.isa = &isa_s390,
	.cs_mode = CS_MODE_BIG_ENDIAN,
	.traps = {{"svc", NULL}},
	.nr_in_trap = 1,
	.call_args = code_args,
	.saved = code_saved,
	.trap_clobbers = code_trap,
	.source = "s390x ELF ABI Supplement 1.2.2 (Capstone spells %rN as N); syscall(2)",
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
	.code = &code,
};
