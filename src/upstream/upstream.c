/* upstream.c: This file contains the facts an upstream patch is made of, as
 * the DB holds them: a syscall's prototype (the types stage), the includes
 * its man page's SYNOPSIS names, and the kernel-tree scan's tables that have
 * it (the ABIs a new symbol is exported on). */
#include <stdlib.h>
#include <string.h>

#include "upstream/upstream.h"

/* The newest kernel-tree scan: the one with every ABI's table. */
static int kernel_scan(struct db *db, int64_t *id)
{
	if (db_query_int(db, "SELECT max(id) FROM scan WHERE kind='kernel-tree'", 0, id) < 0)
		return -1;
	if (!*id)
		return err_set(EXIT_INPUT, "%s: no kernel-tree scan (run syscov scan --kernel-src "
			       "DIR): the ABIs of a new symbol come from every ABI's table", db->path);
	return 0;
}

/* Ends a query stepped until rc: -1 (EXIT_DB) unless it ran to its end. */
static int query_end(struct db *db, sqlite3_stmt *st, int rc)
{
	int ok = rc == SQLITE_DONE ? 0 : db_fail(db, "read");
	sqlite3_finalize(st);
	return ok;
}

int up_call_load(struct db *db, struct typing *ty, const char *name, struct up_call *c)
{
	memset(c, 0, sizeof(*c));
	c->nr_x86_64 = -1;
	if (!is_c_identifier(name) || strlen(name) > GEN_ID_MAX)
		return err_set(EXIT_USAGE, "%s: not a syscall name", name);
	int64_t kid;
	if (kernel_scan(db, &kid) < 0)
		return -1;
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT DISTINCT arch, abi, nr FROM ksyscall WHERE scan_id = ?1"
			       " AND name = ?2 AND implemented = 1 AND private = 0"
			       " ORDER BY arch, abi") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, kid);
	db_bind_text(st, 2, name);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *a = (const char *)sqlite3_column_text(st, 0);
		const char *b = (const char *)sqlite3_column_text(st, 1);
		/* the tables' arch and ABI names are syscov's (ktable_tree.c) */
		if (!a || !b)
			continue;
		strv_push_own(&c->kabis, xasprintf("%s:%s", a, b));
		if (!strcmp(a, "x86_64"))
			c->nr_x86_64 = sqlite3_column_int64(st, 2);
	}
	if (query_end(db, st, rc) < 0)
		return -1;
	if (!c->kabis.n)
		return err_set(EXIT_INPUT, "%s: no kernel table of the kernel-tree scan has it", name);
	snprintf(c->w.name, sizeof(c->w.name), "%s", name);
	if (typing_type(ty, &c->w) < 0)
		return -1;
	if (c->w.src == GEN_SRC_UNTYPED)
		return err_set(EXIT_INPUT, "%s: no prototype (no man page, kernel entry point or"
			       " override types it): a libc declaration needs one", name);
	if (!c->w.page_id)
		return 0;
	if (db_prepare(db, &st, "SELECT header FROM man_include WHERE page_id = ? ORDER BY idx") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, c->w.page_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *h = (const char *)sqlite3_column_text(st, 0);
		if (h && gen_include_ok(h))
			strv_push_unique(&c->includes, h);
	}
	return query_end(db, st, rc);
}

void up_call_free(struct up_call *c)
{
	strv_free(&c->includes);
	strv_free(&c->kabis);
}
