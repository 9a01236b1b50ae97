/* arch/isa.h: one machine instruction, as the machine-code pass
 * (src/libc/libc_code.c) needs to see it, and the descriptor through which
 * each ISA family says what its instructions mean (arch/isa_<family>.c).
 * The decoder (Capstone) decodes; the family's descriptor says, in
 * ISA-neutral terms, where control goes next and which tracked register an
 * instruction sets to what; src/libc/code_isa.c drives it, with no
 * knowledge of any ISA. Registers are tracked in slots: the general
 * registers of the ABI, sub-registers folded onto their full register (eax
 * onto rax, w8 onto x8). Adding an ISA is one arch/isa_<family>.c with its
 * `const struct isa_desc isa_<family>`, named by the arch_code of each ABI
 * it decodes (docs/arches.md). */
#ifndef SYSCOV_ARCH_ISA_H
#define SYSCOV_ARCH_ISA_H

#include <capstone/capstone.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/arch_code.h"

#define CODE_MAXID 512 /* above the largest register id of the decoder's ISAs */
#define CODE_SLOTS 40  /* tracked registers: a bit each in a uint64_t */
#define CODE_MAXOPS 8

struct isa_desc;

struct code_isa {
	csh h, h_thumb;
	const struct arch_code *ac;
	const struct isa_desc *d;   /* ac->isa */
	int8_t slot[CODE_MAXID];    /* Capstone register id -> slot, or -1 */
	uint8_t partial[CODE_MAXID]; /* a write leaves the rest of the register (al) */
	uint8_t part_of[CODE_MAXID]; /* x86: which part: 1 low byte, 2 ah, 3 low 16 bits */
	uint8_t zero[CODE_MAXID];   /* reads as 0 (mips zero, arm64 xzr, sparc g0) */
	int nslots;
	int nr_slot;
	int ret_slot;               /* the C return value's (the trap's result's) */
	int arg_slot[8], nargs;
	uint64_t saved;             /* slots a call leaves unchanged */
	uint64_t trap_clobber;      /* slots the trap changes */
	int8_t win[3][8];           /* SPARC: the slots of o0-o7, l0-l7, i0-i7 (isa_sparc's init) */
	int sp_slot;                /* the stack pointer's, where memory is modelled, else -1 */
	int word;                   /* the bytes of a stack slot (4, 8) */
	int ret_push;               /* the bytes a call pushes (x86, m68k), else 0 */
};

enum code_kind {
	CK_NEXT,   /* goes on to the next instruction */
	CK_TRAP,   /* the syscall trap */
	CK_CALL,   /* direct call of target */
	CK_ICALL,  /* call through a register or memory */
	CK_JUMP,   /* goes to target only */
	CK_CJUMP,  /* goes to target or on */
	CK_IJUMP,  /* goes where a register or memory says */
	CK_RET,    /* returns */
	CK_CRET,   /* returns or goes on */
	CK_STOP,   /* traps for good (hlt, ud2, brk): neither returns nor goes on */
};

struct code_step {
	enum code_kind kind;
	uint64_t target;
	int target_thumb;   /* ARM: the target is Thumb code (before flow(): the instruction is) */
	int dst;            /* slot set, or -1 */
	int src;            /* dst = the value of slot src; -1: dst = val */
	int64_t val;
	/* x86: dst's low byte (1), its second byte (2, ah) or its low 16 bits
	 * (3) set to val, the rest kept (dietlibc: mov $N,%al); or, with
	 * src, dst = src's low 8 (zext 8) or 16 bits (zext 16), zero-extended */
	int part, zext;
	int cond;           /* the set happens on some paths only */
	uint64_t clobber;   /* other slots written with values not tracked */
	int has_trap_nr;    /* s390: `svc N` names the number */
	int64_t trap_nr;
	int has_enosys;     /* an immediate ENOSYS (errno = ENOSYS; return -1) */
	int window;         /* SPARC: save (1) or restore (-1) shifts the registers */
	int size;           /* the instruction's size where the decoder's is wrong, else 0 */
	int delay;          /* a branch with a delay slot where not all have one (SH's bra, not bt) */
	/* with src: dst = src's value + add, where that is a constant or a
	 * stack address (MIPS addiu t9,t9,%lo(f) after a GOT page; sub $N,%esp) */
	int add;
	/* CK_ICALL, CK_IJUMP: through the register of slot treg (-1: memory,
	 * or not known), whose value is the target, or with treg_pc the
	 * offset from the instruction's address + 4 (SH's bsrf, braf) */
	int treg, treg_pc;
	/* memory, for the stack model of libc_code.c (the families with a mem
	 * hook: where arguments go on the stack): load, the word at lbase's
	 * value + ldisp into dst, or, with store and no dst, the value
	 * stored (push of memory); store, msize bytes at mbase's value +
	 * mdisp from src (or val; mtop: a value not known); wild, memory at
	 * an address not known written; then the stack pointer moves by
	 * sp_add (push, pop); sp_done: the hook has said all the instruction
	 * does to the stack pointer (else a write of it makes it unknown);
	 * sp_align: it moves down by an amount not known, to a boundary
	 * (and $-16,%esp in i386's main): a new frame, whose arguments are
	 * still known by their offset from it */
	int load, lbase, store, mbase, msize, mtop, wild, sp_add, sp_done, sp_align;
	int64_t ldisp, mdisp;
};

/* What a family's move() may read of the object beyond the instruction */
struct code_env {
	void *arg;
	/* 4 bytes at a virtual address, in the object's byte order (ARM's
	 * and SH's literal pools): 0, or -1 when it is not in the object */
	int (*load32)(void *arg, uint64_t addr, uint32_t *v);
	/* the address the GOT entry at gp + off holds (MIPS PIC code loads a
	 * function's address from it, lw t9,off(gp), and calls jalr t9): 0,
	 * or -1 where not known (an undefined symbol, no GOT) */
	int (*got)(void *arg, int64_t off, uint64_t *v);
};

/* An operand, ISA-neutral */
enum { OP_REG, OP_IMM, OP_MEM, OP_OTHER };
struct code_op {
	int type;
	unsigned reg; /* OP_REG; OP_MEM: the base */
	int64_t imm;  /* OP_IMM; OP_MEM: the displacement */
};

/* A family's ops() function `fn`: the Capstone operands of detail field
 * fam, of types R, I and M (register, immediate, memory: its base and disp
 * fields), ISA-neutral. */
#define ISA_OPS_FN(fn, fam, R, I, M, base, disp)                                               \
	static int fn(const struct code_isa *isa, const cs_insn *in, struct code_op *o)         \
	{                                                                                      \
		(void)isa;                                                                     \
		const cs_##fam *d = &in->detail->fam;                                          \
		int n = 0;                                                                     \
		for (; n < d->op_count && n < CODE_MAXOPS; n++) {                              \
			o[n].type = d->operands[n].type == (R) ? OP_REG                        \
				    : d->operands[n].type == (I) ? OP_IMM                      \
				    : d->operands[n].type == (M) ? OP_MEM : OP_OTHER;          \
			o[n].reg = o[n].type == OP_REG ? (unsigned)d->operands[n].reg          \
				   : o[n].type == OP_MEM ? (unsigned)d->operands[n].base : 0;  \
			o[n].imm = o[n].type == OP_IMM ? (int64_t)d->operands[n].imm           \
				   : o[n].type == OP_MEM ? (int64_t)d->operands[n].disp : 0;   \
		}                                                                              \
		return n;                                                                      \
	}

/* A PLT section, as the usage scan's reader (src/usage/usage_elf.c)
 * hands it to the ISA's stub layout (isa_desc's plt_stub) */
struct plt_in {
	const struct arch_code *ac; /* the ABI (x86: 64-bit code addresses its slot by rip) */
	const uint8_t *q;           /* the section's bytes */
	size_t n;
	uint64_t addr;              /* its address */
	uint64_t entsize;           /* its sh_entsize, 0: not stated */
	uint64_t gotplt, got;       /* .got.plt's and .got's addresses, 0: none */
	int le;                     /* little-endian */
};

/* What an ISA family's instructions mean (one arch/isa_<family>.c each).
 * Only what finds a syscall number is modelled: a constant or a register
 * copied into a register; any other write makes the register unknown, so a
 * value is never guessed. */
struct isa_desc {
	const char *name;  /* the family: "x86", "arm64" */
	int cs_arch;       /* Capstone's cs_arch */
	/* a general register, in the decoder's spelling: a slot of its own */
	int (*general)(const char *reg);
	/* the full register a sub-register folds onto (eax: rax), and which
	 * part of it a write sets (*part: x86's 1 low byte, 2 ah, 3 low 16
	 * bits; 0 the whole, zero-extended); NULL: not a sub-register. NULL
	 * hook: none. */
	const char *(*fold)(const char *reg, char *buf, size_t len, int *part);
	/* a register that reads as 0 (mips zero, arm64 xzr); NULL: none */
	int (*zero)(const char *reg);
	/* the decoder's spelling of a register of arch_trap (s390's r1 is
	 * Capstone's "1"); NULL: the same */
	const char *(*spell)(const char *reg);
	/* more set-up of the slots (SPARC's register windows); NULL: none */
	void (*init)(struct code_isa *isa);
	/* the operands of in, ISA-neutral; returns how many */
	int (*ops)(const struct code_isa *isa, const cs_insn *in, struct code_op *o);
	/* where control goes: s->kind, and s->target where it is a constant */
	void (*flow)(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		     struct code_step *s);
	/* s->dst = a constant or a register, for the moves that set up a
	 * syscall number; 1 if in is one (isa_move() does the common part) */
	int (*move)(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		    const struct code_env *env, struct code_step *s);
	/* the stack and memory effects (code_step's load, store, wild,
	 * sp_add), for the ISAs whose C convention passes arguments on the
	 * stack (i386, m68k, MIPS o32 beyond four); NULL: memory is not
	 * modelled, and no value is loaded from it */
	void (*mem)(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		    struct code_step *s);
	const char *sp; /* the stack pointer, in the decoder's spelling (with mem) */
	int ret_push;   /* a call pushes the return address (x86, m68k) */
	/* the registers an instruction writes come from cs_regs_access()
	 * (regs_access), or are its first operand (dest_first: RISC-V's rd),
	 * or every register operand, of a mnemonic that does not only read
	 * them (reads_only; with regs_access, what Capstone 5.0 gets wrong:
	 * arm64's cmp and SH's cmp/eq write no register, not their operand) */
	int regs_access, dest_first;
	int (*reads_only)(const char *mnemonic);
	int base_kept; /* a memory operand's base is never written back (ppc) */
	/* what the bytes at p do where the decoder decodes nothing; returns
	 * the size, or 0 (NULL: nothing) */
	int (*undecoded)(const struct code_isa *isa, const uint8_t *p, size_t left,
			 struct code_step *s);
	/* the last word on a step (SPARC's windows, ARM's conditions); NULL: none */
	void (*finish)(const struct code_isa *isa, const cs_insn *in, struct code_step *s);
	/* The PLT: the linkers' stub layout (binutils' and lld's). A stub
	 * starting at byte i of p (tried every plt_step bytes): the GOT slot
	 * it jumps through, and its entries (ARM: the Thumb one too, bit 0
	 * set); returns how many, 0: no stub at i. NULL: a PLT not decoded
	 * (MIPS PIC code calls through the GOT itself; 64-bit PowerPC's stubs
	 * are among the code). */
	int (*plt_stub)(const struct plt_in *p, size_t i, uint64_t *slot, uint64_t entry[2]);
	int plt_step;
	/* the dynamic linker writes each PLT entry (SPARC): the slot's
	 * relocation offset is the entry, and .plt is no code to decode */
	int plt_written;
};

/* Shared by the families (arch/isa.c) */
int isa_slot(const struct code_isa *isa, unsigned reg);
/* x86: which part of its register reg is (code_isa.part_of), 0: all */
int isa_part(const struct code_isa *isa, unsigned reg);
/* the slot of a register named in the decoder's spelling, or -1 */
int isa_find_slot(const struct code_isa *isa, const char *name);
int isa_is(const char *m, const char *const *list);
/* The opening of a family's flow(): s->target = the last operand where it
 * is an immediate (a direct branch); returns whether it is. */
int isa_direct(const struct code_op *o, int n, struct code_step *s);
int isa_starts(const char *m, const char *prefix);
/* A 32-bit word at q in the byte order le says; v's low bits sign-extended */
uint32_t isa_rd32(const uint8_t *q, int le);
int64_t isa_sext(uint64_t v, int bits);
/* The common end of a family's move(): s->dst = dreg, set to src (an
 * immediate, a register that reads 0, or a tracked register); 1 if it is
 * one of those, else 0 with s->dst -1. */
int isa_move(const struct code_isa *isa, unsigned dreg, const struct code_op *src,
	     struct code_step *s);

/* The families (arch/isa_list.h) */
#define I(n) extern const struct isa_desc isa_##n;
#include "arch/isa_list.h"
#undef I

#endif
