/* arch/isa_arm.c: This file contains what 32-bit ARM and Thumb
 * instructions mean to the machine-code pass (arch/isa.h): a number may
 * come from a literal pool (ldr rN, [pc, #off]), a return is bx lr or a pop
 * or ldm into pc, and a conditional instruction sets its register on some
 * paths only. */
#include <string.h>

#include "arch/isa.h"

static int general(const char *n)
{
	return (n[0] == 'r' && n[1] >= '0' && n[1] <= '9') || !strcmp(n, "sb") || !strcmp(n, "sl") ||
	       !strcmp(n, "fp") || !strcmp(n, "ip") || !strcmp(n, "sp") || !strcmp(n, "lr");
}

ISA_OPS_FN(ops, arm, ARM_OP_REG, ARM_OP_IMM, ARM_OP_MEM, mem.base, mem.disp)

static int conditional(const cs_insn *in)
{
	return in->detail->arm.cc != ARM_CC_AL && in->detail->arm.cc != ARM_CC_INVALID;
}

/* The mnemonic without its condition: Capstone spells a conditional
 * instruction with the condition in it (beq, bne.w, bxne, popne, ldmibeq,
 * movne in an IT block), its cc telling which */
static const char *bare(const cs_insn *in, char buf[sizeof(in->mnemonic)])
{
	static const char *const cond[] = {
		[ARM_CC_EQ] = "eq", [ARM_CC_NE] = "ne", [ARM_CC_HS] = "hs", [ARM_CC_LO] = "lo",
		[ARM_CC_MI] = "mi", [ARM_CC_PL] = "pl", [ARM_CC_VS] = "vs", [ARM_CC_VC] = "vc",
		[ARM_CC_HI] = "hi", [ARM_CC_LS] = "ls", [ARM_CC_GE] = "ge", [ARM_CC_LT] = "lt",
		[ARM_CC_GT] = "gt", [ARM_CC_LE] = "le"};
	const char *m = in->mnemonic, *q = strchr(m, '.');
	size_t base = q ? (size_t)(q - m) : strlen(m);
	unsigned cc = in->detail->arm.cc;
	if (!conditional(in) || cc >= sizeof(cond) / sizeof(*cond) || !cond[cc] || base < 3 ||
	    strncmp(m + base - 2, cond[cc], 2))
		return m;
	memcpy(buf, m, base - 2);
	strcpy(buf + base - 2, m + base);
	return buf;
}

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 struct code_step *s)
{
	(void)isa;
	char buf[sizeof(in->mnemonic)];
	const char *m = bare(in, buf);
	int direct = isa_direct(o, n, s);
	int cc = conditional(in), pc_written = 0;
	for (int i = 0; i < n; i++)
		if (o[i].type == OP_REG && o[i].reg == ARM_REG_PC &&
		    (i == 0 || !strcmp(m, "pop") || isa_starts(m, "ldm")))
			pc_written = 1;
	if (!strcmp(m, "bl") || !strcmp(m, "blx")) {
		s->kind = direct ? CK_CALL : CK_ICALL;
		if (!strcmp(m, "blx") && direct)
			s->target_thumb = !s->target_thumb;
	} else if (!strcmp(m, "bx") && n == 1 && o[0].reg == ARM_REG_LR) {
		s->kind = cc ? CK_CRET : CK_RET;
	} else if (!strcmp(m, "bx")) {
		/* through a register, conditional or not: unknown */
		s->kind = CK_IJUMP, s->target = 0;
	} else if (!strcmp(m, "b") || !strcmp(m, "b.w")) {
		s->kind = cc ? CK_CJUMP : CK_JUMP;
	} else if (isa_starts(m, "cb")) {
		s->kind = CK_CJUMP;
	} else if (pc_written) {
		s->kind = (!strcmp(m, "pop") || isa_starts(m, "ldm")) ? (cc ? CK_CRET : CK_RET) : CK_IJUMP;
	} else if (!strcmp(m, "udf") || !strcmp(m, "bkpt")) {
		s->kind = CK_STOP;
	} else if (isa_starts(m, "tb")) { /* tbb/tbh: a jump table */
		s->kind = CK_IJUMP;
	}
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		const struct code_env *env, struct code_step *s)
{
	static const char *const movs[] = {"mov", "movs", "movw", "mov.w", "movw.w", "movs.w", NULL};
	char buf[sizeof(in->mnemonic)];
	const char *m = bare(in, buf);
	const cs_arm_op *src = &in->detail->arm.operands[1];
	if (n != 2 || o[0].type != OP_REG)
		return 0;
	if (!strcmp(m, "ldr") && o[1].type == OP_MEM && o[1].reg == ARM_REG_PC &&
	    src->mem.index == ARM_REG_INVALID) {
		/* a literal: the pc reads 8 (ARM) or 4 (Thumb, word-aligned) ahead */
		uint64_t at = (s->target_thumb ? (in->address + 4) & ~3ull : in->address + 8) + (uint64_t)o[1].imm;
		uint32_t v;
		if (env->load32(env->arg, at, &v) < 0 || isa_slot(isa, o[0].reg) < 0)
			return 0;
		s->dst = isa_slot(isa, o[0].reg), s->src = -1, s->val = (int32_t)v;
		return 1;
	}
	if (!isa_is(m, movs) || (src->shift.type != ARM_SFT_INVALID && src->shift.value))
		return 0;
	return isa_move(isa, o[0].reg, &o[1], s);
}

static void finish(const struct code_isa *isa, const cs_insn *in, struct code_step *s)
{
	(void)isa;
	if (conditional(in))
		s->cond = 1;
}

/* The PLT: add ip, pc, #a; add ip, ip, #b...; ldr pc, [ip, #c]!; Thumb
 * callers enter 4 bytes before, at a bx pc */
static int arm_plt_stub(const struct plt_in *p, size_t i, uint64_t *slot, uint64_t entry[2])
{
	if (i + 8 > p->n)
		return 0;
	uint32_t w = isa_rd32(p->q + i, p->le);
	if ((w & 0xfffff000) != 0xe28fc000)
		return 0;
	uint64_t got = p->addr + i + 8;
	for (size_t k = i + 4;; k += 4) {
		unsigned rot = (w >> 8 & 0xf) * 2, imm = w & 0xff;
		got += rot ? (imm >> rot | imm << (32 - rot)) & 0xffffffffu : imm;
		if (k + 4 > p->n)
			return 0;
		w = isa_rd32(p->q + k, p->le);
		if ((w & 0xfffff000) == 0xe5bcf000)
			break;
		if ((w & 0xfffff000) != 0xe28cc000)
			return 0;
	}
	*slot = (got + (w & 0xfff)) & 0xffffffffu;
	entry[0] = p->addr + i;
	if (i < 4 || (isa_rd32(p->q + i - 4, p->le) & 0xffff) != 0x4778)
		return 1;
	entry[1] = (p->addr + i - 4) | 1;
	return 2;
}

const struct isa_desc isa_arm = {
	.name = "arm",
	.cs_arch = CS_ARCH_ARM,
	.general = general,
	.ops = ops,
	.flow = flow,
	.move = move,
	.regs_access = 1,
	.finish = finish,
	.plt_stub = arm_plt_stub,
	.plt_step = 4,
};
