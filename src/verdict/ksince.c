/* ksince.c: This file contains the kernel since-version of a syscall on an
 * ABI (see ksince.h): the man pages' versions, the tables', the port's and
 * the numbers' bounds, the choice between them with the disagreements
 * noted, and classify's store of them per scan (table ksince). The rules
 * are those of docs/timeline.md "Kernel since-versions". */
#include "verdict/ksince.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/tsv.h"

static const char *col(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

void since_set(struct since *x, char *version, const char *source, char *detail, int exact)
{
	x->version = version;
	x->source = source;
	x->detail = detail;
	x->exact = exact;
}

void since_copy(struct since *dst, const struct since *src)
{
	since_set(dst, src->version ? xstrdup(src->version) : NULL, src->source,
		  src->detail ? xstrdup(src->detail) : NULL, src->exact);
	dst->after = src->after ? xstrdup(src->after) : NULL;
}

void since_free(struct since *x)
{
	free(x->version);
	free(x->detail);
	free(x->after);
	memset(x, 0, sizeof(*x));
}

char *since_text(const struct since *x)
{
	if (!x->version)
		return xstrdup("?");
	if (x->after)
		return xasprintf("> %s, <= %s", x->after, x->version);
	return xasprintf("%s%s", x->exact ? "" : "<= ", x->version);
}

int ver_cmp(const char *a, const char *b)
{
	while (*a || *b) {
		char *ea, *eb;
		long x = strtol(a, &ea, 10), y = strtol(b, &eb, 10);
		if (x != y)
			return x < y ? -1 : 1;
		a = *ea == '.' ? ea + 1 : ea;
		b = *eb == '.' ? eb + 1 : eb;
		if (ea == a && eb == b && !isdigit((unsigned char)*a))
			break;
	}
	return 0;
}

char *ver_lead(const char *s)
{
	while (s && *s && !isdigit((unsigned char)*s))
		s++;
	if (!s || !*s)
		return NULL;
	size_t n = 0;
	while (isdigit((unsigned char)s[n]) || (s[n] == '.' && isdigit((unsigned char)s[n + 1])))
		n++;
	return xstrndup(s, n);
}

char *ver_kernel(const char *s)
{
	char *v = ver_lead(s);
	if (!v)
		return NULL;
	char *dot = strchr(v, '.');
	dot = dot ? strchr(dot + 1, '.') : NULL;
	if (dot && (v[0] != '2' || v[1] != '.'))
		*dot = 0;
	else if (dot && (dot = strchr(dot + 1, '.')))
		*dot = 0;
	return v;
}

int ks_dates_load(struct ks_dates *t)
{
	static const char *const cols[] = {"project", "version", "date", "source", NULL};
	struct tsv in;
	memset(t, 0, sizeof(*t));
	if (tsv_open(&in, "releases.tsv", cols) < 0)
		return -1;
	int rc = 0, r = 0;
	size_t cap = 0;
	while (rc == 0 && (r = tsv_next(&in)) > 0) {
		const char *proj = in.v[0], *ver = in.v[1], *date = in.v[2];
		if (!strcmp(proj, "abi")) { /* abi, its name, the Linux version it came with */
			struct ks_port p = {0};
			if (!*ver || strlen(ver) >= sizeof(p.abi) || !isdigit((unsigned char)date[0]) ||
			    strlen(date) >= sizeof(p.kernel)) {
				rc = tsv_fail(&in, "an abi row needs abi, Linux version, source");
				break;
			}
			snprintf(p.abi, sizeof(p.abi), "%s", ver);
			snprintf(p.kernel, sizeof(p.kernel), "%s", date);
			t->ports = xrealloc(t->ports, (t->nports + 1) * sizeof(*t->ports));
			t->ports[t->nports++] = p;
			continue;
		}
		struct ks_date e = {0};
		int y, m, d, end = 0;
		/* as ks_date's fields: a longer one does not match */
		if (!*proj || strlen(proj) >= sizeof(e.project) || !*ver ||
		    strlen(ver) >= sizeof(e.version) ||
		    sscanf(date, "%d-%d-%d%n", &y, &m, &d, &end) != 3 || date[end] || m < 1 || m > 12 ||
		    d < 1 || d > 31) {
			rc = tsv_fail(&in, "needs project, version, YYYY-MM-DD, source");
			break;
		}
		if (t->nd == cap) {
			cap = cap ? cap * 2 : 256;
			t->d = xrealloc(t->d, cap * sizeof(*t->d));
		}
		snprintf(e.project, sizeof(e.project), "%s", proj);
		snprintf(e.version, sizeof(e.version), "%s", ver);
		e.year = y + (m - 1) / 12.0 + (d - 1) / 365.0;
		t->d[t->nd++] = e;
	}
	if (r < 0)
		rc = -1;
	tsv_close(&in);
	if (rc < 0)
		ks_dates_free(t);
	return rc;
}

void ks_dates_free(struct ks_dates *d)
{
	free(d->d);
	free(d->ports);
	memset(d, 0, sizeof(*d));
}

void ks_row_free(struct ks_row *r)
{
	free(r->name);
	free(r->kalso);
	free(r->knote);
	struct since *s[] = {&r->k, &r->kman, &r->kpage, &r->ktable, &r->lman};
	for (size_t i = 0; i < ARRAY_SIZE(s); i++)
		since_free(s[i]);
}

void ks_add_note(char **note, char *more)
{
	if (*note) {
		char *both = xasprintf("%s; %s", *note, more);
		free(*note);
		free(more);
		more = both;
	}
	*note = more;
}

/* ---- the man pages ---- */

struct ks_man {
	sqlite3_stmt *s2, *pg, *po;
};

int ks_man_open(struct db *db, struct ks_man **out)
{
	struct ks_man *m = xcalloc(1, sizeof(*m));
	*out = NULL;
	if (db_prepare(db, &m->s2, "SELECT kernel, notes FROM man_syscalls WHERE scan_id = ?1"
				   " AND name = ?2") < 0 ||
	    /* the page of that title only (?3: any page naming it): a page of
	     * several calls (access(2): access, faccessat, faccessat2) gives
	     * one version for them all */
	    db_prepare(db, &m->pg, "SELECT p.kernel_since, p.glibc_since, p.title FROM man_page p"
				   " JOIN man_name n ON n.page_id = p.id WHERE p.scan_id = ?1"
				   " AND n.name = ?2 AND (lower(p.title) = ?2 OR ?3)"
				   " AND (p.kernel_since IS NOT NULL OR p.glibc_since IS NOT NULL)"
				   " ORDER BY lower(p.title) <> ?2, p.id LIMIT 1") < 0 ||
	    /* a page of another title naming ?2 */
	    db_prepare(db, &m->po, "SELECT p.kernel_since FROM man_page p JOIN man_name n"
				   " ON n.page_id = p.id WHERE p.scan_id = ?1 AND n.name = ?2"
				   " AND lower(p.title) <> ?2 AND p.kernel_since IS NOT NULL LIMIT 1") < 0) {
		ks_man_close(m);
		return -1;
	}
	*out = m;
	return 0;
}

void ks_man_close(struct ks_man *m)
{
	if (!m)
		return;
	sqlite3_finalize(m->s2);
	sqlite3_finalize(m->pg);
	sqlite3_finalize(m->po);
	free(m);
}

/* A version of a development series (2.1.60, before 2.6: odd minor) as
 * the stable release that first shipped it (2.2), which the dates file
 * and the other sources count in; v is owned and may be replaced. */
static char *stable(char *v)
{
	int minor;
	if (!v || strncmp(v, "2.", 2) || sscanf(v + 2, "%d", &minor) != 1 || minor >= 6 ||
	    !(minor & 1))
		return v;
	free(v);
	return xasprintf("2.%d", minor + 1);
}

/* The name in syscalls(2)'s 'Added as "pread" in 2.2' (owned), or NULL. */
static char *added_as(const char *notes)
{
	if (strncasecmp(notes, "added as \"", 10))
		return NULL;
	size_t n = strcspn(notes + 10, "\"");
	return notes[10 + n] == '"' && n ? xstrndup(notes + 10, n) : NULL;
}

void ks_man_read(struct ks_man *m, int64_t man, struct ks_row *r, const char *as)
{
	if (as) {
		/* the date of another name of the entry bounds it: the alias
		 * came with the entry or after it (arm_sync_file_range of 2.6.20,
		 * whose sync_file_range2 syscalls(2) dates to 2.6.22) */
		char *own = r->name;
		r->name = (char *)as;
		ks_man_read(m, man, r, NULL);
		r->name = own;
		struct since *x[] = {&r->kman, &r->kpage};
		for (size_t i = 0; i < ARRAY_SIZE(x); i++) {
			if (!x[i]->version)
				continue;
			char *d = xasprintf("%s; %s is the same table entry as %s: at most", x[i]->detail,
					    own, as);
			free(x[i]->detail);
			x[i]->detail = d;
			x[i]->exact = 0;
		}
		return;
	}
	/* another page naming it dates it too (pkey_alloc(2) of pkey_free):
	 * where that differs, ks_numbers() does not lean on it */
	sqlite3_bind_int64(m->po, 1, man);
	db_bind_text(m->po, 2, r->name);
	if (sqlite3_step(m->po) == SQLITE_ROW)
		r->kalso = ver_kernel(col(m->po, 0));
	sqlite3_reset(m->po);
	char *former = NULL;
	sqlite3_bind_int64(m->s2, 1, man);
	db_bind_text(m->s2, 2, r->name);
	if (sqlite3_step(m->s2) == SQLITE_ROW) {
		const char *k = col(m->s2, 0), *notes = col(m->s2, 1) ? col(m->s2, 1) : "";
		char *v = k && *k ? ver_kernel(k) : NULL;
		/* an empty kernel cell, the note dates it: 'Added as "pread" in
		 * 2.2; renamed "pread64" in 2.6' */
		const char *in = !v && !strncasecmp(notes, "added ", 6) ? strstr(notes, " in ") : NULL;
		if (in && isdigit((unsigned char)in[4]))
			v = ver_kernel(in + 4);
		v = stable(v);
		former = added_as(notes);
		if (v)
			since_set(&r->kman, v, "syscalls(2)",
				  xasprintf("syscalls(2): %s %s%s%s", r->name,
					    k && *k ? k : "(no version)", *notes ? ", " : "", notes),
				  1);
	}
	sqlite3_reset(m->s2);
	/* its own page, else the page naming the name it was added as
	 * (pread(2) for pread64 and pwrite64: its VERSIONS tell of pread()
	 * and pwrite()) */
	for (int i = 0; i < 2 && !r->kpage.version && !r->lman.version; i++) {
		const char *name = i ? former : r->name;
		if (!name)
			continue;
		sqlite3_bind_int64(m->pg, 1, man);
		db_bind_text(m->pg, 2, name);
		sqlite3_bind_int(m->pg, 3, i);
		if (sqlite3_step(m->pg) == SQLITE_ROW) {
			char *v = col(m->pg, 0) ? ver_kernel(col(m->pg, 0)) : NULL, *dev = v ? xstrdup(v) : NULL;
			v = stable(v);
			if (v)
				since_set(&r->kpage, v, "man page",
					  xasprintf("%s(2) VERSIONS/HISTORY: Linux %s%s%s%s%s", col(m->pg, 2),
						    col(m->pg, 0), i ? ", as " : "", i ? name : "",
						    strcmp(v, dev) ? ", a development release: first in " : "",
						    strcmp(v, dev) ? v : ""),
					  1);
			free(dev);
			if (col(m->pg, 1))
				since_set(&r->lman, ver_lead(col(m->pg, 1)), "man page",
					  xasprintf("%s(2) VERSIONS/HISTORY: glibc %s", col(m->pg, 2),
						    col(m->pg, 1)),
					  1);
		}
		sqlite3_reset(m->pg);
	}
	free(former);
}

/* ---- the choice ---- */

static int has_name(const struct strv *names, const char *name)
{
	size_t lo = 0, hi = names->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(names->v[mid], name);
		if (!c)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

void ks_choose(const struct ks_dates *d, const struct ks_table *t, size_t nt, struct ks_row *r)
{
	/* the tables, oldest kernel first */
	const struct ks_table *first = NULL, *before = NULL, *order[64];
	size_t n = 0;
	for (size_t i = 0; i < nt && n < ARRAY_SIZE(order); i++) {
		if (!t[i].kver)
			continue;
		size_t k = n++;
		while (k > 0 && ver_cmp(order[k - 1]->kver, t[i].kver) > 0) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = &t[i];
	}
	for (size_t i = 0; i < n && !first; i++) {
		if (has_name(order[i]->names, r->name))
			first = order[i];
		else
			before = order[i];
	}
	if (first) {
		const char *what = first->tree ? "kernel tree" : "UAPI headers";
		if (before) {
			since_set(&r->ktable, xstrdup(first->kver), "table",
				  xasprintf("first in the table of the %s of Linux %s (%s); not in "
					    "Linux %s's (%s)", what, first->kver, first->label,
					    before->kver, before->label),
				  0);
			r->ktable.after = xstrdup(before->kver);
		} else {
			since_set(&r->ktable, xstrdup(first->kver), "table",
				  xasprintf("in the table of the oldest %s scanned, Linux %s (%s)", what,
					    first->kver, first->label),
				  0);
		}
	}
	/* the syscall's own page over syscalls(2) (man-pages 6.03's
	 * syscalls(2): membarrier 3.17, its page and the numbers: 4.3), but
	 * for a call syscalls(2) dates to Linux 2.4 or before a later version
	 * on its page is about a change to it (stat(2): 2.4, open(2): 2.4.10);
	 * ks_numbers() arbitrates where the two disagree */
	int page = r->kpage.version &&
		   (!r->kman.version || ver_cmp(r->kpage.version, r->kman.version) < 0 ||
		    ver_cmp(r->kman.version, "2.4") > 0);
	const struct since *mp = page ? &r->kpage : r->kman.version ? &r->kman : NULL;
	if (r->kpage.version && r->kman.version && ver_cmp(r->kpage.version, r->kman.version))
		r->knote = xasprintf("syscalls(2) says Linux %s, %s", r->kman.version,
				     r->kpage.detail);
	if (mp && first && before && ver_cmp(mp->version, before->kver) <= 0) {
		ks_add_note(&r->knote,
			 xasprintf("the man pages say Linux %s, but Linux %s's %s table lacks it on "
				   "%s: it arrived on this ABI after %s, by %s",
				   mp->version, before->kver, first->tree ? "tree" : "UAPI", r->arch,
				   before->kver, first->kver));
		since_copy(&r->k, &r->ktable);
	} else if (mp && first && ver_cmp(mp->version, first->kver) > 0) {
		ks_add_note(&r->knote, xasprintf("the man pages say Linux %s, but Linux %s's table "
					      "already has it", mp->version, first->kver));
		since_copy(&r->k, &r->ktable);
	} else if (mp) {
		since_copy(&r->k, mp);
	} else if (first) {
		since_copy(&r->k, &r->ktable);
	}
	/* no syscall is older on an ABI than its port */
	for (size_t i = 0; i < d->nports; i++) {
		const struct ks_port *p = &d->ports[i];
		if (strcmp(p->abi, r->arch) || !r->k.version || ver_cmp(r->k.version, p->kernel) >= 0)
			continue;
		char *why = xasprintf("%s says Linux %s, before the %s port (Linux %s)", r->k.source,
				      r->k.version, p->abi, p->kernel);
		since_free(&r->k);
		since_set(&r->k, xstrdup(p->kernel), "abi port",
			  xasprintf("the %s port arrived in Linux %s (releases.tsv)", p->abi, p->kernel),
			  1);
		ks_add_note(&r->knote, why);
	}
}

/* ---- the numbers ---- */

/* The Linux release before v in the dates file ("4.3" -> "4.2"), or NULL. */
static const char *linux_before(const struct ks_dates *d, const char *v)
{
	const char *best = NULL;
	for (size_t i = 0; i < d->nd; i++)
		if (!strcmp(d->d[i].project, "linux") && ver_cmp(d->d[i].version, v) < 0 &&
		    (!best || ver_cmp(d->d[i].version, best) > 0))
			best = d->d[i].version;
	return best;
}

/* Whether version v lies between the numbers' neighbours' versions. */
static int within(const char *v, const struct ks_row *lo, const struct ks_row *hi)
{
	return ver_cmp(v, lo->k.version) >= 0 && ver_cmp(v, hi->k.version) <= 0;
}

static int by_nr(const void *a, const void *b)
{
	const struct ks_row *x = *(const struct ks_row *const *)a, *y = *(const struct ks_row *const *)b;
	return (x->nr > y->nr) - (x->nr < y->nr);
}

/* A bound of r (an "at most" of a table, or a range) narrowed by its
 * neighbours in number: not before lo's release, by hi's (NULL: none
 * dated after it, the bound's own upper end stays). */
static void narrow(const struct ks_dates *d, struct ks_row *r, const struct ks_row *lo,
		   const struct ks_row *hi, const char *bounds)
{
	const char *up = hi && ver_cmp(hi->k.version, r->k.version) < 0 ? hi->k.version : r->k.version;
	const char *bf = linux_before(d, lo->k.version);
	const char *after = r->k.after && (!bf || ver_cmp(r->k.after, bf) >= 0) ? r->k.after : bf;
	if (up == r->k.version && after == r->k.after)
		return; /* the numbers say no more */
	if (after && ver_cmp(after, up) >= 0)
		return; /* contradicts the table: a number given out of turn */
	char *was = since_text(&r->k);
	ks_add_note(&r->knote, xasprintf("the %s says %s: %s", r->k.source, was, r->k.detail));
	free(was);
	char *v = xstrdup(up), *a = after ? xstrdup(after) : NULL;
	since_free(&r->k);
	since_set(&r->k, v, "numbers", xstrdup(bounds), 0);
	r->k.after = a;
}

/* The syscall numbers of the ABI as a check of the since-versions: since
 * Linux 3.0 a new syscall takes the next free number, so the dated
 * arrivals, in number order, have rising versions. The longest run of them
 * that does (the man pages' versions of one source, or of all where they
 * agree) bounds every other syscall by its neighbours in number: where
 * syscalls(2) and the page disagree, the page is taken unless the bounds
 * refute it and not syscalls(2); a version outside them is noted, not
 * replaced, as a number may be given out of turn (close_range: 436 in 5.9,
 * after openat2, 437, in 5.6; aarch64's kexec_file_load, 294 after rseq,
 * 293, Linux 4.18, where syscalls(2) says 3.17); a bound (an "at most" of
 * a table, or its range) is narrowed to what they give: the dated number
 * before it is a lower bound, the one after it an upper bound (man-pages
 * 6.03 knows no futex_waitv, 449 after memfd_secret, 447, of 5.14). */
void ks_numbers(const struct ks_dates *d, struct ks_row *const *rows, size_t nrows)
{
	const struct ks_row **v = xcalloc(nrows + 1, sizeof(*v));
	int *len = xcalloc(nrows + 1, sizeof(*len)), *prev = xcalloc(nrows + 1, sizeof(*prev));
	char *in = xcalloc(nrows + 1, 1);
	size_t n = 0, m = 0;
	/* the dated arrivals since 3.0, in number order */
	for (size_t i = 0; i < nrows; i++) {
		const struct ks_row *r = rows[i];
		int agree = (!r->kman.version || !r->kpage.version ||
			     !ver_cmp(r->kman.version, r->kpage.version)) &&
			    (!r->kalso || !ver_cmp(r->kalso, r->k.version));
		if (r->nr >= 0 && r->k.version && r->k.exact && agree &&
		    (r->k.source == r->kman.source || r->k.source == r->kpage.source) &&
		    ver_cmp(r->k.version, "3.0") >= 0)
			v[n++] = r;
	}
	if (n)
		qsort(v, n, sizeof(*v), by_nr);
	/* the longest run of rising versions */
	int best = -1;
	for (size_t i = 0; i < n; i++) {
		len[i] = 1, prev[i] = -1;
		for (size_t j = 0; j < i; j++)
			if (ver_cmp(v[j]->k.version, v[i]->k.version) <= 0 && len[j] + 1 > len[i])
				len[i] = len[j] + 1, prev[i] = (int)j;
		if (best < 0 || len[i] > len[best])
			best = (int)i;
	}
	for (int i = best; i >= 0; i = prev[i])
		in[i] = 1, m++;
	for (size_t i = 0; i < nrows && m > 1; i++) {
		struct ks_row *r = rows[i];
		if (r->nr < 0)
			continue;
		const struct ks_row *lo = NULL, *hi = NULL;
		for (size_t j = 0; j < n; j++) {
			if (!in[j] || v[j] == r)
				continue;
			if (v[j]->nr < r->nr && (!lo || ver_cmp(v[j]->k.version, lo->k.version) > 0))
				lo = v[j];
			if (v[j]->nr > r->nr && (!hi || ver_cmp(v[j]->k.version, hi->k.version) < 0))
				hi = v[j];
		}
		if (!lo)
			continue; /* before the run: no lower bound */
		char *bounds = hi ? xasprintf("%s is %lld on %s, after %s (%lld, Linux %s) and before "
					      "%s (%lld, Linux %s)", r->name, (long long)r->nr,
					      r->arch, lo->name, (long long)lo->nr, lo->k.version,
					      hi->name, (long long)hi->nr, hi->k.version)
				  : xasprintf("%s is %lld on %s, after %s (%lld, Linux %s), the last "
					      "dated number before it", r->name, (long long)r->nr,
					      r->arch, lo->name, (long long)lo->nr, lo->k.version);
		const struct since *pick = NULL;
		if (hi && r->kman.version && r->kpage.version &&
		    ver_cmp(r->kman.version, r->kpage.version) && r->k.source != r->ktable.source)
			pick = !within(r->kpage.version, lo, hi) && within(r->kman.version, lo, hi)
				       ? &r->kman
				       : &r->kpage;
		if (pick) {
			if (r->k.source != pick->source) {
				since_free(&r->k);
				since_copy(&r->k, pick);
			}
			ks_add_note(&r->knote, xasprintf("the numbers side with the %s: %s", pick->source,
						      bounds));
		} else if (hi && r->k.version && r->k.exact && !within(r->k.version, lo, hi) &&
			   strcmp(r->k.source, "abi port")) {
			/* a check only: a number may be given out of turn
			 * (close_range, 436 in 5.9, after openat2, 437 in 5.6) */
			ks_add_note(&r->knote, xasprintf("the numbers disagree with %s's Linux %s: %s",
						      r->k.source, r->k.version, bounds));
		} else if (r->k.version && !r->k.exact) {
			narrow(d, r, lo, hi, bounds);
		}
		free(bounds);
	}
	free(v);
	free(len);
	free(prev);
	free(in);
}

/* ---- classify's store ---- */

/* The tables of the scan and of the DB's kernel trees for the ABI. */
static int load_tables(struct db *db, int64_t scan_id, const char *arch, struct ks_table **out,
		       size_t *nout, struct strv **names, char ***kvers)
{
	sqlite3_stmt *st, *nm;
	*out = NULL, *nout = 0, *names = NULL, *kvers = NULL;
	if (db_prepare(db, &st, "SELECT s.id, s.label, s.kernel_version, s.kind = 'kernel-tree'"
				" FROM scan s WHERE s.id = ?1 OR (s.kind = 'kernel-tree' AND EXISTS"
				" (SELECT 1 FROM ktable k WHERE k.scan_id = s.id AND k.arch = ?2))"
				" ORDER BY s.id") < 0)
		return -1;
	if (db_prepare(db, &nm, "SELECT DISTINCT name FROM ksyscall WHERE scan_id = ?1"
				" AND arch = ?2 AND private = 0 ORDER BY name") < 0) {
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_bind_int64(st, 1, scan_id);
	db_bind_text(st, 2, arch);
	size_t n = 0;
	struct ks_table *t = NULL;
	struct strv *nv = NULL;
	char **kv = NULL;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		t = xrealloc(t, (n + 1) * sizeof(*t));
		nv = xrealloc(nv, (n + 1) * sizeof(*nv));
		kv = xrealloc(kv, (n + 1) * sizeof(*kv));
		memset(&nv[n], 0, sizeof(*nv));
		kv[n] = col(st, 2) ? ver_kernel(col(st, 2)) : NULL;
		sqlite3_bind_int64(nm, 1, sqlite3_column_int64(st, 0));
		db_bind_text(nm, 2, arch);
		while (sqlite3_step(nm) == SQLITE_ROW)
			strv_push(&nv[n], col(nm, 0));
		sqlite3_reset(nm);
		t[n] = (struct ks_table){.label = xstrdup(col(st, 1)), .tree = sqlite3_column_int(st, 3)};
		n++;
	}
	sqlite3_finalize(st);
	sqlite3_finalize(nm);
	/* the pointers once the arrays stop moving */
	for (size_t i = 0; i < n; i++)
		t[i].kver = kv[i], t[i].names = &nv[i];
	*out = t, *nout = n, *names = nv, *kvers = kv;
	return rc == SQLITE_DONE ? 0 : db_fail(db, "ksince: tables");
}

int ksince_store(struct db *db, int64_t scan_id, const char *arch)
{
	struct ks_dates d;
	struct ks_table *t = NULL;
	struct strv *names = NULL;
	char **kvers = NULL;
	size_t nt = 0, n = 0;
	struct ks_row *rows = NULL, **ptr = NULL;
	struct ks_man *man = NULL;
	sqlite3_stmt *st = NULL, *ins = NULL, *also = NULL;
	if (ks_dates_load(&d) < 0)
		return -1;
	int rc = load_tables(db, scan_id, arch, &t, &nt, &names, &kvers);
	if (rc == 0)
		rc = ks_man_open(db, &man);
	if (rc == 0)
		rc = db_prepare(db, &st, "SELECT name, nr FROM verdict WHERE scan_id = ?1 ORDER BY name");
	if (rc == 0)
		rc = db_prepare(db, &also, "SELECT DISTINCT name FROM ksyscall WHERE scan_id = ?1"
					   " AND arch = ?2 AND nr = ?3 AND name <> ?4 AND private = 0"
					   " ORDER BY name");
	if (rc == 0)
		rc = db_prepare(db, &ins, "INSERT INTO ksince (scan_id, name, version, after_version,"
					  " exact, source, detail, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6,"
					  " ?7, ?8)");
	if (rc == 0) {
		sqlite3_stmt *del;
		rc = db_prepare(db, &del, "DELETE FROM ksince WHERE scan_id = ?1");
		if (rc == 0) {
			sqlite3_bind_int64(del, 1, scan_id);
			rc = db_step_done(db, del);
			sqlite3_finalize(del);
		}
	}
	if (rc == 0) {
		sqlite3_bind_int64(st, 1, scan_id);
		while (sqlite3_step(st) == SQLITE_ROW) {
			rows = xrealloc(rows, (n + 1) * sizeof(*rows));
			struct ks_row *r = &rows[n++];
			memset(r, 0, sizeof(*r));
			r->arch = arch;
			r->name = xstrdup(col(st, 0));
			r->nr = sqlite3_column_type(st, 1) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 1);
			ks_man_read(man, scan_id, r, NULL);
			/* the man pages silent on it: another name of its entry */
			sqlite3_bind_int64(also, 1, scan_id);
			db_bind_text(also, 2, arch);
			sqlite3_bind_int64(also, 3, r->nr);
			db_bind_text(also, 4, r->name);
			while (!r->kman.version && !r->kpage.version && sqlite3_step(also) == SQLITE_ROW)
				ks_man_read(man, scan_id, r, col(also, 0));
			sqlite3_reset(also);
			ks_choose(&d, t, nt, r);
		}
		ptr = xcalloc(n + 1, sizeof(*ptr));
		for (size_t i = 0; i < n; i++)
			ptr[i] = &rows[i];
		ks_numbers(&d, ptr, n);
	}
	for (size_t i = 0; i < n && rc == 0; i++) {
		const struct ks_row *r = &rows[i];
		if (!r->k.version)
			continue;
		sqlite3_bind_int64(ins, 1, scan_id);
		db_bind_text(ins, 2, r->name);
		db_bind_text(ins, 3, r->k.version);
		db_bind_text(ins, 4, r->k.after);
		sqlite3_bind_int(ins, 5, r->k.exact);
		db_bind_text(ins, 6, r->k.source);
		db_bind_text(ins, 7, r->k.detail);
		db_bind_text(ins, 8, r->knote);
		rc = db_step_done(db, ins);
	}
	for (size_t i = 0; i < n; i++)
		ks_row_free(&rows[i]);
	free(rows);
	free(ptr);
	for (size_t i = 0; i < nt; i++) {
		free((char *)t[i].label);
		free(kvers[i]);
		strv_free(&names[i]);
	}
	free(t);
	free(names);
	free(kvers);
	sqlite3_finalize(st);
	sqlite3_finalize(ins);
	sqlite3_finalize(also);
	ks_man_close(man);
	ks_dates_free(&d);
	return rc;
}
