/* code_isa.h: the machine-code pass's (libc_code.c) door to the decoder:
 * Capstone opened for an ABI, and each instruction told in ISA-neutral
 * terms (arch/isa.h) by the ISA family's descriptor that the ABI's
 * arch_code names. */
#ifndef SYSCOV_CODE_ISA_H
#define SYSCOV_CODE_ISA_H

#include "arch/arch.h"
#include "arch/isa.h"

/* The decoder and its version, "Capstone 5.0.7", into buf. */
const char *code_isa_decoder(char *buf, size_t len);
/* Opens Capstone for the ABI and maps its registers to slots; -1 with
 * err_set() when Capstone cannot (a build without that ISA). */
int code_isa_open(struct code_isa *isa, const struct arch_desc *arch);
void code_isa_close(struct code_isa *isa);
/* What the bytes at p do where the decoder decodes nothing (the family's
 * undecoded hook: s390's svc); returns the size, or 0. */
int code_isa_undecoded(const struct code_isa *isa, const uint8_t *p, size_t left,
		       struct code_step *s);
/* Where control goes from `in`, not what it does to registers or
 * memory: the linear sweep of a program's code (code_program()). */
void code_isa_flow(const struct code_isa *isa, const cs_insn *in, int thumb, struct code_step *s);
/* What `in` (decoded with detail) does. */
void code_isa_step(const struct code_isa *isa, const cs_insn *in, int thumb,
		   const struct code_env *env, struct code_step *s);

#endif
