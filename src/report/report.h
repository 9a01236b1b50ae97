/* report.h: the coverage report: a model loaded from the DB (scans, their
 * inputs and verdicts) and one writer per format (HTML, Markdown, CSV, JSON).
 *
 * The model is read once and every writer is a pure function of it, so the
 * formats cannot disagree. Every string of the model is valid UTF-8 (invalid
 * bytes from the DB become U+FFFD on load); each writer still escapes for its
 * own format. One scan gives a per-scan report; several give a matrix
 * (syscall x scan) in HTML and Markdown, and CSV/JSON carry every scan.
 * docs/report.md documents the formats, docs/report.schema.json the JSON. */
#ifndef SYSCOV_REPORT_H
#define SYSCOV_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "base/db.h"
#include "base/util.h"

/* The verdict classes, in the order reports list them. */
enum rep_class { RC_WRAPPED, RC_OBSOLETE, RC_INTERNAL, RC_MISSING, RC_N };
extern const char *const rep_class_name[RC_N];
/* One-line meaning of each class, for legends. */
extern const char *const rep_class_help[RC_N];

struct rep_evidence {
	char *source, *fact;
};

/* When Linux added the syscall on the scan's ABI (verdict/ksince.h). */
struct rep_ksince {
	char *text;    /* "5.14", "<= 6.1" (at most), "> 5.13, <= 6.1"; NULL: unknown */
	char *version; /* the exact version, or a bound's upper end */
	char *after;   /* a range's lower end, exclusive, or NULL */
	int exact;
	char *source, *detail, *note; /* note: the sources' disagreements, or NULL */
};

struct rep_verdict {
	char *name;
	int64_t nr;
	int has_nr;
	enum rep_class cls;
	char *wrapper, *since; /* NULL when unknown */
	struct rep_ksince kernel;
	struct strv flags;
	struct rep_evidence *ev;
	size_t nev;
};

/* Files a scan read, grouped by kind, with their distinct versions. */
struct rep_input {
	char *kind;
	int64_t files;
	struct strv versions;
};

struct rep_scan {
	int64_t id;
	char *dir; /* output directory name: the label made path-safe and unique */
	char *label, *kind, *sysroot, *arch, *variant, *layout, *created, *tool_version;
	char *kernel_version, *libc_flavour, *libc_version, *libc_how;
	char *man_source, *man_dir, *man_version;
	char *code_how; /* how the libc's machine code was read, or why not */
	int64_t diags;
	struct rep_input *inputs;
	size_t ninputs;
	struct rep_verdict *v; /* sorted by name (strcmp) */
	size_t nv;
	int64_t counts[RC_N];
};

struct report {
	struct rep_scan *scans;
	size_t n;
};

/* Loads the scans `ids` (in that order) with their verdicts. Returns 0 or -1
 * with err_set(). */
int report_load(struct db *db, const int64_t *ids, size_t n, struct report *r);
/* The same, appended to r (whose scans' dirs the new ones' avoid); on
 * failure r is freed. */
int report_load_more(struct db *db, const int64_t *ids, size_t n, struct report *r);
void report_free(struct report *r);
/* The verdict of `name` in scan s, or NULL. */
const struct rep_verdict *rep_find(const struct rep_scan *s, const char *name);
/* Every syscall name of any scan, sorted, each once. */
void rep_names(const struct report *r, struct strv *out);
/* Whether the scans of r disagree on `name` (class, or absent in some). */
int rep_differs(const struct report *r, const char *name);

/* The scan's identity and inputs as (field, value) rows for the inputs
 * tables of HTML and Markdown; rep_field_value() returns an owned string. */
enum { REP_NFIELDS = 12 };
extern const char *const rep_field_name[REP_NFIELDS];
char *rep_field_value(const struct rep_scan *s, int field);
/* "glibc 2.36", or "unknown libc". */
char *rep_libc(const struct rep_scan *s);

/* Writers: a per-scan report when r->n == 1, a matrix otherwise. Write to f;
 * the caller checks ferror(). */
void report_html(const struct report *r, FILE *f);
void report_md(const struct report *r, FILE *f);
void report_csv(const struct report *r, FILE *f);
void report_json(const struct report *r, FILE *f);
/* Writes the run of bytes at s that `plain` lets through as they are, in one
 * write; returns where it stopped (a byte to escape, or the NUL). */
const unsigned char *rep_put_plain(FILE *f, const unsigned char *s, int (*plain)(unsigned char));

/* HTML text with the five specials escaped (text and quoted attributes);
 * the page's start up to <body> (CSP, stylesheet), for other HTML pages. */
void rep_h(FILE *f, const char *s);
void rep_html_head(FILE *f, const char *title);

/* The stylesheet and script inlined into every HTML report. */
extern const char rep_css[];
extern const char rep_js[];

/* Output formats, as a bit set. */
enum {
	RF_HTML = 1,
	RF_MD = 2,
	RF_CSV = 4,
	RF_JSON = 8,
	RF_ALL = 15,
};
/* Parses "html,md,csv,json" or "all" into *fmt; err_set(EXIT_USAGE). */
int report_parse_formats(const char *s, int *fmt);

/* Copies the ids of sysroot scans among ids into out (kernel trees carry
 * tables but no verdicts); returns how many. out may be ids. */
size_t report_sysroot_scans(struct db *db, const int64_t *ids, size_t n, int64_t *out);
/* Writes the reports of scans `ids` under outdir: outdir/<dir>/ per scan and,
 * for several scans, outdir/matrix/. Scans of kernel trees are skipped; with
 * none left it does nothing. When `summary` is set, prints the counts per
 * class per scan there (colored as stdout would be). With `jobs` > 1 and several scans, jobs - 1
 * forked processes write the per-scan dirs while this one writes the
 * matrix. Returns 0 or -1 with err_set(). */
int report_run(struct db *db, const int64_t *ids, size_t n, const char *outdir, int fmt,
	       FILE *summary, int jobs);
/* Writes outdir/matrix/ alone, of scans `ids` (kernel trees skipped), when
 * two or more are left. 0, or -1 with err_set(). */
int report_matrix(struct db *db, const int64_t *ids, size_t n, const char *outdir, int fmt);
/* While -j workers still scan: loads scan id (with its verdicts) after the
 * scans already given and writes its per-scan dir under outdir (all
 * formats), so that report_run() of the same scans, in the same order, only
 * loads and writes the rest. On failure nothing is kept (report_run() then
 * writes everything and says the error). */
int report_early(struct db *db, int64_t id, const char *outdir);
/* Forgets the scans report_early() wrote. */
void report_early_drop(void);

#endif
