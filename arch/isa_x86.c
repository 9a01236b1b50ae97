/* arch/isa_x86.c: This file contains what x86 instructions mean to the
 * machine-code pass (arch/isa.h), for x86_64, x32 and i386: 32-bit
 * sub-registers fold onto the 64-bit register of the same index and
 * zero-extend; 16- and 8-bit ones keep the rest (dietlibc loads a number
 * into %al, and __unified_syscall's movzbl makes it the number). */
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

static int ops(const struct code_isa *isa, const cs_insn *in, struct code_op *o)
{
	(void)isa;
	const cs_x86 *d = &in->detail->x86;
	int n = 0;
	ISA_OPS(o, n, d->operands, d->op_count, X86_OP_REG, X86_OP_IMM, X86_OP_MEM, mem.base, mem.disp)
	return n;
}

static void flow(const struct code_isa *isa, const cs_insn *in, const struct code_op *o, int n,
		 int thumb, struct code_step *s)
{
	(void)thumb;
	const char *m = in->mnemonic;
	int direct = n > 0 && o[n - 1].type == OP_IMM;
	s->target = direct ? (uint64_t)o[n - 1].imm : 0;
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
		int thumb, code_load32 load, void *arg, struct code_step *s)
{
	(void)thumb, (void)load, (void)arg;
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

const struct isa_desc isa_x86 = {
	.name = "x86",
	.cs_arch = CS_ARCH_X86,
	.general = general,
	.fold = fold,
	.ops = ops,
	.flow = flow,
	.move = move,
	.regs_access = 1,
};
