/* tsv.h: This file contains the one reader of syscov's data tables (the
 * .tsv files of data/): lines of tab-separated fields, '#' lines and blank
 * lines as comments, and a header row naming the columns, by which each
 * caller asks for the columns it reads (so a table may gain columns, or
 * reorder them, without breaking a reader). */
#ifndef SYSCOV_TSV_H
#define SYSCOV_TSV_H

#include <stddef.h>
#include <stdio.h>

#define TSV_MAX_COLS 16

struct tsv {
	const char *file;        /* "aliases.tsv" */
	int lineno;              /* of the row read last */
	size_t nf;               /* fields on that line */
	const char *v[TSV_MAX_COLS]; /* its value of each asked column ("" if short) */
	/* private */
	FILE *f;
	char *line;
	size_t cap;
	const char *const *cols;
	size_t ncols;
	int map[TSV_MAX_COLS];
};

/* Opens data table `file` (datafile_open()) and reads its header row, which
 * must name every column of `cols` (NULL-terminated, in the order the
 * caller wants them in v). 0, or -1 with err_set(EXIT_INPUT) naming the
 * file and line. */
int tsv_open(struct tsv *t, const char *file, const char *const *cols);
/* The next row: 1 with v and nf set, 0 at the end, -1 with err_set() on a
 * read error. The values live until the next call. */
int tsv_next(struct tsv *t);
/* err_set(EXIT_INPUT, "data/FILE:LINE: why") for the row read last; -1. */
int tsv_fail(const struct tsv *t, const char *why);
void tsv_close(struct tsv *t);

#endif
