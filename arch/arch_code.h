/* arch_code.h: what the machine-code pass (src/libc/libc_code.c) needs to know
 * of an ABI to read which syscalls a libc function issues: the ISA family
 * whose descriptor reads its code, the trap instruction, the syscall number
 * register, and the C calling convention's argument and callee-saved
 * registers (a libc passes the number of a syscall to an internal helper,
 * musl's __syscall_cp(), as an ordinary C argument). Each arch/<abi>.c
 * fills one by field name; an ABI that Capstone 4 cannot decode (riscv64,
 * hppa, sh4, alpha, loongarch64) has none, and its scans say so.
 * Register names are Capstone's spellings (cs_reg_name()); the number
 * register is the trap's (arch_trap.nr_reg), stated once. */
#ifndef SYSCOV_ARCH_CODE_H
#define SYSCOV_ARCH_CODE_H

/* One form of the trap: Capstone's mnemonic and, if not NULL, its operand
 * text exactly ("0x80" for i386's int). */
struct code_trap {
	const char *mnemonic, *operands;
};

struct isa_desc;

struct arch_code {
	/* the ISA family's decoding semantics (arch/isa.h, arch/isa_<family>.c) */
	const struct isa_desc *isa;
	int cs_mode; /* Capstone's cs_mode for this ABI */
	/* ARM: a symbol whose address has bit 0 set is Thumb code, decoded
	 * with this mode instead (0: none) */
	int cs_mode_thumb;
	struct code_trap traps[3]; /* the forms of the trap, unused ones NULL */
	/* s390: `svc N` with N in 1..255 carries the number itself, and
	 * `svc 0` takes it from nr_reg */
	int nr_in_trap;
	const char *const *call_args; /* C arguments in registers, in order */
	const char *const *saved;     /* registers a call leaves unchanged */
	/* registers the trap itself changes (the result register among them),
	 * as the kernel's entry code and the libc's inline syscall clobber
	 * lists state; every other register keeps its value across it (musl
	 * hoists a number into r8 before a retry loop). NULL: the trap is
	 * taken to change what a call does (all but `saved`). */
	const char *const *trap_clobbers;
	int delay_slot;               /* MIPS, SPARC: a branch's next insn runs first */
	int enosys;                   /* ENOSYS of the ABI's errno.h; 0: 38 (asm-generic) */
	int errno_max;                /* the largest errno of it; 0: 133 (asm-generic EHWPOISON) */
	const char *source;           /* where the calling convention is stated */
};

#endif
