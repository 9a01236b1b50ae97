/* bench-ast.c: what a saved AST would gain the header scan (issue #8's "a
 * saved AST or PCH where it pays"): for one TU, the medians of RUNS rounds
 * of libclang's parse (the flags of src/libc/libc_headers.c), the save of its AST
 * (clang_saveTranslationUnit), and the load of the saved AST; each followed
 * by the same visit of every function declaration's canonical type, as the
 * header scan makes. Not a test: timings depend on the machine.
 * scripts/bench.sh builds and runs it:
 *   bench-ast RUNS SCRATCH.ast TU.c [clang args...] */
#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData n)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl) {
		clang_disposeString(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(c))));
		++*(unsigned *)n;
	}
	return CXChildVisit_Continue;
}

static unsigned visit_all(CXTranslationUnit tu)
{
	unsigned n = 0;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &n);
	return n;
}

int main(int argc, char **argv)
{
	if (argc < 4 || atoi(argv[1]) < 1) {
		fprintf(stderr, "usage: bench-ast RUNS SCRATCH.ast TU.c [clang args...]\n");
		return 2;
	}
	int runs = atoi(argv[1]);
	const char *ast = argv[2], *tu_c = argv[3];
	double *t[3];
	for (int k = 0; k < 3; k++)
		t[k] = calloc((size_t)runs, sizeof(double));
	CXIndex idx = clang_createIndex(0, 0);
	unsigned parsed = 0, loaded = 0;
	for (int r = 0; r < runs; r++) {
		double t0 = now_ms();
		CXTranslationUnit tu;
		if (clang_parseTranslationUnit2(idx, tu_c, (const char *const *)argv + 4, argc - 4, NULL, 0,
						CXTranslationUnit_SkipFunctionBodies |
							CXTranslationUnit_KeepGoing,
						&tu) != CXError_Success) {
			fprintf(stderr, "bench-ast: %s: parse failed\n", tu_c);
			return 1;
		}
		parsed = visit_all(tu);
		double t1 = now_ms();
		if (clang_saveTranslationUnit(tu, ast, clang_defaultSaveOptions(tu)) != CXSaveError_None) {
			fprintf(stderr, "bench-ast: %s: save failed\n", ast);
			return 1;
		}
		double t2 = now_ms();
		clang_disposeTranslationUnit(tu);
		double t3 = now_ms();
		CXTranslationUnit saved = clang_createTranslationUnit(idx, ast);
		if (!saved) {
			fprintf(stderr, "bench-ast: %s: load failed\n", ast);
			return 1;
		}
		loaded = visit_all(saved);
		double t4 = now_ms();
		clang_disposeTranslationUnit(saved);
		t[0][r] = t1 - t0, t[1][r] = t2 - t1, t[2][r] = t4 - t3;
	}
	struct stat st;
	long long size = stat(ast, &st) == 0 ? (long long)st.st_size : -1;
	double m[3];
	for (int k = 0; k < 3; k++) {
		qsort(t[k], (size_t)runs, sizeof(double), cmp);
		m[k] = t[k][runs / 2];
	}
	printf("saved AST of the header TU (libclang, median of %d): parse + visit %.1f ms (%u functions),"
	       " save %.1f ms (%.1f MB), load + visit %.1f ms (%u functions)\n",
	       runs, m[0], parsed, m[1], (double)size / 1e6, m[2], loaded);
	printf("  a hit saves %.1f ms; a save costs %.2fx of that\n", m[0] - m[2], m[1] / (m[0] - m[2]));
	clang_disposeIndex(idx);
	return 0;
}
