/* tsv.c: This file contains the reader of the data tables (tsv.h). */
#define _GNU_SOURCE
#include "base/tsv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/datafile.h"
#include "base/util.h"

/* The next line that is not a comment, split at tabs into fld (at most
 * TSV_MAX_COLS fields; the last keeps any further tabs). 1, 0 at the end,
 * -1 on a read error. */
static int next_line(struct tsv *t, char **fld, size_t *nf)
{
	errno = 0;
	while (getline(&t->line, &t->cap, t->f) > 0) {
		t->lineno++;
		char *s = t->line;
		s[strcspn(s, "\r\n")] = 0;
		if (s[0] == '#' || !s[strspn(s, " \t")])
			continue;
		size_t n = 0;
		for (char *p = s; n < TSV_MAX_COLS;) {
			fld[n++] = p;
			char *tab = n < TSV_MAX_COLS ? strchr(p, '\t') : NULL;
			if (!tab)
				break;
			*tab = 0;
			p = tab + 1;
		}
		*nf = n;
		return 1;
	}
	if (ferror(t->f))
		return err_set(EXIT_INPUT, "data/%s: read failed: %s", t->file,
			       strerror(errno ? errno : EIO));
	return 0;
}

int tsv_open(struct tsv *t, const char *file, const char *const *cols)
{
	memset(t, 0, sizeof(*t));
	t->file = file;
	t->cols = cols;
	while (cols[t->ncols])
		t->ncols++;
	if (t->ncols > TSV_MAX_COLS)
		return err_set(EXIT_INTERNAL, "data/%s: more than %d columns asked", file, TSV_MAX_COLS);
	t->f = datafile_open(file);
	if (!t->f)
		return -1;
	char *fld[TSV_MAX_COLS];
	size_t nf = 0;
	int r = next_line(t, fld, &nf);
	if (r <= 0) {
		tsv_close(t);
		return r < 0 ? -1 : err_set(EXIT_INPUT, "data/%s: no header row", file);
	}
	for (size_t i = 0; i < t->ncols; i++) {
		t->map[i] = -1;
		for (size_t k = 0; k < nf && t->map[i] < 0; k++)
			if (!strcmp(fld[k], cols[i]))
				t->map[i] = (int)k;
		if (t->map[i] < 0) {
			err_set(EXIT_INPUT, "data/%s:%d: header has no '%s' column", file, t->lineno, cols[i]);
			tsv_close(t);
			return -1;
		}
	}
	return 0;
}

int tsv_next(struct tsv *t)
{
	char *fld[TSV_MAX_COLS];
	int r = next_line(t, fld, &t->nf);
	for (size_t i = 0; r > 0 && i < t->ncols; i++)
		t->v[i] = (size_t)t->map[i] < t->nf ? fld[t->map[i]] : "";
	return r;
}

int tsv_fail(const struct tsv *t, const char *why)
{
	return err_set(EXIT_INPUT, "data/%s:%d: %s", t->file, t->lineno, why);
}

void tsv_close(struct tsv *t)
{
	if (t->f)
		fclose(t->f);
	free(t->line);
	t->f = NULL;
	t->line = NULL;
}
