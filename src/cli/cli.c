/* cli.c: parsing of the options shared by subcommands (see cli.h), and
 * the messages for a mistyped one: the option named in full as typed, and
 * the nearest known name ("did you mean"), as git and sqlite3 do. */
#include "cli/cli.h"

#include <stdlib.h>
#include <string.h>

const char *cli_global_db;

/* Optimal string alignment distance (a swap of two neighbours is one
 * edit: "lsit" -> "list"), capped: only small distances matter here. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	if (n > 64 || m > 64)
		return 99;
	size_t d[65][65];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= n; i++) {
		for (size_t j = 1; j <= m; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[n][m];
}

const char *cli_nearest(const char *word, const char *const *names, size_t n)
{
	/* one edit for short words, two from 5 letters on: "ls" is no "gen" */
	size_t limit = strlen(word) < 5 ? 1 : 2, best = limit + 1;
	const char *found = NULL;
	for (size_t i = 0; i < n; i++) {
		size_t d = edit_distance(word, names[i]);
		if (d < best) {
			best = d;
			found = names[i];
		}
	}
	return found;
}

/* The message for an unknown option `arg` (as typed, "--fromat=json"). */
static int unknown_option(const char *cmd, const char *arg, const struct option *opts)
{
	if (arg[0] != '-' || arg[1] != '-')
		return err_set(EXIT_USAGE, "unknown option '%s' (see 'syscov %s --help')", arg, cmd);
	size_t len = strcspn(arg + 2, "=");
	char *word = xstrndup(arg + 2, len);
	struct strv names = {0};
	for (const struct option *o = opts; o->name; o++)
		strv_push(&names, o->name);
	const char *near = cli_nearest(word, (const char *const *)names.v, names.n);
	if (near && !strcmp(near, word)) { /* --all=x */
		err_set(EXIT_USAGE, "option '--%s' takes no argument (see 'syscov %s --help')", word, cmd);
		goto out;
	}
	/* a prefix of several (getopt_long takes a unique one) */
	if (!near) {
		size_t k = 0;
		for (size_t i = 0; i < names.n; i++)
			k += !strncmp(names.v[i], word, len);
		if (k > 1) {
			err_set(EXIT_USAGE, "option '--%s' is ambiguous (see 'syscov %s --help')", word, cmd);
			goto out;
		}
	}
	if (near)
		err_set(EXIT_USAGE, "unknown option '--%s'; did you mean '--%s'? (see 'syscov %s --help')",
			word, near, cmd);
	else
		err_set(EXIT_USAGE, "unknown option '--%s' (see 'syscov %s --help')", word, cmd);
out:
	strv_free(&names);
	free(word);
	return -1;
}

/* The message for an option given without its argument. */
static int missing_argument(const char *cmd, int id, const struct option *opts)
{
	for (const struct option *o = opts; o->name; o++)
		if (o->val == id && !o->flag)
			return err_set(EXIT_USAGE, "option '--%s' needs an argument (see 'syscov %s --help')",
				       o->name, cmd);
	return err_set(EXIT_USAGE, "option '-%c' needs an argument (see 'syscov %s --help')", id, cmd);
}

int cli_parse(struct cli *c, int argc, char **argv, const char *shortopts,
	      const struct option *opts, const char *help,
	      int (*own)(int opt, const char *arg, void *ctx), void *ctx)
{
	/* ':' first: a missing argument is told from an unknown option; -h is
	 * every command's --help */
	char *so = xasprintf(":h%s", shortopts);
	int o, rc = 0;
	optind = 1;
	opterr = 0;
	while (rc == 0 && (o = getopt_long(argc, argv, so, opts, NULL)) != -1) {
		switch (o) {
		case 'h':
		case OPT_HELP:
			fputs(help, stdout);
			rc = 1;
			break;
		case 'q': g_verbosity = 0; break;
		case 'v': g_verbosity = 2; break;
		case OPT_DB: c->db = optarg; break;
		case OPT_FORMAT: c->format = optarg; break;
		case 'o': c->output = optarg; break;
		case OPT_KERNEL_SRC: c->kernel_src = optarg; break;
		case OPT_MAN_DIR: c->so.man_dir = optarg; break;
		case OPT_SCAN:
			if (c->scan) /* the last one would silently win */
				rc = err_set(EXIT_USAGE, "--scan given twice: one scan at a time (see --help)");
			c->scan = optarg;
			break;
		case OPT_FAIL_ON: c->fail_on = optarg; break;
		case OPT_ONLY: c->only = optarg; break;
		case OPT_ALL: c->all = 1; break;
		case OPT_NO_MAN: c->so.no_man = 1; break;
		case 'j': {
			char *end;
			long n = strtol(optarg, &end, 10);
			if (*end || n < 1 || n > 256)
				rc = err_set(EXIT_USAGE, "-j takes a number from 1 to 256, not '%s'", optarg);
			c->jobs = (int)n;
			break;
		}
		case OPT_ARCH: {
			size_t had = c->arches.n;
			split_list(optarg, &c->arches);
			if (c->arches.n == had)
				rc = err_set(EXIT_USAGE, "--arch takes ABI names (syscov arches lists them)");
			break;
		}
		case OPT_INCLUDE: strv_push(&c->sr.include, optarg); break;
		case OPT_LIBDIR: strv_push(&c->sr.libdir, optarg); break;
		case ':':
			rc = missing_argument(argv[0], optopt, opts);
			break;
		case '?':
			/* optopt: the unknown short option; 0 for an unknown
			 * long one, its id for one given an argument it takes
			 * none of; getopt_long has stepped past a long one */
			if (optopt > 0 && optopt < 128 && strncmp(argv[optind - 1], "--", 2))
				rc = err_set(EXIT_USAGE, "unknown option '-%c' (see 'syscov %s --help')",
					     optopt, argv[0]);
			else
				rc = unknown_option(argv[0], argv[optind - 1], opts);
			break;
		default:
			if (!own || own(o, optarg, ctx) < 0)
				rc = own ? -1 : err_set(EXIT_USAGE, "%s: unexpected option", argv[0]);
		}
	}
	free(so);
	if (rc != 0)
		return rc;
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
	if (cli_global_db)
		return cli_global_db;
	const char *e = getenv("SYSCOV_DB");
	return e && *e ? e : "syscov.db";
}

const char *cli_format(const struct cli *c, const char *cmd)
{
	const struct cmd *t = cmd_table;
	while (strcmp(t->name, cmd))
		t++;
	struct buf known = {0};
	for (const char *const *f = t->formats; *f; f++) {
		if (!c->format || !strcmp(*f, c->format)) {
			buf_free(&known);
			return *f;
		}
		buf_printf(&known, "%s%s", f == t->formats ? "" : f[1] ? ", " : " or ", *f);
	}
	err_set(EXIT_USAGE, "--format %s: %s prints %s", c->format, cmd, known.p);
	buf_free(&known);
	return NULL;
}

int cli_scan_id(struct db *db, const char *sel, int64_t *id)
{
	/* an id first: a label that is a number names no other scan */
	char *q = sqlite3_mprintf("SELECT count(*), min(id), max(id) FROM scan WHERE CAST(id AS TEXT) = %Q"
				  " OR (label = %Q AND NOT EXISTS (SELECT 1 FROM scan WHERE CAST(id AS TEXT) = %Q))",
				  sel, sel, sel);
	sqlite3_stmt *st;
	int rc = db_prepare(db, &st, q);
	sqlite3_free(q);
	if (rc < 0)
		return -1;
	int64_t n = 0, lo = 0, hi = 0;
	if (sqlite3_step(st) == SQLITE_ROW) {
		n = sqlite3_column_int64(st, 0);
		lo = sqlite3_column_int64(st, 1);
		hi = sqlite3_column_int64(st, 2);
	}
	sqlite3_finalize(st);
	if (!n)
		return err_set(EXIT_USAGE, "--scan %s: no scan with this label or id in %s (syscov scans lists them)",
			       sel, db->path);
	/* a DB written before labels were made unique (db.c) */
	if (n > 1)
		return err_set(EXIT_USAGE, "--scan %s: the label of %lld scans in %s (ids %lld to %lld): "
					   "give an id (syscov scans lists them)",
			       sel, (long long)n, db->path, (long long)lo, (long long)hi);
	*id = lo;
	return 0;
}

int cli_scan_ids(struct db *db, const struct strv *sel, const char *libc, int64_t **ids, size_t *n)
{
	*n = 0;
	*ids = xcalloc(sel->n + 1, sizeof(**ids));
	for (size_t i = 0; i < sel->n; i++)
		if (cli_scan_id(db, sel->v[i], &(*ids)[(*n)++]) < 0)
			return -1;
	if (sel->n)
		return 0;
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT id FROM scan WHERE kind='sysroot' AND (?1 IS NULL"
			       " OR libc_flavour = ?1 OR NOT EXISTS (SELECT 1 FROM scan WHERE libc_flavour = ?1))"
			       " ORDER BY id") < 0)
		return -1;
	if (libc)
		db_bind_text(st, 1, libc);
	size_t cap = 1;
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (*n == cap) {
			cap *= 2;
			*ids = xrealloc(*ids, cap * sizeof(**ids));
		}
		(*ids)[(*n)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	return 0;
}
