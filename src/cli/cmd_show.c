/* cmd_show.c: `syscov show NAME`: every fact known about one syscall, across
 * every scan in the DB. Each kind of fact is one query in `sections`; a
 * source that adds facts adds a row there. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "base/db.h"
#include "base/json.h"

static const char help[] =
	"Usage: syscov show [OPTIONS] NAME\n\n"
	"Prints every fact the database holds about the syscall NAME, per scan:\n"
	"kernel table rows, and the libc, header and man-page facts once scanned;\n"
	"the verdict's evidence one fact a line. Exits 2 when no scan knows NAME.\n\n"
	"Options:\n"
	"  --format FMT     text (default) or json\n" CLI_COMMON_HELP;

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"format", required_argument, NULL, OPT_FORMAT},
	{0},
};

/* Each query takes ?1 = the syscall name. */
static const struct {
	const char *title;
	const char *sql;
} sections[] = {
	{"kernel",
	 "SELECT s.label AS scan, k.arch, k.abi, k.nr, k.entry, k.implemented, k.private, k.source"
	 " FROM ksyscall k JOIN scan s ON s.id = k.scan_id WHERE k.name = ?1"
	 " ORDER BY s.id, k.arch"},
	{"libc",
	 "SELECT s.label AS scan, s.libc_flavour AS flavour, s.libc_version AS libc_version,"
	 " l.path AS lib, y.version, y.is_default, y.type, y.bind"
	 " FROM libc_symbol y JOIN libc_lib l ON l.id = y.lib_id JOIN scan s ON s.id = y.scan_id"
	 " WHERE y.name = ?1 ORDER BY s.id, l.id, y.is_default DESC, y.version"},
	{"headers",
	 "SELECT s.label AS scan, d.header, d.line, d.proto, d.nparams, d.variadic"
	 " FROM decl d JOIN scan s ON s.id = d.scan_id WHERE d.name = ?1 ORDER BY s.id"},
	{"man",
	 "SELECT s.label AS scan, p.file, p.alias_of, p.nowrap, p.kernel_since, p.glibc_since,"
	 " p.removed, (SELECT group_concat(m.text, ' | ') FROM man_proto m"
	 " WHERE m.page_id = p.id AND m.name = ?1) AS proto,"
	 " (SELECT k.kernel FROM man_syscalls k WHERE k.scan_id = p.scan_id AND k.name = ?1)"
	 " AS syscalls_2"
	 " FROM man_page p JOIN man_name n ON n.page_id = p.id JOIN scan s ON s.id = p.scan_id"
	 " WHERE n.name = ?1 ORDER BY s.id, p.alias_of IS NOT NULL, p.file"},
	{"verdict",
	 "SELECT s.label AS scan, v.nr, v.class, v.wrapper, v.since, v.flags, v.evidence"
	 " FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE v.name = ?1 ORDER BY s.id"},
	/* syscov usage: the scanned programs making it by hand, the libc's own files aside */
	{"usage",
	 "SELECT f.root AS scan, 'by hand' AS how, count(DISTINCT coalesce(f.package, f.path))"
	 " AS packages, count(DISTINCT f.id) AS files, group_concat(DISTINCT coalesce(f.package,"
	 " f.path)) AS which FROM usage_call c JOIN usage_file f ON f.id = c.file_id"
	 " WHERE c.kind = 'const' AND (f.arch, c.nr) IN (SELECT DISTINCT arch, nr FROM ksyscall"
	 " WHERE name = ?1) AND f.path NOT IN (SELECT path FROM libc_lib) GROUP BY f.root"},
};

/* One row in text: "  SCAN: col value, col value" (NULL and empty cells
 * left out), then the verdict's evidence one fact a line. */
static int print_row_text(struct db *db, sqlite3_stmt *st, int ncol)
{
	const char *evidence = NULL;
	printf("  %s:", (const char *)sqlite3_column_text(st, 0));
	for (int i = 1, n = 0; i < ncol; i++) {
		const char *k = sqlite3_column_name(st, i), *v = (const char *)sqlite3_column_text(st, i);
		if (!strcmp(k, "evidence"))
			evidence = v;
		else if (v && *v)
			printf("%s %s %s", n++ ? "," : "", k, v);
	}
	putchar('\n');
	if (!evidence)
		return 0;
	sqlite3_stmt *ev;
	if (db_prepare(db, &ev, "SELECT json_extract(value, '$.source'), json_extract(value, '$.fact')"
				" FROM json_each(?1)") < 0)
		return -1;
	db_bind_text(ev, 1, evidence);
	while (sqlite3_step(ev) == SQLITE_ROW)
		printf("    %s: %s\n", (const char *)sqlite3_column_text(ev, 0),
		       (const char *)sqlite3_column_text(ev, 1));
	sqlite3_finalize(ev);
	return 0;
}

static int print_section(struct db *db, int idx, const char *name, struct json *j)
{
	sqlite3_stmt *st;
	if (db_prepare(db, &st, sections[idx].sql) < 0)
		return -1;
	db_bind_text(st, 1, name);
	int ncol = sqlite3_column_count(st), rows = 0, rc = 0;
	if (j) {
		json_key(j, sections[idx].title);
		json_arr_begin(j);
	}
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		if (!j) {
			if (!rows++)
				printf("%s\n", sections[idx].title);
			rc = print_row_text(db, st, ncol);
			continue;
		}
		rows++;
		json_obj_begin(j);
		for (int i = 0; i < ncol; i++) {
			json_key(j, sqlite3_column_name(st, i));
			if (sqlite3_column_type(st, i) == SQLITE_INTEGER)
				json_int(j, sqlite3_column_int64(st, i));
			else
				json_str(j, (const char *)sqlite3_column_text(st, i));
		}
		json_obj_end(j);
	}
	if (j)
		json_arr_end(j);
	sqlite3_finalize(st);
	return rc < 0 ? -1 : rows;
}

/* The syscall name nearest to a `name` no scan knows, for the message. */
static char *nearest_syscall(struct db *db, const char *name)
{
	sqlite3_stmt *st;
	struct strv names = {0};
	if (db_prepare(db, &st, "SELECT DISTINCT name FROM ksyscall") < 0)
		return NULL;
	while (sqlite3_step(st) == SQLITE_ROW)
		strv_push(&names, (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	const char *near = cli_nearest(name, (const char *const *)names.v, names.n);
	char *r = near ? xstrdup(near) : NULL;
	strv_free(&names);
	return r;
}

int cmd_show(int argc, char **argv)
{
	struct cli c = {0};
	struct db db = {0};
	int rc = cli_parse(&c, argc, argv, "qv", opts, help, NULL, NULL);
	const char *fmt = c.format ? c.format : "text";
	if (rc == 0 && strcmp(fmt, "text") && strcmp(fmt, "json"))
		rc = err_set(EXIT_USAGE, "--format %s: show prints text or json", fmt);
	if (rc == 0 && c.args.n != 1)
		rc = err_set(EXIT_USAGE, "show takes one syscall name (see --help)");
	if (rc == 0)
		rc = db_open(&db, cli_db(&c), 0);
	if (rc == 0) {
		struct json j;
		int json = !strcmp(fmt, "json"), found = 0;
		if (json) {
			json_init(&j, stdout, 1);
			json_obj_begin(&j);
			json_kstr(&j, "name", c.args.v[0]);
		}
		for (size_t i = 0; i < ARRAY_SIZE(sections) && rc == 0; i++) {
			int n = print_section(&db, (int)i, c.args.v[0], json ? &j : NULL);
			if (n < 0)
				rc = -1;
			found += n > 0;
		}
		if (json)
			json_obj_end(&j);
		/* json prints its empty sections; text nothing: both exit 2 */
		if (rc == 0 && !found) {
			char *near = nearest_syscall(&db, c.args.v[0]);
			err_clear();
			rc = err_set(EXIT_USAGE, "no facts about '%s' in %s%s%s%s", c.args.v[0], db.path,
				     near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
			free(near);
		}
	}
	db_close(&db);
	cli_free(&c);
	return rc < 0 ? -1 : 0;
}
