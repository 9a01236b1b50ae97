/* arch/isa_s390.c: This file contains what z/Architecture instructions
 * mean to the machine-code pass (arch/isa.h), for s390x: br %r14 returns,
 * brasl calls, the lghi family sets a register. Capstone 4.0.2's SystemZ
 * lacks `svc` (0x0a NN), which undecoded() reads from its 2 bytes, with
 * the number in the instruction when N is not 0; Capstone spells %r1 "1"
 * (spell). */
#include <string.h>

#include "arch/isa.h"

static int general(const char *n)
{
	return n[0] >= '0' && n[0] <= '9';
}

static const char *spell(const char *reg)
{
	return reg[0] == 'r' ? reg + 1 : reg;
}

ISA_OPS_FN(ops, sysz, SYSZ_OP_REG, SYSZ_OP_IMM, SYSZ_OP_MEM, mem.base, mem.disp)

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 struct code_step *s)
{
	const char *m = in->mnemonic;
	int direct = isa_direct(o, n, s);
	int jump = cs_insn_group(isa->h, in, CS_GRP_JUMP);
	if (!strcmp(m, "br") && n == 1 && o[0].reg == SYSZ_REG_14)
		s->kind = CK_RET;
	else if (isa_starts(m, "b") && m[1] == 'r' && m[2] && n == 1 && o[0].reg == SYSZ_REG_14)
		s->kind = CK_CRET; /* ber %r14 ... */
	else if (!strcmp(m, "brasl") || !strcmp(m, "bras"))
		s->kind = CK_CALL;
	else if (!strcmp(m, "basr") || !strcmp(m, "bas"))
		s->kind = CK_ICALL;
	else if (!strcmp(m, "j") || !strcmp(m, "jg"))
		s->kind = CK_JUMP;
	else if (!strcmp(m, "br") || !strcmp(m, "b"))
		s->kind = CK_IJUMP;
	else if (jump || (m[0] == 'j' && direct) || (m[0] == 'c' && strchr(m, 'j') && direct) ||
		 (isa_starts(m, "brc") && direct))
		s->kind = CK_CJUMP;
	else if (isa_starts(m, "b") && !direct && (jump || strchr(m, 'r')))
		s->kind = CK_IJUMP;
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		const struct code_env *env, struct code_step *s)
{
	(void)env;
	static const char *const imm[] = {"lghi", "lhi", "lgfi", "llill", "llilf", "iilf", NULL};
	static const char *const reg[] = {"lgr", "lr", NULL};
	const char *m = in->mnemonic;
	if (n != 2 || o[0].type != OP_REG || !(isa_is(m, imm) || isa_is(m, reg)) ||
	    isa_is(m, imm) != (o[1].type == OP_IMM))
		return 0;
	return isa_move(isa, o[0].reg, &o[1], s);
}

/* stores, compares, tests, branches (not the calls): operands read */
static int reads_only(const char *m)
{
	return (isa_starts(m, "st") && strcmp(m, "stck")) || m[0] == 'c' || isa_starts(m, "tm") ||
	       m[0] == 'j' || (m[0] == 'b' && strcmp(m, "bras") && strcmp(m, "brasl") &&
			       strcmp(m, "basr") && strcmp(m, "bas")) || !strcmp(m, "nop") || !strcmp(m, "nopr");
}

/* svc N: 0x0a NN */
static int undecoded(const struct code_isa *isa, const uint8_t *p, size_t left, struct code_step *s)
{
	if (left < 2 || p[0] != 0x0a)
		return 0;
	memset(s, 0, sizeof(*s));
	s->kind = CK_TRAP;
	s->dst = s->src = -1;
	s->has_trap_nr = p[1] != 0;
	s->trap_nr = p[1];
	s->clobber = isa->trap_clobber;
	return 2;
}

/* The PLT: larl %r1, slot; lg %r1, 0(%r1) */
static int s390_plt_stub(const struct plt_in *p, size_t i, uint64_t *slot, uint64_t entry[2])
{
	const uint8_t *q = p->q + i;
	if (i + 12 > p->n || q[0] != 0xc0 || q[1] != 0x10 || isa_rd32(q + 6, p->le) != 0xe3101000 ||
	    q[10] != 0x00 || q[11] != 0x04)
		return 0;
	*slot = p->addr + i + 2 * (uint64_t)(int64_t)(int32_t)isa_rd32(q + 2, p->le);
	entry[0] = p->addr + i;
	return 1;
}

const struct isa_desc isa_s390 = {
	.name = "s390",
	.cs_arch = CS_ARCH_SYSZ,
	.general = general,
	.spell = spell,
	.ops = ops,
	.flow = flow,
	.move = move,
	.reads_only = reads_only,
	.undecoded = undecoded,
	.plt_stub = s390_plt_stub,
	.plt_step = 2,
};
