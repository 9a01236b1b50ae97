/* ar_check.h: whether a static archive's member headers can be walked to
 * its end (ar_check.c). libelf stops at the first member whose header is
 * corrupt, or whose size runs past the end of the file, without an error
 * the caller can tell from the archive's end: the members after it would
 * be dropped without a word. */
#ifndef SYSCOV_AR_CHECK_H
#define SYSCOV_AR_CHECK_H

#include <stddef.h>
#include <stdint.h>

struct ar_problem {
	size_t members; /* members whose headers are sound, before the problem */
	size_t offset;  /* the bad header's offset in the file (0: none) */
	size_t left;    /* the bytes from there to the end, not read */
	char name[17];  /* the member's name as its header spells it, or "" */
	char why[128];
};

/* Walks the archive image p[0..len); 0 when every header is sound and the
 * last member ends the file, else 1 with *pb filled. */
int ar_check(const uint8_t *p, size_t len, struct ar_problem *pb);

#endif
