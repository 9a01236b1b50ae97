/* db.h: the SQLite store: opening, schema migrations and scan transactions.
 *
 * SQLite is the single source of truth: scanners write facts into the tables
 * of a scan, classify derives verdicts, every consumer is a query. A scan
 * (sysroot x arch, or one kernel tree) is written in one transaction that
 * first deletes the previous scan of the same key, so an interrupted run
 * leaves the earlier state intact. The schema is in src/base/schema.c. */
#ifndef SYSCOV_DB_H
#define SYSCOV_DB_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

struct db {
	sqlite3 *h;
	char *path;
	sqlite3_stmt *ins_input, *ins_diag; /* prepared once: thousands of rows per scan */
	int made;  /* built in memory, written to its path by db_close();
		    * DB_SCRATCH for a throwaway one */
	int fd;    /* made: the unnamed file it goes to, -1 for ":memory:" */
};

/* Opens (creating if `create`) and migrates the DB. Errors (EXIT_DB): not a
 * database, newer schema than this syscov, read-only, locked too long. A DB
 * that does not exist yet is built in memory and appears at its path, whole,
 * only when db_close() writes it. */
enum { DB_OPEN, DB_CREATE, DB_SCRATCH /* a new throwaway DB: written unsynced,
					  in rollback mode, for one reader */ };
int db_open(struct db *db, const char *path, int create);
/* 0, or -1 with err_set() if a new DB could not be written. */
int db_close(struct db *db);
/* Copies every scan of the DB file at `path` (a -j worker's, or a run's that
 * lost the race to create the same new DB) into db in one transaction,
 * replacing the stored scans of the same keys. *id: in, the id the first
 * scan takes if that is free (or 0: the next ones); out, its id. */
int db_merge(struct db *db, const char *path, int64_t *id);

/* Runs SQL with no result rows; err_set(EXIT_DB) naming the DB on failure. */
int db_exec(struct db *db, const char *sql);
/* Prepares a statement; err_set(EXIT_DB) on failure. */
int db_prepare(struct db *db, sqlite3_stmt **st, const char *sql);
/* Steps a statement expecting SQLITE_DONE, then resets it for reuse. */
int db_step_done(struct db *db, sqlite3_stmt *st);
/* The single integer of a query, `dflt` for no row or NULL. */
int db_query_int(struct db *db, const char *sql, int64_t dflt, int64_t *out);
/* Records the current SQLite error as the error state and returns -1. */
int db_fail(struct db *db, const char *what);

/* Binds text, or NULL when s is NULL. */
void db_bind_text(sqlite3_stmt *st, int idx, const char *s);

struct scan_key {
	const char *kind;    /* "sysroot" or "kernel-tree" */
	const char *sysroot; /* canonical host path */
	const char *arch;    /* ABI name, "all" for kernel trees */
	const char *variant; /* "" or the --include/--libdir dirs of a split layout */
	const char *label;
	const char *layout;
	int64_t id; /* the id to take if still free (-j reserves them in target order), or 0 */
};
/* BEGIN IMMEDIATE; deletes the scan of the same key (with all its facts);
 * inserts the new scan row (as k->id if that is free) and returns its id in
 * *id. */
int db_scan_begin(struct db *db, const struct scan_key *k, int64_t *id);
int db_scan_commit(struct db *db);
void db_scan_rollback(struct db *db);
/* Sets one column of the scan row (libc_flavour, man_source, ...). */
int db_scan_set(struct db *db, int64_t id, const char *column, const char *value);
/* Records an input file read by a scan, for provenance (and caching). */
int db_add_input(struct db *db, int64_t scan_id, const char *kind, const char *path,
		 int64_t size, int64_t mtime_ns, uint64_t hash, const char *version);
/* Records a diagnostic (parse error, skipped file) of a scan. */
int db_add_diag(struct db *db, int64_t scan_id, const char *source, const char *path, int line,
		const char *severity, const char *message);

extern const char *const db_migrations[];
extern const int db_schema_version;
/* The schema of version db_schema_version in one go, for a fresh DB. */
extern const char *const db_schema_fresh;
/* The file a fresh DB of db_schema_fresh is (WAL, user_version set), as
 * its non-zero byte runs; generated at build time (scripts/schema_image.c). */
struct db_image_run {
	size_t off, len;
	const char *bytes;
};
extern const struct db_image_run db_image_runs[];
extern const size_t db_image_nruns, db_image_size;

#endif
