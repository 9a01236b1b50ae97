/* arch/isa_arm64.c: This file contains what AArch64 instructions mean to
 * the machine-code pass (arch/isa.h): w registers fold onto their x
 * register, xzr and wzr read as 0, and mov/movz may shift the immediate. */
#include <stdio.h>
#include <string.h>

#include "arch/isa.h"

static int general(const char *n)
{
	return (n[0] == 'x' && n[1] >= '0' && n[1] <= '9') || !strcmp(n, "sp");
}

static const char *fold(const char *n, char *buf, size_t len, int *part)
{
	if (n[0] != 'w' || n[1] < '0' || n[1] > '9')
		return NULL;
	*part = 0;
	snprintf(buf, len, "x%s", n + 1);
	return buf;
}

static int zero(const char *n)
{
	return !strcmp(n, "xzr") || !strcmp(n, "wzr");
}

ISA_OPS_FN(ops, arm64, ARM64_OP_REG, ARM64_OP_IMM, ARM64_OP_MEM, mem.base, mem.disp)

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 struct code_step *s)
{
	const char *m = in->mnemonic;
	isa_direct(o, n, s);
	if (cs_insn_group(isa->h, in, CS_GRP_RET) || !strcmp(m, "ret"))
		s->kind = CK_RET;
	else if (!strcmp(m, "bl"))
		s->kind = CK_CALL;
	else if (!strcmp(m, "blr"))
		s->kind = CK_ICALL;
	else if (!strcmp(m, "b"))
		s->kind = CK_JUMP;
	else if (!strcmp(m, "br"))
		s->kind = CK_IJUMP;
	else if (isa_starts(m, "b.") || isa_starts(m, "cb") || isa_starts(m, "tb"))
		s->kind = CK_CJUMP;
	else if (!strcmp(m, "brk") || !strcmp(m, "hlt"))
		s->kind = CK_STOP;
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		const struct code_env *env, struct code_step *s)
{
	(void)env;
	const char *m = in->mnemonic;
	if (n != 2 || o[0].type != OP_REG || (strcmp(m, "mov") && strcmp(m, "movz")) ||
	    !isa_move(isa, o[0].reg, &o[1], s))
		return 0;
	const cs_arm64_op *src = &in->detail->arm64.operands[1];
	if (o[1].type == OP_IMM && src->shift.type == ARM64_SFT_LSL)
		s->val = (int64_t)((uint64_t)o[1].imm << src->shift.value);
	/* a w register holds a C int: mov w0, #0xffffffff is -1 */
	if (s->src < 0 && cs_reg_name(isa->h, o[0].reg)[0] == 'w')
		s->val = (int32_t)(uint32_t)s->val;
	return 1;
}

/* compares: Capstone 5.0 has them write their first operand (the
 * destination of the subs they alias), which they do not */
static int reads_only(const char *m)
{
	return !strcmp(m, "cmp") || !strcmp(m, "cmn") || !strcmp(m, "tst");
}

/* The PLT: adrp x16, page; ldr x17, [x16, #off] (after a bti c) */
static int arm64_plt_stub(const struct plt_in *p, size_t i, uint64_t *slot, uint64_t entry[2])
{
	if (i + 8 > p->n)
		return 0;
	uint32_t w = isa_rd32(p->q + i, p->le), w2 = isa_rd32(p->q + i + 4, p->le);
	if ((w & 0x9f00001f) != 0x90000010 || (w2 & 0xffc003ff) != 0xf9400211)
		return 0;
	uint64_t pc = p->addr + i;
	uint64_t page = (uint64_t)isa_sext(((w >> 5) & 0x7ffff) << 2 | ((w >> 29) & 3), 21) << 12;
	*slot = (pc & ~0xfffull) + page + ((w2 >> 10) & 0xfff) * 8;
	entry[0] = i >= 4 && isa_rd32(p->q + i - 4, p->le) == 0xd503245f ? pc - 4 : pc;
	return 1;
}

const struct isa_desc isa_arm64 = {
	.name = "arm64",
	.cs_arch = CS_ARCH_ARM64,
	.general = general,
	.fold = fold,
	.zero = zero,
	.ops = ops,
	.flow = flow,
	.move = move,
	.regs_access = 1,
	.reads_only = reads_only,
	.plt_stub = arm64_plt_stub,
	.plt_step = 4,
};
