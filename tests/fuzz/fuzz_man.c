/* fuzz_man.c: This file contains the fuzz target of the man-page reader:
 * roff_parse() over the input as a page, then man_extract() (NAME,
 * SYNOPSIS with its prototype normalisation, no-wrapper notes, versions)
 * and man_section_text(), as man_scan.c runs them on every page. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "man/man.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct roff_doc doc = {0};
	roff_parse((const char *)data, size, &doc);
	struct man_info mi = {0};
	man_extract(&doc, &mi);
	free(man_section_text(&doc, "DESCRIPTION"));
	man_info_free(&mi);
	roff_free(&doc);
	return 0;
}
