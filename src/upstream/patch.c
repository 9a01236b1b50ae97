/* patch.c: This file contains the upstream stage's mechanics: a libc source
 * tree edited in memory (read once, changed by each commit in turn), the
 * unified diff of each insertion, and the series written in `git
 * format-patch` form through base/outfile.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/outfile.h"
#include "upstream/upstream.h"

#define UP_FILE_MAX (8u << 20) /* NEWS, the largest file edited, is ~600 KB */
#define UP_CONTEXT 3           /* git's default lines of context */

struct up_file {
	char *path;
	char *text; /* NULL: the tree has no such file */
};

struct up_tree {
	char *dir;
	struct up_file *f;
	size_t n, cap;
};

int up_tree_open(const char *dir, struct up_tree **t)
{
	struct stat st;
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode))
		return err_set(EXIT_INPUT, "%s: not a directory", dir);
	*t = xcalloc(1, sizeof(**t));
	(*t)->dir = xstrdup(dir);
	return 0;
}

void up_tree_close(struct up_tree *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++) {
		free(t->f[i].path);
		free(t->f[i].text);
	}
	free(t->f);
	free(t->dir);
	free(t);
}

const char *up_tree_dir(const struct up_tree *t)
{
	return t->dir;
}

static struct up_file *tree_file(struct up_tree *t, const char *path)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->f[i].path, path))
			return &t->f[i];
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->f = xrealloc(t->f, t->cap * sizeof(*t->f));
	}
	struct up_file *f = &t->f[t->n++];
	f->path = xstrdup(path);
	f->text = NULL;
	char *full = xasprintf("%s/%s", t->dir, path);
	int fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		struct buf b = {0};
		if (read_fd_all(fd, full, UP_FILE_MAX, &b) == 0) {
			buf_puts(&b, ""); /* an empty file is text, not absent */
			f->text = buf_steal(&b);
		}
		buf_free(&b);
		close(fd);
	} else if (errno != ENOENT) {
		err_set(EXIT_INPUT, "%s: %s", full, strerror(errno));
	}
	free(full);
	return f;
}

const char *up_tree_get(struct up_tree *t, const char *path)
{
	return tree_file(t, path)->text;
}

size_t up_nlines(const char *text)
{
	size_t n = 0;
	for (const char *p = text; *p; p++)
		n += *p == '\n';
	if (*text && text[strlen(text) - 1] != '\n')
		n++;
	return n;
}

/* The start of 0-based line i of text (its end when i is past the last). */
static const char *line_at(const char *text, size_t i)
{
	const char *p = text;
	while (i && *p) {
		const char *nl = strchr(p, '\n');
		p = nl ? nl + 1 : p + strlen(p);
		i--;
	}
	return p;
}

long up_find_line(const char *text, const char *prefix, int first)
{
	long found = -1, i = 0;
	size_t k = strlen(prefix);
	for (const char *p = text; *p; i++) {
		if (!strncmp(p, prefix, k)) {
			found = i;
			if (first)
				break;
		}
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
	return found;
}

/* Appends lines [from, to) of text to d, each prefixed with c. */
static void put_lines(struct buf *d, char c, const char *text, size_t from, size_t to)
{
	const char *p = line_at(text, from);
	for (size_t i = from; i < to && *p; i++) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		buf_putc(d, c);
		buf_add(d, p, len);
		buf_putc(d, '\n');
		p += len + (nl != NULL);
	}
}

static void note_file(struct up_patch *p, const char *path)
{
	strv_push_unique(&p->files, path);
}

int up_insert(struct up_tree *t, struct up_patch *p, const char *path, size_t line,
	      const char *text)
{
	struct up_file *f = tree_file(t, path);
	if (!f->text)
		return err_set(EXIT_INPUT, "%s/%s: no such file in the tree", t->dir, path);
	size_t n = up_nlines(f->text), add = up_nlines(text);
	if (line > n)
		line = n;
	size_t before = line < UP_CONTEXT ? line : UP_CONTEXT;
	size_t after = n - line < UP_CONTEXT ? n - line : UP_CONTEXT;
	size_t old_start = line - before + 1;
	if (before + after == 0)
		old_start = 0;
	buf_printf(&p->diff, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", path, path, path, path);
	buf_printf(&p->diff, "@@ -%zu,%zu +%zu,%zu @@\n", old_start, before + after,
		   before + after ? old_start : 1, before + after + add);
	put_lines(&p->diff, ' ', f->text, line - before, line);
	put_lines(&p->diff, '+', text, 0, add);
	put_lines(&p->diff, ' ', f->text, line, line + after);
	const char *at = line_at(f->text, line);
	char *nt = xasprintf("%.*s%s%s", (int)(at - f->text), f->text, text, at);
	free(f->text);
	f->text = nt;
	p->added += add;
	note_file(p, path);
	return 0;
}

int up_new_file(struct up_tree *t, struct up_patch *p, const char *path, const char *text)
{
	struct up_file *f = tree_file(t, path);
	if (f->text)
		return err_set(EXIT_INPUT, "%s/%s: the tree has this file already", t->dir, path);
	size_t add = up_nlines(text);
	buf_printf(&p->diff, "diff --git a/%s b/%s\nnew file mode 100644\n--- /dev/null\n"
		   "+++ b/%s\n@@ -0,0 +1,%zu @@\n", path, path, path, add);
	put_lines(&p->diff, '+', text, 0, add);
	f->text = xstrdup(text);
	p->added += add;
	note_file(p, path);
	return 0;
}

void up_patch_free(struct up_patch *p)
{
	buf_free(&p->diff);
	strv_free(&p->files);
}

void up_commit_free(struct up_commit *c)
{
	free(c->subject);
	free(c->body);
	free(c->slug);
	up_patch_free(&c->p);
}

struct series_file {
	const struct up_req *r;
	const struct up_commit *c;
	size_t i, n;
	const char *date;
};

/* The message body with each paragraph filled to 72 columns, as git's
 * commit messages are. */
static void put_body(FILE *f, const char *body)
{
	size_t col = 0;
	for (const char *p = body; *p;) {
		if (p[0] == '\n' && p[1] == '\n') {
			fputs(col ? "\n\n" : "\n", f);
			col = 0;
			p += 2;
			continue;
		}
		if (*p == '\n' || *p == ' ') {
			p++;
			continue;
		}
		size_t w = strcspn(p, " \n");
		if (col && col + 1 + w > 72) {
			fputc('\n', f);
			col = 0;
		} else if (col) {
			fputc(' ', f);
			col++;
		}
		fwrite(p, 1, w, f);
		col += w;
		p += w;
	}
	if (col)
		fputc('\n', f);
}

/* One commit as `git format-patch` writes it (the stat lists files and
 * lines added: every change is an addition). */
static void write_commit(const void *ctx, FILE *f)
{
	const struct series_file *s = ctx;
	const struct up_commit *c = s->c;
	fprintf(f, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		   "From: %s\nDate: %s\nSubject: [PATCH %zu/%zu] %s\n\n",
		s->r->from, s->date, s->i + 1, s->n, c->subject);
	put_body(f, c->body);
	fputs("---\n", f);
	for (size_t k = 0; k < c->p.files.n; k++)
		fprintf(f, " %s\n", c->p.files.v[k]);
	fprintf(f, " %zu file%s changed, %u insertion%s(+)\n\n%s-- \nsyscov %s\n\n",
		c->p.files.n, PLURAL(c->p.files.n), c->p.added, PLURAL(c->p.added),
		c->p.diff.p ? c->p.diff.p : "", SYSCOV_VERSION);
}

/* Now, or SOURCE_DATE_EPOCH (reproducible builds' variable) when set. */
static void series_time(struct tm *tm)
{
	time_t now = time(NULL);
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	if (sde && *sde)
		now = (time_t)strtoll(sde, NULL, 10);
	gmtime_r(&now, tm);
}

int up_year(void)
{
	struct tm tm;
	series_time(&tm);
	return tm.tm_year + 1900;
}

int up_series_write(const char *outdir, const struct up_req *r, struct up_commit *c, size_t n)
{
	char date[64];
	struct tm tm;
	series_time(&tm);
	strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S +0000", &tm);
	if (outfile_mkdirs(outdir) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct series_file s = {.r = r, .c = &c[i], .i = i, .n = n, .date = date};
		char name[GEN_ID_MAX + 32];
		snprintf(name, sizeof(name), "%04zu-%s.patch", i + 1, c[i].slug);
		if (outfile_write(outdir, name, write_commit, &s) < 0)
			return -1;
		note("%s/%s", outdir, name);
	}
	return 0;
}
