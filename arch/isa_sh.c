/* arch/isa_sh.c: This file contains what SuperH instructions mean to the
 * machine-code pass (arch/isa.h), for sh4 (Capstone 5,
 * scripts/build-capstone5.sh): mov #imm (8 bits, sign-extended) and mov
 * rM,rN set a register, and so do mov.w and mov.l from a PC-relative
 * literal (glibc loads a syscall number from one: mov.w @(disp,pc),r3),
 * whose address Capstone gives absolute; rts returns, bsr calls, bra
 * jumps, jsr and jmp go through a register, bsrf and braf through one
 * relative to the pc. bra, bsr, braf, bsrf, jmp,
 * jsr, rts, rte, bt/s and bf/s have a delay slot; bt and bf do not. */
#include <capstone/capstone.h>

#if CS_API_MAJOR >= 5
#include <string.h>

#include "arch/isa.h"

static int general(const char *n)
{
	return n[0] == 'r' && n[1] >= '0' && n[1] <= '9' && (!n[2] || (n[2] >= '0' && n[2] <= '5' && !n[3]));
}

ISA_OPS_FN(sh_ops, sh, SH_OP_REG, SH_OP_IMM, SH_OP_MEM, mem.reg, mem.disp)

static int ops(const struct code_isa *isa, const cs_insn *in, struct code_op *o)
{
	const cs_sh *d = &in->detail->sh;
	int n = sh_ops(isa, in, o);
	/* a PC-relative branch target or literal: an address (pcrel()) */
	for (int i = 0; i < n; i++)
		if (d->operands[i].type == SH_OP_MEM && d->operands[i].mem.address == SH_OP_MEM_PCR)
			o[i].type = OP_OTHER, o[i].reg = 0;
	return n;
}

/* The address of a PC-relative operand, or 0 */
static uint64_t pcrel(const cs_insn *in, int i)
{
	const cs_sh *d = &in->detail->sh;
	return i < d->op_count && d->operands[i].type == SH_OP_MEM &&
		       d->operands[i].mem.address == SH_OP_MEM_PCR
		       ? d->operands[i].mem.disp : 0;
}

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 struct code_step *s)
{
	static const char *const delayed[] = {"bra", "bsr", "braf", "bsrf", "jmp", "jsr", "rts",
					      "rte", "bt/s", "bf/s", NULL};
	const char *m = in->mnemonic;
	s->target = pcrel(in, 0);
	s->delay = isa_is(m, delayed);
	if (!strcmp(m, "rts") || !strcmp(m, "rte"))
		s->kind = CK_RET;
	else if (!strcmp(m, "bsr"))
		s->kind = s->target ? CK_CALL : CK_ICALL;
	else if (!strcmp(m, "jsr") || !strcmp(m, "bsrf"))
		s->kind = CK_ICALL;
	else if (!strcmp(m, "bra"))
		s->kind = s->target ? CK_JUMP : CK_IJUMP;
	else if (!strcmp(m, "jmp") || !strcmp(m, "braf"))
		s->kind = CK_IJUMP;
	/* through rN, which a literal may have set: jsr @rN, or bsrf rN, to
	 * the pc + 4 + rN (glibc's calls: mov.l @(disp,pc),r1; bsrf r1) */
	if ((s->kind == CK_ICALL || s->kind == CK_IJUMP) && n == 1 && o[0].reg) {
		s->treg = isa_slot(isa, o[0].reg);
		s->treg_pc = o[0].type == OP_REG;
	}
	else if (!strcmp(m, "bt") || !strcmp(m, "bf") || !strcmp(m, "bt/s") || !strcmp(m, "bf/s"))
		s->kind = s->target ? CK_CJUMP : CK_IJUMP;
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		const struct code_env *env, struct code_step *s)
{
	const char *m = in->mnemonic;
	uint64_t lit = pcrel(in, 0);
	uint32_t v;
	if (n != 2 || o[1].type != OP_REG || isa_slot(isa, o[1].reg) < 0)
		return 0;
	if (!strcmp(m, "mov") && o[0].type == OP_IMM) {
		s->dst = isa_slot(isa, o[1].reg), s->src = -1, s->val = (int8_t)o[0].imm;
		return 1;
	}
	if (!strcmp(m, "mov") && o[0].type == OP_REG)
		return isa_move(isa, o[1].reg, &o[0], s);
	if ((!strcmp(m, "mov.w") || !strcmp(m, "mov.l")) && lit && env->load32(env->arg, lit, &v) == 0) {
		/* load32 reads in the object's byte order: a 16-bit literal is
		 * the low half on a little-endian SH (the only one Debian has) */
		s->dst = isa_slot(isa, o[1].reg), s->src = -1;
		s->val = !strcmp(m, "mov.w") ? (int16_t)(v & 0xffff) : (int32_t)v;
		return 1;
	}
	return 0;
}

/* compares and tests, which Capstone 5.0 has write their second operand */
static int reads_only(const char *m)
{
	return isa_starts(m, "cmp/") || !strcmp(m, "tst");
}

/* The PLT: mov.l L,r0 (L holds the slot); mov.l @r0,r0, or PIC's
 * mov.l @(r0,r12),r0 with r12 the GOT's address (little-endian sh4) */
static int sh_plt_stub(const struct plt_in *p, size_t i, uint64_t *slot, uint64_t entry[2])
{
	if (i + 4 > p->n || !p->le)
		return 0;
	unsigned w = p->q[i] | p->q[i + 1] << 8, w1 = p->q[i + 2] | p->q[i + 3] << 8;
	size_t lit = ((p->addr + i) & ~3ull) + 4 + (w & 0xff) * 4 - p->addr;
	if ((w & 0xff00) != 0xd000 || (w1 != 0x6002 && w1 != 0x00ce) || lit + 4 > p->n)
		return 0;
	*slot = (w1 == 0x00ce ? p->got : 0) + isa_rd32(p->q + lit, 1);
	entry[0] = p->addr + i;
	return 1;
}

const struct isa_desc isa_sh = {
	.name = "sh",
	.cs_arch = CS_ARCH_SH,
	.general = general,
	.ops = ops,
	.flow = flow,
	.move = move,
	.regs_access = 1,
	.reads_only = reads_only,
	.plt_stub = sh_plt_stub,
	.plt_step = 2,
};
#endif
