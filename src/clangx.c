/* clangx.c: libclang set-up shared by the C-parsing scanners (see clangx.h). */
#include "clangx.h"

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

void clangx_args(struct strv *argv, const struct sysroot *sr, const struct strv *dirs,
		 const struct arch_desc *arch)
{
	if (!dirs)
		dirs = &sr->inc;
	strv_push(argv, "-target");
	strv_push(argv, arch->clang_triple);
	strv_push(argv, "-nostdinc");
	strv_push(argv, "-std=gnu11");
	strv_push(argv, "-D_GNU_SOURCE");
	strv_push(argv, "-isystem");
	strv_push_own(argv, xasprintf("%s/include", clangx_resource_dir()));
	for (size_t i = 0; i < dirs->n; i++) {
		strv_push(argv, "-isystem");
		strv_push_own(argv, sysroot_host_path(sr, dirs->v[i]));
	}
}

/* The TUs clangx_prefetch() parsed, each with the whole of what it was
 * parsed from: a hash alone could hand a scan another TU's facts. */
static struct ahead {
	char *key;
	size_t len;
	CXTranslationUnit tu;
} *ahead;
static size_t nahead;
static CXIndex ahead_idx; /* outlives the TUs a clangx_parse() took from it */

static char *ahead_key(const char *name, const char *source, const struct strv *args,
		       unsigned options, size_t *len)
{
	struct buf b = {0};
	buf_add(&b, &options, sizeof(options));
	buf_add(&b, name, strlen(name) + 1); /* each with its NUL: no two lists alike */
	buf_add(&b, source, strlen(source) + 1);
	for (size_t i = 0; i < args->n; i++)
		buf_add(&b, args->v[i], strlen(args->v[i]) + 1);
	*len = b.len;
	return buf_steal(&b);
}

static CXTranslationUnit parse(CXIndex idx, const char *name, const char *source,
			       const struct strv *args, unsigned options)
{
	struct CXUnsavedFile uf = {.Filename = name, .Contents = source,
				   .Length = (unsigned long)strlen(source)};
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc = clang_parseTranslationUnit2(
		idx, name, (const char *const *)args->v, (int)args->n, &uf, 1, options, &tu);
	if (rc != CXError_Success || !tu) {
		err_set(EXIT_INTERNAL, "libclang could not parse %s (error %d)", name, (int)rc);
		return NULL;
	}
	return tu;
}

CXTranslationUnit clangx_parse(CXIndex idx, const char *name, const char *source,
			       const struct strv *args, unsigned options)
{
	if (nahead) {
		size_t len;
		char *key = ahead_key(name, source, args, options, &len);
		for (size_t i = 0; i < nahead; i++)
			if (ahead[i].len == len && !memcmp(ahead[i].key, key, len)) {
				CXTranslationUnit tu = ahead[i].tu;
				free(ahead[i].key);
				ahead[i] = ahead[--nahead];
				free(key);
				return tu;
			}
		free(key);
	}
	return parse(idx, name, source, args, options);
}

int clangx_prefetch(const char *name, const char *source, const struct strv *args,
		    unsigned options)
{
	if (!ahead_idx)
		ahead_idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = parse(ahead_idx, name, source, args, options);
	if (!tu)
		return -1;
	ahead = xrealloc(ahead, (nahead + 1) * sizeof(*ahead));
	ahead[nahead].key = ahead_key(name, source, args, options, &ahead[nahead].len);
	ahead[nahead++].tu = tu;
	return 0;
}

void clangx_prefetch_drop(void)
{
	for (size_t i = 0; i < nahead; i++) {
		clang_disposeTranslationUnit(ahead[i].tu);
		free(ahead[i].key);
	}
	nahead = 0;
}

char *clangx_str(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = xstrdup(c ? c : "");
	clang_disposeString(s);
	return r;
}
