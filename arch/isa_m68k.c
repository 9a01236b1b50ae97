/* arch/isa_m68k.c: This file contains what m68k instructions mean to the
 * machine-code pass (arch/isa.h): moveq and move.l set a register, rts
 * returns, bsr and jsr call. A branch's displacement counts from its
 * extension word, and Capstone 4.0.2 sizes bsr.l/bra.l/bcc.l (a 32-bit
 * displacement, 0x61ff ...) as 2 bytes where they are 6. Capstone 4 gives
 * no cs_regs_access() for m68k (reads_only). */
#include <string.h>

#include "arch/isa.h"
#include "base/util.h"

static int general(const char *n)
{
	return strlen(n) == 2 && (n[0] == 'd' || n[0] == 'a') && n[1] >= '0' && n[1] <= '7';
}

static int ops(const struct code_isa *isa, const cs_insn *in, struct code_op *o)
{
	(void)isa;
	const cs_m68k *d = &in->detail->m68k;
	int n = 0;
	for (int i = 0; i < d->op_count && n < CODE_MAXOPS; i++, n++) {
		const cs_m68k_op *m = &d->operands[i];
		o[n].type = m->type == M68K_OP_REG ? OP_REG : m->type == M68K_OP_IMM ? OP_IMM
			    : m->type == M68K_OP_MEM ? OP_MEM : OP_OTHER;
		o[n].reg = m->type == M68K_OP_REG ? (unsigned)m->reg
			   : m->type == M68K_OP_MEM ? (unsigned)m->mem.base_reg : 0;
		o[n].imm = m->type == M68K_OP_IMM ? (int64_t)(int32_t)m->imm
			   : m->type == M68K_OP_MEM ? m->mem.disp : 0;
		if (m->type == M68K_OP_BR_DISP) {
			o[n].type = OP_IMM;
			o[n].imm = (int64_t)in->address + 2 + m->br_disp.disp;
		}
	}
	return n;
}

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 int thumb, struct code_step *s)
{
	(void)isa, (void)thumb;
	const char *m = in->mnemonic;
	int direct = n > 0 && o[n - 1].type == OP_IMM;
	s->target = direct ? (uint64_t)o[n - 1].imm : 0;
	if (!strcmp(m, "rts") || !strcmp(m, "rtd") || !strcmp(m, "rte"))
		s->kind = CK_RET;
	else if (!strcmp(m, "bsr") || isa_starts(m, "bsr.") || !strcmp(m, "jsr"))
		s->kind = direct ? CK_CALL : CK_ICALL;
	else if (isa_starts(m, "bra"))
		s->kind = CK_JUMP;
	else if (!strcmp(m, "jmp"))
		s->kind = direct ? CK_JUMP : CK_IJUMP;
	else if ((m[0] == 'b' || isa_starts(m, "db")) && direct)
		s->kind = CK_CJUMP;
	else if (!strcmp(m, "illegal"))
		s->kind = CK_STOP;
	if (s->kind != CK_NEXT && in->size == 2 && str_ends(m, ".l") && in->bytes[1] == 0xff)
		s->size = 6;
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		int thumb, code_load32 load, void *arg, struct code_step *s)
{
	(void)thumb, (void)load, (void)arg;
	const char *m = in->mnemonic;
	if ((!strcmp(m, "moveq") || !strcmp(m, "move.l") || !strcmp(m, "movea.l")) && n == 2 &&
	    o[1].type == OP_REG)
		return isa_move(isa, o[1].reg, &o[0], s);
	return 0;
}

/* compares, tests, branches, pea, traps: operands read */
static int reads_only(const char *m)
{
	return isa_starts(m, "cmp") || isa_starts(m, "tst") || isa_starts(m, "btst") || m[0] == 'b' ||
	       isa_starts(m, "db") || isa_starts(m, "pea") || !strcmp(m, "nop") || isa_starts(m, "trap");
}

const struct isa_desc isa_m68k = {
	.name = "m68k",
	.cs_arch = CS_ARCH_M68K,
	.general = general,
	.ops = ops,
	.flow = flow,
	.move = move,
	.reads_only = reads_only,
};
