/* sysroot.c: layout detection and confined path resolution (see sysroot.h). */
#define _GNU_SOURCE
#include "base/sysroot.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LINKS 40

const char *sysroot_layout_name(enum sysroot_layout l)
{
	switch (l) {
	case LAYOUT_ROOT: return "root";
	case LAYOUT_CROSS: return "cross-prefix";
	case LAYOUT_SPLIT: return "split";
	}
	return "?";
}

char *sysroot_host_path(const struct sysroot *sr, const char *rel)
{
	if (!strcmp(sr->root, "/"))
		return xstrdup(rel[0] ? rel : "/");
	return xasprintf("%s%s", sr->root, rel);
}

/* Pushes the components of `p` in front of the pending queue `q`. */
static void queue_front(struct strv *q, const char *p)
{
	struct strv parts = {0};
	const char *s = p;
	while (*s) {
		while (*s == '/')
			s++;
		const char *e = s;
		while (*e && *e != '/')
			e++;
		if (e > s)
			strv_push_own(&parts, xstrndup(s, (size_t)(e - s)));
		s = e;
	}
	/* q is a stack: pop from the end, so push in reverse order */
	for (size_t i = parts.n; i-- > 0;) {
		strv_push_own(q, parts.v[i]);
		parts.v[i] = NULL;
	}
	free(parts.v);
}

static int resolve(const struct sysroot *sr, const char *path, char **rel, int quiet);

int sysroot_resolve(const struct sysroot *sr, const char *path, char **rel)
{
	return resolve(sr, path, rel, 0);
}

/* Walks `path` one component at a time with lstat(), following symlinks by
 * hand so that absolute targets restart at the sysroot's root. `quiet`
 * probes leave the error state alone. */
static int resolve(const struct sysroot *sr, const char *path, char **rel, int quiet)
{
	struct strv q = {0};
	struct buf cur = {0};
	char last_link[2 * PATH_MAX + 8] = "";
	int links = 0, rc = 0;

	queue_front(&q, path);
	buf_puts(&cur, "");
	while (q.n) {
		char *c = q.v[--q.n];
		q.v[q.n] = NULL;
		if (!strcmp(c, ".")) {
			free(c);
			continue;
		}
		if (!strcmp(c, "..")) {
			free(c);
			char *slash = strrchr(cur.p, '/');
			if (!slash) {
				rc = -EXDEV;
				if (!quiet)
					err_set(EXIT_INPUT, "%s: path escapes the sysroot %s%s%s", path,
						sr->root, last_link[0] ? " through the symlink " : "",
						last_link);
				break;
			}
			cur.len = (size_t)(slash - cur.p);
			cur.p[cur.len] = 0;
			continue;
		}
		size_t keep = cur.len;
		buf_putc(&cur, '/');
		buf_puts(&cur, c);
		free(c);
		char *host = sysroot_host_path(sr, cur.p);
		struct stat st;
		int r = lstat(host, &st);
		if (r < 0) {
			rc = -errno;
			if (!quiet)
				err_set(EXIT_INPUT, "%s: %s (in sysroot %s)", path, strerror(-rc),
					sr->root);
			free(host);
			break;
		}
		if (S_ISLNK(st.st_mode)) {
			char target[PATH_MAX];
			ssize_t n = readlink(host, target, sizeof(target) - 1);
			free(host);
			if (n < 0) {
				rc = -errno;
				if (!quiet)
					err_set(EXIT_INPUT, "%s: %s", path, strerror(-rc));
				break;
			}
			target[n] = 0;
			snprintf(last_link, sizeof(last_link), "%s -> %s", cur.p, target);
			if (++links > MAX_LINKS) {
				rc = -ELOOP;
				if (!quiet)
					err_set(EXIT_INPUT, "%s: too many levels of symbolic links (in sysroot %s)",
					path, sr->root);
				break;
			}
			cur.len = target[0] == '/' ? 0 : keep;
			cur.p[cur.len] = 0;
			queue_front(&q, target);
			continue;
		}
		free(host);
		if (q.n && !S_ISDIR(st.st_mode)) {
			rc = -ENOTDIR;
			if (!quiet)
				err_set(EXIT_INPUT, "%s: not a directory: %s", path, cur.p);
			break;
		}
	}
	strv_free(&q);
	if (rc < 0) {
		buf_free(&cur);
		return rc;
	}
	if (!cur.len)
		buf_puts(&cur, "/");
	if (rel)
		*rel = buf_steal(&cur);
	else
		buf_free(&cur);
	return 0;
}

/* Opens a resolved path: O_NOFOLLOW, so that a last component swapped for a
 * symlink since its resolution is refused. */
static int open_resolved(const struct sysroot *sr, const char *rel)
{
	char *host = sysroot_host_path(sr, rel);
	int fd = open(host, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		fd = -errno;
		err_set(EXIT_INPUT, "%s: %s", host, strerror(errno));
	}
	free(host);
	return fd;
}

int sysroot_open_file(const struct sysroot *sr, const char *path, char **rel)
{
	char *r;
	int rc = sysroot_resolve(sr, path, &r);
	if (rc < 0)
		return rc;
	int fd = open_resolved(sr, r);
	if (fd < 0 || !rel)
		free(r);
	else
		*rel = r;
	return fd;
}

/* Reads the whole regular file open at fd (closed here), at most `max`
 * bytes; errors name `path`. */
static int read_open(const struct sysroot *sr, int fd, const char *path, size_t max,
		     struct buf *out)
{
	struct stat st;
	int rc = 0;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		rc = -EINVAL;
		err_set(EXIT_INPUT, "%s: not a regular file (in sysroot %s)", path, sr->root);
	} else if ((size_t)st.st_size > max) {
		rc = -EFBIG;
		err_set(EXIT_INPUT, "%s: %lld bytes, larger than the %zu-byte limit", path,
			(long long)st.st_size, max);
	} else {
		/* the fd was opened O_NONBLOCK so a FIFO cannot hang us; reads of a
		 * regular file ignore the flag */
		rc = read_fd_all(fd, path, max, out);
	}
	close(fd);
	return rc;
}

int sysroot_read_file(const struct sysroot *sr, const char *path, size_t max, struct buf *out,
		      char **rel)
{
	char *r = NULL;
	int fd = sysroot_open_file(sr, path, &r);
	if (fd < 0)
		return fd;
	int rc = read_open(sr, fd, path, max, out);
	if (rc < 0 || !rel)
		free(r);
	else
		*rel = r;
	return rc;
}

int sysroot_read_resolved(const struct sysroot *sr, const char *rel, size_t max, struct buf *out)
{
	int fd = open_resolved(sr, rel);
	return fd < 0 ? fd : read_open(sr, fd, rel, max, out);
}

static int is_type(const struct sysroot *sr, const char *path, mode_t type)
{
	char *r;
	if (resolve(sr, path, &r, 1) < 0)
		return 0;
	char *host = sysroot_host_path(sr, r);
	struct stat st;
	int ok = stat(host, &st) == 0 && (st.st_mode & S_IFMT) == type;
	free(host);
	free(r);
	return ok;
}

int sysroot_is_dir(const struct sysroot *sr, const char *path) { return is_type(sr, path, S_IFDIR); }
int sysroot_is_file(const struct sysroot *sr, const char *path) { return is_type(sr, path, S_IFREG); }

char *sysroot_find_in(const struct sysroot *sr, const struct strv *dirs, const char *name)
{
	for (size_t i = 0; i < dirs->n; i++) {
		char *p = xasprintf("%s/%s", dirs->v[i], name);
		char *r = NULL;
		if (sysroot_is_file(sr, p) && resolve(sr, p, &r, 1) == 0) {
			free(p);
			return r;
		}
		free(p);
	}
	return NULL;
}

int sysroot_find_why(const struct sysroot *sr, const struct strv *dirs, const char *name)
{
	int rc = 0;
	for (size_t i = 0; i < dirs->n && !rc; i++) {
		char *p = xasprintf("%s/%s", dirs->v[i], name);
		int r = resolve(sr, p, NULL, 1);
		if (r == -EXDEV || r == -ELOOP)
			rc = sysroot_resolve(sr, p, NULL);
		free(p);
	}
	return rc < 0 ? -1 : 0;
}

const char *sysroot_strip_prefix(const struct sysroot *sr, const char *abs)
{
	size_t n = strlen(sr->root);
	if (strcmp(sr->root, "/") && !strncmp(abs, sr->root, n) && (abs[n] == '/' || !abs[n]))
		return abs[n] ? abs + n : "/";
	return abs;
}

char *sysroot_script_path(const struct sysroot *sr, const char *abs)
{
	const char *p = sysroot_strip_prefix(sr, abs);
	char *rel = NULL;
	int rc = resolve(sr, p, &rel, 1);
	free(rel);
	if (rc != -ENOENT)
		return xstrdup(p);
	/* a dir and a name at least: /lib32/ld.so.1, not any ld.so.1 */
	for (const char *t = strchr(p + 1, '/'); t && strchr(t + 1, '/'); t = strchr(t + 1, '/'))
		if (sysroot_is_file(sr, t))
			return xstrdup(t);
	return xstrdup(p);
}

/* Adds `dir` to `sv` if it is a directory inside the sysroot; a standard
 * dir that resolves outside the sysroot or into a symlink loop is an
 * error, not a silent skip (usr/include -> /usr/include, a loop inside the
 * sysroot, was "no headers"). */
static int add_dir(const struct sysroot *sr, struct strv *sv, const char *dir)
{
	int r = resolve(sr, dir, NULL, 1);
	if (r == -EXDEV || r == -ELOOP)
		return sysroot_resolve(sr, dir, NULL);
	if (sysroot_is_dir(sr, dir))
		strv_push_unique(sv, dir);
	return 0;
}

/* Finds the one known multiarch triplet among the entries of `dir`. */
static int detect_arch(struct sysroot *sr, const char *dir)
{
	char *rel = NULL; /* a symlink on the way must not list the host's dir */
	if (resolve(sr, dir, &rel, 1) < 0)
		return 0;
	char *host = sysroot_host_path(sr, rel);
	free(rel);
	DIR *d = opendir(host);
	free(host);
	if (!d)
		return 0;
	const struct arch_desc *found = NULL;
	int n = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		const struct arch_desc *a = arch_by_triplet(de->d_name);
		if (a && a != found) {
			/* a multiarch root with the host arch among others: the host's wins */
			if (found && a == arch_host())
				found = a;
			else if (!found)
				found = a;
			n++;
		}
	}
	closedir(d);
	if (n > 1 && found != arch_host())
		return err_set(EXIT_USAGE, "%s: holds several architectures; choose one with --arch",
			       sr->root);
	sr->arch = found;
	return 0;
}

/* The ABI of the sysroot's libc, from its ELF header (or its crt1.o's),
 * for a sysroot whose name says none (a copy of /usr/aarch64-linux-gnu
 * named my-sysroot): what the linker would check the objects against. */
static void arch_from_libc(struct sysroot *sr)
{
	static const char *const dirs[] = {"/lib", "/usr/lib", "/lib64", "/usr/lib64"};
	static const char *const files[] = {"libc.so.6", "libc.so", "crt1.o"};
	for (size_t d = 0; d < ARRAY_SIZE(dirs) && !sr->arch; d++) {
		for (size_t f = 0; f < ARRAY_SIZE(files) && !sr->arch; f++) {
			char *p = xasprintf("%s/%s", dirs[d], files[f]);
			unsigned char h[64];
			int fd = sysroot_is_file(sr, p) ? sysroot_open_file(sr, p, NULL) : -1;
			ssize_t n = fd >= 0 ? read(fd, h, sizeof(h)) : -1;
			if (fd >= 0)
				close(fd);
			err_clear();
			/* a linker script (glibc's libc.so) is no ELF: the next one */
			if (n == (ssize_t)sizeof(h) && !memcmp(h, "\177ELF", 4) &&
			    (h[5] == 1 || h[5] == 2)) {
				int le = h[5] == 1, cls = h[4];
				unsigned machine = le ? h[18] | h[19] << 8 : h[19] | h[18] << 8;
				const unsigned char *fl = h + (cls == 2 ? 48 : 36);
				uint32_t flags = le ? (uint32_t)fl[0] | (uint32_t)fl[1] << 8 |
							      (uint32_t)fl[2] << 16 | (uint32_t)fl[3] << 24
						    : (uint32_t)fl[3] | (uint32_t)fl[2] << 8 |
							      (uint32_t)fl[1] << 16 | (uint32_t)fl[0] << 24;
				sr->arch = arch_by_elf(machine, cls, le ? ARCH_LE : ARCH_BE, flags);
				if (sr->arch)
					debug("%s: ABI %s, from the ELF header of %s", sr->root,
					      sr->arch->name, p);
			}
			free(p);
		}
	}
}

/* The error of a --include or --libdir dir that is none: the symlink
 * taking it out of the sysroot, if one does, named. */
static void dir_error(const struct sysroot *sr, const char *opt, const char *dir)
{
	if (resolve(sr, dir, NULL, 1) == -EXDEV) {
		sysroot_resolve(sr, dir, NULL);
		err_prefix("%s %s", opt, dir);
	} else {
		err_set(EXIT_INPUT, "%s %s: not a directory inside sysroot %s", opt, dir, sr->root);
	}
}

/* The error of a dir holding none of the layouts' dirs: the symlink that
 * takes one out of it, if one does (Debian's /usr/hppa64-linux-gnu/include
 * -> ../hppa-linux-gnu/include was "no usr/include"), else what is missing. */
static void not_a_sysroot(const struct sysroot *sr, const char *path)
{
	static const char *const dirs[] = {"/usr/include", "/usr/lib", "/include", "/lib"};
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		if (resolve(sr, dirs[i], NULL, 1) != -EXDEV)
			continue;
		sysroot_resolve(sr, dirs[i], NULL);
		err_prefix("%s: not a sysroot", path);
		return;
	}
	err_set(EXIT_INPUT, "%s: not a sysroot: no usr/include, usr/lib, include or lib", path);
}

int sysroot_open(struct sysroot *sr, const char *path, const struct sysroot_opts *o)
{
	memset(sr, 0, sizeof(*sr));
	char *real = realpath(path, NULL);
	struct stat st;
	if (!real)
		return err_set(EXIT_INPUT, "%s: sysroot: %s", path, strerror(errno));
	if (stat(real, &st) < 0 || !S_ISDIR(st.st_mode)) {
		free(real);
		return err_set(EXIT_INPUT, "%s: sysroot is not a directory", path);
	}
	sr->root = real;

	if (o && o->arch) {
		sr->arch = arch_find(o->arch);
		if (!sr->arch) {
			err_set(EXIT_USAGE, "unknown --arch '%s' (known: %s)", o->arch, arch_names());
			goto fail;
		}
	}

	int explicit = o && (o->include.n || o->libdir.n);
	if (explicit) {
		sr->layout = LAYOUT_SPLIT;
		for (size_t i = 0; i < o->include.n; i++) {
			if (!sysroot_is_dir(sr, o->include.v[i])) {
				dir_error(sr, "--include", o->include.v[i]);
				goto fail;
			}
			strv_push(&sr->inc, o->include.v[i]);
		}
		for (size_t i = 0; i < o->libdir.n; i++) {
			if (!sysroot_is_dir(sr, o->libdir.v[i])) {
				dir_error(sr, "--libdir", o->libdir.v[i]);
				goto fail;
			}
			strv_push(&sr->libdirs, o->libdir.v[i]);
		}
	}

	if (sysroot_is_dir(sr, "/usr/include") || sysroot_is_dir(sr, "/usr/lib")) {
		if (!explicit)
			sr->layout = LAYOUT_ROOT;
		if (!sr->arch && !strcmp(sr->root, "/"))
			sr->arch = arch_host();
		/* the libs first: Debian 13's linux-libc-dev (Architecture: all)
		 * puts every arch's asm dir in usr/include, the libc6 one in usr/lib */
		if (!sr->arch && detect_arch(sr, "/usr/lib") < 0)
			goto fail;
		if (!sr->arch && detect_arch(sr, "/usr/include") < 0)
			goto fail;
	} else if (sysroot_is_dir(sr, "/include") || sysroot_is_dir(sr, "/lib")) {
		if (!explicit)
			sr->layout = LAYOUT_CROSS;
		if (!sr->arch) {
			const char *base = strrchr(sr->root, '/');
			sr->arch = arch_by_triplet(base ? base + 1 : sr->root);
		}
	} else if (!explicit) {
		not_a_sysroot(sr, path);
		goto fail;
	}
	if (!sr->arch)
		arch_from_libc(sr);
	if (!sr->arch) {
		err_set(EXIT_USAGE, "%s: cannot tell the architecture; choose one with --arch (known: %s)",
			path, arch_names());
		goto fail;
	}

	/* default search dirs, multiarch first as gcc does */
	struct strv def_inc = {0};
	char *ma = xasprintf("/usr/include/%s", sr->arch->multiarch);
	int bad = add_dir(sr, &def_inc, ma) < 0 || add_dir(sr, &def_inc, "/usr/include") < 0 ||
		  add_dir(sr, &def_inc, "/include") < 0;
	free(ma);
	if (bad) {
		strv_free(&def_inc);
		goto fail;
	}
	for (size_t i = 0; i < sr->inc.n; i++)
		strv_push(&sr->uapi_inc, sr->inc.v[i]);
	for (size_t i = 0; i < def_inc.n; i++)
		strv_push_unique(&sr->uapi_inc, def_inc.v[i]);
	if (!o || !o->include.n) {
		for (size_t i = 0; i < def_inc.n; i++)
			strv_push(&sr->inc, def_inc.v[i]);
	}
	strv_free(&def_inc);
	if (!o || !o->libdir.n) {
		char *d1 = xasprintf("/lib/%s", sr->arch->multiarch);
		char *d2 = xasprintf("/usr/lib/%s", sr->arch->multiarch);
		const char *dirs[] = {d1, d2, sr->arch->word_bits == 64 ? "/lib64" : NULL,
				      sr->arch->word_bits == 64 ? "/usr/lib64" : NULL, "/lib", "/usr/lib"};
		bad = 0;
		for (size_t i = 0; i < ARRAY_SIZE(dirs) && !bad; i++)
			bad = dirs[i] && add_dir(sr, &sr->libdirs, dirs[i]) < 0;
		free(d1);
		free(d2);
		if (bad)
			goto fail;
	}
	if (!sr->inc.n) {
		err_set(EXIT_INPUT, "%s: sysroot has no headers (no usr/include or include directory)",
			path);
		goto fail;
	}
	for (size_t i = 0; i < sr->inc.n; i++) { /* each one checked above */
		char *rel = NULL;
		if (resolve(sr, sr->inc.v[i], &rel, 1) == 0)
			strv_push_own(&sr->inc_host, sysroot_host_path(sr, rel));
		free(rel);
	}
	return 0;
fail:
	sysroot_close(sr);
	return -1;
}

void sysroot_close(struct sysroot *sr)
{
	free(sr->root);
	strv_free(&sr->inc);
	strv_free(&sr->inc_host);
	strv_free(&sr->uapi_inc);
	strv_free(&sr->libdirs);
	memset(sr, 0, sizeof(*sr));
}
