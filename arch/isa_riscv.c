/* arch/isa_riscv.c: This file contains what RISC-V instructions mean to
 * the machine-code pass (arch/isa.h), for riscv64 (RV64GC; Capstone 5,
 * scripts/build-capstone5.sh): li, mv and addi from zero set a register
 * (the compressed c. forms alike); jal with rd ra calls, with rd zero (j)
 * jumps; jalr/jr through a register are indirect, and ret (jr ra)
 * returns. Capstone 5.0 gives branch and jal targets as offsets from the
 * instruction, and no cs_regs_access() for RISC-V: an instruction that
 * does not only read writes its first operand, rd (dest_first). */
#include <capstone/capstone.h>

#if CS_API_MAJOR >= 5
#include <string.h>

#include "arch/isa.h"

static int general(const char *n)
{
	static const char *const regs[] = {"ra", "sp", "gp", "tp", "t0", "t1", "t2", "t3", "t4",
					   "t5", "t6", "s0", "s1", "s2", "s3", "s4", "s5", "s6",
					   "s7", "s8", "s9", "s10", "s11", "a0", "a1", "a2", "a3",
					   "a4", "a5", "a6", "a7", NULL};
	return isa_is(n, regs);
}

static int zero(const char *n)
{
	return !strcmp(n, "zero");
}

ISA_OPS_FN(ops, riscv, RISCV_OP_REG, RISCV_OP_IMM, RISCV_OP_MEM, mem.base, mem.disp)

static const char *rname(const struct code_isa *isa, const struct code_op *o)
{
	return o->type == OP_REG ? cs_reg_name(isa->h, o->reg) : "";
}

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 struct code_step *s)
{
	static const char *const branches[] = {
		"beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "blez", "bgez", "bltz",
		"bgtz", "bgt", "ble", "bgtu", "bleu", "c.beqz", "c.bnez", NULL};
	const char *m = in->mnemonic;
	int direct = isa_direct(o, n, s);
	/* offsets from the instruction */
	s->target = direct ? in->address + (uint64_t)o[n - 1].imm : 0;
	if (!strcmp(m, "ret") || ((!strcmp(m, "jr") || !strcmp(m, "c.jr")) && n == 1 &&
				  !strcmp(rname(isa, &o[0]), "ra")))
		s->kind = CK_RET;
	else if (!strcmp(m, "jal") && n == 2 && !strcmp(rname(isa, &o[0]), "zero"))
		s->kind = CK_JUMP;
	else if (!strcmp(m, "jal") || !strcmp(m, "c.jal"))
		s->kind = direct ? CK_CALL : CK_ICALL;
	else if (!strcmp(m, "j") || !strcmp(m, "c.j"))
		s->kind = CK_JUMP;
	else if (!strcmp(m, "jalr") && n >= 1 && !strcmp(rname(isa, &o[0]), "zero"))
		s->kind = CK_IJUMP;
	else if (!strcmp(m, "jalr") || !strcmp(m, "c.jalr"))
		s->kind = CK_ICALL;
	else if (!strcmp(m, "jr") || !strcmp(m, "c.jr"))
		s->kind = CK_IJUMP;
	else if (isa_is(m, branches))
		s->kind = CK_CJUMP;
	else if (!strcmp(m, "ebreak") || !strcmp(m, "c.ebreak") || !strcmp(m, "unimp") ||
		 !strcmp(m, "c.unimp"))
		s->kind = CK_STOP;
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		const struct code_env *env, struct code_step *s)
{
	(void)env;
	static const char *const addis[] = {"addi", "addiw", "ori", NULL};
	const char *m = in->mnemonic;
	if (n < 2 || o[0].type != OP_REG)
		return 0;
	if ((!strcmp(m, "li") || !strcmp(m, "c.li") || !strcmp(m, "mv") || !strcmp(m, "c.mv")) && n == 2)
		return isa_move(isa, o[0].reg, &o[1], s);
	/* addi a7, zero, 0x1b7: li as the assembler left it */
	if (isa_is(m, addis) && n == 3 && o[1].type == OP_REG && isa->zero[o[1].reg])
		return isa_move(isa, o[0].reg, &o[2], s);
	if ((!strcmp(m, "lui") || !strcmp(m, "c.lui")) && n == 2 && o[1].type == OP_IMM &&
	    isa_slot(isa, o[0].reg) >= 0) {
		s->dst = isa_slot(isa, o[0].reg), s->src = -1;
		s->val = (int32_t)(uint32_t)((uint64_t)o[1].imm << 12);
		return 1;
	}
	return 0;
}

/* stores, branches, jumps, fences, the trap: their operands are read */
static int reads_only(const char *m)
{
	static const char *const ro[] = {"sb", "sh", "sw", "sd", "c.sw", "c.sd", "c.swsp", "c.sdsp",
					 "fsw", "fsd", "c.fsd", "c.fsdsp", "ecall", "fence", "fence.i",
					 "fence.tso", "nop", "c.nop", "j", "c.j", "jr", "c.jr", "ret",
					 "ebreak", "c.ebreak", NULL};
	return isa_is(m, ro) || (m[0] == 'b' && m[1] != 'c') || !strcmp(m, "c.beqz") ||
	       !strcmp(m, "c.bnez");
}

/* The PLT: auipc t3, hi; ld (lw) t3, lo(t3) */
static int riscv_plt_stub(const struct plt_in *p, size_t i, uint64_t *slot, uint64_t entry[2])
{
	if (i + 8 > p->n)
		return 0;
	uint32_t w = isa_rd32(p->q + i, p->le), w2 = isa_rd32(p->q + i + 4, p->le);
	if ((w & 0xfff) != 0xe17 || ((w2 & 0xfffff) != 0xe3e03 && (w2 & 0xfffff) != 0xe2e03))
		return 0;
	*slot = p->addr + i + (uint64_t)isa_sext(w & 0xfffff000, 32) + (uint64_t)isa_sext(w2 >> 20, 12);
	entry[0] = p->addr + i;
	return 1;
}

const struct isa_desc isa_riscv = {
	.name = "riscv",
	.cs_arch = CS_ARCH_RISCV,
	.general = general,
	.zero = zero,
	.ops = ops,
	.flow = flow,
	.move = move,
	.dest_first = 1,
	.reads_only = reads_only,
	.plt_stub = riscv_plt_stub,
	.plt_step = 4,
};
#endif
