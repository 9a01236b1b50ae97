/* libc_headers.c: the libc header scanner: every function declaration of
 * the sysroot's public headers, as libclang sees it for the scan's ABI.
 *
 * One translation unit per sysroot x ABI includes, each in its own
 * `#if __has_include(<h>)` guard, every header a man2 SYNOPSIS of this scan
 * names plus data/headers.list, keeping those that exist in the sysroot's
 * include dirs (libc headers first, kernel linux/ and asm/ ones last, so a
 * libc/UAPI conflict costs the UAPI header, which declares no functions).
 * The TU is parsed with clangx_args() (target triple, -nostdinc, clang's
 * resource dir, the sysroot's dirs, -D_GNU_SOURCE).
 *
 * Known conflicts: data/header_conflicts.tsv names the UAPI headers that
 * break this TU with glibc (linux/signal.h after <signal.h>, ...); they are
 * left out before the first parse, so a glibc sysroot's headers are parsed
 * once.
 *
 * Bad headers: every error-severity clang diagnostic becomes a diag row with
 * file:line. A top-level header owning errors (in itself or in anything it
 * includes first) is dropped and the TU reparsed without it, at most
 * MAX_ROUNDS times, so a broken header cannot swallow the declarations of
 * the headers after it.
 *
 * Confinement: top-level headers are found with sysroot_find_in(), which
 * resolves symlinks inside the sysroot, so one that would escape is never
 * handed to clang. Nested includes are opened by clang itself, which follows
 * symlinks on the host. libclang has no open hook, so after each parse every
 * file clang reports through clang_getInclusions() has its real path checked:
 * one outside both the sysroot and clang's resource dir is refused (diag
 * row), no declaration is taken from it, and the top-level header that
 * pulled it in is dropped and the TU reparsed. Its content never reaches the
 * DB, although clang has opened it once.
 *
 * Man pages: the TU also carries the man scanner's batch of SYNOPSIS
 * prototypes after its includes (man_typing.h), so that the headers are
 * parsed once per scan; nothing of those lines (or of a file they alone
 * include) is a decl, diag or input row of this scanner.
 *
 * Facts: the first file-scope FunctionDecl per name located in a sysroot
 * file (not clang's resource dir): canonical prototype, return type,
 * parameters (canonical types and names, from clang), variadic, and the
 * resolved sysroot-relative header path and line; for a header that is not
 * the libc's (libc_owner.h), the same prototype with the header's own type
 * spellings, as a neighbour_decl row. */
#define _GNU_SOURCE
#include "scan/scanner.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/clangx.h"
#include "base/dirwalk.h"
#include "base/datafile.h"
#include "base/json.h"
#include "base/tsv.h"
#include "libc/libc_owner.h"
#include "man/man_typing.h"

#define MAX_ROUNDS 4   /* parses: the first plus up to three after drops */
#define MAX_DIAGS 200  /* diag rows per scan; the rest are counted */
#define TU_NAME "syscov-headers.c"
/* the largest real header is ~850 KB (GL/glext.h); kpp's bound alike */
#define HEADER_MAX (4 << 20)

struct hdr {
	char *name;  /* as included: "sys/pidfd.h" */
	char *rel;   /* resolved sysroot-relative path */
	int dropped;
	int bad;     /* owns an error or an outside file in this round */
	int erred;   /* owned one in some round */
};

/* A file of the current TU, as clang_getInclusions() reports it. */
struct tfile {
	CXFile f;
	char *host;     /* path as clang opened it */
	char *rel;      /* sysroot-relative real path; NULL if not in the sysroot */
	char *real;     /* host real path, NULL if it has none */
	int owner;      /* index into hs->h of the top-level header, -1 none */
	int resource;   /* in clang's resource dir */
	int main;       /* the TU itself */
	int trailer;    /* first included by the man prototypes' lines */
};

struct hscan {
	struct scan_ctx *ctx;
	const struct sysroot *sr;
	struct hdr *h;
	size_t nh;
	int *slot_hdr;   /* TU slot -> header index */
	size_t nslots;
	int trailer_line; /* the first line of the man prototypes */
	struct tfile *files;
	size_t nfiles, capfiles;
	size_t last_file;
	char *res, *res_real;
	struct strv diag_seen;
	size_t ndiag, ndiag_over;
	char **names;    /* open-addressing set of recorded names */
	size_t names_cap, names_n;
	sqlite3_stmt *ins_decl, *ins_param;
	struct libc_owner own; /* which headers are the libc's */
	int ndecl, rc, nparse;
	uint64_t t_parse, t_walk, t_db;
};

/* Include names come from man pages (input): accept plain relative header
 * paths only, so nothing else can be spliced into the TU. */
static int header_name_ok(const char *s)
{
	size_t n = strlen(s);
	if (!n || n > 200 || s[0] == '/' || strstr(s, ".."))
		return 0;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || strchr("_-+./", *p)))
			return 0;
	return 1;
}

static int is_kernel_header(const char *s)
{
	return str_starts(s, "linux/") || str_starts(s, "asm/") || str_starts(s, "asm-generic/");
}

/* "  <sys/x.h> " or "\"x.h\"" -> "sys/x.h" (caller frees). */
static char *header_trim(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '<' || *s == '"')
		s++;
	size_t n = strlen(s);
	while (n && strchr(" \t\r\n>\"", s[n - 1]))
		n--;
	return xstrndup(s, n);
}

static int read_list(struct strv *out)
{
	FILE *f = datafile_open("headers.list");
	if (!f)
		return -1;
	char line[512];
	while (fgets(line, sizeof(line), f)) {
		char *h = header_trim(line);
		if (h[0] && h[0] != '#')
			strv_push(out, h);
		free(h);
	}
	fclose(f);
	return 0;
}

static int read_man_includes(struct hscan *hs, struct strv *out)
{
	sqlite3_stmt *st;
	if (db_prepare(hs->ctx->db, &st,
		       "SELECT DISTINCT i.header FROM man_include i JOIN man_page p"
		       " ON p.id = i.page_id WHERE p.scan_id = ?1 ORDER BY i.header") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, hs->ctx->scan_id);
	int r;
	while ((r = sqlite3_step(st)) == SQLITE_ROW) {
		char *h = header_trim((const char *)sqlite3_column_text(st, 0));
		strv_push_own(out, h);
	}
	sqlite3_finalize(st);
	if (r != SQLITE_DONE)
		return db_fail(hs->ctx->db, "reading man_include");
	return 0;
}

/* The candidate headers in TU order: libc ones, then kernel ones; each
 * present in the sysroot's include dirs, each file once. */
static int collect_headers(struct hscan *hs)
{
	struct strv names = {0}, rels = {0};
	if (read_list(&names) < 0 || read_man_includes(hs, &names) < 0) {
		strv_free(&names);
		return -1;
	}
	hs->h = xcalloc(names.n + 1, sizeof(*hs->h));
	int rc = 0;
	for (int kernel = 0; kernel < 2; kernel++) {
		for (size_t i = 0; i < names.n && rc == 0; i++) {
			const char *n = names.v[i];
			if (is_kernel_header(n) != kernel)
				continue;
			if (!header_name_ok(n)) {
				db_add_diag(hs->ctx->db, hs->ctx->scan_id, "headers", n, 0, "warning",
					    "not a plain header name; not included");
				continue;
			}
			char *rel = sysroot_find_in(hs->sr, &hs->sr->inc, n);
			/* one there but leading out (or a loop) is a lost input */
			if (!rel && sysroot_find_why(hs->sr, &hs->sr->inc, n) < 0) {
				note("%s; not included", err_msg());
				rc = db_add_diag(hs->ctx->db, hs->ctx->scan_id, "headers", n, 0,
						 "warning", err_msg());
				if (rc == 0)
					err_clear();
			}
			if (!rel || strv_contains(&rels, rel)) {
				if (!rel)
					debug("headers: %s: not in the sysroot", n);
				free(rel);
				continue;
			}
			strv_push(&rels, rel);
			hs->h[hs->nh++] = (struct hdr){.name = xstrdup(n), .rel = rel};
			names.v[i][0] = 0; /* the list and man pages may both name it */
		}
	}
	strv_free(&rels);
	strv_free(&names);
	hs->slot_hdr = xcalloc(hs->nh + 1, sizeof(*hs->slot_hdr));
	return rc;
}

static char *build_tu(struct hscan *hs)
{
	struct buf b = {0};
	buf_puts(&b, "");
	hs->nslots = 0;
	for (size_t i = 0; i < hs->nh; i++) {
		if (hs->h[i].dropped)
			continue;
		/* three lines per slot: the #include of slot k is on line 3k+2 */
		buf_printf(&b, "#if __has_include(<%s>)\n#include <%s>\n#endif\n", hs->h[i].name,
			   hs->h[i].name);
		hs->slot_hdr[hs->nslots++] = (int)i;
	}
	hs->trailer_line = 3 * (int)hs->nslots + 1;
	char *man = man_proto_trailer(hs->ctx->man_typing, hs->trailer_line);
	if (man)
		buf_puts(&b, man);
	free(man);
	return buf_steal(&b);
}

static int owner_of_main_line(struct hscan *hs, unsigned line)
{
	if (line < 2 || (line - 2) % 3)
		return -1;
	size_t k = (line - 2) / 3;
	return k < hs->nslots ? hs->slot_hdr[k] : -1;
}

static void free_files(struct hscan *hs)
{
	for (size_t i = 0; i < hs->nfiles; i++) {
		free(hs->files[i].host);
		free(hs->files[i].rel);
		free(hs->files[i].real);
	}
	hs->nfiles = 0;
	hs->last_file = 0;
}

static struct tfile *file_lookup(struct hscan *hs, CXFile f)
{
	if (!f)
		return NULL;
	if (hs->last_file < hs->nfiles && clang_File_isEqual(hs->files[hs->last_file].f, f))
		return &hs->files[hs->last_file];
	for (size_t i = 0; i < hs->nfiles; i++)
		if (clang_File_isEqual(hs->files[i].f, f)) {
			hs->last_file = i;
			return &hs->files[i];
		}
	return NULL;
}

static int under(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	return dir[0] && !strncmp(path, dir, n) && (path[n] == '/' || (n == 1 && dir[0] == '/'));
}

static void inclusion_cb(CXFile f, CXSourceLocation *stack, unsigned len, CXClientData d)
{
	struct hscan *hs = d;
	if (file_lookup(hs, f))
		return; /* the first inclusion owns the file */
	if (hs->nfiles == hs->capfiles) {
		hs->capfiles = hs->capfiles ? 2 * hs->capfiles : 256;
		hs->files = xrealloc(hs->files, hs->capfiles * sizeof(*hs->files));
	}
	struct tfile *t = &hs->files[hs->nfiles++];
	*t = (struct tfile){.f = f, .host = clangx_str(clang_getFileName(f)), .owner = -1};
	if (len == 0) {
		t->main = 1;
		return;
	}
	unsigned line = 0;
	clang_getSpellingLocation(stack[len - 1], NULL, &line, NULL, NULL);
	t->owner = owner_of_main_line(hs, line);
	t->trailer = (int)line >= hs->trailer_line;
	char *real = realpath(t->host, NULL);
	if (under(t->host, hs->res) || (real && hs->res_real && under(real, hs->res_real)))
		t->resource = 1;
	else if (real && under(real, hs->sr->root))
		t->rel = xstrdup(strcmp(hs->sr->root, "/") ? real + strlen(hs->sr->root) : real);
	t->real = real;
}

static int add_diag(struct hscan *hs, const char *path, int line, const char *sev,
		    const char *msg)
{
	char *key = xasprintf("%s:%d:%s", path ? path : "", line, msg);
	if (strv_contains(&hs->diag_seen, key)) {
		free(key);
		return 0;
	}
	strv_push_own(&hs->diag_seen, key);
	if (hs->ndiag >= MAX_DIAGS) {
		hs->ndiag_over++;
		return 0;
	}
	hs->ndiag++;
	uint64_t t0 = now_ns();
	int rc = db_add_diag(hs->ctx->db, hs->ctx->scan_id, "headers", path, line, sev, msg);
	hs->t_db += now_ns() - t0;
	return rc;
}

/* Path of a TU file for a diag row: sysroot-relative when inside. */
static const char *tfile_path(const struct tfile *t)
{
	if (!t)
		return NULL;
	if (t->main)
		return "<header TU>";
	return t->rel ? t->rel : t->host;
}

/* Records the errors of the TU and marks their owners bad; also refuses
 * files outside the sysroot. Sets *first_reason[i] for each bad header. */
static int check_tu(struct hscan *hs, CXTranslationUnit tu, char **why)
{
	free_files(hs);
	clang_getInclusions(tu, inclusion_cb, hs);
	for (size_t i = 0; i < hs->nfiles; i++) {
		struct tfile *t = &hs->files[i];
		if (t->main || t->resource || t->rel || t->trailer)
			continue;
		char *msg = xasprintf("%s: resolves outside the sysroot (to %s); refused", t->host,
				      t->real ? t->real : "an unreadable path");
		int rc = add_diag(hs, t->host, 0, "error", msg);
		if (t->owner >= 0 && !hs->h[t->owner].bad) {
			hs->h[t->owner].bad = 1;
			why[t->owner] = msg;
		} else {
			free(msg);
		}
		if (rc < 0)
			return -1;
	}
	unsigned nd = clang_getNumDiagnostics(tu);
	for (unsigned i = 0; i < nd; i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
		if (sev < CXDiagnostic_Error) {
			clang_disposeDiagnostic(dg);
			continue;
		}
		CXFile f = NULL;
		unsigned line = 0;
		clang_getExpansionLocation(clang_getDiagnosticLocation(dg), &f, &line, NULL, NULL);
		struct tfile *t = file_lookup(hs, f);
		if (t && (t->trailer || (t->main && (int)line >= hs->trailer_line))) {
			clang_disposeDiagnostic(dg); /* the man prototypes' own */
			continue;
		}
		char *msg = clangx_str(clang_getDiagnosticSpelling(dg));
		if (sev == CXDiagnostic_Fatal) {
			char *m = xasprintf("fatal: %s", msg);
			free(msg);
			msg = m;
		}
		clang_disposeDiagnostic(dg);
		int owner = !t ? -1 : t->main ? owner_of_main_line(hs, line) : t->owner;
		const char *path = tfile_path(t);
		int rc = add_diag(hs, path, (int)line, "error", msg);
		if (owner >= 0 && !hs->h[owner].bad) {
			hs->h[owner].bad = 1;
			why[owner] = xasprintf("%s:%u: %s", path ? path : "?", line, msg);
		}
		free(msg);
		if (rc < 0)
			return -1;
	}
	return 0;
}

static int hdr_index(const struct hscan *hs, const char *name)
{
	for (size_t i = 0; i < hs->nh; i++)
		if (!strcmp(hs->h[i].name, name))
			return (int)i;
	return -1;
}

/* Leaves out the headers data/header_conflicts.tsv knows to break this TU,
 * each with a warning row: one parse instead of a parse, a drop and a
 * reparse. */
static int leave_out_conflicts(struct hscan *hs)
{
	static const char *const cols[] = {"header", "how", "what", "why", NULL};
	struct tsv in;
	if (tsv_open(&in, "header_conflicts.tsv", cols) < 0)
		return -1;
	int rc = 0, r = 0;
	while (rc == 0 && (r = tsv_next(&in)) > 0) {
		const char *hdr = in.v[0], *how = in.v[1], *what = in.v[2], *why = in.v[3];
		int i = hdr_index(hs, hdr), other = hdr_index(hs, what);
		struct strv abis = {0};
		split_list(what, &abis);
		int hit = !strcmp(how, "after") ? other >= 0 && !hs->h[other].dropped
			  : !strcmp(how, "abi") && strv_contains(&abis, hs->ctx->arch->name);
		strv_free(&abis);
		if (i < 0 || hs->h[i].dropped || !hit)
			continue;
		hs->h[i].dropped = 1;
		char *m = !strcmp(how, "after")
				  ? xasprintf("left out of the header TU: conflicts with <%s> (%s;"
					      " data/header_conflicts.tsv)", what, why)
				  : xasprintf("left out of the header TU: an #error on %s (%s;"
					      " data/header_conflicts.tsv)", hs->ctx->arch->name,
					      why);
		rc = add_diag(hs, hs->h[i].rel, 0, "warning", m);
		free(m);
	}
	if (r < 0)
		rc = -1;
	tsv_close(&in);
	return rc;
}

/* Parses the TU, dropping bad headers and reparsing, at most MAX_ROUNDS
 * times. Returns the last TU (NULL with err_set() if libclang failed). */
static CXTranslationUnit parse_headers(struct hscan *hs, CXIndex idx, const struct strv *args)
{
	char **why = xcalloc(hs->nh + 1, sizeof(*why));
	CXTranslationUnit tu = NULL;
	for (int round = 0; round < MAX_ROUNDS; round++) {
		char *src = build_tu(hs);
		uint64_t t0 = now_ns();
		tu = clangx_parse(idx, hs->sr, TU_NAME, src, args,
				  CXTranslationUnit_SkipFunctionBodies | CXTranslationUnit_KeepGoing);
		free(src);
		if (!tu)
			break;
		hs->nparse++;
		int rc = check_tu(hs, tu, why);
		hs->t_parse += now_ns() - t0;
		if (rc < 0) {
			clang_disposeTranslationUnit(tu);
			tu = NULL;
			break;
		}
		size_t nbad = 0;
		for (size_t i = 0; i < hs->nh; i++)
			nbad += hs->h[i].bad;
		if (!nbad)
			break;
		int last = round == MAX_ROUNDS - 1;
		for (size_t i = 0; i < hs->nh && rc == 0; i++) {
			if (!hs->h[i].bad)
				continue;
			hs->h[i].bad = 0;
			hs->h[i].erred = 1;
			char *m = last ? xasprintf("kept despite errors after %d parses: %s",
						   MAX_ROUNDS, why[i])
				       : xasprintf("dropped from the header TU: %s", why[i]);
			rc = add_diag(hs, hs->h[i].rel, 0, "warning", m);
			free(m);
			free(why[i]);
			why[i] = NULL;
			hs->h[i].dropped = !last;
		}
		if (rc < 0) {
			clang_disposeTranslationUnit(tu);
			tu = NULL;
			break;
		}
		if (last)
			break;
		clang_disposeTranslationUnit(tu);
		tu = NULL;
	}
	for (size_t i = 0; i < hs->nh; i++)
		free(why[i]);
	free(why);
	return tu;
}

/* Adds name to the set; 1 if it was new. */
static int names_add(struct hscan *hs, const char *name)
{
	if (2 * (hs->names_n + 1) > hs->names_cap) {
		size_t oc = hs->names_cap, nc = oc ? 2 * oc : 4096;
		char **old = hs->names;
		hs->names = xcalloc(nc, sizeof(*hs->names));
		hs->names_cap = nc;
		for (size_t i = 0; i < oc; i++) {
			if (!old[i])
				continue;
			size_t j = hash64(old[i], strlen(old[i]), 0) & (nc - 1);
			while (hs->names[j])
				j = (j + 1) & (nc - 1);
			hs->names[j] = old[i];
		}
		free(old);
	}
	size_t j = hash64(name, strlen(name), 0) & (hs->names_cap - 1);
	while (hs->names[j]) {
		if (!strcmp(hs->names[j], name))
			return 0;
		j = (j + 1) & (hs->names_cap - 1);
	}
	hs->names[j] = xstrdup(name);
	hs->names_n++;
	return 1;
}

static char *type_str(CXType t)
{
	return clangx_str(clang_getTypeSpelling(clang_getCanonicalType(t)));
}

static int record_decl(struct hscan *hs, CXCursor c, const struct tfile *t, unsigned line,
		       const char *name)
{
	CXType ft = clang_getCanonicalType(clang_getCursorType(c));
	char *proto = type_str(ft), *ret = type_str(clang_getResultType(ft));
	int nargs = clang_getNumArgTypes(ft); /* -1 for an unprototyped f() */
	int variadic = ft.kind == CXType_FunctionNoProto || clang_isFunctionTypeVariadic(ft) == 1;
	int ncur = clang_Cursor_getNumArguments(c);
	sqlite3_stmt *st = hs->ins_decl;
	uint64_t t0 = now_ns();
	sqlite3_bind_int64(st, 1, hs->ctx->scan_id);
	db_bind_text(st, 2, name);
	db_bind_text(st, 3, t->rel);
	sqlite3_bind_int(st, 4, (int)line);
	db_bind_text(st, 5, ret);
	db_bind_text(st, 6, proto);
	sqlite3_bind_int(st, 7, nargs < 0 ? 0 : nargs);
	sqlite3_bind_int(st, 8, variadic);
	/* the top-level header that brought a file in, if not the file itself */
	const struct hdr *top = t->owner >= 0 ? &hs->h[t->owner] : NULL;
	db_bind_text(st, 9, top && top->rel && strcmp(top->rel, t->rel) ? top->name : NULL);
	int rc = db_step_done(hs->ctx->db, st);
	hs->t_db += now_ns() - t0;
	free(proto);
	free(ret);
	sqlite3_int64 id = sqlite3_last_insert_rowid(hs->ctx->db->h);
	for (int i = 0; i < nargs && rc == 0; i++) {
		char *ty = type_str(clang_getArgType(ft, (unsigned)i));
		char *pn = i < ncur ? clangx_str(clang_getCursorSpelling(
						clang_Cursor_getArgument(c, (unsigned)i)))
				    : xstrdup("");
		st = hs->ins_param;
		t0 = now_ns();
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_int(st, 2, i);
		db_bind_text(st, 3, ty);
		db_bind_text(st, 4, pn[0] ? pn : NULL);
		rc = db_step_done(hs->ctx->db, st);
		hs->t_db += now_ns() - t0;
		free(ty);
		free(pn);
	}
	hs->ndecl++;
	return rc;
}

/* A neighbour header's declaration with its prototype: canonical types as
 * record_decl() takes them, and the header's own spellings, which keep the
 * typedefs (a library's io_context_t, libc's sigset_t) that tell whether a
 * wrapper could use it (types/typing.c). */
static int record_neighbour(struct hscan *hs, CXCursor c, const struct tfile *t, unsigned line,
			    const char *name)
{
	CXType spelled = clang_getCursorType(c), ft = clang_getCanonicalType(spelled);
	int nargs = clang_getNumArgTypes(ft), ncur = clang_Cursor_getNumArguments(c);
	char *ret = type_str(clang_getResultType(ft));
	char *ret_sp = clangx_str(clang_getTypeSpelling(clang_getResultType(spelled)));
	char *params = NULL;
	size_t plen = 0;
	FILE *f = open_memstream(&params, &plen);
	if (!f)
		return err_set(EXIT_INTERNAL, "open_memstream: %s", strerror(errno));
	struct json j;
	json_init(&j, f, 0);
	json_arr_begin(&j);
	for (int i = 0; i < nargs; i++) {
		CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
		char *ty = type_str(clang_getArgType(ft, (unsigned)i));
		char *sp = i < ncur ? clangx_str(clang_getTypeSpelling(clang_getCursorType(a))) : NULL;
		char *pn = i < ncur ? clangx_str(clang_getCursorSpelling(a)) : NULL;
		json_arr_begin(&j);
		json_str(&j, ty);
		json_str(&j, sp);
		json_str(&j, pn && pn[0] ? pn : NULL);
		json_arr_end(&j);
		free(ty);
		free(sp);
		free(pn);
	}
	json_arr_end(&j);
	fclose(f);
	struct neighbour_proto np = {
		.name = name, .header = t->rel, .line = (int)line, .ret = ret, .ret_spelled = ret_sp,
		.variadic = ft.kind == CXType_FunctionNoProto || clang_isFunctionTypeVariadic(ft) == 1,
		.params = params,
	};
	int rc = libc_owner_neighbour(&hs->own, hs->ctx->db, hs->ctx->scan_id, &np);
	free(ret);
	free(ret_sp);
	free(params);
	return rc;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	struct hscan *hs = d;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	CXFile f = NULL;
	unsigned line = 0;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, NULL, NULL);
	struct tfile *t = file_lookup(hs, f);
	if (!t || !t->rel || t->trailer) /* the TU, clang's resource dir, refused */
		return CXChildVisit_Continue;
	char *name = clangx_str(clang_getCursorSpelling(c));
	if (!libc_owner_has(&hs->own, t->rel)) { /* another library's header */
		if (record_neighbour(hs, c, t, line, name) < 0)
			hs->rc = -1;
		free(name);
		return hs->rc < 0 ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	if (names_add(hs, name) && record_decl(hs, c, t, line, name) < 0) {
		hs->rc = -1;
		free(name);
		return CXChildVisit_Break;
	}
	free(name);
	return CXChildVisit_Continue;
}

/* An input row for a file of the TU, hashed as clang read it (t); for a
 * header clang did not report reading, unhashed. */
static int note_file(struct hscan *hs, CXTranslationUnit tu, const char *kind, const char *rel,
		     const struct tfile *t)
{
	size_t n = 0;
	const char *data = t ? clang_getFileContents(tu, t->f, &n) : NULL;
	char *host = sysroot_host_path(hs->sr, rel);
	int rc = scan_note_input(hs->ctx, kind, host, data, data ? n : 0, NULL);
	free(host);
	return rc;
}

/* Inputs: the top-level headers kept ("header", in TU order) and every
 * other sysroot file clang read ("header-dep"). */
static int note_inputs(struct hscan *hs, CXTranslationUnit tu)
{
	struct strv done = {0};
	int rc = 0;
	for (size_t i = 0; i < hs->nh && rc == 0; i++) {
		if (hs->h[i].dropped)
			continue;
		const struct tfile *t = NULL;
		for (size_t k = 0; k < hs->nfiles && !t; k++)
			if (hs->files[k].rel && !strcmp(hs->files[k].rel, hs->h[i].rel))
				t = &hs->files[k];
		rc = note_file(hs, tu, "header", hs->h[i].rel, t);
		strv_push(&done, hs->h[i].rel);
	}
	for (size_t i = 0; i < hs->nfiles && rc == 0; i++) {
		const struct tfile *t = &hs->files[i];
		if (t->rel && !t->trailer && !strv_contains(&done, t->rel))
			rc = note_file(hs, tu, "header-dep", t->rel, t);
	}
	strv_free(&done);
	return rc;
}

static void hscan_free(struct hscan *hs)
{
	for (size_t i = 0; i < hs->nh; i++) {
		free(hs->h[i].name);
		free(hs->h[i].rel);
	}
	free(hs->h);
	free(hs->slot_hdr);
	free_files(hs);
	free(hs->files);
	free(hs->res_real);
	strv_free(&hs->diag_seen);
	for (size_t i = 0; i < hs->names_cap; i++)
		free(hs->names[i]);
	free(hs->names);
	sqlite3_finalize(hs->ins_decl);
	sqlite3_finalize(hs->ins_param);
	libc_owner_free(&hs->own);
}

/* libclang opens headers blocking: a FIFO (or a device, a socket) among
 * the include dirs, or a symlink to one, would hold the parse forever. A
 * header larger than HEADER_MAX is refused too: the parse costs ~40 times
 * its size in memory (a 41 MB header took 1.6 GB). */
static int special_visit(void *arg, int dirfd, const char *rel, const char *name,
			 unsigned char type)
{
	const struct sysroot *sr = arg;
	struct stat st;
	if (type == DT_DIR)
		return 1;
	int known = (type == DT_LNK || type == DT_REG) && fstatat(dirfd, name, &st, 0) == 0;
	if (known)
		type = dirwalk_type(st.st_mode);
	if (known && type == DT_REG && st.st_size > HEADER_MAX)
		return err_set(EXIT_INPUT, "%s/%s: %lld bytes, larger than the %d MiB bound for a"
					   " header (in sysroot %s): refused", rel, name,
			       (long long)st.st_size, HEADER_MAX >> 20, sr->root);
	if (type != DT_FIFO && type != DT_CHR && type != DT_BLK && type != DT_SOCK)
		return 0;
	return err_set(EXIT_INPUT, "%s/%s: not a regular file among the headers (in sysroot %s):"
				   " refused, the parse would wait on it", rel, name, sr->root);
}

static int check_include_dirs(const struct sysroot *sr)
{
	/* the host's own default dirs are the system's, not an input someone
	 * else made: their walk (~850 dirs, ~3 ms a scan of /) is skipped */
	if (clangx_trusted(sr))
		return 0;
	int rc = 0;
	for (size_t i = 0; i < sr->inc_host.n && rc == 0; i++)
		rc = dirwalk(sr->inc_host.v[i], sysroot_strip_prefix(sr, sr->inc_host.v[i]),
			     special_visit, (void *)sr);
	return rc;
}

int libc_scan_headers(struct scan_ctx *ctx)
{
	if (check_include_dirs(ctx->sr) < 0)
		return -1;
	struct hscan hs = {.ctx = ctx, .sr = ctx->sr};
	hs.res = xasprintf("%s/include", clangx_resource_dir());
	hs.res_real = realpath(hs.res, NULL);
	int rc = libc_owner_load(ctx->sr, &hs.own);
	if (rc == 0)
		rc = collect_headers(&hs);
	if (rc == 0)
		rc = leave_out_conflicts(&hs);
	if (rc == 0)
		rc = db_prepare(ctx->db, &hs.ins_decl,
				"INSERT INTO decl (scan_id, name, header, line, ret, proto, nparams,"
				" variadic, via) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
	if (rc == 0)
		rc = db_prepare(ctx->db, &hs.ins_param,
				"INSERT INTO decl_param (decl_id, idx, type, name)"
				" VALUES (?1, ?2, ?3, ?4)");
	if (rc == 0 && hs.nh) {
		struct strv args = {0};
		clangx_args(&args, ctx->sr, ctx->arch);
		strv_push(&args, "-ferror-limit=0"); /* every error is a diag row */
		/* -w would also silence the man prototypes' -Wimplicit-int
		 * error; the headers' warnings do not count anyway */
		if (!ctx->man_typing)
			strv_push(&args, "-w");
		CXIndex idx = clang_createIndex(0, 0);
		CXTranslationUnit tu = parse_headers(&hs, idx, &args);
		if (!tu) {
			rc = -1;
		} else {
			uint64_t t0 = now_ns(), db0 = hs.t_db;
			clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &hs);
			hs.t_walk = now_ns() - t0 - (hs.t_db - db0);
			rc = hs.rc;
			struct strv unclean = {0};
			for (size_t i = 0; i < hs.nh; i++)
				if (hs.h[i].dropped || hs.h[i].erred)
					strv_push(&unclean, hs.h[i].name);
			if (rc == 0)
				rc = man_proto_batch(ctx->man_typing, tu, TU_NAME, &unclean);
			strv_free(&unclean);
			if (rc == 0) {
				t0 = now_ns();
				rc = note_inputs(&hs, tu);
				hs.t_db += now_ns() - t0;
			}
			clang_disposeTranslationUnit(tu);
		}
		clang_disposeIndex(idx);
		strv_free(&args);
	}
	if (rc == 0)
		rc = man_proto_finish(ctx);
	if (rc == 0 && hs.ndiag_over) {
		char *m = xasprintf("%zu more header diagnostics not recorded", hs.ndiag_over);
		rc = db_add_diag(ctx->db, ctx->scan_id, "headers", NULL, 0, "warning", m);
		free(m);
	}
	if (rc == 0) {
		size_t ndrop = 0;
		for (size_t i = 0; i < hs.nh; i++)
			ndrop += hs.h[i].dropped;
		debug("headers: %zu headers (%zu dropped), %d declarations; %d parses %.1f ms, walk "
		      "%.1f ms, db %.1f ms",
		      hs.nh, ndrop, hs.ndecl, hs.nparse, (double)hs.t_parse / 1e6, (double)hs.t_walk / 1e6,
		      (double)hs.t_db / 1e6);
		/* no read() at all is an include path the libc needs (klibc's
		 * arch dirs), not a few broken headers: every wrapper would
		 * count as missing, with only diag rows to say why (names_add()
		 * says whether the set of names recorded lacked it; the set is
		 * not used after this) */
		if (hs.nh && names_add(&hs, "read"))
			note("%s (%s): no header declares read(), %zu of %zu headers dropped: does the libc"
			     " need more --include dirs? (diag rows say why)", ctx->sr->root,
			     ctx->arch->name, ndrop, hs.nh);
	}
	free(hs.res);
	hscan_free(&hs);
	return rc;
}
