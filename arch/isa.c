/* arch/isa.c: This file contains what the ISA families' descriptors
 * (arch/isa_<family>.c) share: the slot of a register, a direct branch's
 * target, the common end of a move, and the words of a PLT stub
 * (arch/isa.h). */
#include <string.h>

#include "arch/isa.h"

int isa_slot(const struct code_isa *isa, unsigned reg)
{
	return reg < CODE_MAXID ? isa->slot[reg] : -1;
}

int isa_part(const struct code_isa *isa, unsigned reg)
{
	return reg < CODE_MAXID && isa->partial[reg] ? isa->part_of[reg] : 0;
}

int isa_find_slot(const struct code_isa *isa, const char *name)
{
	for (int id = 1; id < CODE_MAXID; id++) {
		const char *n = cs_reg_name(isa->h, (unsigned)id);
		if (n && !strcmp(n, name))
			return isa->slot[id];
	}
	return -1;
}

int isa_is(const char *m, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(m, *list))
			return 1;
	return 0;
}

int isa_direct(const struct code_op *o, int n, struct code_step *s)
{
	int direct = n > 0 && o[n - 1].type == OP_IMM;
	s->target = direct ? (uint64_t)o[n - 1].imm : 0;
	return direct;
}

int isa_starts(const char *m, const char *prefix)
{
	return !strncmp(m, prefix, strlen(prefix));
}

int isa_move(const struct code_isa *isa, unsigned dreg, const struct code_op *src,
	     struct code_step *s)
{
	s->dst = isa_slot(isa, dreg);
	if (s->dst < 0)
		return 0;
	if (src->type == OP_IMM) {
		s->src = -1;
		s->val = src->imm;
		return 1;
	}
	if (src->type == OP_REG && isa->zero[src->reg]) {
		s->src = -1, s->val = 0;
		return 1;
	}
	if (src->type == OP_REG && isa_slot(isa, src->reg) >= 0 && !isa->partial[src->reg]) {
		s->src = isa_slot(isa, src->reg);
		return 1;
	}
	s->dst = -1;
	return 0;
}

uint32_t isa_rd32(const uint8_t *q, int le)
{
	return le ? (uint32_t)q[0] | q[1] << 8 | q[2] << 16 | (uint32_t)q[3] << 24
		  : (uint32_t)q[3] | q[2] << 8 | q[1] << 16 | (uint32_t)q[0] << 24;
}

int64_t isa_sext(uint64_t v, int bits)
{
	return (int64_t)(v << (64 - bits)) >> (64 - bits);
}
