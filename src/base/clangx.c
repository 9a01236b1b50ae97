/* clangx.c: libclang set-up shared by the C-parsing scanners (see clangx.h).
 *
 * A parse of a sysroot's headers is first tried in a forked child, where it
 * can be stopped: a deadline and an address-space limit (RLIMIT_AS) bound
 * it, and its stderr (LLVM's "out of memory", a crash's stack dump) comes
 * back through a pipe for the message. Inputs once hung it for ever (a FIFO
 * reached by a relative #include, `#pragma clang __debug overflow_stack`),
 * drove it to an LLVM out-of-memory abort (26 nested doubling #defines in a
 * 1 KB header: 3.2 GB) or crashed the process (`__debug crash`). Only a
 * parse the child finished is run again in the process, whose TU the
 * scanners then read: libclang's TU cannot cross a process boundary, and
 * the scanners' reads of it (cursors, types, diagnostics, file contents)
 * are too many to pass back. The cost is the parse once more (~0.35 s for
 * a glibc sysroot); the host's own headers (a scan of / with its default
 * dirs, the system's, as check_include_dirs() trusts them) skip the trial. */
#define _GNU_SOURCE
#include "base/clangx.h"
#include "base/confine.h"
#include "base/dirwalk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The bounds of one parse, for its trial in a child (docs/hardening.md):
 * the glibc + UAPI header TU of a Debian sysroot parses in ~0.35 s and
 * ~100 MB here; 120 s leaves a slow or emulated machine ~300 times that,
 * and 1 GiB of address space above the forked process's ~10 times. */
#define PARSE_SECONDS 120
#define PARSE_MIB 1024

#if defined(__SANITIZE_ADDRESS__)
#define ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN 1
#endif
#endif

#ifndef SYSCOV_CLANG_RESOURCE_DIR
#error "SYSCOV_CLANG_RESOURCE_DIR must be set by the build"
#endif

const char *clangx_resource_dir(void)
{
	const char *e = getenv("SYSCOV_CLANG_RESOURCE_DIR");
	return e && *e ? e : SYSCOV_CLANG_RESOURCE_DIR;
}

void clangx_args(struct strv *argv, const struct sysroot *sr, const struct arch_desc *arch)
{
	strv_push(argv, "-target");
	strv_push(argv, arch->clang_parse_triple ? arch->clang_parse_triple : arch->clang_triple);
	strv_push(argv, "-nostdinc");
	strv_push(argv, "-std=gnu11");
	strv_push(argv, "-D_GNU_SOURCE");
	strv_push(argv, "-isystem");
	strv_push_own(argv, xasprintf("%s/include", clangx_resource_dir()));
	for (size_t i = 0; i < sr->inc_host.n; i++) {
		strv_push(argv, "-isystem");
		strv_push(argv, sr->inc_host.v[i]);
	}
}

struct parse {
	CXIndex idx;
	const char *name;
	const struct strv *args;
	struct CXUnsavedFile uf;
	unsigned options;
	CXTranslationUnit tu;
	enum CXErrorCode rc;
};

int clangx_trusted(const struct sysroot *sr)
{
	return !strcmp(sr->root, "/") && sr->layout != LAYOUT_SPLIT;
}

/* Whether the parse is tried in a child first. ASan's allocator is not
 * fork-safe while another thread allocates (the machine-code pass runs
 * beside the header scan): a forked child can hang in malloc, as
 * code_diet's did under ASan only. There the trial runs only where a bound
 * is asked for (the hostile-input tests). */
static int trial_wanted(const struct sysroot *sr)
{
	if (clangx_trusted(sr))
		return 0;
#ifdef ASAN
	return getenv("SYSCOV_PARSE_SECONDS") || getenv("SYSCOV_PARSE_MIB");
#else
	return 1;
#endif
}

/* A bound from the environment (SYSCOV_PARSE_SECONDS, SYSCOV_PARSE_MIB: the
 * tests', and a slow machine's), else `def`. */
static long env_bound(const char *name, long def)
{
	const char *e = getenv(name);
	char *end;
	long v = e && *e ? strtol(e, &end, 10) : 0;
	return e && *e && !*end && v > 0 && v <= 1000000 ? v : def;
}

/* The first special file (FIFO, device, socket) in the sysroot, for the
 * message of a parse that did not end: an #include of one waits on it. */
struct special {
	const char *root;
	char *found;
};

static int special_visit(void *arg, int dirfd, const char *rel, const char *name,
			 unsigned char type)
{
	struct special *sp = arg;
	(void)dirfd;
	if (type == DT_DIR)
		return strcmp(name, "proc") && strcmp(name, "sys") && strcmp(name, "dev");
	if (type != DT_FIFO && type != DT_CHR && type != DT_BLK && type != DT_SOCK)
		return 0;
	sp->found = xasprintf("%s%s/%s is a %s", sp->root, rel, name,
			      type == DT_FIFO ? "FIFO" : type == DT_SOCK ? "socket" : "device");
	return -1;
}

/* The line of the child's stderr worth quoting: one naming a place in a
 * file of the sysroot ("<root>/usr/include/x.h:3:15: ..."), else LLVM's
 * own ("LLVM ERROR: out of memory"); NULL if none (a crash report's dump
 * of the arguments says nothing of the input). Control bytes become '?'. */
static char *quote_line(const char *out, const char *root)
{
	const char *pick = NULL, *llvm = NULL;
	size_t rn = strlen(root);
	for (const char *l = out; *l && !pick;) {
		size_t n = strcspn(l, "\n");
		const char *t = l + strspn(l, " \t0123456789."); /* "2.\t" of a stack dump */
		const char *colon = !strncmp(t, root, rn) ? memchr(t + rn, ':', n - (size_t)(t - l)) : NULL;
		if (strcmp(root, "/") && colon && colon[1] >= '1' && colon[1] <= '9')
			pick = t;
		if (!llvm && memmem(l, n, "LLVM ERROR", 10))
			llvm = l;
		l += n + (l[n] == '\n');
	}
	const char *l = pick ? pick : llvm;
	if (!l)
		return NULL;
	size_t n = strcspn(l, "\n");
	char *q = xstrndup(l, n > 300 ? 300 : n);
	for (char *p = q; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return q;
}

static void parse(void *arg)
{
	struct parse *p = arg;
	p->rc = clang_parseTranslationUnit2(p->idx, p->name, (const char *const *)p->args->v,
					    (int)p->args->n, &p->uf, 1, p->options, &p->tu);
}

/* The child: the parse under RLIMIT_AS, its result the exit status (0, or
 * 10 + the libclang error). */
static void trial_child(struct parse *p, int err_fd, long mib)
{
	dup2(err_fd, 2);
#ifdef ASAN /* ASan reserves terabytes of shadow: the deadline alone */
	(void)mib;
#else
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long pages = 0;
	if (f && fscanf(f, "%lu", &pages) == 1) {
		rlim_t lim = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + ((rlim_t)mib << 20);
		setrlimit(RLIMIT_AS, &(struct rlimit){lim, lim});
	}
	if (f)
		fclose(f);
#endif
	if (confine_parse(parse, p) < 0)
		_exit(9);
	_exit(p->rc == CXError_Success && p->tu ? 0 : 10 + (int)p->rc);
}

/* Tries the parse in a child; 0 if it ended well, else -1 with err_set()
 * naming the sysroot and the bound or the cause. */
static int trial(struct parse *p, const struct sysroot *sr)
{
	long secs = env_bound("SYSCOV_PARSE_SECONDS", PARSE_SECONDS);
	long mib = env_bound("SYSCOV_PARSE_MIB", PARSE_MIB);
	int fds[2];
	if (clangx_load() < 0)
		return -1; /* the loader thread joined: no fork amid a dlopen() */
	if (pipe2(fds, O_CLOEXEC) < 0)
		return err_set(EXIT_INTERNAL, "pipe: %s", strerror(errno));
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return err_set(EXIT_INTERNAL, "fork: %s", strerror(errno));
	}
	if (pid == 0)
		trial_child(p, fds[1], mib);
	close(fds[1]);
	struct buf out = {0};
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int status = 0, timed_out = 0, open_pipe = 1;
	for (;;) {
		struct timespec now;
		clock_gettime(CLOCK_MONOTONIC, &now);
		long left = secs * 1000 - ((now.tv_sec - t0.tv_sec) * 1000 +
					   (now.tv_nsec - t0.tv_nsec) / 1000000);
		pid_t w = waitpid(pid, &status, WNOHANG);
		if (w == pid)
			break;
		if (left <= 0) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			timed_out = 1;
			break;
		}
		/* the pipe tells the child's output and its end; once it is
		 * closed, the exit is polled */
		struct pollfd pf = {fds[0], POLLIN, 0};
		int r = open_pipe ? poll(&pf, 1, (int)(left < 1000 ? left : 1000)) : 0;
		if (r > 0) {
			char tmp[4096];
			ssize_t n = read(fds[0], tmp, sizeof(tmp));
			if (n > 0 && out.len < 16384)
				buf_add(&out, tmp, (size_t)n);
			if (n == 0)
				open_pipe = 0;
		} else if (!open_pipe) {
			nanosleep(&(struct timespec){0, 5000000}, NULL);
		}
	}
	close(fds[0]);
	buf_grow(&out, 0);
	int rc = 0;
	char *q = quote_line(out.p ? out.p : "", sr->root);
	char *said = q ? xasprintf(": %s", q) : xstrdup("");
	if (timed_out) {
		struct special sp = {strcmp(sr->root, "/") ? sr->root : "", NULL};
		dirwalk(sr->root, "", special_visit, &sp);
		err_clear();
		rc = err_set(EXIT_INPUT, "%s: parsing its headers ran over the %ld s bound: stopped (%s)",
			     sr->root, secs, sp.found ? sp.found : "a FIFO or device reached by an "
				     "#include, or a runaway header");
		free(sp.found);
	} else if (q && strstr(q, "out of memory")) {
		/* LLVM's abort, caught by libclang's crash recovery (a crash) */
		rc = err_set(EXIT_INPUT, "%s: parsing its headers ran over the %ld MiB memory bound:"
					 " stopped (%s)", sr->root, mib, q);
	} else if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);
		/* LLVM aborts when an allocation fails; the kernel's OOM killer
		 * sends SIGKILL */
		char *bound = sig == SIGABRT || sig == SIGSEGV || sig == SIGKILL
				      ? xasprintf(" (its memory bound is %ld MiB)", mib) : xstrdup("");
		rc = err_set(EXIT_INPUT, "%s: libclang died of signal %d (%s) parsing its headers%s%s",
			     sr->root, sig, strsignal(sig), bound, said);
		free(bound);
	} else if (WEXITSTATUS(status) != 0) {
		int code = WEXITSTATUS(status) - 10;
		rc = err_set(EXIT_INPUT, "%s: libclang %s parsing its headers%s", sr->root,
			     code == CXError_Crashed ? "crashed" : "failed",
			     *said ? said : " (a `#pragma clang __debug` in a header, or a libclang bug)");
	}
	free(said);
	free(q);
	buf_free(&out);
	return rc;
}

CXTranslationUnit clangx_parse(CXIndex idx, const struct sysroot *sr, const char *name,
			       const char *source, const struct strv *args, unsigned options)
{
	struct parse p = {.idx = idx, .name = name, .args = args, .options = options,
			  .uf = {.Filename = name, .Contents = source,
				 .Length = (unsigned long)strlen(source)},
			  .rc = CXError_Failure};
	if (trial_wanted(sr) && trial(&p, sr) < 0)
		return NULL;
	/* its reads confined to the sysroots and clang's own dir (confine.h) */
	if (confine_parse(parse, &p) < 0)
		return NULL;
	CXTranslationUnit tu = p.tu;
	enum CXErrorCode rc = p.rc;
	if (rc != CXError_Success || !tu) {
		err_set(EXIT_INTERNAL, "%s: libclang could not parse its headers (error %d)", sr->root,
			(int)rc);
		return NULL;
	}
	return tu;
}

char *clangx_str(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = xstrdup(c ? c : "");
	clang_disposeString(s);
	return r;
}
