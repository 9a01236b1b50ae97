/* scan_par.c: This file contains the parallel scan of several sysroots
 * (`-j N`, see scan.h).
 *
 * The scanners hold the DB's write lock for their whole scan transaction, so
 * N writers on one DB would run one after the other; and a scan written
 * into a DB of its own and copied over costs its rows' inserts twice (the
 * copy alone was a sixth of a 9-sysroot audit's instructions). Instead N
 * forked workers take the scans one at a time over a pipe, and each first
 * parses its sysroot's header TU, the bulk of a scan, without the lock
 * (scan_sysroot_prefetch(), into a scratch DB in memory), then takes the
 * write token, runs the scan proper into the main DB, which finds its TU
 * parsed, and classifies it. One token passes between the workers in a
 * pipe: a worker waits for the lock in read(), not in SQLite's busy
 * handler, which sleeps in steps of up to 100 ms. Each scan takes the id
 * its place among the targets gives it (db.h: want_id), so ids do not
 * depend on timing. A scan whose inputs are unchanged is kept before any
 * worker starts (scan_cache.h), and the man pages the workers will read
 * are parsed before they fork (man_scan_warm()). */
#define _GNU_SOURCE
#include "classify.h"
#include "clangx.h"
#include "gen.h"
#include "man.h"
#include "report.h"
#include "scan.h"
#include "scan_cache.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <poll.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct job {
	const struct sysroot *sr;
	int64_t *id;
	int64_t want; /* the id its scan takes if free: its place in the targets */
	pid_t pid;    /* 0 to scan, -1 kept; once given out, its worker's */
	int done;     /* finished: its scan is in the DB (or it failed) */
};

/* A worker's DBs: the main one, and the scratch DB of its prefetches. */
struct wdb {
	struct db db, scratch;
	int tok[2]; /* the write token's pipe */
};

static void token_take(const struct wdb *w)
{
	char t;
	while (read(w->tok[0], &t, 1) < 0 && errno == EINTR)
		;
}

static void token_give(const int tok[2])
{
	while (write(tok[1], "t", 1) < 0 && errno == EINTR)
		;
}

/* One job in a worker: the header TU parsed ahead, then under the token the
 * scan into the main DB and, for an audit, its verdicts and wrapper header
 * (`cls`). Returns the exit code, a failure's message in err_msg(). */
static int run_job(struct wdb *w, const struct job *j, const struct cli *c, int cls)
{
	/* a failure here is met again by the scan proper, which says it */
	if (scan_sysroot_prefetch(&w->scratch, j->sr, c) < 0)
		err_clear();
	token_take(w);
	int64_t id;
	w->db.want_id = j->want;
	int rc = scan_sysroot(&w->db, j->sr, c, &id);
	if (rc == 0 && cls) {
		char *fp = scan_cache_fingerprint(c);
		rc = classify_scan(&w->db, id) < 0 || scan_cache_mark_classified(&w->db, id, fp) < 0 ||
				     gen_audit(&w->db, &id, 1, c->output ? c->output : "reports") < 0
			     ? -1 : 0;
		free(fp);
	}
	token_give(w->tok);
	clangx_prefetch_drop(); /* what the scan did not take: its inputs changed */
	fflush(NULL);
	return rc == 0 ? 0 : err_code() ? (int)err_code() : EXIT_INTERNAL;
}

/* The scratch DB needs its rows only until the TU is built from them: no
 * secondary indexes and no foreign-key checks to pay for on every insert
 * (the joins that read them build automatic indexes). */
static int lighten(struct db *db)
{
	struct strv idx = {0};
	sqlite3_stmt *st;
	int rc = db_prepare(db, &st, "SELECT name FROM sqlite_master WHERE type='index' AND sql IS NOT NULL");
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW)
		strv_push(&idx, (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	for (size_t i = 0; i < idx.n && rc == 0; i++) {
		char *sql = xasprintf("DROP INDEX \"%s\"", idx.v[i]);
		rc = db_exec(db, sql);
		free(sql);
	}
	strv_free(&idx);
	return rc == 0 ? db_exec(db, "PRAGMA foreign_keys=OFF") : -1;
}

/* A worker process: the jobs the parent sends on `cmd` (their indexes),
 * one after the other, each answered on `res` (err_send()). One
 * process runs several scans so that its heap stays warm: a process per
 * scan faulted in a fresh heap for every header parse (46 k page faults
 * for 9 sysroots, against 9 k in one process). */
static _Noreturn void worker(const struct job *jobs, struct wdb *w, const char *path, int made,
			     int cmd, int res, const struct cli *c, int cls)
{
	/* the parent's connection is not this process's to use; a DB this
	 * run made commits unsynced until the parent's db_close() (db.c), and
	 * only that close checkpoints */
	int open = db_open(&w->db, path, 0) == 0 &&
		   db_exec(&w->db, made ? "PRAGMA wal_autocheckpoint=0; PRAGMA synchronous=OFF"
					: "PRAGMA wal_autocheckpoint=0") == 0 &&
		   db_open(&w->scratch, ":memory:", 1) == 0 && lighten(&w->scratch) == 0;
	size_t k;
	while (read(cmd, &k, sizeof(k)) == (ssize_t)sizeof(k)) {
		int sent = err_send(res, open ? run_job(w, &jobs[k], c, cls)
					      : err_code() ? (int)err_code() : EXIT_INTERNAL);
		err_clear();
		if (sent < 0)
			break;
	}
	db_close(&w->scratch);
	db_close(&w->db);
	_exit(0);
}

/* The highest scan id in use, 0 for none. */
static int max_scan_id(struct db *db, int64_t *out)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT coalesce(max(id), 0) FROM scan") < 0)
		return -1;
	int rc = sqlite3_step(st);
	*out = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : db_fail(db, "read");
}

/* For audit: job j's report dir, written as soon as its scan is in the main
 * DB, in target order, while the workers still parse (report_early()). A
 * kept scan whose verdicts audit will redo, or a failure, ends that: the
 * report step then writes the rest (and says the error). 1 to go on. */
static int write_early(struct db *db, const struct job *j, const struct cli *c, const char *fp)
{
	if ((j->pid < 0 && scan_cache_verdicts_current(db, *j->id, fp) != 1) ||
	    report_early(db, *j->id, c->output ? c->output : "reports") < 0) {
		err_clear();
		return 0;
	}
	return 1;
}

int scan_sysroots_parallel(struct db *db, const struct sysroot *const *srs, size_t n,
			   const struct cli *c, int workers, int64_t *ids)
{
	struct job *jobs = xcalloc(n + 1, sizeof(*jobs));
	size_t next = 0, merged = 0;
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		jobs[i].sr = srs[i];
		jobs[i].id = &ids[i];
		int kept = scan_sysroot_kept(db, srs[i], c, &ids[i]);
		if (kept < 0)
			rc = -1;
		jobs[i].pid = kept ? -1 : 0;
	}
	/* the workers inherit the parsed man pages: sysroots sharing pages
	 * (cross prefixes fall back to the host's) parse them once */
	int parse = 0;
	for (size_t i = 0; i < n && rc == 0; i++)
		if (jobs[i].pid == 0) {
			clangx_preload(); /* overlaps the man pages' parse */
			man_scan_warm(srs[i], c);
			parse = 1;
		}
	/* the workers inherit libclang loaded once; and no fork() while the
	 * loader thread may hold the dynamic loader's lock */
	if (parse && clangx_load() < 0)
		rc = -1;
	int cls = c->classify;
	char *fp = cls ? scan_cache_fingerprint(c) : NULL;
	/* every job's id before any fork: the workers see the array as it was
	 * when they were forked */
	int64_t base = 0;
	if (rc == 0 && max_scan_id(db, &base) < 0)
		rc = -1;
	size_t todo = 0;
	for (size_t i = 0; i < n; i++)
		if (jobs[i].pid == 0)
			jobs[i].want = base + (int64_t)++todo;
	struct wdb wd = {.tok = {-1, -1}};
	if (rc == 0 && todo && pipe(wd.tok) < 0)
		rc = err_set(EXIT_INTERNAL, "pipe: %s", strerror(errno));
	if (rc == 0 && todo)
		token_give(wd.tok);
	size_t nw = todo < (size_t)workers ? todo : (size_t)workers;
	/* with every scan kept, the outputs may be current (out_cache.h) */
	int early = cls && todo;
	struct wk {
		pid_t pid;
		int cmd, res; /* -1 once closed */
		long job;     /* the job it runs, -1 idle */
	} *wk = xcalloc(nw + 1, sizeof(*wk));
	for (size_t w = 0; w < nw; w++) /* a slot a failed fork leaves is closed */
		wk[w] = (struct wk){.pid = -1, .cmd = -1, .res = -1, .job = -1};
	fflush(NULL);
	for (size_t w = 0; w < nw && rc == 0; w++) {
		int cp[2], rp[2];
		if (pipe(cp) < 0) {
			rc = err_set(EXIT_INTERNAL, "pipe: %s", strerror(errno));
			break;
		}
		if (pipe(rp) < 0) {
			close(cp[0]);
			close(cp[1]);
			rc = err_set(EXIT_INTERNAL, "pipe: %s", strerror(errno));
			break;
		}
		pid_t p = fork();
		if (p == 0) {
			/* the other workers' pipe ends would hide their deaths */
			for (size_t o = 0; o < w; o++) {
				close(wk[o].cmd);
				close(wk[o].res);
			}
			close(cp[1]);
			close(rp[0]);
			worker(jobs, &wd, db->path, db->made, cp[0], rp[1], c, cls);
		}
		close(cp[0]);
		close(rp[1]);
		if (p < 0) {
			close(cp[1]);
			close(rp[0]);
			rc = err_set(EXIT_INTERNAL, "fork: %s", strerror(errno));
			break;
		}
		wk[w] = (struct wk){.pid = p, .cmd = cp[1], .res = rp[0], .job = -1};
	}
	size_t busy = 0;
	struct pollfd *pf = xcalloc(nw + 1, sizeof(*pf));
	for (;;) {
		/* give each idle worker the next job; none left (or a failure):
		 * its pipe closes and it ends */
		for (size_t w = 0; w < nw; w++) {
			if (wk[w].cmd < 0 || wk[w].job >= 0)
				continue;
			while (next < n && jobs[next].pid != 0)
				next++;
			if (rc == 0 && next < n &&
			    write(wk[w].cmd, &next, sizeof(next)) == (ssize_t)sizeof(next)) {
				wk[w].job = (long)next;
				jobs[next++].pid = wk[w].pid;
				busy++;
			} else {
				close(wk[w].cmd);
				wk[w].cmd = -1;
			}
		}
		/* merge after refilling: the copy runs while the workers parse,
		 * so no core waits for it; copied in target order, so that ids
		 * do not depend on timing */
		for (; merged < n && rc == 0 && (jobs[merged].done || jobs[merged].pid < 0); merged++) {
			if (jobs[merged].done) {
				rc = scan_sysroot_stored(db, jobs[merged].sr, jobs[merged].id);
				if (rc == 0 && cls) {
					scan_cache_note_verdicts(*jobs[merged].id);
					gen_note_done(*jobs[merged].id);
				}
			}
			if (rc == 0 && early)
				early = write_early(db, &jobs[merged], c, fp);
		}
		if (!busy)
			break;
		for (size_t w = 0; w < nw; w++)
			pf[w] = (struct pollfd){.fd = wk[w].job >= 0 ? wk[w].res : -1, .events = POLLIN};
		int pr = poll(pf, nw, -1);
		for (size_t w = 0; w < nw && pr > 0; w++) {
			if (!pf[w].revents)
				continue;
			int code;
			struct job *j = &jobs[wk[w].job];
			busy--;
			wk[w].job = -1;
			j->done = 1;
			if (err_recv(wk[w].res, &code, rc == 0)) {
				if (code)
					rc = -1;
				continue;
			}
			/* no answer: the worker died in the job, maybe with the
			 * token, which the others (ending their jobs) then need */
			token_give(wd.tok);
			int status = 0;
			waitpid(wk[w].pid, &status, 0);
			wk[w].pid = -1;
			close(wk[w].res);
			wk[w].res = -1;
			if (wk[w].cmd >= 0)
				close(wk[w].cmd);
			wk[w].cmd = -1;
			if (rc == 0)
				rc = err_set(EXIT_INTERNAL, "%s: scan worker died (status %d)", j->sr->root, status);
		}
		if (pr < 0 && errno != EINTR) { /* the cleanup below ends the workers */
			if (rc == 0)
				rc = err_set(EXIT_INTERNAL, "poll: %s", strerror(errno));
			break;
		}
	}
	free(pf);
	free(fp);
	if (rc < 0)
		report_early_drop();
	for (size_t w = 0; w < nw; w++) {
		if (wk[w].cmd >= 0)
			close(wk[w].cmd);
		if (wk[w].res >= 0)
			close(wk[w].res);
		if (wk[w].pid > 0)
			waitpid(wk[w].pid, NULL, 0);
	}
	free(wk);
	if (wd.tok[0] >= 0) {
		close(wd.tok[0]);
		close(wd.tok[1]);
	}
	free(jobs);
	return rc;
}
