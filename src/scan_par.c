/* scan_par.c: This file contains the parallel scan of several sysroots
 * (`-j N`, see scan.h).
 *
 * The scanners hold the DB's write lock for their whole scan transaction, so
 * N writers on one DB would run one after the other. Instead N forked
 * workers take the scans one at a time over a pipe, each scan into a DB of
 * its own (a temp file beside the main DB, inside the dirs the process may
 * read), and the parent copies each finished scan's rows into the main DB in
 * one transaction of its own (db_merge()) while the workers keep parsing:
 * the writes stay serialized and the parsing runs on every core. A scan
 * whose inputs are unchanged is kept before any worker starts
 * (scan_cache.h), and the man pages the workers will read are parsed before
 * they fork (man_scan_warm()). */
#define _GNU_SOURCE
#include "classify.h"
#include "clangx.h"
#include "gen.h"
#include "man.h"
#include "report.h"
#include "scan.h"
#include "scan_cache.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <poll.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct job {
	const struct sysroot *sr;
	int64_t *id;
	pid_t pid;   /* 0 to scan, -1 kept; once given out, its worker's */
	int done;    /* finished, its DB waits to be copied */
	char *path;  /* the worker's DB */
};

static void remove_db(const char *path)
{
	static const char *const sfx[] = {"", "-wal", "-shm", "-journal"};
	for (size_t i = 0; i < ARRAY_SIZE(sfx); i++) {
		char *p = xasprintf("%s%s", path, sfx[i]);
		unlink(p);
		free(p);
	}
}

/* One job in a worker: one scan into its own DB, and for an audit its
 * verdicts and wrapper header (`cls`: the main DB has no kernel-tree scan,
 * whose entry points classify would consult, so the worker's DB classifies
 * alike). Returns the exit code, a failure's message in err_msg(). */
static int run_job(const struct job *j, const struct cli *c, int cls)
{
	struct db w = {0};
	int64_t id;
	remove_db(j->path);
	/* built in memory from the schema's image and written once, unsynced
	 * (a crash loses only the run), for the parent to read once */
	int rc = db_open(&w, j->path, DB_SCRATCH);
	/* nothing to roll back, nothing to sync (also on a file system
	 * without O_TMPFILE, where SQLite writes the file itself) */
	if (rc == 0)
		rc = db_exec(&w, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF");
	if (rc == 0)
		rc = scan_sysroot(&w, j->sr, c, &id);
	if (rc == 0 && cls) { /* and its wrapper header, made of nothing else */
		char *fp = scan_cache_fingerprint(c);
		rc = classify_scan(&w, id) < 0 || scan_cache_mark_classified(&w, id, fp) < 0 ||
				     gen_audit(&w, &id, 1, c->output ? c->output : "reports") < 0
			     ? -1 : 0;
		free(fp);
	}
	if (db_close(&w) < 0)
		rc = -1;
	fflush(NULL);
	return rc == 0 ? 0 : err_code() ? (int)err_code() : EXIT_INTERNAL;
}

/* A worker process: the jobs the parent sends on `cmd` (their indexes),
 * one after the other, each answered on `res` (err_send()). One
 * process runs several scans so that its heap stays warm: a process per
 * scan faulted in a fresh heap for every header parse (46 k page faults
 * for 9 sysroots, against 9 k in one process). */
static _Noreturn void worker(const struct job *jobs, int cmd, int res, const struct cli *c, int cls)
{
	size_t k;
	while (read(cmd, &k, sizeof(k)) == (ssize_t)sizeof(k)) {
		int sent = err_send(res, run_job(&jobs[k], c, cls));
		err_clear();
		if (sent < 0)
			break;
	}
	_exit(0);
}

/* For audit: job j's report dir, written as soon as its scan is in the main
 * DB, in target order, while the workers still parse (report_early()). A
 * kept scan whose verdicts audit will redo, or a failure, ends that: the
 * report step then writes the rest (and says the error). 1 to go on. */
static int write_early(struct db *db, const struct job *j, const struct cli *c, const char *fp)
{
	if ((!j->path && scan_cache_verdicts_current(db, *j->id, fp) != 1) ||
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
	int64_t trees = 1;
	if (rc == 0 && c->classify &&
	    db_query_int(db, "SELECT count(*) FROM scan WHERE kind = 'kernel-tree'", 0, &trees) < 0)
		rc = -1;
	int cls = c->classify && trees == 0;
	char *fp = cls ? scan_cache_fingerprint(c) : NULL;
	/* every job's paths before any fork: the workers see the array as it
	 * was when they were forked */
	size_t todo = 0;
	for (size_t i = 0; i < n; i++)
		if (jobs[i].pid == 0) {
			jobs[i].path = xasprintf("%s.job%zu.%ld", db->path, i + 1, (long)getpid());
			todo++;
		}
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
			worker(jobs, cp[0], rp[1], c, cls);
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
		for (; merged < n && rc == 0 && (jobs[merged].done || !jobs[merged].path); merged++) {
			if (jobs[merged].done) {
				rc = db_merge(db, jobs[merged].path, jobs[merged].id);
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
			/* no answer: the worker died in the job */
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
	for (size_t i = 0; i < n; i++)
		if (jobs[i].path) {
			remove_db(jobs[i].path);
			free(jobs[i].path);
		}
	free(jobs);
	return rc;
}
