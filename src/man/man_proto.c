/* man_proto.c: This file contains the typing of SYNOPSIS prototypes with
 * libclang (see man.h). Each prototype is declared under a mangled name
 * (__syscov_man_N) after the page's includes and typedefs, so that it does
 * not clash with the header's own declaration of the function, and its
 * canonical types are read back.
 *
 * Parsing the headers dominates the cost, so all pages go into one batched
 * TU first (pages whose SYNOPSIS #defines more than _GNU_SOURCE get their
 * own). Headers of different pages can conflict in a batch (<linux/x.h>
 * against <x.h>), so a prototype with an error there is tried again in a TU
 * of its own page alone; only an error there marks it unparsed.
 *
 * The batch is not a TU of its own: the header scanner (libc_headers.c)
 * includes the same headers anyway, so the man scanner defers the typing
 * (man_proto_defer()) and the header TU carries the batch's prototypes after
 * its includes (man_proto_trailer(), man_proto_batch()): the headers are
 * parsed once per scan. */
#include "man/man_typing.h"

#include <stdlib.h>
#include <string.h>

#define MANGLE "__syscov_man_"

struct job {
	struct man_info *page;
	struct man_proto_src *p;
	int line;      /* its line in the current TU, 0 when not in it */
	int done;      /* typed and written */
	int alone;     /* tried in a TU of its own page: final */
	char *err;     /* first error of its last attempt */
};

struct man_typer {
	struct scan_ctx *ctx;
	struct man_info *pages;  /* owned */
	size_t npages;
	int batched;             /* the batch has been typed */
	struct strv unclean;     /* header TU includes dropped or in error */
	unsigned char *sel;      /* the batch's jobs, then a page's */
	CXIndex idx;
	struct strv args;
	struct job *jobs;
	size_t njobs;
	sqlite3_stmt *upd, *fail, *param;
};

static int only_gnu_source(const struct man_info *mi)
{
	for (size_t i = 0; i < mi->defines.n; i++)
		if (strcmp(mi->defines.v[i], "_GNU_SOURCE"))
			return 0;
	return 1;
}

static void add_define(struct buf *src, const char *d)
{
	size_t n = strcspn(d, " (");
	buf_printf(src, "#ifndef %.*s\n#define %s\n#endif\n", (int)n, d, d);
}

/* Builds the TU source for the jobs marked in `sel`, its first line being
 * line `line` of the TU; `headers` 0 leaves out the pages' macros and
 * includes (the header TU that carries it has them). */
static char *tu_source(struct man_typer *t, const unsigned char *sel, int line, int headers)
{
	struct buf src = {0};
	struct strv seen = {0};
	/* the pages take the basic types for granted (uint32_t in futex(2),
	 * loff_t in _llseek(2)); these headers of every libc declare them */
	static const char *const base[] = {"stddef.h", "stdint.h", "sys/types.h"};
	buf_puts(&src, "");
	/* as -Werror=implicit-int does in a TU of its own; the header TU's
	 * own lines come before it */
	if (!headers)
		buf_puts(&src, "#pragma clang diagnostic error \"-Wimplicit-int\"\n");
	for (size_t i = 0; i < t->njobs && headers; i++) {
		if (!sel[i])
			continue;
		struct man_info *mi = t->jobs[i].page;
		for (size_t k = 0; k < mi->defines.n; k++)
			if (strcmp(mi->defines.v[k], "_GNU_SOURCE") && strv_push_unique(&seen, mi->defines.v[k]))
				add_define(&src, mi->defines.v[k]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(base); i++) {
		char *found = sysroot_find_in(t->ctx->sr, &t->ctx->sr->inc, base[i]);
		err_clear();
		if (found)
			buf_printf(&src, "#include <%s>\n", base[i]);
		free(found);
	}
	for (size_t i = 0; i < t->njobs && headers; i++) {
		if (!sel[i])
			continue;
		struct man_info *mi = t->jobs[i].page;
		for (size_t k = 0; k < mi->includes.n; k++) {
			const char *h = mi->includes.v[k];
			if (!strv_push_unique(&seen, h))
				continue;
			char *found = sysroot_find_in(t->ctx->sr, &t->ctx->sr->inc, h);
			err_clear();
			if (found)
				buf_printf(&src, "#include <%s>\n", h);
			free(found);
		}
	}
	for (size_t i = 0; i < t->njobs; i++) {
		if (!sel[i])
			continue;
		struct man_info *mi = t->jobs[i].page;
		for (size_t k = 0; k < mi->context.n; k++)
			if (strv_push_unique(&seen, mi->context.v[k]))
				buf_printf(&src, "%s\n", mi->context.v[k]);
	}
	strv_free(&seen);
	for (size_t i = 0; i < src.len; i++)
		line += src.p[i] == '\n';
	for (size_t i = 0; i < t->njobs; i++) {
		t->jobs[i].line = 0;
		if (!sel[i])
			continue;
		/* one line each, so that a diagnostic's line names its prototype */
		struct man_proto_src *p = t->jobs[i].p;
		buf_printf(&src, "%s " MANGLE "%zu%s;\n", p->pre, i, p->post);
		t->jobs[i].line = line++;
	}
	buf_puts(&src, "");
	return buf_steal(&src);
}

static char *type_str(CXType ty, int canonical)
{
	return clangx_str(clang_getTypeSpelling(canonical ? clang_getCanonicalType(ty) : ty));
}

/* A parameter's type as the function's type has it: arrays decay to
 * pointers and top-level qualifiers (restrict, const) do not count, the
 * convention of the header scanner's decl_param. */
static char *param_type(CXType ty)
{
	CXType c = clang_getCanonicalType(ty);
	char *s;
	if (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray ||
	    c.kind == CXType_VariableArray) {
		/* clang keeps the element's qualifiers on the array type */
		char *e = type_str(clang_getArrayElementType(c), 1);
		int ptr = e[strlen(e) - 1] == '*', cq = clang_isConstQualifiedType(c);
		if (ptr)
			s = cq ? xasprintf("%sconst *", e) : xasprintf("%s*", e);
		else
			s = xasprintf("%s%s *", cq ? "const " : "", e);
		free(e);
	} else {
		s = type_str(c, 0);
	}
	static const char *const quals[] = {"restrict", "const", "volatile"};
	for (int again = 1; again;) {
		again = 0;
		size_t n = strlen(s);
		for (size_t i = 0; i < ARRAY_SIZE(quals); i++) {
			size_t q = strlen(quals[i]);
			if (strchr(s, '*') && n > q && !strcmp(s + n - q, quals[i]) &&
			    (s[n - q - 1] == '*' || s[n - q - 1] == ' ')) {
				n -= q;
				while (n && s[n - 1] == ' ')
					n--;
				s[n] = 0;
				again = 1;
			} else if (!strchr(s, '*') && !strncmp(s, quals[i], q) && s[q] == ' ') {
				memmove(s, s + q + 1, n - q);
				again = 1;
			}
		}
	}
	return s;
}

static int write_typed(struct man_typer *t, struct job *j, CXCursor c)
{
	CXType ty = clang_getCursorType(c);
	CXType res = clang_getResultType(ty);
	int n = clang_Cursor_getNumArguments(c);
	char *ret = type_str(res, 1), *ret_sp = type_str(res, 0);
	int rc = 0;
	sqlite3_bind_int64(t->upd, 1, j->p->id);
	db_bind_text(t->upd, 2, ret);
	db_bind_text(t->upd, 3, ret_sp);
	sqlite3_bind_int(t->upd, 4, n < 0 ? 0 : n);
	sqlite3_bind_int(t->upd, 5, ty.kind != CXType_FunctionProto || clang_isFunctionTypeVariadic(ty));
	rc = db_step_done(t->ctx->db, t->upd);
	for (int i = 0; i < n && rc == 0; i++) {
		CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
		/* adjusted as in the function's type; the spelling keeps what
		 * the page wrote */
		char *canon = param_type(clang_getArgType(ty, (unsigned)i));
		char *sp = type_str(clang_getCursorType(a), 0);
		char *name = clangx_str(clang_getCursorSpelling(a));
		sqlite3_bind_int64(t->param, 1, j->p->id);
		sqlite3_bind_int(t->param, 2, i);
		db_bind_text(t->param, 3, canon);
		db_bind_text(t->param, 4, sp);
		db_bind_text(t->param, 5, *name ? name : NULL);
		rc = db_step_done(t->ctx->db, t->param);
		free(canon);
		free(sp);
		free(name);
	}
	free(ret);
	free(ret_sp);
	j->done = rc == 0;
	return rc;
}

struct visit {
	struct man_typer *t;
	int rc;
};

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct visit *v = data;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	char *name = clangx_str(clang_getCursorSpelling(c));
	if (str_starts(name, MANGLE)) {
		size_t i = strtoul(name + strlen(MANGLE), NULL, 10);
		struct job *j = i < v->t->njobs ? &v->t->jobs[i] : NULL;
		if (j && j->line && !j->err && !j->done && !clang_isInvalidDeclaration(c) &&
		    write_typed(v->t, j, c) < 0)
			v->rc = -1;
	}
	free(name);
	return v->rc < 0 ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* The first include of the page that the sysroot lacks, or NULL. */
static const char *first_missing(struct man_typer *t, const struct man_info *page)
{
	const char *miss = NULL;
	for (size_t k = 0; k < page->includes.n && !miss; k++) {
		char *found = sysroot_find_in(t->ctx->sr, &t->ctx->sr->inc, page->includes.v[k]);
		err_clear();
		if (!found)
			miss = page->includes.v[k];
		free(found);
	}
	return miss;
}

/* A failed prototype whose page needs a header the sysroot lacks says so:
 * the jobs of job i's page that failed, from i on. */
static void blame_missing(struct man_typer *t, size_t i)
{
	struct man_info *page = t->jobs[i].page;
	const char *miss = first_missing(t, page);
	for (size_t k = i; k < t->njobs && t->jobs[k].page == page && miss; k++)
		if (!t->jobs[k].done && t->jobs[k].err) {
			char *e = xasprintf("%s (header not in the sysroot: %s)", t->jobs[k].err, miss);
			free(t->jobs[k].err);
			t->jobs[k].err = e;
		}
}

/* Records the per-prototype errors of a parsed TU (`name`) holding the
 * selected jobs and writes the prototypes that typed cleanly; `blame`:
 * the errors name a missing header (not in the batch, whose failures are
 * tried again). */
static int collect(struct man_typer *t, CXTranslationUnit tu, const char *tu_name,
		   const unsigned char *sel, int blame)
{
	for (size_t i = 0; i < t->njobs; i++)
		if (sel[i]) {
			free(t->jobs[i].err);
			t->jobs[i].err = NULL;
		}
	unsigned nd = clang_getNumDiagnostics(tu);
	for (unsigned d = 0; d < nd; d++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, d);
		if (clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error) {
			CXFile f;
			unsigned line;
			clang_getExpansionLocation(clang_getDiagnosticLocation(dg), &f, &line, NULL, NULL);
			char *fname = clangx_str(clang_getFileName(f));
			for (size_t i = 0; i < t->njobs && !strcmp(fname, tu_name); i++)
				if (t->jobs[i].line == (int)line && !t->jobs[i].err)
					t->jobs[i].err = clangx_str(clang_getDiagnosticSpelling(dg));
			free(fname);
		}
		clang_disposeDiagnostic(dg);
	}
	for (size_t i = 0; i < t->njobs && blame; i++)
		if (sel[i] && (i == 0 || t->jobs[i - 1].page != t->jobs[i].page || !sel[i - 1]))
			blame_missing(t, i);
	struct visit v = {.t = t};
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &v);
	for (size_t i = 0; i < t->njobs; i++)
		if (sel[i] && !t->jobs[i].done && !t->jobs[i].err)
			t->jobs[i].err = xstrdup("not declared (the prototype did not parse)");
	return v.rc;
}

/* Parses a TU of its own for the selected jobs. */
static int run_tu(struct man_typer *t, const unsigned char *sel)
{
	char *src = tu_source(t, sel, 1, 1);
	CXTranslationUnit tu = clangx_parse(t->idx, t->ctx->sr, "man-protos.c", src, &t->args,
					    CXTranslationUnit_SkipFunctionBodies |
					    CXTranslationUnit_KeepGoing);
	int rc = -1;
	if (tu) {
		rc = collect(t, tu, "man-protos.c", sel, 1);
		clang_disposeTranslationUnit(tu);
	}
	free(src);
	return rc;
}

static int write_failed(struct man_typer *t, struct job *j)
{
	sqlite3_bind_int64(t->fail, 1, j->p->id);
	db_bind_text(t->fail, 2, j->err);
	return db_step_done(t->ctx->db, t->fail);
}

static void typer_free(struct man_typer *t)
{
	for (size_t i = 0; i < t->njobs; i++)
		free(t->jobs[i].err);
	free(t->jobs);
	free(t->sel);
	sqlite3_finalize(t->upd);
	sqlite3_finalize(t->fail);
	sqlite3_finalize(t->param);
	if (t->idx)
		clang_disposeIndex(t->idx);
	strv_free(&t->args);
	strv_free(&t->unclean);
	for (size_t i = 0; i < t->npages; i++)
		man_info_free(&t->pages[i]);
	free(t->pages);
	free(t);
}

int man_proto_defer(struct scan_ctx *ctx, struct man_info *pages, size_t npages)
{
	struct man_typer *t = xcalloc(1, sizeof(*t));
	*t = (struct man_typer){.ctx = ctx, .pages = pages, .npages = npages};
	for (size_t i = 0; i < npages; i++)
		t->njobs += pages[i].nprotos;
	t->jobs = xcalloc(t->njobs + 1, sizeof(*t->jobs));
	t->sel = xcalloc(t->njobs + 1, 1);
	for (size_t i = 0, n = 0; i < npages; i++)
		for (size_t k = 0; k < pages[i].nprotos; k++, n++) {
			t->jobs[n].page = &pages[i];
			t->jobs[n].p = &pages[i].protos[k];
		}
	/* the batch: every page that asks for nothing but _GNU_SOURCE */
	for (size_t i = 0; i < t->njobs; i++)
		t->sel[i] = only_gnu_source(t->jobs[i].page);
	man_proto_drop(ctx);
	ctx->man_typing = t;
	if (db_prepare(ctx->db, &t->upd,
		       "UPDATE man_proto SET ret=?2, ret_spelled=?3, nparams=?4, variadic=?5,"
		       " parsed=1, diag=NULL WHERE id=?1") < 0 ||
	    db_prepare(ctx->db, &t->fail, "UPDATE man_proto SET parsed=0, diag=?2 WHERE id=?1") < 0 ||
	    db_prepare(ctx->db, &t->param,
		       "INSERT INTO man_param(proto_id,idx,type,spelled,name) VALUES(?1,?2,?3,?4,?5)") < 0)
		return -1;
	return 0;
}

char *man_proto_trailer(struct man_typer *t, int line)
{
	if (!t || !t->njobs)
		return NULL;
	return tu_source(t, t->sel, line, 0);
}

int man_proto_batch(struct man_typer *t, CXTranslationUnit tu, const char *tu_name,
		    const struct strv *unclean)
{
	if (!t || !t->njobs)
		return 0;
	t->batched = 1;
	for (size_t i = 0; i < unclean->n; i++)
		strv_push(&t->unclean, unclean->v[i]);
	return collect(t, tu, tu_name, t->sel, 0);
}

/* The first parameter of the list `post` ("(int fd, FICLONE, int src)")
 * that is one upper-case identifier, as a malloc'ed string, or NULL: the
 * ioctl_*(2) request constant in the place of a parameter, which no TU
 * types. */
static char *constant_param(const char *post)
{
	for (const char *p = post; *p;) {
		p += strspn(p, "(, \t");
		size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		if (n && !(*p >= '0' && *p <= '9') && strchr(",)", p[n + strspn(p + n, " \t")]))
			return xstrndup(p, n);
		p += n;
		p += strcspn(p, ",");
	}
	return NULL;
}

/* 1 if the batch's failure of the page of job i would repeat in a TU of the
 * page alone, which holds a subset of the batch's declarations and macros
 * when none of its includes was dropped from or in error in the header TU:
 * a name declared nowhere, or the ioctl request-constant form. A syntax
 * error might come from another page's header's macro: that page is tried
 * alone. The failure keeps the reason a TU of its own would give. */
static int fails_alone_too(struct man_typer *t, size_t i)
{
	struct man_info *page = t->jobs[i].page;
	if (!t->batched || !only_gnu_source(page))
		return 0;
	for (size_t k = 0; k < page->includes.n; k++)
		if (strv_contains(&t->unclean, page->includes.v[k]))
			return 0;
	for (size_t k = i; k < t->njobs && t->jobs[k].page == page; k++) {
		struct job *j = &t->jobs[k];
		char *c = j->done ? NULL : constant_param(j->p->post);
		if (c) { /* clang's words for it vary with the headers */
			free(j->err);
			j->err = xasprintf("the request constant %s stands in the place of a"
					   " parameter: not a C prototype", c);
			free(c);
		} else if (!j->done && !(j->err && (str_starts(j->err, "unknown type name ") ||
						    str_starts(j->err, "type specifier missing")))) {
			return 0;
		}
	}
	blame_missing(t, i);
	return 1;
}

int man_proto_finish(struct scan_ctx *ctx)
{
	struct man_typer *t = ctx->man_typing;
	if (!t)
		return 0;
	int rc = 0;
	if (!t->njobs)
		goto out;
	clangx_args(&t->args, ctx->sr, ctx->arch);
	/* a request constant in the place of a parameter (the ioctl_*(2)
	 * forms) would otherwise pass as an unnamed int */
	strv_push(&t->args, "-Werror=implicit-int");
	/* the batch has header conflicts; past the default 20 errors clang
	 * would stop reporting the prototypes' own */
	strv_push(&t->args, "-ferror-limit=0");
	t->idx = clang_createIndex(0, 0);
	/* the batch in a TU of its own when no header TU carried it */
	if (!t->batched)
		rc = run_tu(t, t->sel);
	size_t nalone = 0, ndone = 0;
	uint64_t t0 = now_ns();
	for (size_t i = 0; i < t->njobs; i++)
		ndone += t->jobs[i].done;
	/* then each page with a failure (or its own macros) alone */
	for (size_t i = 0; i < t->njobs && rc == 0; i++) {
		if (t->jobs[i].done || t->jobs[i].alone)
			continue;
		struct man_info *page = t->jobs[i].page;
		int skip = fails_alone_too(t, i);
		debug("man: %s(%s) %s: %s", page->title, page->section,
		      skip ? "not typed, as alone" : "typed alone",
		      t->jobs[i].err ? t->jobs[i].err : "its own macros");
		for (size_t k = i; k < t->njobs && t->jobs[k].page == page && skip; k++)
			t->jobs[k].alone = 1;
		if (skip)
			continue;
		memset(t->sel, 0, t->njobs);
		for (size_t k = i; k < t->njobs && t->jobs[k].page == page; k++)
			if (!t->jobs[k].done) {
				t->sel[k] = 1;
				free(t->jobs[k].err);
				t->jobs[k].err = NULL;
			}
		rc = run_tu(t, t->sel);
		nalone++;
		for (size_t k = i; k < t->njobs && t->jobs[k].page == page; k++)
			t->jobs[k].alone = 1;
	}
	debug("man: %zu of %zu prototypes typed in the batch, %zu pages alone in %.1f ms", ndone,
	      t->njobs, nalone, (double)(now_ns() - t0) / 1e6);
	for (size_t i = 0; i < t->njobs && rc == 0; i++)
		if (!t->jobs[i].done)
			rc = write_failed(t, &t->jobs[i]);
out:
	man_proto_drop(ctx);
	return rc;
}

void man_proto_drop(struct scan_ctx *ctx)
{
	if (ctx->man_typing)
		typer_free(ctx->man_typing);
	ctx->man_typing = NULL;
}
