/* clangx.c: libclang set-up shared by the C-parsing scanners (see clangx.h). */
#include "clangx.h"
#include "confine.h"

#include <stdlib.h>
#include <string.h>

#ifndef SYSCOV_CLANG_RESOURCE_DIR
#error "SYSCOV_CLANG_RESOURCE_DIR must be set by the build"
#endif

const char *clangx_resource_dir(void)
{
	const char *e = getenv("SYSCOV_CLANG_RESOURCE_DIR");
	return e && *e ? e : SYSCOV_CLANG_RESOURCE_DIR;
}

void clangx_args(struct strv *argv, const struct sysroot *sr, const struct arch_desc *arch)
{
	strv_push(argv, "-target");
	strv_push(argv, arch->clang_parse_triple ? arch->clang_parse_triple : arch->clang_triple);
	strv_push(argv, "-nostdinc");
	strv_push(argv, "-std=gnu11");
	strv_push(argv, "-D_GNU_SOURCE");
	strv_push(argv, "-isystem");
	strv_push_own(argv, xasprintf("%s/include", clangx_resource_dir()));
	for (size_t i = 0; i < sr->inc_host.n; i++) {
		strv_push(argv, "-isystem");
		strv_push(argv, sr->inc_host.v[i]);
	}
}

struct parse {
	CXIndex idx;
	const char *name;
	const struct strv *args;
	struct CXUnsavedFile uf;
	unsigned options;
	CXTranslationUnit tu;
	enum CXErrorCode rc;
};

static void parse(void *arg)
{
	struct parse *p = arg;
	p->rc = clang_parseTranslationUnit2(p->idx, p->name, (const char *const *)p->args->v,
					    (int)p->args->n, &p->uf, 1, p->options, &p->tu);
}

CXTranslationUnit clangx_parse(CXIndex idx, const char *name, const char *source,
			       const struct strv *args, unsigned options)
{
	struct parse p = {.idx = idx, .name = name, .args = args, .options = options,
			  .uf = {.Filename = name, .Contents = source,
				 .Length = (unsigned long)strlen(source)},
			  .rc = CXError_Failure};
	/* its reads confined to the sysroots and clang's own dir (confine.h) */
	if (confine_parse(parse, &p) < 0)
		return NULL;
	CXTranslationUnit tu = p.tu;
	enum CXErrorCode rc = p.rc;
	if (rc != CXError_Success || !tu) {
		err_set(EXIT_INTERNAL, "libclang could not parse %s (error %d)", name, (int)rc);
		return NULL;
	}
	return tu;
}

char *clangx_str(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = xstrdup(c ? c : "");
	clang_disposeString(s);
	return r;
}
