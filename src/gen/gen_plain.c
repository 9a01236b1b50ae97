/* gen_plain.c: the guards of `syscov gen --plain-names` (see gen.h and
 * docs/gen.md): under which compiler-visible conditions a generated header
 * may define NAME() itself, for a syscall whose libc wrapper some of the
 * scanned C libraries lack.
 *
 * The rule: NAME() is defined only where a scan shows the libc without it
 * (no declaration of NAME in its headers, no `wrapped` verdict), per libc
 * flavour and ABI, so that it never redeclares a libc function:
 *   glibc:    __GLIBC__/__GLIBC_MINOR__ up to the newest scanned version
 *             that lacks it (older ones are taken to lack it too: glibc adds
 *             functions, it does not take them out of its headers); none if
 *             a scanned version at or below that one has it;
 *   others:   the condition of their descriptor (libc/flavour.h: musl has
 *             no macro, so none of the other libcs'; dietlibc and klibc
 *             their own), only when every scanned one of the ABI lacks it;
 * each term and-ed with the SYSCOV_ABI_x of the ABIs it holds for (none
 * when it holds for every ABI of the header; an ABI no scan covers has no
 * term), and the whole with !defined(NAME) (a libc macro).
 *
 * Coexistence: a NAME that another library's header in a scanned sysroot
 * declares (keyutils.h's add_key, numaif.h's mbind, libaio.h's io_setup:
 * neighbour_decl) is defined only where the user asks for it with
 * SYSCOV_PLAIN_<NAME>: a program that includes that header next to ours
 * then compiles, whatever order the two come in. */
#include <stdlib.h>
#include <string.h>

#include "base/tsv.h"
#include "gen/gen.h"
#include "libc/flavour.h"

struct pscan {
	int64_t id;
	char flavour[16]; /* glibc, musl, dietlibc, klibc; "" unknown */
	int maj, min;     /* glibc's version */
	char abi[32];
};

struct gen_plain {
	struct db *db;
	struct pscan *s;
	size_t n;
	sqlite3_stmt *has, *nb;
	struct strv known; /* data/neighbours.tsv: name, header, name, ... */
};

int gen_plain_open(struct db *db, const int64_t *scans, size_t n, struct gen_plain **out)
{
	sqlite3_stmt *st;
	*out = NULL;
	if (db_prepare(db, &st, "SELECT libc_flavour, libc_version, arch FROM scan WHERE id = ?1") < 0)
		return -1;
	struct gen_plain *p = xcalloc(1, sizeof(*p));
	p->db = db;
	p->s = xcalloc(n + 1, sizeof(*p->s));
	for (size_t i = 0; i < n; i++) {
		sqlite3_bind_int64(st, 1, scans[i]);
		if (sqlite3_step(st) == SQLITE_ROW) {
			struct pscan *s = &p->s[p->n++];
			const char *f = (const char *)sqlite3_column_text(st, 0);
			const char *v = (const char *)sqlite3_column_text(st, 1);
			const char *a = (const char *)sqlite3_column_text(st, 2);
			s->id = scans[i];
			snprintf(s->flavour, sizeof(s->flavour), "%s", f && strlen(f) < 16 ? f : "");
			snprintf(s->abi, sizeof(s->abi), "%s", a && is_c_identifier(a) && strlen(a) < 32 ? a : "");
			if (!v || sscanf(v, "%d.%d", &s->maj, &s->min) != 2 || s->maj < 0 || s->min < 0 ||
			    s->maj > 99 || s->min > 999)
				s->maj = s->min = -1;
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	if (db_prepare(db, &p->has, "SELECT EXISTS (SELECT 1 FROM decl WHERE scan_id = ?1 AND name = ?2)"
				    " OR EXISTS (SELECT 1 FROM verdict WHERE scan_id = ?1 AND name = ?2"
				    " AND class = 'wrapped')") < 0 ||
	    db_prepare(db, &p->nb, "SELECT header FROM neighbour_decl WHERE scan_id = ?1 AND name = ?2"
				   " ORDER BY header LIMIT 1") < 0) {
		gen_plain_close(p);
		return -1;
	}
	static const char *const cols[] = {"name", "header", NULL};
	struct tsv in;
	int r = tsv_open(&in, "neighbours.tsv", cols), opened = r == 0;
	while (r == 0 && (r = tsv_next(&in)) > 0) {
		if (!is_c_identifier(in.v[0]) || !gen_include_ok(in.v[1])) {
			r = tsv_fail(&in, "not a C identifier and a header name");
			break;
		}
		strv_push(&p->known, in.v[0]);
		strv_push(&p->known, in.v[1]);
		r = 0;
	}
	if (opened)
		tsv_close(&in);
	if (r < 0) {
		gen_plain_close(p);
		return -1;
	}
	*out = p;
	return 0;
}

const char *gen_plain_known_neighbour(const struct gen_plain *p, const char *name)
{
	for (size_t i = 0; i + 1 < p->known.n; i += 2)
		if (!strcmp(p->known.v[i], name))
			return p->known.v[i + 1];
	return NULL;
}

void gen_plain_close(struct gen_plain *p)
{
	if (!p)
		return;
	sqlite3_finalize(p->has);
	sqlite3_finalize(p->nb);
	strv_free(&p->known);
	free(p->s);
	free(p);
}

/* 1 if the libc of scan s has name, 0 if not, -1. */
static int libc_has(struct gen_plain *p, const struct pscan *s, const char *name)
{
	sqlite3_bind_int64(p->has, 1, s->id);
	db_bind_text(p->has, 2, name);
	int r = sqlite3_step(p->has);
	int has = r == SQLITE_ROW ? sqlite3_column_int(p->has, 0) : -1;
	sqlite3_reset(p->has);
	return has < 0 ? db_fail(p->db, "read") : has;
}

int gen_plain_neighbour(struct gen_plain *p, const char *name, char **header)
{
	*header = NULL;
	for (size_t i = 0; i < p->n && !*header; i++) {
		sqlite3_bind_int64(p->nb, 1, p->s[i].id);
		db_bind_text(p->nb, 2, name);
		int r = sqlite3_step(p->nb);
		if (r == SQLITE_ROW)
			*header = xstrdup((const char *)sqlite3_column_text(p->nb, 0));
		sqlite3_reset(p->nb);
		if (r != SQLITE_ROW && r != SQLITE_DONE)
			return db_fail(p->db, "read");
	}
	return *header != NULL;
}

/* The condition for one flavour on one ABI into c ("" if none). */
static int flavour_term(struct gen_plain *p, const char *name, unsigned f, const char *abi,
			struct buf *c)
{
	int lack_maj = -1, lack_min = -1, any = 0, lack_all = 1;
	int64_t has_at[64];
	size_t nhas = 0;
	for (size_t i = 0; i < p->n; i++) {
		const struct pscan *s = &p->s[i];
		if (strcmp(s->flavour, libc_flavours[f].name) || strcmp(s->abi, abi))
			continue;
		int has = libc_has(p, s, name);
		if (has < 0)
			return -1;
		any = 1;
		if (has) {
			lack_all = 0;
			if (nhas < ARRAY_SIZE(has_at))
				has_at[nhas++] = s->maj * 1000 + s->min;
		} else if (s->maj > lack_maj || (s->maj == lack_maj && s->min > lack_min)) {
			lack_maj = s->maj;
			lack_min = s->min;
		}
	}
	buf_puts(c, "");
	if (!any)
		return 0;
	if (libc_flavours[f].cc_cond) { /* no version macro: every scan of it must lack name */
		if (lack_all)
			buf_puts(c, libc_flavours[f].cc_cond);
		return 0;
	}
	if (lack_maj < 0)
		return 0;
	for (size_t i = 0; i < nhas; i++)
		if (has_at[i] <= lack_maj * 1000 + lack_min)
			return 0; /* had it, then not: no version range to tell */
	buf_printf(c, "(defined(__GLIBC__) && !defined(__UCLIBC__) && (__GLIBC__ < %d || (__GLIBC__ == %d"
		      " && __GLIBC_MINOR__ <= %d)))", lack_maj, lack_maj, lack_min);
	return 0;
}

int gen_plain_guard(struct gen_plain *p, const char *name, const char *const *abis, size_t nabi,
		    struct buf *out)
{
	buf_puts(out, "");
	struct buf t = {0};
	int rc = 0;
	for (unsigned f = 0; f < libc_flavour_count && rc == 0; f++) {
		/* the term of each ABI, then each distinct term with its ABIs */
		struct strv terms = {0};
		for (size_t a = 0; a < nabi && rc == 0; a++) {
			rc = flavour_term(p, name, f, abis[a], &t);
			strv_push(&terms, t.p);
			t.len = 0;
		}
		for (size_t a = 0; rc == 0 && a < terms.n; a++) {
			size_t k = 0, with = 0;
			while (k < a && strcmp(terms.v[k], terms.v[a]))
				k++;
			if (!terms.v[a][0] || k < a)
				continue; /* none, or done with an earlier ABI */
			for (size_t b = a; b < terms.n; b++)
				with += !strcmp(terms.v[b], terms.v[a]);
			buf_puts(out, out->len ? " || \\\n    " : "");
			if (with == terms.n) {
				buf_puts(out, terms.v[a]);
				continue;
			}
			buf_puts(out, with > 1 ? "((" : "(");
			for (size_t b = a, n = 0; b < terms.n; b++)
				if (!strcmp(terms.v[b], terms.v[a]))
					buf_printf(out, "%sdefined(SYSCOV_ABI_%s)", n++ ? " || " : "", abis[b]);
			buf_printf(out, "%s && %s)", with > 1 ? ")" : "", terms.v[a]);
		}
		strv_free(&terms);
	}
	buf_free(&t);
	return rc < 0 ? -1 : out->len > 0;
}
