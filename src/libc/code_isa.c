/* code_isa.c: This file contains the ISA-neutral driver of the decoder for
 * the machine-code pass (code_isa.h): Capstone opened in the ABI's mode,
 * the registers mapped to slots, and each instruction told by the ISA
 * family's descriptor (arch/isa_<family>.c) where control goes and which
 * register gets which value. Where the written registers cannot be told
 * from Capstone (ISAs without cs_regs_access() in Capstone 4), every
 * register operand of an instruction that does not only read is taken as
 * written, so a value is never guessed. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "arch/arch_trap.h"
#include "libc/code_isa.h"
#include "base/util.h"

const char *code_isa_decoder(char *buf, size_t len)
{
	int major, minor;
	cs_version(&major, &minor);
	/* the patch level is the headers': the library is linked statically */
	snprintf(buf, len, "Capstone %d.%d.%d", major, minor, CS_VERSION_EXTRA);
	return buf;
}

/* The slot of a register named by arch_trap or arch_code, or -1. */
static int named_slot(const struct code_isa *isa, const char *reg)
{
	return isa_find_slot(isa, isa->d->spell ? isa->d->spell(reg) : reg);
}

static int slot_mask(const struct code_isa *isa, const char *const *regs, uint64_t *mask)
{
	*mask = 0;
	for (size_t i = 0; regs && regs[i]; i++) {
		int s = named_slot(isa, regs[i]);
		if (s < 0)
			return err_set(EXIT_INTERNAL, "Capstone: no register %s", regs[i]);
		*mask |= 1ull << s;
	}
	return 0;
}

int code_isa_open(struct code_isa *isa, const struct arch_desc *arch)
{
	const struct arch_code *ac = arch->code;
	const struct isa_desc *d = ac->isa;
	memset(isa, 0, sizeof(*isa));
	isa->ac = ac;
	isa->d = d;
	if (cs_open((cs_arch)d->cs_arch, (cs_mode)ac->cs_mode, &isa->h) != CS_ERR_OK ||
	    (ac->cs_mode_thumb &&
	     cs_open((cs_arch)d->cs_arch, (cs_mode)ac->cs_mode_thumb, &isa->h_thumb) != CS_ERR_OK))
		return err_set(EXIT_INTERNAL, "Capstone: cannot open the decoder of %s", d->name);
	cs_option(isa->h, CS_OPT_DETAIL, CS_OPT_ON);
	if (isa->h_thumb)
		cs_option(isa->h_thumb, CS_OPT_DETAIL, CS_OPT_ON);
	memset(isa->slot, -1, sizeof(isa->slot));
	/* the full registers first, so that sub-registers find their slot */
	for (int id = 1; id < CODE_MAXID; id++) {
		const char *n = cs_reg_name(isa->h, (unsigned)id);
		if (!n)
			continue;
		if (isa->nslots < CODE_SLOTS && d->general(n))
			isa->slot[id] = (int8_t)isa->nslots++;
		isa->zero[id] = d->zero && d->zero(n);
	}
	for (int id = 1; id < CODE_MAXID && d->fold; id++) {
		const char *n = cs_reg_name(isa->h, (unsigned)id), *full;
		char buf[16];
		int part = 0;
		if (!n || isa->slot[id] >= 0 || !(full = d->fold(n, buf, sizeof(buf), &part)))
			continue;
		isa->slot[id] = (int8_t)isa_find_slot(isa, full);
		isa->partial[id] = part != 0;
		isa->part_of[id] = (uint8_t)part;
	}
	if (d->init)
		d->init(isa);
	isa->nr_slot = named_slot(isa, arch->trap->nr_reg);
	isa->ret_slot = named_slot(isa, arch->trap->ret_reg);
	if (isa->nr_slot < 0 || isa->ret_slot < 0)
		return err_set(EXIT_INTERNAL, "Capstone: no register %s or %s", arch->trap->nr_reg,
			       arch->trap->ret_reg);
	for (size_t i = 0; ac->call_args && ac->call_args[i] && i < 8; i++)
		isa->arg_slot[isa->nargs++] = named_slot(isa, ac->call_args[i]);
	for (size_t i = 0; ac->saved && ac->saved[i]; i++) {
		int s = named_slot(isa, ac->saved[i]);
		if (s >= 0)
			isa->saved |= 1ull << s;
	}
	isa->trap_clobber = ~isa->saved;
	/* the stack, where the family models memory */
	isa->sp_slot = d->mem ? isa_find_slot(isa, d->sp) : -1;
	isa->word = arch->word_bits / 8;
	isa->ret_push = d->ret_push ? (ac->cs_mode == CS_MODE_64 ? 8 : 4) : 0;
	if (ac->trap_clobbers && slot_mask(isa, ac->trap_clobbers, &isa->trap_clobber) < 0)
		return -1;
	return 0;
}

void code_isa_close(struct code_isa *isa)
{
	if (isa->h)
		cs_close(&isa->h);
	if (isa->h_thumb)
		cs_close(&isa->h_thumb);
}

/* The slots `in` writes, beyond what the family's move() tracks. */
static uint64_t written(const struct code_isa *isa, const cs_insn *in, const struct code_op *o,
			int n, int thumb)
{
	uint64_t w = 0;
	cs_regs rr, rw;
	uint8_t nr = 0, nw = 0;
	int ro = isa->d->reads_only && isa->d->reads_only(in->mnemonic);
	if (isa->d->regs_access &&
	    cs_regs_access(thumb ? isa->h_thumb : isa->h, in, rr, &nr, rw, &nw) == CS_ERR_OK) {
		for (int i = 0; i < nw && !ro; i++)
			if (isa_slot(isa, rw[i]) >= 0)
				w |= 1ull << isa_slot(isa, rw[i]);
		return w;
	}
	for (int i = 0; i < in->detail->regs_write_count; i++)
		if (isa_slot(isa, in->detail->regs_write[i]) >= 0)
			w |= 1ull << isa_slot(isa, in->detail->regs_write[i]);
	if (ro)
		return w;
	if (isa->d->dest_first)
		return n && o[0].type == OP_REG && isa_slot(isa, o[0].reg) >= 0
			       ? w | 1ull << isa_slot(isa, o[0].reg) : w;
	for (int i = 0; i < n; i++)
		if (o[i].type == OP_REG && isa_slot(isa, o[i].reg) >= 0)
			w |= 1ull << isa_slot(isa, o[i].reg);
	/* a base register updated in place (m68k -(sp)) */
	for (int i = 0; i < n && !isa->d->base_kept; i++)
		if (o[i].type == OP_MEM && isa_slot(isa, o[i].reg) >= 0)
			w |= 1ull << isa_slot(isa, o[i].reg);
	return w;
}

static int trap_form(const struct arch_code *ac, const cs_insn *in)
{
	for (size_t i = 0; i < ARRAY_SIZE(ac->traps) && ac->traps[i].mnemonic; i++)
		if (!strcmp(in->mnemonic, ac->traps[i].mnemonic) &&
		    (!ac->traps[i].operands || !strcmp(in->op_str, ac->traps[i].operands)))
			return 1;
	return 0;
}

int code_isa_undecoded(const struct code_isa *isa, const uint8_t *p, size_t left,
		       struct code_step *s)
{
	return isa->d->undecoded ? isa->d->undecoded(isa, p, left, s) : 0;
}

/* Where control goes from `in`: s cleared, its kind and target; 1 if
 * that is all there is to tell (a trap, a call, a return) */
static int flow_of(const struct code_isa *isa, const cs_insn *in, int thumb,
		   const struct code_op *o, int n, struct code_step *s)
{
	memset(s, 0, sizeof(*s));
	s->kind = CK_NEXT;
	s->dst = s->src = s->treg = s->lbase = s->mbase = -1;
	if (trap_form(isa->ac, in)) {
		s->kind = CK_TRAP;
		if (isa->ac->nr_in_trap && n == 1 && o[0].type == OP_IMM && o[0].imm > 0)
			s->has_trap_nr = 1, s->trap_nr = o[0].imm;
		s->clobber = isa->trap_clobber;
		return 1;
	}
	s->target_thumb = thumb;
	isa->d->flow(isa, in, o, n, s);
	return s->kind != CK_NEXT && s->kind != CK_CJUMP && s->kind != CK_JUMP;
}

void code_isa_flow(const struct code_isa *isa, const cs_insn *in, int thumb, struct code_step *s)
{
	struct code_op o[CODE_MAXOPS];
	flow_of(isa, in, thumb, o, isa->d->ops(isa, in, o), s);
}

void code_isa_step(const struct code_isa *isa, const cs_insn *in, int thumb,
		   const struct code_env *env, struct code_step *s)
{
	struct code_op o[CODE_MAXOPS];
	int n = isa->d->ops(isa, in, o), done = flow_of(isa, in, thumb, o, n, s);
	/* ENOSYS stored to errno, in any operands */
	int enosys = isa->ac->enosys ? isa->ac->enosys : 38;
	for (int i = 0; i < n; i++)
		s->has_enosys |= o[i].type == OP_IMM && o[i].imm == enosys;
	if (done)
		return;
	if (!isa->d->move(isa, in, o, n, env, s) && isa->d->mem)
		isa->d->mem(isa, in, o, n, s);
	s->clobber |= written(isa, in, o, n, thumb);
	if (s->dst >= 0)
		s->clobber &= ~(1ull << s->dst);
	if (s->sp_done && isa->sp_slot >= 0)
		s->clobber &= ~(1ull << isa->sp_slot);
	if (isa->d->finish)
		isa->d->finish(isa, in, s);
}
