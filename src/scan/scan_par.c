/* scan_par.c: This file contains the parallel scan of several sysroots
 * (`-j N`, see scan.h).
 *
 * The scanners hold the DB's write lock for their whole scan transaction, so
 * N writers on one DB would run one after the other. Instead the parent and
 * N-1 forked workers take the scans one at a time from a counter they
 * share. The parent scans straight into the main DB; a worker scans into a
 * DB of its own (a temp file beside the main DB, inside the dirs the process
 * may read), whose rows the parent copies into the main DB in a transaction
 * of its own (db_merge()) between its own scans: the writes stay serialized,
 * the parsing runs on every core, and only the workers' scans are copied (a
 * copy costs ~16 ms, a scan ~110). Scan ids are reserved in target order, so
 * that they do not depend on timing. A scan whose inputs are unchanged is
 * kept before any worker starts (scan_cache.h), and the man pages the scans
 * will read are parsed before the fork (man_scan_warm()). */
#define _GNU_SOURCE
#include "base/clangx.h"
#include "man/man.h"
#include "scan/scan.h"
#include "scan/scan_cache.h"

#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

struct job {
	const struct sysroot *sr;
	int64_t *id;  /* in: its reserved id; out: its scan's */
	int kept;     /* its stored scan is kept: nothing to do */
	int done;     /* a worker's scan, done in its DB: to be copied */
	int in_db;    /* in the main DB: kept, scanned there or copied */
	int skipped;  /* its scan failed on its input and the run goes on */
	char *path;   /* a worker's DB */
};

/* What the parent and the workers share (a MAP_SHARED page): the next scan
 * to take, an index into the list of those to scan; and a stop flag. */
struct shared {
	atomic_size_t next;
	atomic_int stop;
};

/* The next job to scan, from the shared counter; -1 when none is left or
 * the run stops. */
static long take(struct shared *sh, const size_t *todo, size_t ntodo)
{
	if (atomic_load(&sh->stop))
		return -1;
	size_t k = atomic_fetch_add(&sh->next, 1);
	return k < ntodo ? (long)todo[k] : -1;
}

static void remove_db(const char *path)
{
	static const char *const sfx[] = {"", "-wal", "-shm", "-journal"};
	for (size_t i = 0; i < ARRAY_SIZE(sfx); i++) {
		char *p = xasprintf("%s%s", path, sfx[i]);
		unlink(p);
		free(p);
	}
}

/* Removes the worker DBs (<db>.job<N>.<pid>, and their -wal, -shm or
 * -journal) of runs that are gone: a run SIGKILLed in the middle leaves
 * them, as its workers end without a word; later runs never cleaned them. */
static void remove_stale_dbs(const char *db)
{
	char *dir = xstrdup(db), *slash = strrchr(dir, '/');
	const char *base = slash ? db + (slash - dir) + 1 : db;
	if (slash)
		slash[slash == dir] = 0; /* "/db" -> "/" */
	DIR *d = opendir(slash ? dir : ".");
	size_t n = strlen(base);
	for (struct dirent *e; d && (e = readdir(d));) {
		const char *s = e->d_name + n;
		if (strncmp(e->d_name, base, n) || strncmp(s, ".job", 4))
			continue;
		s += 4 + strspn(s + 4, "0123456789");
		char *end;
		long pid = *s == '.' && s[1] >= '1' && s[1] <= '9' ? strtol(s + 1, &end, 10) : 0;
		if (pid <= 0 || (*end && strcmp(end, "-wal") && strcmp(end, "-shm") &&
				 strcmp(end, "-journal")))
			continue;
		if (pid != getpid() && kill((pid_t)pid, 0) < 0 && errno == ESRCH &&
		    unlinkat(dirfd(d), e->d_name, 0) == 0)
			debug("removed %s, a worker DB of a run that is gone", e->d_name);
	}
	if (d)
		closedir(d);
	free(dir);
}

/* One scan into db, and for an audit (hooks set) what hooks->after()
 * makes of it, in the same DB. *id: in, the id to take; out, the scan's. */
static int scan_job(struct db *db, const struct job *j, const struct scan_opts *o,
		    const struct scan_hooks *hooks, int64_t *id)
{
	int rc = scan_sysroot(db, j->sr, o, id);
	if (rc < 0 || !hooks)
		return rc;
	rc = hooks->after(db, *id, hooks->ctx);
	/* a concurrent audit of the same target replaced the scan meanwhile:
	 * audit's steps follow the new one (a scan that failed is no such
	 * case: it was taken for one, and the -j2 audit went on with the id
	 * of a scan rolled back, "no scan 4") */
	if (rc < 0) {
		char *q = xasprintf("SELECT count(*) FROM scan WHERE id = %lld", (long long)*id);
		int64_t left = 1;
		if (db_query_int(db, q, 1, &left) == 0 && !left) {
			err_clear();
			rc = 0;
		}
		free(q);
	}
	return rc;
}

/* Job j's scan failed (the error in err_msg()): the run's rc, 0 when skip
 * takes an input's failure (a worker's or the parent's scan alike: one
 * sysroot's __debug crash stopped the -j2 audit of the others). */
static int job_failed(struct job *j, scan_skip_fn *skip)
{
	if (err_code() != EXIT_INPUT || !skip || !skip(j->sr->root))
		return -1;
	j->skipped = 1;
	*j->id = 0;
	return 0;
}

/* Job j's scan is in the main DB (with what hooks->after() made). */
static void landed(struct job *j, const struct scan_hooks *hooks)
{
	j->in_db = 1;
	if (hooks)
		hooks->landed(*j->id, hooks->ctx);
}

/* One job in a worker: its scan into a DB of its own. Returns the exit
 * code, a failure's message in err_msg(). */
static int run_job(const struct job *j, const struct scan_opts *o, const struct scan_hooks *hooks)
{
	struct db w = {0};
	int64_t id = 0;
	remove_db(j->path);
	/* built in memory from the schema's image and written once, unsynced
	 * (a crash loses only the run), for the parent to read once */
	int rc = db_open(&w, j->path, DB_SCRATCH);
	/* nothing to roll back, nothing to sync (also on a file system
	 * without O_TMPFILE, where SQLite writes the file itself) */
	if (rc == 0)
		rc = db_exec(&w, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF");
	if (rc == 0)
		rc = scan_job(&w, j, o, hooks, &id);
	if (db_close(&w) < 0)
		rc = -1;
	fflush(NULL);
	return rc == 0 ? 0 : err_code() ? (int)err_code() : EXIT_INTERNAL;
}

/* A worker process: takes jobs until none is left; for each, says which on
 * `res`, then its outcome (err_send()). One process runs several scans so
 * that its heap stays warm: a process per scan faulted in a fresh heap for
 * every header parse (46 k page faults for 9 sysroots, against 9 k in one
 * process). */
static _Noreturn void worker(const struct job *jobs, struct shared *sh, const size_t *todo,
			     size_t ntodo, int res, const struct scan_opts *o,
			     const struct scan_hooks *hooks)
{
	long k;
	while ((k = take(sh, todo, ntodo)) >= 0) {
		if (write_full(res, &k, sizeof(k)) < 0)
			break;
		int sent = err_send(res, run_job(&jobs[k], o, hooks));
		err_clear();
		if (sent < 0)
			break;
	}
	_exit(0);
}

/* Copies job j's scan, a worker's done one, into the main DB: also after
 * the run has failed (rc < 0), so that no scan said done is lost; a
 * failure then leaves the first one's message. Returns the run's rc. */
static int merge_job(struct db *db, struct job *j, const struct scan_hooks *hooks, int rc)
{
	char *first = rc < 0 ? xstrdup(err_msg()) : NULL;
	enum exit_code code = err_code();
	int m = db_merge(db, j->path, j->id);
	j->done = 0; /* copied, or failed: not again */
	if (m == 0)
		landed(j, hooks);
	if (first)
		err_set(code, "%s", first);
	free(first);
	return m < 0 ? -1 : rc;
}

/* The parent's side of a worker. */
struct wk {
	pid_t pid;
	int res;  /* -1 once closed */
	long job; /* the job it said it runs, -1 between jobs */
};

/* Reads what worker w said: which job it takes, or that job's outcome, or
 * end of file (done, or dead in a job). Returns -1 on the run's failure. */
static int hear(struct wk *w, struct job *jobs, scan_skip_fn *skip, int rc)
{
	if (w->job < 0) {
		long k;
		if (read(w->res, &k, sizeof(k)) == (ssize_t)sizeof(k)) {
			w->job = k;
			return rc;
		}
	} else {
		int code;
		struct job *j = &jobs[w->job];
		if (err_recv(w->res, &code, rc == 0)) {
			w->job = -1;
			j->done = !code;
			return !code ? rc : rc == 0 ? job_failed(j, skip) : -1;
		}
	}
	/* end of file: between jobs, it is done; in one, it died there */
	int status = 0;
	waitpid(w->pid, &status, 0);
	w->pid = -1;
	close(w->res);
	w->res = -1;
	if (w->job >= 0 && rc == 0)
		rc = err_set(EXIT_INTERNAL, "%s: scan worker died (status %d)", jobs[w->job].sr->root,
			     status);
	return w->job >= 0 ? -1 : rc;
}

int scan_sysroots_parallel(struct db *db, const struct sysroot *const *srs, const int64_t *kept,
			   size_t n, const struct scan_opts *o, int workers,
			   const struct scan_hooks *hooks, scan_skip_fn *skip, int64_t *ids)
{
	struct job *jobs = xcalloc(n + 1, sizeof(*jobs));
	size_t *todo = xcalloc(n + 1, sizeof(*todo)), ntodo = 0;
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		jobs[i].sr = srs[i];
		jobs[i].id = &ids[i];
		int k = 1;
		if (kept[i])
			ids[i] = kept[i];
		else
			k = scan_sysroot_kept(db, srs[i], o, &ids[i], 1);
		if (k < 0)
			rc = -1;
		jobs[i].kept = jobs[i].in_db = k > 0;
		if (!k)
			todo[ntodo++] = i;
	}
	/* the ids the new scans take, in target order (one a concurrent run
	 * took first is not taken: that scan gets the next free one) */
	int64_t base = 0;
	if (rc == 0 && ntodo && db_query_int(db, "SELECT max(id) FROM scan", 0, &base) < 0)
		rc = -1;
	for (size_t k = 0; k < ntodo; k++)
		*jobs[todo[k]].id = base + 1 + (int64_t)k;
	/* the workers inherit the parsed man pages: sysroots sharing pages
	 * (cross prefixes fall back to the host's) parse them once */
	if (ntodo && rc == 0)
		clangx_preload(); /* overlaps the man pages' parse */
	for (size_t k = 0; k < ntodo && rc == 0; k++)
		man_scan_warm(jobs[todo[k]].sr, o);
	/* the workers inherit libclang loaded once; and no fork() while the
	 * loader thread may hold the dynamic loader's lock */
	if (rc == 0 && ntodo && clangx_load() < 0)
		rc = -1;
	remove_stale_dbs(db->path);
	/* every job's paths before any fork: the workers see the array as it
	 * was when they were forked */
	for (size_t k = 0; k < ntodo; k++)
		jobs[todo[k]].path = xasprintf("%s.job%zu.%ld", db->path, todo[k] + 1, (long)getpid());
	struct shared *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		sh = NULL;
		if (rc == 0)
			rc = err_set(EXIT_INTERNAL, "mmap: %s", strerror(errno));
	} else {
		atomic_init(&sh->next, 0);
		atomic_init(&sh->stop, rc < 0);
	}
	/* the parent is one of the N */
	size_t nw = ntodo < (size_t)workers ? ntodo : (size_t)workers;
	nw = nw ? nw - 1 : 0;
	/* with every scan kept, the outputs may be current (out_cache.h) */
	int early = hooks && ntodo;
	struct wk *wk = xcalloc(nw + 1, sizeof(*wk));
	for (size_t w = 0; w < nw; w++) /* a slot a failed fork leaves is closed */
		wk[w] = (struct wk){.pid = -1, .res = -1, .job = -1};
	fflush(NULL);
	for (size_t w = 0; w < nw && rc == 0; w++) {
		int rp[2];
		if (pipe(rp) < 0) {
			rc = err_set(EXIT_INTERNAL, "pipe: %s", strerror(errno));
			break;
		}
		pid_t p = fork();
		if (p == 0) {
			/* the other workers' pipe ends would hide their deaths */
			for (size_t o = 0; o < w; o++)
				close(wk[o].res);
			close(rp[0]);
			worker(jobs, sh, todo, ntodo, rp[1], o, hooks);
		}
		close(rp[1]);
		if (p < 0) {
			close(rp[0]);
			rc = err_set(EXIT_INTERNAL, "fork: %s", strerror(errno));
			break;
		}
		wk[w] = (struct wk){.pid = p, .res = rp[0], .job = -1};
	}
	struct pollfd *pf = xcalloc(nw + 1, sizeof(*pf));
	size_t front = 0; /* the next job whose report waits for its scan */
	int wait = 0; /* for a worker: the parent has nothing else to do */
	for (;;) {
		if (rc < 0 && sh)
			atomic_store(&sh->stop, 1);
		/* everything the workers said so far, before anything else: a
		 * finished scan waits for no scan of the parent's */
		size_t open = 0;
		for (size_t w = 0; w < nw; w++) {
			pf[w] = (struct pollfd){.fd = wk[w].res, .events = POLLIN};
			open += wk[w].res >= 0;
		}
		int pr = open ? poll(pf, nw, wait ? -1 : 0) : 0;
		if (pr < 0 && errno != EINTR) { /* the cleanup below ends the workers */
			if (rc == 0)
				rc = err_set(EXIT_INTERNAL, "poll: %s", strerror(errno));
			break;
		}
		for (size_t w = 0; w < nw && pr > 0; w++)
			if (pf[w].revents)
				rc = hear(&wk[w], jobs, skip, rc);
		wait = 0;
		if (pr != 0)
			continue;
		/* the workers' finished scans into the main DB, then one of
		 * the parent's own */
		for (size_t k = 0; k < ntodo; k++) {
			struct job *j = &jobs[todo[k]];
			if (j->done && !j->in_db)
				rc = merge_job(db, j, hooks, rc);
		}
		for (; front < n && rc == 0 && (jobs[front].in_db || jobs[front].skipped); front++)
			if (early && jobs[front].in_db)
				early = hooks->in_order(db, *jobs[front].id, jobs[front].kept, hooks->ctx);
		long mine = rc == 0 && sh ? take(sh, todo, ntodo) : -1;
		if (mine >= 0) {
			if (scan_job(db, &jobs[mine], o, hooks, jobs[mine].id) == 0)
				landed(&jobs[mine], hooks);
			else
				rc = job_failed(&jobs[mine], skip);
		} else if (!open)
			break;
		else
			wait = 1;
	}
	/* a worker that died after taking a job, before saying which */
	for (size_t k = 0; k < ntodo && rc == 0; k++)
		if (!jobs[todo[k]].in_db && !jobs[todo[k]].skipped)
			rc = err_set(EXIT_INTERNAL, "%s: scan worker died", jobs[todo[k]].sr->root);
	free(pf);
	if (rc < 0 && hooks)
		hooks->failed(hooks->ctx);
	for (size_t w = 0; w < nw; w++) {
		if (wk[w].res >= 0)
			close(wk[w].res);
		if (wk[w].pid > 0)
			waitpid(wk[w].pid, NULL, 0);
	}
	free(wk);
	if (sh)
		munmap(sh, sizeof(*sh));
	for (size_t i = 0; i < n; i++)
		if (jobs[i].path) {
			remove_db(jobs[i].path);
			free(jobs[i].path);
		}
	free(jobs);
	free(todo);
	return rc;
}
