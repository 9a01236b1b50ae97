/* cli.h: the subcommand table and the options every subcommand shares.
 *
 * Each subcommand lives in its own cmd_<name>.c with its own help text and
 * is listed once in main.c's table (bpftool style). Common options are parsed
 * by cli_parse(), which hands unknown ones back to the subcommand. */
#ifndef SYSCOV_CLI_H
#define SYSCOV_CLI_H

#include <getopt.h>

#include "base/db.h"
#include "base/sysroot.h"
#include "base/util.h"
#include "scan/scan.h"

struct cmd {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
	/* the values its --format takes, for `syscov help --formats CMD`
	 * (bash completion); NULL: no --format */
	const char *const *formats;
};

/* Options shared by the subcommands; each takes the subset its help lists. */
struct cli {
	const char *db;          /* --db FILE (default syscov.db) */
	const char *format;      /* --format FMT */
	const char *output;      /* -o / --output PATH */
	const char *kernel_src;  /* --kernel-src DIR */
	const char *scan;        /* --scan LABEL|ID: select scans */
	const char *fail_on;     /* --fail-on CLASS[,...] */
	const char *only;        /* --only a,b,c */
	int all;                 /* --all */
	struct scan_opts so;     /* --man-dir DIR, --no-man */
	int jobs;                /* -j N */
	int classify;            /* audit: -j workers classify what they scan */
	struct sysroot_opts sr;  /* --arch, --include, --libdir */
	struct strv arches;      /* --arch given several times or as a list */
	struct strv args;        /* positional arguments */
};

/* Option ids for long options without a short form. */
enum {
	OPT_DB = 256, OPT_FORMAT, OPT_KERNEL_SRC, OPT_MAN_DIR, OPT_ARCH, OPT_INCLUDE,
	OPT_LIBDIR, OPT_SCAN, OPT_FAIL_ON, OPT_ONLY, OPT_ALL, OPT_NO_MAN, OPT_HELP,
	OPT_CMD_FIRST = 512, /* subcommands number their own options from here */
};

/* Parses argv against `opts` (subset of the shared ones plus the command's
 * own). For an option it does not know it calls own(c, optarg, ctx) when
 * given; `help` is printed for --help (returning 1: caller exits 0).
 * Returns 0, 1 for --help, or -1 with err_set(EXIT_USAGE). */
int cli_parse(struct cli *c, int argc, char **argv, const char *shortopts,
	      const struct option *opts, const char *help,
	      int (*own)(int opt, const char *arg, void *ctx), void *ctx);
void cli_free(struct cli *c);
/* --db given before the command (main.c), for every command's cli_db(). */
extern const char *cli_global_db;
/* The DB path to use: --db, $SYSCOV_DB, or "syscov.db". */
const char *cli_db(const struct cli *c);
/* The --format FMT of command `cmd`, checked against its formats in
 * cmd_table, whose first is the default; NULL after err_set(EXIT_USAGE)
 * naming them when FMT is not one. */
const char *cli_format(const struct cli *c, const char *cmd);
/* The name among names[0..n) nearest to `word` (a typo's "did you mean"),
 * or NULL when none is close. */
const char *cli_nearest(const char *word, const char *const *names, size_t n);
/* The one scan a --scan value names: an id, else a label; an error naming
 * `syscov scans` when none or several (a DB with duplicate labels). */
int cli_scan_id(struct db *db, const char *sel, int64_t *id);
/* The scans --scan names (cli_scan_id() each), else every sysroot scan
 * (of the libc `libc` when it is not NULL and the DB has one): *ids is
 * the caller's to free, *n may be 0. */
int cli_scan_ids(struct db *db, const struct strv *sel, const char *libc, int64_t **ids, size_t *n);

#define CLI_COMMON_OPTS                                                       \
	{"db", required_argument, NULL, OPT_DB},                              \
	{"help", no_argument, NULL, OPT_HELP},                                \
	{"quiet", no_argument, NULL, 'q'},                                    \
	{"verbose", no_argument, NULL, 'v'}

#define CLI_SYSROOT_OPTS                                                      \
	{"arch", required_argument, NULL, OPT_ARCH},                          \
	{"include", required_argument, NULL, OPT_INCLUDE},                    \
	{"libdir", required_argument, NULL, OPT_LIBDIR},                      \
	{"kernel-src", required_argument, NULL, OPT_KERNEL_SRC},              \
	{"man-dir", required_argument, NULL, OPT_MAN_DIR},                    \
	{"no-man", no_argument, NULL, OPT_NO_MAN}

/* The --need option of audit and classify (a subcommand's own option id). */
#define OPT_NEED (OPT_CMD_FIRST + 90)
#define CLASSIFY_HELP                                                          \
	"  --fail-on CLASS[,...]  exit 1 if a syscall of the classified scans is in\n" \
	"                   one of these classes (wrapped, obsolete, internal, missing)\n" \
	"  --need NAME[,...]  with --fail-on: look only at these syscalls\n"

/* Help text of the options above, for the subcommands' own help. */
#define CLI_COMMON_HELP                                                       \
	"  --db FILE        the database (default: $SYSCOV_DB or syscov.db)\n" \
	"  -q, --quiet      print errors only\n"                                \
	"  -v, --verbose    print progress and timings\n"                       \
	"  -h, --help       show this help\n"
#define CLI_SYSROOT_HELP                                                      \
	"  --arch ABI       the sysroot's ABI, when it cannot be detected or the\n" \
	"                   sysroot holds several (repeatable, or a,b,c)\n"     \
	"  --include DIR    a header dir inside the sysroot (repeatable; split layouts)\n" \
	"  --libdir DIR     a library dir inside the sysroot (repeatable)\n"    \
	"  --kernel-src DIR scan a kernel source tree's tables, all arches\n"  \
	"  --man-dir DIR    man pages to read (default: the sysroot's, else the host's)\n" \
	"  --no-man         read no man pages\n"

extern const struct cmd cmd_table[];

int cmd_audit(int argc, char **argv);
int cmd_scan(int argc, char **argv);
int cmd_scans(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_classify(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_arches(int argc, char **argv);
int cmd_timeline(int argc, char **argv);
int cmd_usage(int argc, char **argv);
int cmd_upstream(int argc, char **argv);

#endif
