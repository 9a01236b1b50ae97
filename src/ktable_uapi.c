/* ktable_uapi.c: the kernel syscall table from a sysroot's UAPI headers, and
 * the libclang macro evaluator that the kernel-tree scanner shares.
 *
 * The numbers are evaluated for the target, not grepped: they can be
 * expressions (__NR_Linux + 4 on MIPS, (__X32_SYSCALL_BIT + 0) on x32) and the
 * generic table depends on __ARCH_WANT_* and __BITS_PER_LONG. One parse with
 * a detailed preprocessing record finds the names of the __NR_* macros that
 * are defined; a second parse of the same text plus one enum constant per
 * name lets clang compute each value, exactly as the target compiler would. */
#include "ktable.h"

#include <stdlib.h>
#include <string.h>

#include "clangx.h"

#define TU_NAME "/syscov/ktable-eval.c"

/* The rule for __NR_* names that are not syscalls: bases and counts.
 * Syscall names are lower-case; the bases are not (__NR_Linux on MIPS,
 * __NR_SYSCALL_BASE, __NR_OABI_SYSCALL_BASE and __NR_SYSCALL_MASK on ARM,
 * __ARM_NR_BASE, __NR_O32_Linux...). The counts end in "syscalls"
 * (__NR_syscalls, __NR_Linux_syscalls), and __NR_arch_specific_syscall is
 * the first number of the generic table's per-arch range, which has no
 * __SYSCALL() entry of its own. */
int ktable_is_helper(const char *name)
{
	for (const char *p = name; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			return 1;
	return str_ends(name, "syscalls") || !strcmp(name, "arch_specific_syscall");
}

const char *ktable_stand_in(unsigned word_bits)
{
	return word_bits == 64 ? "x86_64-linux-gnu" : "i386-linux-gnu";
}

int ktable_entry_unimplemented(const char *entry)
{
	/* sys_ni_syscall, and the ports' own spelling (alpha_ni_syscall) */
	return !entry || !*entry || str_ends(entry, "_ni_syscall") ||
	       !strcmp(entry, "sys_ni_syscall");
}

void ksyms_free(struct ksyms *k)
{
	for (size_t i = 0; i < k->n; i++) {
		free(k->v[i].name);
		free(k->v[i].file);
		free(k->v[i].entry);
	}
	free(k->v);
	strv_free(&k->files);
	free(k->version);
	free(k->note);
	memset(k, 0, sizeof(*k));
}

static struct ksym *ksym_find(struct ksyms *k, const char *name, int private)
{
	for (size_t i = 0; i < k->n; i++)
		if (k->v[i].private == private && !strcmp(k->v[i].name, name))
			return &k->v[i];
	return NULL;
}

/* The text both parses share. __SYSCALL(nr, entry), which the generic table
 * writes after each number, becomes an enum constant whose name carries the
 * entry point (made unique by __COUNTER__) and whose value is the number. */
static void eval_prelude(const struct keval *ke, struct buf *b)
{
	if (ke->want_entries)
		buf_puts(b, "#define SYSCOV_CAT2(a, b) a##b\n"
			    "#define SYSCOV_CAT(a, b) SYSCOV_CAT2(a, b)\n"
			    "#define __SYSCALL(nr, call) "
			    "enum { SYSCOV_CAT(syscov_sc_##call##_x, __COUNTER__) = (nr) };\n");
	if (ke->want_version)
		buf_puts(b, "#if __has_include(<linux/version.h>)\n"
			    "#include <linux/version.h>\n#endif\n");
	buf_puts(b, "#include <asm/unistd.h>\n");
}

static CXTranslationUnit eval_parse(CXIndex idx, const struct keval *ke, const char *src,
				    unsigned options)
{
	struct CXUnsavedFile *uf = xcalloc(ke->nunsaved + 1, sizeof(*uf));
	uf[0] = (struct CXUnsavedFile){.Filename = TU_NAME, .Contents = src,
				       .Length = (unsigned long)strlen(src)};
	for (unsigned i = 0; i < ke->nunsaved; i++)
		uf[i + 1] = ke->unsaved[i];
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc = clang_parseTranslationUnit2(
		idx, TU_NAME, (const char *const *)ke->args->v, (int)ke->args->n, uf,
		ke->nunsaved + 1, options | CXTranslationUnit_SkipFunctionBodies, &tu);
	free(uf);
	if (rc != CXError_Success || !tu) {
		err_set(EXIT_INTERNAL, "%s: libclang could not parse asm/unistd.h (error %d)",
			ke->what, (int)rc);
		return NULL;
	}
	return tu;
}

/* The first error of a TU as "file:line: message", or NULL. */
static char *first_error(CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		char *msg = NULL;
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
			msg = clangx_str(clang_formatDiagnostic(
				d, CXDiagnostic_DisplaySourceLocation));
		clang_disposeDiagnostic(d);
		if (msg)
			return msg;
	}
	return NULL;
}

static enum CXChildVisitResult collect_macro(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct ksyms *k = data;
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition ||
	    clang_Cursor_isMacroFunctionLike(c) || clang_Cursor_isMacroBuiltin(c))
		return CXChildVisit_Continue;
	char *full = clangx_str(clang_getCursorSpelling(c));
	const char *name = NULL;
	int private = 0;
	if (str_starts(full, "__NR_"))
		name = full + 5;
	else if (str_starts(full, "__ARM_NR_"))
		name = full + 9, private = 1;
	if (name && is_c_identifier(name) && !ktable_is_helper(name)) {
		CXFile f;
		clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
		char *file = f ? clangx_str(clang_getFileName(f)) : xstrdup("");
		struct ksym *s = ksym_find(k, name, private);
		if (s) { /* a redefinition: the later one is in force */
			free(s->file);
			s->file = file;
		} else {
			if (k->n == k->cap) {
				k->cap = k->cap ? 2 * k->cap : 512;
				k->v = xrealloc(k->v, k->cap * sizeof(*k->v));
			}
			k->v[k->n++] = (struct ksym){.name = xstrdup(name), .file = file,
						     .private = private};
		}
	}
	free(full);
	return CXChildVisit_Continue;
}

static void collect_inclusion(CXFile f, CXSourceLocation *stack, unsigned len, CXClientData data)
{
	(void)stack;
	if (!len) /* the in-memory main file */
		return;
	struct strv *files = data;
	char *name = clangx_str(clang_getFileName(f));
	if (!strv_contains(files, name))
		strv_push(files, name);
	free(name);
}

struct eval_read {
	struct ksyms *k;
	long long ver[4]; /* major, patchlevel, sublevel, code; -1 unset */
	struct strv entries; /* __SYSCALL() entry points, with their numbers */
	long long *entry_nr;
};

/* "syscov_sc_<entry>_x<counter>" -> "<entry>" */
static char *entry_of(const char *cname)
{
	const char *s = cname + strlen("syscov_sc_"), *e = s + strlen(s);
	while (e > s && e[-1] >= '0' && e[-1] <= '9')
		e--;
	if (e - s < 3 || e[-1] != 'x' || e[-2] != '_')
		return NULL;
	return xstrndup(s, (size_t)(e - 2 - s));
}

static enum CXChildVisitResult read_enum(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct eval_read *r = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind == CXCursor_EnumDecl)
		return CXChildVisit_Recurse;
	if (kind != CXCursor_EnumConstantDecl || clang_isInvalidDeclaration(c))
		return CXChildVisit_Continue;
	char *n = clangx_str(clang_getCursorSpelling(c));
	long long v = clang_getEnumConstantDeclValue(c);
	static const char *const vnames[] = {"syscov_v_major", "syscov_v_patch", "syscov_v_sub",
					     "syscov_v_code"};
	if (str_starts(n, "syscov_nr_")) {
		size_t i = strtoul(n + 10, NULL, 10);
		if (i < r->k->n) {
			r->k->v[i].nr = v;
			r->k->v[i].ok = 1;
		}
	} else if (str_starts(n, "syscov_sc_")) {
		char *entry = entry_of(n);
		if (entry) {
			strv_push_own(&r->entries, entry);
			r->entry_nr = xrealloc(r->entry_nr, r->entries.n * sizeof(*r->entry_nr));
			r->entry_nr[r->entries.n - 1] = v;
		}
	} else {
		for (size_t i = 0; i < ARRAY_SIZE(vnames); i++)
			if (!strcmp(n, vnames[i]))
				r->ver[i] = v;
	}
	free(n);
	return CXChildVisit_Continue;
}

int ktable_eval(const struct keval *ke_in, struct ksyms *out)
{
	memset(out, 0, sizeof(*out));
	CXIndex idx = clang_createIndex(0, 0);
	struct buf src = {0};
	struct strv alt = {0};
	struct keval kev = *ke_in, *ke = &kev;
	int rc = -1;
	eval_prelude(ke, &src);
	CXTranslationUnit tu = eval_parse(idx, ke, src.p, CXTranslationUnit_DetailedPreprocessingRecord);
	if (!tu && ke->word_bits) { /* libclang lacks the target: the same word size */
		const char *stand_in = ktable_stand_in(ke->word_bits);
		for (size_t i = 0; i < ke->args->n; i++)
			strv_push(&alt, i && !strcmp(ke->args->v[i - 1], "-target") ? stand_in
										: ke->args->v[i]);
		out->note = xasprintf("%s: evaluated as %s, a target this libclang has (%s)",
				      ke->what, stand_in, err_msg());
		err_clear();
		ke->args = &alt;
		tu = eval_parse(idx, ke, src.p, CXTranslationUnit_DetailedPreprocessingRecord);
	}
	if (!tu)
		goto out;
	char *e = first_error(tu);
	if (e) {
		err_set(EXIT_INPUT, "%s: asm/unistd.h: %s", ke->what, e);
		free(e);
		clang_disposeTranslationUnit(tu);
		goto out;
	}
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_macro, out);
	clang_getInclusions(tu, collect_inclusion, &out->files);
	clang_disposeTranslationUnit(tu);

	/* second parse: one enum per name, guarded in case a later header
	 * #undef'd it; an expression that is not an integer constant leaves its
	 * enum invalid and the name with ok = 0 */
	for (size_t i = 0; i < out->n; i++) {
		const char *pfx = out->v[i].private ? "__ARM_NR_" : "__NR_";
		buf_printf(&src, "#ifdef %s%s\nenum { syscov_nr_%zu = (%s%s) };\n#endif\n", pfx,
			   out->v[i].name, i, pfx, out->v[i].name);
	}
	if (ke->want_version)
		buf_puts(&src, "#ifdef LINUX_VERSION_MAJOR\n"
			       "enum { syscov_v_major = LINUX_VERSION_MAJOR,"
			       " syscov_v_patch = LINUX_VERSION_PATCHLEVEL,"
			       " syscov_v_sub = LINUX_VERSION_SUBLEVEL };\n"
			       "#elif defined(LINUX_VERSION_CODE)\n"
			       "enum { syscov_v_code = LINUX_VERSION_CODE };\n#endif\n");
	tu = eval_parse(idx, ke, src.p, 0);
	if (!tu)
		goto out;
	struct eval_read r = {.k = out, .ver = {-1, -1, -1, -1}};
	clang_visitChildren(clang_getTranslationUnitCursor(tu), read_enum, &r);
	clang_disposeTranslationUnit(tu);
	/* an entry belongs to the (non-private) names with its number; the
	 * first __SYSCALL() of a number is the one the table uses */
	for (size_t e = 0; e < r.entries.n; e++)
		for (size_t i = 0; i < out->n; i++) {
			struct ksym *s = &out->v[i];
			if (s->ok && !s->private && s->nr == r.entry_nr[e] && !s->entry)
				s->entry = xstrdup(r.entries.v[e]);
		}
	strv_free(&r.entries);
	free(r.entry_nr);
	if (r.ver[0] >= 0 && r.ver[1] >= 0 && r.ver[2] >= 0)
		out->version = xasprintf("%lld.%lld.%lld", r.ver[0], r.ver[1], r.ver[2]);
	else if (r.ver[3] >= 0) /* the sublevel of LINUX_VERSION_CODE saturates at 255 */
		out->version = xasprintf("%lld.%lld.%lld", r.ver[3] >> 16, (r.ver[3] >> 8) & 255,
					 r.ver[3] & 255);
	rc = 0;
out:
	buf_free(&src);
	strv_free(&alt);
	clang_disposeIndex(idx);
	if (rc < 0)
		ksyms_free(out);
	return rc;
}

int ktable_insert(struct scan_ctx *ctx, sqlite3_stmt **st, const struct krow *r)
{
	if (!*st && db_prepare(ctx->db, st,
			       "INSERT INTO ksyscall (scan_id, arch, abi, nr, name, entry,"
			       " compat_entry, implemented, private, source)"
			       " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)") < 0)
		return -1;
	sqlite3_bind_int64(*st, 1, ctx->scan_id);
	db_bind_text(*st, 2, r->arch);
	db_bind_text(*st, 3, r->abi);
	sqlite3_bind_int64(*st, 4, r->nr);
	db_bind_text(*st, 5, r->name);
	db_bind_text(*st, 6, r->entry);
	db_bind_text(*st, 7, r->compat_entry);
	sqlite3_bind_int(*st, 8, r->implemented);
	sqlite3_bind_int(*st, 9, r->private);
	db_bind_text(*st, 10, r->source);
	return db_step_done(ctx->db, *st);
}

/* Records the headers clang read, each read again through sysroot.h for its
 * hash; one that lies outside the sysroot (a symlink clang followed) fails
 * the scan, since the table would not be the sysroot's. */
static int note_headers(struct scan_ctx *ctx, const struct strv *files, struct strv *seen,
			const char *version)
{
	const struct sysroot *sr = ctx->sr;
	for (size_t i = 0; i < files->n; i++) {
		const char *host = files->v[i], *rel = sysroot_strip_prefix(sr, host);
		if (strv_contains(seen, host))
			continue;
		if (strcmp(sr->root, "/") && rel == host)
			return err_set(EXIT_INPUT, "%s: header read outside the sysroot %s", host,
				       sr->root);
		struct buf b = {0};
		char *canon = NULL;
		if (sysroot_read_file(sr, rel, 16 << 20, &b, &canon) < 0)
			return -1;
		int rc = scan_note_input(ctx, "kernel-header", host, b.p, b.len, version);
		buf_free(&b);
		free(canon);
		if (rc < 0)
			return -1;
		strv_push(seen, host);
	}
	return 0;
}

/* Evaluates and stores the table of one ABI. */
static int scan_abi(struct scan_ctx *ctx, sqlite3_stmt **st, const struct arch_desc *a,
		    int primary, struct strv *seen)
{
	const struct sysroot *sr = ctx->sr;
	struct strv args = {0};
	struct ksyms ks;
	clangx_args(&args, sr, &sr->uapi_inc, a);
	char *what = xasprintf("%s: %s", sr->root, a->name);
	struct keval ke = {.args = &args, .want_version = primary, .what = what,
			   .word_bits = a->word_bits};
	int rc = ktable_eval(&ke, &ks);
	strv_free(&args);
	free(what);
	if (rc < 0) {
		if (primary)
			return -1;
		/* a companion ABI these headers do not describe: note it, go on */
		rc = db_add_diag(ctx->db, ctx->scan_id, "ktable", NULL, 0, "warning", err_msg());
		err_clear();
		return rc;
	}
	if (ks.note)
		rc = db_add_diag(ctx->db, ctx->scan_id, "ktable", NULL, 0, "note", ks.note);
	for (size_t i = 0; rc == 0 && i < ks.n; i++) {
		const struct ksym *s = &ks.v[i];
		const char *src = sysroot_strip_prefix(sr, s->file);
		if (!s->ok) {
			char *msg = xasprintf("%s%s: not an integer constant for %s",
					      s->private ? "__ARM_NR_" : "__NR_", s->name, a->name);
			rc = db_add_diag(ctx->db, ctx->scan_id, "ktable", src, 0, "warning", msg);
			free(msg);
			continue;
		}
		struct krow r = {.arch = a->name, .abi = "uapi", .name = s->name, .nr = s->nr,
				 .source = src, .implemented = 1, .private = s->private};
		rc = ktable_insert(ctx, st, &r);
	}
	if (rc == 0 && primary && ks.version)
		rc = db_scan_set(ctx->db, ctx->scan_id, "kernel_version", ks.version);
	if (rc == 0)
		rc = note_headers(ctx, &ks.files, seen, primary ? ks.version : NULL);
	ksyms_free(&ks);
	return rc;
}

int ktable_scan_uapi(struct scan_ctx *ctx)
{
	const struct sysroot *sr = ctx->sr;
	char *hdr = sysroot_find_in(sr, &sr->uapi_inc, "asm/unistd.h");
	if (!hdr) {
		struct buf dirs = {0};
		for (size_t i = 0; i < sr->uapi_inc.n; i++)
			buf_printf(&dirs, "%s%s", i ? ", " : "", sr->uapi_inc.v[i]);
		err_set(EXIT_INPUT, "%s: no asm/unistd.h for %s in %s", sr->root, ctx->arch->name,
			dirs.len ? dirs.p : "(no include dirs)");
		buf_free(&dirs);
		return -1;
	}
	free(hdr);
	sqlite3_stmt *st = NULL;
	struct strv seen = {0};
	int rc = scan_abi(ctx, &st, ctx->arch, 1, &seen);
	for (const char *const *c = ctx->arch->companions; rc == 0 && c && *c; c++) {
		const struct arch_desc *a = arch_find(*c);
		if (a)
			rc = scan_abi(ctx, &st, a, 0, &seen);
	}
	sqlite3_finalize(st);
	strv_free(&seen);
	return rc;
}
