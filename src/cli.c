/* cli.c: parsing of the options shared by subcommands (see cli.h). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int cli_parse(struct cli *c, int argc, char **argv, const char *shortopts,
	      const struct option *opts, const char *help,
	      int (*own)(int opt, const char *arg, void *ctx), void *ctx)
{
	int o;
	optind = 1;
	opterr = 0;
	while ((o = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
		switch (o) {
		case OPT_HELP:
			fputs(help, stdout);
			return 1;
		case 'q': g_verbosity = 0; break;
		case 'v': g_verbosity = 2; break;
		case OPT_DB: c->db = optarg; break;
		case OPT_FORMAT: c->format = optarg; break;
		case 'o': c->output = optarg; break;
		case OPT_KERNEL_SRC: c->kernel_src = optarg; break;
		case OPT_MAN_DIR: c->man_dir = optarg; break;
		case OPT_SCAN:
			if (c->scan) /* the last one would silently win */
				return err_set(EXIT_USAGE, "--scan given twice: one scan at a time (see --help)");
			c->scan = optarg;
			break;
		case OPT_FAIL_ON: c->fail_on = optarg; break;
		case OPT_ONLY: c->only = optarg; break;
		case OPT_ALL: c->all = 1; break;
		case OPT_NO_MAN: c->no_man = 1; break;
		case 'j': {
			char *end;
			long n = strtol(optarg, &end, 10);
			if (*end || n < 1 || n > 256)
				return err_set(EXIT_USAGE, "-j takes a number from 1 to 256, not '%s'", optarg);
			c->jobs = (int)n;
			break;
		}
		case OPT_ARCH: {
			size_t had = c->arches.n;
			split_list(optarg, &c->arches);
			if (c->arches.n == had)
				return err_set(EXIT_USAGE, "--arch takes ABI names (syscov arches lists them)");
			break;
		}
		case OPT_INCLUDE: strv_push(&c->sr.include, optarg); break;
		case OPT_LIBDIR: strv_push(&c->sr.libdir, optarg); break;
		case '?':
			if (optopt)
				return err_set(EXIT_USAGE, "%s: option -%c unknown or missing its argument (see --help)",
					       argv[0], optopt);
			return err_set(EXIT_USAGE, "%s: unknown option or missing argument: %s (see --help)",
				       argv[0], argv[optind - 1]);
		default:
			if (!own || own(o, optarg, ctx) < 0)
				return own ? -1 : err_set(EXIT_USAGE, "%s: unexpected option", argv[0]);
		}
	}
	for (int i = optind; i < argc; i++)
		strv_push(&c->args, argv[i]);
	if (c->arches.n)
		c->sr.arch = c->arches.v[0];
	return 0;
}

void cli_free(struct cli *c)
{
	strv_free(&c->sr.include);
	strv_free(&c->sr.libdir);
	strv_free(&c->arches);
	strv_free(&c->args);
}

const char *cli_db(const struct cli *c)
{
	if (c->db)
		return c->db;
	const char *e = getenv("SYSCOV_DB");
	return e && *e ? e : "syscov.db";
}
