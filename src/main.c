/* main.c: syscov's entry point: the subcommand table, --version, --help,
 * and the one place where an error becomes a message and an exit code. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "progress.h"

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

const struct cmd cmd_table[] = {
	{"audit", cmd_audit, "scan, classify, report and generate for a sysroot (default /)"},
	{"scan", cmd_scan, "scan a sysroot or kernel tree into the database"},
	{"list", cmd_list, "print the scanned syscall tables"},
	{"show", cmd_show, "print every fact known about one syscall"},
	{"classify", cmd_classify, "classify each syscall: wrapped, obsolete, internal, missing"},
	{"diff", cmd_diff, "compare the verdicts of two scans"},
	{"gen", cmd_gen, "generate typed C wrappers for the missing syscalls"},
	{"report", cmd_report, "write the coverage reports (HTML, Markdown, CSV, JSON)"},
	{"arches", cmd_arches, "print the ABIs syscov knows"},
	{"timeline", cmd_timeline, "when the kernel gained each syscall and each libc wrapped it"},
	{NULL, NULL, NULL},
};

static void usage(FILE *f)
{
	fprintf(f, "Usage: syscov [--version] [--help] COMMAND [OPTIONS] [ARGS]\n\n"
		   "Audits which Linux system calls a C library wraps, per architecture.\n\n"
		   "Commands:\n");
	for (const struct cmd *c = cmd_table; c->name; c++)
		fprintf(f, "  %-10s %s\n", c->name, c->summary);
	fprintf(f, "\nRun 'syscov COMMAND --help' for a command's options.\n"
		   "Exit codes: 0 ok, 1 --fail-on matched, 2 usage error, 3 unreadable or\n"
		   "invalid input, 4 database error, 5 output error, 70 internal error.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("syscov %s\n", SYSCOV_VERSION);
		return 0;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	/* syscov reads no input from stdin: a header's #include "/dev/stdin"
	 * (or /proc/self/fd/0) must not wait on a pipe or a terminal */
	int null = open("/dev/null", O_RDONLY);
	if (null > 0 && dup2(null, STDIN_FILENO) == STDIN_FILENO)
		close(null);
	for (const struct cmd *c = cmd_table; c->name; c++) {
		if (strcmp(c->name, argv[1]))
			continue;
		int rc = c->run(argc - 1, argv + 1);
		progress_clear();
		if (rc < 0) {
			fprintf(stderr, "syscov %s: %s\n", c->name, err_msg());
			return err_code();
		}
		return rc;
	}
	fprintf(stderr, "syscov: unknown command '%s' (see syscov --help)\n", argv[1]);
	return EXIT_USAGE;
}
