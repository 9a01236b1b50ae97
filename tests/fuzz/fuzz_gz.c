/* fuzz_gz.c: This file contains the fuzz target of compressed man pages:
 * man_decompress() of the input as a .xz page when it has the xz magic,
 * else as a .gz page, then the man-page reader over what came out. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "man/man.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf raw = {0}, text = {0};
	buf_add(&raw, data, size);
	int xz = size >= 6 && !memcmp(data, "\xfd" "7zXZ", 5);
	char *why = NULL;
	if (man_decompress(xz ? "p.2.xz" : "p.2.gz", &raw, &text, &why) == 0) {
		struct roff_doc doc = {0};
		roff_parse(text.p, text.len, &doc);
		struct man_info mi = {0};
		man_extract(&doc, &mi);
		man_info_free(&mi);
		roff_free(&doc);
	}
	free(why);
	buf_free(&raw);
	buf_free(&text);
	return 0;
}
