/* main.c: syscov's entry point: the subcommand table, --version, --help,
 * and the one place where an error becomes a message and an exit code. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "base/progress.h"

#ifndef SYSCOV_VERSION
#define SYSCOV_VERSION "0"
#endif

#ifdef __SANITIZE_ADDRESS__
/* ASan builds (SYSCOV_SANITIZE) only. GCC 12's sanitizer runtime takes a
 * dynamic TLS block (libLLVM's, once libclang is dlopen'ed) that starts 16
 * bytes into a page for one with glibc <= 2.24's header, and records the
 * two words before it as the block's range. glibc has had no such header
 * since 2.25, so the range is garbage (seen in every ASan audit of /:
 * ~32 GB at 0x1000000782) and LeakSanitizer's tracer crashed scanning it at
 * exit, "Tracer caught signal 11", when the thread that recorded it was
 * still alive (google/sanitizers#1322). Not recording dynamic TLS costs only
 * roots in libLLVM's TLS, whose allocations tests/lsan.supp leaves out
 * anyway. ASAN_OPTIONS still overrides it. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "intercept_tls_get_addr=0";
}
#endif

#define F(...) ((const char *const[]){__VA_ARGS__, NULL})
const struct cmd cmd_table[] = {
	{"audit", cmd_audit, "scan, classify, report and generate for a sysroot (default /)",
	 F("text", "json")},
	{"scan", cmd_scan, "scan a sysroot or kernel tree into the database", NULL},
	{"scans", cmd_scans, "list the scans in the database: id, label, sysroot, ABI, libc",
	 F("text", "json", "labels")},
	{"list", cmd_list, "print the scanned syscall tables", F("tsv", "json")},
	{"show", cmd_show, "print every fact known about one syscall", F("text", "json")},
	{"classify", cmd_classify, "classify each syscall: wrapped, obsolete, internal, missing",
	 F("text", "json")},
	{"diff", cmd_diff, "compare the verdicts of two scans", F("text", "json")},
	{"gen", cmd_gen, "generate typed C wrappers for the missing syscalls", NULL},
	{"report", cmd_report, "write the coverage reports (HTML, Markdown, CSV, JSON)",
	 F("html", "md", "csv", "json", "all")},
	{"arches", cmd_arches, "print the ABIs syscov knows", F("tsv", "names", "json")},
	{"timeline", cmd_timeline, "when the kernel gained each syscall and each libc wrapped it",
	 F("html", "json", "all", "none")},
	{"usage", cmd_usage, "which syscalls the programs call, by wrapper or by hand",
	 F("md", "json", "html", "all", "text")},
	{"upstream", cmd_upstream, "write the patch series adding wrappers to a libc's source",
	 NULL},
	{NULL, NULL, NULL, NULL},
};
#undef F

static void usage(FILE *f)
{
	fprintf(f, "Usage: syscov [--db FILE] [-q|-v] COMMAND [OPTIONS] [ARGS]\n"
		   "       syscov help COMMAND | syscov --version\n"
		   "       syscov help --commands | --formats COMMAND  (for completion)\n\n"
		   "Audits which Linux system calls a C library wraps, per architecture.\n\n"
		   "Commands:\n");
	for (const struct cmd *c = cmd_table; c->name; c++)
		fprintf(f, "  %-10s %s\n", c->name, c->summary);
	fprintf(f, "\nRun 'syscov help COMMAND' (or 'syscov COMMAND -h') for a command's options.\n"
		   "--db, -q and -v go before or after the command.\n"
		   "Exit codes: 0 ok, 1 --fail-on matched, 2 usage error, 3 unreadable or\n"
		   "invalid input, 4 database error, 5 output error, 70 internal error.\n");
}

/* The command named `name`, or NULL after a message with the nearest
 * one's name. */
static const struct cmd *find_cmd(const char *name)
{
	const char *names[ARRAY_SIZE(cmd_table)];
	size_t n = 0;
	for (const struct cmd *c = cmd_table; c->name; c++) {
		if (!strcmp(c->name, name))
			return c;
		names[n++] = c->name;
	}
	const char *near = cli_nearest(name, names, n);
	if (near)
		fprintf(stderr, "syscov: unknown command '%s'; did you mean '%s'? (see 'syscov --help')\n",
			name, near);
	else
		fprintf(stderr, "syscov: unknown command '%s' (see 'syscov --help')\n", name);
	return NULL;
}

/* Options before the command: those every command takes (--db, -q, -v)
 * and --help, --version. Returns the index of the command, 0 when done
 * (exit code in *rc). */
static int global_options(int argc, char **argv, int *rc)
{
	int i = 1;
	*rc = 0;
	for (; i < argc && argv[i][0] == '-'; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--version") || !strcmp(a, "-V")) {
			printf("syscov %s\n", SYSCOV_VERSION);
			return 0;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
			g_verbosity = 0;
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			g_verbosity = 2;
		} else if (str_starts(a, "--db=")) {
			cli_global_db = a + 5;
		} else if (!strcmp(a, "--db")) {
			if (i + 1 == argc) {
				fprintf(stderr, "syscov: option '--db' needs an argument (see 'syscov --help')\n");
				*rc = EXIT_USAGE;
				return 0;
			}
			cli_global_db = argv[++i];
		} else {
			fprintf(stderr, "syscov: unknown option '%s' before the command (these are --db FILE, "
					"-q, -v, --help, --version; see 'syscov --help')\n", a);
			*rc = EXIT_USAGE;
			return 0;
		}
	}
	if (i == argc) {
		usage(stderr);
		*rc = EXIT_USAGE;
		return 0;
	}
	return i;
}

int main(int argc, char **argv)
{
	int rc, i = global_options(argc, argv, &rc);
	if (!i)
		return rc;
	/* for bash completion: data, not help text to parse */
	if (!strcmp(argv[i], "help") && i + 1 < argc && !strcmp(argv[i + 1], "--commands")) {
		for (const struct cmd *c = cmd_table; c->name; c++)
			puts(c->name);
		return 0;
	}
	if (!strcmp(argv[i], "help") && i + 2 < argc && !strcmp(argv[i + 1], "--formats")) {
		const struct cmd *c = find_cmd(argv[i + 2]);
		for (const char *const *f = c ? c->formats : NULL; f && *f; f++)
			puts(*f);
		return c ? 0 : EXIT_USAGE;
	}
	/* `syscov help CMD`: CMD --help */
	char *help_argv[] = {NULL, "--help", NULL};
	if (!strcmp(argv[i], "help")) {
		if (i + 1 == argc) {
			usage(stdout);
			return 0;
		}
		help_argv[0] = argv[i + 1];
		argv = help_argv;
		argc = 2;
		i = 0;
	}
	const struct cmd *c = find_cmd(argv[i]);
	if (!c)
		return EXIT_USAGE;
	/* syscov reads no input from stdin: a header's #include "/dev/stdin"
	 * (or /proc/self/fd/0) must not wait on a pipe or a terminal */
	int null = open("/dev/null", O_RDONLY);
	if (null > 0 && dup2(null, STDIN_FILENO) == STDIN_FILENO)
		close(null);
	rc = c->run(argc - i, argv + i);
	progress_clear();
	if (rc < 0) {
		fprintf(stderr, "syscov %s: %s\n", c->name, err_msg());
		return err_code();
	}
	return rc;
}
