/* arch/isa_mips.c: This file contains what MIPS instructions mean to the
 * machine-code pass (arch/isa.h), for o32, n32 and n64: li, move, and the
 * additions to $zero the assembler makes of them; jr ra returns; every
 * branch has a delay slot (arch_code.delay_slot); PIC code calls through
 * t9 loaded from the GOT (jalr t9), and o32 passes arguments beyond four
 * on the stack (mem). Capstone gives no cs_regs_access() for MIPS: an
 * instruction that does not only read (reads_only) writes its first
 * operand (rdhwr's second, $29, is a hardware register Capstone names as
 * sp). */
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

ISA_OPS_FN(ops, mips, MIPS_OP_REG, MIPS_OP_IMM, MIPS_OP_MEM, mem.base, mem.disp)

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 struct code_step *s)
{
	const char *m = in->mnemonic;
	int direct = isa_direct(o, n, s);
	int call = cs_insn_group(isa->h, in, CS_GRP_CALL), jump = cs_insn_group(isa->h, in, CS_GRP_JUMP);
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
	/* PIC code calls through t9, loaded from the GOT (move()) */
	if ((s->kind == CK_ICALL || s->kind == CK_IJUMP) && n > 0 && o[n - 1].type == OP_REG)
		s->treg = isa_slot(isa, o[n - 1].reg);
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		const struct code_env *env, struct code_step *s)
{
	static const char *const imm3[] = {"addiu", "daddiu", "addi", "daddi", "ori", NULL};
	static const char *const reg3[] = {"addu", "daddu", "or", NULL};
	const char *m = in->mnemonic;
	uint64_t v;
	if ((!strcmp(m, "li") || !strcmp(m, "move")) && n == 2)
		return isa_move(isa, o[0].reg, &o[1], s);
	/* lw t9, off(gp): a function's address (or a page's) from the GOT */
	if ((!strcmp(m, "lw") || !strcmp(m, "ld")) && n == 2 && o[1].type == OP_MEM &&
	    !strcmp(cs_reg_name(isa->h, o[1].reg), "gp") && isa_slot(isa, o[0].reg) >= 0 &&
	    env->got(env->arg, o[1].imm, &v) == 0) {
		s->dst = isa_slot(isa, o[0].reg), s->src = -1, s->val = (int64_t)v;
		return 1;
	}
	/* addiu t9, t9, %lo(f) after a GOT page; addiu sp, sp, -N */
	if ((!strcmp(m, "addiu") || !strcmp(m, "daddiu")) && n == 3 && o[1].type == OP_REG &&
	    !isa->zero[o[1].reg] && isa_slot(isa, o[1].reg) >= 0 && isa_slot(isa, o[0].reg) >= 0 &&
	    o[2].type == OP_IMM) {
		s->dst = isa_slot(isa, o[0].reg), s->src = isa_slot(isa, o[1].reg), s->add = (int)o[2].imm;
		return 1;
	}
	if (n == 3 && o[0].type == OP_REG && o[1].type == OP_REG && isa->zero[o[1].reg] &&
	    isa_is(m, imm3) && o[2].type == OP_IMM)
		return isa_move(isa, o[0].reg, &o[2], s);
	if (n == 3 && o[0].type == OP_REG && o[2].type == OP_REG && isa->zero[o[2].reg] && isa_is(m, reg3))
		return isa_move(isa, o[0].reg, &o[1], s);
	return 0;
}

/* stores (not sc, which writes its result), compares, branches, traps:
 * their register operands are read */
static int reads_only(const char *m)
{
	return (m[0] == 's' && strlen(m) <= 4 && strchr("bhwdc", m[1]) && strcmp(m, "sll") &&
		strcmp(m, "sc") && strcmp(m, "scd") &&
		strcmp(m, "sllv") && strcmp(m, "slt") && strcmp(m, "sltu") && strcmp(m, "slti")) ||
	       m[0] == 'b' || m[0] == 'j' || isa_starts(m, "teq") || isa_starts(m, "tne") ||
	       !strcmp(m, "sync") || !strcmp(m, "nop");
}

/* The stack and memory (o32 passes arguments beyond four on the stack,
 * glibc's __mips_syscall6() its number): a word loaded or stored at a
 * register + displacement; any other store. No access writes its base. */
static void mem(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		struct code_step *s)
{
	static const char *const stores[] = {"sb", "sh", "sw", "sd", "swl", "swr", "sdl", "sdr",
					     "sc", "scd", "swc1", "sdc1", NULL};
	static const int size[] = {1, 2, 4, 8, 4, 4, 8, 8, 4, 8, 4, 8};
	const char *m = in->mnemonic;
	if (n != 2 || o[1].type != OP_MEM)
		return;
	int base = isa_slot(isa, o[1].reg), word = !strcmp(m, isa->word == 8 ? "ld" : "lw");
	if (word && isa_slot(isa, o[0].reg) >= 0) {
		s->load = 1, s->lbase = base, s->ldisp = o[1].imm, s->dst = isa_slot(isa, o[0].reg);
		return;
	}
	for (int i = 0; stores[i]; i++)
		if (!strcmp(m, stores[i])) {
			s->store = 1, s->mbase = base, s->mdisp = o[1].imm, s->msize = size[i];
			if (size[i] != isa->word || o[0].type != OP_REG || (!strcmp(m, "sc") || !strcmp(m, "scd")))
				s->mtop = 1;
			else if (isa->zero[o[0].reg])
				s->val = 0;
			else if (isa_slot(isa, o[0].reg) >= 0)
				s->src = isa_slot(isa, o[0].reg);
			else
				s->mtop = 1;
			return;
		}
	/* loads, prefetches and cache hints write no memory */
	if (m[0] != 'l' && strcmp(m, "pref") && strcmp(m, "cache"))
		s->wild = 1;
}

const struct isa_desc isa_mips = {
	.name = "mips",
	.cs_arch = CS_ARCH_MIPS,
	.general = general,
	.zero = zero,
	.ops = ops,
	.flow = flow,
	.move = move,
	.mem = mem,
	.sp = "sp",
	.reads_only = reads_only,
	.dest_first = 1,
	.base_kept = 1,
};
