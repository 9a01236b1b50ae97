/* main.c: syscov's entry point: the subcommand table, --version, --help,
 * and the one place where an error becomes a message and an exit code. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "progress.h"

#ifndef SYSCOV_VERSION
#define SYSCOV_VERSION "0"
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
