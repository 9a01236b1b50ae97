/* roff.h: a small roff reader for man(7) pages as the Linux man-pages
 * project writes them.
 *
 * It does not format: it turns a page into a list of logical lines of plain
 * text (escapes resolved, font changes dropped, font-alternating macros
 * joined, \c continuations merged), each tagged with what it is (section
 * heading, sub-heading, paragraph break, text, table row) and whether it was
 * in no-fill mode (.nf/.EX), which is what the SYNOPSIS reader needs. Table
 * rows (.TS/.TE) keep their cells separated by '\t'. Problems (NUL bytes,
 * invalid UTF-8, unterminated blocks, overlong lines) become diagnostics of
 * the document; the reader never fails. */
#ifndef SYSCOV_ROFF_H
#define SYSCOV_ROFF_H

#include <stddef.h>

#include "base/util.h"

enum roff_kind {
	ROFF_TEXT,  /* a line of text (or the text of a font macro) */
	ROFF_SH,    /* .SH heading, text upper-cased as written */
	ROFF_SS,    /* .SS sub-heading */
	ROFF_PARA,  /* .PP .P .LP .TP .IP .sp .br: a break between blocks */
	ROFF_TROW,  /* a data row of a .TS table, cells separated by '\t' */
};

struct roff_line {
	enum roff_kind kind;
	int nofill; /* inside .nf/.fi or .EX/.EE */
	int line;   /* 1-based source line where it started */
	char *text;
};

struct roff_doc {
	struct roff_line *v;
	size_t n, cap;
	char **blocks;     /* the lines' text lives here, not in allocations of its own */
	size_t nblocks, capblocks;
	char *room;        /* free space in the last block */
	size_t left;
	struct strv th;    /* .TH arguments: title, section, date, source, manual */
	char *so;          /* the target of a `.so` alias page, else NULL */
	int so_line;
	struct strv diags; /* "line N: message" */
};

/* Reads `len` bytes of roff source (NULs allowed: they are reported and
 * dropped). Fills doc; always succeeds. */
void roff_parse(const char *data, size_t len, struct roff_doc *doc);
void roff_free(struct roff_doc *doc);
/* Frees the lines only (.TH, .so and the diagnostics stay): what a reader
 * keeps once it has taken its facts from them. */
void roff_free_lines(struct roff_doc *doc);

/* Resolves the escapes of one line of roff text into plain UTF-8 text;
 * sets *join when the text ends with \c (the next line continues it). */
char *roff_text(const char *s, size_t n, int *join);

#endif
