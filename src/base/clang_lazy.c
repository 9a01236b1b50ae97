/* clang_lazy.c: This file contains libclang loaded on first use (see
 * clangx.h): every libclang function syscov calls, defined here with the
 * header's own prototype and forwarded to the library that clangx_load()
 * dlopen()s.
 *
 * Why: libclang and libLLVM carry ~560,000 relocations; linked normally,
 * every syscov process paid ~10-15 ms in the dynamic loader before main(),
 * although only a scan that actually parses needs them (report, gen, show,
 * classify, and an audit whose scans are all kept never do). The prototypes
 * are checked by the compiler against <clang-c/Index.h>. A scan that will
 * parse starts the load on a thread of its own (clangx_preload()), so that
 * the ~25 ms of relocations overlap the scanners that run before the
 * first parse. */
#define _GNU_SOURCE
#include "base/clangx.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#ifndef SYSCOV_LIBCLANG
#error "SYSCOV_LIBCLANG (the libclang shared library) must be set by the build"
#endif

static void *lib;
static pthread_t loader;
static int loading; /* the loader thread runs or has not been joined */

static void *load_thread(void *arg)
{
	(void)arg;
	lib = dlopen(SYSCOV_LIBCLANG, RTLD_LAZY | RTLD_LOCAL);
	return NULL;
}

/* A process that ends (say, a scan failing early) while the loader runs
 * waits for it: exit() amid a dlopen() would race the loader's teardown,
 * and LeakSanitizer cannot suspend a running thread. */
static void join_loader(void)
{
	if (loading) {
		pthread_join(loader, NULL);
		loading = 0;
	}
}

void clangx_preload(void)
{
	static int registered;
	/* `loading` first: `lib` is the thread's to write until it is joined */
	if (loading || lib || pthread_create(&loader, NULL, load_thread, NULL) != 0)
		return;
	loading = 1;
	if (!registered++)
		atexit(join_loader);
}

int clangx_load(void)
{
	join_loader();
	if (lib)
		return 0;
	/* again here if the thread failed: dlerror() is per thread */
	lib = dlopen(SYSCOV_LIBCLANG, RTLD_LAZY | RTLD_LOCAL);
	if (!lib)
		return err_set(EXIT_INTERNAL, "%s: cannot load libclang: %s", SYSCOV_LIBCLANG, dlerror());
	return 0;
}

/* The address of a libclang function; a libclang that cannot be loaded
 * here (clangx_load() failed earlier and was ignored) ends the process. */
static void *sym(const char *name)
{
	void *p = clangx_load() == 0 ? dlsym(lib, name) : NULL;
	if (!p) {
		fprintf(stderr, "syscov: %s: %s\n", name, lib ? "not in libclang" : err_msg());
		fflush(NULL);
		_exit(EXIT_INTERNAL);
	}
	return p;
}

#define FWD(ret, name, params, args)                                          \
	ret name params                                                       \
	{                                                                     \
		static ret(*fp) params;                                       \
		if (!fp)                                                      \
			fp = (ret(*) params)sym(#name);                       \
		return fp args;                                               \
	}
#define FWD_VOID(name, params, args)                                          \
	void name params                                                      \
	{                                                                     \
		static void(*fp) params;                                      \
		if (!fp)                                                      \
			fp = (void(*) params)sym(#name);                      \
		fp args;                                                      \
	}

FWD(CXIndex, clang_createIndex, (int a, int b), (a, b))
FWD_VOID(clang_disposeIndex, (CXIndex i), (i))
FWD(enum CXErrorCode, clang_parseTranslationUnit2,
    (CXIndex i, const char *f, const char *const *argv, int argc, struct CXUnsavedFile *u,
     unsigned nu, unsigned opt, CXTranslationUnit *out),
    (i, f, argv, argc, u, nu, opt, out))
FWD_VOID(clang_disposeTranslationUnit, (CXTranslationUnit t), (t))
FWD(CXCursor, clang_getTranslationUnitCursor, (CXTranslationUnit t), (t))
FWD(unsigned, clang_visitChildren, (CXCursor c, CXCursorVisitor v, CXClientData d), (c, v, d))
FWD_VOID(clang_getInclusions, (CXTranslationUnit t, CXInclusionVisitor v, CXClientData d), (t, v, d))

FWD(const char *, clang_getCString, (CXString s), (s))
FWD_VOID(clang_disposeString, (CXString s), (s))

FWD(unsigned, clang_getNumDiagnostics, (CXTranslationUnit t), (t))
FWD(CXDiagnostic, clang_getDiagnostic, (CXTranslationUnit t, unsigned i), (t, i))
FWD_VOID(clang_disposeDiagnostic, (CXDiagnostic d), (d))
FWD(enum CXDiagnosticSeverity, clang_getDiagnosticSeverity, (CXDiagnostic d), (d))
FWD(CXSourceLocation, clang_getDiagnosticLocation, (CXDiagnostic d), (d))
FWD(CXString, clang_getDiagnosticSpelling, (CXDiagnostic d), (d))

FWD_VOID(clang_getExpansionLocation, (CXSourceLocation l, CXFile *f, unsigned *a, unsigned *b, unsigned *c),
	 (l, f, a, b, c))
FWD_VOID(clang_getSpellingLocation, (CXSourceLocation l, CXFile *f, unsigned *a, unsigned *b, unsigned *c),
	 (l, f, a, b, c))
FWD(int, clang_Location_isFromMainFile, (CXSourceLocation l), (l))
FWD(CXString, clang_getFileName, (CXFile f), (f))
FWD(int, clang_File_isEqual, (CXFile a, CXFile b), (a, b))
FWD(const char *, clang_getFileContents, (CXTranslationUnit t, CXFile f, size_t *n), (t, f, n))

FWD(enum CXCursorKind, clang_getCursorKind, (CXCursor c), (c))
FWD(CXSourceLocation, clang_getCursorLocation, (CXCursor c), (c))
FWD(CXString, clang_getCursorSpelling, (CXCursor c), (c))
FWD(CXType, clang_getCursorType, (CXCursor c), (c))
FWD(CXCursor, clang_Cursor_getArgument, (CXCursor c, unsigned i), (c, i))
FWD(int, clang_Cursor_getNumArguments, (CXCursor c), (c))
FWD(unsigned, clang_isInvalidDeclaration, (CXCursor c), (c))

FWD(CXType, clang_getArgType, (CXType t, unsigned i), (t, i))
FWD(CXType, clang_getArrayElementType, (CXType t), (t))
FWD(CXType, clang_getCanonicalType, (CXType t), (t))
FWD(CXType, clang_getResultType, (CXType t), (t))
FWD(int, clang_getNumArgTypes, (CXType t), (t))
FWD(CXString, clang_getTypeSpelling, (CXType t), (t))
FWD(unsigned, clang_isConstQualifiedType, (CXType t), (t))
FWD(unsigned, clang_isFunctionTypeVariadic, (CXType t), (t))
