/* progress.c: This file contains the progress line and the colour choice
 * (see progress.h). */
#define _POSIX_C_SOURCE 200809L
#include "base/progress.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int g_verbosity = 1;
static char step[512];
static int shown; /* a progress line is on the terminal */

static int progress_on(void)
{
	static int tty = -1;
	if (tty < 0)
		tty = isatty(STDERR_FILENO);
	return tty && g_verbosity >= 1;
}

void progress_step(size_t i, size_t n, const char *fmt, ...)
{
	char what[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (n)
		snprintf(step, sizeof(step), "[%zu/%zu] %s", i, n, what);
	else
		snprintf(step, sizeof(step), "%s", what);
	progress("%s", "");
}

void progress(const char *fmt, ...)
{
	if (!progress_on())
		return;
	char detail[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	/* paths come from the command line or the DB: no control bytes reach
	 * the terminal */
	char line[800];
	snprintf(line, sizeof(line), "%s%s%s%s", step, *step && *detail ? ": " : "", detail,
		 *detail ? "\xe2\x80\xa6" : "");
	for (char *p = line; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	/* \r, the text, then erase the rest of the previous (longer) line */
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	shown = 1;
}

void progress_clear(void)
{
	if (!shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	shown = 0;
}

int color_on(FILE *f)
{
	const char *nc = getenv("NO_COLOR");
	if (nc && *nc)
		return 0;
	return isatty(fileno(f));
}

const char *color_class(FILE *f, const char *cls)
{
	static const struct {
		const char *cls, *esc;
	} map[] = {
		{"wrapped", "\033[32m"},  /* green */
		{"obsolete", "\033[90m"}, /* grey */
		{"internal", "\033[34m"}, /* blue */
		{"missing", "\033[1;31m"}, /* bold red: what the audit is for */
	};
	if (!color_on(f))
		return "";
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(map[i].cls, cls))
			return map[i].esc;
	return "";
}

const char *color_end(FILE *f)
{
	return color_on(f) ? "\033[0m" : "";
}
