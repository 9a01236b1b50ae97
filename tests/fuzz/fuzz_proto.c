/* fuzz_proto.c: This file contains the fuzz target of prototypes: the input
 * lines become the SYNOPSIS of a page, so man_extract() normalises them as
 * it does a real page's; each prototype found then goes through the
 * generator's whitelist grammar (gen_proto_parse(), both forms), and the
 * raw input through gen_type_parse() and the name/include checks. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "gen/gen.h"
#include "man/man.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in = xstrndup((const char *)data, size);
	struct buf page = {0};
	buf_printf(&page, ".TH X 2\n.SH NAME\nx \\- y\n.SH SYNOPSIS\n.nf\n%s\n.fi\n.SH DESCRIPTION\nz\n", in);
	struct roff_doc doc = {0};
	roff_parse(page.p, page.len, &doc);
	struct man_info mi = {0};
	man_extract(&doc, &mi);
	struct gen_type ret, t;
	struct gen_param p[GEN_MAX_ARGS];
	int np;
	const char *why;
	char name[GEN_ID_MAX + 1];
	for (size_t i = 0; i < mi.nprotos; i++) {
		gen_proto_parse(mi.protos[i].text, mi.protos[i].via_syscall, &ret, p, &np, &why);
		gen_proto_parse(mi.protos[i].text, !mi.protos[i].via_syscall, &ret, p, &np, &why);
	}
	gen_proto_parse(in, 0, &ret, p, &np, &why);
	gen_type_parse(in, &t, name, &why);
	gen_type_parse(in, &t, NULL, &why);
	gen_name_ok(in);
	gen_include_ok(in);
	gen_typedef_known(in);
	man_info_free(&mi);
	roff_free(&doc);
	buf_free(&page);
	free(in);
	return 0;
}
