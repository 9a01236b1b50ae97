/* fuzz_ldscript.c: This file contains the fuzz target of GNU ld scripts
 * (libc.so on glibc systems): libc_script_parse() over the input, with a
 * callback that keeps the file names it is given, as libc_elf.c follows them. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "libc/libc_elf.h"
#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int keep(void *arg, const char *word)
{
	strv_push(arg, word);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	struct strv files = {0};
	libc_script_parse(text, "/usr/lib/libc.so", keep, &files);
	err_clear();
	strv_free(&files);
	free(text);
	return 0;
}
