/* code_program.h: the machine-code pass of libc_code.c run over one
 * program or non-libc library (src/usage/): the same decoding, register
 * states and call summaries, from function starts the caller found (its
 * symbols, .eh_frame_hdr, the entry point), with the program's imported
 * number-passing helpers (syscall@plt) summarized as what they are: a
 * trap whose number is the first C argument. One engine, two entries. */
#ifndef SYSCOV_CODE_PROGRAM_H
#define SYSCOV_CODE_PROGRAM_H

#include <libelf.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/arch.h"

/* a code section of the file, at its virtual address */
struct code_prog_sec {
	uint64_t addr, size;
	const uint8_t *p;
};

/* a function start (ARM: bit 0 set for Thumb), size 0 when not known */
struct code_prog_fn {
	uint64_t addr, size;
};

/* MIPS: an object's GOT, from which PIC code loads a function's address
 * at gp + offset (lw t9,off(gp); jalr t9) */
struct code_got {
	uint64_t *v; /* the address each entry holds, 0: not known */
	size_t n;
	uint64_t addr, gp;
	int entsize;
	/* entry i from local on is the dynamic symbol gotsym + i - local's */
	size_t local, gotsym;
};

/* Reads the GOT of the MIPS object at img (len bytes) from its .got,
 * .dynamic and .dynsym sections; 0, or -1 where it has none (g->v NULL;
 * else the caller frees it) */
int code_mips_got(const struct arch_desc *arch, const void *img, size_t len, Elf_Scn *got,
		  Elf_Scn *dynamic, Elf_Scn *dynsym, struct code_got *g);

struct code_prog {
	const struct arch_desc *arch; /* with an arch_code */
	const struct code_prog_sec *secs;
	size_t nsecs;
	const struct code_prog_fn *fns;
	size_t nfns;
	/* entries of functions the code cannot be followed into that trap
	 * with their first C argument as the number: the PLT stubs of an
	 * imported syscall() (ARM: bit 0 set for a Thumb entry; MIPS: its
	 * GOT entry's address, which got holds for it) */
	const uint64_t *helpers;
	size_t nhelpers;
	int64_t nr_exit; /* exit's number (a trap that does not return), or -1 */
	const struct code_got *got; /* MIPS; NULL: none */
};

/* What one function does itself (the facts at depth 0 of libc_code.c):
 * a trap or a call of a helper or of a function of the file that passes
 * its argument on, with a constant number (NR), with its own C argument
 * `nr` (ARG: the function is a syscall()-style helper), or with a number
 * not known (IND). */
enum { CODE_PROG_NR, CODE_PROG_ARG, CODE_PROG_IND };
struct code_prog_fact {
	size_t fn;     /* index in code_prog.fns */
	int kind;
	int64_t nr;
	uint64_t addr; /* the trap, or the call */
	uint64_t via;  /* the function called (a helper), 0: its own trap */
};

/* The facts of every function of p: a linear sweep finds the few whose
 * code can make a syscall of its own, and only those are followed (the
 * others have no fact); *facts (caller frees) and *nfacts; *nbad:
 * addresses the followed code reached that could not be decoded. -1 with
 * err_set() when the decoder cannot be opened for the ABI. */
int code_program(const struct code_prog *p, struct code_prog_fact **facts, size_t *nfacts,
		 size_t *nbad);

#endif
