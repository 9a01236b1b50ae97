/* confine.c: Landlock restriction of the process's file reads (see confine.h). */
#define _GNU_SOURCE
#include "base/confine.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/datafile.h"

void confine_tool_needs(struct strv *allow)
{
	const char *e = getenv("SYSCOV_DATA_DIR");
	if (e && *e)
		strv_push(allow, e);
	char *rel = datafile_exe_dir(); /* a relocated install's data */
	if (rel)
		strv_push_own(allow, rel);
#ifdef SYSCOV_DATA_DIR
	strv_push(allow, SYSCOV_DATA_DIR);
#endif
#ifdef SYSCOV_SOURCE_DIR
	strv_push(allow, SYSCOV_SOURCE_DIR "/data");
#endif
	strv_push(allow, "/usr/share/man"); /* host fallback pages and their .so targets */
	strv_push(allow, "/proc");
	/* not all of /dev: a header's #include "/dev/tty" would wait on the
	 * terminal */
	strv_push(allow, "/dev/null");
	strv_push(allow, "/dev/urandom");
	/* not /tmp: a sysroot there could reach its neighbours through
	 * libclang's "../" includes; SQLite keeps its temp files in memory */
}

#ifdef SYS_landlock_create_ruleset
/* A ruleset allowing reads of the paths in `allow`: its fd, or -1 with
 * err_set(). */
static int ruleset(const struct strv *allow)
{
	/* only reads are restricted: writes go where the user asked */
	struct landlock_ruleset_attr attr = {
		.handled_access_fs = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR,
	};
	int rs = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	if (rs < 0)
		return err_set(EXIT_INTERNAL, "landlock_create_ruleset: %s", strerror(errno));
	for (size_t i = 0; i < allow->n; i++) {
		int fd = open(allow->v[i], O_PATH | O_CLOEXEC);
		if (fd < 0)
			continue;
		struct landlock_path_beneath_attr pb = {
			.allowed_access = attr.handled_access_fs,
			.parent_fd = fd,
		};
		/* a regular file may only carry file rights */
		if (syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0) < 0) {
			pb.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE;
			syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
		}
		close(fd);
	}
	return rs;
}

/* Confines the calling thread (and the threads it starts) by ruleset rs. */
static int enforce(int rs)
{
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
	    syscall(SYS_landlock_restrict_self, rs, 0) < 0)
		return err_set(EXIT_INTERNAL, "landlock_restrict_self: %s", strerror(errno));
	return 0;
}
#else
static int ruleset(const struct strv *allow)
{
	(void)allow;
	return err_set(EXIT_INTERNAL, "Landlock: not in this build");
}

static int enforce(int rs)
{
	(void)rs;
	return 0;
}
#endif

int confine_reads(const struct strv *allow, int (*load)(void))
{
	for (size_t i = 0; i < allow->n; i++)
		if (!strcmp(allow->v[i], "/"))
			return 0; /* a scan of / may read everything anyway */
#ifdef SYS_landlock_create_ruleset
	int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0,
			       LANDLOCK_CREATE_RULESET_VERSION);
	if (abi < 1) {
		debug("Landlock unavailable (%s): relying on path resolution alone",
		      strerror(errno));
		return 0;
	}
	/* what `load` loads (libclang, loaded on first use by clang_lazy.c)
	 * could no longer be read once restricted. Loaded here, not on a thread: a
	 * thread started before the restriction would stay unconfined for the
	 * life of the process (and LeakSanitizer's tracer, confined, then
	 * crashes at exit) */
	if (load && load() < 0)
		return -1;
	int rs = ruleset(allow);
	int rc = rs < 0 ? -1 : enforce(rs);
	if (rs >= 0)
		close(rs);
	if (rc == 0)
		debug("reads confined to %zu dirs (Landlock ABI %d)", allow->n, abi);
	return rc < 0 ? -1 : 1;
#else
	(void)allow;
	return 0;
#endif
}

/* The parse threads' ruleset, made once the process is confined; -1: a
 * parse runs unconfined further. */
static int parse_rs = -1;

int confine_parse_dirs(const struct strv *dirs)
{
	parse_rs = ruleset(dirs);
	return parse_rs < 0 ? -1 : 0;
}

struct parse_job {
	void (*fn)(void *);
	void *arg;
	int rc;
};

static void *parse_thread(void *a)
{
	struct parse_job *j = a;
	j->rc = enforce(parse_rs);
	if (j->rc == 0)
		j->fn(j->arg);
	return NULL;
}

int confine_parse(void (*fn)(void *), void *arg)
{
	if (parse_rs < 0) {
		fn(arg);
		return 0;
	}
	struct parse_job j = {fn, arg, 0};
	pthread_t t;
	if (pthread_create(&t, NULL, parse_thread, &j) != 0)
		return err_set(EXIT_INTERNAL, "pthread_create: %s", strerror(errno));
	pthread_join(t, NULL);
	return j.rc < 0 ? -1 : 0;
}
