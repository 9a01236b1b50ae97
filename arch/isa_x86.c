/* arch/isa_x86.c: This file contains what x86 instructions mean to the
 * machine-code pass (arch/isa.h), for x86_64, x32 and i386: 32-bit
 * sub-registers fold onto the 64-bit register of the same index and
 * zero-extend; 16- and 8-bit ones keep the rest (dietlibc loads a number
 * into %al, and __unified_syscall's movzbl makes it the number). i386
 * passes C arguments on the stack (mem: push, mov to and from (esp)). */
#include <stdio.h>
#include <string.h>

#include "arch/isa.h"
#include "base/util.h"

static const char *const full[][2] = {
	{"rax", "eax"}, {"rbx", "ebx"}, {"rcx", "ecx"}, {"rdx", "edx"}, {"rsi", "esi"},
	{"rdi", "edi"}, {"rbp", "ebp"}, {"rsp", "esp"}, {"r8", "r8d"},  {"r9", "r9d"},
	{"r10", "r10d"}, {"r11", "r11d"}, {"r12", "r12d"}, {"r13", "r13d"}, {"r14", "r14d"},
	{"r15", "r15d"}};
static const char *const parts[][4] = {
	{"ax", "al", "ah", NULL}, {"bx", "bl", "bh", NULL}, {"cx", "cl", "ch", NULL},
	{"dx", "dl", "dh", NULL}, {"si", "sil", NULL, NULL}, {"di", "dil", NULL, NULL},
	{"bp", "bpl", NULL, NULL}, {"sp", "spl", NULL, NULL}, {"r8w", "r8b", NULL, NULL},
	{"r9w", "r9b", NULL, NULL}, {"r10w", "r10b", NULL, NULL}, {"r11w", "r11b", NULL, NULL},
	{"r12w", "r12b", NULL, NULL}, {"r13w", "r13b", NULL, NULL}, {"r14w", "r14b", NULL, NULL},
	{"r15w", "r15b", NULL, NULL}};

static int general(const char *n)
{
	for (size_t k = 0; k < ARRAY_SIZE(full); k++)
		if (!strcmp(n, full[k][0]))
			return 1;
	return 0;
}

static const char *fold(const char *n, char *buf, size_t len, int *part)
{
	(void)buf, (void)len;
	for (size_t k = 0; k < ARRAY_SIZE(full); k++) {
		if (!strcmp(n, full[k][1])) {
			*part = 0;
			return full[k][0];
		}
		for (int p = 0; p < 3 && parts[k][p]; p++)
			if (!strcmp(n, parts[k][p])) {
				/* ax: the low 16 bits; al: byte 0; ah: byte 1 */
				*part = p == 0 ? 3 : n[1] == 'h' ? 2 : 1;
				return full[k][0];
			}
	}
	return NULL;
}

ISA_OPS_FN(ops, x86, X86_OP_REG, X86_OP_IMM, X86_OP_MEM, mem.base, mem.disp)

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 struct code_step *s)
{
	const char *m = in->mnemonic;
	int direct = isa_direct(o, n, s);
	if (cs_insn_group(isa->h, in, CS_GRP_RET))
		s->kind = CK_RET;
	else if (cs_insn_group(isa->h, in, CS_GRP_CALL))
		s->kind = direct ? CK_CALL : CK_ICALL;
	else if (!strcmp(m, "jmp"))
		s->kind = direct ? CK_JUMP : CK_IJUMP;
	else if (cs_insn_group(isa->h, in, CS_GRP_JUMP))
		s->kind = CK_CJUMP;
	else if (!strcmp(m, "hlt") || !strcmp(m, "ud2"))
		s->kind = CK_STOP;
}

static int move(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		const struct code_env *env, struct code_step *s)
{
	(void)env;
	const char *m = in->mnemonic;
	if (n != 2 || o[0].type != OP_REG)
		return 0;
	unsigned dreg = o[0].reg;
	if (o[1].type == OP_REG && o[0].reg == o[1].reg && (!strcmp(m, "xor") || !strcmp(m, "sub")) &&
	    !isa_part(isa, dreg)) {
		s->dst = isa_slot(isa, dreg), s->src = -1, s->val = 0;
		return 1;
	}
	if (o[1].type == OP_REG && !strcmp(m, "movzx") && isa_slot(isa, dreg) >= 0 &&
	    isa_slot(isa, o[1].reg) >= 0 && (isa_part(isa, o[1].reg) == 1 || isa_part(isa, o[1].reg) == 3)) {
		/* movzbl %al,%eax; movzwl %ax,%eax */
		s->dst = isa_slot(isa, dreg), s->src = isa_slot(isa, o[1].reg);
		s->zext = isa_part(isa, o[1].reg) == 3 ? 16 : 8;
		return 1;
	}
	if (strcmp(m, "mov") && strcmp(m, "movabs"))
		return 0;
	if (isa_part(isa, dreg)) {
		if (o[1].type != OP_IMM || isa_slot(isa, dreg) < 0)
			return 0;
		s->dst = isa_slot(isa, dreg), s->src = -1, s->part = isa_part(isa, dreg);
		s->val = o[1].imm & (s->part == 3 ? 0xffff : 0xff);
		return 1;
	}
	if (!isa_move(isa, dreg, &o[1], s))
		return 0;
	/* a 32-bit destination (eax, r8d) holds the immediate's low 32 bits,
	 * a C int: mov $0xffffffda,%eax returns -38 */
	const char *dn = cs_reg_name(isa->h, dreg);
	if (s->src < 0 && (dn[0] == 'e' || str_ends(dn, "d")))
		s->val = (int32_t)(uint32_t)s->val;
	return 1;
}

/* Whether operand i is memory at a tracked register + displacement (no
 * index, no segment): *base its slot, *disp */
static int plain(const struct code_isa *isa, const cs_x86 *d, int i, int *base, int64_t *disp)
{
	const cs_x86_op *op = &d->operands[i];
	if (op->type != X86_OP_MEM || op->mem.index != X86_REG_INVALID ||
	    op->mem.segment != X86_REG_INVALID || isa_slot(isa, op->mem.base) < 0 ||
	    isa_part(isa, op->mem.base))
		return 0;
	*base = isa_slot(isa, op->mem.base);
	*disp = op->mem.disp;
	return 1;
}

/* A full register's slot, or -1 */
static int full_slot(const struct code_isa *isa, const struct code_op *o)
{
	return o->type == OP_REG && !isa_part(isa, o->reg) ? isa_slot(isa, o->reg) : -1;
}

/* The stack and memory (i386 passes arguments on the stack): push and pop,
 * the stack pointer's moves, a word loaded or stored at a register +
 * displacement, lea; any other write to memory (cs_x86_op.access) */
static void mem(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		struct code_step *s)
{
	const cs_x86 *d = &in->detail->x86;
	const char *m = in->mnemonic;
	int sp = isa->sp_slot, base;
	int64_t disp;
	if (!strcmp(m, "push") && n == 1) {
		int size = d->operands[0].size;
		s->store = 1, s->mbase = sp, s->mdisp = -size, s->msize = size;
		s->sp_add = -size, s->sp_done = 1;
		if (o[0].type == OP_IMM)
			s->val = o[0].imm;
		else if (full_slot(isa, &o[0]) >= 0)
			s->src = full_slot(isa, &o[0]);
		else if (d->operands[0].size == isa->word && plain(isa, d, 0, &s->lbase, &s->ldisp))
			s->load = 1;
		else
			s->mtop = 1;
		return;
	}
	if (!strcmp(m, "pop") && n == 1) {
		s->sp_add = d->operands[0].size, s->sp_done = 1;
		if (full_slot(isa, &o[0]) >= 0 && full_slot(isa, &o[0]) != sp)
			s->load = 1, s->lbase = sp, s->ldisp = 0, s->dst = full_slot(isa, &o[0]);
		else if (o[0].type == OP_MEM)
			s->wild = 1;
		else
			s->sp_done = 0;
		return;
	}
	if (n == 2 && full_slot(isa, &o[0]) >= 0) {
		int dst = full_slot(isa, &o[0]);
		/* and $-2^k (the decoder's 0xfffffff0 on i386): aligned down */
		uint32_t align = -(uint32_t)o[1].imm;
		if (!strcmp(m, "and") && dst == sp && o[1].type == OP_IMM && align > 1 &&
		    !(align & (align - 1))) {
			s->sp_align = 1, s->sp_done = 1;
			return;
		}
		if ((!strcmp(m, "sub") || !strcmp(m, "add")) && dst == sp && o[1].type == OP_IMM) {
			s->dst = s->src = sp, s->add = (int)(m[0] == 's' ? -o[1].imm : o[1].imm);
			s->sp_done = 1;
			return;
		}
		if (!strcmp(m, "lea") && plain(isa, d, 1, &base, &disp)) {
			s->dst = dst, s->src = base, s->add = (int)disp;
			s->sp_done = 1;
			return;
		}
		if (!strcmp(m, "mov") && d->operands[1].size == isa->word && plain(isa, d, 1, &base, &disp)) {
			s->load = 1, s->lbase = base, s->ldisp = disp, s->dst = dst;
			return;
		}
	}
	for (int i = 0; i < d->op_count; i++) {
		if (d->operands[i].type != X86_OP_MEM || !(d->operands[i].access & CS_AC_WRITE))
			continue;
		if (d->prefix[0] || !plain(isa, d, i, &s->mbase, &s->mdisp)) {
			/* rep stos, an index, or a base not tracked (a global through ebx) */
			s->wild = 1;
			return;
		}
		s->store = 1, s->msize = d->operands[i].size;
		if (!strcmp(m, "mov") && i == 0 && n == 2 && s->msize == isa->word && o[1].type == OP_IMM)
			s->val = o[1].imm;
		else if (!strcmp(m, "mov") && i == 0 && n == 2 && s->msize == isa->word &&
			 full_slot(isa, &o[1]) >= 0)
			s->src = full_slot(isa, &o[1]);
		else
			s->mtop = 1;
		return;
	}
}

/* The PLT: jmp *disp(%rip) (ff 25); i386: jmp *abs (ff 25), or PIC's
 * *disp(%ebx) (ff a3) with %ebx at .got.plt. The stub starts at its
 * entry's boundary (IBT's layout puts an endbr64 before the jmp). */
static int x86_plt_stub(const struct plt_in *p, size_t i, uint64_t *slot, uint64_t entry[2])
{
	int rip = p->ac->cs_mode == CS_MODE_64;
	uint64_t es = p->entsize >= 8 ? p->entsize : 16;
	if (i + 6 > p->n || p->q[i] != 0xff || (p->q[i + 1] != 0x25 && (rip || p->q[i + 1] != 0xa3)))
		return 0;
	int64_t d = (int32_t)isa_rd32(p->q + i + 2, p->le);
	*slot = rip ? p->addr + i + 6 + (uint64_t)d : p->q[i + 1] == 0xa3 ? p->gotplt + (uint64_t)d : (uint32_t)d;
	entry[0] = p->addr + i / es * es;
	return 1;
}

const struct isa_desc isa_x86 = {
	.name = "x86",
	.cs_arch = CS_ARCH_X86,
	.general = general,
	.fold = fold,
	.ops = ops,
	.flow = flow,
	.move = move,
	.mem = mem,
	.sp = "rsp",
	.ret_push = 1,
	.regs_access = 1,
	.plt_stub = x86_plt_stub,
	.plt_step = 1,
};
