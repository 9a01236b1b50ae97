/* util.h: error reporting, growable buffers and small helpers shared by every
 * module of syscov.
 *
 * Errors use two layers (see STYLE.md): internal functions return a negative
 * value and record a one-line message with err_set(); only main() prints the
 * message and turns the recorded class into the process exit code. */
#ifndef SYSCOV_UTIL_H
#define SYSCOV_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/progress.h" /* g_verbosity */

/* Exit codes, documented in README.md and syscov(1). */
enum exit_code {
	EXIT_OK = 0,
	EXIT_FAILON = 1,  /* --fail-on matched, or a check failed */
	EXIT_USAGE = 2,   /* bad command line (unknown option, arch, command) */
	EXIT_INPUT = 3,   /* unreadable or invalid input (sysroot, ELF, page) */
	EXIT_DB = 4,      /* database unusable: not a DB, locked, newer schema */
	EXIT_OUTPUT = 5,  /* cannot write an output file */
	EXIT_INTERNAL = 70,
};

/* Records the message (printf-style) and its exit class; returns -1 so that
 * callers can write `return err_set(EXIT_INPUT, "...")`. A later err_set()
 * replaces an earlier one; err_prefix() adds context on the way up. */
int err_set(enum exit_code code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int err_prefix(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *err_msg(void);
enum exit_code err_code(void);
void err_clear(void);
/* A forked child's outcome on a pipe to its parent: err_send() writes one
 * frame of the exit code (0: it succeeded) and, for a failure, err_msg();
 * err_recv() reads one: 1 with the code in *code, and a failure's message
 * made this process's error when `take` (so that the first failure wins);
 * 0 at end of file (the child died without answering) or on a short frame. */
int err_send(int fd, int code);
/* Writes n bytes in full (a short write goes on): 0, or -1 with errno. */
int write_full(int fd, const void *p, size_t n);
int err_recv(int fd, int *code, int take);

/* Diagnostics on stderr, honoured by -q / -v (g_verbosity, progress.h). */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "s" unless n is 1, for counts in messages: "1 wrapper", "2 wrappers". */
#define PLURAL(n) ((n) == 1 ? "" : "s")
/* Printed with -q too: what made a run fail without an error (--fail-on's
 * matches), which a CI log must show. */
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable byte buffer, always NUL-terminated. */
struct buf {
	char *p;
	size_t len, cap;
};
void buf_grow(struct buf *b, size_t extra);
void buf_add(struct buf *b, const void *data, size_t n);
void buf_puts(struct buf *b, const char *s);
/* Appends code point cp as UTF-8; NUL, surrogates and cp > 0x10ffff, which
 * no valid text holds, are left out. */
void buf_put_utf8(struct buf *b, unsigned long cp);
/* Inline: the roff reader appends one byte at a time (18% of a scan's
 * instructions went to calls of this before). */
static inline void buf_putc(struct buf *b, char c)
{
	if (b->len + 2 > b->cap)
		buf_grow(b, 1);
	b->p[b->len++] = c;
	b->p[b->len] = 0;
}
/* buf_printf() of a va_list. */
void buf_vprintf(struct buf *b, const char *fmt, va_list ap);
void buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void buf_free(struct buf *b);
char *buf_steal(struct buf *b);

/* A small set of DB row ids (a run's few scans: a linear search). */
struct idset {
	int64_t *v;
	size_t n;
};
void idset_add(struct idset *s, int64_t id);
int idset_has(const struct idset *s, int64_t id);

/* A growable array of owned strings. */
struct strv {
	char **v;
	size_t n, cap;
};
void strv_push(struct strv *s, const char *str);
void strv_push_own(struct strv *s, char *str);
int strv_contains(const struct strv *s, const char *str);
/* Pushes a copy of str unless s holds it already; 1 if it pushed. */
int strv_push_unique(struct strv *s, const char *str);
/* Sorts the strings in strcmp order. */
void strv_sort(struct strv *s);
void strv_free(struct strv *s);

/* Reads a whole file (fd or path) into memory, refusing files larger than
 * max bytes; the result is NUL-terminated. Returns 0 or -1 with err_set(). */
int read_fd_all(int fd, const char *name, size_t max, struct buf *out);

/* A 64-bit hash for content addressing of inputs and for hash tables: not
 * cryptographic (an input's row records it to tell a touched file from a
 * changed one). Host byte order: a DB moved to a host of the other order
 * rescans. */
uint64_t hash64(const void *data, size_t n, uint64_t seed);
/* Continues hash h over more data: hash64() of a file read in pieces, as
 * long as every piece but the last is a multiple of 8 bytes long. */
uint64_t hash64_more(uint64_t h, const void *data, size_t n);
/* Continues *h over the file open at fd, read from offset 0 with pread
 * (the fd's own offset is left alone). 0, or an errno: EFBIG past max bytes. */
int hash64_fd(int fd, size_t max, uint64_t *h);

int str_starts(const char *s, const char *prefix);
int str_ends(const char *s, const char *suffix);
/* A valid C identifier: [A-Za-z_][A-Za-z0-9_]*, at most 128 bytes. */
int is_c_identifier(const char *s);
/* Writes v in decimal at o, at most 20 bytes, no NUL (snprintf() was a
 * third of writing the kernel tables); returns the end. */
char *put_int(char *o, long long v);
/* Splits "a,b,c" into sv, blanks around each item dropped (empty items
 * skipped). */
void split_list(const char *s, struct strv *sv);

/* Monotonic clock in nanoseconds, for timings in -v output and benchmarks. */
uint64_t now_ns(void);

/* st_mtim in nanoseconds, as the DB's input rows store it. */
struct stat;
int64_t stat_mtime_ns(const struct stat *st);

/* The running syscov binary's identity, a hash of its size and mtime (0
 * when it cannot be read): facts kept per file are only as good as the
 * code that made them, so a new binary reads the files again. */
int64_t self_exe_id(void);

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
