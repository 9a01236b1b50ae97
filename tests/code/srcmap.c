/* This file contains srcmap, the source side of the musl oracle
 * (tests/code/musl_oracle.sh): it parses each C file of a libc with the
 * compile command of the libc's own build (`make -n` lines: musl's flags
 * for the arch) and prints, from the AST, the facts the oracle resolves:
 *
 *   F key name ext         a function defined (ext 1: external linkage; a
 *                          static one's key is name@file, so two files'
 *                          statics stay apart and a header's inline one
 *                          is one function)
 *   C caller callee args inline
 *                          a direct call; args the call's arguments, comma
 *                          separated: an integer constant, pK for the
 *                          caller's K-th parameter, ? for anything else;
 *                          inline 1 where the callee is declared inline
 *   A alias target file    a weak alias (musl's weak_alias()), in file
 *   X key                  a function whose inline asm traps (syscall, svc)
 *   E file msg             a file that did not parse cleanly
 *
 * Written in C against libclang (libclang-14-dev, which syscov's own header
 * scanner already needs), not Python's clang bindings: Debian's
 * python3-clang would be one more package, and one process parses musl's
 * ~1,300 files in well under a minute. syscov's lazy door (base/clangx.h)
 * forwards only the calls syscov makes, so this links libclang itself.
 *
 *   srcmap CMDS   (run in the build dir the commands' relative -I name)
 */
#define _GNU_SOURCE
#include <clang-c/Index.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fctx {
	CXCursor fn;
	char *key;
	int dead; /* the rest of this block follows a call that does not return */
};

static char *str(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = strdup(c ? c : "");
	clang_disposeString(s);
	return r;
}

/* The file a cursor's expansion lies in ("" for none). */
static char *cursor_file(CXCursor c)
{
	CXFile f;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f ? str(clang_getFileName(f)) : strdup("");
}

/* A function's key: its name, or name@file for internal linkage. */
static char *fn_key(CXCursor decl)
{
	char *name = str(clang_getCursorSpelling(decl));
	if (clang_getCursorLinkage(decl) != CXLinkage_Internal)
		return name;
	char *file = cursor_file(clang_getCanonicalCursor(decl));
	size_t n = strlen(name) + strlen(file) + 2;
	char *k = malloc(n);
	snprintf(k, n, "%s@%s", name, file);
	free(name);
	free(file);
	return k;
}

/* The i-th child of c (with expr: of those that are expressions, not a
 * cast's type), or the null cursor. */
struct nth {
	unsigned i, want;
	int expr;
	CXCursor c;
};

static enum CXChildVisitResult nth_child(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	struct nth *n = d;
	if (n->expr && !clang_isExpression(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	if (n->i++ == n->want) {
		n->c = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static CXCursor child(CXCursor c, unsigned i, int expr)
{
	struct nth n = {0, i, expr, clang_getNullCursor()};
	clang_visitChildren(c, nth_child, &n);
	return n.c;
}

/* The expression under implicit casts, parentheses and explicit casts. */
static CXCursor strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr)
			return c;
		CXCursor in = child(c, 0, 1);
		if (clang_Cursor_isNull(in))
			return c;
		c = in;
	}
}

/* One argument as the oracle reads it: a constant, pK, or ?. */
static void print_arg(const struct fctx *f, CXCursor arg)
{
	CXCursor e = strip(arg);
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(e);
		if (clang_getCursorKind(ref) == CXCursor_ParmDecl) {
			int n = clang_Cursor_getNumArguments(f->fn);
			for (int i = 0; i < n; i++)
				if (clang_equalCursors(clang_Cursor_getArgument(f->fn, (unsigned)i), ref)) {
					printf("p%d", i + 1);
					return;
				}
		}
	}
	CXEvalResult r = clang_Cursor_Evaluate(e);
	if (r && clang_EvalResult_getKind(r) == CXEval_Int)
		printf("%lld", clang_EvalResult_getAsLongLong(r));
	else
		putchar('?');
	if (r)
		clang_EvalResult_dispose(r);
}

/* Whether the tokens of c hold a string literal naming a trap. */
static int asm_traps(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXToken *tok;
	unsigned n;
	int traps = 0;
	clang_tokenize(tu, clang_getCursorExtent(c), &tok, &n);
	for (unsigned i = 0; i < n && !traps; i++) {
		if (clang_getTokenKind(tok[i]) != CXToken_Literal)
			continue;
		char *s = str(clang_getTokenSpelling(tu, tok[i]));
		traps = s[0] == '"' && (strstr(s, "syscall") || strstr(s, "svc"));
		free(s);
	}
	clang_disposeTokens(tu, tok, n);
	return traps;
}

/* Whether the text at p is the identifier id, and where it ends. */
static const char *word(const char *p, const char *end, const char *id)
{
	size_t l = strlen(id);
	if ((size_t)(end - p) < l || strncmp(p, id, l))
		return NULL;
	p += l;
	return p < end && (*p == '_' || isalnum((unsigned char)*p)) ? NULL : p;
}

/* The identifier at *p (after blanks and one optional punctuation mark
 * sep): copied to out, *p past it; 0 if there is none. */
static int ident(const char **p, const char *end, char sep, char *out, size_t cap)
{
	const char *s = *p;
	while (s < end && isspace((unsigned char)*s))
		s++;
	if (sep) {
		if (s == end || *s != sep)
			return 0;
		s++;
		while (s < end && isspace((unsigned char)*s))
			s++;
	}
	size_t n = 0;
	while (s < end && n + 1 < cap && (*s == '_' || isalnum((unsigned char)*s)))
		out[n++] = *s++;
	out[n] = 0;
	*p = s;
	return n > 0;
}

/* A declaration that musl's weak_alias(old, new) made (its only alias
 * macro): the macro's invocation, read from the file where it is
 * expanded, names both (the declaration's own tokens are the macro's). */
static void alias_of(CXCursor c)
{
	CXFile file;
	unsigned off;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, &off);
	size_t size;
	const char *text = file ? clang_getFileContents(clang_Cursor_getTranslationUnit(c), file, &size) : NULL;
	if (!text || off >= size)
		return;
	const char *p = text + off, *end = text + size, *q;
	char old[256], new[256];
	if ((q = word(p, end, "weak_alias")) && ident(&q, end, '(', old, sizeof(old)) &&
	    ident(&q, end, ',', new, sizeof(new))) {
		char *f = str(clang_getFileName(file));
		printf("A\t%s\t%s\t%s\n", new, old, f);
		free(f);
	}
}

/* Whether a call of the function decl does not return: declared
 * _Noreturn (the keyword or GCC's attribute, in its declaration's tokens),
 * or musl's a_crash(), which faults (x86's hlt, a store to address 0 that
 * GCC turns into a trap). */
static int noreturn(CXCursor decl)
{
	char *name = str(clang_getCursorSpelling(decl));
	int no = !strcmp(name, "a_crash");
	free(name);
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(decl);
	CXToken *tok;
	unsigned n;
	clang_tokenize(tu, clang_getCursorExtent(clang_getCanonicalCursor(decl)), &tok, &n);
	for (unsigned i = 0; i < n && !no; i++) {
		char *t = str(clang_getTokenSpelling(tu, tok[i]));
		no = !strcmp(t, "_Noreturn") || !strcmp(t, "noreturn") || !strcmp(t, "__noreturn__");
		free(t);
	}
	clang_disposeTokens(tu, tok, n);
	return no;
}

/* The facts of a function's body. Code the compiler drops is left out:
 * the branch of an if whose condition is a constant (musl's fstatat()
 * tests a size to choose statx), what follows a call that does not
 * return in its block (abort()'s _Exit() after a_crash()). */
static enum CXChildVisitResult in_body(CXCursor c, CXCursor parent, CXClientData d)
{
	struct fctx *f = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (f->dead)
		return CXChildVisit_Continue;
	if (k == CXCursor_CompoundStmt) {
		struct fctx block = *f;
		block.dead = 0;
		clang_visitChildren(c, in_body, &block);
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_IfStmt) {
		CXEvalResult r = clang_Cursor_Evaluate(child(c, 0, 0));
		if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
			CXCursor taken = child(c, clang_EvalResult_getAsLongLong(r) ? 1 : 2, 0);
			if (!clang_Cursor_isNull(taken))
				in_body(taken, c, f);
			clang_EvalResult_dispose(r);
			return CXChildVisit_Continue;
		}
		if (r)
			clang_EvalResult_dispose(r);
	}
	if (k == CXCursor_CallExpr) {
		/* musl's macros call through parentheses: (__syscall_cp)(n, ...) */
		CXCursor callee = clang_getCursorReferenced(c);
		if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
			callee = clang_getCursorReferenced(strip(child(c, 0, 1)));
		if (clang_getCursorKind(callee) == CXCursor_FunctionDecl) {
			char *ck = fn_key(callee);
			printf("C\t%s\t%s\t", f->key, ck);
			free(ck);
			int n = clang_Cursor_getNumArguments(c);
			for (int i = 0; i < n; i++) {
				if (i)
					putchar(',');
				print_arg(f, clang_Cursor_getArgument(c, (unsigned)i));
			}
			printf("\t%u\n", clang_Cursor_isFunctionInlined(callee));
			clang_visitChildren(c, in_body, f);
			if (clang_getCursorKind(parent) == CXCursor_CompoundStmt && noreturn(callee))
				f->dead = 1;
			return CXChildVisit_Continue;
		}
	} else if (k == CXCursor_GCCAsmStmt && asm_traps(c)) {
		printf("X\t%s\n", f->key);
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult top(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	(void)d;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	if (!clang_isCursorDefinition(c)) {
		alias_of(c);
		return CXChildVisit_Continue;
	}
	struct fctx f = {c, fn_key(c), 0};
	char *name = str(clang_getCursorSpelling(c));
	printf("F\t%s\t%s\t%d\n", f.key, name, clang_getCursorLinkage(c) != CXLinkage_Internal);
	clang_visitChildren(c, in_body, &f);
	free(name);
	free(f.key);
	return CXChildVisit_Continue;
}

/* One `make -n` line: its words but the compiler, -c, -o X and the C file. */
static void parse_line(CXIndex idx, char *line)
{
	const char *argv[512], *file = NULL;
	int argc = 0, first = 1;
	for (char *w = strtok(line, " \t\n"); w; w = strtok(NULL, " \t\n")) {
		size_t l = strlen(w);
		if (first) {
			first = 0;
		} else if (!strcmp(w, "-o")) {
			strtok(NULL, " \t\n");
		} else if (l > 2 && !strcmp(w + l - 2, ".c")) {
			file = w;
		} else if (strcmp(w, "-c") && argc < 511) {
			argv[argc++] = w;
		}
	}
	if (!file)
		return;
	CXTranslationUnit tu;
	if (clang_parseTranslationUnit2(idx, file, argv, argc, NULL, 0, CXTranslationUnit_None, &tu)) {
		printf("E\t%s\tlibclang cannot parse it\n", file);
		return;
	}
	for (unsigned i = 0; i < clang_getNumDiagnostics(tu); i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error) {
			char *m = str(clang_formatDiagnostic(dg, CXDiagnostic_DisplaySourceLocation));
			printf("E\t%s\t%s\n", file, m);
			free(m);
		}
		clang_disposeDiagnostic(dg);
	}
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top, NULL);
	clang_disposeTranslationUnit(tu);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s CMDS\n", argv[0]);
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	CXIndex idx = clang_createIndex(0, 0);
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, in) > 0)
		parse_line(idx, line);
	free(line);
	fclose(in);
	clang_disposeIndex(idx);
	return 0;
}
