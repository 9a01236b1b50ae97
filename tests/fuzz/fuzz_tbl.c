/* fuzz_tbl.c: This file contains the fuzz target of the kernel tree's
 * syscall tables: ktable_parse_tbl() over the input as a .tbl file, and
 * ktable_entry_unimplemented() on every entry point it finds. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "kernel/ktable.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int bad_row(void *arg, int line)
{
	*(int *)arg = line;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	struct tbl_row *rows;
	size_t n;
	int last_bad = 0;
	if (ktable_parse_tbl(text, &rows, &n, bad_row, &last_bad) == 0) {
		for (size_t i = 0; i < n; i++) {
			if (rows[i].entry)
				ktable_entry_unimplemented(rows[i].entry);
			ktable_is_helper(rows[i].name);
		}
	}
	free(rows);
	free(text);
	return 0;
}
