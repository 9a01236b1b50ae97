/* arch/isa_mips.c: This file contains what MIPS instructions mean to the
 * machine-code pass (arch/isa.h), for o32, n32 and n64: li, move, and the
 * additions to $zero the assembler makes of them; jr ra returns; every
 * branch has a delay slot (arch_code.delay_slot). Capstone 4 gives no
 * cs_regs_access() for MIPS, so a register operand of an instruction that
 * does not only read (reads_only) is taken as written. */
#include <string.h>

#include "arch/isa.h"

static int general(const char *n)
{
	return (strlen(n) == 2 && strchr("vatsk", n[0]) && n[1] >= '0' && n[1] <= '9') ||
	       !strcmp(n, "at") || !strcmp(n, "gp") || !strcmp(n, "sp") || !strcmp(n, "fp") ||
	       !strcmp(n, "ra");
}

static int zero(const char *n)
{
	return !strcmp(n, "zero");
}

static int ops(const struct code_isa *isa, const cs_insn *in, struct code_op *o)
{
	(void)isa;
	const cs_mips *d = &in->detail->mips;
	int n = 0;
	ISA_OPS(o, n, d->operands, d->op_count, MIPS_OP_REG, MIPS_OP_IMM, MIPS_OP_MEM, mem.base, mem.disp)
	return n;
}

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 int thumb, struct code_step *s)
{
	(void)thumb;
	const char *m = in->mnemonic;
	int direct = n > 0 && o[n - 1].type == OP_IMM;
	int call = cs_insn_group(isa->h, in, CS_GRP_CALL), jump = cs_insn_group(isa->h, in, CS_GRP_JUMP);
	s->target = direct ? (uint64_t)o[n - 1].imm : 0;
	if (!strcmp(m, "jr") && n == 1 && !strcmp(cs_reg_name(isa->h, o[0].reg), "ra"))
		s->kind = CK_RET;
	else if (!strcmp(m, "jal") || !strcmp(m, "bal") || !strcmp(m, "jalx"))
		s->kind = CK_CALL;
	else if (!strcmp(m, "jalr") || !strcmp(m, "jalr.hb"))
		s->kind = CK_ICALL;
	else if (!strcmp(m, "j") || !strcmp(m, "b"))
		s->kind = CK_JUMP;
	else if (!strcmp(m, "jr") || !strcmp(m, "jr.hb"))
		s->kind = CK_IJUMP;
	else if (jump || call || isa_starts(m, "b"))
		s->kind = call ? (direct ? CK_CALL : CK_ICALL) : CK_CJUMP;
	else if (!strcmp(m, "break"))
		s->kind = CK_STOP;
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		int thumb, code_load32 load, void *arg, struct code_step *s)
{
	(void)thumb, (void)load, (void)arg;
	static const char *const imm3[] = {"addiu", "daddiu", "addi", "daddi", "ori", NULL};
	static const char *const reg3[] = {"addu", "daddu", "or", NULL};
	const char *m = in->mnemonic;
	if ((!strcmp(m, "li") || !strcmp(m, "move")) && n == 2)
		return isa_move(isa, o[0].reg, &o[1], s);
	if (n == 3 && o[0].type == OP_REG && o[1].type == OP_REG && isa->zero[o[1].reg] &&
	    isa_is(m, imm3) && o[2].type == OP_IMM)
		return isa_move(isa, o[0].reg, &o[2], s);
	if (n == 3 && o[0].type == OP_REG && o[2].type == OP_REG && isa->zero[o[2].reg] && isa_is(m, reg3))
		return isa_move(isa, o[0].reg, &o[1], s);
	return 0;
}

/* stores, compares, branches, traps: their register operands are read */
static int reads_only(const char *m)
{
	return (m[0] == 's' && strlen(m) <= 4 && strchr("bhwdc", m[1]) && strcmp(m, "sll") &&
		strcmp(m, "sllv") && strcmp(m, "slt") && strcmp(m, "sltu") && strcmp(m, "slti")) ||
	       m[0] == 'b' || m[0] == 'j' || isa_starts(m, "teq") || isa_starts(m, "tne") ||
	       !strcmp(m, "sync") || !strcmp(m, "nop");
}

const struct isa_desc isa_mips = {
	.name = "mips",
	.cs_arch = CS_ARCH_MIPS,
	.general = general,
	.zero = zero,
	.ops = ops,
	.flow = flow,
	.move = move,
	.reads_only = reads_only,
};
