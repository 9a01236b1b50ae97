/* ar_check.c: This file contains the walk of a static archive's member
 * headers (ar_check.h) that tells a corrupt member from the archive's end:
 * the System V / GNU ar format of ar(5), "!<arch>\n" then a 60-byte header
 * per member (name, date, uid, gid, mode, decimal size, "`\n") and its data
 * padded to an even offset. */
#include <stdio.h>
#include <string.h>

#include "libc/ar_check.h"

int ar_check(const uint8_t *p, size_t len, struct ar_problem *pb)
{
	memset(pb, 0, sizeof(*pb));
	size_t off = 8;
	if (len < 8 || memcmp(p, "!<arch>\n", 8)) {
		snprintf(pb->why, sizeof(pb->why), "no \"!<arch>\" magic");
		pb->left = len;
		return 1;
	}
	while (off < len) {
		const uint8_t *h = p + off;
		uint64_t size = 0;
		int digits = 0, junk = 0;
		if (len - off < 60) {
			snprintf(pb->why, sizeof(pb->why), "a member header cut short (%zu of 60 bytes)",
				 len - off);
			goto bad;
		}
		memcpy(pb->name, h, 16);
		pb->name[16] = 0;
		for (int i = 15; i >= 0 && pb->name[i] == ' '; i--)
			pb->name[i] = 0;
		for (int i = 48; i < 58; i++) {
			if (h[i] >= '0' && h[i] <= '9' && !junk)
				size = size * 10 + (uint64_t)(h[i] - '0'), digits++;
			else if (h[i] == ' ' && digits)
				junk = 1; /* the spaces after the digits */
			else
				junk = 2;
		}
		if (!digits || junk == 2 || h[58] != '`' || h[59] != '\n') {
			snprintf(pb->why, sizeof(pb->why), "its header is corrupt (size field \"%.10s\")",
				 (const char *)h + 48);
			goto bad;
		}
		if (size > len - off - 60) {
			snprintf(pb->why, sizeof(pb->why),
				 "its size (%llu bytes) runs past the end of the file (%zu bytes)",
				 (unsigned long long)size, len);
			goto bad;
		}
		off += 60 + size + (size & 1);
		pb->members++;
	}
	return 0;
bad:
	pb->offset = off;
	pb->left = len - off;
	return 1;
}
