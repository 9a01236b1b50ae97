/* man.h: This file contains the interfaces shared by the modules of the
 * man-page scanner: man_page.c (facts of one parsed page), man_proto.c
 * (prototypes typed by libclang) and man_scan.c (the scanner: files,
 * decompression, aliases, DB rows). */
#ifndef SYSCOV_MAN_H
#define SYSCOV_MAN_H

#include <stdint.h>

#include "man/roff.h"
#include "scan/scanner.h"

/* One prototype of a SYNOPSIS. The normalised C text is pre + NAME + post,
 * so that the TU can declare it under a mangled name. */
struct man_proto_src {
	char *name;     /* the function, or the syscall for syscall(SYS_x, ...) */
	char *text;     /* as written (one line, comments kept) */
	char *pre;      /* normalised: up to the name */
	char *post;     /* normalised: from the parameter list to before ';' */
	int via_syscall;
	char *sys_name; /* SYS_x of the syscall() form */
	int64_t id;     /* its man_proto row */
};

/* The facts of one page (man_info_copy() copies every field). */
struct man_info {
	char *title, *section, *th_version, *library;
	struct strv names;
	struct strv includes;   /* header names, in order */
	struct strv defines;    /* "NAME" or "NAME VALUE" of #define lines */
	struct strv context;    /* typedef/struct statements a prototype may use */
	struct strv ftm;        /* Feature Test Macro Requirements, one per block */
	struct man_proto_src *protos;
	size_t nprotos;
	int nowrap;
	char *nowrap_text;
	char *kernel_since, *glibc_since, *removed;
	struct strv diags;      /* problems worth a diag row */
	struct strv always_ok;  /* names the page says always succeed */
};

void man_extract(const struct roff_doc *doc, struct man_info *mi);
/* A deep copy (every field: a new one is copied here too), so that a page
 * extracted once serves every scan that reads it. */
void man_info_copy(struct man_info *dst, const struct man_info *src);
void man_info_free(struct man_info *mi);

/* The text of a section (by heading, case-insensitive), lines joined by
 * blanks, blanks collapsed; NULL when the page has none. */
char *man_section_text(const struct roff_doc *doc, const char *heading);

/* Decompresses a page by the suffix of `path` (.gz, .xz, .lzma; other
 * pages are copied) into text, which is always NUL-terminated; at most 16 MiB
 * come out (zip bombs). Returns 0, or -1 with a reason in *why (caller frees). */
int man_decompress(const char *path, const struct buf *raw, struct buf *text, char **why);

/* Reads and parses the section-2 pages a scan of sr would read into the
 * process-wide page cache of man_scan.c, so that forked scan workers
 * (scan_par.c) find them parsed; problems are left to the scan. */
void man_scan_warm(const struct sysroot *sr, const struct scan_opts *o);

#endif
