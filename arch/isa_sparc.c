/* arch/isa_sparc.c: This file contains what SPARC instructions mean to the
 * machine-code pass (arch/isa.h), for sparc64: `save` and `restore` shift
 * the register windows (the caller's o registers are the callee's i ones),
 * g0 reads as 0, mov and clr set a register, and every branch has a delay
 * slot (arch_code.delay_slot). Capstone 4 gives no cs_regs_access() for
 * SPARC (reads_only). */
#include <stdio.h>
#include <string.h>

#include "arch/isa.h"

static int general(const char *n)
{
	return (strlen(n) == 2 && strchr("goli", n[0]) && n[1] >= '0' && n[1] <= '7') ||
	       !strcmp(n, "sp") || !strcmp(n, "fp");
}

static int zero(const char *n)
{
	return !strcmp(n, "g0");
}

/* the slots of o0-o7, l0-l7 and i0-i7, for the window shifts */
static void init(struct code_isa *isa)
{
	for (int k = 0; k < 8; k++) {
		char n[4];
		for (int g = 0; g < 3; g++) {
			snprintf(n, sizeof(n), "%c%d", "oli"[g], k);
			/* Capstone names o6 sp and i6 fp */
			isa->win[g][k] = (int8_t)isa_find_slot(isa, k == 6 && g != 1 ? (g ? "fp" : "sp") : n);
		}
	}
}

ISA_OPS_FN(ops, sparc, SPARC_OP_REG, SPARC_OP_IMM, SPARC_OP_MEM, mem.base, mem.disp)

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 struct code_step *s)
{
	const char *m = in->mnemonic;
	int direct = isa_direct(o, n, s);
	int jump = cs_insn_group(isa->h, in, CS_GRP_JUMP);
	if (!strcmp(m, "ret") || !strcmp(m, "retl") || !strcmp(m, "return"))
		s->kind = CK_RET;
	else if (!strcmp(m, "call"))
		s->kind = direct ? CK_CALL : CK_ICALL;
	else if (!strcmp(m, "jmpl") || !strcmp(m, "jmp"))
		s->kind = CK_IJUMP;
	else if (isa_starts(m, "ba") || !strcmp(m, "b"))
		s->kind = CK_JUMP;
	else if (jump || (m[0] == 'b' && direct) || isa_starts(m, "br") || isa_starts(m, "fb"))
		s->kind = direct ? CK_CJUMP : CK_IJUMP;
	else if (!strcmp(m, "illtrap"))
		s->kind = CK_STOP;
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		const struct code_env *env, struct code_step *s)
{
	(void)env;
	const char *m = in->mnemonic;
	if (!strcmp(m, "mov") && n == 2 && o[1].type == OP_REG)
		return isa_move(isa, o[1].reg, &o[0], s);
	if (!strcmp(m, "clr") && n == 1 && o[0].type == OP_REG) {
		s->dst = isa_slot(isa, o[0].reg), s->src = -1, s->val = 0;
		return 1;
	}
	return 0;
}

/* stores, compares, tests, branches, traps: operands read */
static int reads_only(const char *m)
{
	return isa_starts(m, "st") || isa_starts(m, "cmp") || isa_starts(m, "tst") || m[0] == 'b' ||
	       isa_starts(m, "prefetch") || !strcmp(m, "nop") || isa_starts(m, "fb") || !strcmp(m, "ta");
}

static void finish(const struct code_isa *isa, const cs_insn *in, struct code_step *s)
{
	(void)isa;
	if (!strcmp(in->mnemonic, "save"))
		s->window = 1;
	else if (!strcmp(in->mnemonic, "restore"))
		s->window = -1;
}

const struct isa_desc isa_sparc = {
	.name = "sparc",
	.cs_arch = CS_ARCH_SPARC,
	.general = general,
	.zero = zero,
	.init = init,
	.ops = ops,
	.flow = flow,
	.move = move,
	.reads_only = reads_only,
	.finish = finish,
	.plt_written = 1,
};
