/* code_isa.h: one machine instruction, as the machine-code pass
 * (libc_code.c) needs to see it: Capstone decodes it, and code_isa.c says
 * in ISA-neutral terms where control goes next and which tracked register
 * it sets to what. Registers are tracked in slots: the general registers of
 * the ABI, sub-registers folded onto their full register (eax onto rax, w8
 * onto x8). */
#ifndef SYSCOV_CODE_ISA_H
#define SYSCOV_CODE_ISA_H

#include <capstone/capstone.h>
#include <stdint.h>

#include "arch.h"
#include "arch_code.h"

#define CODE_MAXID 512 /* above the largest register id of Capstone 4's ISAs */
#define CODE_SLOTS 40  /* tracked registers: a bit each in a uint64_t */

struct code_isa {
	csh h, h_thumb;
	const struct arch_code *ac;
	int arch;                   /* cs_arch */
	int8_t slot[CODE_MAXID];    /* Capstone register id -> slot, or -1 */
	uint8_t partial[CODE_MAXID]; /* a write leaves the rest of the register (al) */
	uint8_t part_of[CODE_MAXID]; /* x86: which part: 1 low byte, 2 ah, 3 low 16 bits */
	uint8_t zero[CODE_MAXID];   /* reads as 0 (mips zero, arm64 xzr, sparc g0) */
	int nslots;
	int nr_slot, sp_slot;
	int arg_slot[8], nargs;
	uint64_t saved;             /* slots a call leaves unchanged */
	int8_t win[3][8];           /* SPARC: the slots of o0-o7, l0-l7, i0-i7 */
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
	int target_thumb;   /* ARM: the target is Thumb code */
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
	int has_err;        /* an immediate in -4095..-2: a -errno */
	int64_t err;
	int has_enosys;     /* the immediates ENOSYS and -1: errno = ENOSYS, return -1 */
	int has_m1;
	int window;         /* SPARC: save (1) or restore (-1) shifts the registers */
	int size;           /* the instruction's size where Capstone's is wrong, else 0 */
};

/* Reads 4 bytes of the object at a virtual address (ARM's literal pools);
 * returns 0, or -1 when the address is not in the object. */
typedef int (*code_load32)(void *arg, uint64_t addr, uint32_t *v);

/* Opens Capstone for the ABI and maps its registers to slots; -1 with
 * err_set() when Capstone cannot (a build without that ISA). */
int code_isa_open(struct code_isa *isa, const struct arch_desc *arch);
void code_isa_close(struct code_isa *isa);
/* What the bytes at p do where Capstone decodes nothing: Capstone 4's
 * SystemZ lacks `svc` (0x0a NN), which this knows; returns the size, or 0. */
int code_isa_undecoded(const struct code_isa *isa, const uint8_t *p, size_t left,
		       struct code_step *s);
/* What `in` (decoded with detail) does. */
void code_isa_step(const struct code_isa *isa, const cs_insn *in, int thumb, code_load32 load,
		   void *arg, struct code_step *s);

#endif
