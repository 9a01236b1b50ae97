/* cmd_usage.c: This file contains `syscov usage`: the demand scan of a
 * sysroot's programs and libraries (or of Debian packages fetched for it),
 * the demand report, and what one program needs (src/usage/,
 * docs/usage.md). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "usage/usage.h"

static const char help[] =
	"Usage: syscov usage [OPTIONS] [SYSROOT [PATH...]]\n"
	"       syscov usage --deb PKG[,PKG...] [OPTIONS]\n"
	"       syscov usage --report [OPTIONS]\n"
	"       syscov usage --need FILE [OPTIONS] [SYSROOT]\n"
	"       syscov usage --merge SHARD.db[,...] [OPTIONS]\n\n"
	"Scans the ELF programs and shared libraries of SYSROOT (default /): its\n"
	"bin, sbin and library dirs, or the PATHs given (inside it). Per file it\n"
	"records the libc functions imported (with symbol versions) and each syscall\n"
	"made by hand, with its address: syscall() called through the PLT with a\n"
	"constant number, a trap instruction with one, or 'indirect' when the\n"
	"number is not a constant on every path; each file is attributed to the\n"
	"Debian package whose dpkg list names it. A file unchanged since the last\n"
	"scan (size, mtime, device, inode) is not read again.\n\n"
	"Options:\n"
	"  --deb PKG,...    apt-get download these Debian packages into a temporary\n"
	"                   dir, unpack each (dpkg-deb -x), scan it, delete it; one\n"
	"                   whose files the DB holds already is not fetched again\n"
	"  --report         write the demand (DIR/usage.md, usage.json, usage.html)\n"
	"                   against a libc scan's verdicts and machine-code facts\n"
	"  --need FILE      the syscalls the scanned FILE (sysroot-relative) can reach\n"
	"  --merge DB,...   copy the usage rows of these DBs (shards scanned elsewhere)\n"
	"                   into --db, replacing its rows of the same files\n"
	"  --scan LABEL|ID  the libc scan to measure against (default: the newest\n"
	"                   sysroot scan of the host's ABI)\n"
	"  --format FMT     --report: md,json,html or all (default); --need: text or json\n"
	"  -o, --output DIR --report: where to write (default reports/usage)\n" CLI_COMMON_HELP;

enum { OPT_U_DEB = OPT_CMD_FIRST, OPT_U_REPORT, OPT_U_NEED, OPT_U_MERGE };

struct usage_cli {
	struct strv debs, shards;
	int report;
	const char *need;
};

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"deb", required_argument, NULL, OPT_U_DEB},
	{"report", no_argument, NULL, OPT_U_REPORT},
	{"need", required_argument, NULL, OPT_U_NEED},
	{"merge", required_argument, NULL, OPT_U_MERGE},
	{"scan", required_argument, NULL, OPT_SCAN},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"output", required_argument, NULL, 'o'},
	{0},
};

static int own_opt(int opt, const char *arg, void *ctx)
{
	struct usage_cli *u = ctx;
	if (opt == OPT_U_DEB)
		split_list(arg, &u->debs);
	else if (opt == OPT_U_REPORT)
		u->report = 1;
	else if (opt == OPT_U_NEED)
		u->need = arg;
	else if (opt == OPT_U_MERGE)
		split_list(arg, &u->shards);
	else
		return err_set(EXIT_USAGE, "unexpected option");
	return 0;
}

/* A root to read files under: the sysroot door without the libc's
 * classification (a package's files have no headers) */
static int open_root(struct sysroot *sr, const char *path)
{
	memset(sr, 0, sizeof(*sr));
	sr->root = realpath(path, NULL);
	if (!sr->root)
		return err_set(EXIT_INPUT, "%s: %s", path, strerror(errno));
	if (!sysroot_is_dir(sr, "/")) {
		sysroot_close(sr);
		return err_set(EXIT_INPUT, "%s: not a directory", path);
	}
	return 0;
}

static void say_stats(const char *what, const struct usage_stats *st, uint64_t ns)
{
	note("usage: %s: %zu files, %zu ELF programs and libraries (%zu read, %zu unchanged),"
	     " %.1f MB in %.2f s", what, st->files, st->elf, st->read, st->cached,
	     (double)st->bytes / 1e6, (double)ns / 1e9);
}

/* The one line of a tool's stderr that says why it failed: its first
 * error ("E: Unable to locate package x", apt's), else its last line. */
static const char *cause_line(char *err)
{
	char *last = NULL;
	for (char *l = strtok(err, "\n"); l; l = strtok(NULL, "\n")) {
		if (!strncmp(l, "E: ", 3))
			return l + 3;
		last = l;
	}
	return last;
}

/* Runs argv (no shell) in dir. Its stderr is read: passed on when it
 * succeeds; when it fails, its cause is the error's one line. */
static int run(const char *dir, char *const argv[])
{
	int p[2];
	if (pipe2(p, O_CLOEXEC) < 0)
		return err_set(EXIT_INTERNAL, "pipe: %s", strerror(errno));
	pid_t pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return err_set(EXIT_INTERNAL, "fork: %s", strerror(errno));
	}
	if (pid == 0) {
		if (chdir(dir) < 0 || dup2(p[1], 2) < 0 || !freopen("/dev/null", "w", stdout))
			_exit(127);
		execvp(argv[0], argv);
		fprintf(stderr, "%s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(p[1]);
	struct buf err = {0};
	char chunk[4096];
	ssize_t k;
	while ((k = read(p[0], chunk, sizeof(chunk))) != 0)
		if (k > 0)
			buf_add(&err, chunk, (size_t)k);
		else if (errno != EINTR)
			break;
	close(p[0]);
	buf_putc(&err, 0);
	int status, rc = 0;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			rc = err_set(EXIT_INTERNAL, "waitpid: %s", strerror(errno));
			break;
		}
	if (rc == 0 && (!WIFEXITED(status) || WEXITSTATUS(status))) {
		const char *why = cause_line(err.p);
		if (why)
			rc = err_set(EXIT_INPUT, "%s %s: %s", argv[0], argv[1], why);
		else
			rc = err_set(EXIT_INPUT, "%s %s: failed (exit %d)", argv[0], argv[1],
				     WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	} else if (rc == 0) {
		fputs(err.p, stderr);
	}
	buf_free(&err);
	return rc;
}

/* Whether the DB holds files of the package already, read by this syscov
 * binary (a run stopped and started again goes on where it was) */
static int deb_done(struct db *db, const char *pkg, int *done)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT 1 FROM usage_file WHERE root = 'deb:' || ?1 AND engine = ?2"
			    " LIMIT 1") < 0)
		return -1;
	db_bind_text(st, 1, pkg);
	sqlite3_bind_int64(st, 2, self_exe_id());
	*done = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return 0;
}

/* --deb: one package at a time, so the disk holds one unpacked package */
static int scan_debs(struct db *db, const struct strv *debs)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	int rc = 0;
	for (size_t i = 0; i < debs->n && rc == 0; i++) {
		int done;
		if (deb_done(db, debs->v[i], &done) < 0)
			return -1;
		if (done) {
			note("usage: %s: in the DB already, not fetched again", debs->v[i]);
			continue;
		}
		char *dir = xasprintf("%s/syscov-deb.XXXXXX", tmp);
		if (!mkdtemp(dir)) {
			rc = err_set(EXIT_OUTPUT, "%s: %s", dir, strerror(errno));
			free(dir);
			break;
		}
		char *pkg = debs->v[i];
		/* as root, apt-get downloads as _apt, who cannot write the 0700
		 * dir: it says so for every package ("unsandboxed") and then
		 * downloads as root anyway; naming root the sandbox user
		 * (apt.conf(5)) is the same download, unsaid */
		char *dl[] = {"apt-get", "download", "-q", "-o", "APT::Sandbox::User=root", pkg, NULL};
		if (geteuid() != 0)
			dl[3] = pkg, dl[4] = NULL;
		uint64_t t0 = now_ns();
		int r = run(dir, dl);
		DIR *d = r == 0 ? opendir(dir) : NULL;
		struct dirent *de;
		char *deb = NULL;
		while (d && (de = readdir(d)))
			if (str_ends(de->d_name, ".deb"))
				deb = xasprintf("%s/%s", dir, de->d_name);
		if (d)
			closedir(d);
		char *root = xasprintf("%s/root", dir);
		char *x[] = {"dpkg-deb", "-x", deb ? deb : "", root, NULL};
		if (r == 0 && deb)
			r = run(dir, x);
		if (r == 0 && deb) {
			struct sysroot sr;
			struct strv none = {0};
			char *label = xasprintf("deb:%s", pkg); /* two packages may ship one path */
			struct usage_opts o = {label, pkg, 1};
			struct usage_stats st;
			r = open_root(&sr, root);
			/* the package's own files: every dir of it */
			strv_push(&none, "/");
			if (r == 0)
				r = usage_scan(db, &sr, &none, &o, &st);
			if (r == 0)
				say_stats(pkg, &st, now_ns() - t0);
			strv_free(&none);
			free(label);
			sysroot_close(&sr);
		} else if (r == 0) {
			r = err_set(EXIT_INPUT, "%s: apt-get download left no .deb", pkg);
		}
		if (r < 0) {
			/* one package that cannot be fetched does not stop the others */
			note("usage: %s: %s", pkg, err_msg());
			err_clear();
		}
		char *rm[] = {"rm", "-rf", dir, NULL};
		if (run("/", rm) < 0)
			rc = -1;
		free(root);
		free(deb);
		free(dir);
	}
	return rc;
}

static int default_scan(struct db *db, const char *sel, int64_t *id)
{
	if (sel)
		return cli_scan_id(db, sel, id);
	const struct arch_desc *h = arch_host();
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT id FROM scan WHERE kind = 'sysroot' AND arch = ?1"
				" AND EXISTS (SELECT 1 FROM verdict v WHERE v.scan_id = scan.id)"
				" ORDER BY (sysroot = '/') DESC, id DESC LIMIT 1") < 0)
		return -1;
	db_bind_text(st, 1, h->name);
	int found = sqlite3_step(st) == SQLITE_ROW;
	if (found)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (!found)
		return err_set(EXIT_INPUT, "%s: no classified sysroot scan of %s to measure against"
					   " (run syscov audit /, or give --scan)", db->path, h->name);
	return 0;
}

static int parse_formats(const char *s, int *fmt)
{
	struct strv sv = {0};
	split_list(s, &sv);
	*fmt = 0;
	int rc = 0;
	for (size_t i = 0; i < sv.n && rc == 0; i++) {
		if (!strcmp(sv.v[i], "md"))
			*fmt |= USAGE_MD;
		else if (!strcmp(sv.v[i], "json"))
			*fmt |= USAGE_JSON;
		else if (!strcmp(sv.v[i], "html"))
			*fmt |= USAGE_HTML;
		else if (!strcmp(sv.v[i], "all"))
			*fmt |= USAGE_MD | USAGE_JSON | USAGE_HTML;
		else
			rc = err_set(EXIT_USAGE, "--format %s: the report is md, json, html or all", sv.v[i]);
	}
	strv_free(&sv);
	return rc;
}

int cmd_usage(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	struct usage_cli u = {0};
	int rc = cli_parse(&c, argc, argv, "qvo:", opts, help, own_opt, &u);
	if (rc == 1) {
		cli_free(&c);
		return 0;
	}
	if (rc == 0 && (u.report + !!u.need + !!u.debs.n + !!u.shards.n) > 1)
		rc = err_set(EXIT_USAGE, "--report, --need, --deb and --merge exclude each other");
	if (rc == 0 && (u.report || u.debs.n || u.shards.n) && c.args.n)
		rc = err_set(EXIT_USAGE, "--report, --deb and --merge take no SYSROOT (see --help)");
	/* a scan writes a new DB on disk at once, not built in memory to be
	 * written at the end: its commits every few hundred files then keep
	 * what was read, and the memory stays flat */
	if (rc == 0 && !u.report && !u.need && access(cli_db(&c), F_OK) < 0 &&
	    (db_open(&db, cli_db(&c), DB_CREATE) < 0 || db_close(&db) < 0))
		rc = -1;
	if (rc == 0)
		rc = db_open(&db, cli_db(&c), u.report || u.need ? DB_OPEN : DB_CREATE);
	if (rc == 0 && u.report) {
		int fmt = USAGE_MD | USAGE_JSON | USAGE_HTML;
		int64_t id;
		if (c.format)
			rc = parse_formats(c.format, &fmt);
		if (rc == 0)
			rc = default_scan(&db, c.scan, &id);
		if (rc == 0)
			rc = usage_report(&db, id, c.output ? c.output : "reports/usage", fmt, stdout);
	} else if (rc == 0 && u.need) {
		int64_t id;
		const char *fmt = c.format ? c.format : "text";
		if (strcmp(fmt, "text") && strcmp(fmt, "json"))
			rc = err_set(EXIT_USAGE, "--format %s: --need prints text or json", fmt);
		if (rc == 0)
			rc = default_scan(&db, c.scan, &id);
		if (rc == 0)
			rc = usage_need(&db, id, u.need, !strcmp(fmt, "json"), stdout);
	} else if (rc == 0 && u.debs.n) {
		rc = scan_debs(&db, &u.debs);
	} else if (rc == 0 && u.shards.n) {
		for (size_t i = 0; i < u.shards.n && rc == 0; i++) {
			int64_t n = 0;
			uint64_t t0 = now_ns();
			rc = usage_merge(&db, u.shards.v[i], &n);
			if (rc == 0)
				note("usage: merged %s: %lld files in %.2f s", u.shards.v[i], (long long)n,
				     (double)(now_ns() - t0) / 1e9);
		}
	} else if (rc == 0) {
		struct sysroot sr;
		struct strv paths = {0};
		const char *root = c.args.n ? c.args.v[0] : "/";
		for (size_t i = 1; i < c.args.n; i++)
			strv_push(&paths, c.args.v[i]);
		rc = open_root(&sr, root);
		if (rc == 0) {
			struct usage_opts o = {sr.root, NULL, 0};
			struct usage_stats st;
			uint64_t t0 = now_ns();
			rc = usage_scan(&db, &sr, &paths, &o, &st);
			if (rc == 0)
				say_stats(sr.root, &st, now_ns() - t0);
			sysroot_close(&sr);
		}
		strv_free(&paths);
	}
	if (db_close(&db) < 0)
		rc = -1;
	strv_free(&u.debs);
	strv_free(&u.shards);
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}
