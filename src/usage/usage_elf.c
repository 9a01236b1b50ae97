/* usage_elf.c: This file contains the reading of one ELF program or shared
 * library for the demand scan: the libc functions it imports (with their
 * symbol versions), and, through the libc's machine-code engine
 * (libc/code_program.h), each syscall it makes by hand: a call of
 * syscall() through its PLT stub with a constant number, a trap with one
 * (static and Go programs), or "indirect" where the number is not a
 * constant on every path. The engine needs function starts and the PLT
 * stubs' targets, which a stripped file does not name: the starts come
 * from .eh_frame_hdr's table (every function compiled with unwind tables,
 * Debian's default) or, without one, .eh_frame's FDEs, .ARM.exidx on ARM,
 * the symbols and the entry point, and in a Go program without symbols
 * (stripped: no unwind tables either) .gopclntab's function table;
 * a stub's import from decoding the stub's GOT load (x86, AArch64, ARM,
 * RISC-V, s390x, m68k, 64-bit PowerPC's call stubs) and the GOT slot's
 * relocation; on SPARC the relocation names the PLT entry itself, and MIPS
 * PIC code calls through the GOT entry (libc/code_program.h's code_got). */
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "arch/isa.h"
#include "base/util.h"
#include "libc/code_program.h"
#include "usage/usage.h"

/* the imported functions that take the syscall number as their first
 * argument */
static int is_helper(const char *name)
{
	return !strcmp(name, "syscall");
}

struct slot {
	uint64_t got;
	const char *name;
};

struct stub {
	uint64_t addr;
	const char *name;
	int got; /* MIPS: the address is the GOT entry's, called through */
};

struct elfin {
	Elf *e;
	GElf_Ehdr eh;
	const uint8_t *p;
	size_t len;
	int le;
	struct code_prog_sec *secs;
	size_t nsecs;
	struct code_prog_fn *fns;
	size_t nfns, fcap;
	struct slot *slots; /* GOT slot -> imported name */
	size_t nslots;
	struct stub *stubs; /* PLT entry -> imported name */
	size_t nstubs;
	struct { uint64_t addr; const char *name; } *names; /* function names, by address */
	size_t nnames;
	int plt_decoded;
	struct code_prog_sec opd; /* 64-bit PowerPC ELFv1: the function descriptors */
	char *gopcln; /* what was read of .gopclntab, for the how text */
};

static uint32_t rd32(const struct elfin *in, const uint8_t *q)
{
	return isa_rd32(q, in->le);
}

static uint64_t rd64(const struct elfin *in, const uint8_t *q)
{
	return (uint64_t)rd32(in, q + (in->le ? 4 : 0)) << 32 | rd32(in, q + (in->le ? 0 : 4));
}

/* The code of a function symbol or entry point: on 64-bit PowerPC ELFv1
 * it names the function's descriptor in .opd, whose first doubleword is
 * the code's address */
static uint64_t code_addr(const struct elfin *in, uint64_t a)
{
	if (in->opd.size < 8 || a < in->opd.addr || a - in->opd.addr > in->opd.size - 8)
		return a;
	return rd64(in, in->opd.p + (a - in->opd.addr));
}

static void add_fn(struct elfin *in, uint64_t addr, uint64_t size)
{
	if (!addr)
		return;
	if (in->nfns == in->fcap) {
		in->fcap = in->fcap ? 2 * in->fcap : 256;
		in->fns = xrealloc(in->fns, in->fcap * sizeof(*in->fns));
	}
	in->fns[in->nfns++] = (struct code_prog_fn){addr, size};
}

static int cmp_fn(const void *a, const void *b)
{
	const struct code_prog_fn *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return (x->size < y->size) - (x->size > y->size);
}

static int cmp_slot(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;
	return (x->got > y->got) - (x->got < y->got);
}

static const char *slot_name(const struct elfin *in, uint64_t got)
{
	struct slot key = {got, NULL};
	const struct slot *s = in->nslots ? bsearch(&key, in->slots, in->nslots, sizeof(key), cmp_slot)
					  : NULL;
	return s ? s->name : NULL;
}

static void add_stub(struct elfin *in, uint64_t addr, uint64_t got)
{
	const char *name = slot_name(in, got);
	if (!name)
		return;
	in->stubs = xrealloc(in->stubs, (in->nstubs + 1) * sizeof(*in->stubs));
	in->stubs[in->nstubs++] = (struct stub){addr, name, 0};
}

/* The entries of one PLT section and the GOT slot each jumps through, by
 * the stub layout of the ABI's ISA (arch/isa.h's plt_stub) */
static void plt_section(struct elfin *in, const struct arch_code *ac, uint64_t addr, const uint8_t *q,
			size_t n, uint64_t entsize, uint64_t gotplt, uint64_t got)
{
	const struct isa_desc *d = ac->isa;
	if (d->plt_written) {
		for (size_t i = 0; i < in->nslots; i++)
			if (in->slots[i].got >= addr && in->slots[i].got - addr < n)
				add_stub(in, in->slots[i].got, in->slots[i].got);
	} else if (d->plt_stub) {
		struct plt_in p = {ac, q, n, addr, entsize, gotplt, got, in->le};
		for (size_t i = 0; i < n; i += (size_t)d->plt_step) {
			uint64_t slot, entry[2];
			int k = d->plt_stub(&p, i, &slot, entry);
			for (int j = 0; j < k; j++)
				add_stub(in, entry[j], slot);
		}
	} else {
		return;
	}
	in->plt_decoded = 1;
}

/* 64-bit PowerPC: the linker's call stubs among the code (ELFv2's
 * std r2,24(r1), ELFv1's 40(r1); [addis r11|r12,r2,hi;] ld r12,lo(r2|r11|r12);
 * mtctr r12; bctr), their slot in .plt at the TOC pointer r2 (.got + 0x8000,
 * as GNU ld and lld place .TOC.) + offset */
static void ppc64_stubs(struct elfin *in, uint64_t addr, const uint8_t *q, size_t n, uint64_t toc)
{
	for (size_t i = 0; i + 12 <= n; i += 4) {
		uint32_t w = rd32(in, q + i);
		if (w != 0xf8410018 && w != 0xf8410028)
			continue;
		size_t k = i + 4;
		uint32_t x = rd32(in, q + k);
		unsigned base = 2;
		int64_t off = 0;
		if (x >> 26 == 15 && (x >> 16 & 31) == 2 && ((x >> 21 & 31) == 11 || (x >> 21 & 31) == 12)) {
			off = (int64_t)(int16_t)(x & 0xffff) * 65536;
			base = x >> 21 & 31;
			k += 4;
			if (k + 4 > n)
				continue;
			x = rd32(in, q + k);
		}
		/* ld r12, ds(base), then mtctr r12 */
		if ((x & 0xfc000003) != 0xe8000000 || (x >> 21 & 31) != 12 || (x >> 16 & 31) != base ||
		    k + 8 > n || rd32(in, q + k + 4) != 0x7d8903a6)
			continue;
		add_stub(in, addr + i, toc + (uint64_t)(off + (int16_t)(x & 0xfffc)));
	}
	in->plt_decoded = 1;
}

/* MIPS: PIC code calls an import through its GOT entry (lw t9,off(gp);
 * jalr t9), with no stub: a helper's entry is marked with its own address,
 * which code_program() takes as the helper's */
static void mips_got(struct elfin *in, Elf_Scn *got, Elf_Scn *dynamic, Elf_Scn *dynsym,
		     const struct arch_desc *arch, struct code_got *g)
{
	GElf_Shdr sh;
	Elf_Data *d;
	if (code_mips_got(arch, in->p, in->len, got, dynamic, dynsym, g) < 0 ||
	    !gelf_getshdr(dynsym, &sh) || !(d = elf_getdata(dynsym, NULL)))
		return;
	for (size_t i = g->local; i < g->n; i++) {
		GElf_Sym y;
		const char *name;
		if (!gelf_getsym(d, (int)(g->gotsym + i - g->local), &y) || y.st_shndx != SHN_UNDEF ||
		    !(name = elf_strptr(in->e, sh.sh_link, y.st_name)) || !is_helper(name))
			continue;
		g->v[i] = g->addr + i * (uint64_t)g->entsize;
		in->stubs = xrealloc(in->stubs, (in->nstubs + 1) * sizeof(*in->stubs));
		in->stubs[in->nstubs++] = (struct stub){g->v[i], name, 1};
	}
	in->plt_decoded = 1;
}

/* .eh_frame_hdr's binary search table: every FDE's initial location,
 * in the one encoding the linkers write (datarel sdata4) */
static void eh_frame_hdr(struct elfin *in, uint64_t addr, const uint8_t *q, size_t n)
{
	if (n < 12 || q[0] != 1 || q[2] != 0x03 || q[3] != 0x3b)
		return;
	size_t off = 4;
	switch (q[1] & 0x0f) { /* eh_frame_ptr's size */
	case 0x03: case 0x0b: off += 4; break;
	case 0x04: case 0x0c: off += 8; break;
	case 0x00: off += in->eh.e_ident[EI_CLASS] == ELFCLASS64 ? 8 : 4; break;
	default: return;
	}
	if (off + 4 > n)
		return;
	uint32_t count = rd32(in, q + off);
	off += 4;
	for (uint32_t i = 0; i < count && off + 8 <= n; i++, off += 8)
		add_fn(in, addr + (uint64_t)(int64_t)(int32_t)rd32(in, q + off), 0);
}

/* A LEB128 at q[*off] (before n); sets *off past it, or to n if cut */
static uint64_t leb128(const uint8_t *q, size_t n, size_t *off, int is_signed)
{
	uint64_t v = 0;
	int shift = 0;
	uint8_t b = 0;
	do {
		if (*off >= n) {
			*off = n;
			return 0;
		}
		b = q[(*off)++];
		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	if (is_signed && shift < 64 && (b & 0x40))
		v |= ~0ull << shift;
	return v;
}

/* An unsigned word of 4 or 8 bytes at q */
static uint64_t uword(const struct elfin *in, const uint8_t *q, size_t size)
{
	return size == 4 ? rd32(in, q) : rd64(in, q);
}

/* A CIE's encoding of its FDEs' initial locations ('R' of its
 * augmentation, LSB 5.0 10.6.1.1), or -1 where it cannot be told */
static int cie_encoding(const struct elfin *in, const uint8_t *q, size_t n)
{
	size_t off = 1; /* past the version */
	const char *aug = (const char *)q + off, *nul = memchr(aug, 0, n - off);
	size_t alen = nul ? (size_t)(nul - aug) : n - off;
	if (!nul || aug[0] != 'z')
		return aug[0] ? -1 : 0; /* no augmentation data: absolute */
	off += alen + 1;
	leb128(q, n, &off, 0);
	leb128(q, n, &off, 1);
	if (q[0] == 1)
		off++;
	else
		leb128(q, n, &off, 0);
	leb128(q, n, &off, 0); /* the augmentation data's length */
	for (size_t i = 1; i < alen && off < n; i++) {
		if (aug[i] == 'R')
			return q[off];
		if (aug[i] == 'L')
			off++;
		else if (aug[i] == 'P' && off < n) {
			/* the personality routine's pointer, in its encoding
			 * (glibc's static cleanup code: "zPR") */
			int pe = q[off++] & 0x0f;
			if (pe == 0x01 || pe == 0x09)
				leb128(q, n, &off, pe == 0x09);
			else
				off += pe == 0x00 ? (in->eh.e_ident[EI_CLASS] == ELFCLASS64 ? 8 : 4)
				       : (pe & 7) == 2 ? 2 : (pe & 7) == 3 ? 4 : 8;
		} else if (aug[i] != 'S' && aug[i] != 'B')
			return -1;
	}
	return 0;
}

/* .eh_frame itself where there is no .eh_frame_hdr (static programs
 * linked without --eh-frame-hdr: valgrind's tools): each FDE's initial
 * location, in the pointer encodings the linkers write (absolute or
 * pc-relative, 4 or 8 bytes). A record not understood is skipped. */
static void eh_frame(struct elfin *in, uint64_t addr, const uint8_t *q, size_t n)
{
	size_t off = 0;
	while (off + 8 <= n) {
		uint64_t len = rd32(in, q + off);
		size_t hdr = 4;
		if (!len)
			break; /* the terminator */
		if (len == 0xffffffff) {
			if (off + 12 > n)
				break;
			len = rd64(in, q + off + 4);
			hdr = 12;
		}
		if (len > n - off - hdr || len < 4)
			break;
		size_t body = off + hdr, end = body + len;
		uint32_t id = rd32(in, q + body);
		if (id && id <= body) {
			size_t cie = body - id;
			uint32_t clen = cie + 8 <= n ? rd32(in, q + cie) : 0;
			int enc = clen && clen != 0xffffffff && clen <= n - cie - 4 && !rd32(in, q + cie + 4)
					  ? cie_encoding(in, q + cie + 8, clen - 4) : -1;
			size_t at = body + 4, size = (enc & 7) == 3 ? 4 : (enc & 7) == 4 ? 8
						   : !(enc & 7) ? (in->eh.e_ident[EI_CLASS] == ELFCLASS64 ? 8 : 4) : 0;
			if (enc >= 0 && (enc & 0x70) <= 0x10 && size && at + 2 * size <= end) {
				uint64_t v = uword(in, q + at, size), range = uword(in, q + at + size, size);
				if (size == 4 && (enc & 8))
					v = (uint64_t)(int64_t)(int32_t)v;
				if (enc & 0x10)
					v += addr + at;
				/* its extent too: the path after a call that does not
				 * return stops there, not in the next function */
				add_fn(in, size == 4 && in->eh.e_ident[EI_CLASS] != ELFCLASS64 ? v & 0xffffffffu : v,
				       range);
			}
		}
		off = end;
	}
}

static int cmp_fn_at(const void *key, const void *fn)
{
	uint64_t a = *(const uint64_t *)key, b = ((const struct code_prog_fn *)fn)->addr;
	return (a > b) - (a < b);
}

/* .ARM.exidx: a prel31 offset to each function, which does not say
 * Thumb or ARM. Read after the symbols: a function a symbol names is in
 * its mode (the low bit); another in the mode most named functions are
 * (a shared library's entry point is 0: Debian's armhf builds Thumb-2),
 * or without any, the entry point's. Both modes at one address would
 * decode the same bytes twice, one of them as garbage. */
static void arm_exidx(struct elfin *in, uint64_t addr, const uint8_t *q, size_t n)
{
	size_t odd = 0, named = in->nfns;
	for (size_t i = 0; i < named; i++)
		odd += in->fns[i].addr & 1;
	uint64_t thumb = named ? odd * 2 > named : in->eh.e_entry & 1;
	qsort(in->fns, named, sizeof(*in->fns), cmp_fn);
	for (size_t off = 0; off + 8 <= n; off += 8) {
		uint64_t a = (addr + off + (uint64_t)isa_sext(rd32(in, q + off) & 0x7fffffff, 31)) &
			     0xfffffffeu;
		uint64_t a1 = a | 1;
		if (!bsearch(&a, in->fns, named, sizeof(*in->fns), cmp_fn_at) &&
		    !bsearch(&a1, in->fns, named, sizeof(*in->fns), cmp_fn_at))
			add_fn(in, a | thumb, 0);
	}
}

static void add_name(struct elfin *in, uint64_t addr, const char *name)
{
	in->names = xrealloc(in->names, (in->nnames + 1) * sizeof(*in->names));
	in->names[in->nnames].addr = addr;
	in->names[in->nnames++].name = name;
}

/* Go's pclntab (Go's src/debug/gosym/pclntab.go, runtime/symtab.go): a
 * header (magic, 0, 0, pc quantum, pointer size, then pointer-sized
 * words: nfunc, nfiles, textStart, the name table's offset, ..., the
 * function table's), the function table of nfunc (entry, funcoff) pairs
 * of 4 bytes and an end entry, entries relative to textStart (0 where it
 * waits for a dynamic relocation: then .text's address), and per function
 * a _func (entry, then nameoff into the name table). Each function a
 * start with its extent (up to the next entry) and its name. Go 1.18 and
 * 1.20 (the same layout); older ones (pointer-sized fields, absolute
 * entries) are not read: no test program for them. */
static void gopclntab(struct elfin *in, const uint8_t *q, size_t n, uint64_t text)
{
	uint32_t magic = n >= 8 ? rd32(in, q) : 0;
	size_t ps = n >= 8 ? q[7] : 0;
	if (magic == 0xfffffffa || magic == 0xfffffffb) {
		in->gopcln = xasprintf(".gopclntab not read: Go %s format",
				       magic == 0xfffffffa ? "1.16" : "1.2");
		return;
	}
	if ((magic != 0xfffffff0 && magic != 0xfffffff1) || q[4] || q[5] || (ps != 4 && ps != 8) ||
	    n < 8 + 8 * ps) {
		in->gopcln = xstrdup(".gopclntab not read: a header syscov does not know");
		return;
	}
	const char *go = magic == 0xfffffff1 ? "1.20" : "1.18";
#define WORD(w) uword(in, q + 8 + (w) * ps, ps)
	uint64_t nfunc = WORD(0), base = WORD(2) ? WORD(2) : text, names = WORD(3), tab = WORD(7);
#undef WORD
	if (tab > n || names > n || nfunc > n || !nfunc || (n - tab) / 4 < 2 * nfunc + 1) {
		in->gopcln = xasprintf(".gopclntab, Go %s format, not read: its function table is cut",
				       go);
		return;
	}
	for (uint64_t i = 0; i < nfunc; i++) {
		const uint8_t *e = q + tab + 8 * i;
		uint64_t entry = base + rd32(in, e), next = base + rd32(in, e + 8);
		uint64_t fo = rd32(in, e + 4); /* from the function table */
		add_fn(in, entry, next > entry ? next - entry : 0);
		if (fo > n - tab || n - tab - fo < 8)
			continue;
		uint64_t at = names + (uint64_t)(int64_t)(int32_t)rd32(in, q + tab + fo + 4);
		if (at < n && memchr(q + at, 0, n - at))
			add_name(in, entry, (const char *)q + at);
	}
	in->gopcln = xasprintf("%llu from .gopclntab, Go %s format", (unsigned long long)nfunc, go);
}

/* The symbols: imports (with versions) into f, defined functions as
 * starts and names, undefined ones by GOT slot */
static void symbols(struct elfin *in, Elf_Scn *scn, int dynamic, Elf_Scn *versym_scn,
		    Elf_Scn *verneed_scn, struct usage_facts *f)
{
	GElf_Shdr sh;
	Elf_Data *d = gelf_getshdr(scn, &sh) ? elf_getdata(scn, NULL) : NULL;
	if (!d || !sh.sh_entsize)
		return;
	Elf_Data *vs = dynamic && versym_scn ? elf_getdata(versym_scn, NULL) : NULL;
	Elf_Data *vn = dynamic && verneed_scn ? elf_getdata(verneed_scn, NULL) : NULL;
	GElf_Shdr vnsh;
	if (vn && !gelf_getshdr(verneed_scn, &vnsh))
		vn = NULL;
	size_t nsym = sh.sh_size / sh.sh_entsize;
	for (size_t i = 1; i < nsym; i++) {
		GElf_Sym y;
		if (!gelf_getsym(d, (int)i, &y))
			break;
		int type = GELF_ST_TYPE(y.st_info), bind = GELF_ST_BIND(y.st_info);
		const char *name = elf_strptr(in->e, sh.sh_link, y.st_name);
		if (!name || !*name)
			continue;
		if (y.st_shndx != SHN_UNDEF) {
			if (type == STT_FUNC) {
				uint64_t a = code_addr(in, y.st_value);
				/* a descriptor's size is not its code's */
				add_fn(in, a, a == y.st_value ? y.st_size : 0);
				add_name(in, a & (in->eh.e_machine == EM_ARM ? ~1ull : ~0ull), name);
			}
			continue;
		}
		if (!dynamic || (type != STT_FUNC && type != STT_NOTYPE) ||
		    (bind != STB_GLOBAL && bind != STB_WEAK))
			continue;
		struct usage_import im = {xstrdup(name), NULL, NULL};
		GElf_Versym v;
		if (vs && gelf_getversym(vs, (int)i, &v) && (v & 0x7fff) > 1 && vn) {
			/* the version needed: verneed's aux entry of that index */
			size_t off = 0;
			GElf_Verneed need;
			for (size_t k = 0; k < vnsh.sh_info && gelf_getverneed(vn, (int)off, &need);
			     k++, off += need.vn_next) {
				size_t aoff = off + need.vn_aux;
				GElf_Vernaux aux;
				for (size_t a = 0; a < need.vn_cnt && gelf_getvernaux(vn, (int)aoff, &aux);
				     a++, aoff += aux.vna_next) {
					if ((aux.vna_other & 0x7fff) == (v & 0x7fff) && !im.version) {
						const char *vname = elf_strptr(in->e, vnsh.sh_link, aux.vna_name);
						const char *lib = elf_strptr(in->e, vnsh.sh_link, need.vn_file);
						im.version = vname ? xstrdup(vname) : NULL;
						im.lib = lib ? xstrdup(lib) : NULL;
					}
					if (!aux.vna_next)
						break;
				}
				if (!need.vn_next)
					break;
			}
		}
		f->imp = xrealloc(f->imp, (f->nimp + 1) * sizeof(*f->imp));
		f->imp[f->nimp++] = im;
	}
}

static void relocs(struct elfin *in, Elf_Scn *scn, const GElf_Shdr *sh)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	Elf_Scn *ss = elf_getscn(in->e, sh->sh_link);
	GElf_Shdr ssh;
	Elf_Data *syms = ss && gelf_getshdr(ss, &ssh) ? elf_getdata(ss, NULL) : NULL;
	if (!d || !syms || !sh->sh_entsize)
		return;
	for (size_t i = 0; i < sh->sh_size / sh->sh_entsize; i++) {
		GElf_Rela ra;
		GElf_Rel rl;
		GElf_Sym y;
		if (sh->sh_type == SHT_RELA ? !gelf_getrela(d, (int)i, &ra) : !gelf_getrel(d, (int)i, &rl))
			break;
		if (sh->sh_type == SHT_REL)
			ra = (GElf_Rela){rl.r_offset, rl.r_info, 0};
		if (!GELF_R_SYM(ra.r_info) || !gelf_getsym(syms, (int)GELF_R_SYM(ra.r_info), &y) ||
		    y.st_shndx != SHN_UNDEF)
			continue;
		const char *name = elf_strptr(in->e, ssh.sh_link, y.st_name);
		if (!name || !*name)
			continue;
		in->slots = xrealloc(in->slots, (in->nslots + 1) * sizeof(*in->slots));
		in->slots[in->nslots++] = (struct slot){ra.r_offset, name};
	}
}

/* the sonames it links (DT_NEEDED), for what a program needs */
static void needed(struct elfin *in, Elf_Scn *scn, const GElf_Shdr *sh, struct usage_facts *f)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	struct buf b = {0};
	for (size_t i = 0; d && sh->sh_entsize && i < sh->sh_size / sh->sh_entsize; i++) {
		GElf_Dyn dy;
		const char *name;
		if (!gelf_getdyn(d, (int)i, &dy) || dy.d_tag == DT_NULL)
			break;
		if (dy.d_tag == DT_NEEDED && (name = elf_strptr(in->e, sh->sh_link, dy.d_un.d_val)))
			buf_printf(&b, "%s%s", b.len ? " " : "", name);
	}
	if (b.len)
		f->needed = buf_steal(&b);
	buf_free(&b);
}

static int cmp_name(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static char *name_of(const struct elfin *in, uint64_t addr)
{
	uint64_t a = addr & (in->eh.e_machine == EM_ARM ? ~1ull : ~0ull);
	size_t lo = 0, hi = in->nnames;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (in->names[mid].addr < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < in->nnames && in->names[lo].addr == a)
		return xstrdup(in->names[lo].name);
	for (size_t i = 0; i < in->nstubs; i++)
		if ((in->stubs[i].addr & (in->eh.e_machine == EM_ARM ? ~1ull : ~0ull)) == a)
			return xasprintf("%s@%s", in->stubs[i].name, in->stubs[i].got ? "got" : "plt");
	return xasprintf("0x%llx", (unsigned long long)a);
}

static int cmp_import(const void *a, const void *b)
{
	return strcmp(((const struct usage_import *)a)->name, ((const struct usage_import *)b)->name);
}

int usage_read_elf(const void *p, size_t len, struct usage_facts *f)
{
	memset(f, 0, sizeof(*f));
	elf_version(EV_CURRENT);
	struct elfin in = {.p = p, .len = len};
	in.e = elf_memory((char *)p, len);
	int rc = 1;
	if (!in.e || elf_kind(in.e) != ELF_K_ELF || !gelf_getehdr(in.e, &in.eh) ||
	    (in.eh.e_type != ET_EXEC && in.eh.e_type != ET_DYN))
		goto out;
	in.le = in.eh.e_ident[EI_DATA] == ELFDATA2LSB;
	f->arch = arch_by_elf(in.eh.e_machine, in.eh.e_ident[EI_CLASS], in.le ? ARCH_LE : ARCH_BE,
			      in.eh.e_flags);
	const struct arch_code *ac = f->arch ? f->arch->code : NULL; /* NULL: no decoder */
	size_t shstr, nph = 0;
	if (elf_getshdrstrndx(in.e, &shstr) < 0)
		shstr = 0;
	int interp = 0, dynamic = 0;
	elf_getphdrnum(in.e, &nph);
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(in.e, (int)i, &ph))
			interp |= ph.p_type == PT_INTERP, dynamic |= ph.p_type == PT_DYNAMIC;
	}
	f->kind = !dynamic ? "static" : in.eh.e_type == ET_EXEC ? "exec" : interp ? "pie" : "shared";
	Elf_Scn *scn = NULL, *dynsym = NULL, *symtab = NULL, *versym = NULL, *verneed = NULL, *ehf = NULL;
	Elf_Scn *exidx = NULL;
	Elf_Scn *pcln = NULL;
	uint64_t text = 0;
	int have_hdr = 0;
	Elf_Scn *got = NULL, *dyn = NULL;
	GElf_Shdr sh;
	uint64_t gotplt = 0, gotaddr = 0, toc = 0;
	struct code_got g = {0};
	while ((scn = elf_nextscn(in.e, scn))) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		const char *sname = shstr ? elf_strptr(in.e, shstr, sh.sh_name) : NULL;
		int inside = sh.sh_type != SHT_NOBITS && sh.sh_offset <= len && sh.sh_size <= len - sh.sh_offset;
		if (sh.sh_type == SHT_DYNSYM)
			dynsym = scn;
		else if (sh.sh_type == SHT_SYMTAB)
			symtab = scn;
		else if (sh.sh_type == SHT_GNU_versym)
			versym = scn;
		else if (sh.sh_type == SHT_GNU_verneed)
			verneed = scn;
		else if (sh.sh_type == SHT_RELA || sh.sh_type == SHT_REL)
			relocs(&in, scn, &sh);
		else if (sh.sh_type == SHT_DYNAMIC)
			needed(&in, scn, &sh, f), dyn = scn;
		if (sname && !strcmp(sname, ".got.plt"))
			gotplt = sh.sh_addr;
		if (sname && !strcmp(sname, ".text"))
			text = sh.sh_addr;
		if (sname && !strcmp(sname, ".got"))
			got = scn, gotaddr = sh.sh_addr, toc = sh.sh_addr + 0x8000;
		if (!inside)
			continue;
		/* SPARC's .plt holds what the dynamic linker writes, not the
		 * code that runs: its entries are external calls, not code */
		if (sh.sh_type == SHT_PROGBITS && (sh.sh_flags & SHF_EXECINSTR) &&
		    !(sname && !strcmp(sname, ".plt") && ac && ac->isa->plt_written)) {
			in.secs = xrealloc(in.secs, (in.nsecs + 1) * sizeof(*in.secs));
			in.secs[in.nsecs++] = (struct code_prog_sec){sh.sh_addr, sh.sh_size, in.p + sh.sh_offset};
		} else if (sname && !strcmp(sname, ".opd") && in.eh.e_machine == EM_PPC64) {
			in.opd = (struct code_prog_sec){sh.sh_addr, sh.sh_size, in.p + sh.sh_offset};
		} else if (sname && !strcmp(sname, ".eh_frame_hdr")) {
			eh_frame_hdr(&in, sh.sh_addr, in.p + sh.sh_offset, sh.sh_size);
			have_hdr = 1;
		} else if (sname && !strcmp(sname, ".eh_frame")) {
			ehf = scn;
		} else if (sname && str_ends(sname, ".gopclntab")) { /* .data.rel.ro.gopclntab in a PIE */
			pcln = scn;
		} else if (sh.sh_type == SHT_ARM_EXIDX && in.eh.e_machine == EM_ARM) {
			exidx = scn;
		}
	}
	if (!have_hdr && ehf && gelf_getshdr(ehf, &sh))
		eh_frame(&in, sh.sh_addr, in.p + sh.sh_offset, sh.sh_size);
	if (!symtab && pcln && gelf_getshdr(pcln, &sh))
		gopclntab(&in, in.p + sh.sh_offset, sh.sh_size, text);
	if (in.nslots)
		qsort(in.slots, in.nslots, sizeof(*in.slots), cmp_slot);
	scn = NULL;
	while ((scn = elf_nextscn(in.e, scn))) {
		const char *sname;
		if (gelf_getshdr(scn, &sh) && shstr && sh.sh_type == SHT_PROGBITS &&
		    ac && (sname = elf_strptr(in.e, shstr, sh.sh_name)) && str_starts(sname, ".plt") &&
		    sh.sh_offset <= len && sh.sh_size <= len - sh.sh_offset)
			plt_section(&in, ac, sh.sh_addr, in.p + sh.sh_offset, sh.sh_size, sh.sh_entsize,
				    gotplt, gotaddr);
	}
	for (size_t i = 0; in.eh.e_machine == EM_PPC64 && got && i < in.nsecs; i++)
		ppc64_stubs(&in, in.secs[i].addr, in.secs[i].p, in.secs[i].size, toc);
	if (in.eh.e_machine == EM_MIPS && f->arch)
		mips_got(&in, got, dyn, dynsym, f->arch, &g);
	if (dynsym)
		symbols(&in, dynsym, 1, versym, verneed, f);
	if (symtab)
		symbols(&in, symtab, 0, NULL, NULL, f);
	if (exidx && gelf_getshdr(exidx, &sh))
		arm_exidx(&in, sh.sh_addr, in.p + sh.sh_offset, sh.sh_size);
	if (f->nimp)
		qsort(f->imp, f->nimp, sizeof(*f->imp), cmp_import);
	if (in.nnames)
		qsort(in.names, in.nnames, sizeof(*in.names), cmp_name);
	add_fn(&in, code_addr(&in, in.eh.e_entry), 0);
	rc = 0;
	if (!f->arch || !f->arch->code) {
		f->how = xasprintf("code not read: %s", f->arch ? "no decoder for its ABI"
							      : "an ABI syscov does not know");
		goto out;
	}
	/* one start per address, the largest size */
	if (in.nfns)
		qsort(in.fns, in.nfns, sizeof(*in.fns), cmp_fn);
	size_t k = 0;
	for (size_t i = 0; i < in.nfns; i++)
		if (!k || in.fns[i].addr != in.fns[k - 1].addr)
			in.fns[k++] = in.fns[i];
	in.nfns = k;
	uint64_t *helpers = xmalloc((in.nstubs + 1) * sizeof(*helpers));
	size_t nh = 0;
	for (size_t i = 0; i < in.nstubs; i++)
		if (is_helper(in.stubs[i].name))
			helpers[nh++] = in.stubs[i].addr;
	int helper_imported = 0;
	for (size_t i = 0; i < f->nimp; i++)
		helper_imported |= is_helper(f->imp[i].name);
	struct code_prog cp = {f->arch, in.secs, in.nsecs, in.fns, in.nfns, helpers, nh, -1,
			       g.v ? &g : NULL};
	struct code_prog_fact *facts;
	size_t nfacts, nbad;
	if (code_program(&cp, &facts, &nfacts, &nbad) < 0) {
		free(helpers);
		rc = -1;
		goto out;
	}
	free(helpers);
	f->calls = xcalloc(nfacts + 1, sizeof(*f->calls));
	for (size_t i = 0; i < nfacts; i++) {
		const struct code_prog_fact *x = &facts[i];
		f->calls[f->ncalls++] = (struct usage_call){
			x->kind == CODE_PROG_NR ? USE_CONST : x->kind == CODE_PROG_ARG ? USE_ARG : USE_INDIRECT,
			x->nr, x->addr, name_of(&in, in.fns[x->fn].addr), x->via ? name_of(&in, x->via) : NULL};
	}
	free(facts);
	f->how = xasprintf("%zu function starts%s%s%s, %zu sections of code%s%s; %zu addresses not decoded",
			   in.nfns, in.gopcln ? " (" : "", in.gopcln ? in.gopcln : "", in.gopcln ? ")" : "", in.nsecs,
			   helper_imported && !in.plt_decoded ? "; syscall() imported, its PLT stub not decoded"
							      : "",
			   helper_imported && in.plt_decoded && !nh ? "; syscall() imported, no PLT stub found"
								    : "",
			   nbad);
out:
	if (in.e)
		elf_end(in.e);
	free(in.secs);
	free(in.fns);
	free(in.slots);
	free(in.stubs);
	free(in.names);
	free(in.gopcln);
	free(g.v);
	return rc;
}

void usage_facts_free(struct usage_facts *f)
{
	for (size_t i = 0; i < f->nimp; i++) {
		free(f->imp[i].name);
		free(f->imp[i].version);
		free(f->imp[i].lib);
	}
	free(f->imp);
	for (size_t i = 0; i < f->ncalls; i++) {
		free(f->calls[i].func);
		free(f->calls[i].via);
	}
	free(f->calls);
	free(f->needed);
	free(f->how);
	memset(f, 0, sizeof(*f));
}
