/* libc_code.c: which syscalls each function of the libc issues, read from
 * its machine code. Capstone decodes (code_isa.c); this follows the code of
 * every exported function from its entry, along every branch, into the
 * libc's own functions it calls (to CALL_DEPTH), and finds at each trap
 * instruction the value of the ABI's number register (arch/<abi>.c's
 * arch_code): a constant, one of the function's own C arguments (a helper
 * such as musl's __syscall_cp() or syscall() itself; its callers' constants
 * are the numbers), or neither, recorded as indirect and never guessed; so
 * is a call or jump through a register or memory, which may reach any.
 * Values are tracked per register as a constant, an argument or unknown,
 * joined where paths meet (two different values: unknown) until nothing
 * changes; only then are the traps and calls read, so a number is one the
 * code loads on every path to the trap.
 *
 * Reads: the shared libraries and static archives the libc-elf scanner
 * recorded (libc_lib), again through sysroot.h, on the scan's thread; the
 * code is followed on a thread of its own while the man pages and headers
 * are scanned. Writes, after
 * them (libc_code_rows()): code_syscall (function, number or argument,
 * depth, via, address), code_stub (a function that reaches no trap and only
 * returns an error constant), and scan.code_how. */
#define _GNU_SOURCE
#include <gelf.h>
#include <libelf.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch_code.h"
#include "libc/ar_check.h"
#include "libc/code_isa.h"
#include "libc/code_program.h"
#include "scan/scanner.h"

#define CALL_DEPTH 3          /* calls followed below an exported function */
#define FN_INSNS 20000        /* instructions followed in one function */
#define FN_EVENTS 64          /* distinct facts kept of one function */
#define STUB_INSNS 48         /* a stub is short */
#define LIB_MAX ((size_t)256 << 20)
#define BAD_MAX 4096          /* undecodable addresses noted per object */
#define BAD_ROWS 20           /* and given a diag row each */
#define STEP_CAP (1 << 18)    /* the decoded-instruction cache's slots (half used) */
#define WALK_KEEP 512         /* nodes a finished walk keeps for the next */

/* a register's value: unknown, a constant, what register v held at the
 * function's entry (a C argument, or ARM glibc's ip for its
 * __libc_do_syscall()) or, v from CODE_SLOTS on, the stack word v -
 * CODE_SLOTS above the entry's stack pointer (an argument on the stack),
 * or an address on the stack, v bytes from the entry's stack pointer */
enum { V_TOP, V_CONST, V_ENTRY, V_PART, V_SP };
/* V_PART: some low bytes known (x86's mov $N,%al), their mask in k's bits
 * 8 and up, their value in v */
#define V_KIND(k) ((k) & 0xf)
#define V_MASK(k) ((k) >> 8)
struct val {
	int32_t k, v; /* numbers, argument indexes and -errno fit */
};
/* The stack, where arguments are passed on it (code_isa.sp_slot): the
 * words stored at known offsets from the entry's stack pointer (the last
 * STK_N), and which of the first STK_IN words above it, the caller's
 * arguments, no longer hold their entry value; every other word is
 * unknown. */
#define STK_N 16
#define STK_IN 32
/* a call may write this many words above the stack pointer (its arguments) */
#define STK_CALLEE 16
/* a stack pointer aligned down (code_step.sp_align) is taken this far
 * below the old one: a frame's own words lie within it */
#define STK_ALIGN_GAP (1 << 24)
struct sword {
	int32_t off;
	struct val v;
};
struct state {
	struct val r[CODE_SLOTS];
	struct sword w[STK_N];
	uint32_t nw, dirty;
};

/* What a function does with syscalls: a trap with a constant number, with
 * the value its register (slot) v had at its entry, or with an unknown one, reached at depth calls below
 * it, first through the function at `via` (0: its own code). */
enum { E_NR, E_ENTRY, E_IND };
struct event {
	int8_t kind;
	int depth;
	int64_t v;
	uint64_t via, addr;
};

struct summary {
	uint64_t key; /* entry address << 1 | thumb */
	int status;   /* 1 being followed, 2 done */
	struct event *ev;
	size_t nev;
	int unresolved; /* an indirect call or jump, undecodable code, a cut */
	int helper;     /* code_program()'s number-passing import: a jump to it is a tail call */
	/* it, or a function it calls, was taken to make no syscall because
	 * its region was no candidate (code_program()) */
	int assumed;
	int returns;    /* may return: a return, or control not followed */
	size_t insns;
	int has_enosys; /* an immediate ENOSYS */
	/* what its returns return: some -errno, -1, the entry value of slot
	 * ret_arg - 1 (musl's __syscall_ret() returns its argument or -1), or
	 * anything else */
	int ret_m1, ret_other, ret_arg;
	int32_t ret_err;
};

struct xsec {
	uint64_t addr, size;
	const uint8_t *p;
	const char *member; /* a static archive's member it is from, or NULL */
};

/* An address a walk reached that is neither decodable nor in the code
 * (data among code, an ISA extension the decoder lacks), and the exported
 * function whose walk reached it first: a diag row each */
struct badaddr {
	uint64_t addr;
	const char *fn;
};

struct fsym {
	const char *name;
	uint64_t addr, size; /* size 0: not stated (assembly), or not the code's (ppc64 .opd) */
	int exported; /* global or weak, in .dynsym (else .symtab) */
	int ifunc;
};

/* The extent of a function: its symbol's bytes [lo, hi), or from lo to
 * the next symbol where the size is not stated (hi 0) */
struct ext {
	uint64_t lo, hi;
};

struct cscan {
	struct scan_ctx *ctx;
	struct code_isa isa;
	int64_t nr_exit; /* exit in the ABI's table, or -1 */
	cs_insn *insn;
	struct xsec *xs;
	size_t nxs;
	struct fsym *syms;
	size_t nsyms;
	struct ext *ext; /* by lo, none inside another */
	size_t next;
	struct xsec opd; /* ppc64 ELFv1's function descriptors, if any */
	struct summary *sum; /* open addressing on key */
	size_t sumcap, nsum;
	struct cstep *steps;  /* decoded instructions, in decoding order */
	uint64_t *steps_key;  /* and their keys */
	uint64_t *stepkey;    /* open addressing: key, or 0 */
	uint32_t *stepidx;    /* its index in steps */
	size_t stepcap, nsteps;
	struct badaddr *bad;
	size_t nbad;
	const char *fn; /* the exported function being collected */
	struct walk **walks; /* one per level of nested follow() */
	size_t nwalks, level;
	int64_t nfuncs;
	/* a static archive: its members' code laid out at made-up addresses,
	 * their calls resolved through the relocations (by symbol name across
	 * members), and what it owns (the names until the rows are written) */
	struct reloc *rel;
	size_t nrel;
	struct strv owned;
	void **blobs;
	size_t nblobs;
	/* MIPS: the GOT's entries, the address each holds (0: not known), and
	 * gp, which PIC code addresses it from */
	uint64_t *got, got_addr, gp;
	size_t ngot;
	int got_entsize;
	struct code_env env; /* what the families' move() may read: load32(), got() */
	/* a program (code_program()): the regions of ext that may make a
	 * syscall of their own, and their ends; a function of another region
	 * is not followed (candidates()) */
	const uint8_t *cand;
	const uint64_t *rend;
	int sweep_regs; /* the sweep tracks registers: there are helpers */
};

/* A relocation in code: the call or jump at `at` goes to `target` (0: to a
 * symbol not resolved: unknown) */
struct reloc {
	uint64_t at, target;
	const char *name; /* while unresolved */
};

static const uint8_t *at(const struct cscan *cs, uint64_t addr, size_t *left)
{
	for (size_t i = 0; i < cs->nxs; i++)
		if (addr >= cs->xs[i].addr && addr - cs->xs[i].addr < cs->xs[i].size) {
			*left = cs->xs[i].size - (addr - cs->xs[i].addr);
			return cs->xs[i].p + (addr - cs->xs[i].addr);
		}
	return NULL;
}

static int ctx_le(const struct cscan *cs)
{
	return cs->ctx->arch->endian == ARCH_LE;
}

static int load32(void *arg, uint64_t addr, uint32_t *v)
{
	size_t left;
	const uint8_t *p = at(arg, addr, &left);
	if (!p || left < 4)
		return -1;
	*v = ctx_le(arg) ? (uint32_t)p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24
				  : (uint32_t)p[3] | p[2] << 8 | p[1] << 16 | (uint32_t)p[0] << 24;
	return 0;
}

static int got_load(void *arg, int64_t off, uint64_t *v)
{
	const struct cscan *cs = arg;
	if (!cs->ngot) /* a program's (code_program()): got_entsize is 0 */
		return -1;
	uint64_t a = cs->gp + (uint64_t)off, i = (a - cs->got_addr) / (uint64_t)cs->got_entsize;
	if (a < cs->got_addr || (a - cs->got_addr) % (uint64_t)cs->got_entsize || i >= cs->ngot ||
	    !cs->got[i])
		return -1;
	*v = cs->got[i];
	return 0;
}

/* The code_env of cs: load32() and got() on it */
static void env_init(struct cscan *cs)
{
	cs->env = (struct code_env){cs, load32, got_load};
}

/* Fibonacci hashing: the top bits of the product, for a power-of-two cap */
static size_t hash_addr(uint64_t addr, size_t cap)
{
	return (size_t)((addr * 0x9e3779b97f4a7c15ull) >> (64 - __builtin_ctzll(cap)));
}

/* What the instruction at addr does (code_isa_step()), decoded once per
 * object: functions share code (tail calls, common exits), and a node is
 * visited again when a join changes its state. The table holds keys and
 * indexes only, the steps stay dense. Returns the size, 0 if there is no
 * instruction. */
struct cstep {
	uint8_t size;
	struct code_step s;
};

static int step_at(struct cscan *cs, uint64_t addr, int thumb, struct code_step *s)
{
	uint64_t key = addr << 1 | (uint64_t)thumb;
	if (2 * (cs->nsteps + 1) > cs->stepcap && cs->stepcap >= STEP_CAP) {
		/* full: decoded again as needed (memory stays flat for a
		 * program of 300 MB of code, Chromium) */
		memset(cs->stepkey, 0, cs->stepcap * sizeof(*cs->stepkey));
		cs->nsteps = 0;
	} else if (2 * (cs->nsteps + 1) > cs->stepcap) {
		size_t cap = cs->stepcap ? 2 * cs->stepcap : 1 << 16;
		free(cs->stepkey);
		free(cs->stepidx);
		cs->stepkey = xcalloc(cap, sizeof(*cs->stepkey));
		cs->stepidx = xmalloc(cap * sizeof(*cs->stepidx));
		cs->stepcap = cap;
		cs->steps = xrealloc(cs->steps, cap / 2 * sizeof(*cs->steps));
		for (size_t k = 0; k < cs->nsteps; k++) {
			size_t i = hash_addr(cs->steps_key[k], cap);
			while (cs->stepkey[i])
				i = (i + 1) & (cap - 1);
			cs->stepkey[i] = cs->steps_key[k];
			cs->stepidx[i] = (uint32_t)k;
		}
		cs->steps_key = xrealloc(cs->steps_key, cap / 2 * sizeof(*cs->steps_key));
	}
	size_t i = hash_addr(key, cs->stepcap);
	while (cs->stepkey[i] && cs->stepkey[i] != key)
		i = (i + 1) & (cs->stepcap - 1);
	if (!cs->stepkey[i]) {
		size_t left;
		const uint8_t *p = at(cs, addr, &left);
		uint64_t a = addr;
		if (!p)
			return 0;
		struct cstep *c = &cs->steps[cs->nsteps];
		const uint8_t *p0 = p;
		size_t left0 = left;
		if (cs_disasm_iter(thumb ? cs->isa.h_thumb : cs->isa.h, &p, &left, &a, cs->insn)) {
			code_isa_step(&cs->isa, cs->insn, thumb, &cs->env, &c->s);
			c->size = (uint8_t)(c->s.size ? c->s.size : cs->insn->size);
		} else if (!(c->size = (uint8_t)code_isa_undecoded(&cs->isa, p0, left0, &c->s))) {
			return 0;
		}
		cs->stepkey[i] = key;
		cs->stepidx[i] = (uint32_t)cs->nsteps;
		cs->steps_key[cs->nsteps++] = key;
	}
	const struct cstep *c = &cs->steps[cs->stepidx[i]];
	*s = c->s;
	return c->size;
}

/* In a static archive's member, a call or jump's target is its relocation's
 * symbol (the encoded displacement is 0 until linked): none found, the
 * decoded target stands (a jump inside the section); one to a symbol no
 * member defines, the target is unknown. */
static void relocate(const struct cscan *cs, uint64_t addr, int size, struct code_step *s)
{
	if (!cs->nrel || (s->kind != CK_CALL && s->kind != CK_JUMP && s->kind != CK_CJUMP))
		return;
	size_t lo = 0, hi = cs->nrel;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cs->rel[mid].at < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == cs->nrel || cs->rel[lo].at >= addr + (uint64_t)size)
		return;
	s->target = cs->rel[lo].target;
	if (!s->target)
		s->kind = s->kind == CK_CALL ? CK_ICALL : CK_IJUMP;
}

/* How many extents start at or before addr */
static size_t ext_upto(const struct cscan *cs, uint64_t addr)
{
	size_t lo = 0, hi = cs->next;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cs->ext[mid].lo <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Whether control falling through from the instruction at addr to next
 * leaves the function: past the end of its symbol's bytes, or, after a
 * call or a trap that then did not return (after_call), onto the next
 * symbol. musl's pthread_exit() ends with `call exit`, and what follows is
 * the static start() of pthread_create(), which is not pthread_exit's. */
static int leaves(const struct cscan *cs, uint64_t addr, uint64_t next, int after_call)
{
	size_t lo = ext_upto(cs, addr);
	if (lo && cs->ext[lo - 1].hi > addr)
		return next >= cs->ext[lo - 1].hi;
	return after_call && lo < cs->next && next >= cs->ext[lo].lo;
}

/* Whether a function at addr has a name that C or the libc's headers
 * declare noreturn: a call of it ends the path however its code reads
 * (exit() is being followed when a function it reaches calls it again). */
static int noreturn_name(const struct cscan *cs, uint64_t addr)
{
	static const char *const names[] = {
		"exit", "_exit", "_Exit", "quick_exit", "abort", "pthread_exit", "thrd_exit",
		"longjmp", "_longjmp", "siglongjmp", "__longjmp_chk", "__stack_chk_fail",
		"__assert_fail", "__chk_fail", "__fortify_fail", NULL};
	size_t lo = 0, hi = cs->nsyms;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cs->syms[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < cs->nsyms && cs->syms[lo].addr == addr; lo++)
		for (const char *const *n = names; *n; n++)
			if (!strcmp(cs->syms[lo].name, *n))
				return 1;
	return 0;
}

/* ---- per function: the values along every path ------------------------- */

struct node {
	uint64_t addr;
	uint32_t slot; /* its place in the hash table */
	int queued;
	struct state in;
};

/* The nodes of one function being followed: dense, with a hash table of
 * their indices + 1 on the address. Kept across functions (one per level
 * of nested follow()), so that following one allocates nothing. */
struct walk {
	struct node *n;
	size_t nn, ncap;
	uint32_t *tab;
	size_t cap;
	size_t *work;
	size_t nwork, wcap;
};

static void walk_grow(struct walk *w)
{
	size_t cap = w->cap ? 2 * w->cap : 1024;
	free(w->tab);
	w->tab = xcalloc(cap, sizeof(*w->tab));
	w->cap = cap;
	for (size_t k = 0; k < w->nn; k++) {
		size_t i = hash_addr(w->n[k].addr, cap);
		while (w->tab[i])
			i = (i + 1) & (cap - 1);
		w->tab[i] = (uint32_t)k + 1;
		w->n[k].slot = (uint32_t)i;
	}
}

static void walk_free(struct walk *w);

/* Empties w for the next function; a large one is given back (one walk
 * per nesting level of calls: Chromium's 132 levels kept 200 MB) */
static void walk_reset(struct walk *w)
{
	if (w->ncap > WALK_KEEP) {
		walk_free(w);
		*w = (struct walk){0};
		return;
	}
	for (size_t k = 0; k < w->nn; k++)
		w->tab[w->n[k].slot] = 0;
	w->nn = w->nwork = 0;
}

static void walk_free(struct walk *w)
{
	free(w->n);
	free(w->tab);
	free(w->work);
}

/* ---- the stack: words at offsets from the entry's stack pointer ------- */

/* The incoming word at off, whose entry value holds while not written: its
 * index, or -1 */
static int stk_in(const struct code_isa *isa, int64_t off)
{
	return off >= 0 && off % isa->word == 0 && off / isa->word < STK_IN ? (int)(off / isa->word)
									      : -1;
}

static struct val stk_get(const struct code_isa *isa, const struct state *st, int64_t off)
{
	for (uint32_t i = 0; i < st->nw; i++)
		if (st->w[i].off == off)
			return st->w[i].v;
	int k = stk_in(isa, off);
	return k >= 0 && !(st->dirty >> k & 1) ? (struct val){V_ENTRY, CODE_SLOTS + k}
					       : (struct val){V_TOP, 0};
}

/* Drops word i, which no longer holds what it held */
static void stk_drop(const struct code_isa *isa, struct state *st, uint32_t i)
{
	int k = stk_in(isa, st->w[i].off);
	if (k >= 0)
		st->dirty |= 1u << k;
	st->w[i] = st->w[--st->nw];
}

/* size bytes at off written with v (size a word), or with values not known */
static void stk_put(const struct code_isa *isa, struct state *st, int64_t off, int size, struct val v)
{
	for (uint32_t i = 0; i < st->nw;)
		if (st->w[i].off < off + size && off < st->w[i].off + isa->word)
			stk_drop(isa, st, i);
		else
			i++;
	for (int64_t o = off - off % isa->word; o < off + size; o += isa->word)
		if (stk_in(isa, o) >= 0)
			st->dirty |= 1u << stk_in(isa, o);
	if (size != isa->word || off % isa->word || off != (int32_t)off || v.k == V_TOP)
		return;
	if (st->nw == STK_N) {
		/* the word farthest above: the least likely an argument being set up */
		uint32_t far = 0;
		for (uint32_t i = 1; i < st->nw; i++)
			if (st->w[i].off > st->w[far].off)
				far = i;
		stk_drop(isa, st, far);
	}
	st->w[st->nw++] = (struct sword){(int32_t)off, v};
}

/* Every word below lim (ends a path's knowledge of them); lim INT64_MAX:
 * all, a write to an address not known */
static void stk_forget(const struct code_isa *isa, struct state *st, int64_t lim)
{
	for (uint32_t i = 0; i < st->nw;)
		if (st->w[i].off < lim)
			stk_drop(isa, st, i);
		else
			i++;
	for (int k = 0; k < STK_IN; k++)
		if ((int64_t)k * isa->word < lim)
			st->dirty |= 1u << k;
}

/* Joins b's stack into a's: a word both hold alike stays; 1 if a changed */
static int stk_join(const struct code_isa *isa, struct state *a, const struct state *b)
{
	int changed = (a->dirty | b->dirty) != a->dirty;
	a->dirty |= b->dirty;
	for (uint32_t i = 0; i < a->nw;) {
		struct val v = stk_get(isa, b, a->w[i].off);
		if (v.k != a->w[i].v.k || v.v != a->w[i].v.v)
			stk_drop(isa, a, i), changed = 1;
		else
			i++;
	}
	/* a word b set where a holds the entry value */
	for (uint32_t i = 0; i < b->nw; i++) {
		int k = stk_in(isa, b->w[i].off);
		if (k >= 0 && !(a->dirty >> k & 1)) {
			struct val v = stk_get(isa, a, b->w[i].off);
			if (v.k != b->w[i].v.k || v.v != b->w[i].v.v)
				a->dirty |= 1u << k, changed = 1;
		}
	}
	return changed;
}

/* Control reaches addr with state st: a new node, or st joined into its
 * state (queued again if that changed it). */
static void edge(struct walk *w, const struct code_isa *isa, uint64_t addr, const struct state *st)
{
	if (!addr)
		return;
	if (2 * (w->nn + 1) > w->cap)
		walk_grow(w);
	size_t i = hash_addr(addr, w->cap);
	while (w->tab[i] && w->n[w->tab[i] - 1].addr != addr)
		i = (i + 1) & (w->cap - 1);
	struct node *n;
	int changed = 0;
	if (!w->tab[i]) {
		if (w->nn == w->ncap) {
			w->ncap = w->ncap ? 2 * w->ncap : 512;
			w->n = xrealloc(w->n, w->ncap * sizeof(*w->n));
		}
		n = &w->n[w->nn];
		w->tab[i] = (uint32_t)++w->nn;
		*n = (struct node){addr, (uint32_t)i, 0, *st};
		changed = 1;
	} else {
		n = &w->n[w->tab[i] - 1];
		for (int r = 0; r < isa->nslots; r++)
			if (n->in.r[r].k != V_TOP &&
			    (n->in.r[r].k != st->r[r].k || n->in.r[r].v != st->r[r].v)) {
				n->in.r[r].k = V_TOP;
				changed = 1;
			}
		if (isa->sp_slot >= 0)
			changed |= stk_join(isa, &n->in, st);
	}
	if (changed && !n->queued) {
		n->queued = 1;
		if (w->nwork == w->wcap) {
			w->wcap = w->wcap ? 2 * w->wcap : 512;
			w->work = xrealloc(w->work, w->wcap * sizeof(*w->work));
		}
		w->work[w->nwork++] = (size_t)(n - w->n);
	}
}

/* The stack offset of the address at slot base's value + disp; 0 if it
 * is not a stack address */
static int stk_addr(const struct code_isa *isa, const struct state *st, int base, int64_t disp,
		    int64_t *off)
{
	if (isa->sp_slot < 0 || base < 0 || st->r[base].k != V_SP)
		return 0;
	*off = st->r[base].v + disp;
	return 1;
}

/* What s does to memory and the stack pointer: a store (a write to an
 * address not on the stack is taken to be anywhere but where a push or
 * store of this path put an argument); *loaded: the word a load reads */
static void apply_mem(const struct code_isa *isa, const struct code_step *s, struct state *st,
		      struct val *loaded)
{
	int64_t off;
	*loaded = (struct val){V_TOP, 0};
	if (s->load && stk_addr(isa, st, s->lbase, s->ldisp, &off))
		*loaded = stk_get(isa, st, off);
	if (s->store) {
		struct val v = s->load && s->dst < 0 ? *loaded
			       : s->mtop ? (struct val){V_TOP, 0}
			       : s->src >= 0 && s->dst < 0 ? st->r[s->src]
			       : s->val == (int32_t)s->val ? (struct val){V_CONST, (int32_t)s->val}
							   : (struct val){V_TOP, 0};
		if (stk_addr(isa, st, s->mbase, s->mdisp, &off))
			stk_put(isa, st, off, s->msize, v);
		else
			stk_forget(isa, st, INT64_MAX);
	}
	if (s->wild)
		stk_forget(isa, st, INT64_MAX);
	if (s->sp_align && st->r[isa->sp_slot].k == V_SP) {
		/* a new frame, far below every word of the old one known (so no
		 * offset of the two can meet); all of those forgotten */
		stk_forget(isa, st, INT64_MAX);
		st->r[isa->sp_slot].v -= STK_ALIGN_GAP;
	}
	if (s->sp_add && isa->sp_slot >= 0) {
		struct val *sp = &st->r[isa->sp_slot];
		*sp = sp->k == V_SP ? (struct val){V_SP, sp->v + s->sp_add} : (struct val){V_TOP, 0};
	}
}

static void apply(const struct code_isa *isa, const struct code_step *s, struct state *st)
{
	struct val loaded = {V_TOP, 0};
	if (isa->sp_slot >= 0)
		apply_mem(isa, s, st, &loaded);
	if (s->window) {
		/* save: the caller's o registers are the callee's i ones */
		int from = s->window > 0 ? 0 : 2, to = 2 - from;
		for (int k = 0; k < 8; k++) {
			if (isa->win[to][k] >= 0)
				st->r[isa->win[to][k]] = isa->win[from][k] >= 0 ? st->r[isa->win[from][k]]
								       : (struct val){V_TOP, 0};
			for (int g = 0; g < 3; g++)
				if (g != to && isa->win[g][k] >= 0)
					st->r[isa->win[g][k]].k = V_TOP;
		}
	}
	if (s->dst >= 0) {
		/* a constant beyond 32 bits is no syscall number */
		struct val v = s->load ? loaded
			       : s->src >= 0 ? st->r[s->src]
			       : s->val == (int32_t)s->val ? (struct val){V_CONST, (int32_t)s->val}
							   : (struct val){V_TOP, 0};
		if (s->add && s->src >= 0) {
			/* a constant or a stack address moved on */
			int64_t sum = (int64_t)v.v + s->add;
			v = (v.k == V_CONST || v.k == V_SP) && sum == (int32_t)sum
				    ? (struct val){v.k, (int32_t)sum} : (struct val){V_TOP, 0};
		}
		if (s->part) {
			/* some bytes set, the others kept */
			struct val old = st->r[s->dst];
			int32_t m = s->part == 1 ? 0xff : s->part == 2 ? 0xff00 : 0xffff;
			int32_t bits = (int32_t)(s->part == 2 ? s->val << 8 : s->val);
			int32_t km = V_KIND(old.k) == V_PART ? V_MASK(old.k) : 0;
			if (old.k == V_CONST)
				v = (struct val){V_CONST, (old.v & ~m) | bits};
			else
				v = (struct val){V_PART | (km | m) << 8, ((km ? old.v : 0) & ~m) | bits};
		} else if (s->zext) {
			/* movzbl %al,%eax: a constant if those bytes are known */
			int32_t m = s->zext == 8 ? 0xff : 0xffff;
			if (v.k == V_CONST || (V_KIND(v.k) == V_PART && (V_MASK(v.k) & m) == m))
				v = (struct val){V_CONST, v.v & m};
			else
				v = (struct val){V_TOP, 0};
		}
		if (s->cond && (st->r[s->dst].k != v.k || st->r[s->dst].v != v.v))
			v.k = V_TOP;
		st->r[s->dst] = v;
	}
	for (uint64_t c = s->clobber & ((1ull << isa->nslots) - 1); c; c &= c - 1)
		st->r[__builtin_ctzll(c)].k = V_TOP;
}

/* A fact of f, unless f has it. A program's (code_program()) trap or
 * call that issues one (site) is a fact of its own at each address: the
 * usage scan gives every call of syscall() its evidence; the libc's facts
 * stay one per kind, number and target. */
static void add_event(const struct cscan *cs, struct summary *f, struct event e, int site)
{
	for (size_t i = 0; i < f->nev; i++)
		if (f->ev[i].kind == e.kind && f->ev[i].v == e.v && f->ev[i].via == e.via &&
		    f->ev[i].depth == e.depth && (!site || !cs->cand || f->ev[i].addr == e.addr))
			return;
	if (f->nev == FN_EVENTS) {
		f->unresolved = 1;
		return;
	}
	f->ev = xrealloc(f->ev, (f->nev + 1) * sizeof(*f->ev));
	f->ev[f->nev++] = e;
}

static struct summary *summarize(struct cscan *cs, uint64_t entry, int thumb);
static struct summary *sum_slot(struct cscan *cs, uint64_t key);

/* The caller's value, in st at a call, of what a callee's register v (or,
 * from CODE_SLOTS on, its stack word, above the return address the call
 * pushes) held on its entry */
static struct val entry_val(const struct code_isa *isa, const struct state *st, int64_t v)
{
	if (v < CODE_SLOTS)
		return st->r[v];
	const struct val *sp = &st->r[isa->sp_slot];
	return sp->k == V_SP ? stk_get(isa, st, sp->v - isa->ret_push + (v - CODE_SLOTS) * isa->word)
			     : (struct val){V_TOP, 0};
}

/* Whether a direct call of target, with the state st, may return
 * (abort(), __stack_chk_fail() do not: what follows them is another
 * function); what it leaves unknown makes f's unknown too. *ret: what it
 * returns, where its code says: a constant error, or one of the values st
 * passes it (musl's sched_setparam() returns __syscall_ret(-ENOSYS)). */
static int returns(struct cscan *cs, struct summary *f, uint64_t target, int thumb,
		   const struct state *st, struct val *ret)
{
	*ret = (struct val){V_TOP, 0};
	if (noreturn_name(cs, target | (uint64_t)thumb))
		return 0;
	struct summary *g = summarize(cs, target, thumb);
	if (!g) {
		f->assumed = 1; /* its facts are not known yet */
		return 1; /* being followed: a recursion */
	}
	f->unresolved |= g->unresolved;
	f->assumed |= g->assumed;
	if (!g->ret_other && g->ret_arg)
		*ret = entry_val(&cs->isa, st, g->ret_arg - 1);
	else if (!g->ret_other && (g->ret_err || g->ret_m1))
		*ret = (struct val){V_CONST, g->ret_err ? g->ret_err : -1};
	return g->returns;
}

/* A direct call of target with the argument values of st, from site: what
 * the callee issues, f issues a call down. */
static void call(struct cscan *cs, struct summary *f, uint64_t site, uint64_t target, int thumb,
		 const struct state *st)
{
	struct summary *g = summarize(cs, target, thumb);
	if (!g)
		return; /* being followed: a recursion adds nothing new */
	for (size_t i = 0; i < g->nev; i++) {
		struct event e = g->ev[i];
		e.addr = site;
		e.via = target;
		if (e.kind == E_ENTRY) {
			/* the callee traps with what its register e.v (or stack
			 * word) held on entry: this caller's value of it */
			struct val a = entry_val(&cs->isa, st, e.v);
			e.kind = a.k == V_CONST ? E_NR : a.k == V_ENTRY ? E_ENTRY : E_IND;
			e.v = a.v;
		} else if (++e.depth > (cs->cand ? 0 : CALL_DEPTH)) {
			/* a program's facts are its functions' own (code_program()) */
			continue;
		}
		add_event(cs, f, e, 1);
	}
}

/* Whether the instruction of s has a delay slot: every branch of the ABI's
 * ISA (MIPS, SPARC), or this one (SuperH's bra, not its bt) */
static int delayed(const struct code_isa *isa, const struct code_step *s)
{
	return isa->ac->delay_slot || s->delay;
}

/* Whether s jumps to a helper code_program() summarized: a tail call
 * (`jmp syscall@plt`), not code of the function's own */
static int helper_jump(struct cscan *cs, const struct code_step *s)
{
	if (s->kind != CK_JUMP)
		return 0;
	struct summary *g = sum_slot(cs, s->target << 1 | (uint64_t)s->target_thumb);
	return g->key && g->helper;
}

/* Whether addr is a helper code_program() summarized (MIPS: the GOT
 * entry of an imported syscall()) */
static int helper_at(struct cscan *cs, uint64_t addr)
{
	struct summary *g = sum_slot(cs, addr << 1);
	return g->key && g->helper;
}

/* A call or jump through a register whose value the path knows (MIPS's
 * jalr t9 after lw t9 from the GOT, SH's bsrf after a literal): a direct
 * one, where that is code or a helper. */
static void through_reg(struct cscan *cs, uint64_t addr, const struct state *st,
			struct code_step *s)
{
	size_t left;
	if ((s->kind != CK_ICALL && s->kind != CK_IJUMP) || s->treg < 0 ||
	    st->r[s->treg].k != V_CONST)
		return;
	uint64_t to = s->treg_pc ? addr + 4 + (uint64_t)(int64_t)st->r[s->treg].v
				 : (uint64_t)(uint32_t)st->r[s->treg].v;
	if (!at(cs, to, &left) && !helper_at(cs, to))
		return;
	s->target = to;
	s->kind = s->kind == CK_ICALL ? CK_CALL : CK_JUMP;
}

/* Follows one function from its entry (ARM: thumb). */
static void follow(struct cscan *cs, struct summary *f, uint64_t entry, int thumb)
{
	const struct code_isa *isa = &cs->isa;
	if (cs->level == cs->nwalks) {
		cs->walks = xrealloc(cs->walks, (cs->nwalks + 1) * sizeof(*cs->walks));
		cs->walks[cs->nwalks++] = xcalloc(1, sizeof(struct walk));
	}
	struct walk *w = cs->walks[cs->level++];
	struct state st = {0};
	for (int r = 0; r < isa->nslots; r++)
		st.r[r] = (struct val){V_ENTRY, r};
	if (isa->sp_slot >= 0)
		st.r[isa->sp_slot] = (struct val){V_SP, 0};
	edge(w, isa, entry, &st);
	while (w->nwork) {
		size_t ni = w->work[--w->nwork];
		w->n[ni].queued = 0;
		st = w->n[ni].in;
		uint64_t addr = w->n[ni].addr;
		struct code_step s, ds;
		int size = ++f->insns > FN_INSNS ? 0 : step_at(cs, addr, thumb, &s), dsize;
		if (!size) {
			f->unresolved = f->returns = 1;
			if (f->insns <= FN_INSNS && cs->nbad < BAD_MAX) {
				cs->bad = xrealloc(cs->bad, (cs->nbad + 1) * sizeof(*cs->bad));
				cs->bad[cs->nbad++] = (struct badaddr){addr, cs->fn};
			}
			continue;
		}
		relocate(cs, addr, size, &s);
		through_reg(cs, addr, &st, &s);
		uint64_t next = addr + (uint64_t)size, after = next;
		f->has_enosys |= s.has_enosys;
		/* the delay slot runs before a branch takes effect */
		struct state taken = st;
		if (delayed(isa, &s) && s.kind != CK_NEXT && s.kind != CK_TRAP &&
		    (dsize = step_at(cs, next, thumb, &ds))) {
			apply(isa, &ds, &taken);
			after = next + (uint64_t)dsize;
		}
		switch (s.kind) {
		case CK_TRAP: {
			/* exit does not return (musl's __unmapself() ends with it,
			 * and __clone() follows); exit_group does not either, but
			 * the code after it is the libc's own fallback (_Exit()'s
			 * loop over exit), which its source has */
			struct val nr = s.has_trap_nr ? (struct val){V_CONST, (int32_t)s.trap_nr}
						      : st.r[isa->nr_slot];
			apply(isa, &s, &st);
			if (!(nr.k == V_CONST && nr.v == cs->nr_exit) &&
			    !leaves(cs, addr, next, 1))
				edge(w, isa, next, &st);
			break;
		}
		case CK_CALL:
		case CK_ICALL: {
			struct val ret = {V_TOP, 0};
			if (s.kind == CK_ICALL) {
				f->unresolved = 1;
				add_event(cs, f, (struct event){E_IND, 0, 0, 0, addr}, 0);
			} else if (!returns(cs, f, s.target, s.target_thumb, &taken, &ret)) {
				break;
			}
			/* what the call leaves: the callee's frame and the
			 * arguments it may have written are gone too */
			for (int r = 0; r < isa->nslots; r++)
				if (!(isa->saved >> r & 1))
					taken.r[r].k = V_TOP;
			taken.r[isa->ret_slot] = ret;
			if (isa->sp_slot >= 0)
				stk_forget(isa, &taken, taken.r[isa->sp_slot].k == V_SP
					   ? taken.r[isa->sp_slot].v + STK_CALLEE * isa->word : INT64_MAX);
			if (!leaves(cs, addr, after, 1))
				edge(w, isa, after, &taken);
			break;
		}
		case CK_JUMP:
			apply(isa, &s, &taken);
			if (helper_jump(cs, &s))
				f->returns = 1; /* its facts at the jump, below */
			else
				edge(w, isa, s.target, &taken);
			break;
		case CK_CJUMP:
			apply(isa, &s, &taken);
			apply(isa, &s, &st);
			edge(w, isa, s.target, &taken);
			if (!leaves(cs, addr, next, 0))
				edge(w, isa, next, &st);
			break;
		case CK_IJUMP:
			f->unresolved = f->returns = 1;
			/* it may go anywhere, so issue anything: indirect */
			add_event(cs, f, (struct event){E_IND, 0, 0, 0, addr}, 0);
			break;
		case CK_RET:
			f->returns = 1;
			break;
		case CK_CRET:
			f->returns = 1;
			if (!leaves(cs, addr, next, 0))
				edge(w, isa, next, &st);
			break;
		case CK_STOP:
			break;
		case CK_NEXT:
			apply(isa, &s, &st);
			if (!leaves(cs, addr, next, 0))
				edge(w, isa, next, &st);
			break;
		}
	}
	/* the traps and calls with the states every path to them joined */
	for (size_t i = 0; i < w->nn; i++) {
		const struct node *n = &w->n[i];
		struct code_step s, ds;
		int size = step_at(cs, n->addr, thumb, &s);
		if (!size)
			continue;
		if (s.kind == CK_RET || s.kind == CK_CRET) {
			/* the value returned, after the delay slot (MIPS: jr ra; li v0,N) */
			struct state rs = n->in;
			int emax = isa->ac->errno_max ? isa->ac->errno_max : 133;
			if (delayed(isa, &s) && step_at(cs, n->addr + (uint64_t)size, thumb, &ds))
				apply(isa, &ds, &rs);
			struct val v = rs.r[isa->ret_slot];
			if (v.k == V_CONST && v.v == -1)
				f->ret_m1 = 1;
			else if (v.k == V_CONST && v.v < -1 && v.v >= -emax)
				f->ret_err = f->ret_err ? f->ret_err : v.v;
			else if (v.k == V_ENTRY && (!f->ret_arg || f->ret_arg == v.v + 1))
				f->ret_arg = v.v + 1;
			else
				f->ret_other = 1;
		} else if (s.kind == CK_TRAP) {
			struct val nr = s.has_trap_nr ? (struct val){V_CONST, (int32_t)s.trap_nr}
						      : n->in.r[isa->nr_slot];
			add_event(cs, f, (struct event){nr.k == V_CONST ? E_NR : nr.k == V_ENTRY ? E_ENTRY : E_IND,
							0, nr.v, 0, n->addr}, 1);
		} else if (s.kind == CK_CALL || s.kind == CK_ICALL || helper_jump(cs, &s)) {
			struct state taken = n->in;
			relocate(cs, n->addr, size, &s);
			through_reg(cs, n->addr, &n->in, &s);
			if (s.kind != CK_CALL && !helper_jump(cs, &s))
				continue;
			if (delayed(isa, &s) && step_at(cs, n->addr + (uint64_t)size, thumb, &ds))
				apply(isa, &ds, &taken);
			call(cs, f, n->addr, s.target, s.target_thumb, &taken);
		}
	}
	walk_reset(w);
	cs->level--;
}

static struct summary *sum_slot(struct cscan *cs, uint64_t key)
{
	if (2 * (cs->nsum + 1) > cs->sumcap) {
		size_t cap = cs->sumcap ? 2 * cs->sumcap : 4096;
		struct summary *old = cs->sum;
		size_t ocap = cs->sumcap;
		cs->sum = xcalloc(cap, sizeof(*cs->sum));
		cs->sumcap = cap;
		cs->nsum = 0;
		for (size_t i = 0; i < ocap; i++)
			if (old[i].key) {
				*sum_slot(cs, old[i].key) = old[i];
				cs->nsum++;
			}
		free(old);
	}
	size_t i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & (cs->sumcap - 1);
	for (; cs->sum[i].key && cs->sum[i].key != key; i = (i + 1) & (cs->sumcap - 1))
		;
	return &cs->sum[i];
}

/* The summary of the function at entry, followed now if it is new; NULL
 * while it is being followed. The table may move: callers keep keys, not
 * pointers, across a summarize(). */
static long region_of(const struct cscan *cs, const uint64_t *end, uint64_t addr);

static struct summary *summarize(struct cscan *cs, uint64_t entry, int thumb)
{
	uint64_t key = entry << 1 | (uint64_t)thumb;
	struct summary *f = sum_slot(cs, key);
	if (f->key)
		return f->status == 2 ? f : NULL;
	f->key = key;
	f->status = 1;
	cs->nsum++;
	struct summary tmp = *f;
	long r = cs->cand ? region_of(cs, cs->rend, entry) : -1;
	/* a program's function that makes no syscall of its own is taken to
	 * return, what it returns not known: following it (and all it calls)
	 * was most of a scan of /usr/lib (mesa's drivers) */
	if (r >= 0 && !cs->cand[r])
		tmp.returns = tmp.assumed = 1;
	else
		follow(cs, &tmp, entry, thumb);
	tmp.status = 2;
	f = sum_slot(cs, key);
	*f = tmp;
	return f;
}

/* ---- the object --------------------------------------------------------- */

static int cmp_fsym(const void *a, const void *b)
{
	const struct fsym *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->exported != y->exported)
		return y->exported - x->exported;
	return strcmp(x->name, y->name);
}

/* The name at addr (thumb bit dropped), exported names first; NULL if none. */
static const char *name_at(const struct cscan *cs, uint64_t addr)
{
	size_t lo = 0, hi = cs->nsyms;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (cs->syms[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < cs->nsyms && cs->syms[lo].addr == addr ? cs->syms[lo].name : NULL;
}

static int read_syms(struct cscan *cs, Elf *e, Elf_Scn *scn, int exported_table)
{
	GElf_Shdr sh;
	Elf_Data *d = gelf_getshdr(scn, &sh) ? elf_getdata(scn, NULL) : NULL;
	if (!d || !sh.sh_entsize)
		return -1;
	size_t n = sh.sh_size / sh.sh_entsize;
	cs->syms = xrealloc(cs->syms, (cs->nsyms + n) * sizeof(*cs->syms));
	for (size_t i = 1; i < n; i++) {
		GElf_Sym s;
		if (!gelf_getsym(d, (int)i, &s))
			return -1;
		int type = GELF_ST_TYPE(s.st_info), bind = GELF_ST_BIND(s.st_info);
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) || s.st_shndx == SHN_UNDEF)
			continue;
		const char *name = elf_strptr(e, sh.sh_link, s.st_name);
		if (!name || !*name)
			continue;
		cs->syms[cs->nsyms++] = (struct fsym){
			name, s.st_value, s.st_size,
			exported_table && (bind == STB_GLOBAL || bind == STB_WEAK), type == STT_GNU_IFUNC};
	}
	return 0;
}

/* A fact of one function, as the thread leaves it for the DB. */
struct row {
	int64_t lib_id;
	const char *func; /* in the object's image, which stays until the rows are written */
	char *via;
	int kind, arg, depth; /* kind: E_NR with nr, else indirect or argument arg */
	int64_t nr, addr;
};

/* The pass of one scan: the libraries are read on the scan's thread (every
 * read goes through sysroot.h there), followed on a thread of their own
 * while the man pages and headers are scanned, and written to the DB when
 * the scan is done with those (libc_code_rows()). */
struct code_job {
	struct cscan cs;
	struct code_lib {
		int64_t id;
		char *rel;
		struct buf b;
		int archive;
	} *libs;
	size_t nlibs;
	struct row *rows, *stubs;
	size_t nrows, nstubs, rcap, scap;
	pthread_t thread;
	int running, rc;
	uint64_t ns; /* the thread's time */
	char err[512]; /* the thread's error, said by libc_code_rows() */
	/* what was not read, for diag rows (library, message) and code_how */
	struct strv dpath, dmsg;
	size_t nmembers, nunread, nundecoded;
};

static void job_diag(struct code_job *j, const struct code_lib *l, char *msg)
{
	strv_push(&j->dpath, l->rel);
	strv_push_own(&j->dmsg, msg);
}

static int cmp_bad(const void *a, const void *b)
{
	const struct badaddr *x = a, *y = b;
	return (x->addr > y->addr) - (x->addr < y->addr);
}

/* The name of the symbol whose bytes hold addr (one without a size: the
 * last before it), or NULL. */
static const char *sym_before(const struct cscan *cs, uint64_t addr)
{
	uint64_t mask = cs->isa.h_thumb ? ~1ull : ~0ull;
	const struct fsym *best = NULL;
	for (size_t i = 0; i < cs->nsyms; i++) {
		const struct fsym *y = &cs->syms[i];
		if ((y->addr & mask) <= addr && (!y->size || addr - (y->addr & mask) < y->size) &&
		    (!best || (y->addr & mask) > (best->addr & mask) ||
		     ((y->addr & mask) == (best->addr & mask) && y->exported > best->exported)))
			best = y;
	}
	return best ? best->name : NULL;
}

/* A diag row per address the walks could not decode (the first
 * BAD_ROWS of a library, then one row with the count of the rest), naming
 * the function, and for a static archive the member and the offset in its
 * code. */
static void note_undecoded(struct code_job *j, const struct code_lib *l)
{
	struct cscan *cs = &j->cs;
	size_t rows = 0;
	if (cs->nbad)
		qsort(cs->bad, cs->nbad, sizeof(*cs->bad), cmp_bad);
	for (size_t i = 0; i < cs->nbad; i++) {
		if (i && cs->bad[i].addr == cs->bad[i - 1].addr)
			continue;
		j->nundecoded++;
		if (rows++ >= BAD_ROWS)
			continue;
		size_t left;
		const struct xsec *x = NULL;
		for (size_t k = 0; k < cs->nxs && !x; k++)
			if (cs->bad[i].addr - cs->xs[k].addr < cs->xs[k].size)
				x = &cs->xs[k];
		const char *what = at(cs, cs->bad[i].addr, &left) ? "the decoder cannot decode"
								 : "lies outside the code sections";
		/* the function whose bytes hold it, and the one whose walk got there */
		const char *in = sym_before(cs, cs->bad[i].addr), *by = cs->bad[i].fn ? cs->bad[i].fn : "?";
		struct buf where = {0};
		if (in && strcmp(in, by))
			buf_printf(&where, " (in %s(), reached from %s())", in, by);
		else
			buf_printf(&where, " (in %s())", by);
		if (x && x->member)
			job_diag(j, l, xasprintf("member %s, offset 0x%llx of its code%s: bytes that %s; the"
						 " facts stop there", x->member,
						 (unsigned long long)(cs->bad[i].addr - x->addr), where.p, what));
		else
			job_diag(j, l, xasprintf("0x%llx%s: an address that %s; the facts stop there",
						 (unsigned long long)cs->bad[i].addr, where.p, what));
		buf_free(&where);
	}
	if (rows > BAD_ROWS)
		job_diag(j, l, xasprintf("%zu more addresses that the decoder cannot decode or that lie"
					 " outside the code sections, up to 0x%llx", rows - BAD_ROWS,
					 (unsigned long long)cs->bad[cs->nbad - 1].addr));
	free(cs->bad);
	cs->bad = NULL;
	cs->nbad = 0;
}

static void add_row(struct code_job *j, struct row r, int stub)
{
	struct row **v = stub ? &j->stubs : &j->rows;
	size_t *n = stub ? &j->nstubs : &j->nrows, *cap = stub ? &j->scap : &j->rcap;
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 4096;
		*v = xrealloc(*v, *cap * sizeof(**v));
	}
	(*v)[(*n)++] = r;
}

/* The C argument (from 1) that an entry value names: a register of the
 * convention's, or a stack word above the return address (MIPS o32
 * reserves the words of its four register arguments: the word after them
 * is the fifth; where none are reserved, the first follows them); 0: none */
static int entry_arg(const struct code_isa *isa, int64_t v)
{
	for (int k = 0; v < CODE_SLOTS && k < isa->nargs; k++)
		if (isa->arg_slot[k] == v)
			return k + 1;
	int64_t i = ((v - CODE_SLOTS) * isa->word - isa->ret_push) / isa->word;
	return v < CODE_SLOTS || i < 0 ? 0 : (int)(i >= isa->nargs ? i + 1 : isa->nargs + i + 1);
}

static void collect(struct code_job *j, int64_t lib_id, const struct fsym *fn)
{
	struct cscan *cs = &j->cs;
	int thumb = cs->isa.h_thumb && (fn->addr & 1);
	uint64_t entry = thumb ? fn->addr & ~1ull : fn->addr;
	cs->fn = fn->name;
	struct summary *f = summarize(cs, entry, thumb);
	if (!f)
		return;
	cs->nfuncs++;
	for (size_t i = 0; i < f->nev; i++) {
		const struct event *e = &f->ev[i];
		struct row r = {lib_id, fn->name, NULL, e->kind, 0, e->depth, e->v, (int64_t)e->addr};
		if (e->via) {
			const char *via = name_at(cs, e->via | (uint64_t)thumb);
			if (!via)
				via = name_at(cs, e->via);
			r.via = via ? xstrdup(via) : xasprintf("0x%llx", (unsigned long long)e->via);
		}
		/* a number from the entry value of a register that is no C
		 * argument is as good as indirect to a caller of the libc */
		if (e->kind == E_ENTRY)
			r.arg = entry_arg(&cs->isa, e->v);
		add_row(j, r, 0);
	}
	/* reaches no trap, calls and jumps nowhere unknown, is short, and
	 * every return returns a constant error: a -errno of the ABI (musl's
	 * sched_setparam(): -ENOSYS), or -1 with errno ENOSYS (glibc's stubs).
	 * A constant computed with (ldexp()'s -1022) is not returned. */
	int enosys = cs->isa.ac->enosys ? cs->isa.ac->enosys : 38;
	if (!f->nev && !f->unresolved && f->insns <= STUB_INSNS && !f->ret_other &&
	    (f->ret_err || (f->has_enosys && f->ret_m1)))
		add_row(j, (struct row){lib_id, fn->name, NULL, 0, 0, 0,
					f->ret_err ? f->ret_err : -enosys, (int64_t)entry}, 1);
}

static int cmp_ext(const void *a, const void *b)
{
	const struct ext *x = a, *y = b;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return (x->hi < y->hi) - (x->hi > y->hi); /* the largest first */
}

/* The functions' extents (leaves()): one per address, the largest; a
 * symbol inside another's bytes (a label, an entry point) is no end. */
static void extents(struct cscan *cs)
{
	uint64_t mask = cs->isa.h_thumb ? ~1ull : ~0ull;
	cs->ext = xmalloc((cs->nsyms + 1) * sizeof(*cs->ext));
	for (size_t i = 0; i < cs->nsyms; i++) {
		uint64_t lo = cs->syms[i].addr & mask;
		cs->ext[i] = (struct ext){lo, cs->syms[i].size ? lo + cs->syms[i].size : 0};
	}
	if (cs->nsyms)
		qsort(cs->ext, cs->nsyms, sizeof(*cs->ext), cmp_ext);
	cs->next = 0;
	uint64_t end = 0;
	for (size_t i = 0; i < cs->nsyms; i++) {
		if ((cs->next && cs->ext[i].lo == cs->ext[cs->next - 1].lo) || cs->ext[i].lo < end)
			continue;
		cs->ext[cs->next++] = cs->ext[i];
		end = cs->ext[i].hi;
	}
}

/* Every exported function of the object read into j->cs. */
static void collect_exported(struct code_job *j, const struct code_lib *l)
{
	struct cscan *cs = &j->cs;
	if (cs->nsyms)
		qsort(cs->syms, cs->nsyms, sizeof(*cs->syms), cmp_fsym);
	extents(cs);
	for (size_t i = 0; i < cs->nsyms; i++) {
		const struct fsym *fn = &cs->syms[i];
		/* one row set per exported name and address; an IFUNC's code is
		 * its resolver, which issues nothing of its own */
		if (!fn->exported || fn->ifunc || (i && !strcmp(fn->name, cs->syms[i - 1].name) &&
						   fn->addr == cs->syms[i - 1].addr))
			continue;
		collect(j, l->id, fn);
	}
	note_undecoded(j, l);
}

static void free_object(struct cscan *cs)
{
	for (size_t i = 0; i < cs->sumcap; i++)
		free(cs->sum[i].ev);
	free(cs->sum);
	free(cs->steps);
	free(cs->steps_key);
	free(cs->stepkey);
	free(cs->stepidx);
	cs->steps = NULL;
	cs->steps_key = cs->stepkey = NULL;
	cs->stepidx = NULL;
	cs->stepcap = cs->nsteps = 0;
	free(cs->xs);
	free(cs->syms);
	free(cs->ext);
	cs->ext = NULL;
	cs->next = 0;
	free(cs->rel);
	cs->rel = NULL;
	cs->nrel = 0;
	for (size_t i = 0; i < cs->nblobs; i++)
		free(cs->blobs[i]);
	free(cs->blobs);
	cs->blobs = NULL;
	cs->nblobs = 0;
	cs->opd = (struct xsec){0};
	free(cs->got);
	cs->got = NULL;
	cs->ngot = 0;
	cs->sum = NULL;
	cs->sumcap = cs->nsum = 0;
	cs->xs = NULL;
	cs->nxs = 0;
	cs->syms = NULL;
	cs->nsyms = 0;
}

/* The MIPS GOT (MIPS psABI 3-38; binutils' readelf -A shows the same):
 * gp is .got + 0x7ff0; its first DT_MIPS_LOCAL_GOTNO entries hold
 * addresses as linked (a function's, or a page's), the rest one each for
 * the dynamic symbols from DT_MIPS_GOTSYM on, the symbol's value where the
 * object defines it (else not known: another object's). */
int code_mips_got(const struct arch_desc *arch, const void *img, size_t len, Elf_Scn *got,
		  Elf_Scn *dynamic, Elf_Scn *dynsym, struct code_got *g)
{
	GElf_Shdr gh, dh, yh;
	Elf_Data *dd, *yd;
	uint64_t pltgot = 0;
	int have = 0;
	memset(g, 0, sizeof(*g));
	if (!got || !dynamic || !dynsym || !gelf_getshdr(got, &gh) || !gelf_getshdr(dynamic, &dh) ||
	    !gelf_getshdr(dynsym, &yh) || !(dd = elf_getdata(dynamic, NULL)) ||
	    !(yd = elf_getdata(dynsym, NULL)) || !dh.sh_entsize || !yh.sh_entsize ||
	    gh.sh_offset > len || gh.sh_size > len - gh.sh_offset)
		return -1;
	for (size_t i = 0; i < dh.sh_size / dh.sh_entsize; i++) {
		GElf_Dyn d;
		if (!gelf_getdyn(dd, (int)i, &d))
			break;
		if (d.d_tag == DT_PLTGOT)
			pltgot = d.d_un.d_ptr, have |= 1;
		else if (d.d_tag == DT_MIPS_LOCAL_GOTNO)
			g->local = d.d_un.d_val, have |= 2;
		else if (d.d_tag == DT_MIPS_GOTSYM)
			g->gotsym = d.d_un.d_val, have |= 4;
	}
	int es = arch->elf_class == ELFCLASS64 ? 8 : 4, le = arch->endian == ARCH_LE;
	if (have != 7 || pltgot != gh.sh_addr)
		return -1;
	const uint8_t *p = (const uint8_t *)img + gh.sh_offset;
	g->n = gh.sh_size / (uint64_t)es;
	g->v = xcalloc(g->n + 1, sizeof(*g->v));
	g->addr = gh.sh_addr;
	g->entsize = es;
	g->gp = gh.sh_addr + 0x7ff0;
	for (size_t i = 0; i < g->n; i++) {
		GElf_Sym y;
		if (i < g->local) {
			for (int k = 0; k < es; k++)
				g->v[i] = g->v[i] << 8 | p[i * (size_t)es + (size_t)(le ? es - 1 - k : k)];
		} else if (gelf_getsym(yd, (int)(g->gotsym + i - g->local), &y) &&
			   y.st_shndx != SHN_UNDEF && GELF_ST_TYPE(y.st_info) == STT_FUNC) {
			g->v[i] = y.st_value;
		}
	}
	return 0;
}

/* cs's GOT: a copy of g's */
static void got_use(struct cscan *cs, const struct code_got *g)
{
	cs->ngot = g->n;
	cs->got = xmalloc((g->n + 1) * sizeof(*cs->got));
	memcpy(cs->got, g->v, g->n * sizeof(*cs->got));
	cs->got_addr = g->addr;
	cs->got_entsize = g->entsize;
	cs->gp = g->gp;
}

/* One shared object of the libc, its image in l->b; on the pass's thread,
 * so an error goes to j->err. */
static int read_object(struct code_job *j, const struct code_lib *l)
{
	struct cscan *cs = &j->cs;
	const struct buf *b = &l->b;
	Elf *e = elf_memory(b->p, b->len);
	int rc = 0;
	size_t nscn;
	if (!e || elf_kind(e) != ELF_K_ELF || elf_getshdrnum(e, &nscn) < 0) {
		snprintf(j->err, sizeof(j->err), "%s: cannot read as ELF: %s", l->rel, elf_errmsg(-1));
		rc = -1;
		goto out;
	}
	Elf_Scn *scn = NULL, *dynsym = NULL, *symtab = NULL, *got = NULL, *dynamic = NULL;
	GElf_Shdr sh;
	size_t shstr;
	if (elf_getshdrstrndx(e, &shstr) < 0)
		shstr = 0;
	while ((scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		const char *sname = shstr ? elf_strptr(e, shstr, sh.sh_name) : NULL;
		/* 64-bit PowerPC ELFv1: a function symbol is its descriptor in
		 * .opd, whose first doubleword is the code's address */
		if (sname && !strcmp(sname, ".opd") && sh.sh_type == SHT_PROGBITS &&
		    sh.sh_offset <= b->len && sh.sh_size <= b->len - sh.sh_offset)
			cs->opd = (struct xsec){sh.sh_addr, sh.sh_size,
						(const uint8_t *)b->p + sh.sh_offset, NULL};
		if (sname && !strcmp(sname, ".got"))
			got = scn;
		if (sh.sh_type == SHT_DYNAMIC)
			dynamic = scn;
		if (sh.sh_type == SHT_DYNSYM)
			dynsym = scn;
		else if (sh.sh_type == SHT_SYMTAB)
			symtab = scn;
		else if (sh.sh_type == SHT_PROGBITS && (sh.sh_flags & SHF_EXECINSTR) &&
			 sh.sh_offset <= b->len && sh.sh_size <= b->len - sh.sh_offset) {
			cs->xs = xrealloc(cs->xs, (cs->nxs + 1) * sizeof(*cs->xs));
			cs->xs[cs->nxs++] = (struct xsec){sh.sh_addr, sh.sh_size,
							  (const uint8_t *)b->p + sh.sh_offset, NULL};
		} else if (sh.sh_type == SHT_PROGBITS && (sh.sh_flags & SHF_EXECINSTR)) {
			/* a truncated file or a corrupt header: its code is lost */
			j->nunread++;
			job_diag(j, l, xasprintf("section %s at offset 0x%llx (0x%llx bytes) lies past the end"
						 " of the file (0x%zx bytes): its code is not read",
						 sname ? sname : "?", (unsigned long long)sh.sh_offset,
						 (unsigned long long)sh.sh_size, b->len));
		}
	}
	/* exported: .dynsym's (klibc's libc.so has only .symtab); names of
	 * internal functions from .symtab where it is not stripped */
	if ((dynsym && read_syms(cs, e, dynsym, 1) < 0) ||
	    (symtab && read_syms(cs, e, symtab, !dynsym) < 0)) {
		snprintf(j->err, sizeof(j->err), "%s: symbol table: %s", l->rel, elf_errmsg(-1));
		rc = -1;
		goto out;
	}
	for (size_t i = 0; i < cs->nsyms; i++) {
		uint64_t a = cs->syms[i].addr;
		if (cs->opd.size >= 8 && a >= cs->opd.addr && a - cs->opd.addr <= cs->opd.size - 8) {
			const uint8_t *p = cs->opd.p + (a - cs->opd.addr);
			uint64_t v = 0;
			for (int k = 0; k < 8; k++)
				v = v << 8 | p[ctx_le(cs) ? 7 - k : k];
			cs->syms[i].addr = v;
			cs->syms[i].size = 0; /* the descriptor's, not the code's */
		}
	}
	struct code_got g;
	if (cs->ctx->arch->elf_machine == EM_MIPS &&
	    code_mips_got(cs->ctx->arch, b->p, b->len, got, dynamic, dynsym, &g) == 0) {
		got_use(cs, &g);
		free(g.v);
	}
	collect_exported(j, l);
out:
	if (e)
		elf_end(e);
	free_object(cs);
	return rc;
}

static int cmp_reloc(const void *a, const void *b)
{
	const struct reloc *x = a, *y = b;
	return (x->at > y->at) - (x->at < y->at);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct fsym *)a)->name, ((const struct fsym *)b)->name);
}

/* One member of a static archive, named mname: its code sections at
 * made-up addresses from *base on, its functions, the relocations of its
 * code. */
static int read_member(struct cscan *cs, Elf *m, const char *mname, uint64_t *base)
{
	size_t nscn;
	if (elf_getshdrnum(m, &nscn) < 0)
		return -1;
	uint64_t *at = xcalloc(nscn ? nscn : 1, sizeof(*at)); /* section -> address, 0: no code */
	Elf_Scn *scn = NULL, *symtab = NULL;
	GElf_Shdr sh;
	while ((scn = elf_nextscn(m, scn))) {
		Elf_Data *d;
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB)
			symtab = scn;
		if (sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_EXECINSTR) || !sh.sh_size ||
		    !(d = elf_rawdata(scn, NULL)) || d->d_size != sh.sh_size)
			continue;
		void *copy = xmalloc(d->d_size);
		memcpy(copy, d->d_buf, d->d_size);
		cs->blobs = xrealloc(cs->blobs, (cs->nblobs + 1) * sizeof(*cs->blobs));
		cs->blobs[cs->nblobs++] = copy;
		at[elf_ndxscn(scn)] = *base;
		cs->xs = xrealloc(cs->xs, (cs->nxs + 1) * sizeof(*cs->xs));
		cs->xs[cs->nxs++] = (struct xsec){*base, d->d_size, copy, mname};
		*base += (d->d_size + 31) & ~(uint64_t)15;
	}
	GElf_Shdr symsh;
	Elf_Data *syms = symtab && gelf_getshdr(symtab, &symsh) ? elf_getdata(symtab, NULL) : NULL;
	size_t nsym = syms && symsh.sh_entsize ? symsh.sh_size / symsh.sh_entsize : 0;
	for (size_t i = 1; i < nsym; i++) {
		GElf_Sym y;
		if (!gelf_getsym(syms, (int)i, &y))
			break;
		int type = GELF_ST_TYPE(y.st_info), bind = GELF_ST_BIND(y.st_info);
		const char *name = elf_strptr(m, symsh.sh_link, y.st_name);
		/* assembly's functions may be untyped (dietlibc's syscalls) */
		if (!name || !*name || y.st_shndx >= nscn || !at[y.st_shndx] ||
		    (type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_NOTYPE))
			continue;
		cs->syms = xrealloc(cs->syms, (cs->nsyms + 1) * sizeof(*cs->syms));
		strv_push(&cs->owned, name);
		cs->syms[cs->nsyms++] = (struct fsym){cs->owned.v[cs->owned.n - 1],
						      at[y.st_shndx] + y.st_value, y.st_size,
						      bind == STB_GLOBAL || bind == STB_WEAK,
						      type == STT_GNU_IFUNC};
	}
	scn = NULL;
	while (syms && (scn = elf_nextscn(m, scn))) {
		Elf_Data *d;
		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL) ||
		    sh.sh_info >= nscn || !at[sh.sh_info] || !sh.sh_entsize ||
		    !(d = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Rela ra;
			GElf_Rel rl;
			GElf_Sym y;
			if (sh.sh_type == SHT_RELA ? !gelf_getrela(d, (int)i, &ra)
						   : !gelf_getrel(d, (int)i, &rl))
				break;
			if (sh.sh_type == SHT_REL)
				ra = (GElf_Rela){rl.r_offset, rl.r_info, 0};
			if (!gelf_getsym(syms, (int)GELF_R_SYM(ra.r_info), &y))
				continue;
			struct reloc r = {at[sh.sh_info] + ra.r_offset, 0, NULL};
			const char *name = elf_strptr(m, symsh.sh_link, y.st_name);
			/* a named function here, or one elsewhere by name; a
			 * section-relative one (a static function) stays unknown */
			if (GELF_ST_TYPE(y.st_info) != STT_SECTION && y.st_shndx < nscn && at[y.st_shndx])
				r.target = at[y.st_shndx] + y.st_value;
			else if (y.st_shndx == SHN_UNDEF && name && *name)
				strv_push(&cs->owned, name), r.name = cs->owned.v[cs->owned.n - 1];
			cs->rel = xrealloc(cs->rel, (cs->nrel + 1) * sizeof(*cs->rel));
			cs->rel[cs->nrel++] = r;
		}
	}
	free(at);
	return 0;
}

/* A static archive of the libc (dietlibc's libc.a, glibc's
 * libc_nonshared.a): its members laid out one after the other, so that the
 * code is followed as in a shared object. */
static int read_archive(struct code_job *j, const struct code_lib *l)
{
	struct cscan *cs = &j->cs;
	Elf *ar = elf_memory(l->b.p, l->b.len);
	if (!ar || elf_kind(ar) != ELF_K_AR) {
		snprintf(j->err, sizeof(j->err), "%s: cannot read as an archive: %s", l->rel,
			 elf_errmsg(-1));
		if (ar)
			elf_end(ar);
		return -1;
	}
	uint64_t base = 0x10000;
	Elf_Cmd cmd = ELF_C_READ_MMAP;
	Elf *m;
	int rc = 0;
	size_t members = 0;
	while (rc == 0 && (m = elf_begin(-1, cmd, ar))) {
		Elf_Arhdr *ah = elf_getarhdr(m);
		const char *mname = "?";
		if (ah && ah->ar_name) {
			strv_push(&cs->owned, ah->ar_name);
			mname = cs->owned.v[cs->owned.n - 1];
		}
		if (elf_kind(m) == ELF_K_ELF && read_member(cs, m, mname, &base) < 0) {
			snprintf(j->err, sizeof(j->err), "%s: archive member %s: %s", l->rel, mname,
				 elf_errmsg(-1));
			rc = -1;
		}
		members++;
		cmd = elf_next(m);
		elf_end(m);
	}
	elf_end(ar);
	/* libelf stops at a corrupt member as at the end: tell them apart */
	struct ar_problem pb;
	if (rc == 0 && ar_check((const uint8_t *)l->b.p, l->b.len, &pb)) {
		j->nunread++;
		job_diag(j, l, xasprintf("archive member '%s' at offset %zu: %s; it and the %zu bytes"
					 " after it are not read (%zu members read)",
					 pb.name[0] ? pb.name : "?", pb.offset, pb.why, pb.left, pb.members));
	}
	/* the symbol table and the long-name table are members to libelf */
	j->nmembers += members;
	if (rc == 0) {
		/* calls into other members: by the name one of them exports */
		struct fsym *byname = xmalloc((cs->nsyms + 1) * sizeof(*byname));
		size_t n = 0;
		for (size_t i = 0; i < cs->nsyms; i++)
			if (cs->syms[i].exported)
				byname[n++] = cs->syms[i];
		qsort(byname, n, sizeof(*byname), cmp_name);
		for (size_t i = 0; i < cs->nrel; i++) {
			struct fsym key = {.name = cs->rel[i].name};
			const struct fsym *hit = cs->rel[i].name
				? bsearch(&key, byname, n, sizeof(*byname), cmp_name) : NULL;
			if (hit)
				cs->rel[i].target = hit->addr;
		}
		free(byname);
		if (cs->nrel) /* qsort() takes no NULL, even for 0 elements */
			qsort(cs->rel, cs->nrel, sizeof(*cs->rel), cmp_reloc);
		collect_exported(j, l);
	}
	free_object(cs);
	return rc;
}

static void *code_thread(void *arg)
{
	struct code_job *j = arg;
	uint64_t t0 = now_ns();
	for (size_t i = 0; i < j->nlibs && j->rc == 0; i++)
		j->rc = j->libs[i].archive ? read_archive(j, &j->libs[i]) : read_object(j, &j->libs[i]);
	j->ns = now_ns() - t0;
	return NULL;
}

static int set_how(struct scan_ctx *ctx, const char *how)
{
	sqlite3_stmt *st;
	if (db_prepare(ctx->db, &st, "UPDATE scan SET code_how = ?2 WHERE id = ?1") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, ctx->scan_id);
	db_bind_text(st, 2, how);
	int rc = db_step_done(ctx->db, st);
	sqlite3_finalize(st);
	return rc;
}

void libc_code_drop(struct scan_ctx *ctx)
{
	struct code_job *j = ctx->code_job;
	if (!j)
		return;
	if (j->running)
		pthread_join(j->thread, NULL);
	for (size_t i = 0; i < j->nlibs; i++) {
		free(j->libs[i].rel);
		buf_free(&j->libs[i].b);
	}
	free(j->libs);
	for (size_t i = 0; i < j->nrows; i++)
		free(j->rows[i].via);
	free(j->rows);
	free(j->stubs);
	strv_free(&j->dpath);
	strv_free(&j->dmsg);
	struct cscan *cs = &j->cs;
	strv_free(&cs->owned);
	if (cs->insn)
		cs_free(cs->insn, 1);
	for (size_t i = 0; i < cs->nwalks; i++) {
		walk_free(cs->walks[i]);
		free(cs->walks[i]);
	}
	free(cs->walks);
	code_isa_close(&cs->isa);
	free(j);
	ctx->code_job = NULL;
}

int libc_scan_code(struct scan_ctx *ctx)
{
	char dec[32];
	if (!ctx->arch->code) {
		/* Capstone 4 lacks riscv64 and sh4; no maintained disassembler
		 * library decodes hppa, alpha or loongarch64 (Capstone 5.0 has none) */
		char *how = xasprintf("not read: %s has no decoder for %s%s",
				      code_isa_decoder(dec, sizeof(dec)), ctx->arch->name,
				      CS_API_MAJOR >= 5 ? ", nor has any maintained one" : "");
		int rc = set_how(ctx, how);
		free(how);
		return rc;
	}
	struct code_job *j = xcalloc(1, sizeof(*j));
	ctx->code_job = j;
	j->cs.ctx = ctx;
	j->cs.nr_exit = -1;
	env_init(&j->cs);
	sqlite3_stmt *libs, *ex;
	/* the ktable scanner ran first: the number of exit */
	if (db_prepare(ctx->db, &ex, "SELECT nr FROM ksyscall WHERE scan_id = ?1 AND arch = ?2"
				     " AND name = 'exit'") < 0)
		return -1;
	sqlite3_bind_int64(ex, 1, ctx->scan_id);
	db_bind_text(ex, 2, ctx->arch->name);
	if (sqlite3_step(ex) == SQLITE_ROW)
		j->cs.nr_exit = sqlite3_column_int64(ex, 0);
	sqlite3_finalize(ex);
	if (code_isa_open(&j->cs.isa, ctx->arch) < 0 ||
	    db_prepare(ctx->db, &libs,
		       "SELECT id, path, kind FROM libc_lib WHERE scan_id = ?1 ORDER BY id") < 0)
		return -1;
	j->cs.insn = cs_malloc(j->cs.isa.h);
	sqlite3_bind_int64(libs, 1, ctx->scan_id);
	int rc = 0;
	while (rc == 0 && sqlite3_step(libs) == SQLITE_ROW) {
		const char *path = (const char *)sqlite3_column_text(libs, 1);
		j->libs = xrealloc(j->libs, (j->nlibs + 1) * sizeof(*j->libs));
		struct code_lib *l = &j->libs[j->nlibs++];
		*l = (struct code_lib){sqlite3_column_int64(libs, 0), xstrdup(path), {0},
				       strcmp((const char *)sqlite3_column_text(libs, 2), "shared") != 0};
		rc = sysroot_read_file(ctx->sr, path, LIB_MAX, &l->b, NULL);
	}
	sqlite3_finalize(libs);
	if (rc == 0 && pthread_create(&j->thread, NULL, code_thread, j))
		return err_set(EXIT_INTERNAL, "libc-code: cannot start a thread");
	j->running = rc == 0;
	return rc;
}

int libc_code_rows(struct scan_ctx *ctx)
{
	struct code_job *j = ctx->code_job;
	if (!j)
		return 0; /* no decoder: libc_scan_code() said so */
	pthread_join(j->thread, NULL);
	j->running = 0;
	if (j->rc < 0)
		return err_set(EXIT_INPUT, "%s", j->err);
	debug("libc-code: %lld functions followed in %.1f ms on a thread", (long long)j->cs.nfuncs,
	      (double)j->ns / 1e6);
	sqlite3_stmt *ins, *stub = NULL;
	int rc = 0;
	if (db_prepare(ctx->db, &ins,
		       "INSERT INTO code_syscall (scan_id, lib_id, func, nr, arg, depth, via, addr)"
		       " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)") < 0)
		return -1;
	for (size_t i = 0; i < j->nrows && rc == 0; i++) {
		const struct row *r = &j->rows[i];
		sqlite3_bind_int64(ins, 1, ctx->scan_id);
		sqlite3_bind_int64(ins, 2, r->lib_id);
		db_bind_text(ins, 3, r->func);
		if (r->kind == E_NR)
			sqlite3_bind_int64(ins, 4, r->nr);
		else
			sqlite3_bind_null(ins, 4);
		if (r->arg)
			sqlite3_bind_int64(ins, 5, r->arg);
		else
			sqlite3_bind_null(ins, 5);
		sqlite3_bind_int64(ins, 6, r->depth);
		db_bind_text(ins, 7, r->via);
		sqlite3_bind_int64(ins, 8, r->addr);
		rc = db_step_done(ctx->db, ins);
	}
	sqlite3_finalize(ins);
	if (rc == 0 && db_prepare(ctx->db, &stub, "INSERT INTO code_stub (scan_id, lib_id, func,"
						   " addr, err) VALUES (?1, ?2, ?3, ?4, ?5)") < 0)
		rc = -1;
	for (size_t i = 0; i < j->nstubs && rc == 0; i++) {
		const struct row *r = &j->stubs[i];
		sqlite3_bind_int64(stub, 1, ctx->scan_id);
		sqlite3_bind_int64(stub, 2, r->lib_id);
		db_bind_text(stub, 3, r->func);
		sqlite3_bind_int64(stub, 4, r->addr);
		sqlite3_bind_int64(stub, 5, r->nr);
		rc = db_step_done(ctx->db, stub);
	}
	sqlite3_finalize(stub);
	for (size_t i = 0; i < j->dmsg.n && rc == 0; i++)
		rc = db_add_diag(ctx->db, ctx->scan_id, "libc-code", j->dpath.v[i], 0, "warning",
				 j->dmsg.v[i]);
	if (rc == 0) {
		char dec[32];
		struct buf how = {0};
		buf_printf(&how, "%s (%s): %lld functions, %zu syscall facts, %zu stubs",
			   code_isa_decoder(dec, sizeof(dec)), j->cs.isa.d->name, (long long)j->cs.nfuncs,
			   j->nrows, j->nstubs);
		buf_printf(&how, "; read %zu %s", j->nlibs, j->nlibs == 1 ? "library" : "libraries");
		if (j->nmembers)
			buf_printf(&how, " (%zu archive members)", j->nmembers);
		if (j->nunread || j->nundecoded)
			buf_printf(&how, "; not read (diag rows): %zu code sections or archive members"
					 " cut short, %zu addresses the decoder cannot decode",
					 j->nunread, j->nundecoded);
		rc = set_how(ctx, how.p);
		buf_free(&how);
	}
	libc_code_drop(ctx);
	return rc;
}

/* ---- a program (code_program.h) ----------------------------------------- */

/* A program's functions that can make a syscall of their own are few (a
 * tenth of a machine's files import syscall() at all): a linear sweep of
 * each function's bytes finds its traps and direct branches, and only the
 * functions that reach a trap, a helper, or code that does are followed. */

/* A direct call or jump a region's bytes hold */
struct pbranch {
	uint64_t target;
	uint32_t region; /* where it is, in cs->ext */
	int8_t jump, thumb;
};

/* The end of region k of cs->ext: its size, or the next one's start, within
 * its section */
static uint64_t region_end(const struct cscan *cs, size_t k)
{
	size_t left;
	uint64_t lo = cs->ext[k].lo, end = at(cs, lo, &left) ? lo + left : lo;
	if (cs->ext[k].hi && cs->ext[k].hi < end)
		end = cs->ext[k].hi;
	else if (!cs->ext[k].hi && k + 1 < cs->next && cs->ext[k + 1].lo < end)
		end = cs->ext[k + 1].lo;
	return end;
}

/* The region holding addr, or -1: code no function start covers */
static long region_of(const struct cscan *cs, const uint64_t *end, uint64_t addr)
{
	size_t lo = ext_upto(cs, addr);
	return lo && addr < end[lo - 1] ? (long)lo - 1 : -1;
}

/* Decodes region k linearly (data among the code skipped as the decoder's
 * SKIPDATA does): its direct branches onto *br; 1 if it holds a trap. */
static int sweep(struct cscan *cs, size_t k, uint64_t end, int thumb, struct pbranch **br,
		 size_t *nbr, size_t *cap)
{
	uint64_t a = cs->ext[k].lo;
	size_t left;
	const uint8_t *p = at(cs, a, &left);
	csh h = thumb ? cs->isa.h_thumb : cs->isa.h;
	int trap = 0;
	int64_t kval[CODE_SLOTS]; /* the constants registers were set to */
	uint64_t known = 0;
	left = p ? end - a : 0;
	while (left) {
		const uint8_t *p0 = p;
		size_t left0 = left;
		uint64_t a0 = a;
		struct code_step s;
		if (!cs_disasm_iter(h, &p, &left, &a, cs->insn))
			break;
		if (!cs->insn->id) {
			trap |= code_isa_undecoded(&cs->isa, p0, left0, &s) && s.kind == CK_TRAP;
			continue;
		}
		/* what registers get matters only for a call through one
		 * to a helper (sweep_regs) */
		if (cs->sweep_regs)
			code_isa_step(&cs->isa, cs->insn, thumb, &cs->env, &s);
		else
			code_isa_flow(&cs->isa, cs->insn, thumb, &s);
		if (s.size && (size_t)s.size <= left0)
			p = p0 + s.size, left = left0 - (size_t)s.size, a = a0 + (uint64_t)s.size;
		trap |= s.kind == CK_TRAP;
		/* a call through a register a constant just before set to a
		 * helper (MIPS: lw t9 from the GOT; m68k: lea; SH: a literal), as
		 * through_reg() takes it */
		if ((s.kind == CK_ICALL || s.kind == CK_IJUMP) && s.treg >= 0 && (known >> s.treg & 1))
			trap |= helper_at(cs, s.treg_pc ? a0 + 4 + (uint64_t)kval[s.treg]
						      : (uint32_t)kval[s.treg]);
		known &= ~s.clobber;
		if (s.dst >= 0) {
			known &= ~(1ull << s.dst);
			known |= (uint64_t)(s.src < 0 && !s.load && !s.part) << s.dst;
			kval[s.dst] = s.val;
		}
		/* one to its own region changes nothing (most: a function's
		 * own jumps) */
		if ((s.kind == CK_CALL || s.kind == CK_JUMP || s.kind == CK_CJUMP) && s.target &&
		    (s.target < cs->ext[k].lo || s.target >= end)) {
			if (*nbr == *cap) {
				*cap = *cap ? 2 * *cap : 1024;
				*br = xrealloc(*br, *cap * sizeof(**br));
			}
			(*br)[(*nbr)++] = (struct pbranch){s.target, (uint32_t)k, s.kind != CK_CALL,
							   (int8_t)s.target_thumb};
		}
	}
	return trap;
}

/* Forgets the summaries that took a function as making no syscall (or
 * met a recursion): the regions followed grew, so it may now be followed.
 * The others stand: following them again was most of a static program's
 * time (valgrind's tools: 4 rounds, each following all 400 candidates). */
static void sum_reset(struct cscan *cs)
{
	struct summary *old = cs->sum;
	size_t ocap = cs->sumcap;
	cs->sum = xcalloc(ocap, sizeof(*cs->sum));
	cs->nsum = 0;
	for (size_t i = 0; i < ocap; i++) {
		if (old[i].key && (old[i].helper || !old[i].assumed)) {
			*sum_slot(cs, old[i].key) = old[i];
			cs->nsum++;
		} else {
			free(old[i].ev);
		}
	}
	free(old);
}

static int passes_entry(const struct summary *f)
{
	for (size_t i = 0; i < f->nev; i++)
		if (f->ev[i].kind == E_ENTRY)
			return 1;
	return 0;
}

/* Marks the regions whose code can make a syscall of its own (cand)
 * until no branch reaches a new one: a trap; a branch to a helper, or a
 * call of code in a marked region that passes its argument on as the
 * number (the callee followed to tell); a jump into a marked region; a
 * branch into code no start covers. A function of no marked region has
 * no fact of its own: its code has no trap and calls nothing that traps
 * with a number it passes. */
static void candidates(struct cscan *cs, const struct code_prog *p, const long *rk, uint8_t *cand)
{
	uint64_t mask = cs->isa.h_thumb ? ~1ull : ~0ull;
	const uint64_t *end = cs->rend;
	uint8_t *thumb = xcalloc(cs->next + 1, 1);
	struct pbranch *br = NULL;
	size_t nbr = 0, cap = 0;
	cs->cand = cand;
	for (size_t i = 0; i < p->nfns; i++)
		if (rk[i] >= 0 && (p->fns[i].addr & mask) == cs->ext[rk[i]].lo)
			thumb[rk[i]] = cs->isa.h_thumb && (p->fns[i].addr & 1);
	cs_option(cs->isa.h, CS_OPT_SKIPDATA, CS_OPT_ON);
	if (cs->isa.h_thumb)
		cs_option(cs->isa.h_thumb, CS_OPT_SKIPDATA, CS_OPT_ON);
	for (size_t k = 0; k < cs->next; k++)
		cand[k] = (uint8_t)sweep(cs, k, end[k], thumb[k], &br, &nbr, &cap);
	cs_option(cs->isa.h, CS_OPT_SKIPDATA, CS_OPT_OFF);
	if (cs->isa.h_thumb)
		cs_option(cs->isa.h_thumb, CS_OPT_SKIPDATA, CS_OPT_OFF);
	for (int grew = 1; grew;) {
		grew = 0;
		for (size_t b = 0; b < nbr; b++) {
			const struct pbranch *x = &br[b];
			if (cand[x->region])
				continue;
			struct summary *g = sum_slot(cs, x->target << 1 | (uint64_t)x->thumb);
			long t = region_of(cs, end, x->target);
			size_t left;
			int reach = g->key && g->helper;
			if (!reach && t < 0)
				reach = at(cs, x->target, &left) != NULL;
			else if (!reach && cand[t] && !x->jump)
				reach = !(g = summarize(cs, x->target, x->thumb)) || passes_entry(g);
			else if (!reach && cand[t])
				reach = 1;
			if (reach)
				cand[x->region] = 1, grew = 1;
		}
		if (grew)
			sum_reset(cs);
	}
	free(br);
	free(thumb);
}

int code_program(const struct code_prog *p, struct code_prog_fact **facts, size_t *nfacts,
		 size_t *nbad)
{
	struct scan_ctx ctx = {.arch = p->arch}; /* the byte order, for load32() */
	struct cscan cs = {.ctx = &ctx, .nr_exit = p->nr_exit};
	env_init(&cs);
	*facts = NULL;
	*nfacts = *nbad = 0;
	if (code_isa_open(&cs.isa, p->arch) < 0)
		return -1;
	cs.insn = cs_malloc(cs.isa.h);
	cs.xs = xmalloc((p->nsecs + 1) * sizeof(*cs.xs));
	for (size_t i = 0; i < p->nsecs; i++)
		cs.xs[cs.nxs++] = (struct xsec){p->secs[i].addr, p->secs[i].size, p->secs[i].p, NULL};
	cs.syms = xmalloc((p->nfns + 1) * sizeof(*cs.syms));
	for (size_t i = 0; i < p->nfns; i++)
		cs.syms[cs.nsyms++] = (struct fsym){"", p->fns[i].addr, p->fns[i].size, 1, 0};
	if (cs.nsyms)
		qsort(cs.syms, cs.nsyms, sizeof(*cs.syms), cmp_fsym);
	extents(&cs);
	if (p->got)
		got_use(&cs, p->got);
	/* a helper is summarized, not followed: its stub jumps through the GOT */
	cs.sweep_regs = p->nhelpers > 0;
	for (size_t i = 0; i < p->nhelpers; i++) {
		uint64_t h = p->helpers[i], key = cs.isa.h_thumb ? (h & ~1ull) << 1 | (h & 1) : h << 1;
		struct summary *f = sum_slot(&cs, key);
		if (f->key)
			continue;
		*f = (struct summary){.key = key, .status = 2, .returns = 1, .helper = 1};
		f->ev = xmalloc(sizeof(*f->ev));
		/* its first C argument: a register, or (i386, m68k) the stack
		 * word above the return address */
		int64_t first = cs.isa.nargs ? cs.isa.arg_slot[0]
					     : CODE_SLOTS + cs.isa.ret_push / cs.isa.word;
		f->ev[f->nev++] = (struct event){E_ENTRY, 0, first, 0, p->helpers[i]};
		cs.nsum++;
	}
	long *rk = xmalloc((p->nfns + 1) * sizeof(*rk));
	uint8_t *cand = xcalloc(cs.next + 1, 1);
	uint64_t *end = xmalloc((cs.next + 1) * sizeof(*end));
	for (size_t k = 0; k < cs.next; k++)
		end[k] = region_end(&cs, k);
	for (size_t i = 0; i < p->nfns; i++)
		rk[i] = region_of(&cs, end, p->fns[i].addr & (cs.isa.h_thumb ? ~1ull : ~0ull));
	cs.rend = end;
	candidates(&cs, p, rk, cand);
	size_t cap = 0;
	for (size_t i = 0; i < p->nfns; i++) {
		int thumb = cs.isa.h_thumb && (p->fns[i].addr & 1);
		uint64_t entry = thumb ? p->fns[i].addr & ~1ull : p->fns[i].addr;
		if (rk[i] >= 0 && !cand[rk[i]])
			continue;
		struct summary *f = summarize(&cs, entry, thumb);
		for (size_t k = 0; f && k < f->nev; k++) {
			const struct event *e = &f->ev[k];
			struct code_prog_fact x = {i, CODE_PROG_IND, 0, e->addr, e->via};
			struct code_step s;
			if (e->depth)
				continue;
			if (e->kind == E_NR) {
				x.kind = CODE_PROG_NR;
				x.nr = e->v;
			} else if (e->kind == E_ENTRY && entry_arg(&cs.isa, e->v)) {
				x.kind = CODE_PROG_ARG;
				x.nr = entry_arg(&cs.isa, e->v);
			} else if (!e->via && (!step_at(&cs, e->addr, thumb, &s) || s.kind != CK_TRAP)) {
				continue; /* a call or jump through a register: no syscall of its own */
			}
			if (*nfacts == cap) {
				cap = cap ? 2 * cap : 64;
				*facts = xrealloc(*facts, cap * sizeof(**facts));
			}
			(*facts)[(*nfacts)++] = x;
		}
	}
	free(rk);
	free(cand);
	free(end);
	*nbad = cs.nbad;
	free(cs.bad);
	strv_free(&cs.owned);
	free_object(&cs);
	cs_free(cs.insn, 1);
	for (size_t i = 0; i < cs.nwalks; i++) {
		walk_free(cs.walks[i]);
		free(cs.walks[i]);
	}
	free(cs.walks);
	code_isa_close(&cs.isa);
	return 0;
}
