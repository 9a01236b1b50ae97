/* libc_owner.h: This file contains the test of which headers are the
 * libc's own: the declarations of the libc come from them only, those of
 * any other header in the sysroot (keyutils.h, numaif.h, liburing.h, ...)
 * are the libc's neighbours (table neighbour_decl), which never make a
 * syscall wrapped and which gen's plain names give way to. */
#ifndef SYSCOV_LIBC_OWNER_H
#define SYSCOV_LIBC_OWNER_H

#include <stdint.h>

#include "base/db.h"
#include "base/sysroot.h"
#include "base/util.h"

struct libc_owner {
	struct strv files; /* sorted sysroot paths the libc's -dev packages
			    * install; empty: no dpkg data, every header is
			    * taken as the libc's (nothing tells them apart) */
	int known;         /* a libc -dev package list was read */
	sqlite3_stmt *ins; /* INSERT INTO neighbour_decl, prepared on use */
};

/* Reads the file lists of the sysroot's libc -dev packages (libc6-dev,
 * musl-dev, their cross variants) and of linux-libc-dev (the UAPI headers
 * the libc's include tree holds). 0, or -1 with err_set(). */
int libc_owner_load(const struct sysroot *sr, struct libc_owner *o);
/* Whether the header at sysroot path `rel` is the libc's. */
int libc_owner_has(const struct libc_owner *o, const char *rel);
/* A neighbour header's declaration of a function, as libclang reads it. */
struct neighbour_proto {
	const char *name, *header; /* header: a sysroot path */
	int line;
	const char *ret, *ret_spelled; /* canonical, and as the header spells it */
	int variadic;
	const char *params; /* JSON: [[canonical type, spelled type, name], ...] */
};
/* Records a neighbour header's declaration (the first per name and header).
 * 0, or -1 with err_set(). */
int libc_owner_neighbour(struct libc_owner *o, struct db *db, int64_t scan_id,
			 const struct neighbour_proto *p);
void libc_owner_free(struct libc_owner *o);

#endif
