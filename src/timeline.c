/* timeline.c: This file contains the timeline of kernel and libc
 * since-versions across the scanned releases (see timeline.h): for every ABI
 * and syscall, when the kernel gained it (syscalls(2), the man page's
 * VERSIONS/HISTORY, and the oldest scanned UAPI headers or kernel tree whose
 * table has it) and when each libc wrapped it (glibc's symbol version, the
 * oldest scanned release that wraps it), the sources' disagreements, and the
 * lag in years and kernel releases (dates from data/releases.tsv). It
 * replaces the `since` table and writes the HTML page (an SVG chart drawn
 * here) and JSON. docs/timeline.md has the rules. */
#include "timeline.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "datafile.h"
#include "json.h"
#include "report.h"
#include "util.h"

/* The libcs a timeline follows: dietlibc and klibc have no releases here. */
static const char *const flavours[] = {"glibc", "musl"};
enum { NF = 2 };

struct tl_scan {
	int64_t id;
	char *label, *arch, *flavour, *libc_ver, *kver; /* kver: major.minor */
	int tree;                                       /* a kernel tree: tables only */
	int64_t counts[4];                              /* wrapped, obsolete, internal, missing */
	struct strv names;                              /* its table's syscalls, sorted */
	char *baseline; /* glibc: the oldest GLIBC_ version of its libc (the ABI's first) */
};

struct tl_since {
	char *version; /* NULL: unknown */
	const char *source;
	char *detail;
	int exact; /* 0: at most this version (the oldest release scanned has it) */
};

struct tl_row {
	const char *arch;
	char *name;
	struct tl_since k, kman, kpage, ktable, lib[NF], lsym, lrel[NF], lman;
	char *knote, *lnote; /* the sources' disagreements, or NULL */
	int scanned[NF], missing[NF], live;
	double kdate, ldate[NF], lag[NF]; /* years; lag < 0: none */
	int lag_rel[NF];                  /* kernel releases between */
	const char *newest[NF];           /* newest scanned release of that libc */
	double newest_date[NF];
};

struct tl_date {
	char project[8], version[16];
	double year; /* fractional */
};

/* An ABI's port and the Linux release that merged it (releases.tsv "abi"). */
struct tl_port {
	char abi[24], kernel[16];
};

struct timeline {
	struct db *db;
	struct tl_port *ports;
	size_t nports;
	struct tl_scan *s;
	size_t ns;
	struct tl_row *r;
	size_t nr;
	struct tl_date *d;
	size_t nd;
	double y0, y1;
};

static const char *col(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static char *dup_col(sqlite3_stmt *st, int i)
{
	return col(st, i) ? xstrdup(col(st, i)) : NULL;
}

/* Numeric comparison of dotted versions ("2.30" > "2.4"; "2.2.5" > "2.2"). */
static int ver_cmp(const char *a, const char *b)
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

/* The leading dotted number of s ("5.10.223-1" -> "5.10.223"), or NULL. */
static char *version_of(const char *s)
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

/* A kernel version as releases are named: 2.6.16 (2.x: three parts), 5.10. */
static char *kernel_release(const char *s)
{
	char *v = version_of(s);
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

static int load_dates(struct timeline *t)
{
	FILE *f = datafile_open("releases.tsv");
	if (!f)
		return -1;
	char line[512];
	int ln = 0, rc = 0;
	size_t cap = 0;
	while (rc == 0 && fgets(line, sizeof(line), f)) {
		ln++;
		line[strcspn(line, "\n")] = 0;
		if (!line[0] || line[0] == '#' || str_starts(line, "project\t"))
			continue;
		char proj[8], ver[16], kv[16]; /* as tl_date's: a longer field does not match */
		int y, m, d;
		if (str_starts(line, "abi\t")) {
			struct tl_port p = {0};
			if (sscanf(line, "abi\t%23[^\t]\t%15[^\t]\t", p.abi, kv) != 2 || !isdigit((unsigned char)kv[0])) {
				rc = err_set(EXIT_INPUT, "releases.tsv:%d: an abi row needs abi, Linux version, source", ln);
				break;
			}
			snprintf(p.kernel, sizeof(p.kernel), "%s", kv);
			t->ports = xrealloc(t->ports, (t->nports + 1) * sizeof(*t->ports));
			t->ports[t->nports++] = p;
			continue;
		}
		if (sscanf(line, "%7[^\t]\t%15[^\t]\t%d-%d-%d\t", proj, ver, &y, &m, &d) != 5 ||
		    m < 1 || m > 12 || d < 1 || d > 31) {
			rc = err_set(EXIT_INPUT, "releases.tsv:%d: needs project, version, YYYY-MM-DD, source",
				     ln);
			break;
		}
		if (t->nd == cap) {
			cap = cap ? cap * 2 : 256;
			t->d = xrealloc(t->d, cap * sizeof(*t->d));
		}
		struct tl_date *e = &t->d[t->nd++];
		memcpy(e->project, proj, sizeof(proj));
		memcpy(e->version, ver, sizeof(ver));
		e->year = y + (m - 1) / 12.0 + (d - 1) / 365.0;
	}
	fclose(f);
	return rc;
}

/* The release date of project's version (or of its shorter prefix:
 * 2.4.11 -> 2.4), in years; 0 when unknown. */
static double date_of(const struct timeline *t, const char *project, const char *version)
{
	if (!version)
		return 0;
	char *v = xstrdup(version);
	double y = 0;
	for (;;) {
		for (size_t i = 0; i < t->nd && !y; i++)
			if (!strcmp(t->d[i].project, project) && !strcmp(t->d[i].version, v))
				y = t->d[i].year;
		char *dot = strrchr(v, '.');
		if (y || !dot || !strchr(v, '.') || dot == strchr(v, '.'))
			break;
		*dot = 0;
	}
	free(v);
	return y;
}

/* Linux releases after `from` up to and including `to` (years). */
static int kernel_releases(const struct timeline *t, double from, double to)
{
	int n = 0;
	for (size_t i = 0; i < t->nd; i++)
		n += !strcmp(t->d[i].project, "linux") && t->d[i].year > from && t->d[i].year <= to;
	return n;
}

static int by_libc_version(const void *a, const void *b)
{
	const struct tl_scan *x = a, *y = b;
	int c = strcmp(x->arch, y->arch);
	if (c)
		return c;
	if (x->tree != y->tree)
		return x->tree - y->tree;
	c = strcmp(x->flavour ? x->flavour : "", y->flavour ? y->flavour : "");
	if (c)
		return c;
	c = ver_cmp(x->libc_ver ? x->libc_ver : "", y->libc_ver ? y->libc_ver : "");
	return c ? c : (x->id > y->id) - (x->id < y->id);
}

/* Sysroot scans with verdicts (of `arches` if given) and kernel-tree scans,
 * one tl_scan per tree and ABI. */
static int load_scans(struct timeline *t, const struct strv *arches)
{
	sqlite3_stmt *st, *names;
	if (db_prepare(t->db, &st,
		       "SELECT s.id, s.label, s.arch, s.libc_flavour, s.libc_version, s.kernel_version,"
		       " SUM(v.class = 'wrapped'), SUM(v.class = 'obsolete'), SUM(v.class = 'internal'),"
		       " SUM(v.class = 'missing'), 0, s.sysroot,"
		       " EXISTS (SELECT 1 FROM decl d WHERE d.scan_id = s.id AND d.name = 'read')"
		       " FROM scan s JOIN verdict v ON v.scan_id = s.id"
		       " WHERE s.kind = 'sysroot' GROUP BY s.id"
		       " UNION ALL SELECT s.id, s.label, k.arch, NULL, NULL, s.kernel_version, 0, 0, 0, 0,"
		       " 1, s.sysroot, 1 FROM scan s JOIN (SELECT DISTINCT scan_id, arch FROM ktable) k"
		       " ON k.scan_id = s.id WHERE s.kind = 'kernel-tree'") < 0)
		return -1;
	if (db_prepare(t->db, &names, "SELECT DISTINCT name FROM ksyscall WHERE scan_id = ?1"
				      " AND arch = ?2 AND private = 0 ORDER BY name") < 0) {
		sqlite3_finalize(st);
		return -1;
	}
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		const char *arch = col(st, 2);
		if (arches && arches->n && !strv_contains(arches, arch))
			continue;
		/* a release whose libc headers are not all there (libc6-dev or
		 * musl-dev half extracted) has every wrapper missing: it would
		 * date the libc wrong, so it is refused, before anything is
		 * written */
		if (!sqlite3_column_int(st, 12)) {
			rc = err_set(EXIT_INPUT, "%s (scan %s): its headers declare no read(): the "
						 "libc's development headers (libc6-dev, musl-dev) are missing "
						 "or half extracted, so its release cannot be dated",
				     col(st, 11), col(st, 1));
			break;
		}
		t->s = xrealloc(t->s, (t->ns + 1) * sizeof(*t->s));
		struct tl_scan *s = &t->s[t->ns++];
		memset(s, 0, sizeof(*s));
		s->id = sqlite3_column_int64(st, 0);
		s->label = dup_col(st, 1);
		s->arch = xstrdup(arch);
		s->flavour = dup_col(st, 3);
		s->libc_ver = dup_col(st, 4);
		s->kver = col(st, 5) ? kernel_release(col(st, 5)) : NULL;
		for (int i = 0; i < 4; i++)
			s->counts[i] = sqlite3_column_int64(st, 6 + i);
		s->tree = sqlite3_column_int(st, 10);
		sqlite3_bind_int64(names, 1, s->id);
		db_bind_text(names, 2, arch);
		while (sqlite3_step(names) == SQLITE_ROW)
			strv_push(&s->names, col(names, 0));
		sqlite3_reset(names);
	}
	if (rc == 0 && sqlite3_errcode(t->db->h) != SQLITE_DONE &&
	    sqlite3_errcode(t->db->h) != SQLITE_OK)
		rc = db_fail(t->db, "timeline: scans");
	sqlite3_finalize(st);
	sqlite3_finalize(names);
	if (rc == 0 && t->ns)
		qsort(t->s, t->ns, sizeof(*t->s), by_libc_version);
	return rc;
}

static int has_name(const struct tl_scan *s, const char *name)
{
	for (size_t i = 0; i < s->names.n; i++)
		if (!strcmp(s->names.v[i], name))
			return 1;
	return 0;
}

static void set(struct tl_since *x, char *version, const char *source, char *detail, int exact)
{
	x->version = version;
	x->source = source;
	x->detail = detail;
	x->exact = exact;
}

static void copy(struct tl_since *dst, const struct tl_since *src)
{
	set(dst, src->version ? xstrdup(src->version) : NULL, src->source,
	    src->detail ? xstrdup(src->detail) : NULL, src->exact);
}

static void since_free(struct tl_since *x)
{
	free(x->version);
	free(x->detail);
}

/* The kernel's since-version of r on its ABI: syscalls(2) or the page (of
 * `man`, the newest scan of the ABI with man pages), and the table of the
 * oldest scanned UAPI headers or tree that has it. The table wins where
 * the man pages date an arrival that the tables contradict on this ABI. */
static void kernel_since(struct timeline *t, struct tl_row *r, sqlite3_stmt *s2, sqlite3_stmt *pg,
			 int64_t man)
{
	sqlite3_bind_int64(s2, 1, man);
	db_bind_text(s2, 2, r->name);
	if (sqlite3_step(s2) == SQLITE_ROW && col(s2, 0)) {
		char *v = kernel_release(col(s2, 0));
		if (v)
			set(&r->kman, v, "syscalls(2)",
			    xasprintf("syscalls(2): %s %s%s%s", r->name, col(s2, 0),
				      col(s2, 1) && *col(s2, 1) ? ", " : "", col(s2, 1) ? col(s2, 1) : ""),
			    1);
	}
	sqlite3_reset(s2);
	sqlite3_bind_int64(pg, 1, man);
	db_bind_text(pg, 2, r->name);
	if (sqlite3_step(pg) == SQLITE_ROW) {
		if (col(pg, 0))
			set(&r->kpage, kernel_release(col(pg, 0)), "man page",
			    xasprintf("%s(2) VERSIONS/HISTORY: Linux %s", col(pg, 2), col(pg, 0)), 1);
		if (col(pg, 1))
			set(&r->lman, version_of(col(pg, 1)), "man page",
			    xasprintf("%s(2) VERSIONS/HISTORY: glibc %s", col(pg, 2), col(pg, 1)), 1);
	}
	sqlite3_reset(pg);
	/* the tables, oldest kernel first */
	const struct tl_scan *first = NULL, *before = NULL;
	const struct tl_scan *order[64];
	size_t n = 0;
	for (size_t i = 0; i < t->ns && n < ARRAY_SIZE(order); i++) {
		const struct tl_scan *s = &t->s[i];
		if (strcmp(s->arch, r->arch) || !s->kver)
			continue;
		size_t k = n++;
		while (k > 0 && ver_cmp(order[k - 1]->kver, s->kver) > 0) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = s;
	}
	for (size_t i = 0; i < n && !first; i++) {
		if (has_name(order[i], r->name))
			first = order[i];
		else
			before = order[i];
	}
	if (first) {
		const char *what = first->tree ? "kernel tree" : "UAPI headers";
		if (before)
			set(&r->ktable, xstrdup(first->kver), "table",
			    xasprintf("first in the table of the %s of Linux %s (%s); not in Linux %s's (%s)",
				      what, first->kver, first->label, before->kver, before->label),
			    0);
		else
			set(&r->ktable, xstrdup(first->kver), "table",
			    xasprintf("in the table of the oldest %s scanned, Linux %s (%s)", what,
				      first->kver, first->label),
			    0);
	}
	const struct tl_since *mp = r->kman.version ? &r->kman : r->kpage.version ? &r->kpage : NULL;
	/* syscalls(2) and the page often differ for the page's first "added in
	 * Linux X" being about a flag (madvise(2): MADV_DODUMP, 3.4): no note */
	if (mp && first && before && ver_cmp(mp->version, before->kver) <= 0) {
		free(r->knote);
		r->knote = xasprintf("the man pages say Linux %s, but Linux %s's %s table lacks it on "
				     "%s: it arrived on this ABI after %s, by %s",
				     mp->version, before->kver, first->tree ? "tree" : "UAPI",
				     r->arch, before->kver, first->kver);
		copy(&r->k, &r->ktable);
	} else if (mp && first && ver_cmp(mp->version, first->kver) > 0) {
		free(r->knote);
		r->knote = xasprintf("the man pages say Linux %s, but Linux %s's table already has it",
				     mp->version, first->kver);
		copy(&r->k, &r->ktable);
	} else if (mp) {
		copy(&r->k, mp);
	} else if (first) {
		copy(&r->k, &r->ktable);
	}
	/* no syscall is older on an ABI than its port */
	for (size_t i = 0; i < t->nports; i++) {
		const struct tl_port *p = &t->ports[i];
		if (strcmp(p->abi, r->arch) || !r->k.version || ver_cmp(r->k.version, p->kernel) >= 0)
			continue;
		char *why = xasprintf("%s says Linux %s, before the %s port (Linux %s)", r->k.source,
				      r->k.version, p->abi, p->kernel);
		since_free(&r->k);
		set(&r->k, xstrdup(p->kernel), "abi port",
		    xasprintf("the %s port arrived in Linux %s (releases.tsv)", p->abi, p->kernel), 1);
		if (r->knote) {
			char *both = xasprintf("%s; %s", r->knote, why);
			free(r->knote);
			free(why);
			why = both;
		}
		r->knote = why;
	}
}

/* Each libc's since-version of r: glibc's symbol version; the oldest
 * scanned release wrapping it (musl's only source). */
/* The oldest of the versions scan id's libc gives `name` (GLIBC_2.17 for
 * aarch64's timer_create, default @@GLIBC_2.34 since it left librt), or
 * whether it exports name at all (unversioned: ""). Owned, or NULL. */
static char *oldest_symbol(sqlite3_stmt *sy, int64_t id, const char *name)
{
	char *best = NULL;
	sqlite3_bind_int64(sy, 1, id);
	db_bind_text(sy, 2, name);
	while (sqlite3_step(sy) == SQLITE_ROW) {
		const char *v = col(sy, 0) ? col(sy, 0) : "";
		if (str_starts(v, "GLIBC_"))
			v += 6;
		if (!best || ver_cmp(v, best) < 0) {
			free(best);
			best = xstrdup(v);
		}
	}
	sqlite3_reset(sy);
	return best;
}

static void libc_since(struct timeline *t, struct tl_row *r, sqlite3_stmt *vd, sqlite3_stmt *sy)
{
	for (int f = 0; f < NF; f++) {
		const struct tl_scan *first = NULL, *before = NULL, *newest = NULL, *group[64];
		size_t ng = 0;
		char *sym = NULL, *wrapper = NULL;
		for (size_t i = 0; i < t->ns; i++) {
			const struct tl_scan *s = &t->s[i];
			if (s->tree || strcmp(s->arch, r->arch) || !s->flavour ||
			    strcmp(s->flavour, flavours[f]))
				continue;
			newest = s; /* sorted by version: the last one wins */
			if (ng < ARRAY_SIZE(group))
				group[ng++] = s;
			sqlite3_bind_int64(vd, 1, s->id);
			db_bind_text(vd, 2, r->name);
			int wrapped = 0, missing = 0;
			if (sqlite3_step(vd) == SQLITE_ROW) {
				wrapped = !strcmp(col(vd, 0), "wrapped");
				missing = !strcmp(col(vd, 0), "missing");
				r->live |= wrapped || missing;
				if (wrapped && col(vd, 2)) {
					free(sym);
					sym = xstrdup(col(vd, 2));
				}
				if (wrapped && col(vd, 1)) {
					free(wrapper);
					wrapper = xstrdup(col(vd, 1));
				}
			}
			sqlite3_reset(vd);
			if (wrapped && !first)
				first = s;
			r->missing[f] = missing;
		}
		/* a release that exports the wrapper already (its verdict differs
		 * for its man pages or headers) does not date the libc's wrapper */
		size_t fi = 0;
		while (first && fi < ng && group[fi] != first)
			fi++;
		while (first && wrapper && fi > 0) {
			char *had = oldest_symbol(sy, group[fi - 1]->id, wrapper);
			free(had);
			if (!had)
				break;
			first = group[--fi];
		}
		before = first && fi > 0 ? group[fi - 1] : NULL;
		if (!newest) {
			free(sym);
			free(wrapper);
			continue;
		}
		r->scanned[f] = 1;
		r->newest[f] = newest->label;
		r->newest_date[f] = date_of(t, flavours[f], newest->libc_ver);
		if (first && first->libc_ver)
			set(&r->lrel[f], xstrdup(first->libc_ver), "release",
			    before ? xasprintf("wrapped by %s() in %s %s (%s), not in %s (%s)", wrapper,
					       flavours[f], first->libc_ver, first->label,
					       before->libc_ver, before->label)
				   : xasprintf("wrapped by %s() in the oldest %s scanned, %s (%s)", wrapper,
					       flavours[f], first->libc_ver, first->label),
			    before != NULL);
		char *old = f == 0 && sym && str_starts(sym, "GLIBC_") && wrapper
				    ? oldest_symbol(sy, newest->id, wrapper) : NULL;
		if (old && !newest->baseline)
			((struct tl_scan *)newest)->baseline = oldest_symbol(sy, newest->id, NULL);
		if (old) {
			/* the ABI's first glibc: the wrapper may be older than that */
			int base = newest->baseline && !ver_cmp(old, newest->baseline);
			set(&r->lsym, old, "symbol",
			    xasprintf("%s@GLIBC_%s, the oldest of its versions in %s's libc (default "
				      "%s)%s", wrapper, old, newest->label, sym,
				      base ? "; the ABI's first glibc version" : ""),
			    !base);
			copy(&r->lib[f], &r->lsym);
			/* at the ABI's first glibc, an older page version is no disagreement */
			if (r->lman.version && r->lsym.exact && ver_cmp(r->lman.version, r->lsym.version))
				r->lnote = xasprintf("the man page says glibc %s, the symbol version %s",
						     r->lman.version, r->lsym.version);
		} else if (r->lrel[f].version) {
			copy(&r->lib[f], &r->lrel[f]);
		}
		free(sym);
		free(wrapper);
	}
}

/* Years from the kernel's since to each libc's, when both are dated and
 * exact (an "at most" version gives no lag) and the libc's is not older
 * (a wrapper older than the syscall on this ABI: the ABI's first glibc). */
static void lags(struct timeline *t, struct tl_row *r)
{
	r->kdate = r->k.version ? date_of(t, "linux", r->k.version) : 0;
	for (int f = 0; f < NF; f++) {
		r->lag[f] = -1;
		r->ldate[f] = r->lib[f].version ? date_of(t, flavours[f], r->lib[f].version) : 0;
		if (r->kdate && r->ldate[f] && r->lib[f].exact && r->ldate[f] >= r->kdate) {
			r->lag[f] = r->ldate[f] - r->kdate;
			r->lag_rel[f] = kernel_releases(t, r->kdate, r->ldate[f]);
		}
	}
}

static int store(struct timeline *t)
{
	sqlite3_stmt *st;
	if (db_exec(t->db, "BEGIN IMMEDIATE; DELETE FROM since;") < 0)
		return -1;
	if (db_prepare(t->db, &st, "INSERT INTO since (arch, name, side, source, version, exact,"
				   " chosen, detail, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)") < 0) {
		db_exec(t->db, "ROLLBACK;");
		return -1;
	}
	int rc = 0;
	for (size_t i = 0; i < t->nr && rc == 0; i++) {
		struct tl_row *r = &t->r[i];
		struct {
			const char *side;
			const struct tl_since *x, *chosen;
			const char *note;
		} rows[] = {
			{"kernel", &r->kman, &r->k, r->knote},   {"kernel", &r->kpage, &r->k, r->knote},
			{"kernel", &r->ktable, &r->k, r->knote}, {"kernel", &r->k, &r->k, r->knote},
			{"glibc", &r->lsym, &r->lib[0], r->lnote},
			{"glibc", &r->lman, &r->lib[0], r->lnote}, {"glibc", &r->lrel[0], &r->lib[0], NULL},
			{"musl", &r->lrel[1], &r->lib[1], NULL},
		};
		for (size_t k = 0; k < ARRAY_SIZE(rows) && rc == 0; k++) {
			const struct tl_since *x = rows[k].x;
			/* the chosen version is a row of its own only when no source
			 * above gave it: the ABI's port */
			if (!x->version || (x == rows[k].chosen && strcmp(x->source, "abi port")))
				continue;
			int chosen = rows[k].chosen->version && rows[k].chosen->source == x->source &&
				     !strcmp(rows[k].chosen->version, x->version);
			db_bind_text(st, 1, r->arch);
			db_bind_text(st, 2, r->name);
			db_bind_text(st, 3, rows[k].side);
			db_bind_text(st, 4, x->source);
			db_bind_text(st, 5, x->version);
			sqlite3_bind_int(st, 6, x->exact);
			sqlite3_bind_int(st, 7, chosen);
			db_bind_text(st, 8, x->detail);
			db_bind_text(st, 9, chosen ? rows[k].note : NULL);
			rc = db_step_done(t->db, st);
		}
	}
	sqlite3_finalize(st);
	if (rc == 0)
		rc = db_exec(t->db, "COMMIT;");
	else
		db_exec(t->db, "ROLLBACK;");
	return rc;
}

static int derive(struct timeline *t)
{
	static const char *const sql[] = {
		/* the ABIs' syscalls */
		"SELECT DISTINCT s.arch, v.name FROM verdict v JOIN scan s ON s.id = v.scan_id"
		" ORDER BY s.arch, v.name",
		"SELECT kernel, notes FROM man_syscalls WHERE scan_id = ?1 AND name = ?2",
		/* the page of that title only: a page of several calls (access(2):
		 * access, faccessat, faccessat2) gives one version for them all */
		"SELECT p.kernel_since, p.glibc_since, p.title FROM man_page p"
		" JOIN man_name n ON n.page_id = p.id WHERE p.scan_id = ?1 AND n.name = ?2"
		" AND lower(p.title) = ?2 AND (p.kernel_since IS NOT NULL OR p.glibc_since IS NOT NULL)"
		" LIMIT 1",
		"SELECT class, wrapper, since FROM verdict WHERE scan_id = ?1 AND name = ?2",
		/* a name's versions; with ?2 NULL, every GLIBC_2 version */
		"SELECT DISTINCT version FROM libc_symbol WHERE scan_id = ?1"
		" AND (name = ?2 OR ?2 IS NULL) AND (version IS NULL OR version LIKE"
		" 'GLIBC\\_2%' ESCAPE '\\') AND (?2 IS NOT NULL OR version IS NOT NULL)",
	};
	sqlite3_stmt *st[ARRAY_SIZE(sql)] = {0};
	int rc = 0;
	for (size_t i = 0; i < ARRAY_SIZE(sql) && rc == 0; i++)
		rc = db_prepare(t->db, &st[i], sql[i]);
	sqlite3_stmt *names = st[0], *s2 = st[1], *pg = st[2], *vd = st[3], *sy = st[4];
	while (rc == 0 && sqlite3_step(names) == SQLITE_ROW) {
		const char *arch = NULL;
		int64_t man = -1;
		/* the ABI's scans: its man pages are those of its newest kernel */
		for (size_t i = 0; i < t->ns; i++) {
			if (strcmp(t->s[i].arch, col(names, 0)))
				continue;
			arch = t->s[i].arch;
			if (!t->s[i].tree && (man < 0 || ver_cmp(t->s[i].kver ? t->s[i].kver : "",
								 t->s[(size_t)man].kver ? t->s[(size_t)man].kver : "") > 0))
				man = (int64_t)i;
		}
		if (!arch || man < 0)
			continue; /* an ABI not selected */
		t->r = xrealloc(t->r, (t->nr + 1) * sizeof(*t->r));
		struct tl_row *r = &t->r[t->nr++];
		memset(r, 0, sizeof(*r));
		r->arch = arch;
		r->name = dup_col(names, 1);
		kernel_since(t, r, s2, pg, t->s[(size_t)man].id);
		libc_since(t, r, vd, sy);
		lags(t, r);
	}
	for (size_t i = 0; i < ARRAY_SIZE(st); i++)
		sqlite3_finalize(st[i]);
	return rc == 0 ? store(t) : -1;
}

/* ---- outputs ---- */

static void json_since(struct json *j, const char *key, const struct tl_since *x, const char *note)
{
	json_key(j, key);
	if (!x->version) {
		json_null(j);
		return;
	}
	json_obj_begin(j);
	json_kstr(j, "version", x->version);
	json_kbool(j, "exact", x->exact);
	json_kstr(j, "source", x->source);
	json_kstr(j, "detail", x->detail);
	json_kstr(j, "disagreement", note);
	json_obj_end(j);
}

static void write_json(const void *ctx, FILE *f)
{
	const struct timeline *t = ctx;
	struct json j;
	json_init(&j, f, 1);
	json_obj_begin(&j);
	json_kstr(&j, "format", "syscov-timeline");
	json_kint(&j, "format_version", 1);
	json_key(&j, "releases");
	json_arr_begin(&j);
	for (size_t i = 0; i < t->ns; i++) {
		const struct tl_scan *s = &t->s[i];
		if (s->tree)
			continue;
		json_obj_begin(&j);
		json_kstr(&j, "label", s->label);
		json_kint(&j, "scan", s->id);
		json_kstr(&j, "arch", s->arch);
		json_kstr(&j, "libc", s->flavour);
		json_kstr(&j, "libc_version", s->libc_ver);
		json_kstr(&j, "kernel", s->kver);
		json_kint(&j, "wrapped", s->counts[0]);
		json_kint(&j, "missing", s->counts[3]);
		json_kint(&j, "total", s->counts[0] + s->counts[1] + s->counts[2] + s->counts[3]);
		json_obj_end(&j);
	}
	json_arr_end(&j);
	json_key(&j, "syscalls");
	json_arr_begin(&j);
	for (size_t i = 0; i < t->nr; i++) {
		const struct tl_row *r = &t->r[i];
		json_obj_begin(&j);
		json_kstr(&j, "arch", r->arch);
		json_kstr(&j, "name", r->name);
		json_kbool(&j, "live", r->live);
		json_since(&j, "kernel", &r->k, r->knote);
		json_key(&j, "libc");
		json_obj_begin(&j);
		for (int f = 0; f < NF; f++) {
			if (!r->scanned[f])
				continue;
			json_key(&j, flavours[f]);
			json_obj_begin(&j);
			json_since(&j, "since", &r->lib[f], f == 0 ? r->lnote : NULL);
			json_kbool(&j, "missing_in_newest", r->missing[f]);
			json_kstr(&j, "newest", r->newest[f]);
			json_key(&j, "lag_months");
			if (r->lag[f] >= 0)
				json_int(&j, (int64_t)(r->lag[f] * 12 + 0.5));
			else
				json_null(&j);
			json_key(&j, "lag_kernel_releases");
			if (r->lag[f] >= 0)
				json_int(&j, r->lag_rel[f]);
			else
				json_null(&j);
			json_obj_end(&j);
		}
		json_obj_end(&j);
		json_obj_end(&j);
	}
	json_arr_end(&j);
	json_obj_end(&j);
	fputc('\n', f);
}

/* A row's one-line story, for tooltips and the summary. */
static char *row_text(const struct tl_row *r)
{
	struct buf b = {0};
	buf_printf(&b, "%s (%s): ", r->name, r->arch);
	if (r->k.version)
		buf_printf(&b, "Linux %s%s (%s)", r->k.exact ? "" : "<= ", r->k.version, r->k.source);
	else
		buf_puts(&b, "Linux ?");
	for (int f = 0; f < NF; f++) {
		if (!r->scanned[f])
			continue;
		if (r->lib[f].version)
			buf_printf(&b, "; %s %s%s (%s)", flavours[f], r->lib[f].exact ? "" : "<= ",
				   r->lib[f].version, r->lib[f].source);
		else
			buf_printf(&b, "; %s: %s", flavours[f], r->missing[f] ? "missing" : "not wrapped");
		if (r->lag[f] >= 0)
			buf_printf(&b, ", %.1f years, %d kernel releases later", r->lag[f], r->lag_rel[f]);
	}
	if (r->knote)
		buf_printf(&b, "; %s", r->knote);
	return buf_steal(&b);
}

static double xpos(const struct timeline *t, double year, int left, int width)
{
	if (year < t->y0)
		year = t->y0;
	return left + (year - t->y0) / (t->y1 - t->y0) * width;
}

static int by_kdate(const void *a, const void *b)
{
	const struct tl_row *x = *(const struct tl_row *const *)a, *y = *(const struct tl_row *const *)b;
	if (x->kdate != y->kdate)
		return x->kdate < y->kdate ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The arrivals on one ABI since t->y0 (or still missing), one row each: a
 * dot at the kernel's release, a bar to each libc's wrapping release, a
 * dashed bar up to its newest scanned release where it is still missing. */
static void svg_arch(const struct timeline *t, const char *arch, FILE *f)
{
	const struct tl_row **rows = xcalloc(t->nr ? t->nr : 1, sizeof(*rows));
	size_t n = 0;
	for (size_t i = 0; i < t->nr; i++) {
		const struct tl_row *r = &t->r[i];
		/* what arrived with the ABI's port has no arrival of its own */
		if (!strcmp(r->arch, arch) && r->live && r->kdate >= t->y0 &&
		    strcmp(r->k.source, "abi port"))
			rows[n++] = r;
	}
	qsort(rows, n, sizeof(*rows), by_kdate);
	const int left = 190, width = 720, top = 44, rowh = 15, h = top + (int)n * rowh + 10;
	fprintf(f, "<svg class=\"tl\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">"
		   "<title>",
		left + width + 20, h, left + width + 20, h);
	rep_h(f, arch);
	fprintf(f, ": %zu syscalls the kernel gained since %d (after the ABI's port), and when each libc wrapped them"
		   "</title>\n",
		n, (int)t->y0);
	/* legend, then a gridline per year */
	fputs("<circle class=\"k\" cx=\"8\" cy=\"10\" r=\"4\"/><text x=\"16\" y=\"14\">kernel</text>"
	      "<rect class=\"l0\" x=\"76\" y=\"7\" width=\"26\" height=\"5\"/><text x=\"106\" y=\"14\">"
	      "glibc wraps it</text>"
	      "<rect class=\"l1\" x=\"206\" y=\"7\" width=\"26\" height=\"5\"/><text x=\"236\" y=\"14\">"
	      "musl wraps it</text>"
	      "<rect class=\"o\" x=\"336\" y=\"7\" width=\"26\" height=\"5\"/><text x=\"366\" y=\"14\">"
	      "still missing in the newest release</text>"
	      "<rect class=\"l0 approx\" x=\"560\" y=\"7\" width=\"3\" height=\"5\"/><text x=\"568\" "
	      "y=\"14\">wrapped by then (the oldest release scanned)</text>\n",
	      f);
	for (int y = (int)t->y0; y <= (int)t->y1; y++) {
		double x = xpos(t, y, left, width);
		fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
			   "<text class=\"yr\" x=\"%.1f\" y=\"%d\">%d</text>\n",
			x, top - 8, x, h - 6, x, top - 11, y);
	}
	for (size_t i = 0; i < n; i++) {
		const struct tl_row *r = rows[i];
		int y = top + (int)i * rowh + rowh / 2;
		double kx = xpos(t, r->kdate, left, width);
		char *tip = row_text(r);
		fputs("<g class=\"row\"><title>", f);
		rep_h(f, tip);
		free(tip);
		fprintf(f, "</title><text class=\"nm\" x=\"%d\" y=\"%d\">", left - 8, y + 4);
		rep_h(f, r->name);
		fputs("</text>", f);
		for (int k = 0; k < NF; k++) {
			int dy = y - 4 + k * 4;
			if (r->ldate[k] && r->lib[k].version) {
				double lx = xpos(t, r->ldate[k], left, width);
				if (lx < kx)
					lx = kx;
				if (r->lib[k].exact) /* a bar: the lag */
					fprintf(f, "<rect class=\"l%d\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
						   "height=\"4\"/>", k, kx, dy, lx - kx + 2);
				else /* "at most": a tick where the oldest release scanned has it */
					fprintf(f, "<rect class=\"l%d approx\" x=\"%.1f\" y=\"%d\" width=\"3\" "
						   "height=\"4\"/>", k, lx - 1, dy);
			} else if (r->missing[k] && r->newest_date[k]) {
				double ox = xpos(t, r->newest_date[k], left, width);
				fprintf(f, "<rect class=\"o\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"4\"/>",
					kx, dy, ox > kx ? ox - kx : 2);
			}
		}
		fprintf(f, "<circle class=\"k\" cx=\"%.1f\" cy=\"%d\" r=\"4\"/></g>\n", kx, y);
	}
	fputs("</svg>\n", f);
	free(rows);
}

/* Missing live syscalls per release, one bar each, grouped by ABI and libc. */
static void svg_missing(const struct timeline *t, FILE *f)
{
	int64_t max = 1;
	size_t n = 0;
	for (size_t i = 0; i < t->ns; i++)
		if (!t->s[i].tree) {
			n++;
			if (t->s[i].counts[3] > max)
				max = t->s[i].counts[3];
		}
	const int left = 230, width = 400, rowh = 22, h = (int)n * rowh + 8;
	fprintf(f, "<svg class=\"tl\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">"
		   "<title>missing live syscalls per release</title>\n",
		left + width + 180, h, left + width + 180, h);
	size_t row = 0;
	for (size_t i = 0; i < t->ns; i++) {
		const struct tl_scan *s = &t->s[i];
		if (s->tree)
			continue;
		int y = 4 + (int)row++ * rowh;
		int w = (int)((double)s->counts[3] / (double)max * width + 0.5);
		int fl = s->flavour && !strcmp(s->flavour, "musl");
		fprintf(f, "<text class=\"nm\" x=\"%d\" y=\"%d\">", left - 8, y + 14);
		rep_h(f, s->label);
		fprintf(f, "</text><rect class=\"m%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"16\"/>"
			   "<text x=\"%d\" y=\"%d\">%lld missing, %lld wrapped</text>\n",
			fl, left, y, w ? w : 1, left + w + 6, y + 14, (long long)s->counts[3],
			(long long)s->counts[0]);
	}
	fputs("</svg>\n", f);
}

static void td(FILE *f, const char *s)
{
	fputs("<td>", f);
	rep_h(f, s ? s : "");
	fputs("</td>", f);
}

static void td_since(FILE *f, const struct tl_since *x)
{
	fputs("<td", f);
	if (x->detail) {
		fputs(" title=\"", f);
		rep_h(f, x->detail);
		fputc('"', f);
	}
	fputc('>', f);
	if (x->version) {
		if (!x->exact)
			fputs("&le; ", f);
		rep_h(f, x->version);
		fputs(" <span class=\"muted\">", f);
		rep_h(f, x->source);
		fputs("</span>", f);
	}
	fputs("</td>", f);
}

static int by_lag(const void *a, const void *b)
{
	const double *x = a, *y = b;
	return x[0] < y[0] ? 1 : x[0] > y[0] ? -1 : (x[1] > y[1]) - (x[1] < y[1]);
}

/* The closed lags, largest first: pairs (years, row * NF + flavour). */
static double *lag_list(const struct timeline *t, size_t *n)
{
	double *l = xcalloc(t->nr * NF * 2 + 2, sizeof(*l));
	*n = 0;
	for (size_t i = 0; i < t->nr; i++)
		for (int f = 0; f < NF; f++)
			if (t->r[i].lag[f] >= 0) {
				l[2 * *n] = t->r[i].lag[f];
				l[2 * *n + 1] = (double)(i * NF + (size_t)f);
				(*n)++;
			}
	qsort(l, *n, 2 * sizeof(*l), by_lag);
	return l;
}

static void write_html(const void *ctx, FILE *f)
{
	const struct timeline *t = ctx;
	rep_html_head(f, "syscov: kernel and libc timeline");
	fputs("<style>svg.tl text{font:11px sans-serif;fill:#333}svg.tl .nm{text-anchor:end}"
	      "svg.tl .yr{text-anchor:middle;fill:#777}svg.tl .grid{stroke:#ddd}"
	      "svg.tl .k{fill:#333}svg.tl .l0{fill:#2b6cb0}svg.tl .l1{fill:#2f855a}"
	      "svg.tl .approx{opacity:.45}svg.tl .o{fill:#e53e3e;opacity:.55}"
	      "svg.tl .m0{fill:#2b6cb0}svg.tl .m1{fill:#2f855a}svg.tl .row:hover text{font-weight:bold}"
	      "</style>\n<h1>When the kernel gained each syscall, and when the libc wrapped it</h1>\n"
	      "<p class=\"muted\">Generated by syscov timeline from the scans in the database; "
	      "hover a row for its sources. &le; marks a version that is at most this one (the "
	      "oldest release scanned already has it).</p>\n<h2>Missing per release</h2>\n",
	      f);
	svg_missing(t, f);
	fputs("<table><thead><tr><th>release</th><th>ABI</th><th>libc</th><th>UAPI headers</th>"
	      "<th>wrapped</th><th>missing</th><th>total</th></tr></thead><tbody>\n",
	      f);
	struct strv arches = {0};
	for (size_t i = 0; i < t->ns; i++) {
		const struct tl_scan *s = &t->s[i];
		if (s->tree)
			continue;
		strv_push_unique(&arches, s->arch);
		char *libc = xasprintf("%s %s", s->flavour ? s->flavour : "unknown",
				       s->libc_ver ? s->libc_ver : "");
		fputs("<tr>", f);
		td(f, s->label);
		td(f, s->arch);
		td(f, libc);
		td(f, s->kver);
		fprintf(f, "<td>%lld</td><td>%lld</td><td>%lld</td></tr>\n", (long long)s->counts[0],
			(long long)s->counts[3],
			(long long)(s->counts[0] + s->counts[1] + s->counts[2] + s->counts[3]));
		free(libc);
	}
	fputs("</tbody></table>\n", f);
	for (size_t a = 0; a < arches.n; a++) {
		fputs("<h2>Arrivals on ", f);
		rep_h(f, arches.v[a]);
		fprintf(f, " since %d</h2>\n", (int)t->y0);
		svg_arch(t, arches.v[a], f);
	}
	strv_free(&arches);
	size_t nl;
	double *l = lag_list(t, &nl);
	fputs("<h2>The largest lags</h2>\n<table><thead><tr><th>syscall</th><th>ABI</th><th>libc</th>"
	      "<th>kernel since</th><th>libc since</th><th>years</th><th>kernel releases</th>"
	      "</tr></thead><tbody>\n",
	      f);
	for (size_t i = 0; i < nl && i < 30; i++) {
		size_t k = (size_t)l[2 * i + 1];
		const struct tl_row *r = &t->r[k / NF];
		int fl = (int)(k % NF);
		fputs("<tr>", f);
		td(f, r->name);
		td(f, r->arch);
		td(f, flavours[fl]);
		td_since(f, &r->k);
		td_since(f, &r->lib[fl]);
		fprintf(f, "<td>%.1f</td><td>%d</td></tr>\n", r->lag[fl], r->lag_rel[fl]);
	}
	free(l);
	fputs("</tbody></table>\n<h2>Every syscall</h2>\n<table><thead><tr><th>syscall</th>"
	      "<th>ABI</th><th>kernel since</th><th>glibc since</th><th>musl since</th>"
	      "<th>sources disagree</th></tr></thead><tbody>\n",
	      f);
	for (size_t i = 0; i < t->nr; i++) {
		const struct tl_row *r = &t->r[i];
		fputs("<tr>", f);
		td(f, r->name);
		td(f, r->arch);
		td_since(f, &r->k);
		td_since(f, &r->lib[0]);
		td_since(f, &r->lib[1]);
		char *note = r->knote && r->lnote ? xasprintf("%s; %s", r->knote, r->lnote) : NULL;
		td(f, note ? note : r->knote ? r->knote : r->lnote);
		free(note);
		fputs("</tr>\n", f);
	}
	fputs("</tbody></table>\n</body>\n</html>\n", f);
}

static void summary(const struct timeline *t, FILE *f)
{
	fprintf(f, "%-26s %-12s %-7s %8s %8s %6s\n", "release", "libc", "kernel", "wrapped", "missing",
		"total");
	for (size_t i = 0; i < t->ns; i++) {
		const struct tl_scan *s = &t->s[i];
		if (s->tree)
			continue;
		char *libc = xasprintf("%s %s", s->flavour ? s->flavour : "?", s->libc_ver ? s->libc_ver : "");
		fprintf(f, "%-26s %-12s %-7s %8lld %8lld %6lld\n", s->label, libc, s->kver ? s->kver : "?",
			(long long)s->counts[0], (long long)s->counts[3],
			(long long)(s->counts[0] + s->counts[1] + s->counts[2] + s->counts[3]));
		free(libc);
	}
	size_t nl;
	double *l = lag_list(t, &nl);
	fputs("largest kernel -> libc lags:\n", f);
	for (size_t i = 0; i < nl && i < 10; i++) {
		size_t k = (size_t)l[2 * i + 1];
		const struct tl_row *r = &t->r[k / NF];
		int fl = (int)(k % NF);
		fprintf(f, "  %-20s %-8s Linux %-7s (%s) -> %s %s (%s): %.1f years, %d kernel releases\n",
			r->name, r->arch, r->k.version, r->k.source, flavours[fl], r->lib[fl].version,
			r->lib[fl].source, r->lag[fl], r->lag_rel[fl]);
	}
	free(l);
}

static void timeline_free(struct timeline *t)
{
	for (size_t i = 0; i < t->ns; i++) {
		struct tl_scan *s = &t->s[i];
		free(s->label);
		free(s->arch);
		free(s->flavour);
		free(s->libc_ver);
		free(s->kver);
		free(s->baseline);
		strv_free(&s->names);
	}
	for (size_t i = 0; i < t->nr; i++) {
		struct tl_row *r = &t->r[i];
		struct tl_since *all[] = {&r->k,      &r->kman,   &r->kpage,  &r->ktable, &r->lib[0],
					  &r->lib[1], &r->lsym,   &r->lrel[0], &r->lrel[1], &r->lman};
		for (size_t k = 0; k < ARRAY_SIZE(all); k++)
			since_free(all[k]);
		free(r->name);
		free(r->knote);
		free(r->lnote);
	}
	free(t->s);
	free(t->r);
	free(t->d);
	free(t->ports);
}

int timeline_run(struct db *db, const struct strv *arches, const char *outdir, int fmt,
		 FILE *out)
{
	struct timeline t = {.db = db, .y0 = 2011};
	int rc = load_dates(&t);
	if (rc == 0)
		rc = load_scans(&t, arches);
	size_t nsys = 0;
	for (size_t i = 0; i < t.ns; i++)
		nsys += !t.s[i].tree;
	if (rc == 0 && !nsys)
		rc = err_set(EXIT_INPUT, "%s: no sysroot scan with verdicts%s (run syscov audit)",
			     db->path, arches && arches->n ? " of the --arch given" : "");
	if (rc == 0)
		rc = derive(&t);
	t.y1 = t.y0 + 1;
	for (size_t i = 0; i < t.nr; i++)
		for (int f = 0; f < NF; f++)
			if (t.r[i].newest_date[f] + 0.5 > t.y1)
				t.y1 = t.r[i].newest_date[f] + 0.5;
	if (rc == 0 && fmt)
		rc = rep_make_dirs(outdir);
	if (rc == 0 && (fmt & TL_HTML))
		rc = rep_write_file(outdir, "index.html", write_html, &t);
	if (rc == 0 && (fmt & TL_JSON))
		rc = rep_write_file(outdir, "timeline.json", write_json, &t);
	if (rc == 0 && fmt)
		note("timeline: %s/", outdir);
	if (rc == 0 && out)
		summary(&t, out);
	timeline_free(&t);
	return rc;
}
