/* arch/i386.c: the i386 ABI.
 *
 * i386 System V psABI, ILP32. Debian names the multiarch dir i386-linux-gnu but
 * the cross prefix /usr/i686-linux-gnu.
 */
#include "arch/arch.h"
#include "arch/code_regs.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"
#include "trap_text.h"

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
	.err = TRAP_ERR_NEGATIVE,
	.reg_bits = 32,
	.pair_align = 0,
	.source = "i386 psABI; arch/x86/entry/entry_32.S; syscall(2)",
	.primitives = trap_text_i386,
};

/* Machine-code facts for src/libc/libc_code.c (arch/arch_code.h) */
static const char *const code_saved[] = {"ebx", "esi", "edi", "ebp", "esp", NULL};
/* int $0x80 and __kernel_vsyscall change eax only (arch/x86/entry/entry_32.S; glibc i386 sysdep.h asm outputs) */
static const char *const code_trap[] = {"eax", NULL};
static const struct arch_code code = {
	.isa = &isa_x86,
	.cs_mode = CS_MODE_32,
	.traps = {{"int", "0x80"}, {"call", "dword ptr gs:[0x10]"}, {"sysenter", NULL}},
	.saved = code_saved,
	.trap_clobbers = code_trap,
	.source = "System V i386 psABI 2.2.2 (arguments on the stack); syscall(2); glibc calls the vDSO's __kernel_vsyscall through %gs:0x10",
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
	.code = &code,
};
