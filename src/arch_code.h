/* arch_code.h: what the machine-code pass (src/libc_code.c) needs to know
 * of an ABI to read which syscalls a libc function issues: the Capstone
 * decoder that reads its code, the trap instruction, the syscall number
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

struct arch_code {
	int cs_arch, cs_mode; /* cs_arch, cs_mode of <capstone/capstone.h> */
	/* ARM: a symbol whose address has bit 0 set is Thumb code, decoded
	 * with this mode instead (0: none) */
	int cs_mode_thumb;
	struct code_trap traps[3]; /* the forms of the trap, unused ones NULL */
	/* s390: `svc N` with N in 1..255 carries the number itself, and
	 * `svc 0` takes it from nr_reg */
	int nr_in_trap;
	const char *const *call_args; /* C arguments in registers, in order */
	const char *const *saved;     /* registers a call leaves unchanged */
	int delay_slot;               /* MIPS, SPARC: a branch's next insn runs first */
	int enosys;                   /* ENOSYS of the ABI's errno.h; 0: 38 (asm-generic) */
	const char *source;           /* where the calling convention is stated */
};

#endif
