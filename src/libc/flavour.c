/* flavour.c: This file contains the descriptors of the C libraries syscov
 * knows (flavour.h), in the order the scanner prefers them when a library
 * shows the evidence of several. */
#include "libc/flavour.h"

#include <string.h>

#include "base/util.h"

const struct libc_flavour libc_flavours[] = {
	{"glibc", NULL, NULL, NULL, 1},
	/* musl defines no macro of its own: gen's header defines
	 * __SYSCOV_LIBC_MUSL where no other libc's macro is */
	{"musl", NULL, "musl", "__SYSCOV_LIBC_MUSL", 0},
	{"dietlibc", "__you_tried_to_link_a_dietlibc_object_against_glibc", "diet",
	 "defined(__dietlibc__)", 0},
	{"klibc", "__syscall_common", "klibc", "defined(__KLIBC__)", 0},
};
const unsigned libc_flavour_count = ARRAY_SIZE(libc_flavours);

const struct libc_flavour *libc_flavour_find(const char *name)
{
	for (unsigned i = 0; name && i < libc_flavour_count; i++)
		if (!strcmp(libc_flavours[i].name, name))
			return &libc_flavours[i];
	return NULL;
}
