/* schema.c: This file contains the test of the DB schema's two paths
 * (src/base/schema.c) and of migration 8 (ksyscall rows packed into ktable):
 *   ktable_schema DIR [SRC.db]
 * 1. A fresh DB (db_open() of a new file: the image of the schema), a DB
 *    taken from version 1 through every migration by db_open(), and an
 *    empty file db_open() ran db_schema_fresh in have the same schema: every sqlite_master entry, its SQL with whitespace
 *    removed (ALTER TABLE ADD COLUMN splices the column into the stored
 *    CREATE TABLE text), and the same user_version.
 * 2. A version-7 DB with ksyscall rows (hand-made ones that exercise NULLs,
 *    JSON escapes, 64-bit and negative numbers; plus every row of the
 *    ksyscall view of SRC.db, a real scan, when given) reads the same rows,
 *    with the same SQL types, through the ksyscall view after db_open()
 *    upgraded it, and through ktable_read (the C reader); ksyscall is then
 *    a view, and deleting a scan deletes its ktable rows.
 * 3. Rows ktable_insert() writes in a fresh DB, in the short form [nr,
 *    name] (entry sys_NAME, no compat entry, implemented, not private) or
 *    the long one, read back the same through the view and ktable_read.
 * Prints what differs and exits 1 on failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/db.h"
#include "kernel/ktable.h"
#include "scan/scan.h"
#include "base/util.h"

static int failed;

static void fail(const char *what, const char *a, const char *b)
{
	fprintf(stderr, "FAIL: %s\n  expected: %s\n  got:      %s\n", what, a, b);
	failed = 1;
}

/* Every row of sql, its columns joined by '|', rows by '\n'. */
static char *dump(sqlite3 *h, const char *sql)
{
	sqlite3_stmt *st;
	struct buf b = {0};
	if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK) {
		fprintf(stderr, "FAIL: %s: %s\n", sql, sqlite3_errmsg(h));
		exit(1);
	}
	while (sqlite3_step(st) == SQLITE_ROW) {
		for (int i = 0; i < sqlite3_column_count(st); i++) {
			const char *t = (const char *)sqlite3_column_text(st, i);
			buf_printf(&b, "%s%s", i ? "|" : "", t ? t : "NULL");
		}
		buf_putc(&b, '\n');
	}
	sqlite3_finalize(st);
	return b.p ? buf_steal(&b) : xstrdup("");
}

static char *schema_of(sqlite3 *h)
{
	char *s = dump(h, "SELECT type, name, tbl_name, replace(replace(replace(replace(sql, ' ', ''),"
			  " char(9), ''), char(10), ''), char(13), '') FROM sqlite_master"
			  " ORDER BY type, name");
	char *v = dump(h, "PRAGMA user_version");
	char *all = xasprintf("%suser_version %s", s, v);
	free(s);
	free(v);
	return all;
}

static void exec(sqlite3 *h, const char *sql)
{
	char *msg = NULL;
	if (sqlite3_exec(h, sql, NULL, NULL, &msg) != SQLITE_OK) {
		fprintf(stderr, "FAIL: %.80s...: %s\n", sql, msg);
		exit(1);
	}
}

/* A raw DB at version v: migrations 1..v applied directly. */
static sqlite3 *at_version(const char *path, int v)
{
	sqlite3 *h;
	remove(path);
	if (sqlite3_open(path, &h) != SQLITE_OK) {
		fprintf(stderr, "FAIL: %s: cannot create\n", path);
		exit(1);
	}
	for (int i = 0; i < v; i++)
		exec(h, db_migrations[i]);
	char sql[64];
	snprintf(sql, sizeof(sql), "PRAGMA user_version=%d", v);
	exec(h, sql);
	return h;
}

static void open_db(struct db *db, const char *path)
{
	if (db_open(db, path, 1) < 0) {
		fprintf(stderr, "FAIL: db_open %s: %s\n", path, err_msg());
		exit(1);
	}
}

static void check_equal(const char *what, const char *want, const char *got)
{
	if (strcmp(want, got)) {
		/* name the first line that differs */
		size_t i = 0, ls = 0;
		while (want[i] && want[i] == got[i])
			if (want[i++] == '\n')
				ls = i;
		char *a = xstrndup(want + ls, strcspn(want + ls, "\n"));
		char *b = xstrndup(got + ls, strcspn(got + ls, "\n"));
		fail(what, a, b);
		free(a);
		free(b);
	}
}

#define ROWS_OF(t) "SELECT quote(scan_id), quote(arch), quote(abi), quote(nr), quote(name)," \
		   " quote(entry), quote(compat_entry), quote(implemented), quote(private)," \
		   " quote(source) FROM " t " ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"

/* Every ksyscall row of db through ktable_read, into the temp table dec. */
static void decode(struct db *db)
{
	exec(db->h, "DROP TABLE IF EXISTS temp.dec;"
		    "CREATE TEMP TABLE dec (scan_id, arch, abi, nr, name, entry, compat_entry,"
		    " implemented, private, source)");
	sqlite3_stmt *ins, *scans;
	if (sqlite3_prepare_v2(db->h, "INSERT INTO dec VALUES (?,?,?,?,?,?,?,?,?,?)", -1, &ins, NULL) ||
	    sqlite3_prepare_v2(db->h, "SELECT id FROM scan", -1, &scans, NULL)) {
		fail("prepare", "ok", sqlite3_errmsg(db->h));
		exit(1); /* nothing below can run */
	}
	while (sqlite3_step(scans) == SQLITE_ROW) {
		struct kread it;
		int64_t id = sqlite3_column_int64(scans, 0);
		int s = ktable_read_begin(&it, db, id, NULL);
		while (s == 0 && (s = ktable_read_next(&it)) > 0) {
			const struct krow *r = &it.row;
			const char *t[] = {r->arch, r->abi, r->name, r->entry, r->compat_entry, r->source};
			static const int col[] = {2, 3, 5, 6, 7, 10};
			sqlite3_bind_int64(ins, 1, id);
			for (int c = 0; c < 6; c++)
				db_bind_text(ins, col[c], t[c]);
			sqlite3_bind_int64(ins, 4, r->nr);
			sqlite3_bind_int(ins, 8, r->implemented);
			sqlite3_bind_int(ins, 9, r->private);
			if (sqlite3_step(ins) != SQLITE_DONE)
				fail("insert a decoded row", "ok", sqlite3_errmsg(db->h));
			sqlite3_reset(ins);
			s = 0;
		}
		ktable_read_end(&it);
		if (s < 0)
			fail("ktable_read", "rows", err_msg());
	}
	sqlite3_finalize(ins);
	sqlite3_finalize(scans);
}

/* 3: the writer's two row forms read back alike */
static void short_rows(const char *path)
{
	static const struct krow rows[] = {
		{"x86_64", "64", "read", "sys_read", NULL, "b.tbl", 0, 1, 0},        /* short */
		{"x86_64", "64", "q\"x\\", "sys_q\"x\\", NULL, "b.tbl", 1, 1, 0}, /* short, escaped */
		{"x86_64", "64", "caf\xc3\xa9", "sys_caf\xc3\xa9", NULL, NULL, 2, 1, 0}, /* short */
		{"x86_64", "64", "open", "sys_open", "compat_sys_open", "b.tbl", 3, 1, 0},
		{"x86_64", "64", "time", "sys_time32", NULL, "b.tbl", 4, 1, 0},
		{"x86_64", "64", "break", "sys_break", NULL, "b.tbl", 5, 0, 0},
		{"arm", "uapi", "cacheflush", "sys_cacheflush", NULL, "a.h", 983042, 1, 1},
		{"arm", "uapi", "sync", NULL, NULL, "a.h", 36, 1, 0},
		{"arm", "uapi", "sys_", "sys_sys_", NULL, "a.h", -1, 1, 0},             /* short */
	};
	struct db db;
	remove(path);
	open_db(&db, path);
	exec(db.h, "INSERT INTO scan(id,kind,sysroot,arch,label,created,tool_version) VALUES"
		   "(1,'kernel-tree','/k','all','kernel-k','t','0')");
	struct scan_ctx ctx = {.db = &db, .scan_id = 1};
	struct krows w = {.ctx = &ctx};
	struct buf want = {0};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct krow *r = &rows[i];
		ktable_insert(&w, r);
		char *q = sqlite3_mprintf("INSERT INTO temp.want VALUES (1,%Q,%Q,%lld,%Q,%Q,%Q,%d,%d,%Q);",
					  r->arch, r->abi, r->nr, r->name, r->entry, r->compat_entry,
					  r->implemented, r->private, r->source);
		buf_puts(&want, q);
		sqlite3_free(q);
	}
	exec(db.h, "CREATE TEMP TABLE want (scan_id, arch, abi, nr, name, entry, compat_entry,"
		   " implemented, private, source)");
	exec(db.h, want.p);
	buf_free(&want);
	if (ktable_flush(&w) < 0)
		fail("ktable_flush", "0", err_msg());
	char *n = dump(db.h, "SELECT count(*) FROM ktable, json_each(syscalls) r"
			     " WHERE json_array_length(r.value) = 2");
	check_equal("rows written in the short form", "4\n", n);
	char *w8 = dump(db.h, ROWS_OF("want"));
	char *v8 = dump(db.h, ROWS_OF("ksyscall"));
	check_equal("short and long rows through the ksyscall view", w8, v8);
	decode(&db);
	char *c8 = dump(db.h, ROWS_OF("dec"));
	check_equal("short and long rows through ktable_read", w8, c8);
	db_close(&db);
	free(n), free(w8), free(v8), free(c8);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s DIR [SRC.db]\n", argv[0]);
		return 2;
	}
	char *fresh = xasprintf("%s/fresh.db", argv[1]), *steps = xasprintf("%s/steps.db", argv[1]);
	char *old = xasprintf("%s/v7.db", argv[1]);
	struct db db;

	/* 1. fresh vs migrated step by step from version 1 */
	remove(fresh);
	open_db(&db, fresh);
	char *want = schema_of(db.h);
	db_close(&db);
	sqlite3_close(at_version(steps, 1));
	open_db(&db, steps);
	char *got = schema_of(db.h);
	db_close(&db);
	check_equal("fresh schema (image) vs migrated from version 1", want, got);
	/* an empty file is not replaced by the image: db_schema_fresh runs */
	FILE *f = fopen(fresh, "w");
	if (!f || fclose(f))
		fail("create an empty file", fresh, "failed");
	open_db(&db, fresh);
	char *empty = schema_of(db.h);
	db_close(&db);
	check_equal("fresh schema (image) vs db_schema_fresh run in an empty file", want, empty);
	free(empty);
	if (!strstr(want, "view|ksyscall|ksyscall|") || !strstr(want, "table|ktable|ktable|"))
		fail("the schema has the ktable and the ksyscall view", "both", want);

	/* 2. migration 8 keeps a version-7 DB's rows */
	sqlite3 *h = at_version(old, 7);
	exec(h, "INSERT INTO scan(id,kind,sysroot,arch,label,created,tool_version) VALUES"
		"(1,'sysroot','/h','x86_64','h-x86_64','t','0'),"
		"(2,'kernel-tree','/k','all','kernel-k','t','0');"
		"INSERT INTO ksyscall(scan_id,arch,abi,nr,name,entry,compat_entry,implemented,private,source)"
		" VALUES (1,'x86_64','uapi',0,'read',NULL,NULL,1,0,'usr/include/asm/unistd_64.h'),"
		"(1,'x86_64','uapi',1099511627776,'big',NULL,NULL,1,0,'usr/include/asm/unistd_64.h'),"
		"(1,'x86_64','uapi',-1,'neg',NULL,NULL,1,0,NULL),"
		"(1,'arm','uapi',983042,'cacheflush',NULL,NULL,1,1,'asm/unistd.h'),"
		"(2,'i386','i386',0,'restart_syscall','sys_restart_syscall',NULL,1,0,'a.tbl'),"
		"(2,'i386','i386',17,'break','sys_ni_syscall','',0,0,'a.tbl'),"
		"(2,'x86_64','64',15,'rt_sigreturn','sys_rt_sigreturn/ptregs','q\"uo\\te',1,0,'b.tbl'),"
		"(2,'x86_64','64',16,'caf\xc3\xa9','entr\xc3\xa9" "e','tab\there',1,0,'b.tbl'),"
		"(2,'x86_64','64',17,'ctl','a\x01" "b','\xf0\x9f\x90\xa7',1,0,'b.tbl')");
	if (argc > 2) {
		char *sql = xasprintf("ATTACH '%s' AS src;"
				      "INSERT INTO scan(id,kind,sysroot,arch,label,created,tool_version)"
				      " SELECT id + 2, kind, sysroot, arch, label, created, tool_version"
				      " FROM src.scan;"
				      "INSERT INTO ksyscall SELECT scan_id + 2, arch, abi, nr, name, entry,"
				      " compat_entry, implemented, private, source FROM src.ksyscall;"
				      "DETACH src", argv[2]);
		exec(h, sql);
		free(sql);
	}
	char *rows7 = dump(h, ROWS_OF("ksyscall"));
	char *types7 = dump(h, "SELECT DISTINCT typeof(scan_id), typeof(nr), typeof(name), typeof(entry),"
			       " typeof(implemented), typeof(private), typeof(source) FROM ksyscall ORDER BY 1, 2, 3, 4, 5, 6, 7");
	char *n7 = dump(h, "SELECT count(*) FROM ksyscall");
	sqlite3_close(h);
	open_db(&db, old);
	char *rows8 = dump(db.h, ROWS_OF("ksyscall"));
	char *types8 = dump(db.h, "SELECT DISTINCT typeof(scan_id), typeof(nr), typeof(name), typeof(entry),"
				  " typeof(implemented), typeof(private), typeof(source) FROM ksyscall ORDER BY 1, 2, 3, 4, 5, 6, 7");
	check_equal("ksyscall rows before and after migration 8", rows7, rows8);
	check_equal("ksyscall column types before and after migration 8", types7, types8);
	if (atoi(n7) < 8)
		fail("rows in the version-7 ksyscall", ">= 8", n7);
	/* ktable_read (the C reader of gen) gives the view's rows too */
	decode(&db);
	char *rowsc = dump(db.h, ROWS_OF("dec"));
	check_equal("ksyscall rows as ktable_read decodes them", rows7, rowsc);
	free(rowsc);
	char *schema8 = schema_of(db.h);
	check_equal("schema of a version-7 DB after migration 8 vs fresh", want, schema8);
	/* the facts hang off the scan: deleting it deletes its packed rows */
	exec(db.h, "DELETE FROM scan WHERE id = 2");
	char *left = dump(db.h, "SELECT count(*) FROM ktable WHERE scan_id = 2");
	if (strcmp(left, "0\n"))
		fail("ktable rows left of a deleted scan", "0", left);
	db_close(&db);
	char *short_db = xasprintf("%s/short.db", argv[1]);
	short_rows(short_db);
	free(short_db);
	free(rows7), free(rows8), free(types7), free(types8), free(n7), free(schema8), free(left);
	free(want), free(got), free(fresh), free(steps), free(old);
	if (!failed)
		printf("ok: fresh schema = migrated schema; migration 8 kept the ksyscall rows; short rows read back\n");
	return failed;
}
