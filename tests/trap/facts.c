/* facts.c: checks the register facts of each arch/<abi>.c against its code.
 *
 * struct arch_trap states the trap instruction, the number, argument and
 * result registers and the error convention once, for the parts that need
 * them without the code (the generated block's comment, the machine-code
 * evidence). The code is arch/trap_*.h, whose text the descriptor points at
 * (tests/trap/text.sh proves it is the file's). For every ABI and each of
 * __syscov_sys0..6 this reads the code and checks that:
 *   - the asm template holds the trap instruction (sh4's #0x1N with N the
 *     argument count);
 *   - `n` reaches the number register and argument k its register: bound by
 *     `register ... __asm__("R") = x`, by an x86 constraint letter ("D"),
 *     or through a named operand that the template moves there (arm's r7,
 *     i386's ebp) or stores on the stack (mips o32: "stack");
 *   - the returned variable lives in the result register;
 *   - the error convention is the one the code tests: the a3 flag on MIPS
 *     and alpha, cr0.SO (bns+) on powerpc, the carry (bcc,pt %xcc) on
 *     sparc64, none (-4095..-1 as is) elsewhere.
 * Register spellings the code uses for the facts' names: MIPS $2 v0, $4-$9
 * a0-a5; alpha $0 v0, $16-$21 a0-a5 (their psABIs); x86 constraint letters
 * a b c d S D (GCC's machine constraints). Prints one line per ABI; exits 1
 * on any mismatch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/arch_elf.h"
#include "arch/arch_trap.h"

static int fails;

static void fail(const char *abi, int n, const char *what, const char *got, const char *want)
{
	printf("FAIL %s __syscov_sys%d: %s is %s, the descriptor says %s\n", abi, n, what,
	       got ? got : "(not found)", want);
	fails++;
}

/* The facts' name for a register the code spells `r` (a static buffer). */
static const char *canon(const struct arch_desc *a, const char *r)
{
	static char out[16];
	static const char *const x86[][2] = {{"a", "ax"}, {"b", "bx"}, {"c", "cx"},
					     {"d", "dx"}, {"S", "si"}, {"D", "di"}};
	int k = r[0] == '$' ? atoi(r + 1) : -1;

	if (a->elf_machine == EM_MIPS && k == 2)
		return "v0";
	if (a->elf_machine == EM_MIPS && k >= 4 && k <= 9)
		return snprintf(out, sizeof(out), "a%d", k - 4), out;
	if (a->elf_machine == EM_ALPHA && k == 0)
		return "v0";
	if (a->elf_machine == EM_ALPHA && k >= 16 && k <= 21)
		return snprintf(out, sizeof(out), "a%d", k - 16), out;
	for (size_t i = 0; r[1] == '\0' && i < sizeof(x86) / sizeof(x86[0]); i++)
		if (r[0] == x86[i][0][0])
			return snprintf(out, sizeof(out), "%c%s", a->trap->reg_bits == 64 ? 'r' : 'e',
					x86[i][1]), out;
	return r;
}

/* Copies the text between `open` and the next `close` after `from` into
 * out; NULL if absent. */
static const char *between(const char *from, const char *end, const char *open, const char *close,
			   char *out, size_t size)
{
	const char *p = strstr(from, open), *q;
	if (!p || p >= end)
		return NULL;
	p += strlen(open);
	q = strstr(p, close);
	if (!q || q >= end || (size_t)(q - p) >= size)
		return NULL;
	memcpy(out, p, q - p);
	out[q - p] = '\0';
	return q;
}

/* The register the code binds variable or parameter `x` to, in [f, end). */
static const char *reg_of(const struct arch_desc *a, const char *f, const char *end,
			  const char *tmpl, const char *x)
{
	static char r[64];
	char pat[64], name[32];
	const char *p;

	/* register long x8 __asm__("x8") = n;  /  register long x0 __asm__("x0"); */
	snprintf(pat, sizeof(pat), "\") = %s;", x);
	for (p = f; (p = strstr(p, pat)) && p < end; p++) {
		const char *q = p;
		while (q > f && q[-1] != '"')
			q--;
		if ((size_t)(p - q) < sizeof(r) && !strncmp(q - 9, "__asm__(\"", 9))
			return memcpy(r, q, p - q), r[p - q] = '\0', canon(a, r);
	}
	snprintf(pat, sizeof(pat), " %s __asm__(\"", x);
	if (between(f, end, pat, "\")", r, sizeof(r)))
		return canon(a, r);
	/* an operand "<constraint>"(x), or [name] "<constraint>"(x) */
	size_t xl = strlen(x);
	for (p = f; (p = strstr(p, "\"(")) && p < end; p++) {
		const char *q = p - 1, *c;
		if (strncmp(p + 2, x, xl) || p[2 + xl] != ')')
			continue;
		while (q > f && q[-1] != '"')
			q--;
		for (c = q; *c == '=' || *c == '+' || *c == '&'; c++)
			;
		/* an x86 constraint letter: "D"(a), "=a"(r) */
		if (p - c == 1 && !strchr("rgm", *c))
			return r[0] = *c, r[1] = '\0', canon(a, r);
		/* a named operand: where the template puts it */
		if (q - f < 4 || q[-2] != ' ' || q[-3] != ']')
			continue;
		const char *o = q - 3;
		while (o > f && o[-1] != '[')
			o--;
		if ((size_t)(q - 3 - o) >= sizeof(name))
			continue;
		memcpy(name, o, q - 3 - o);
		name[q - 3 - o] = '\0';
		const char *m;
		snprintf(pat, sizeof(pat), "mov r7, %%[%s]", name); /* arm: r7 saved around */
		if (strstr(tmpl, pat))
			return "r7";
		snprintf(pat, sizeof(pat), "sw %%[%s], ", name); /* mips o32: stack slots */
		if ((m = strstr(tmpl, pat)) && strstr(m, "($sp)"))
			return "stack";
		snprintf(pat, sizeof(pat), "pushl %%[%s]", name); /* i386: pushed, then into ebp */
		if (strstr(tmpl, pat) && strstr(tmpl, "movl 4(%%esp), %%ebp"))
			return "ebp";
	}
	return NULL;
}

static void check_abi(const struct arch_desc *a)
{
	const struct arch_trap *t = a->trap;
	int before = fails;

	for (int n = 0; n <= 6; n++) {
		char head[40], tmpl[512], insn[64], ret[32];
		snprintf(head, sizeof(head), "__syscov_sys%d(long n", n);
		const char *f = strstr(t->primitives, head), *end = f ? strstr(f, "\n}\n") : NULL;
		if (!end) {
			fail(a->name, n, "the function", NULL, "defined");
			continue;
		}
		if (!between(f, end, "__asm__ __volatile__(", " : ", tmpl, sizeof(tmpl)) &&
		    !between(f, end, "__asm__ __volatile__(", "\n", tmpl, sizeof(tmpl))) {
			fail(a->name, n, "the asm template", NULL, "one asm statement");
			continue;
		}
		/* the trap instruction, %% as %, sh4's N the argument count */
		snprintf(insn, sizeof(insn), "%s", t->insn);
		if (insn[0] && insn[strlen(insn) - 1] == 'N')
			insn[strlen(insn) - 1] = (char)('0' + n);
		char plain[512];
		size_t k = 0;
		for (const char *p = tmpl; *p && k + 1 < sizeof(plain); p++) {
			plain[k++] = *p;
			if (p[0] == '%' && p[1] == '%')
				p++;
		}
		plain[k] = '\0';
		const char *hit = strstr(plain, insn);
		size_t il = strlen(insn);
		if (!hit || !(hit[-1] == '"' || (hit - plain >= 2 && hit[-2] == '\\')) ||
		    !(hit[il] == '"' || hit[il] == '\\'))
			fail(a->name, n, "the asm template", tmpl, t->insn);
		const char *got = reg_of(a, f, end, tmpl, "n");
		if (!got || strcmp(got, t->nr_reg))
			fail(a->name, n, "n's register", got, t->nr_reg);
		for (int i = 0; i < n; i++) {
			char arg[2] = {(char)('a' + i), '\0'}, what[32];
			got = reg_of(a, f, end, tmpl, arg);
			snprintf(what, sizeof(what), "argument %d's register", i + 1);
			if (!got || strcmp(got, t->arg_regs[i]))
				fail(a->name, n, what, got, t->arg_regs[i]);
		}
		/* return r0; or return a3 ? -v0 : v0; */
		int a3 = between(f, end, "return a3 ? -", " : ", ret, sizeof(ret)) != NULL;
		if (!a3 && !between(f, end, "return ", ";", ret, sizeof(ret)))
			ret[0] = '\0';
		got = ret[0] ? reg_of(a, f, end, tmpl, ret) : NULL;
		if (!got || strcmp(got, t->ret_reg))
			fail(a->name, n, "the result's register", got, t->ret_reg);
		const char *flag = a3 ? reg_of(a, f, end, tmpl, "a3") : NULL;
		enum trap_err err = a3 && flag && !strcmp(flag, "a3")
			? (a->elf_machine == EM_ALPHA ? TRAP_ERR_ALPHA_A3 : TRAP_ERR_MIPS_A3)
			: strstr(tmpl, "bns+ 1f") && strstr(tmpl, "neg %[ret], %[ret]") ? TRAP_ERR_PPC_SO
			: strstr(tmpl, "bcc,pt %%xcc, 1f") && strstr(tmpl, "sub %%g0, %[ret], %[ret]")
			? TRAP_ERR_CARRY
			: TRAP_ERR_NEGATIVE;
		if (err != t->err) {
			char g[8], w[8];
			snprintf(g, sizeof(g), "%d", (int)err);
			snprintf(w, sizeof(w), "%d", (int)t->err);
			fail(a->name, n, "the error convention (enum trap_err)", g, w);
		}
	}
	if (fails == before)
		printf("ok   %s: %s; number in %s; arguments in %s %s %s %s %s %s; result in %s; err %d\n",
		       a->name, t->insn, t->nr_reg, t->arg_regs[0], t->arg_regs[1], t->arg_regs[2],
		       t->arg_regs[3], t->arg_regs[4], t->arg_regs[5], t->ret_reg, (int)t->err);
}

int main(void)
{
	unsigned n = 0;

	for (unsigned i = 0; i < arch_count; i++)
		if (arch_all[i]->trap) {
			check_abi(arch_all[i]);
			n++;
		}
	printf("%u ABIs, %d mismatches\n", n, fails);
	return fails || n < 17;
}
