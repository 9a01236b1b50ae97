/* usage_need.c: This file contains what one scanned program needs: the
 * syscalls it can reach, as the union over it and the libraries it links
 * (DT_NEEDED, transitively, found among the scanned files of its root),
 * plus the dynamic loader (which runs before any of them), of each file's
 * own by-hand syscalls and, through each libc function it imports, what
 * that function issues by the libc's machine code (code_syscall). The
 * libc's own files contribute through their imported functions only.
 * What could not be resolved is said: indirect by-hand calls, imported
 * libc functions with an indirect fact, linked libraries not scanned. With
 * the kernel's since-versions (syscov timeline) the least kernel it needs,
 * and the syscalls it needs that the audited libc does not wrap. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "usage/usage.h"

struct need {
	struct strv name, how;   /* reached syscall, and the first way found */
	struct strv unresolved;  /* what may reach more */
	struct strv files;       /* the files of the closure */
	int64_t *ids;
	size_t nids;
};

static void reach(struct need *n, const char *name, char *how)
{
	for (size_t i = 0; i < n->name.n; i++)
		if (!strcmp(n->name.v[i], name)) {
			free(how);
			return;
		}
	strv_push(&n->name, name);
	strv_push_own(&n->how, how);
}

static int add_file(struct need *n, int64_t id, const char *path)
{
	for (size_t i = 0; i < n->nids; i++)
		if (n->ids[i] == id)
			return 0;
	n->ids = xrealloc(n->ids, (n->nids + 1) * sizeof(*n->ids));
	n->ids[n->nids++] = id;
	strv_push(&n->files, path);
	return 1;
}

/* The closure of DT_NEEDED over the files of the root */
static int closure(struct db *db, struct need *n, const char *root, const char *arch)
{
	sqlite3_stmt *lib, *need;
	if (db_prepare(db, &need, "SELECT needed FROM usage_file WHERE id = ?1") < 0)
		return -1;
	if (db_prepare(db, &lib, "SELECT id, path FROM usage_file WHERE root = ?1 AND arch IS ?2"
				 " AND (path LIKE '%/' || ?3 OR path LIKE '%/' || ?3 || '.%')"
				 " ORDER BY length(path), path LIMIT 1") < 0) {
		sqlite3_finalize(need);
		return -1;
	}
	for (size_t i = 0; i < n->nids; i++) {
		sqlite3_bind_int64(need, 1, n->ids[i]);
		char *list = sqlite3_step(need) == SQLITE_ROW && sqlite3_column_text(need, 0)
			? xstrdup((const char *)sqlite3_column_text(need, 0)) : NULL;
		sqlite3_reset(need);
		struct strv sv = {0};
		for (char *tok = list ? strtok(list, " ") : NULL; tok; tok = strtok(NULL, " "))
			strv_push(&sv, tok);
		for (size_t k = 0; k < sv.n; k++) {
			db_bind_text(lib, 1, root);
			db_bind_text(lib, 2, arch);
			db_bind_text(lib, 3, sv.v[k]);
			if (sqlite3_step(lib) == SQLITE_ROW)
				add_file(n, sqlite3_column_int64(lib, 0), (const char *)sqlite3_column_text(lib, 1));
			else
				strv_push_own(&n->unresolved, xasprintf("%s: linked, not scanned", sv.v[k]));
			sqlite3_reset(lib);
		}
		strv_free(&sv);
		free(list);
	}
	sqlite3_finalize(need);
	sqlite3_finalize(lib);
	return 0;
}

static int per_file(struct db *db, struct need *n, int64_t scan_id, size_t i)
{
	static const char *const sql[] = {
		/* own by-hand calls (the libc's files but the loader: through imports only) */
		"SELECT DISTINCT nm.name, c.func, printf('0x%x', c.addr) FROM usage_call c"
		" JOIN usage_file f ON f.id = c.file_id JOIN u_name nm ON nm.arch = f.arch"
		" AND nm.nr = c.nr WHERE c.file_id = ?1 AND c.kind = 'const' AND (c.file_id NOT IN"
		" (SELECT file_id FROM u_libc) OR f.path LIKE '%/ld-%')",
		/* through the libc functions it imports */
		"SELECT DISTINCT w.name, i.name, '' FROM usage_import i JOIN u_wrap w ON w.func = i.name"
		" WHERE i.file_id = ?1",
		/* unresolved: indirect by-hand calls, imports with an indirect fact */
		"SELECT 'indirect syscall in ' || c.func || '() at ' || printf('0x%x', c.addr), '', ''"
		" FROM usage_call c WHERE c.file_id = ?1 AND c.kind = 'indirect' AND (c.file_id NOT IN"
		" (SELECT file_id FROM u_libc) OR EXISTS (SELECT 1 FROM usage_file f WHERE f.id = ?1"
		" AND f.path LIKE '%/ld-%'))",
		"SELECT DISTINCT i.name || '(): the libc''s code has an indirect syscall', '', ''"
		" FROM usage_import i WHERE i.file_id = ?1 AND EXISTS (SELECT 1 FROM code_syscall c"
		" WHERE c.scan_id = ?2 AND c.func = i.name AND c.nr IS NULL AND c.arg IS NULL)",
	};
	for (size_t q = 0; q < ARRAY_SIZE(sql); q++) {
		sqlite3_stmt *st;
		if (db_prepare(db, &st, sql[q]) < 0)
			return -1;
		sqlite3_bind_int64(st, 1, n->ids[i]);
		if (sqlite3_bind_parameter_count(st) >= 2)
			sqlite3_bind_int64(st, 2, scan_id);
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *a = (const char *)sqlite3_column_text(st, 0),
				   *b = (const char *)sqlite3_column_text(st, 1),
				   *c = (const char *)sqlite3_column_text(st, 2);
			if (q == 0)
				reach(n, a, xasprintf("by hand in %s, %s() at %s", n->files.v[i], b, c));
			else if (q == 1)
				reach(n, a, xasprintf("%s() imported by %s", b, n->files.v[i]));
			else
				strv_push_own(&n->unresolved, xasprintf("%s: %s", n->files.v[i], a));
		}
		sqlite3_finalize(st);
	}
	return 0;
}

static void need_free(struct need *n)
{
	strv_free(&n->name);
	strv_free(&n->how);
	strv_free(&n->unresolved);
	strv_free(&n->files);
	free(n->ids);
}

int usage_need(struct db *db, int64_t scan_id, const char *path, int json, FILE *out)
{
	struct need n = {0};
	sqlite3_stmt *st;
	char *root = NULL, *arch = NULL, *kind = NULL, *loader = NULL;
	int rc = usage_setup(db, scan_id, 0);
	if (rc == 0 && db_prepare(db, &st, "SELECT id, root, arch, kind, path FROM usage_file"
					   " WHERE path = ?1 ORDER BY id DESC LIMIT 1") < 0)
		rc = -1;
	if (rc == 0) {
		db_bind_text(st, 1, path);
		if (sqlite3_step(st) == SQLITE_ROW) {
			root = xstrdup((const char *)sqlite3_column_text(st, 1));
			arch = sqlite3_column_text(st, 2) ? xstrdup((const char *)sqlite3_column_text(st, 2)) : NULL;
			kind = xstrdup((const char *)sqlite3_column_text(st, 3));
			add_file(&n, sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 4));
		} else {
			rc = err_set(EXIT_USAGE, "%s: not among the scanned files of %s (run syscov usage"
						 " first)", path, db->path);
		}
		sqlite3_finalize(st);
	}
	/* the dynamic loader runs for every dynamically linked program */
	if (rc == 0 && kind && (!strcmp(kind, "exec") || !strcmp(kind, "pie"))) {
		if (db_prepare(db, &st, "SELECT f.id, f.path FROM usage_file f WHERE f.root = ?1"
					" AND f.id IN (SELECT file_id FROM u_libc) AND f.path LIKE '%/ld-%'"
					" AND f.arch IS ?2 LIMIT 1") < 0)
			rc = -1;
		else {
			db_bind_text(st, 1, root);
			db_bind_text(st, 2, arch);
			if (sqlite3_step(st) == SQLITE_ROW) {
				loader = xstrdup((const char *)sqlite3_column_text(st, 1));
				add_file(&n, sqlite3_column_int64(st, 0), loader);
			}
			sqlite3_finalize(st);
		}
	}
	if (rc == 0)
		rc = closure(db, &n, root, arch);
	for (size_t i = 0; rc == 0 && i < n.nids; i++)
		rc = per_file(db, &n, scan_id, i);
	/* what the loader runs of the libc by name, not through an import:
	 * glibc's ld.so (2.32 on) calls __libc_early_init(), whose
	 * getrlimit() makes prlimit64 in every program */
	if (rc == 0 && loader && db_prepare(db, &st, "SELECT DISTINCT name FROM u_wrap"
						    " WHERE func = '__libc_early_init'") < 0)
		rc = -1;
	else if (rc == 0 && loader) {
		while (sqlite3_step(st) == SQLITE_ROW)
			reach(&n, (const char *)sqlite3_column_text(st, 0),
			      xasprintf("__libc_early_init() run by %s", loader));
		sqlite3_finalize(st);
	}
	/* the verdicts, and the kernel's since-versions where the timeline has them */
	struct strv missing = {0};
	char *least = NULL, *least_by = NULL;
	if (rc == 0 && db_prepare(db, &st, "SELECT (SELECT class FROM verdict WHERE scan_id = ?1 AND"
					   " name = ?2), (SELECT version FROM since WHERE arch = ?3 AND"
					   " name = ?2 AND side = 'kernel' AND chosen = 1 LIMIT 1)") < 0)
		rc = -1;
	for (size_t i = 0; rc == 0 && i < n.name.n; i++) {
		sqlite3_bind_int64(st, 1, scan_id);
		db_bind_text(st, 2, n.name.v[i]);
		db_bind_text(st, 3, arch);
		if (sqlite3_step(st) == SQLITE_ROW) {
			const char *cls = (const char *)sqlite3_column_text(st, 0),
				   *ver = (const char *)sqlite3_column_text(st, 1);
			if (cls && !strcmp(cls, "missing"))
				strv_push(&missing, n.name.v[i]);
			if (ver && (!least || strverscmp(ver, least) > 0)) {
				free(least), free(least_by);
				least = xstrdup(ver), least_by = xstrdup(n.name.v[i]);
			}
		}
		sqlite3_reset(st);
	}
	if (rc == 0)
		sqlite3_finalize(st);
	if (rc == 0 && json) {
		struct json j;
		json_init(&j, out, 1);
		json_obj_begin(&j);
		json_kstr(&j, "file", path);
		json_key(&j, "files");
		json_arr_begin(&j);
		for (size_t i = 0; i < n.files.n; i++)
			json_str(&j, n.files.v[i]);
		json_arr_end(&j);
		json_key(&j, "syscalls");
		json_obj_begin(&j);
		for (size_t i = 0; i < n.name.n; i++)
			json_kstr(&j, n.name.v[i], n.how.v[i]);
		json_obj_end(&j);
		json_key(&j, "unresolved");
		json_arr_begin(&j);
		for (size_t i = 0; i < n.unresolved.n; i++)
			json_str(&j, n.unresolved.v[i]);
		json_arr_end(&j);
		json_kstr(&j, "least_kernel", least);
		json_kstr(&j, "least_kernel_for", least_by);
		json_key(&j, "missing_in_libc");
		json_arr_begin(&j);
		for (size_t i = 0; i < missing.n; i++)
			json_str(&j, missing.v[i]);
		json_arr_end(&j);
		json_obj_end(&j);
		fputc('\n', out);
	} else if (rc == 0) {
		fprintf(out, "%s: %zu syscalls reachable, through %zu files:", path, n.name.n, n.files.n);
		for (size_t i = 0; i < n.files.n; i++)
			fprintf(out, " %s", n.files.v[i]);
		fputc('\n', out);
		for (size_t i = 0; i < n.name.n; i++)
			fprintf(out, "  %-24s %s\n", n.name.v[i], n.how.v[i]);
		fprintf(out, "unresolved (%zu): the set may be larger%s\n", n.unresolved.n,
			n.unresolved.n ? ":" : " only where a function is reached through a pointer");
		for (size_t i = 0; i < n.unresolved.n && i < 50; i++)
			fprintf(out, "  %s\n", n.unresolved.v[i]);
		if (n.unresolved.n > 50)
			fprintf(out, "  ... %zu more\n", n.unresolved.n - 50);
		if (least)
			fprintf(out, "least kernel: %s (for %s)\n", least, least_by);
		else
			fprintf(out, "least kernel: not known (no kernel since-versions: run syscov timeline)\n");
		fprintf(out, "not wrapped by the audited libc (%zu):", missing.n);
		for (size_t i = 0; i < missing.n; i++)
			fprintf(out, " %s", missing.v[i]);
		fputc('\n', out);
	}
	strv_free(&missing);
	free(least);
	free(least_by);
	free(root);
	free(arch);
	free(kind);
	free(loader);
	need_free(&n);
	return rc;
}
