/* cmd_diff.c: This file contains `syscov diff A B`: what changed between the
 * verdicts of two scans (by label or id): syscalls whose class, wrapper,
 * since or flags differ, and those present in one scan only. Text or JSON. */
#include <stdlib.h>
#include <string.h>

#include "verdict/classify.h"
#include "cli/cli.h"
#include "base/json.h"

static const char help[] =
	"Usage: syscov diff [OPTIONS] A B\n\n"
	"Compares the verdicts of scans A and B (labels or ids, see 'syscov scans'\n"
	"and 'syscov classify'): every syscall whose class, wrapper, since or flags\n"
	"differ, and the syscalls in one scan's table only. A since that one side\n"
	"lacks (an unversioned libc such as musl) is no difference. A line before\n"
	"the counts names what B newly wraps (two releases: what the newer one added).\n\n"
	"Options:\n"
	"  --fields LIST    compare only these of class, wrapper, since, flags\n"
	"                   (default: all; 'class' for coverage changes only)\n"
	"  --format FMT     text (default) or json\n" CLI_COMMON_HELP;

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"format", required_argument, NULL, OPT_FORMAT},
	{"fields", required_argument, NULL, OPT_CMD_FIRST},
	{0},
};

static const char *const fields[] = {"class", "wrapper", "since", "flags"};

/* --fields: the fields compared, as a list of names. */
static int own(int opt, const char *arg, void *ctx)
{
	struct strv *sv = ctx;
	if (opt != OPT_CMD_FIRST)
		return err_set(EXIT_USAGE, "unexpected option");
	split_list(arg, sv);
	for (size_t i = 0; i < sv->n; i++) {
		int ok = 0;
		for (size_t k = 0; k < ARRAY_SIZE(fields); k++)
			ok |= !strcmp(sv->v[i], fields[k]);
		if (!ok)
			return err_set(EXIT_USAGE, "--fields %s: not a verdict field (class, wrapper, "
						   "since, flags)", sv->v[i]);
	}
	return 0;
}

/* One scan by label or id; an ambiguous label is an error. */
static int resolve(struct db *db, const char *sel, int64_t *id, char **label)
{
	int64_t *ids;
	size_t n;
	if (classify_select(db, sel, &ids, &n) < 0)
		return err_set(EXIT_USAGE, "no sysroot scan '%s' in %s (syscov scans lists them)", sel,
			       db->path);
	if (n > 1) {
		free(ids);
		return err_set(EXIT_USAGE, "'%s' names %zu scans in %s: give an id (syscov scans lists them)", sel, n,
			       db->path);
	}
	*id = ids[0];
	free(ids);
	sqlite3_stmt *st;
	if (db_prepare(db, &st, "SELECT label, (SELECT COUNT(*) FROM verdict WHERE scan_id = ?1)"
				" FROM scan WHERE id = ?1") < 0)
		return -1;
	sqlite3_bind_int64(st, 1, *id);
	int nv = 0;
	if (sqlite3_step(st) == SQLITE_ROW) {
		*label = xstrdup((const char *)sqlite3_column_text(st, 0));
		nv = sqlite3_column_int(st, 1);
	}
	sqlite3_finalize(st);
	if (!nv)
		return err_set(EXIT_USAGE, "scan '%s' has no verdicts: run 'syscov classify' first",
			       sel);
	return 0;
}

static const char *txt(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static int same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static void json_side(struct json *j, const char *key, sqlite3_stmt *st, int off)
{
	json_key(j, key);
	json_obj_begin(j);
	for (int i = 0; i < 4; i++)
		json_kstr(j, fields[i], txt(st, off + i));
	json_obj_end(j);
}

/* "wrapped gettid GLIBC_2.30 [alias]" */
static void text_side(sqlite3_stmt *st, int off)
{
	printf("%s", txt(st, off));
	if (txt(st, off + 1))
		printf(" %s", txt(st, off + 1));
	if (txt(st, off + 2))
		printf(" %s", txt(st, off + 2));
	if (txt(st, off + 3) && *txt(st, off + 3))
		printf(" [%s]", txt(st, off + 3));
}

int cmd_diff(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	int64_t ida = 0, idb = 0;
	char *la = NULL, *lb = NULL;
	sqlite3_stmt *st = NULL;
	struct strv want = {0};
	int rc = cli_parse(&c, argc, argv, "qv", opts, help, own, &want);
	if (rc == 1) {
		cli_free(&c);
		strv_free(&want);
		return 0;
	}
	if (!want.n)
		for (size_t i = 0; i < ARRAY_SIZE(fields); i++)
			strv_push(&want, fields[i]);
	const char *fmt = c.format ? c.format : "text";
	if (rc == 0 && strcmp(fmt, "text") && strcmp(fmt, "json"))
		rc = err_set(EXIT_USAGE, "--format %s: diff prints text or json", fmt);
	if (rc == 0 && c.args.n != 2)
		rc = err_set(EXIT_USAGE, "diff takes two scans, A and B (see --help)");
	if (rc == 0)
		rc = db_open(&db, cli_db(&c), 0);
	if (rc == 0)
		rc = resolve(&db, c.args.v[0], &ida, &la);
	if (rc == 0)
		rc = resolve(&db, c.args.v[1], &idb, &lb);
	/* a full outer join by name, ordered by A's number, then B's */
	if (rc == 0)
		rc = db_prepare(&db, &st,
				"WITH a AS (SELECT * FROM verdict WHERE scan_id = ?1),"
				" b AS (SELECT * FROM verdict WHERE scan_id = ?2),"
				" n AS (SELECT name FROM a UNION SELECT name FROM b)"
				" SELECT n.name, a.name IS NOT NULL, b.name IS NOT NULL,"
				" a.class, a.wrapper, a.since, a.flags, b.class, b.wrapper, b.since, b.flags,"
				" a.nr, b.nr FROM n LEFT JOIN a ON a.name = n.name"
				" LEFT JOIN b ON b.name = n.name"
				" ORDER BY a.nr IS NULL, a.nr, b.nr, n.name");
	if (rc == 0) {
		sqlite3_bind_int64(st, 1, ida);
		sqlite3_bind_int64(st, 2, idb);
		int json = !strcmp(fmt, "json"), changed = 0, only_a = 0, only_b = 0;
		struct strv newly = {0};
		struct json j;
		if (json) {
			json_init(&j, stdout, 1);
			json_obj_begin(&j);
			json_kstr(&j, "a", la);
			json_kint(&j, "a_id", ida);
			json_kstr(&j, "b", lb);
			json_kint(&j, "b_id", idb);
			json_key(&j, "changes");
			json_arr_begin(&j);
		} else {
			printf("--- %s (scan %lld)\n+++ %s (scan %lld)\n", la, (long long)ida, lb,
			       (long long)idb);
		}
		while (sqlite3_step(st) == SQLITE_ROW) {
			int ina = sqlite3_column_int(st, 1), inb = sqlite3_column_int(st, 2);
			const char *what = ina && inb ? "changed" : ina ? "only-a" : "only-b";
			struct strv diff = {0};
			/* wrapped in B, not in A (or not in A's table): a release's news */
			if (inb && !strcmp(txt(st, 7), "wrapped") && (!ina || strcmp(txt(st, 3), "wrapped")))
				strv_push(&newly, txt(st, 0));
			if (ina && inb)
				for (int i = 0; i < 4; i++)
					/* an unversioned libc (musl) cannot say since
					 * when: a missing since is no difference */
					if (strv_contains(&want, fields[i]) &&
					    !same(txt(st, 3 + i), txt(st, 7 + i)) &&
					    !(i == 2 && (!txt(st, 5) || !txt(st, 9))))
						strv_push(&diff, fields[i]);
			if (ina && inb && !diff.n)
				continue;
			changed += ina && inb;
			only_a += !inb;
			only_b += !ina;
			if (json) {
				json_obj_begin(&j);
				json_kstr(&j, "name", txt(st, 0));
				json_kstr(&j, "change", what);
				if (ina)
					json_side(&j, "a", st, 3);
				if (inb)
					json_side(&j, "b", st, 7);
				json_key(&j, "fields");
				json_arr_begin(&j);
				for (size_t i = 0; i < diff.n; i++)
					json_str(&j, diff.v[i]);
				json_arr_end(&j);
				json_obj_end(&j);
			} else {
				printf("%c %-24s ", ina && inb ? '~' : ina ? '-' : '+', txt(st, 0));
				if (ina)
					text_side(st, 3);
				else
					printf("(not in %s's table)", la);
				printf(" -> ");
				if (inb)
					text_side(st, 7);
				else
					printf("(not in %s's table)", lb);
				putchar('\n');
			}
			strv_free(&diff);
		}
		strv_sort(&newly);
		if (json) {
			json_arr_end(&j);
			json_key(&j, "summary");
			json_obj_begin(&j);
			json_kint(&j, "changed", changed);
			json_kint(&j, "only_a", only_a);
			json_kint(&j, "only_b", only_b);
			json_key(&j, "newly_wrapped");
			json_arr_begin(&j);
			for (size_t i = 0; i < newly.n; i++)
				json_str(&j, newly.v[i]);
			json_arr_end(&j);
			json_obj_end(&j);
			json_obj_end(&j);
		} else {
			printf("newly wrapped in %s:", lb);
			for (size_t i = 0; i < newly.n; i++)
				printf(" %s", newly.v[i]);
			printf("%s\n", newly.n ? "" : " (none)");
			printf("%d changed, %d only in %s, %d only in %s\n", changed, only_a, la, only_b,
			       lb);
		}
		strv_free(&newly);
		if (sqlite3_errcode(db.h) != SQLITE_DONE && sqlite3_errcode(db.h) != SQLITE_OK &&
		    sqlite3_errcode(db.h) != SQLITE_ROW)
			rc = db_fail(&db, "diff");
	}
	sqlite3_finalize(st);
	free(la);
	free(lb);
	strv_free(&want);
	db_close(&db);
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}
