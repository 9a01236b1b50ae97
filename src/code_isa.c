/* code_isa.c: This file contains what each ISA's instructions mean to the
 * machine-code pass (code_isa.h): Capstone decodes, and this says where
 * control goes and which register gets which value. Only what finds the
 * syscall number is modelled: a constant or a register copied into a
 * register. Any other write makes the register unknown, so a value is
 * never guessed: where a written register cannot be told from Capstone's
 * operands (ISAs without cs_regs_access() in Capstone 4), every register
 * operand of the instruction that is not plainly read is taken as written. */
#define _GNU_SOURCE
#include <string.h>

#include "arch_trap.h"
#include "code_isa.h"
#include "util.h"

/* x86 sub-registers, folded onto the 64-bit register of the same index;
 * 32-bit writes zero-extend (full), 16- and 8-bit ones keep the rest */
static const char *const x86_full[][2] = {
	{"rax", "eax"}, {"rbx", "ebx"}, {"rcx", "ecx"}, {"rdx", "edx"}, {"rsi", "esi"},
	{"rdi", "edi"}, {"rbp", "ebp"}, {"rsp", "esp"}, {"r8", "r8d"},  {"r9", "r9d"},
	{"r10", "r10d"}, {"r11", "r11d"}, {"r12", "r12d"}, {"r13", "r13d"}, {"r14", "r14d"},
	{"r15", "r15d"}};
static const char *const x86_part[][4] = {
	{"ax", "al", "ah", NULL}, {"bx", "bl", "bh", NULL}, {"cx", "cl", "ch", NULL},
	{"dx", "dl", "dh", NULL}, {"si", "sil", NULL, NULL}, {"di", "dil", NULL, NULL},
	{"bp", "bpl", NULL, NULL}, {"sp", "spl", NULL, NULL}, {"r8w", "r8b", NULL, NULL},
	{"r9w", "r9b", NULL, NULL}, {"r10w", "r10b", NULL, NULL}, {"r11w", "r11b", NULL, NULL},
	{"r12w", "r12b", NULL, NULL}, {"r13w", "r13b", NULL, NULL}, {"r14w", "r14b", NULL, NULL},
	{"r15w", "r15b", NULL, NULL}};

/* The general registers of an ISA in Capstone's spelling: every name that
 * is not a folded alias gets a slot of its own. */
static int general(int arch, const char *n)
{
	switch (arch) {
	case CS_ARCH_ARM64:
		return (n[0] == 'x' && n[1] >= '0' && n[1] <= '9') || !strcmp(n, "sp");
	case CS_ARCH_ARM:
		return (n[0] == 'r' && n[1] >= '0' && n[1] <= '9') || !strcmp(n, "sb") ||
		       !strcmp(n, "sl") || !strcmp(n, "fp") || !strcmp(n, "ip") || !strcmp(n, "sp") ||
		       !strcmp(n, "lr");
	case CS_ARCH_MIPS:
		return (strlen(n) == 2 && strchr("vatsk", n[0]) && n[1] >= '0' && n[1] <= '9') ||
		       !strcmp(n, "at") || !strcmp(n, "gp") || !strcmp(n, "sp") || !strcmp(n, "fp") ||
		       !strcmp(n, "ra");
	case CS_ARCH_PPC:
		return n[0] == 'r' && n[1] >= '0' && n[1] <= '9';
	case CS_ARCH_SYSZ:
		return n[0] >= '0' && n[0] <= '9';
	case CS_ARCH_SPARC:
		return (strlen(n) == 2 && strchr("goli", n[0]) && n[1] >= '0' && n[1] <= '7') ||
		       !strcmp(n, "sp") || !strcmp(n, "fp");
	case CS_ARCH_M68K:
		return strlen(n) == 2 && (n[0] == 'd' || n[0] == 'a') && n[1] >= '0' && n[1] <= '7';
	}
	return 0;
}

static int find_slot(const struct code_isa *isa, const char *name)
{
	for (int id = 1; id < CODE_MAXID; id++) {
		const char *n = cs_reg_name(isa->h, (unsigned)id);
		if (n && !strcmp(n, name))
			return isa->slot[id];
	}
	return -1;
}

int code_isa_open(struct code_isa *isa, const struct arch_desc *arch)
{
	const struct arch_code *ac = arch->code;
	memset(isa, 0, sizeof(*isa));
	isa->ac = ac;
	isa->arch = ac->cs_arch;
	if (cs_open((cs_arch)ac->cs_arch, (cs_mode)ac->cs_mode, &isa->h) != CS_ERR_OK ||
	    (ac->cs_mode_thumb &&
	     cs_open((cs_arch)ac->cs_arch, (cs_mode)ac->cs_mode_thumb, &isa->h_thumb) != CS_ERR_OK))
		return err_set(EXIT_INTERNAL, "Capstone: cannot open the decoder of this ISA");
	cs_option(isa->h, CS_OPT_DETAIL, CS_OPT_ON);
	if (isa->h_thumb)
		cs_option(isa->h_thumb, CS_OPT_DETAIL, CS_OPT_ON);
	memset(isa->slot, -1, sizeof(isa->slot));
	/* the full registers first, so that aliases find their slot */
	for (int id = 1; id < CODE_MAXID; id++) {
		const char *n = cs_reg_name(isa->h, (unsigned)id);
		if (!n || isa->nslots == CODE_SLOTS)
			continue;
		if (isa->arch == CS_ARCH_X86) {
			for (size_t k = 0; k < sizeof(x86_full) / sizeof(x86_full[0]); k++)
				if (!strcmp(n, x86_full[k][0]))
					isa->slot[id] = (int8_t)isa->nslots++;
		} else if (general(isa->arch, n)) {
			isa->slot[id] = (int8_t)isa->nslots++;
		}
		isa->zero[id] = !strcmp(n, "zero") || !strcmp(n, "xzr") || !strcmp(n, "wzr") ||
				(isa->arch == CS_ARCH_SPARC && !strcmp(n, "g0"));
	}
	for (int id = 1; id < CODE_MAXID; id++) {
		const char *n = cs_reg_name(isa->h, (unsigned)id);
		if (!n || isa->slot[id] >= 0)
			continue;
		if (isa->arch == CS_ARCH_X86) {
			for (size_t k = 0; k < sizeof(x86_full) / sizeof(x86_full[0]); k++) {
				if (!strcmp(n, x86_full[k][1]))
					isa->slot[id] = (int8_t)find_slot(isa, x86_full[k][0]);
				for (int p = 0; p < 3 && x86_part[k][p]; p++)
					if (!strcmp(n, x86_part[k][p])) {
						isa->slot[id] = (int8_t)find_slot(isa, x86_full[k][0]);
						isa->partial[id] = 1;
						/* ax: the low 16 bits; al: byte 0; ah: byte 1 */
						isa->part_of[id] = p == 0 ? 3 : n[1] == 'h' ? 2 : 1;
					}
			}
		} else if (isa->arch == CS_ARCH_ARM64 && n[0] == 'w' && n[1] >= '0' && n[1] <= '9') {
			char x[8];
			snprintf(x, sizeof(x), "x%s", n + 1);
			isa->slot[id] = (int8_t)find_slot(isa, x);
		}
	}
	/* the trap's number register; Capstone spells s390's %r1 "1" */
	const char *nr = arch->trap->nr_reg;
	isa->nr_slot = find_slot(isa, isa->arch == CS_ARCH_SYSZ && nr[0] == 'r' ? nr + 1 : nr);
	isa->sp_slot = find_slot(isa, isa->arch == CS_ARCH_X86    ? "rsp"
				      : isa->arch == CS_ARCH_PPC  ? "r1"
				      : isa->arch == CS_ARCH_SYSZ ? "15"
				      : isa->arch == CS_ARCH_M68K ? "a7"
								  : "sp");
	for (size_t i = 0; ac->call_args && ac->call_args[i] && i < 8; i++)
		isa->arg_slot[isa->nargs++] = find_slot(isa, ac->call_args[i]);
	for (size_t i = 0; ac->saved && ac->saved[i]; i++) {
		int s = find_slot(isa, ac->saved[i]);
		if (s >= 0)
			isa->saved |= 1ull << s;
	}
	for (int k = 0; k < 8; k++) {
		char n[4];
		for (int g = 0; g < 3; g++) {
			snprintf(n, sizeof(n), "%c%d", "oli"[g], k);
			/* Capstone names o6 sp and i6 fp */
			isa->win[g][k] = (int8_t)find_slot(isa, k == 6 && g != 1 ? (g ? "fp" : "sp") : n);
		}
	}
	if (isa->nr_slot < 0)
		return err_set(EXIT_INTERNAL, "Capstone: no register %s", nr);
	return 0;
}

void code_isa_close(struct code_isa *isa)
{
	if (isa->h)
		cs_close(&isa->h);
	if (isa->h_thumb)
		cs_close(&isa->h_thumb);
}

/* ---- operands, ISA-neutral ---------------------------------------------- */

enum { OP_REG, OP_IMM, OP_MEM, OP_OTHER };
struct op {
	int type;
	unsigned reg; /* OP_REG; OP_MEM: the base */
	int64_t imm;  /* OP_IMM; OP_MEM: the displacement */
};
#define MAXOPS 8

static int ops_of(const struct code_isa *isa, const cs_insn *in, struct op *o)
{
	const cs_detail *d = in->detail;
	int n = 0;
#define OPS(arr, cnt, R, I, M, base, disp)                                              \
	for (int i = 0; i < (cnt) && n < MAXOPS; i++, n++) {                            \
		o[n].type = d->arr[i].type == (R) ? OP_REG : d->arr[i].type == (I) ? OP_IMM \
			    : d->arr[i].type == (M) ? OP_MEM : OP_OTHER;                    \
		o[n].reg = o[n].type == OP_REG ? (unsigned)d->arr[i].reg                    \
			   : o[n].type == OP_MEM ? (unsigned)d->arr[i].base : 0;            \
		o[n].imm = o[n].type == OP_IMM ? (int64_t)d->arr[i].imm                     \
			   : o[n].type == OP_MEM ? (int64_t)d->arr[i].disp : 0;             \
	}
	switch (isa->arch) {
	case CS_ARCH_X86:
		OPS(x86.operands, d->x86.op_count, X86_OP_REG, X86_OP_IMM, X86_OP_MEM, mem.base, mem.disp)
		break;
	case CS_ARCH_ARM64:
		OPS(arm64.operands, d->arm64.op_count, ARM64_OP_REG, ARM64_OP_IMM, ARM64_OP_MEM,
		    mem.base, mem.disp)
		break;
	case CS_ARCH_ARM:
		OPS(arm.operands, d->arm.op_count, ARM_OP_REG, ARM_OP_IMM, ARM_OP_MEM, mem.base, mem.disp)
		break;
	case CS_ARCH_MIPS:
		OPS(mips.operands, d->mips.op_count, MIPS_OP_REG, MIPS_OP_IMM, MIPS_OP_MEM, mem.base,
		    mem.disp)
		break;
	case CS_ARCH_PPC:
		OPS(ppc.operands, d->ppc.op_count, PPC_OP_REG, PPC_OP_IMM, PPC_OP_MEM, mem.base, mem.disp)
		break;
	case CS_ARCH_SYSZ:
		OPS(sysz.operands, d->sysz.op_count, SYSZ_OP_REG, SYSZ_OP_IMM, SYSZ_OP_MEM, mem.base,
		    mem.disp)
		break;
	case CS_ARCH_SPARC:
		OPS(sparc.operands, d->sparc.op_count, SPARC_OP_REG, SPARC_OP_IMM, SPARC_OP_MEM,
		    mem.base, mem.disp)
		break;
	case CS_ARCH_M68K:
		for (int i = 0; i < d->m68k.op_count && n < MAXOPS; i++, n++) {
			const cs_m68k_op *m = &d->m68k.operands[i];
			o[n].type = m->type == M68K_OP_REG ? OP_REG
				    : m->type == M68K_OP_IMM ? OP_IMM
				    : m->type == M68K_OP_MEM ? OP_MEM : OP_OTHER;
			o[n].reg = m->type == M68K_OP_REG ? (unsigned)m->reg
				   : m->type == M68K_OP_MEM ? (unsigned)m->mem.base_reg : 0;
			o[n].imm = m->type == M68K_OP_IMM ? (int64_t)(int32_t)m->imm
				   : m->type == M68K_OP_MEM ? m->mem.disp : 0;
			/* a branch's displacement counts from the extension word */
			if (m->type == M68K_OP_BR_DISP) {
				o[n].type = OP_IMM;
				o[n].imm = (int64_t)in->address + 2 + m->br_disp.disp;
			}
		}
		break;
	}
#undef OPS
	return n;
}

static int slot(const struct code_isa *isa, unsigned reg)
{
	return reg < CODE_MAXID ? isa->slot[reg] : -1;
}

/* x86: which part of its register reg is (code_isa.part_of), 0: all */
static int part(const struct code_isa *isa, unsigned reg)
{
	return reg < CODE_MAXID && isa->partial[reg] ? isa->part_of[reg] : 0;
}

static int is(const char *m, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(m, *list))
			return 1;
	return 0;
}

static int starts(const char *m, const char *p)
{
	return !strncmp(m, p, strlen(p));
}

/* ---- control flow ------------------------------------------------------- */

/* Where control goes: s->kind, and s->target where it is a constant. */
static void flow(const struct code_isa *isa, const cs_insn *in, const struct op *o, int n,
		 int thumb, struct code_step *s)
{
	const char *m = in->mnemonic;
	int direct = n > 0 && o[n - 1].type == OP_IMM;
	int call = cs_insn_group(isa->h, in, CS_GRP_CALL), jump = cs_insn_group(isa->h, in, CS_GRP_JUMP);
	int ret = cs_insn_group(isa->h, in, CS_GRP_RET);
	s->target = direct ? (uint64_t)o[n - 1].imm : 0;
	s->target_thumb = thumb;
	switch (isa->arch) {
	case CS_ARCH_X86:
		if (ret)
			s->kind = CK_RET;
		else if (call)
			s->kind = direct ? CK_CALL : CK_ICALL;
		else if (!strcmp(m, "jmp"))
			s->kind = direct ? CK_JUMP : CK_IJUMP;
		else if (jump)
			s->kind = CK_CJUMP;
		else if (!strcmp(m, "hlt") || !strcmp(m, "ud2"))
			s->kind = CK_STOP;
		return;
	case CS_ARCH_ARM64:
		if (ret || (!strcmp(m, "ret")))
			s->kind = CK_RET;
		else if (!strcmp(m, "bl"))
			s->kind = CK_CALL;
		else if (!strcmp(m, "blr"))
			s->kind = CK_ICALL;
		else if (!strcmp(m, "b"))
			s->kind = CK_JUMP;
		else if (!strcmp(m, "br"))
			s->kind = CK_IJUMP;
		else if (starts(m, "b.") || starts(m, "cb") || starts(m, "tb"))
			s->kind = CK_CJUMP;
		else if (!strcmp(m, "brk") || !strcmp(m, "hlt"))
			s->kind = CK_STOP;
		return;
	case CS_ARCH_ARM: {
		int cc = in->detail->arm.cc != ARM_CC_AL && in->detail->arm.cc != ARM_CC_INVALID;
		int pc_written = 0;
		for (int i = 0; i < n; i++)
			if (o[i].type == OP_REG && o[i].reg == ARM_REG_PC && (i == 0 || !strcmp(m, "pop") || starts(m, "ldm")))
				pc_written = 1;
		if (!strcmp(m, "bl") || !strcmp(m, "blx")) {
			s->kind = direct ? CK_CALL : CK_ICALL;
			if (!strcmp(m, "blx") && direct)
				s->target_thumb = !thumb;
		} else if (!strcmp(m, "bx") && n == 1 && o[0].reg == ARM_REG_LR) {
			s->kind = cc ? CK_CRET : CK_RET;
		} else if (!strcmp(m, "bx")) {
			/* through a register, conditional or not: unknown */
			s->kind = CK_IJUMP, s->target = 0;
		} else if (!strcmp(m, "b") || !strcmp(m, "b.w")) {
			s->kind = cc ? CK_CJUMP : CK_JUMP;
		} else if (starts(m, "cb")) {
			s->kind = CK_CJUMP;
		} else if (pc_written) {
			s->kind = (!strcmp(m, "pop") || starts(m, "ldm")) ? (cc ? CK_CRET : CK_RET) : CK_IJUMP;
		} else if (!strcmp(m, "udf") || !strcmp(m, "bkpt")) {
			s->kind = CK_STOP;
		} else if (starts(m, "tb")) { /* tbb/tbh: a jump table */
			s->kind = CK_IJUMP;
		}
		return;
	}
	case CS_ARCH_MIPS:
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
		else if (jump || call || starts(m, "b"))
			s->kind = call ? (direct ? CK_CALL : CK_ICALL) : CK_CJUMP;
		else if (!strcmp(m, "break"))
			s->kind = CK_STOP;
		return;
	case CS_ARCH_PPC: {
		static const char *const ind_call[] = {"bctrl", "blrl", NULL};
		if (!strcmp(m, "blr"))
			s->kind = CK_RET;
		else if (starts(m, "b") && m[strlen(m) - 2] == 'l' && m[strlen(m) - 1] == 'r' &&
			 strcmp(m, "blrl"))
			s->kind = CK_CRET; /* beqlr, bnelr: conditional returns */
		else if (!strcmp(m, "bl") || !strcmp(m, "bla"))
			s->kind = CK_CALL;
		else if (is(m, ind_call))
			s->kind = CK_ICALL;
		else if (!strcmp(m, "b") || !strcmp(m, "ba"))
			s->kind = CK_JUMP;
		else if (!strcmp(m, "bctr"))
			s->kind = CK_IJUMP;
		else if (starts(m, "b") && strstr(m, "ctr"))
			s->kind = CK_IJUMP; /* conditional: on, or unknown */
		else if (jump || (starts(m, "b") && direct))
			s->kind = call ? CK_CALL : CK_CJUMP;
		else if (!strcmp(m, "trap"))
			s->kind = CK_STOP;
		return;
	}
	case CS_ARCH_SYSZ:
		if (!strcmp(m, "br") && n == 1 && o[0].reg == SYSZ_REG_14)
			s->kind = CK_RET;
		else if (starts(m, "b") && m[1] == 'r' && m[2] && n == 1 && o[0].reg == SYSZ_REG_14)
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
			 (starts(m, "brc") && direct))
			s->kind = CK_CJUMP;
		else if (starts(m, "b") && !direct && (jump || strchr(m, 'r')))
			s->kind = CK_IJUMP;
		else if (!strcmp(m, "j") && !direct)
			s->kind = CK_IJUMP;
		return;
	case CS_ARCH_SPARC:
		if (!strcmp(m, "ret") || !strcmp(m, "retl") || !strcmp(m, "return"))
			s->kind = CK_RET;
		else if (!strcmp(m, "call"))
			s->kind = direct ? CK_CALL : CK_ICALL;
		else if (!strcmp(m, "jmpl") || !strcmp(m, "jmp"))
			s->kind = CK_IJUMP;
		else if (starts(m, "ba") || !strcmp(m, "b"))
			s->kind = CK_JUMP;
		else if (jump || (m[0] == 'b' && direct) || starts(m, "br") || starts(m, "fb"))
			s->kind = direct ? CK_CJUMP : CK_IJUMP;
		else if (!strcmp(m, "illtrap"))
			s->kind = CK_STOP;
		return;
	case CS_ARCH_M68K:
		if (!strcmp(m, "rts") || !strcmp(m, "rtd") || !strcmp(m, "rte"))
			s->kind = CK_RET;
		else if (!strcmp(m, "bsr") || starts(m, "bsr.") || !strcmp(m, "jsr"))
			s->kind = direct ? CK_CALL : CK_ICALL;
		else if (starts(m, "bra"))
			s->kind = CK_JUMP;
		else if (!strcmp(m, "jmp"))
			s->kind = direct ? CK_JUMP : CK_IJUMP;
		else if ((m[0] == 'b' || starts(m, "db")) && direct)
			s->kind = CK_CJUMP;
		else if (!strcmp(m, "illegal"))
			s->kind = CK_STOP;
		/* Capstone 4.0.2 sizes bsr.l/bra.l/bcc.l (a 32-bit
		 * displacement, 0x61ff ...) as 2 bytes: they are 6 */
		if (s->kind != CK_NEXT && in->size == 2 && str_ends(m, ".l") && in->bytes[1] == 0xff)
			s->size = 6;
		return;
	}
}

/* ---- register values ---------------------------------------------------- */

/* s->dst = constant or register, for the moves that set up a syscall
 * number; 1 if `in` is one. */
static int move(const struct code_isa *isa, const cs_insn *in, const struct op *o, int n,
		int thumb, code_load32 load, void *arg, struct code_step *s)
{
	const char *m = in->mnemonic;
	unsigned dreg;
	const struct op *src;
	switch (isa->arch) {
	case CS_ARCH_X86:
		if (n == 2 && o[0].type == OP_REG && o[1].type == OP_REG && o[0].reg == o[1].reg &&
		    (!strcmp(m, "xor") || !strcmp(m, "sub")) && !part(isa, o[0].reg)) {
			s->dst = slot(isa, o[0].reg), s->src = -1, s->val = 0;
			return 1;
		}
		if (n == 2 && o[0].type == OP_REG && o[1].type == OP_REG && !strcmp(m, "movzx") &&
		    slot(isa, o[0].reg) >= 0 && slot(isa, o[1].reg) >= 0 &&
		    (part(isa, o[1].reg) == 1 || part(isa, o[1].reg) == 3)) {
			/* movzbl %al,%eax; movzwl %ax,%eax */
			s->dst = slot(isa, o[0].reg), s->src = slot(isa, o[1].reg);
			s->zext = part(isa, o[1].reg) == 3 ? 16 : 8;
			return 1;
		}
		if (strcmp(m, "mov") && strcmp(m, "movabs"))
			return 0;
		dreg = o[0].reg, src = &o[1];
		if (n == 2 && o[0].type == OP_REG && part(isa, dreg) && src->type == OP_IMM &&
		    slot(isa, dreg) >= 0) {
			s->dst = slot(isa, dreg), s->src = -1, s->part = part(isa, dreg);
			s->val = src->imm & (s->part == 3 ? 0xffff : 0xff);
			return 1;
		}
		if (n != 2 || o[0].type != OP_REG || part(isa, dreg))
			return 0;
		break;
	case CS_ARCH_ARM64:
		if (n == 2 && o[0].type == OP_REG && (!strcmp(m, "mov") || !strcmp(m, "movz"))) {
			dreg = o[0].reg, src = &o[1];
			if (src->type == OP_IMM && in->detail->arm64.operands[1].shift.type == ARM64_SFT_LSL)
				s->val = (int64_t)((uint64_t)src->imm
						   << in->detail->arm64.operands[1].shift.value);
			else
				s->val = src->imm;
			break;
		}
		return 0;
	case CS_ARCH_ARM:
		if (n != 2 || o[0].type != OP_REG)
			return 0;
		dreg = o[0].reg, src = &o[1];
		if (!strcmp(m, "ldr") && src->type == OP_MEM && src->reg == ARM_REG_PC &&
		    in->detail->arm.operands[1].mem.index == ARM_REG_INVALID) {
			/* a literal: the pc reads 8 (ARM) or 4 (Thumb, word-aligned) ahead */
			uint64_t at = (thumb ? (in->address + 4) & ~3ull : in->address + 8) + (uint64_t)src->imm;
			uint32_t v;
			if (load(arg, at, &v) < 0)
				return 0;
			s->dst = slot(isa, dreg), s->src = -1, s->val = (int32_t)v;
			return 1;
		}
		if (strcmp(m, "mov") && strcmp(m, "movs") && strcmp(m, "movw") && strcmp(m, "mov.w") &&
		    strcmp(m, "movw.w") && strcmp(m, "movs.w"))
			return 0;
		if (in->detail->arm.operands[1].shift.type != ARM_SFT_INVALID &&
		    in->detail->arm.operands[1].shift.value)
			return 0;
		break;
	case CS_ARCH_MIPS: {
		static const char *const imm3[] = {"addiu", "daddiu", "addi", "daddi", "ori", NULL};
		static const char *const reg3[] = {"addu", "daddu", "or", NULL};
		if ((!strcmp(m, "li") || !strcmp(m, "move")) && n == 2) {
			dreg = o[0].reg, src = &o[1];
			break;
		}
		if (n == 3 && o[0].type == OP_REG && o[1].type == OP_REG && isa->zero[o[1].reg] &&
		    is(m, imm3) && o[2].type == OP_IMM) {
			dreg = o[0].reg, src = &o[2];
			break;
		}
		if (n == 3 && o[0].type == OP_REG && o[2].type == OP_REG && isa->zero[o[2].reg] &&
		    is(m, reg3)) {
			dreg = o[0].reg, src = &o[1];
			break;
		}
		return 0;
	}
	case CS_ARCH_PPC:
		if ((!strcmp(m, "li") || !strcmp(m, "mr")) && n == 2) {
			dreg = o[0].reg, src = &o[1];
			break;
		}
		if (!strcmp(m, "lis") && n == 2 && o[1].type == OP_IMM) {
			s->dst = slot(isa, o[0].reg), s->src = -1, s->val = o[1].imm * 65536;
			return 1;
		}
		return 0;
	case CS_ARCH_SYSZ: {
		static const char *const imm[] = {"lghi", "lhi", "lgfi", "llill", "llilf", "iilf", NULL};
		static const char *const reg[] = {"lgr", "lr", NULL};
		if (n == 2 && o[0].type == OP_REG && (is(m, imm) || is(m, reg))) {
			dreg = o[0].reg, src = &o[1];
			if (is(m, imm) != (src->type == OP_IMM))
				return 0;
			break;
		}
		return 0;
	}
	case CS_ARCH_SPARC:
		if (!strcmp(m, "mov") && n == 2) {
			dreg = o[1].reg, src = &o[0];
			if (o[1].type != OP_REG)
				return 0;
			break;
		}
		if (!strcmp(m, "clr") && n == 1 && o[0].type == OP_REG) {
			s->dst = slot(isa, o[0].reg), s->src = -1, s->val = 0;
			return 1;
		}
		return 0;
	case CS_ARCH_M68K:
		if ((!strcmp(m, "moveq") || !strcmp(m, "move.l") || !strcmp(m, "movea.l")) && n == 2 &&
		    o[1].type == OP_REG) {
			dreg = o[1].reg, src = &o[0];
			break;
		}
		return 0;
	default:
		return 0;
	}
	if (slot(isa, dreg) < 0)
		return 0;
	s->dst = slot(isa, dreg);
	if (src->type == OP_IMM) {
		s->src = -1;
		if (isa->arch != CS_ARCH_ARM64) /* arm64's, shifted, is set above */
			s->val = src->imm;
		/* a 32-bit destination holds the immediate's low 32 bits */
		if (isa->arch == CS_ARCH_X86 && cs_reg_name(isa->h, dreg)[0] == 'e')
			s->val = (int64_t)(uint32_t)s->val;
		return 1;
	}
	if (src->type == OP_REG && isa->zero[src->reg]) {
		s->src = -1, s->val = 0;
		return 1;
	}
	if (src->type == OP_REG && slot(isa, src->reg) >= 0 && !isa->partial[src->reg]) {
		s->src = slot(isa, src->reg);
		return 1;
	}
	s->dst = -1;
	return 0;
}

/* Mnemonics whose register operands are all read (stores, compares, tests,
 * branches), for the ISAs without cs_regs_access(). */
static int reads_only(int arch, const char *m)
{
	switch (arch) {
	case CS_ARCH_MIPS:
		return (m[0] == 's' && strlen(m) <= 4 && strchr("bhwdc", m[1]) && strcmp(m, "sll") &&
			strcmp(m, "sllv") && strcmp(m, "slt") && strcmp(m, "sltu") && strcmp(m, "slti")) ||
		       m[0] == 'b' || m[0] == 'j' || starts(m, "teq") || starts(m, "tne") ||
		       !strcmp(m, "sync") || !strcmp(m, "nop");
	case CS_ARCH_PPC:
		return (starts(m, "st") && !strstr(m, "u")) || starts(m, "cmp") || starts(m, "mt") ||
		       m[0] == 'b' || starts(m, "dcb") || starts(m, "tw") || starts(m, "td") ||
		       !strcmp(m, "sync") || !strcmp(m, "lwsync") || !strcmp(m, "isync") || !strcmp(m, "nop");
	case CS_ARCH_SYSZ:
		return (starts(m, "st") && strcmp(m, "stck")) || m[0] == 'c' || starts(m, "tm") ||
		       m[0] == 'j' || (m[0] == 'b' && strcmp(m, "bras") && strcmp(m, "brasl") &&
				       strcmp(m, "basr") && strcmp(m, "bas")) || !strcmp(m, "nop") || !strcmp(m, "nopr");
	case CS_ARCH_SPARC:
		return starts(m, "st") || starts(m, "cmp") || starts(m, "tst") || m[0] == 'b' ||
		       starts(m, "prefetch") || !strcmp(m, "nop") || starts(m, "fb") || !strcmp(m, "ta");
	case CS_ARCH_M68K:
		return starts(m, "cmp") || starts(m, "tst") || starts(m, "btst") || m[0] == 'b' ||
		       starts(m, "db") || starts(m, "pea") || !strcmp(m, "nop") || starts(m, "trap");
	}
	return 0;
}

/* The slots `in` writes, beyond what move() tracks. */
static uint64_t written(const struct code_isa *isa, const cs_insn *in, const struct op *o, int n,
			int thumb)
{
	uint64_t w = 0;
	cs_regs rr, rw;
	uint8_t nr = 0, nw = 0;
	if ((isa->arch == CS_ARCH_X86 || isa->arch == CS_ARCH_ARM || isa->arch == CS_ARCH_ARM64) &&
	    cs_regs_access(thumb ? isa->h_thumb : isa->h, in, rr, &nr, rw, &nw) == CS_ERR_OK) {
		for (int i = 0; i < nw; i++)
			if (slot(isa, rw[i]) >= 0)
				w |= 1ull << slot(isa, rw[i]);
		return w;
	}
	for (int i = 0; i < in->detail->regs_write_count; i++)
		if (slot(isa, in->detail->regs_write[i]) >= 0)
			w |= 1ull << slot(isa, in->detail->regs_write[i]);
	if (reads_only(isa->arch, in->mnemonic))
		return w;
	for (int i = 0; i < n; i++)
		if (o[i].type == OP_REG && slot(isa, o[i].reg) >= 0)
			w |= 1ull << slot(isa, o[i].reg);
	/* a base register updated in place (ppc stwu, m68k -(sp)) */
	for (int i = 0; i < n; i++)
		if (o[i].type == OP_MEM && slot(isa, o[i].reg) >= 0 && isa->arch != CS_ARCH_PPC)
			w |= 1ull << slot(isa, o[i].reg);
	return w;
}

static int trap_form(const struct arch_code *ac, const cs_insn *in)
{
	for (size_t i = 0; i < sizeof(ac->traps) / sizeof(ac->traps[0]) && ac->traps[i].mnemonic; i++)
		if (!strcmp(in->mnemonic, ac->traps[i].mnemonic) &&
		    (!ac->traps[i].operands || !strcmp(in->op_str, ac->traps[i].operands)))
			return 1;
	return 0;
}

int code_isa_undecoded(const struct code_isa *isa, const uint8_t *p, size_t left,
		       struct code_step *s)
{
	if (isa->arch != CS_ARCH_SYSZ || left < 2 || p[0] != 0x0a)
		return 0;
	memset(s, 0, sizeof(*s));
	s->kind = CK_TRAP;
	s->dst = s->src = -1;
	s->has_trap_nr = p[1] != 0;
	s->trap_nr = p[1];
	s->clobber = ~isa->saved & ~(1ull << isa->nr_slot);
	return 2;
}

void code_isa_step(const struct code_isa *isa, const cs_insn *in, int thumb, code_load32 load,
		   void *arg, struct code_step *s)
{
	struct op o[MAXOPS];
	int n = ops_of(isa, in, o);
	memset(s, 0, sizeof(*s));
	s->kind = CK_NEXT;
	s->dst = -1;
	s->src = -1;
	/* ENOSYS stored to errno and -1 returned, in any operands */
	int enosys = isa->ac->enosys ? isa->ac->enosys : 38;
	for (int i = 0; i < n; i++) {
		/* x86: a 32-bit operand's immediate is its low 32 bits */
		int64_t v = isa->arch == CS_ARCH_X86 && o[i].imm >= 0xfffff001 && o[i].imm <= 0xffffffff
				    ? (int32_t)o[i].imm : o[i].imm;
		if (o[i].type != OP_IMM)
			continue;
		s->has_enosys |= v == enosys;
		s->has_m1 |= v == -1;
	}
	if (trap_form(isa->ac, in)) {
		s->kind = CK_TRAP;
		if (isa->ac->nr_in_trap && n == 1 && o[0].type == OP_IMM && o[0].imm > 0)
			s->has_trap_nr = 1, s->trap_nr = o[0].imm;
		s->clobber = ~isa->saved & ~(1ull << isa->nr_slot);
		return;
	}
	flow(isa, in, o, n, thumb, s);
	if (s->kind != CK_NEXT && s->kind != CK_CJUMP && s->kind != CK_JUMP)
		return;
	int moved = move(isa, in, o, n, thumb, load, arg, s);
	s->clobber = written(isa, in, o, n, thumb);
	if (moved && s->dst >= 0)
		s->clobber &= ~(1ull << s->dst);
	/* a -errno loaded into a register (not a stack adjustment) */
	int64_t v = isa->arch == CS_ARCH_X86 && s->val >= 0xfffff001 && s->val <= 0xffffffff
			    ? (int32_t)s->val : s->val;
	if (moved && s->src < 0 && s->dst >= 0 && s->dst != isa->sp_slot && v >= -4095 && v <= -2)
		s->has_err = 1, s->err = v;
	if (isa->arch == CS_ARCH_SPARC && !strcmp(in->mnemonic, "save"))
		s->window = 1;
	else if (isa->arch == CS_ARCH_SPARC && !strcmp(in->mnemonic, "restore"))
		s->window = -1;
	if (isa->arch == CS_ARCH_ARM && in->detail->arm.cc != ARM_CC_AL &&
	    in->detail->arm.cc != ARM_CC_INVALID)
		s->cond = 1;
}
