/* progress.h: This file contains syscov's terminal niceties: a one-line
 * progress display on stderr and colour, both only on a terminal.
 *
 * Progress is drawn only when stderr is a tty and -q was not given: a pipe
 * or a log file gets nothing, so scripts see the same bytes whether or not
 * they run interactively. Colour is used only when the stream is a tty and
 * $NO_COLOR is unset or empty (https://no-color.org). */
#ifndef SYSCOV_PROGRESS_H
#define SYSCOV_PROGRESS_H

#include <stdio.h>

/* What syscov writes on stderr, set by -q and -v: 0 quiet (no progress, no
 * notes), 1 normal, 2 verbose (debug lines too). The progress line and
 * util.c's messages honour it alike. */
extern int g_verbosity;

/* Sets the current unit of work ("[i/n] scanning ROOT"), shown until the
 * next call; n = 0 drops the counter. */
void progress_step(size_t i, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Redraws the line as "<step>: <detail>" (printf-style), with \r. */
void progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Erases the progress line, if one is shown; note() calls it first. */
void progress_clear(void);

/* Whether f should get colour escapes. */
int color_on(FILE *f);
/* The escape that starts the colour of a verdict class on f ("" when f gets
 * no colour or the class has none), and the one that ends it. */
const char *color_class(FILE *f, const char *cls);
const char *color_end(FILE *f);

#endif
