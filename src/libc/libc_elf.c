/* libc_elf.c: the installed libc as facts: every function it defines, with
 * its symbol version and whether that version is the default (linkable) one,
 * and the libc's flavour and version.
 *
 * The libc is found the way the link editor finds -lc in the sysroot's
 * library dirs: libc.so (often a GNU ld script whose GROUP/INPUT/AS_NEEDED
 * entries are followed inside the sysroot), else libc.so.6, else the static
 * libc.a. Shared objects are read from .dynsym with .gnu.version (versym,
 * bit 0x8000 = hidden, i.e. a compat-only symbol) and .gnu.version_d
 * (verdef); objects without .dynsym (klibc's libc.so) and archive members
 * from .symtab. Every file is opened through sysroot.h, so nothing outside
 * the sysroot is opened: a shared object is read by libelf from that fd,
 * just the parts it needs (a tenth of libc.so.6); an archive or a linker
 * script is read whole, an archive parsed with elf_memory(). */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <ar.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libc/ar_check.h"
#include "libc/flavour.h"
#include "libc/libc_elf.h"
#include "scan/scanner.h"

#define ELF_MAX ((size_t)256 << 20)   /* largest library read */
#define DPKG_MAX ((size_t)64 << 20)   /* largest dpkg status / list file */
#define SCRIPT_DEPTH 8                /* nested linker scripts */
#define VERSYM_HIDDEN 0x8000          /* versym: hidden (non-default) */

/* glibc's libraries beside libc.so.6 that export syscall wrappers in some
 * versions (timer_*, mq_*, clock_* in librt before 2.17; pthread and
 * cancellation-point wrappers in libpthread before 2.34). */
static const char *const glibc_extra[] = {"librt.so.1", "libpthread.so.0"};

/* A set of strings (names already recorded for one static archive, where
 * several members may define the same weak name). */
struct strset {
	char **slot;
	size_t n, cap;
};

static int strset_add(struct strset *s, const char *str)
{
	if (2 * (s->n + 1) > s->cap) {
		struct strset t = {xcalloc(s->cap ? 2 * s->cap : 1024, sizeof(char *)), 0,
				   s->cap ? 2 * s->cap : 1024};
		for (size_t i = 0; i < s->cap; i++)
			if (s->slot[i])
				strset_add(&t, s->slot[i]), free(s->slot[i]);
		free(s->slot);
		*s = t;
	}
	size_t i = hash64(str, strlen(str), 0) & (s->cap - 1);
	for (; s->slot[i]; i = (i + 1) & (s->cap - 1))
		if (!strcmp(s->slot[i], str))
			return 0;
	s->slot[i] = xstrdup(str);
	s->n++;
	return 1;
}

static void strset_free(struct strset *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->slot[i]);
	free(s->slot);
	memset(s, 0, sizeof(*s));
}

/* A libc_symbol row waiting for its batch. Its strings are static, or stay
 * in libelf's data and the verdefs until the batch is written. */
struct sym_row {
	int64_t lib_id;
	const char *name, *ver, *type, *bind;
	int is_default;
};

/* Symbol rows are written SYM_BATCH to a statement: one statement run per
 * row was half of the scan's time. */
#define SYM_BATCH 64

/* A file the scan read, recorded as an input row when the scan ends, in
 * read order: meanwhile a thread reads a large one and computes its content
 * hash (reading libc.so.6 whole is more than half of the scan). libelf
 * does not write to a file it parses. */
struct lib_input {
	char *host;
	int64_t size, mtime_ns;
	int fd;           /* a shared object libelf reads, hashed from here; or -1 */
	struct buf data;  /* else the file, as read */
	int err;          /* errno of a failed read from fd */
	uint64_t hash;
	pthread_t thread;
	int threaded;
};
#define HASH_THREAD_MIN ((size_t)64 << 10) /* below, a thread costs more than it saves */

struct lscan {
	struct scan_ctx *ctx;
	sqlite3_stmt *ins_lib, *ins_sym, *ins_syms; /* ins_syms: SYM_BATCH rows */
	struct sym_row pend[SYM_BATCH];
	size_t npend;
	struct lib_input **inputs;
	size_t ninputs;
	struct strv seen;     /* resolved paths read, or being read */
	struct strv chain;    /* linker scripts being followed (loop detection) */
	int64_t nsyms;        /* rows written */
	int required;         /* errors abort the scan (the libc itself) */
	/* flavour evidence, from the first library read */
	char *main_rel, *main_named;
	int main_count;       /* functions of the libc proper */
	int glibc_major, glibc_minor, glibc_patch;
	char *glibc_node;     /* "GLIBC_2.36" */
	char *musl_version;   /* version string beside musl's banner */
	char *glibc_banner;   /* "GNU C Library (...) stable release version 2.31." */
	int musl;
	const struct libc_flavour *marked; /* the first flavour whose marker it defines */
	char *shared_dir;     /* dir of the shared libc, for glibc_extra */
};

/* The ABI an (e_machine, class) pair belongs to, for error messages. */
static char *machine_name(unsigned machine, int cls)
{
	for (unsigned i = 0; i < arch_count; i++)
		if (arch_all[i]->elf_machine == machine && arch_all[i]->elf_class == cls)
			return xstrdup(arch_all[i]->name);
	return xasprintf("e_machine %u, %d-bit", machine, cls == ELFCLASS64 ? 64 : 32);
}

static int elf_fail(const char *path, const char *member, const char *what)
{
	if (member)
		return err_set(EXIT_INPUT, "%s(%s): %s: %s", path, member, what, elf_errmsg(-1));
	return err_set(EXIT_INPUT, "%s: %s: %s", path, what, elf_errmsg(-1));
}

static int check_arch(struct lscan *ls, Elf *e, const char *path, const char *member)
{
	GElf_Ehdr eh;
	if (!gelf_getehdr(e, &eh))
		return elf_fail(path, member, "bad ELF header");
	const struct arch_desc *a = ls->ctx->arch;
	int cls = eh.e_ident[EI_CLASS];
	if (eh.e_machine == a->elf_machine && cls == a->elf_class)
		return 0;
	char *got = machine_name(eh.e_machine, cls);
	err_set(EXIT_INPUT, "%s%s%s%s: ELF for %s, but the scan is for %s", path,
		member ? "(" : "", member ? member : "", member ? ")" : "", got, a->name);
	free(got);
	return -1;
}

/* Parses "GLIBC_2.36" / "GLIBC_2.2.5" and keeps the highest. */
static void note_glibc_node(struct lscan *ls, const char *name)
{
	int ma = 0, mi = 0, pa = 0;
	if (!str_starts(name, "GLIBC_") || !isdigit((unsigned char)name[6]) ||
	    sscanf(name + 6, "%d.%d.%d", &ma, &mi, &pa) < 2)
		return;
	if (ls->glibc_node && (ma < ls->glibc_major ||
			       (ma == ls->glibc_major && (mi < ls->glibc_minor ||
			       (mi == ls->glibc_minor && pa <= ls->glibc_patch)))))
		return;
	free(ls->glibc_node);
	ls->glibc_node = xstrdup(name);
	ls->glibc_major = ma, ls->glibc_minor = mi, ls->glibc_patch = pa;
}

/* Version names by verdef index (vd_ndx), from .gnu.version_d. */
struct verdefs {
	char **name;
	size_t n;
};

static int read_verdefs(struct lscan *ls, Elf *e, Elf_Scn *scn, const GElf_Shdr *sh,
			const char *path, struct verdefs *vd, int is_main)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	if (!d)
		return elf_fail(path, NULL, ".gnu.version_d");
	size_t off = 0;
	/* sh_info is the count; the bound also stops a vd_next cycle */
	for (size_t k = 0; k < sh->sh_info; k++) {
		GElf_Verdef def;
		GElf_Verdaux aux;
		if (!gelf_getverdef(d, (int)off, &def))
			return elf_fail(path, NULL, ".gnu.version_d entry");
		if (!gelf_getverdaux(d, (int)(off + def.vd_aux), &aux))
			return elf_fail(path, NULL, ".gnu.version_d aux entry");
		const char *nm = elf_strptr(e, sh->sh_link, aux.vda_name);
		if (!nm)
			return elf_fail(path, NULL, ".gnu.version_d name");
		size_t idx = def.vd_ndx & 0x7fff;
		if (idx >= vd->n) {
			vd->name = xrealloc(vd->name, (idx + 1) * sizeof(char *));
			memset(vd->name + vd->n, 0, (idx + 1 - vd->n) * sizeof(char *));
			vd->n = idx + 1;
		}
		free(vd->name[idx]);
		vd->name[idx] = xstrdup(nm);
		if (is_main && !(def.vd_flags & VER_FLG_BASE))
			note_glibc_node(ls, nm);
		if (!def.vd_next)
			break;
		off += def.vd_next;
	}
	return 0;
}

static void free_verdefs(struct verdefs *vd)
{
	for (size_t i = 0; i < vd->n; i++)
		free(vd->name[i]);
	free(vd->name);
}

static int64_t insert_lib(struct lscan *ls, const char *rel, const char *soname, const char *kind)
{
	sqlite3_stmt *st = ls->ins_lib;
	sqlite3_bind_int64(st, 1, ls->ctx->scan_id);
	db_bind_text(st, 2, rel);
	db_bind_text(st, 3, soname);
	db_bind_text(st, 4, kind);
	if (db_step_done(ls->ctx->db, st) < 0)
		return -1;
	return sqlite3_last_insert_rowid(ls->ctx->db->h);
}

static const char *soname_of(Elf *e)
{
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
		for (size_t i = 0; d && i < n; i++) {
			GElf_Dyn dyn;
			if (!gelf_getdyn(d, (int)i, &dyn) || dyn.d_tag == DT_NULL)
				break;
			if (dyn.d_tag == DT_SONAME)
				return elf_strptr(e, sh.sh_link, dyn.d_un.d_val);
		}
	}
	return NULL;
}

/* The NUL-terminated strings of e's .rodata, one at a time: *s is the
 * next one (NULL at the end); returns it. */
static const char *rodata_next(Elf *e, Elf_Data **d, const char **s)
{
	if (!*d) {
		size_t shstrndx;
		Elf_Scn *scn = NULL;
		if (elf_getshdrstrndx(e, &shstrndx) < 0)
			return NULL;
		while (!*d && (scn = elf_nextscn(e, scn))) {
			GElf_Shdr sh;
			const char *nm;
			if (gelf_getshdr(scn, &sh) && (nm = elf_strptr(e, shstrndx, sh.sh_name)) &&
			    !strcmp(nm, ".rodata") && !(*d = elf_getdata(scn, NULL)))
				return NULL;
		}
		if (!*d || !(*d)->d_buf)
			return NULL;
		*s = (*d)->d_buf;
	}
	const char *end = (const char *)(*d)->d_buf + (*d)->d_size, *z;
	if (*s >= end || !(z = memchr(*s, 0, (size_t)(end - *s))))
		return NULL;
	const char *cur = *s;
	*s = z + 1;
	return cur;
}

/* musl prints "musl libc (<arch>)\nVersion %s" from its loader; the %s is
 * the only x.y.z string of its .rodata. glibc prints its banner when run
 * ("GNU C Library (Debian GLIBC 2.31-13+deb11u11) stable release version
 * 2.31."): its version, where no symbol version node was added (2.31). */
static void find_version_string(struct lscan *ls, Elf *e)
{
	Elf_Data *d = NULL;
	const char *next = NULL, *s, *prev = NULL;
	char *found = NULL;
	int ambiguous = 0;
	while ((s = rodata_next(e, &d, &next))) {
		int a, b, c, len = 0;
		size_t n = strlen(s);
		if (ls->glibc_node && str_starts(s, "GNU C Library ") && strstr(s, "release version ")) {
			free(ls->glibc_banner);
			ls->glibc_banner = xstrndup(s, strcspn(s, "\n"));
		} else if (!ls->glibc_node && prev && n < 16 &&
			   isdigit((unsigned char)*s) && sscanf(s, "%d.%d.%d%n", &a, &b, &c, &len) == 3 &&
			   (size_t)len == n) {
			if (found && strcmp(found, s))
				ambiguous = 1;
			if (!found)
				found = xstrdup(s);
		}
		prev = s;
	}
	if (found && !ambiguous)
		ls->musl_version = found;
	else
		free(found);
}

/* Writes the waiting symbol rows: a full batch in one statement, else one
 * by one. */
static int flush_syms(struct lscan *ls)
{
	int full = ls->npend == SYM_BATCH, rc = 0;
	sqlite3_stmt *st = full ? ls->ins_syms : ls->ins_sym;
	for (size_t i = 0; i < ls->npend && rc == 0;) {
		for (int k = 0; k < (full ? SYM_BATCH : 1); k++, i++) {
			const struct sym_row *y = &ls->pend[i];
			int o = 7 * k;
			sqlite3_bind_int64(st, o + 1, ls->ctx->scan_id);
			sqlite3_bind_int64(st, o + 2, y->lib_id);
			sqlite3_bind_text(st, o + 3, y->name, -1, SQLITE_STATIC);
			if (y->ver)
				sqlite3_bind_text(st, o + 4, y->ver, -1, SQLITE_STATIC);
			else
				sqlite3_bind_null(st, o + 4);
			sqlite3_bind_int(st, o + 5, y->is_default);
			sqlite3_bind_text(st, o + 6, y->type, -1, SQLITE_STATIC);
			sqlite3_bind_text(st, o + 7, y->bind, -1, SQLITE_STATIC);
		}
		rc = db_step_done(ls->ctx->db, st);
	}
	ls->npend = 0;
	return rc;
}

/* Records the defined functions of one symbol table. `seen` dedupes names
 * across the members of an archive (NULL for a shared object). */
static int scan_symtab(struct lscan *ls, Elf *e, Elf_Scn *symscn, const GElf_Shdr *symsh,
		       Elf_Data *versym, const struct verdefs *vd, int64_t lib_id,
		       const char *path, const char *member, struct strset *seen, int is_main)
{
	Elf_Data *d = elf_getdata(symscn, NULL);
	if (!d)
		return elf_fail(path, member, "symbol table");
	size_t n = symsh->sh_entsize ? symsh->sh_size / symsh->sh_entsize : 0;
	ls->npend = 0;
	for (size_t i = 1; i < n; i++) {
		GElf_Sym sym;
		if (!gelf_getsym(d, (int)i, &sym))
			return elf_fail(path, member, "symbol table entry");
		int type = GELF_ST_TYPE(sym.st_info), bind = GELF_ST_BIND(sym.st_info);
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) ||
		    (bind != STB_GLOBAL && bind != STB_WEAK) || sym.st_shndx == SHN_UNDEF)
			continue;
		const char *name = elf_strptr(e, symsh->sh_link, sym.st_name);
		if (!name)
			return elf_fail(path, member, "symbol name");
		if (!*name || (seen && !strset_add(seen, name)))
			continue;
		const char *ver = NULL;
		int is_default = 1;
		if (versym) {
			GElf_Versym vs;
			if (!gelf_getversym(versym, (int)i, &vs))
				return elf_fail(path, member, ".gnu.version entry");
			size_t idx = vs & 0x7fff;
			/* 0 local, 1 global: unversioned */
			if (idx >= 2) {
				if (idx >= vd->n || !vd->name[idx])
					return err_set(EXIT_INPUT, "%s: symbol %s: version index %zu not in .gnu.version_d",
						       path, name, idx);
				ver = vd->name[idx];
			}
			is_default = !(vs & VERSYM_HIDDEN);
		}
		if (is_main) {
			for (unsigned f = 0; f < libc_flavour_count; f++)
				if (libc_flavours[f].marker && !strcmp(name, libc_flavours[f].marker) &&
				    (!ls->marked || &libc_flavours[f] < ls->marked))
					ls->marked = &libc_flavours[f];
			ls->main_count++;
		}
		if (ls->npend == SYM_BATCH && flush_syms(ls) < 0)
			return -1;
		ls->pend[ls->npend++] = (struct sym_row){lib_id, name, ver,
			type == STT_FUNC ? "FUNC" : "IFUNC", bind == STB_GLOBAL ? "GLOBAL" : "WEAK",
			is_default};
		ls->nsyms++;
	}
	return flush_syms(ls);
}

/* One ELF object: .dynsym with versions if it has one, else .symtab. */
static int scan_object(struct lscan *ls, Elf *e, const char *path, const char *member,
		       int64_t lib_id, struct strset *seen, int is_main, size_t size)
{
	if (check_arch(ls, e, path, member) < 0)
		return -1;
	(void)elf_errno(); /* clear a stale error, checked after the section walk */
	size_t nscn;
	GElf_Ehdr eh;
	/* size 0: an archive member's, from libelf */
	if (elf_getshdrnum(e, &nscn) < 0 || !gelf_getehdr(e, &eh) || (!size && !elf_rawfile(e, &size)))
		return elf_fail(path, member, "section headers");
	/* libelf reads a file cut short as one without sections: say why */
	if (eh.e_shoff > size || (size - eh.e_shoff) / (eh.e_shentsize ? eh.e_shentsize : 1) < nscn)
		return err_set(EXIT_INPUT, "%s%s%s%s: truncated ELF: section headers end past its %zu bytes",
			       path, member ? "(" : "", member ? member : "", member ? ")" : "", size);
	Elf_Scn *scn = NULL, *dynsym = NULL, *symtab = NULL, *versym = NULL, *verdef = NULL;
	GElf_Shdr dynsh = {0}, symsh = {0}, vdsh = {0}, sh;
	while ((scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh))
			return elf_fail(path, member, "section header");
		switch (sh.sh_type) {
		case SHT_DYNSYM: dynsym = scn, dynsh = sh; break;
		case SHT_SYMTAB: symtab = scn, symsh = sh; break;
		case SHT_GNU_versym: versym = scn; break;
		case SHT_GNU_verdef: verdef = scn, vdsh = sh; break;
		}
	}
	if (elf_errno())
		return elf_fail(path, member, "sections");
	if (!dynsym && !symtab)
		return 0; /* stripped object: no functions to report */
	int rc = 0;
	struct verdefs vd = {0};
	Elf_Data *vsd = NULL;
	if (dynsym) {
		if (verdef)
			rc = read_verdefs(ls, e, verdef, &vdsh, path, &vd, is_main);
		if (rc == 0 && versym && !(vsd = elf_getdata(versym, NULL)))
			rc = elf_fail(path, member, ".gnu.version");
		if (rc == 0)
			rc = scan_symtab(ls, e, dynsym, &dynsh, vsd, &vd, lib_id, path, member,
					 seen, is_main);
	} else {
		rc = scan_symtab(ls, e, symtab, &symsh, NULL, &vd, lib_id, path, member, seen,
				 is_main);
	}
	free_verdefs(&vd);
	return rc;
}

static int scan_archive(struct lscan *ls, Elf *ar, const char *rel, int is_main)
{
	int64_t lib_id = insert_lib(ls, rel, NULL, "static");
	if (lib_id < 0)
		return -1;
	struct strset seen = {0};
	/* members of an in-memory archive must be "mmap" reads: a plain
	 * ELF_C_READ would read() the fd, and an elf_memory() image has none */
	Elf_Cmd cmd = ELF_C_READ_MMAP;
	int rc = 0;
	while (rc == 0 && cmd != ELF_C_NULL) {
		Elf *m = elf_begin(-1, cmd, ar);
		if (!m) {
			/* elf_errno() clears the error: name it from the saved code.
			 * An archive with no member at all ("!<arch>\n", glibc's
			 * libdl.a) is no error: it just defines nothing. */
			size_t len = 0;
			int e = elf_errno();
			if (e && elf_rawfile(ar, &len) && len > SARMAG)
				rc = err_set(EXIT_INPUT, "%s: archive member: %s", rel, elf_errmsg(e));
			break;
		}
		Elf_Arhdr *ah = elf_getarhdr(m);
		const char *mname = ah && ah->ar_name ? ah->ar_name : "?";
		if (elf_kind(m) == ELF_K_ELF)
			rc = scan_object(ls, m, rel, mname, lib_id, &seen, is_main, 0);
		cmd = elf_next(m);
		elf_end(m);
	}
	strset_free(&seen);
	/* libelf ends at a corrupt member as at the archive's end */
	struct ar_problem pb;
	size_t len = 0;
	const char *raw = elf_rawfile(ar, &len);
	if (rc == 0 && raw && ar_check((const uint8_t *)raw, len, &pb)) {
		char *msg = xasprintf("archive member '%s' at offset %zu: %s; it and the %zu bytes after it"
				      " are not read (%zu members read)", pb.name[0] ? pb.name : "?",
				      pb.offset, pb.why, pb.left, pb.members);
		rc = db_add_diag(ls->ctx->db, ls->ctx->scan_id, "elf", rel, 0, "warning", msg);
		free(msg);
	}
	return rc;
}

static int read_input(struct lscan *ls, const char *path, const char *from, int depth);

/* The size of the regular file at fd if it is an ELF object no larger than
 * ELF_MAX, else -1. */
static int64_t shared_object_size(int fd)
{
	struct stat st;
	char magic[SELFMAG];
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > ELF_MAX ||
	    pread(fd, magic, SELFMAG, 0) != SELFMAG || memcmp(magic, ELFMAG, SELFMAG))
		return -1;
	return st.st_size;
}

/* Reads the whole file at fd (pread: libelf reads the same fd meanwhile)
 * into *b, `size` bytes expected; returns 0 or an errno. */
static int pread_all(int fd, int64_t size, struct buf *b)
{
	buf_grow(b, size > 0 ? (size_t)size : 65536);
	for (;;) {
		buf_grow(b, 4096);
		ssize_t r = pread(fd, b->p + b->len, b->cap - b->len - 1, (off_t)b->len);
		if (r == 0)
			return 0;
		if (r > 0)
			b->len += (size_t)r;
		if (r < 0 && errno != EINTR)
			return errno;
		if (b->len > ELF_MAX)
			return EFBIG;
	}
}

/* Hashes the input; one open at fd is read for that a piece at a time
 * (pread: libelf reads the same fd meanwhile), the pieces staying in the
 * cache. */
static void *hash_thread(void *arg)
{
	struct lib_input *in = arg;
	in->hash = hash64(in->data.p, in->data.len, 0);
	if (in->fd >= 0)
		in->err = hash64_fd(in->fd, ELF_MAX, &in->hash);
	return NULL;
}

/* Takes a file as an input of the scan: a shared object open at fd (moved),
 * else the file read whole (*b, moved). A large shared object or archive is
 * read and hashed on a thread (a linker script is changed in place by its
 * parser). */
static struct lib_input *add_input(struct lscan *ls, const char *rel, int fd, struct buf *b,
				   int ar)
{
	struct lib_input *in = xcalloc(1, sizeof(*in));
	struct stat st;
	in->host = sysroot_host_path(ls->ctx->sr, rel);
	in->size = -1;
	if (stat(in->host, &st) == 0) {
		in->size = st.st_size;
		in->mtime_ns = stat_mtime_ns(&st);
	}
	in->fd = fd;
	in->data = *b;
	*b = (struct buf){0};
	size_t len = fd >= 0 ? (size_t)in->size : in->data.len;
	in->threaded = (fd >= 0 || ar) && len >= HASH_THREAD_MIN &&
		       pthread_create(&in->thread, NULL, hash_thread, in) == 0;
	if (!in->threaded)
		hash_thread(in);
	ls->inputs = xrealloc(ls->inputs, (ls->ninputs + 1) * sizeof(*ls->inputs));
	ls->inputs[ls->ninputs++] = in;
	return in;
}

/* Writes the input rows from index `from` on (unless `write` is 0: a
 * failed library's), and forgets them. */
static int end_inputs(struct lscan *ls, size_t from, int write)
{
	int rc = 0;
	for (size_t i = from; i < ls->ninputs; i++) {
		struct lib_input *in = ls->inputs[i];
		if (in->threaded)
			pthread_join(in->thread, NULL);
		if (write && rc == 0 && in->err)
			rc = err_set(EXIT_INPUT, "%s: read failed: %s", in->host, strerror(in->err));
		if (write && rc == 0)
			rc = db_add_input(ls->ctx->db, ls->ctx->scan_id, "libc", in->host, in->size,
					  in->mtime_ns, in->hash, NULL);
		if (in->fd >= 0)
			close(in->fd);
		free(in->host);
		buf_free(&in->data);
		free(in);
	}
	ls->ninputs = from;
	return rc;
}

/* The dir part of a sysroot-relative path ("/usr/lib" of "/usr/lib/x.so"). */
static char *dir_of(const char *rel)
{
	const char *s = strrchr(rel, '/');
	return s && s != rel ? xstrndup(rel, (size_t)(s - rel)) : xstrdup("/");
}

/* 1 if `p` is a regular file, or a link that escapes the sysroot or loops:
 * ld would take such a name, so reading it reports the real problem
 * instead of "not found". */
static int file_or_bad_link(const struct sysroot *sr, const char *p)
{
	int res = 0;
	if (!sysroot_is_file(sr, p)) {
		char *r = NULL;
		res = sysroot_resolve(sr, p, &r);
		free(r);
	}
	err_clear();
	return res == 0 ? sysroot_is_file(sr, p) : res == -EXDEV || res == -ELOOP;
}

/* Finds -lNAME the way ld does: libNAME.so, then libNAME.a, in each dir. */
static char *find_lib(struct lscan *ls, const char *name)
{
	const struct sysroot *sr = ls->ctx->sr;
	char *so = xasprintf("lib%s.so", name), *a = xasprintf("lib%s.a", name), *r = NULL;
	for (size_t i = 0; i < sr->libdirs.n && !r; i++) {
		struct strv one = {0};
		strv_push(&one, sr->libdirs.v[i]);
		r = sysroot_find_in(sr, &one, so);
		if (!r)
			r = sysroot_find_in(sr, &one, a);
		strv_free(&one);
	}
	free(so);
	free(a);
	return r;
}

/* One file named by a linker script, resolved like `ld --sysroot`. */
static int script_file(struct lscan *ls, const char *word, const char *script, int depth)
{
	if (str_starts(word, "-l")) {
		char *r = find_lib(ls, word + 2);
		if (!r)
			return err_set(EXIT_INPUT, "%s: %s: not found in the library dirs", script, word);
		int rc = read_input(ls, r, script, depth);
		free(r);
		return rc;
	}
	if (word[0] == '=')
		return read_input(ls, word + 1, script, depth);
	if (word[0] == '/') {
		char *p = sysroot_script_path(ls->ctx->sr, word);
		int rc = read_input(ls, p, script, depth);
		free(p);
		return rc;
	}
	/* relative: beside the script; a bare name else in the library dirs */
	char *dir = dir_of(script), *p = xasprintf("%s/%s", strcmp(dir, "/") ? dir : "", word);
	int rc;
	if (strchr(word, '/') || file_or_bad_link(ls->ctx->sr, p)) {
		rc = read_input(ls, p, script, depth);
	} else {
		char *r = sysroot_find_in(ls->ctx->sr, &ls->ctx->sr->libdirs, word);
		rc = r ? read_input(ls, r, script, depth)
		       : err_set(EXIT_INPUT, "%s: %s: not found", script, word);
		free(r);
	}
	free(dir);
	free(p);
	return rc;
}

int libc_script_parse(char *text, const char *rel, int (*file)(void *arg, const char *word),
		      void *arg)
{
	/* blank out comments so that tokens are simple */
	for (char *c = strstr(text, "/*"); c; c = strstr(c, "/*")) {
		char *e = strstr(c + 2, "*/");
		char *stop = e ? e + 2 : c + strlen(c);
		memset(c, ' ', (size_t)(stop - c));
		c = stop;
	}
	struct strv stack = {0}; /* open commands */
	int lists = 0, rc = 0;
	char *p = text;
	while (rc == 0 && *p) {
		if (isspace((unsigned char)*p) || *p == ',') {
			p++;
			continue;
		}
		if (*p == ')') {
			if (!stack.n) {
				rc = err_set(EXIT_INPUT, "%s: linker script: unbalanced ')'", rel);
				break;
			}
			free(stack.v[--stack.n]);
			p++;
			continue;
		}
		if (*p == '(') {
			strv_push(&stack, "");
			p++;
			continue;
		}
		char *w = p;
		while (*p && !isspace((unsigned char)*p) && !strchr("(),", *p))
			p++;
		char *word = xstrndup(w, (size_t)(p - w));
		char *q = p;
		while (isspace((unsigned char)*q))
			q++;
		if (*q == '(') {
			strv_push(&stack, word);
			lists += !strcmp(word, "GROUP") || !strcmp(word, "INPUT");
			p = q + 1;
		} else if (stack.n && (!strcmp(stack.v[stack.n - 1], "GROUP") ||
				       !strcmp(stack.v[stack.n - 1], "INPUT") ||
				       !strcmp(stack.v[stack.n - 1], "AS_NEEDED"))) {
			rc = file(arg, word);
		}
		free(word);
	}
	if (rc == 0 && stack.n)
		rc = err_set(EXIT_INPUT, "%s: linker script: unbalanced '('", rel);
	strv_free(&stack);
	return rc < 0 ? -1 : lists;
}

/* libc_script_parse()'s callback: a named file, read one level deeper. */
struct script_at {
	struct lscan *ls;
	const char *rel;
	int depth;
};

static int script_word(void *arg, const char *word)
{
	const struct script_at *at = arg;
	return script_file(at->ls, word, at->rel, at->depth + 1);
}

/* Whether the input holds musl's banner (the loader prints "musl libc
 * (<arch>)"). */
static int musl_banner(const struct lib_input *in)
{
	static const char banner[] = "musl libc (";
	if (in->fd < 0)
		return memmem(in->data.p, in->data.len, banner, sizeof(banner) - 1) != NULL;
	struct buf b = {0};
	int found = !pread_all(in->fd, in->size, &b) &&
		    memmem(b.p, b.len, banner, sizeof(banner) - 1) != NULL;
	buf_free(&b);
	return found;
}

/* An ELF object or ar archive of `size` bytes (its magic already checked),
 * open in libelf as e. */
static int read_elf(struct lscan *ls, Elf *e, const char *rel, size_t size,
		    const struct lib_input *in)
{
	if (!e)
		return elf_fail(rel, NULL, "cannot read as ELF");
	int rc = 0, is_main = !ls->main_rel;
	switch (elf_kind(e)) {
	case ELF_K_AR:
		rc = scan_archive(ls, e, rel, is_main);
		break;
	case ELF_K_ELF: {
		if (check_arch(ls, e, rel, NULL) < 0) {
			rc = -1;
			break;
		}
		const char *so = soname_of(e);
		int64_t id = insert_lib(ls, rel, so, "shared");
		rc = id < 0 ? -1 : scan_object(ls, e, rel, NULL, id, NULL, is_main, size);
		/* a GLIBC_ node tells all (set_flavour()): only another libc is
		 * read whole for musl's banner */
		if (rc == 0 && is_main && !ls->glibc_node && musl_banner(in)) {
			ls->musl = 1;
			find_version_string(ls, e);
		} else if (rc == 0 && is_main && ls->glibc_node) {
			find_version_string(ls, e);
		}
		if (rc == 0 && is_main)
			ls->shared_dir = dir_of(rel);
		break;
	}
	default: {
		/* libelf reads a file too short for its ELF header as no ELF,
		 * often with no error to name */
		int err = elf_errno();
		rc = err_set(EXIT_INPUT, "%s: truncated or corrupt ELF file%s%s", rel, err ? ": " : "",
			     err ? elf_errmsg(err) : "");
	}
	}
	elf_end(e);
	if (rc == 0 && is_main)
		ls->main_rel = xstrdup(rel);
	return rc;
}

/* Reads one library or linker script; `from` is the script naming it. */
static int read_input(struct lscan *ls, const char *path, const char *from, int depth)
{
	const struct sysroot *sr = ls->ctx->sr;
	struct buf b = {0};
	char *rel = NULL;
	if (depth > SCRIPT_DEPTH)
		return err_set(EXIT_INPUT, "%s: linker scripts nested deeper than %d", from,
			       SCRIPT_DEPTH);
	/* a shared object stays open for libelf; anything else is read whole
	 * by sysroot_read_file(), which also names what is wrong with a file
	 * that is not regular, or too large */
	int64_t size = -1;
	int fd = sysroot_open_file(sr, path, &rel), rc = fd < 0 ? -1 : 0;
	if (rc == 0 && (size = shared_object_size(fd)) < 0) {
		close(fd);
		fd = -1;
		free(rel);
		rel = NULL;
		rc = sysroot_read_file(sr, path, ELF_MAX, &b, &rel);
	}
	if (rc < 0) {
		if (from)
			err_prefix("%s", from);
		return -1;
	}
	if (strv_contains(&ls->chain, rel)) {
		rc = err_set(EXIT_INPUT, "%s: linker script loop back to %s", from, rel);
	} else if (!strv_contains(&ls->seen, rel)) {
		strv_push(&ls->seen, rel);
		int ar = b.len >= SARMAG && !memcmp(b.p, ARMAG, SARMAG);
		int elf = b.len >= SELFMAG && !memcmp(b.p, ELFMAG, SELFMAG);
		struct lib_input *in = add_input(ls, rel, fd, &b, ar);
		const struct buf *f = &in->data;
		fd = -1;
		if (in->fd >= 0)
			rc = read_elf(ls, elf_begin(in->fd, ELF_C_READ, NULL), rel, (size_t)size, in);
		else if (f->len == 0)
			rc = err_set(EXIT_INPUT, "%s: empty file", rel);
		else if (elf || ar)
			rc = read_elf(ls, elf_memory(f->p, f->len), rel, f->len, in);
		else {
			strv_push(&ls->chain, rel);
			struct script_at at = {ls, rel, depth};
			int lists = memchr(f->p, 0, f->len) ? 0 : libc_script_parse(f->p, rel, script_word, &at);
			free(ls->chain.v[--ls->chain.n]);
			if (lists == 0)
				rc = err_set(EXIT_INPUT, "%s: neither an ELF object, an ar archive nor a linker script with GROUP or INPUT",
					     rel);
			else if (lists < 0)
				rc = -1;
		}
	}
	if (fd >= 0)
		close(fd);
	buf_free(&b);
	free(rel);
	return rc;
}

/* The upstream part of a Debian version: "1:2.0.12-1" -> "2.0.12". */
static char *upstream_version(const char *v)
{
	const char *c = strchr(v, ':');
	if (c)
		v = c + 1;
	const char *dash = strrchr(v, '-');
	return dash ? xstrndup(v, (size_t)(dash - v)) : xstrdup(v);
}

/* The flavour whose package word the dpkg package's name holds. */
static const struct libc_flavour *by_package(const char *pkg)
{
	for (unsigned f = 0; f < libc_flavour_count; f++)
		if (libc_flavours[f].package && strstr(pkg, libc_flavours[f].package))
			return &libc_flavours[f];
	return NULL;
}

/* The installed dpkg package, among those whose name looks like a libc's,
 * whose file list holds `path`; fills *pkg and *ver (caller frees). */
static int dpkg_owner(const struct sysroot *sr, const char *path, char **pkg, char **ver)
{
	struct buf st = {0};
	*pkg = *ver = NULL;
	if (!sysroot_is_file(sr, "/var/lib/dpkg/status") ||
	    sysroot_read_file(sr, "/var/lib/dpkg/status", DPKG_MAX, &st, NULL) < 0) {
		err_clear();
		return 0;
	}
	char *needle = xasprintf("\n%s\n", path);
	char *save = NULL;
	char *name = NULL, *arch = NULL, *version = NULL;
	int installed = 0;
	/* one stanza per package; an empty line ends it */
	for (char *line = strtok_r(st.p, "\n", &save);; line = strtok_r(NULL, "\n", &save)) {
		int end = !line || str_starts(line, "Package: ");
		if (end && name && installed && version &&
		    (strstr(name, "libc") || by_package(name))) {
			char *lists[2] = {xasprintf("/var/lib/dpkg/info/%s:%s.list", name,
						    arch ? arch : ""),
					  xasprintf("/var/lib/dpkg/info/%s.list", name)};
			for (int i = 0; i < 2 && !*pkg; i++) {
				struct buf l = {0};
				if (sysroot_is_file(sr, lists[i]) &&
				    sysroot_read_file(sr, lists[i], DPKG_MAX, &l, NULL) == 0) {
					/* newlines around both, so a line matches whole */
					struct buf t = {0};
					buf_printf(&t, "\n%s\n", l.p);
					if (strstr(t.p, needle)) {
						*pkg = xstrdup(name);
						*ver = xstrdup(version);
					}
					buf_free(&t);
				}
				err_clear();
				buf_free(&l);
			}
			free(lists[0]);
			free(lists[1]);
		}
		if (!line || *pkg)
			break;
		if (end) {
			free(name), free(arch), free(version);
			name = xstrdup(line + 9), arch = version = NULL, installed = 0;
		} else if (str_starts(line, "Architecture: ")) {
			free(arch), arch = xstrdup(line + 14);
		} else if (str_starts(line, "Version: ")) {
			free(version), version = xstrdup(line + 9);
		} else if (str_starts(line, "Status: ")) {
			installed = str_ends(line, " installed");
		}
	}
	free(name), free(arch), free(version), free(needle);
	buf_free(&st);
	return *pkg != NULL;
}

static int set_flavour(struct lscan *ls)
{
	struct scan_ctx *c = ls->ctx;
	const char *flavour = "unknown";
	char *version = NULL, *how = NULL, *pkg = NULL, *pver = NULL;
	const char *lib = ls->main_rel;
	/* as named, as resolved, and without /usr: packages built before the
	 * merged-/usr layout list /lib/... for what now lives in /usr/lib */
	const char *tries[] = {ls->main_named, lib, ls->main_named, lib};
	const char *listed = NULL;
	/* a GLIBC_ node tells all: the ~1 MB dpkg status would be read for
	 * nothing (the glibc note does not use the package) */
	for (size_t i = 0; lib && !ls->glibc_node && !pkg && i < ARRAY_SIZE(tries); i++) {
		const char *t = tries[i];
		if (i >= 2 && !str_starts(t, "/usr/"))
			continue;
		listed = i >= 2 ? t + 4 : t;
		dpkg_owner(c->sr, listed, &pkg, &pver);
	}
	char *dpkg_note = pkg ? xasprintf("dpkg package %s %s lists %s", pkg, pver, listed)
			      : xstrdup("no dpkg package lists it");
	if (!lib) {
		how = xstrdup("no libc.so, libc.so.6 or libc.a in the library dirs");
	} else if (ls->glibc_node) {
		flavour = "glibc";
		/* the banner's: a release adding no symbol version (2.31) has
		 * the node of the one before as its highest */
		const char *rv = ls->glibc_banner ? strstr(ls->glibc_banner, "release version ") : NULL;
		size_t n = rv ? strspn(rv + 16, "0123456789.") : 0;
		while (n && rv[16 + n - 1] == '.')
			n--;
		if (n && isdigit((unsigned char)rv[16])) {
			version = xstrndup(rv + 16, n);
			how = xasprintf("version string \"%s\" in %s (highest GLIBC_ node %s)",
					ls->glibc_banner, lib, ls->glibc_node);
		} else {
			version = xstrdup(ls->glibc_node + 6);
			how = xasprintf("highest GLIBC_ node %s in .gnu.version_d of %s", ls->glibc_node,
					lib);
		}
	} else if (ls->musl) {
		flavour = "musl";
		if (ls->musl_version) {
			version = xstrdup(ls->musl_version);
			how = xasprintf("'musl libc' banner and version string %s in %s; %s",
					ls->musl_version, lib, dpkg_note);
		} else {
			version = pkg ? upstream_version(pver) : NULL;
			how = xasprintf("'musl libc' banner in %s; %s", lib, dpkg_note);
		}
	} else if (ls->marked) {
		flavour = ls->marked->name;
		version = pkg ? upstream_version(pver) : NULL;
		how = xasprintf("symbol %s defined in %s; version: %s", ls->marked->marker, lib, dpkg_note);
	} else if (pkg && by_package(pkg)) {
		flavour = by_package(pkg)->name;
		version = upstream_version(pver);
		how = xasprintf("no marker in %s; %s", lib, dpkg_note);
	} else {
		how = xasprintf("no GLIBC_ version node, musl banner or dietlibc/klibc marker symbol in %s; %s",
				lib, dpkg_note);
	}
	int rc = db_scan_set(c->db, c->scan_id, "libc_flavour", flavour);
	if (rc == 0)
		rc = db_scan_set(c->db, c->scan_id, "libc_version", version);
	if (rc == 0)
		rc = db_scan_set(c->db, c->scan_id, "libc_how", how);
	debug("libc: %s %s (%s)", flavour, version ? version : "?", how);
	free(version), free(how), free(pkg), free(pver), free(dpkg_note);
	return rc;
}

/* The libc: the first of libc.so, libc.so.6, libc.a over all library dirs
 * (ld's order for -lc, with the runtime name between). */
static char *find_libc(const struct sysroot *sr)
{
	static const char *const names[] = {"libc.so", "libc.so.6", "libc.a"};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		for (size_t j = 0; j < sr->libdirs.n; j++) {
			char *p = xasprintf("%s/%s", strcmp(sr->libdirs.v[j], "/") ? sr->libdirs.v[j] : "",
					    names[i]);
			if (file_or_bad_link(sr, p))
				return p;
			free(p);
		}
	}
	return NULL;
}

int libc_scan_elf(struct scan_ctx *ctx)
{
	struct lscan ls = {.ctx = ctx};
	if (elf_version(EV_CURRENT) == EV_NONE)
		return err_set(EXIT_INTERNAL, "libelf: %s", elf_errmsg(-1));
	int rc = db_prepare(ctx->db, &ls.ins_lib,
			    "INSERT INTO libc_lib(scan_id, path, soname, kind) VALUES (?,?,?,?)");
	struct buf sql = {0};
	buf_puts(&sql, "INSERT INTO libc_symbol(scan_id, lib_id, name, version, is_default, type, bind)"
		       " VALUES (?,?,?,?,?,?,?)");
	if (rc == 0)
		rc = db_prepare(ctx->db, &ls.ins_sym, sql.p);
	for (int i = 1; i < SYM_BATCH; i++)
		buf_puts(&sql, ",(?,?,?,?,?,?,?)");
	if (rc == 0)
		rc = db_prepare(ctx->db, &ls.ins_syms, sql.p);
	buf_free(&sql);
	char *libc = rc == 0 ? find_libc(ctx->sr) : NULL;
	if (rc == 0 && !libc) {
		rc = db_add_diag(ctx->db, ctx->scan_id, "elf", NULL, 0, "warning",
				 "no libc.so, libc.so.6 or libc.a in the library dirs");
	} else if (rc == 0) {
		ls.main_named = libc;
		rc = read_input(&ls, libc, NULL, 0);
		if (rc == 0 && !ls.main_count)
			rc = err_set(EXIT_INPUT, "%s: the libc defines no functions", ls.main_rel ? ls.main_rel : libc);
	}
	/* glibc's other libraries: optional, so a bad one is a diag */
	for (size_t i = 0; rc == 0 && ls.glibc_node && ls.shared_dir && i < ARRAY_SIZE(glibc_extra); i++) {
		char *p = xasprintf("%s/%s", ls.shared_dir, glibc_extra[i]);
		if (!sysroot_is_file(ctx->sr, p)) {
			free(p);
			continue;
		}
		/* a savepoint drops the rows of a library that fails halfway */
		size_t mark = ls.ninputs;
		rc = db_exec(ctx->db, "SAVEPOINT libc_extra");
		if (rc == 0 && read_input(&ls, p, NULL, 0) < 0) {
			char *msg = xstrdup(err_msg());
			err_clear();
			end_inputs(&ls, mark, 0);
			rc = db_exec(ctx->db, "ROLLBACK TO libc_extra");
			if (rc == 0)
				rc = db_add_diag(ctx->db, ctx->scan_id, "elf", p, 0, "warning", msg);
			free(msg);
		}
		if (rc == 0)
			rc = db_exec(ctx->db, "RELEASE libc_extra");
		free(p);
	}
	if (end_inputs(&ls, 0, rc == 0) < 0)
		rc = -1;
	if (rc == 0)
		rc = set_flavour(&ls);
	if (rc == 0)
		debug("libc-elf: %lld functions from %zu files", (long long)ls.nsyms, ls.seen.n);
	sqlite3_finalize(ls.ins_lib);
	sqlite3_finalize(ls.ins_sym);
	sqlite3_finalize(ls.ins_syms);
	free(ls.inputs);
	strv_free(&ls.seen);
	strv_free(&ls.chain);
	free(libc);
	free(ls.main_rel);
	free(ls.glibc_node);
	free(ls.musl_version);
	free(ls.glibc_banner);
	free(ls.shared_dir);
	return rc;
}
