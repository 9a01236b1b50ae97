/* libc_owner.c: This file contains the test of which headers are the
 * libc's own (libc_owner.h). A developer's machine has other libraries'
 * -dev packages in /usr/include too: keyutils.h declares add_key(),
 * numaif.h mbind(), liburing.h io_uring_setup()... Taking those for the
 * libc's made a syscall "wrapped" by whichever unrelated package happened
 * to be installed, and made gen's header include them. The package
 * manager knows which files are the libc's: dpkg's file lists
 * (var/lib/dpkg/info/<pkg>.list) of the libc's -dev package. A sysroot
 * without dpkg data (a cross sysroot, a musl tree) has nothing but its
 * libc in its include dirs, so there every header counts as the libc's. */
#define _GNU_SOURCE
#include "libc/libc_owner.h"
#include "libc/flavour.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "base/dirwalk.h"

#define LIST_MAX ((size_t)16 << 20)

/* The dpkg packages whose headers are the libc's: glibc's -dev package
 * (libc6-dev, libc6-dev-arm64-cross, libc6.1-dev, libc0.1-dev), the -dev
 * package of every other libc flavour (flavour.h: musl-dev, dietlibc-dev,
 * libklibc-dev), and the kernel's UAPI headers package their include
 * trees are built on. */
static int libc_package(const char *pkg)
{
	if (!strstr(pkg, "-dev"))
		return 0;
	/* "libc" then a digit: not libcap-dev, libcurl4-openssl-dev, ... */
	if ((str_starts(pkg, "libc") && isdigit((unsigned char)pkg[4])) ||
	    str_starts(pkg, "linux-libc-dev"))
		return 1;
	for (unsigned f = 0; f < libc_flavour_count; f++)
		if (libc_flavours[f].package && strstr(pkg, libc_flavours[f].package))
			return 1;
	return 0;
}

static int list_visit(void *arg, int dirfd, const char *rel, const char *name, unsigned char type)
{
	(void)dirfd, (void)rel;
	if (type == DT_REG && str_ends(name, ".list") && libc_package(name))
		strv_push(arg, name);
	return 0;
}

static int by_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int libc_owner_load(const struct sysroot *sr, struct libc_owner *o)
{
	*o = (struct libc_owner){0};
	const char *dir = "/var/lib/dpkg/info";
	if (!sysroot_is_dir(sr, dir))
		return 0;
	char *rel;
	if (sysroot_resolve(sr, dir, &rel) < 0)
		return -1;
	char *host = sysroot_host_path(sr, rel);
	struct strv lists = {0};
	int rc = dirwalk(host, rel, list_visit, &lists);
	for (size_t i = 0; i < lists.n && rc == 0; i++) {
		char *path = xasprintf("%s/%s", rel, lists.v[i]);
		struct buf b = {0};
		if (sysroot_read_resolved(sr, path, LIST_MAX, &b) == 0) {
			o->known = 1;
			for (char *s = b.p, *e; s && s < b.p + b.len; s = e ? e + 1 : NULL) {
				e = memchr(s, '\n', (size_t)(b.p + b.len - s));
				size_t len = e ? (size_t)(e - s) : (size_t)(b.p + b.len - s);
				if (len > 2 && s[0] == '/' && s[len - 1] == 'h' && s[len - 2] == '.')
					strv_push_own(&o->files, xstrndup(s, len));
			}
		} else {
			err_clear(); /* an unreadable list: its files are not the libc's */
		}
		buf_free(&b);
		free(path);
	}
	strv_sort(&o->files);
	strv_free(&lists);
	free(host);
	free(rel);
	return rc;
}

int libc_owner_has(const struct libc_owner *o, const char *rel)
{
	if (!o->known)
		return 1;
	return o->files.n && bsearch(&rel, o->files.v, o->files.n, sizeof(*o->files.v), by_str);
}

int libc_owner_neighbour(struct libc_owner *o, struct db *db, int64_t scan_id,
			 const struct neighbour_proto *p)
{
	if (!o->ins && db_prepare(db, &o->ins,
				  "INSERT OR IGNORE INTO neighbour_decl (scan_id, name, header, line,"
				  " ret, ret_spelled, variadic, params) VALUES (?1, ?2, ?3, ?4, ?5, ?6,"
				  " ?7, ?8)") < 0)
		return -1;
	sqlite3_bind_int64(o->ins, 1, scan_id);
	db_bind_text(o->ins, 2, p->name);
	db_bind_text(o->ins, 3, p->header);
	sqlite3_bind_int(o->ins, 4, p->line);
	db_bind_text(o->ins, 5, p->ret);
	db_bind_text(o->ins, 6, p->ret_spelled);
	sqlite3_bind_int(o->ins, 7, p->variadic);
	db_bind_text(o->ins, 8, p->params);
	return db_step_done(db, o->ins);
}

void libc_owner_free(struct libc_owner *o)
{
	sqlite3_finalize(o->ins);
	strv_free(&o->files);
	*o = (struct libc_owner){0};
}
