/* arch/isa_ppc.c: This file contains what Power instructions mean to the
 * machine-code pass (arch/isa.h), for powerpc, ppc64 and ppc64le: li, lis
 * and mr set a register; blr returns and its conditional forms may; calls
 * through ctr or lr are indirect. Capstone 4 gives no cs_regs_access()
 * for PPC (reads_only), and an update form's base (stwu) is named by its
 * mnemonic, not its operand (base_kept). */
#include <string.h>

#include "arch/isa.h"

static int general(const char *n)
{
	return n[0] == 'r' && n[1] >= '0' && n[1] <= '9';
}

ISA_OPS_FN(ops, ppc, PPC_OP_REG, PPC_OP_IMM, PPC_OP_MEM, mem.base, mem.disp)

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 struct code_step *s)
{
	static const char *const ind_call[] = {"bctrl", "blrl", NULL};
	const char *m = in->mnemonic;
	size_t len = strlen(m);
	int direct = isa_direct(o, n, s);
	int call = cs_insn_group(isa->h, in, CS_GRP_CALL), jump = cs_insn_group(isa->h, in, CS_GRP_JUMP);
	if (!strcmp(m, "blr"))
		s->kind = CK_RET;
	else if (isa_starts(m, "b") && len >= 2 && m[len - 2] == 'l' && m[len - 1] == 'r' &&
		 strcmp(m, "blrl"))
		s->kind = CK_CRET; /* beqlr, bnelr: conditional returns */
	else if (!strcmp(m, "bl") || !strcmp(m, "bla"))
		s->kind = CK_CALL;
	else if (isa_is(m, ind_call))
		s->kind = CK_ICALL;
	else if (!strcmp(m, "b") || !strcmp(m, "ba"))
		s->kind = CK_JUMP;
	else if (!strcmp(m, "bctr"))
		s->kind = CK_IJUMP;
	else if (isa_starts(m, "b") && strstr(m, "ctr"))
		s->kind = CK_IJUMP; /* conditional: on, or unknown */
	else if (jump || (isa_starts(m, "b") && direct))
		s->kind = call ? CK_CALL : CK_CJUMP;
	else if (!strcmp(m, "trap"))
		s->kind = CK_STOP;
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		const struct code_env *env, struct code_step *s)
{
	(void)env;
	const char *m = in->mnemonic;
	if ((!strcmp(m, "li") || !strcmp(m, "mr")) && n == 2)
		return isa_move(isa, o[0].reg, &o[1], s);
	if (!strcmp(m, "lis") && n == 2 && o[1].type == OP_IMM) {
		s->dst = isa_slot(isa, o[0].reg), s->src = -1, s->val = o[1].imm * 65536;
		return 1;
	}
	return 0;
}

/* stores (not the update forms), compares, moves to special registers,
 * branches, cache hints, traps: their register operands are read */
static int reads_only(const char *m)
{
	return (isa_starts(m, "st") && !strstr(m, "u")) || isa_starts(m, "cmp") || isa_starts(m, "mt") ||
	       m[0] == 'b' || isa_starts(m, "dcb") || isa_starts(m, "tw") || isa_starts(m, "td") ||
	       !strcmp(m, "sync") || !strcmp(m, "lwsync") || !strcmp(m, "isync") || !strcmp(m, "nop");
}

const struct isa_desc isa_ppc = {
	.name = "ppc",
	.cs_arch = CS_ARCH_PPC,
	.general = general,
	.ops = ops,
	.flow = flow,
	.move = move,
	.reads_only = reads_only,
	.base_kept = 1,
};
