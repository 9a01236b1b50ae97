/* arch/isa_m68k.c: This file contains what m68k instructions mean to the
 * machine-code pass (arch/isa.h): moveq and move.l set a register, rts
 * returns, bsr and jsr call (jsr (an) where lea put a function's address
 * in an: a call of the PLT stub it names), and every C argument goes on the stack
 * (mem: pea, move.l to -(sp), loads from (d,sp)). A branch's displacement counts from its
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
		/* (An), (An)+ and -(An) name An as the operand's register */
		int indirect = m->address_mode == M68K_AM_REGI_ADDR ||
			       m->address_mode == M68K_AM_REGI_ADDR_POST_INC ||
			       m->address_mode == M68K_AM_REGI_ADDR_PRE_DEC;
		o[n].reg = m->type == M68K_OP_REG || (m->type == M68K_OP_MEM && indirect) ? (unsigned)m->reg
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
		 struct code_step *s)
{
	(void)isa;
	const char *m = in->mnemonic;
	int direct = isa_direct(o, n, s);
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
	if ((s->kind == CK_ICALL || s->kind == CK_IJUMP) && n == 1 && o[0].type == OP_MEM &&
	    in->detail->m68k.operands[0].address_mode == M68K_AM_REGI_ADDR)
		s->treg = isa_slot(isa, o[0].reg);
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		const struct code_env *env, struct code_step *s)
{
	(void)env;
	const char *m = in->mnemonic;
	if ((!strcmp(m, "moveq") || !strcmp(m, "move.l") || !strcmp(m, "movea.l")) && n == 2 &&
	    o[1].type == OP_REG)
		return isa_move(isa, o[1].reg, &o[0], s);
	/* lea of an absolute or PC-relative address: that address, as the
	 * 32-bit value it is (int32_t: the pass's constants) */
	const cs_m68k_op *a = &in->detail->m68k.operands[0];
	if (isa_starts(m, "lea") && n == 2 && o[1].type == OP_REG && isa_slot(isa, o[1].reg) >= 0 &&
	    (a->address_mode == M68K_AM_ABSOLUTE_DATA_LONG || a->address_mode == M68K_AM_PCI_DISP)) {
		s->dst = isa_slot(isa, o[1].reg), s->src = -1;
		s->val = (int32_t)(a->address_mode == M68K_AM_PCI_DISP ? (uint32_t)in->address + 2 +
				   (uint32_t)a->mem.disp : (uint32_t)a->imm);
		return 1;
	}
	return 0;
}

/* compares, tests, branches, pea, traps: operands read */
static int reads_only(const char *m)
{
	return isa_starts(m, "cmp") || isa_starts(m, "tst") || isa_starts(m, "btst") || m[0] == 'b' ||
	       isa_starts(m, "db") || isa_starts(m, "pea") || !strcmp(m, "nop") || isa_starts(m, "trap");
}

/* Memory operand i's address: 1 with *base (a slot) + *disp, and the
 * change of the base (-(An), (An)+) in *pre and *post; 0 where it is not a
 * register + displacement; 2 where it is absolute or PC-relative (no stack
 * address) */
static int address(const struct code_isa *isa, const cs_m68k *d, int i, int size, int *base,
		   int64_t *disp, int *pre, int *post)
{
	const cs_m68k_op *op = &d->operands[i];
	*disp = 0, *pre = *post = 0;
	switch (op->address_mode) {
	case M68K_AM_REGI_ADDR_PRE_DEC:
		*pre = -size, *disp = -size;
		/* fall through */
	case M68K_AM_REGI_ADDR_POST_INC:
		*post = op->address_mode == M68K_AM_REGI_ADDR_POST_INC ? size : 0;
		/* fall through */
	case M68K_AM_REGI_ADDR:
		*base = isa_slot(isa, op->reg);
		return *base >= 0;
	case M68K_AM_REGI_ADDR_DISP:
		*base = isa_slot(isa, op->mem.base_reg), *disp = op->mem.disp;
		return *base >= 0;
	case M68K_AM_ABSOLUTE_DATA_SHORT:
	case M68K_AM_ABSOLUTE_DATA_LONG:
	case M68K_AM_PCI_DISP:
		return 2;
	default:
		return 0;
	}
}

/* The stack and memory (m68k passes every argument on the stack): a long
 * word moved to or from memory at a register + displacement, -(sp) and
 * (sp)+, pea of a constant, the stack pointer's moves (lea, addq, link),
 * movem; any other write to memory, to the last operand */
static void mem(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		struct code_step *s)
{
	const cs_m68k *d = &in->detail->m68k;
	const char *m = in->mnemonic, *dot = strchr(m, '.');
	int size = dot && dot[1] == 'b' ? 1 : dot && dot[1] == 'w' ? 2 : 4, sp = isa->sp_slot;
	int base, pre, post, kind;
	int64_t disp;
	if (isa_starts(m, "movem") && n == 2) {
		/* registers saved and restored: 4 bytes each */
		int list = d->operands[0].type == M68K_OP_REG_BITS ? 0 : 1, cnt = 0;
		for (int r = 0; r < 16; r++)
			if (d->operands[list].register_bits >> r & 1) {
				char name[4] = {r < 8 ? 'd' : 'a', (char)('0' + r % 8), 0};
				cnt++;
				if (list == 1 && isa_find_slot(isa, name) >= 0)
					s->clobber |= 1ull << isa_find_slot(isa, name);
			}
		size = 4 * cnt;
	}
	if (!strcmp(m, "pea") || isa_starts(m, "pea.")) {
		s->store = 1, s->mbase = sp, s->mdisp = -4, s->msize = 4, s->sp_add = -4, s->sp_done = 1;
		if (d->operands[0].address_mode == M68K_AM_ABSOLUTE_DATA_SHORT ||
		    d->operands[0].address_mode == M68K_AM_ABSOLUTE_DATA_LONG)
			s->val = d->operands[0].address_mode == M68K_AM_ABSOLUTE_DATA_SHORT
					 ? (int16_t)d->operands[0].imm : (int32_t)d->operands[0].imm;
		else
			s->mtop = 1;
		return;
	}
	if (isa_starts(m, "link") && n == 2 && o[1].type == OP_IMM) {
		s->store = 1, s->mbase = sp, s->mdisp = -4, s->msize = 4, s->mtop = 1;
		s->sp_add = -4 + (int16_t)o[1].imm, s->sp_done = 1;
		return;
	}
	if (isa_starts(m, "unlk")) {
		s->clobber |= 1ull << sp;
		return;
	}
	/* the stack pointer moved by a constant */
	if (n == 2 && o[1].type == OP_REG && isa_slot(isa, o[1].reg) == sp) {
		int sign = isa_starts(m, "sub") ? -1 : 1;
		if ((isa_starts(m, "addq") || isa_starts(m, "subq") || isa_starts(m, "adda") ||
		     isa_starts(m, "suba")) && o[0].type == OP_IMM) {
			s->dst = s->src = sp, s->add = sign * (int)o[0].imm, s->sp_done = 1;
		} else if (isa_starts(m, "lea") && address(isa, d, 0, 4, &base, &disp, &pre, &post) == 1) {
			s->dst = sp, s->src = base, s->add = (int)disp, s->sp_done = 1;
		}
		return;
	}
	/* an operand's -(sp) or (sp)+ moves the stack pointer */
	for (int i = 0; i < n; i++)
		if (o[i].type == OP_MEM && address(isa, d, i, size, &base, &disp, &pre, &post) == 1 &&
		    base == sp)
			s->sp_add += pre + post, s->sp_done = 1;
	int move = (!strcmp(m, "move.l") || !strcmp(m, "movea.l")) && n == 2;
	if (move && o[1].type == OP_REG && isa_slot(isa, o[1].reg) >= 0 &&
	    address(isa, d, 0, 4, &base, &disp, &pre, &post) == 1) {
		s->load = 1, s->lbase = base, s->ldisp = disp, s->dst = isa_slot(isa, o[1].reg);
		return;
	}
	if (!n || o[n - 1].type != OP_MEM || reads_only(m))
		return;
	kind = address(isa, d, n - 1, size, &s->mbase, &s->mdisp, &pre, &post);
	if (kind == 2)
		return;
	if (!kind) {
		s->wild = 1;
		return;
	}
	s->store = 1, s->msize = size;
	if (move && o[0].type == OP_IMM)
		s->val = (int32_t)o[0].imm;
	else if (move && o[0].type == OP_REG && isa_slot(isa, o[0].reg) >= 0)
		s->src = isa_slot(isa, o[0].reg);
	else if (move && address(isa, d, 0, 4, &s->lbase, &s->ldisp, &pre, &post) == 1)
		s->load = 1;
	else
		s->mtop = 1;
}

/* The PLT: jmp ([%pc, slot - . - 2]) */
static int m68k_plt_stub(const struct plt_in *p, size_t i, uint64_t *slot, uint64_t entry[2])
{
	if (i + 8 > p->n || isa_rd32(p->q + i, p->le) != 0x4efb0171)
		return 0;
	*slot = p->addr + i + 2 + (uint64_t)(int64_t)(int32_t)isa_rd32(p->q + i + 4, p->le);
	entry[0] = p->addr + i;
	return 1;
}

const struct isa_desc isa_m68k = {
	.name = "m68k",
	.cs_arch = CS_ARCH_M68K,
	.general = general,
	.ops = ops,
	.flow = flow,
	.move = move,
	.mem = mem,
	.sp = "a7",
	.ret_push = 1,
	.reads_only = reads_only,
	.plt_stub = m68k_plt_stub,
	.plt_step = 2,
};
