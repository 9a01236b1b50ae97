/* db.c: SQLite open/migrate, the scan transaction and the copy of one DB's
 * scans into another (see db.h). */
#define _GNU_SOURCE /* O_TMPFILE */
#include "base/db.h"
#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef SYSCOV_VERSION
#define SYSCOV_VERSION "0"
#endif

int db_fail(struct db *db, const char *what)
{
	return err_set(EXIT_DB, "%s: %s: %s", db->path, what, sqlite3_errmsg(db->h));
}

int db_exec(struct db *db, const char *sql)
{
	char *msg = NULL;
	if (sqlite3_exec(db->h, sql, NULL, NULL, &msg) != SQLITE_OK) {
		err_set(EXIT_DB, "%s: %s", db->path, msg ? msg : sqlite3_errmsg(db->h));
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

int db_prepare(struct db *db, sqlite3_stmt **st, const char *sql)
{
	if (sqlite3_prepare_v2(db->h, sql, -1, st, NULL) != SQLITE_OK)
		return db_fail(db, "prepare");
	return 0;
}

int db_step_done(struct db *db, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, "write");
	return 0;
}

int db_query_int(struct db *db, const char *sql, int64_t dflt, int64_t *out)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, sql) < 0)
		return -1;
	int rc = sqlite3_step(st);
	*out = rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL
		       ? sqlite3_column_int64(st, 0)
		       : dflt;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : db_fail(db, "query");
}

void db_bind_text(sqlite3_stmt *st, int idx, const char *s)
{
	if (s)
		sqlite3_bind_text(st, idx, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, idx);
}

static int user_version(struct db *db, int *v)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK) {
		int code = sqlite3_errcode(db->h);
		if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT)
			return err_set(EXIT_DB, "%s: not a syscov database (%s)", db->path,
				       sqlite3_errmsg(db->h));
		return db_fail(db, "open");
	}
	int rc = sqlite3_step(st);
	*v = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW) {
		int code = sqlite3_errcode(db->h);
		if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT)
			return err_set(EXIT_DB, "%s: not a syscov database (%s)", db->path,
				       sqlite3_errmsg(db->h));
		return db_fail(db, "open");
	}
	return 0;
}

static int set_user_version(struct db *db, int v)
{
	char sql[64];
	snprintf(sql, sizeof(sql), "PRAGMA user_version=%d", v);
	return db_exec(db, sql);
}

static int migrate(struct db *db)
{
	int v;
	if (user_version(db, &v) < 0)
		return -1;
	if (v > db_schema_version)
		return err_set(EXIT_DB, "%s: schema version %d is newer than this syscov knows (%d)",
			       db->path, v, db_schema_version);
	if (v == db_schema_version)
		return 0;
	if (v == 0) {
		/* a version-0 DB must be empty: refuse to adopt someone else's file */
		sqlite3_stmt *st;
		if (db_prepare(db, &st, "SELECT count(*) FROM sqlite_master") < 0)
			return -1;
		int n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
		sqlite3_finalize(st);
		if (n != 0)
			return err_set(EXIT_DB, "%s: not a syscov database (it has other tables)",
				       db->path);
		/* WAL before the schema: creating it is then one unsynced WAL
		 * append, not a rollback-journal commit of 4 fdatasyncs; and the
		 * switch itself unsynced, as the file holds nothing yet to lose
		 * (12 -> 4 fdatasyncs for a fresh DB, half its set-up time) */
		if (db_exec(db, "PRAGMA synchronous=OFF") < 0 ||
		    db_exec(db, "PRAGMA journal_mode=WAL") < 0 ||
		    db_exec(db, "PRAGMA synchronous=NORMAL") < 0)
			return -1;
	}
	if (db_exec(db, "BEGIN IMMEDIATE") < 0)
		return -1;
	/* re-read under the write lock: another process may have migrated */
	if (user_version(db, &v) < 0)
		goto fail;
	if (v == 0) { /* the current schema in one go, not every step to it */
		if (db_exec(db, db_schema_fresh) < 0 || set_user_version(db, db_schema_version) < 0)
			goto fail;
		v = db_schema_version;
	}
	for (; v < db_schema_version; v++)
		if (db_exec(db, db_migrations[v]) < 0 || set_user_version(db, v + 1) < 0)
			goto fail;
	return db_exec(db, "COMMIT");
fail:
	sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

/* A DB that does not exist yet is built in memory, from the image of the
 * current schema (db_image_runs) instead of its ~40 CREATE statements, and
 * written whole by db_close() into an unnamed file of its dir (opened here:
 * the dir must be writable now, not only at the end), synced, then linked to
 * its name. No WAL, -shm or checkpoint, which wrote every page twice (a
 * quarter of a kernel-tree scan into a new DB); a run killed before
 * db_close() leaves no file, never a part of one. ":memory:" is built alike,
 * with no file. 1 if built, 0 to open as before (an existing file, or a
 * file system without O_TMPFILE), -1 with err_set(). */
static int open_image(struct db *db, const char *path)
{
	int mem = !strcmp(path, ":memory:");
	struct stat st; /* lstat: a dangling symlink is SQLite's to follow, as before */
	if (!mem && (!strncmp(path, "file:", 5) || lstat(path, &st) == 0))
		return 0;
	db->fd = -1;
	if (!mem) {
		const char *slash = strrchr(path, '/');
		char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
		db->fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
		free(dir);
		if (db->fd < 0)
			return 0;
	}
	db->made = 1;
	unsigned char *img = sqlite3_malloc64(db_image_size);
	if (!img)
		return err_set(EXIT_DB, "%s: out of memory", path);
	memset(img, 0, db_image_size);
	for (size_t i = 0; i < db_image_nruns; i++)
		memcpy(img + db_image_runs[i].off, db_image_runs[i].bytes, db_image_runs[i].len);
	img[18] = img[19] = 1; /* rollback journal (in memory), not the file's WAL */
	if (sqlite3_open_v2(":memory:", &db->h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) !=
	    SQLITE_OK) {
		sqlite3_free(img);
		return err_set(EXIT_DB, "%s: cannot open database: %s", path,
			       db->h ? sqlite3_errmsg(db->h) : "out of memory");
	}
	if (sqlite3_deserialize(db->h, "main", img, (sqlite3_int64)db_image_size,
				(sqlite3_int64)db_image_size,
				SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE) != SQLITE_OK)
		return db_fail(db, "open");
	return db_exec(db, "PRAGMA journal_mode=MEMORY") < 0 ? -1 : 1;
}

/* A failed open: a DB built in memory is dropped, not written. */
static int open_failed(struct db *db)
{
	if (db->made && db->fd >= 0)
		close(db->fd);
	db->made = 0;
	db_close(db);
	return -1;
}

/* What SQLite's "unable to open database file" leaves unsaid: the cause
 * in the DB's directory, as "(...)", or NULL. */
static char *open_cause(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	struct stat st;
	char *why = NULL;
	if (stat(dir, &st) < 0)
		why = xasprintf(" (%s: %s)", dir, strerror(errno));
	else if (!S_ISDIR(st.st_mode))
		why = xasprintf(" (%s: not a directory)", dir);
	else if (access(dir, W_OK) < 0)
		why = xasprintf(" (%s: %s)", dir, strerror(errno));
	else if (access(path, R_OK | W_OK) < 0 && errno != ENOENT)
		why = xasprintf(" (%s)", strerror(errno));
	free(dir);
	return why;
}

/* A label is a sysroot's dir name (at most NAME_MAX, 255 bytes) and an
 * ABI's: one longer than LABEL_MAX is a tampered DB, refused at once (a
 * 10 MB label made `syscov list`, which prints it on every row, take 54 s
 * and 4.3 GB). */
#define LABEL_MAX 512

static int check_labels(struct db *db)
{
	int64_t id = 0, len = 0;
	char *q = sqlite3_mprintf("SELECT id FROM scan WHERE length(CAST(label AS BLOB)) > %d"
				  " ORDER BY id LIMIT 1", LABEL_MAX);
	int rc = db_query_int(db, q, 0, &id);
	sqlite3_free(q);
	if (rc < 0 || !id)
		return rc;
	q = sqlite3_mprintf("SELECT length(CAST(label AS BLOB)) FROM scan WHERE id = %lld",
			    (long long)id);
	rc = db_query_int(db, q, 0, &len);
	sqlite3_free(q);
	return rc < 0 ? -1
		      : err_set(EXIT_DB, "%s: scan %lld has a %lld-byte label, longer than the %d"
					 " bytes a label may have: refused (a tampered database?)",
				db->path, (long long)id, (long long)len, LABEL_MAX);
}

int db_open(struct db *db, const char *path, int create)
{
	memset(db, 0, sizeof(*db));
	db->path = xstrdup(path);
	int made = create ? open_image(db, path) : 0;
	if (made > 0)
		db->made = create;
	if (made < 0)
		return open_failed(db);
	/* one thread uses a connection: no mutex around every SQLite call (the
	 * scans and classify make hundreds of thousands of them) */
	int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
	/* SQLite says only "unable to open database file": a newcomer's first
	 * `syscov list` gets told how a DB is made */
	if (!create && access(path, F_OK) < 0 && errno == ENOENT) {
		err_set(EXIT_DB, "%s: no such database; 'syscov audit' (or 'syscov scan') makes it, "
				 "--db FILE names another", path);
		return open_failed(db);
	}
	if (!made && sqlite3_open_v2(path, &db->h, flags, NULL) != SQLITE_OK) {
		char *why = open_cause(path);
		err_set(EXIT_DB, "%s: cannot open database: %s%s", path,
			db->h ? sqlite3_errmsg(db->h) : "out of memory", why ? why : "");
		free(why);
		return open_failed(db);
	}
	/* concurrent audits into one DB wait for each other's scan transaction;
	 * SYSCOV_BUSY_TIMEOUT_MS shortens the wait (tests of a locked DB) */
	const char *bt = getenv("SYSCOV_BUSY_TIMEOUT_MS");
	char *end = NULL;
	long ms = bt ? strtol(bt, &end, 10) : 0;
	sqlite3_busy_timeout(db->h, bt && *bt && !*end && ms >= 0 && ms <= 3600000 ? (int)ms : 120000);
	sqlite3_extended_result_codes(db->h, 0);
	if (migrate(db) < 0 || check_labels(db) < 0 || db_exec(db, "PRAGMA foreign_keys=ON") < 0 ||
	    (!made && (db_exec(db, "PRAGMA journal_mode=WAL") < 0 ||
		       db_exec(db, "PRAGMA synchronous=NORMAL") < 0)) ||
	    /* temp files in memory: reads are confined away from /tmp (confine.h) */
	    db_exec(db, "PRAGMA temp_store=MEMORY") < 0) {
		/* SQLite says "unable to open database file" when WAL cannot
		 * create its -shm file: name the real cause */
		if (err_code() == EXIT_DB && access(path, W_OK) < 0 && (errno == EROFS || errno == EACCES))
			err_set(EXIT_DB, "%s: database is read-only: %s", path, strerror(errno));
		return open_failed(db);
	}
	return 0;
}

/* Sets the file's journal mode bytes (header offsets 18, 19): "\2\2" WAL,
 * "\1\1" rollback. */
static int set_mode(int fd, const char *two)
{
	return pwrite(fd, two, 2, 18) == 2 ? 0 : -1;
}

/* Writes a DB built in memory to its file (open_image()). If a concurrent
 * run made the file meanwhile, its scans are kept and this run's are copied
 * into it, as a -j worker's are (db_merge()). */
static int publish(struct db *db)
{
	db_scan_rollback(db); /* what no commit took stays out of the file */
	sqlite3_int64 n = 0;
	const unsigned char *p = sqlite3_serialize(db->h, "main", &n, SQLITE_SERIALIZE_NOCOPY);
	char proc[64];
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", db->fd);
	int keep = db->made != DB_SCRATCH;
	if (!p || write_full(db->fd, p, (size_t)n) < 0 ||
	    (keep && set_mode(db->fd, "\2\2") < 0) || /* WAL, as every syscov DB on disk */
	    (keep && fdatasync(db->fd) < 0))
		return err_set(EXIT_DB, "%s: cannot write the new database: %s", db->path,
			       !p ? "out of memory"
			       : errno == ENOSPC || errno == EDQUOT ? "the disk is full"
								    : strerror(errno));
	if (linkat(AT_FDCWD, proc, AT_FDCWD, db->path, AT_SYMLINK_FOLLOW) == 0)
		return 0;
	if (errno != EEXIST)
		return err_set(EXIT_DB, "%s: cannot create: %s", db->path, strerror(errno));
	debug("%s: a concurrent run created it first: copying this run's scans into it", db->path);
	/* under a name of its own for db_merge(): SQLite resolves /proc/self/fd */
	char *tmp = xasprintf("%s.new%ld", db->path, (long)getpid());
	struct db dst;
	int64_t id = 0;
	unlink(tmp);
	int rc = set_mode(db->fd, "\1\1") < 0 || /* rollback: nothing beside it to clean */
			 linkat(AT_FDCWD, proc, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) < 0
		     ? err_set(EXIT_DB, "%s: %s", tmp, strerror(errno))
		     : db_open(&dst, db->path, 0);
	if (rc == 0) {
		rc = db_merge(&dst, tmp, &id);
		rc |= db_close(&dst);
	}
	unlink(tmp);
	free(tmp);
	return rc < 0 ? -1 : 0;
}

int db_close(struct db *db)
{
	sqlite3_finalize(db->ins_input);
	sqlite3_finalize(db->ins_diag);
	int rc = db->h && db->made && db->fd >= 0 ? publish(db) : 0;
	if (db->made && db->fd >= 0)
		close(db->fd);
	if (db->h)
		sqlite3_close_v2(db->h);
	free(db->path);
	memset(db, 0, sizeof(*db));
	return rc;
}

/* Labels name scans on the command line (--scan) and their report dirs:
 * a scan whose label another scan holds (two klibc sysroots told apart
 * only by --include) takes the first free "<label>-N". Within the scan's
 * transaction. A DB written before this may hold duplicates: --scan then
 * asks for the id. */
static int unique_label(struct db *db, int64_t id)
{
	sqlite3_stmt *st;
	char *label = NULL;
	int64_t taken = 1;
	char *q = sqlite3_mprintf("SELECT label FROM scan WHERE id = %lld", (long long)id);
	if (db_prepare(db, &st, q) < 0) {
		sqlite3_free(q);
		return -1;
	}
	sqlite3_free(q);
	if (sqlite3_step(st) == SQLITE_ROW)
		label = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	if (!label)
		return 0;
	int rc = 0;
	char *want = xstrdup(label);
	for (int n = 2; rc == 0 && taken; n++) {
		q = sqlite3_mprintf("SELECT count(*) FROM scan WHERE label = %Q AND id <> %lld", want,
				    (long long)id);
		rc = db_query_int(db, q, 0, &taken);
		sqlite3_free(q);
		if (rc == 0 && taken) {
			free(want);
			want = xasprintf("%s-%d", label, n);
		}
	}
	if (rc == 0 && strcmp(want, label)) {
		note("label %s is taken by another scan: scan %lld is labelled %s", label, (long long)id, want);
		rc = db_scan_set(db, id, "label", want);
	}
	free(want);
	free(label);
	return rc;
}

int db_scan_begin(struct db *db, const struct scan_key *k, int64_t *id)
{
	if (db_exec(db, "BEGIN IMMEDIATE") < 0)
		return -1;
	/* the DELETE only when there is a scan to delete: its cascade over
	 * every fact table takes longer to prepare than a new DB's whole
	 * kernel-tree scan takes to store */
	sqlite3_stmt *st;
	int rc = 0;
#define KEY "FROM scan WHERE kind=?1 AND sysroot=?2 AND arch=?3 AND variant=?4"
	for (int del = 0; del < 2; del++) {
		if (db_prepare(db, &st, del ? "DELETE " KEY : "SELECT 1 " KEY) < 0)
			goto fail;
		db_bind_text(st, 1, k->kind);
		db_bind_text(st, 2, k->sysroot);
		db_bind_text(st, 3, k->arch);
		db_bind_text(st, 4, k->variant ? k->variant : "");
		int r = sqlite3_step(st);
		rc = r == SQLITE_DONE || (!del && r == SQLITE_ROW) ? 0 : db_fail(db, "write");
		sqlite3_finalize(st);
		if (rc < 0)
			goto fail;
		if (r == SQLITE_DONE)
			break; /* no such scan, or deleted */
	}
#undef KEY
	if (db_prepare(db, &st,
		       "INSERT INTO scan(id,kind,sysroot,arch,variant,label,layout,created,tool_version)"
		       " VALUES((SELECT ?8 WHERE NOT EXISTS (SELECT 1 FROM scan WHERE id=?8)),"
		       "?1,?2,?3,?7,?4,?5,strftime('%Y-%m-%dT%H:%M:%SZ','now'),?6)") < 0)
		goto fail;
	db_bind_text(st, 1, k->kind);
	db_bind_text(st, 2, k->sysroot);
	db_bind_text(st, 3, k->arch);
	db_bind_text(st, 4, k->label);
	db_bind_text(st, 5, k->layout);
	db_bind_text(st, 6, SYSCOV_VERSION);
	db_bind_text(st, 7, k->variant ? k->variant : "");
	if (k->id > 0) /* else NULL: the next id */
		sqlite3_bind_int64(st, 8, k->id);
	rc = db_step_done(db, st);
	sqlite3_finalize(st);
	if (rc < 0)
		goto fail;
	*id = sqlite3_last_insert_rowid(db->h);
	if (unique_label(db, *id) < 0)
		goto fail;
	return 0;
fail:
	db_scan_rollback(db);
	return -1;
}

int db_scan_commit(struct db *db)
{
	if (db_exec(db, "COMMIT") < 0) {
		db_scan_rollback(db);
		return -1;
	}
	return 0;
}

void db_scan_rollback(struct db *db)
{
	if (!sqlite3_get_autocommit(db->h))
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
}

int db_scan_set(struct db *db, int64_t id, const char *column, const char *value)
{
	/* column names come from syscov's own code, never from input */
	char *sql = xasprintf("UPDATE scan SET %s=?1 WHERE id=?2", column);
	sqlite3_stmt *st;
	int rc = db_prepare(db, &st, sql);
	free(sql);
	if (rc < 0)
		return -1;
	db_bind_text(st, 1, value);
	sqlite3_bind_int64(st, 2, id);
	rc = db_step_done(db, st);
	sqlite3_finalize(st);
	return rc;
}

int db_add_input(struct db *db, int64_t scan_id, const char *kind, const char *path,
		 int64_t size, int64_t mtime_ns, uint64_t hash, const char *version)
{
	if (!db->ins_input &&
	    db_prepare(db, &db->ins_input,
		       "INSERT INTO input(scan_id,kind,path,size,mtime,hash,version,mtime_ns)"
		       " VALUES(?1,?2,?3,?4,?5,?6,?7,?8)") < 0)
		return -1;
	sqlite3_stmt *st = db->ins_input;
	char hex[17];
	snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)hash);
	sqlite3_bind_int64(st, 1, scan_id);
	db_bind_text(st, 2, kind);
	db_bind_text(st, 3, path);
	sqlite3_bind_int64(st, 4, size);
	sqlite3_bind_int64(st, 5, size < 0 ? 0 : mtime_ns / 1000000000);
	db_bind_text(st, 6, hash ? hex : NULL);
	db_bind_text(st, 7, version);
	if (size >= 0)
		sqlite3_bind_int64(st, 8, mtime_ns);
	return db_step_done(db, st);
}

int db_add_diag(struct db *db, int64_t scan_id, const char *source, const char *path, int line,
		const char *severity, const char *message)
{
	if (!db->ins_diag &&
	    db_prepare(db, &db->ins_diag,
		       "INSERT INTO diag(scan_id,source,path,line,severity,message)"
		       " VALUES(?1,?2,?3,?4,?5,?6)") < 0)
		return -1;
	sqlite3_stmt *st = db->ins_diag;
	sqlite3_bind_int64(st, 1, scan_id);
	db_bind_text(st, 2, source);
	db_bind_text(st, 3, path);
	sqlite3_bind_int(st, 4, line);
	db_bind_text(st, 5, severity);
	db_bind_text(st, 6, message);
	return db_step_done(db, st);
}

/* The copy of one DB's scans into another (db_merge()): the -j
 * workers' into the main DB, and a new DB's into the file a concurrent run
 * created first. Generic over the schema: it walks the tables in creation
 * order (parents first) and shifts every INTEGER PRIMARY KEY `id` and every
 * foreign key by the target table's current max(id), so ids never clash. */
struct tab {
	char *name;
	int64_t off;
};

/* INSERT INTO main.T(cols) SELECT cols with ids shifted FROM w.T */
static char *copy_sql(struct db *db, const char *t, const struct tab *tabs, size_t nt, int64_t off)
{
	struct buf cols = {0}, sel = {0};
	sqlite3_stmt *ti, *fk;
	char *q = xasprintf("PRAGMA main.table_info(\"%s\")", t), *q2 = xasprintf("PRAGMA main.foreign_key_list(\"%s\")", t);
	int ok = db_prepare(db, &ti, q) == 0 && db_prepare(db, &fk, q2) == 0;
	free(q);
	free(q2);
	if (!ok)
		return NULL;
	struct strv fcol = {0}, ftab = {0};
	while (sqlite3_step(fk) == SQLITE_ROW) {
		strv_push(&ftab, (const char *)sqlite3_column_text(fk, 2));
		strv_push(&fcol, (const char *)sqlite3_column_text(fk, 3));
	}
	sqlite3_finalize(fk);
	while (sqlite3_step(ti) == SQLITE_ROW) {
		const char *col = (const char *)sqlite3_column_text(ti, 1);
		int pk = sqlite3_column_int(ti, 5);
		buf_printf(&cols, "%s\"%s\"", cols.len ? "," : "", col);
		int64_t shift = pk && !strcmp(col, "id") ? off : 0;
		for (size_t i = 0; i < fcol.n; i++)
			if (!strcmp(fcol.v[i], col))
				for (size_t k = 0; k < nt; k++)
					if (!strcmp(tabs[k].name, ftab.v[i]))
						shift = tabs[k].off;
		buf_printf(&sel, "%s\"%s\"%s", sel.len ? "," : "", col, shift ? "+" : "");
		if (shift)
			buf_printf(&sel, "%lld", (long long)shift);
	}
	sqlite3_finalize(ti);
	strv_free(&fcol);
	strv_free(&ftab);
	char *sql = xasprintf("INSERT INTO main.\"%s\"(%s) SELECT %s FROM w.\"%s\"", t, cols.p, sel.p, t);
	buf_free(&cols);
	buf_free(&sel);
	return sql;
}

/* The shift that gives the copied DB's first scan the id `want`, if no scan
 * has that id nor any of the next ones the copy takes; else *off stays. */
static int reserve(struct db *db, int64_t want, int64_t *off)
{
	int64_t lo, hi, taken;
	if (db_query_int(db, "SELECT min(id) FROM w.scan", 0, &lo) < 0 ||
	    db_query_int(db, "SELECT max(id) FROM w.scan", 0, &hi) < 0)
		return -1;
	char *q = xasprintf("SELECT count(*) FROM main.scan WHERE id BETWEEN %lld AND %lld",
			    (long long)want, (long long)(want + hi - lo));
	int rc = db_query_int(db, q, 0, &taken);
	free(q);
	if (rc == 0 && !taken)
		*off = want - lo;
	return rc;
}

int db_merge(struct db *db, const char *path, int64_t *id)
{
	uint64_t t0 = now_ns();
	int64_t want = *id;
	sqlite3_stmt *st;
	/* the copy's statement journal would be a temp file in /var/tmp,
	 * which Landlock (confine.h) does not let the process open */
	if (db_exec(db, "PRAGMA temp_store=MEMORY") < 0 ||
	    db_prepare(db, &st, "ATTACH DATABASE ?1 AS w") < 0)
		return -1;
	db_bind_text(st, 1, path);
	int rc = db_step_done(db, st);
	sqlite3_finalize(st);
	if (rc < 0)
		return -1;
	struct tab *tabs = NULL;
	size_t nt = 0;
	/* Foreign keys are not checked while copying: the copied DB's rows
	 * were checked as they went in, and their ids move together (the
	 * checks opened a cursor a row: 15% of a copy). Replacing a scan needs
	 * them, for the DELETE's cascade (which is also costly to prepare:
	 * only when there is a scan to replace); the pragma holds outside a
	 * transaction only, hence the second try. */
#define SAME_KEY                                                                                   \
	" WHERE (kind, sysroot, arch, variant) IN (SELECT kind, sysroot, arch, variant FROM w.scan)"
	int64_t old = 0;
	for (int fk = 0;; fk = 1) {
		rc = db_exec(db, fk ? "PRAGMA foreign_keys=ON" : "PRAGMA foreign_keys=OFF");
		if (rc == 0)
			rc = db_exec(db, "BEGIN IMMEDIATE");
		if (rc == 0)
			rc = db_query_int(db, "SELECT count(*) FROM main.scan" SAME_KEY, 0, &old);
		if (rc < 0 || !old || fk)
			break;
		db_scan_rollback(db);
	}
	if (rc == 0 && old)
		rc = db_exec(db, "DELETE FROM main.scan" SAME_KEY);
	if (rc == 0)
		rc = db_prepare(db, &st, "SELECT name FROM main.sqlite_master WHERE type='table'"
					 " AND name NOT LIKE 'sqlite_%' ORDER BY rowid");
	if (rc == 0) {
		while (sqlite3_step(st) == SQLITE_ROW) {
			tabs = xrealloc(tabs, (nt + 1) * sizeof(*tabs));
			tabs[nt++] = (struct tab){.name = xstrdup((const char *)sqlite3_column_text(st, 0))};
		}
		sqlite3_finalize(st);
	}
	for (size_t i = 0; i < nt && rc == 0; i++) {
		int64_t has_id;
		char *q = xasprintf("SELECT count(*) FROM pragma_table_info('%s') WHERE name='id' AND pk=1", tabs[i].name);
		rc = db_query_int(db, q, 0, &has_id);
		free(q);
		if (rc == 0 && has_id) {
			q = xasprintf("SELECT max(id) FROM main.\"%s\"", tabs[i].name);
			rc = db_query_int(db, q, 0, &tabs[i].off);
			free(q);
		}
		if (rc == 0 && i == 0 && want > 0) /* scan, the first table: the id asked for */
			rc = reserve(db, want, &tabs[0].off);
		char *sql = rc == 0 ? copy_sql(db, tabs[i].name, tabs, nt, tabs[i].off) : NULL;
		rc = sql ? db_exec(db, sql) : -1;
		free(sql);
	}
	if (rc == 0)
		rc = db_query_int(db, "SELECT id FROM w.scan", -1, id);
	if (rc == 0 && nt)
		*id += tabs[0].off; /* scan is the first table */
	if (rc == 0)
		rc = unique_label(db, *id);
	if (rc == 0)
		rc = db_exec(db, "COMMIT");
	else
		db_scan_rollback(db);
	sqlite3_exec(db->h, "PRAGMA foreign_keys=ON", NULL, NULL, NULL);
	sqlite3_exec(db->h, "DETACH DATABASE w", NULL, NULL, NULL);
	if (rc == 0)
		debug("copied scan %lld of %s in %.1f ms", (long long)*id, path,
		      (double)(now_ns() - t0) / 1e6);
	for (size_t i = 0; i < nt; i++)
		free(tabs[i].name);
	free(tabs);
	return rc;
}
