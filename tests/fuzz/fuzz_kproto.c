/* fuzz_kproto.c: This file contains the fuzz target of the kernel tree's
 * syscall prototypes: kproto_parse() over the input as a header or C
 * source, and each prototype it finds through gen_proto_parse(), the
 * grammar the generator rebuilds the types with. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "kernel/kproto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int found(void *arg, const struct kproto *p)
{
	(void)arg;
	if (strlen(p->name) >= sizeof(p->name) || p->nparams < 0)
		abort();
	char *text = xasprintf("%s sys_%s(%s);", p->ret, p->name, p->params);
	struct gen_type ret;
	struct gen_param par[GEN_MAX_ARGS];
	int np;
	const char *why;
	gen_proto_parse(text, 0, &ret, par, &np, &why);
	free(text);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kproto_parse((const char *)data, size, found, NULL);
	return 0;
}
