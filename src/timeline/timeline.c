/* timeline.c: This file contains the timeline of kernel and libc
 * since-versions across the scanned releases (see timeline.h): for every ABI
 * and syscall, when the kernel gained it (syscalls(2), the man page's
 * VERSIONS/HISTORY, and the oldest scanned UAPI headers or kernel tree whose
 * table has it) and when each libc wrapped it (glibc's symbol version, the
 * oldest scanned release that wraps it), the sources' disagreements, and the
 * lag in years and kernel releases (dates from data/releases.tsv). It
 * replaces the `since` table and writes the HTML page (an SVG chart drawn
 * here) and JSON. docs/timeline.md has the rules. */
#include "timeline/timeline.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/tsv.h"
#include "base/sysroot.h"
#include "base/json.h"
#include "base/outfile.h"
#include "report/report.h"
#include "base/util.h"

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
	char *sysroot;
	/* what the distribution shipped (dist_load()): the libc's package and
	 * version (the MANIFEST's first line), and its source package's
	 * debian/patches, by name (dist < 0: none there to check) */
	int dist;
	char *package;
	struct strv patch_names, patch_texts;
};

struct tl_since {
	char *version; /* NULL: unknown */
	const char *source;
	char *detail;
	/* 0: not exactly this version: at most it (the oldest release scanned
	 * has it), or, with `after`, a range: after `after`, by `version` */
	int exact;
	char *after;
};

struct tl_row {
	const char *arch;
	char *name;
	int64_t nr; /* on its ABI; -1: unknown */
	char *kalso; /* the version another page naming it gives (pkey_alloc(2) of pkey_free) */
	struct tl_since k, kman, kpage, ktable, lib[NF], lsym, lrel[NF], lcode[NF], lpkg[NF], lman;
	char *knote, *lnote[NF]; /* the sources' disagreements, or NULL */
	int scanned[NF], missing[NF], live;
	double kdate, ldate[NF], lag[NF]; /* years; lag < 0: none */
	double kafter, lafter[NF];        /* a range's lower end (years), or 0 */
	char *knear; /* kdate is this release's, the nearest the dates file has */
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
	static const char *const cols[] = {"project", "version", "date", "source", NULL};
	struct tsv in;
	if (tsv_open(&in, "releases.tsv", cols) < 0)
		return -1;
	int rc = 0, r = 0;
	size_t cap = 0;
	while (rc == 0 && (r = tsv_next(&in)) > 0) {
		const char *proj = in.v[0], *ver = in.v[1], *date = in.v[2];
		if (!strcmp(proj, "abi")) { /* abi, its name, the Linux version it came with */
			struct tl_port p = {0};
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
		struct tl_date e = {0};
		int y, m, d, end = 0;
		/* as tl_date's fields: a longer one does not match */
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
	return rc;
}

/* The release date of project's version, in years; 0 when unknown. A
 * version the file lacks is dated by its shorter prefix (2.4.11 -> 2.4),
 * which *near then names (owned; else NULL). */
static double date_of(const struct timeline *t, const char *project, const char *version,
		      char **near)
{
	if (near)
		*near = NULL;
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
	if (y && near && strcmp(v, version))
		*near = v;
	else
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
		s->sysroot = dup_col(st, 11);
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
	dst->after = src->after ? xstrdup(src->after) : NULL;
}

static void since_free(struct tl_since *x)
{
	free(x->version);
	free(x->detail);
	free(x->after);
}

/* "2.36", "<= 2.17" or "> 2.31, <= 2.36": how x reads (owned). */
static char *since_text(const struct tl_since *x)
{
	if (!x->version)
		return xstrdup("?");
	if (x->after)
		return xasprintf("> %s, <= %s", x->after, x->version);
	return xasprintf("%s%s", x->exact ? "" : "<= ", x->version);
}

static void add_note(char **note, char *more)
{
	if (*note) {
		char *both = xasprintf("%s; %s", *note, more);
		free(*note);
		free(more);
		more = both;
	}
	*note = more;
}

/* The kernel's since-version of r on its ABI: syscalls(2) or the page (of
 * `man`, the newest scan of the ABI with man pages), and the table of the
 * oldest scanned UAPI headers or tree that has it. The table wins where
 * the man pages date an arrival that the tables contradict on this ABI. */
static void kernel_since(struct timeline *t, struct tl_row *r, sqlite3_stmt *s2, sqlite3_stmt *pg,
			 sqlite3_stmt *po, int64_t man)
{
	/* another page naming it dates it too (pkey_alloc(2) of pkey_free):
	 * where that differs, number_order() does not lean on it */
	sqlite3_bind_int64(po, 1, man);
	db_bind_text(po, 2, r->name);
	if (sqlite3_step(po) == SQLITE_ROW)
		r->kalso = kernel_release(col(po, 0));
	sqlite3_reset(po);
	sqlite3_bind_int64(s2, 1, man);
	db_bind_text(s2, 2, r->name);
	if (sqlite3_step(s2) == SQLITE_ROW) {
		const char *k = col(s2, 0), *notes = col(s2, 1) ? col(s2, 1) : "";
		char *v = k && *k ? kernel_release(k) : NULL;
		/* an empty kernel cell, the note dates it: 'Added as "pread" in
		 * 2.2; renamed "pread64" in 2.6' */
		const char *in = !v && !strncasecmp(notes, "added ", 6) ? strstr(notes, " in ") : NULL;
		if (in && isdigit((unsigned char)in[4]))
			v = kernel_release(in + 4);
		if (v)
			set(&r->kman, v, "syscalls(2)",
			    xasprintf("syscalls(2): %s %s%s%s", r->name, k && *k ? k : "(no version)",
				      *notes ? ", " : "", notes),
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
		{
			set(&r->ktable, xstrdup(first->kver), "table",
			    xasprintf("first in the table of the %s of Linux %s (%s); not in Linux %s's (%s)",
				      what, first->kver, first->label, before->kver, before->label),
			    0);
			r->ktable.after = xstrdup(before->kver);
		}
		else
			set(&r->ktable, xstrdup(first->kver), "table",
			    xasprintf("in the table of the oldest %s scanned, Linux %s (%s)", what,
				      first->kver, first->label),
			    0);
	}
	/* the syscall's own page over syscalls(2) (man-pages 6.03's
	 * syscalls(2): membarrier 3.17, its page and the numbers: 4.3), but
	 * for a call syscalls(2) dates to Linux 2.4 or before a later version
	 * on its page is about a change to it (stat(2): 2.4, open(2): 2.4.10);
	 * number_order() arbitrates where the two disagree */
	int page = r->kpage.version &&
		   (!r->kman.version || ver_cmp(r->kpage.version, r->kman.version) < 0 ||
		    ver_cmp(r->kman.version, "2.4") > 0);
	const struct tl_since *mp = page ? &r->kpage : r->kman.version ? &r->kman : NULL;
	if (r->kpage.version && r->kman.version && ver_cmp(r->kpage.version, r->kman.version))
		r->knote = xasprintf("syscalls(2) says Linux %s, %s", r->kman.version,
				     r->kpage.detail);
	if (mp && first && before && ver_cmp(mp->version, before->kver) <= 0) {
		add_note(&r->knote, xasprintf("the man pages say Linux %s, but Linux %s's %s table lacks it on "
				     "%s: it arrived on this ABI after %s, by %s",
				     mp->version, before->kver, first->tree ? "tree" : "UAPI",
				     r->arch, before->kver, first->kver));
		copy(&r->k, &r->ktable);
	} else if (mp && first && ver_cmp(mp->version, first->kver) > 0) {
		add_note(&r->knote, xasprintf("the man pages say Linux %s, but Linux %s's table "
					      "already has it", mp->version, first->kver));
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
		add_note(&r->knote, why);
	}
}

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

/* What the distribution shipped in release s (once): its MANIFEST's first
 * package (the libc's: "musl 1.2.5-3.1~deb13u1"), and the patches its source
 * package applies (debian-patches/series, as scripts/release-sysroot.sh
 * fetches them), read through the sysroot. */
static void dist_load(struct tl_scan *s)
{
	if (s->dist)
		return;
	s->dist = -1;
	struct sysroot sr = {0};
	struct sysroot_opts o = {.arch = s->arch};
	struct buf b = {0};
	if (!s->sysroot || sysroot_open(&sr, s->sysroot, &o) < 0) {
		err_clear();
		return;
	}
	if (sysroot_read_file(&sr, "/MANIFEST", 1 << 20, &b, NULL) == 0) {
		char name[64], ver[64];
		if (sscanf(b.p, "%63s %63s", name, ver) == 2)
			s->package = xasprintf("%s %s", name, ver);
	}
	buf_free(&b);
	if (sysroot_read_file(&sr, "/debian-patches/series", 1 << 20, &b, NULL) == 0) {
		s->dist = 1;
		for (char *l = b.p, *nl; l && *l; l = nl) {
			nl = strchr(l, '\n');
			if (nl)
				*nl++ = 0;
			l[strcspn(l, " \t#")] = 0; /* a patch's options, comments */
			if (!*l || strstr(l, ".."))
				continue;
			struct buf pb = {0};
			char *path = xasprintf("/debian-patches/%s", l);
			if (sysroot_read_file(&sr, path, 64 << 20, &pb, NULL) == 0) {
				strv_push(&s->patch_names, l);
				strv_push(&s->patch_texts, pb.p ? pb.p : "");
			}
			err_clear();
			free(path);
			buf_free(&pb);
		}
	}
	err_clear();
	buf_free(&b);
	sysroot_close(&sr);
}

/* The patch of release s that adds a definition of function `func` (a line
 * "+... func(" that does not end in ';', in a file not of another kernel's
 * port), or NULL. */
static const char *dist_patch(const struct tl_scan *s, const char *func)
{
	size_t n = strlen(func);
	for (size_t i = 0; i < s->patch_texts.n; i++) {
		const char *text = s->patch_texts.v[i];
		for (const char *p = strstr(text, func); p; p = strstr(p + n, func)) {
			const char *l = p, *q = p + n;
			while (l > text && l[-1] != '\n')
				l--;
			size_t len = strcspn(l, "\n");
			while (*q == ' ')
				q++;
			if (*l != '+' || l[1] == '+' || *q != '(' || p == l ||
			    isalnum((unsigned char)p[-1]) || p[-1] == '_' || l[len - 1] == ';')
				continue;
			/* the file it patches: another kernel's port (glibc's
			 * kfreebsd/, hurd/ sysdeps) is not this one's libc */
			const char *f = l;
			while (f > text && !(f[-1] == '\n' && !strncmp(f, "+++ ", 4)))
				f--;
			size_t fl = strcspn(f, "\n");
			char *file = xstrndup(f, fl);
			int other = strstr(file, "kfreebsd") || strstr(file, "hurd") ||
				    strstr(file, "/mach/");
			free(file);
			if (!other)
				return s->patch_names.v[i];
		}
	}
	return NULL;
}

/* What one release's code shows of a syscall being wrapped. */
struct tl_code {
	char *func, *lib; /* NULL: nothing */
	int depth;
};

/* Whether release `scan`'s code issues syscall nr through a linkable
 * wrapper: the verdict's wrapper issuing it (at any depth the code pass
 * follows: cw), else a function the headers declare and the libc links
 * (a default version, or a static archive's) whose own code issues nr and
 * no other syscall (co: glibc 2.31's __xmknodat() for mknodat, where
 * mknodat() itself is a libc_nonshared.a routine whose jump out of the
 * archive the code pass does not follow). The loader's exports are no
 * wrappers. */
static void code_wraps(sqlite3_stmt *cw, sqlite3_stmt *co, int64_t scan, int64_t nr,
		       const char *wrapper, struct tl_code *c)
{
	memset(c, 0, sizeof(*c));
	if (wrapper) {
		sqlite3_bind_int64(cw, 1, scan);
		sqlite3_bind_int64(cw, 2, nr);
		db_bind_text(cw, 3, wrapper);
		if (sqlite3_step(cw) == SQLITE_ROW) {
			c->func = xstrdup(wrapper);
			c->depth = sqlite3_column_int(cw, 0);
			c->lib = dup_col(cw, 1);
		}
		sqlite3_reset(cw);
	}
	if (c->func)
		return;
	sqlite3_bind_int64(co, 1, scan);
	sqlite3_bind_int64(co, 2, nr);
	if (sqlite3_step(co) == SQLITE_ROW) {
		c->func = dup_col(co, 0);
		c->lib = dup_col(co, 1);
	}
	sqlite3_reset(co);
}

/* Releases of `project` the dates file lists after a, before b. */
static int releases_between(const struct timeline *t, const char *project, const char *a,
			    const char *b)
{
	int n = 0;
	for (size_t i = 0; i < t->nd; i++)
		n += !strcmp(t->d[i].project, project) && ver_cmp(t->d[i].version, a) > 0 &&
		     ver_cmp(t->d[i].version, b) < 0;
	return n;
}

/* The since-version the code gives (r->lcode[f]): the oldest scanned release
 * whose code wraps the syscall, group[fi] of the ng releases; dated by the
 * issuing function's symbol version where that release is the oldest
 * scanned or the version falls between it and the release before, else by
 * the release, exact when the dates file knows no release between the two
 * scanned ones, a range otherwise ("> 2.31, <= 2.36"). */
static void code_since(const struct timeline *t, struct tl_row *r, int f, sqlite3_stmt *sy,
		       const struct tl_scan *const *group, size_t fi, const struct tl_code *c,
		       int64_t nr)
{
	const struct tl_scan *first = group[fi], *before = fi ? group[fi - 1] : NULL;
	char *v = f == 0 ? oldest_symbol(sy, first->id, c->func) : NULL;
	if (v && !*v) { /* unversioned: a static archive's routine */
		free(v);
		v = NULL;
	}
	char *how = xasprintf("%s() (%s) issues %s (%lld)%s in %s %s's code (%s)", c->func, c->lib,
			      r->name, (long long)nr, c->depth ? " through its calls" : "",
			      flavours[f], first->libc_ver, first->label);
	struct tl_since *x = &r->lcode[f];
	if (v && ver_cmp(v, first->libc_ver) <= 0 && (!before || ver_cmp(v, before->libc_ver) > 0)) {
		if (!first->baseline)
			((struct tl_scan *)first)->baseline = oldest_symbol(sy, first->id, NULL);
		int base = !before && first->baseline && !ver_cmp(v, first->baseline);
		char *tail = before ? xasprintf(", not in %s %s's (%s)", flavours[f],
						before->libc_ver, before->label)
				    : xstrdup(base ? ", the ABI's first glibc version: at most" : "");
		set(x, v, "code", xasprintf("%s; %s@GLIBC_%s%s", how, c->func, v, tail), !base);
		free(tail);
		v = NULL;
	} else if (!before) {
		set(x, xstrdup(first->libc_ver), "code",
		    xasprintf("%s, the oldest %s scanned: at most", how, flavours[f]), 0);
	} else {
		int gap = releases_between(t, flavours[f], before->libc_ver, first->libc_ver);
		set(x, xstrdup(first->libc_ver), "code",
		    xasprintf("%s; not in %s %s's (%s)%s", how, flavours[f], before->libc_ver,
			      before->label,
			      gap ? "" : ", the release before it"),
		    !gap);
		if (gap)
			x->after = xstrdup(before->libc_ver);
	}
	free(v);
	free(how);
}

/* Each libc's since-version of r: from the code of its scanned releases
 * (code_since), else the oldest release whose verdict is wrapped; glibc's
 * symbol version and the man page recorded beside, with where they
 * disagree. */
static void libc_since(struct timeline *t, struct tl_row *r, sqlite3_stmt *vd, sqlite3_stmt *sy,
		       sqlite3_stmt *cw, sqlite3_stmt *co)
{
	for (int f = 0; f < NF; f++) {
		const struct tl_scan *first = NULL, *before = NULL, *newest = NULL, *group[64];
		struct tl_code code = {0}, first_code = {0};
		size_t ng = 0, fc = 0;
		char *sym = NULL, *wrapper = NULL;
		int64_t nr = -1;
		for (size_t i = 0; i < t->ns; i++) {
			const struct tl_scan *s = &t->s[i];
			if (s->tree || strcmp(s->arch, r->arch) || !s->flavour ||
			    strcmp(s->flavour, flavours[f]) || ng == ARRAY_SIZE(group))
				continue;
			newest = s; /* sorted by version: the last one wins */
			group[ng++] = s;
			sqlite3_bind_int64(vd, 1, s->id);
			db_bind_text(vd, 2, r->name);
			int wrapped = 0, missing = 0;
			const char *w = NULL;
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
				w = wrapped ? col(vd, 1) : NULL;
				if (sqlite3_column_type(vd, 3) != SQLITE_NULL)
					nr = sqlite3_column_int64(vd, 3);
			}
			if (!first_code.func && nr >= 0) {
				code_wraps(cw, co, s->id, nr, w, &code);
				if (code.func) {
					first_code = code;
					fc = ng - 1;
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
		if (r->nr < 0)
			r->nr = nr;
		r->scanned[f] = 1;
		r->newest[f] = newest->label;
		r->newest_date[f] = date_of(t, flavours[f], newest->libc_ver, NULL);
		if (first && first->libc_ver) {
			int gap = before && releases_between(t, flavours[f], before->libc_ver,
							     first->libc_ver);
			set(&r->lrel[f], xstrdup(first->libc_ver), "release",
			    before ? xasprintf("the verdict of %s %s (%s) is wrapped, by %s(); not that "
					       "of %s (%s)", flavours[f], first->libc_ver, first->label,
					       wrapper, before->libc_ver, before->label)
				   : xasprintf("the verdict of the oldest %s scanned, %s (%s), is wrapped, "
					       "by %s(): at most", flavours[f], first->libc_ver,
					       first->label, wrapper),
			    before && !gap);
			if (gap)
				r->lrel[f].after = xstrdup(before->libc_ver);
		}
		if (first_code.func && group[fc]->libc_ver)
			code_since(t, r, f, sy, group, fc, &first_code, nr);
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
		}
		const struct tl_since *c = &r->lcode[f];
		if (c->version)
			copy(&r->lib[f], c);
		else if (r->lrel[f].version)
			copy(&r->lib[f], &r->lrel[f]);
		/* an arrival between two scanned releases: the distribution's
		 * package may have added it, not the upstream release */
		struct tl_scan *arr = (struct tl_scan *)(c->version ? group[fc] : first);
		const char *func = c->version ? first_code.func : wrapper;
		if (r->lib[f].version && arr != group[0] && func) {
			dist_load(arr);
			const char *patch = arr->dist > 0 ? dist_patch(arr, func) : NULL;
			if (patch) {
				set(&r->lpkg[f], xstrdup(strchr(arr->package, ' ') + 1), "package",
				    xasprintf("%s (%s) adds %s() in debian/patches/%s: upstream %s %s "
					      "lacks it", arr->package, arr->label, func, patch,
					      flavours[f], arr->libc_ver),
				    1);
				add_note(&r->lnote[f],
					 xasprintf("%s %s's own code has it only through the distribution's "
						   "patch %s of %s", flavours[f], arr->libc_ver, patch,
						   arr->package));
				since_free(&r->lib[f]);
				copy(&r->lib[f], &r->lpkg[f]);
			} else if (arr->dist < 0) {
				add_note(&r->lnote[f],
					 xasprintf("unverified: whether %s %s or its distribution's package "
						   "added %s() (no debian-patches in %s)", flavours[f],
						   arr->libc_ver, func, arr->sysroot));
			}
		}
		/* where the other sources disagree with the chosen one */
		if (c->version && r->lsym.version && f == 0 && ver_cmp(r->lsym.version, c->version) &&
		    (r->lsym.exact || c->exact))
			add_note(&r->lnote[f],
				 xasprintf("the symbol version of %s() says glibc %s, but the code says "
					   "%s%s", wrapper, r->lsym.version, c->after ? "after " : "",
					   c->after ? c->after : c->version));
		if (c->version && r->lrel[f].version && ver_cmp(r->lrel[f].version, c->version) < 0)
			add_note(&r->lnote[f],
				 xasprintf("the verdict of %s %s is wrapped, by %s(), but its code shows no "
					   "function issuing %s", flavours[f], r->lrel[f].version, wrapper,
					   r->name));
		if (!c->version && r->lrel[f].version)
			add_note(&r->lnote[f],
				 xasprintf("no scanned release's code shows %s issued by a linkable "
					   "function: the verdict's %s() dates it", r->name, wrapper));
		/* at the ABI's first glibc, an older page version is no disagreement */
		if (f == 0 && r->lman.version && r->lib[f].version && r->lib[f].exact &&
		    ver_cmp(r->lman.version, r->lib[f].version))
			add_note(&r->lnote[f], xasprintf("the man page says glibc %s, the %s %s",
							 r->lman.version, r->lib[f].source,
							 r->lib[f].version));
		free(first_code.func);
		free(first_code.lib);
		free(sym);
		free(wrapper);
	}
}

/* The Linux release before v in the dates file ("4.3" -> "4.2"), or NULL. */
static const char *linux_before(const struct timeline *t, const char *v)
{
	const char *best = NULL;
	for (size_t i = 0; i < t->nd; i++)
		if (!strcmp(t->d[i].project, "linux") && ver_cmp(t->d[i].version, v) < 0 &&
		    (!best || ver_cmp(t->d[i].version, best) > 0))
			best = t->d[i].version;
	return best;
}

/* Whether version v lies between the numbers' neighbours' versions. */
static int within(const char *v, const struct tl_row *lo, const struct tl_row *hi)
{
	return ver_cmp(v, lo->k.version) >= 0 && ver_cmp(v, hi->k.version) <= 0;
}

static int by_nr(const void *a, const void *b)
{
	const struct tl_row *x = *(const struct tl_row *const *)a, *y = *(const struct tl_row *const *)b;
	return (x->nr > y->nr) - (x->nr < y->nr);
}

/* The syscall numbers of each ABI as a check of the kernel since-versions:
 * since Linux 3.0 a new syscall takes the next free number, so the dated
 * arrivals, in number order, have rising versions. The longest run of them
 * that does (the man pages' versions of one source, or of all where they
 * agree) bounds every other syscall by its neighbours in number: where
 * syscalls(2) and the page disagree, the page is taken unless the bounds
 * refute it and not syscalls(2); a version outside them is noted, not
 * replaced, as a number may be given out of turn (close_range: 436 in 5.9,
 * after openat2, 437, in 5.6; aarch64's kexec_file_load, 294 after rseq,
 * 293, Linux 4.18, where syscalls(2) says 3.17); an undated one (an "at
 * most" of the oldest table) gets the range they give where it is
 * narrower. */
static void number_order(struct timeline *t)
{
	const struct tl_row **v = xcalloc(t->nr + 1, sizeof(*v));
	int *len = xcalloc(t->nr + 1, sizeof(*len)), *prev = xcalloc(t->nr + 1, sizeof(*prev));
	char *in = xcalloc(t->nr + 1, 1);
	for (size_t a = 0; a < t->nr;) {
		size_t b = a, n = 0, m = 0;
		while (b < t->nr && !strcmp(t->r[b].arch, t->r[a].arch))
			b++;
		/* the dated arrivals since 3.0, in number order */
		for (size_t i = a; i < b; i++) {
			const struct tl_row *r = &t->r[i];
			int agree = (!r->kman.version || !r->kpage.version ||
				     !ver_cmp(r->kman.version, r->kpage.version)) &&
				    (!r->kalso || !ver_cmp(r->kalso, r->k.version));
			if (r->nr >= 0 && r->k.version && r->k.exact && agree &&
			    (r->k.source == r->kman.source || r->k.source == r->kpage.source) &&
			    ver_cmp(r->k.version, "3.0") >= 0)
				v[n++] = r;
		}
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
		memset(in, 0, n);
		for (int i = best; i >= 0; i = prev[i])
			in[i] = 1, m++;
		for (size_t i = a; i < b && m > 1; i++) {
			struct tl_row *r = &t->r[i];
			if (r->nr < 0)
				continue;
			const struct tl_row *lo = NULL, *hi = NULL;
			for (size_t j = 0; j < n; j++) {
				if (!in[j] || v[j] == r)
					continue;
				if (v[j]->nr < r->nr && (!lo || ver_cmp(v[j]->k.version, lo->k.version) > 0))
					lo = v[j];
				if (v[j]->nr > r->nr && (!hi || ver_cmp(v[j]->k.version, hi->k.version) < 0))
					hi = v[j];
			}
			if (!lo || !hi)
				continue; /* before the run or after it: no bound on both sides */
			char *bounds = xasprintf("%s is %lld on %s, after %s (%lld, Linux %s) and before %s "
						 "(%lld, Linux %s)", r->name, (long long)r->nr, r->arch,
						 lo->name, (long long)lo->nr, lo->k.version, hi->name,
						 (long long)hi->nr, hi->k.version);
			const struct tl_since *pick = NULL;
			if (r->kman.version && r->kpage.version &&
			    ver_cmp(r->kman.version, r->kpage.version) && r->k.source != r->ktable.source)
				pick = !within(r->kpage.version, lo, hi) && within(r->kman.version, lo, hi) ? &r->kman
											  : &r->kpage;
			if (pick) {
				if (r->k.source != pick->source) {
					since_free(&r->k);
					copy(&r->k, pick);
				}
				add_note(&r->knote, xasprintf("the numbers side with the %s: %s",
							      pick->source, bounds));
			} else if (r->k.version && (r->k.exact || r->k.after) && !within(r->k.version, lo, hi) &&
				   strcmp(r->k.source, "abi port")) {
				/* a check only: a number may be given out of turn
				 * (close_range, 436 in 5.9, after openat2, 437 in 5.6) */
				add_note(&r->knote, xasprintf("the numbers disagree with %s's Linux %s: %s",
							      r->k.source, r->k.version, bounds));
			} else if (r->k.version && !r->k.exact && !r->k.after &&
				   ver_cmp(hi->k.version, r->k.version) < 0) {
				/* an "at most" of the oldest table: the numbers say more */
				since_free(&r->k);
				set(&r->k, xstrdup(hi->k.version), "numbers", xstrdup(bounds), 0);
				const char *bf = linux_before(t, lo->k.version);
				r->k.after = bf ? xstrdup(bf) : NULL;
			}
			free(bounds);
		}
		a = b;
	}
	free(v);
	free(len);
	free(prev);
	free(in);
}

/* Years from the kernel's since to each libc's, when both are dated and
 * exact (an "at most" version gives no lag) and the libc's is not older
 * (a wrapper older than the syscall on this ABI: the ABI's first glibc). */
static void lags(struct timeline *t, struct tl_row *r)
{
	r->kdate = date_of(t, "linux", r->k.version, &r->knear);
	r->kafter = r->k.after ? date_of(t, "linux", r->k.after, NULL) : 0;
	for (int f = 0; f < NF; f++) {
		r->lag[f] = -1;
		/* a distribution's package: drawn at the upstream release it is of */
		const struct tl_since *x = r->lpkg[f].version && r->lcode[f].version ? &r->lcode[f]
											: &r->lib[f];
		r->ldate[f] = date_of(t, flavours[f], x->version, NULL);
		r->lafter[f] = x->after ? date_of(t, flavours[f], x->after, NULL) : 0;
		if (r->kdate && r->ldate[f] && r->lib[f].exact && x == &r->lib[f] &&
		    r->k.exact && r->ldate[f] >= r->kdate) {
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
				   " chosen, detail, note, after_version) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8,"
				   " ?9, ?10)") < 0) {
		db_exec(t->db, "ROLLBACK;");
		return -1;
	}
	int rc = 0;
	for (size_t i = 0; i < t->nr && rc == 0; i++) {
		struct tl_row *r = &t->r[i];
		static const char *const sides[] = {"kernel", "glibc", "musl"};
		const struct tl_since *chosen[] = {&r->k, &r->lib[0], &r->lib[1]};
		const char *notes[] = {r->knote, r->lnote[0], r->lnote[1]};
		/* each side's sources; the chosen version is a row of its own
		 * only when none of them gave it (the ABI's port, the numbers) */
		const struct tl_since *src[][6] = {
			{&r->kman, &r->kpage, &r->ktable, &r->k},
			{&r->lpkg[0], &r->lcode[0], &r->lsym, &r->lman, &r->lrel[0], &r->lib[0]},
			{&r->lpkg[1], &r->lcode[1], &r->lrel[1], &r->lib[1]},
		};
		for (size_t sd = 0; sd < ARRAY_SIZE(sides) && rc == 0; sd++) {
			int any = 0;
			for (size_t k = 0; k < ARRAY_SIZE(src[sd]) && src[sd][k] && rc == 0; k++) {
				const struct tl_since *x = src[sd][k], *c = chosen[sd];
				if (!x->version || (x == c && any))
					continue;
				int is = c->version && c->source == x->source &&
					 !strcmp(c->version, x->version);
				any |= is;
				db_bind_text(st, 1, r->arch);
				db_bind_text(st, 2, r->name);
				db_bind_text(st, 3, sides[sd]);
				db_bind_text(st, 4, x->source);
				db_bind_text(st, 5, x->version);
				sqlite3_bind_int(st, 6, x->exact);
				sqlite3_bind_int(st, 7, is);
				db_bind_text(st, 8, x->detail);
				db_bind_text(st, 9, is ? notes[sd] : NULL);
				db_bind_text(st, 10, x->after);
				rc = db_step_done(t->db, st);
			}
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
		"SELECT class, wrapper, since, nr FROM verdict WHERE scan_id = ?1 AND name = ?2",
		/* a name's versions; with ?2 NULL, every GLIBC_2 version */
		"SELECT DISTINCT version FROM libc_symbol WHERE scan_id = ?1"
		" AND (name = ?2 OR ?2 IS NULL) AND (version IS NULL OR version LIKE"
		" 'GLIBC\\_2%' ESCAPE '\\') AND (?2 IS NOT NULL OR version IS NOT NULL)",
		/* kernel_since(): a page of another title naming ?2 */
		"SELECT p.kernel_since FROM man_page p JOIN man_name n ON n.page_id = p.id"
		" WHERE p.scan_id = ?1 AND n.name = ?2 AND lower(p.title) <> ?2"
		" AND p.kernel_since IS NOT NULL LIMIT 1",
		/* code_wraps(): the verdict's wrapper issuing ?2 ... */
		"SELECT c.depth, l.path FROM code_syscall c JOIN libc_lib l ON l.id = c.lib_id"
		" WHERE c.scan_id = ?1 AND c.nr = ?2 AND c.func = ?3"
		" AND (l.soname IS NULL OR l.soname NOT LIKE 'ld-%') ORDER BY c.depth LIMIT 1",
		/* ... or a declared, linkable function issuing ?2 and nothing else */
		"SELECT c.func, l.path FROM code_syscall c JOIN libc_lib l ON l.id = c.lib_id"
		" WHERE c.scan_id = ?1 AND c.nr = ?2 AND c.depth = 0"
		" AND (l.soname IS NULL OR l.soname NOT LIKE 'ld-%')"
		" AND EXISTS (SELECT 1 FROM decl d WHERE d.scan_id = ?1 AND d.name = c.func)"
		" AND NOT EXISTS (SELECT 1 FROM code_syscall o WHERE o.scan_id = ?1"
		" AND o.func = c.func AND o.lib_id = c.lib_id AND (o.nr IS NULL OR o.nr <> ?2))"
		" AND (l.kind = 'static' OR EXISTS (SELECT 1 FROM libc_symbol y WHERE y.scan_id = ?1"
		" AND y.name = c.func AND y.lib_id = l.id AND y.is_default))"
		" ORDER BY c.func LIKE '\\_%' ESCAPE '\\', c.func LIMIT 1",
	};
	sqlite3_stmt *st[ARRAY_SIZE(sql)] = {0};
	int rc = 0;
	for (size_t i = 0; i < ARRAY_SIZE(sql) && rc == 0; i++)
		rc = db_prepare(t->db, &st[i], sql[i]);
	sqlite3_stmt *names = st[0], *s2 = st[1], *pg = st[2], *vd = st[3], *sy = st[4],
		     *po = st[5], *cw = st[6], *co = st[7];
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
		r->nr = -1;
		kernel_since(t, r, s2, pg, po, t->s[(size_t)man].id);
		libc_since(t, r, vd, sy, cw, co);
	}
	number_order(t);
	for (size_t i = 0; i < t->nr; i++)
		lags(t, &t->r[i]);
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
	json_kstr(j, "after", x->after);
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
	json_kint(&j, "format_version", 2);
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
		json_kstr(&j, "package", s->package);
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
		json_kstr(&j, "kernel_dated_as", r->knear);
		json_key(&j, "libc");
		json_obj_begin(&j);
		for (int f = 0; f < NF; f++) {
			if (!r->scanned[f])
				continue;
			json_key(&j, flavours[f]);
			json_obj_begin(&j);
			json_since(&j, "since", &r->lib[f], r->lnote[f]);
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
	char *v = since_text(&r->k);
	buf_printf(&b, "Linux %s (%s%s%s)", v, r->k.version ? r->k.source : "no source",
		   r->knear ? "; dated as the nearest release listed, " : "", r->knear ? r->knear : "");
	free(v);
	for (int f = 0; f < NF; f++) {
		if (!r->scanned[f])
			continue;
		if (r->lib[f].version) {
			v = since_text(&r->lib[f]);
			buf_printf(&b, "; %s %s (%s)", flavours[f], v, r->lib[f].source);
			free(v);
		} else
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

/* The arrivals on one ABI since t->y0 (or still missing), one row each.
 * A date known exactly is a filled marker; a bound is an open one: "at
 * most" (the oldest release or table scanned has it) an open marker at
 * that release, a range (after one scanned release, by the next) an open
 * box from the one to the other. The kernel is black, glibc blue, musl
 * orange; a bar from the kernel's date to a libc's is the lag, a dashed
 * line up to the newest release where the libc still lacks it, ending in
 * the word "missing". */
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
	const int left = 190, width = 720, top = 80, rowh = 18, h = top + (int)n * rowh + 10;
	const int W = left + width + 140;
	fprintf(f, "<svg class=\"tl\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">"
		   "<title>", W, h, W, h);
	rep_h(f, arch);
	fprintf(f, ": %zu syscalls the kernel gained since %d (after the ABI's port), and when each libc "
		   "wrapped them</title>\n", n, (int)t->y0);
	/* the legend: what each mark means, per libc */
	fputs("<g class=\"legend\"><circle class=\"k\" cx=\"8\" cy=\"10\" r=\"4\"/>"
	      "<text x=\"16\" y=\"14\">kernel: released then</text>"
	      "<rect class=\"kr\" x=\"180\" y=\"6\" width=\"20\" height=\"8\"/>"
	      "<circle class=\"kb\" cx=\"200\" cy=\"10\" r=\"4\"/><text x=\"210\" y=\"14\">"
	      "kernel: a bound (at most; with a box, a range)</text>"
	      "<rect class=\"b0\" x=\"470\" y=\"6\" width=\"5\" height=\"7\"/>"
	      "<text x=\"480\" y=\"14\">an open end: the distribution's package, not upstream's "
	      "release</text>\n", f);
	static const int lx[] = {0, 180, 420, 620};
	for (int k = 0; k < NF; k++) {
		int y = 28 + k * 16;
		fprintf(f, "<rect class=\"l%d\" x=\"%d\" y=\"%d\" width=\"22\" height=\"4\"/>"
			   "<rect class=\"l%d\" x=\"%d\" y=\"%d\" width=\"5\" height=\"6\"/>"
			   "<text x=\"%d\" y=\"%d\">%s wraps it from then</text>",
			k, lx[0], y - 2, k, lx[0] + 20, y - 3, lx[0] + 30, y + 4, flavours[k]);
		fprintf(f, "<rect class=\"b%d\" x=\"%d\" y=\"%d\" width=\"22\" height=\"5\"/>"
			   "<text x=\"%d\" y=\"%d\">%s: between two scanned releases</text>",
			k, lx[1], y - 3, lx[1] + 28, y + 4, flavours[k]);
		fprintf(f, "<path class=\"b%d\" d=\"M%d %d l4 -4 l4 4 l-4 4 z\"/>"
			   "<text x=\"%d\" y=\"%d\">%s: at most (the oldest scanned)</text>",
			k, lx[2], y, lx[2] + 14, y + 4, flavours[k]);
		fprintf(f, "<line class=\"o%d\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
			   "<text x=\"%d\" y=\"%d\"><tspan class=\"t%d\">%s</tspan> missing: "
			   "it lacks it still</text>\n",
			k, lx[3], y, lx[3] + 26, y, lx[3] + 32, y + 4, k, flavours[k]);
	}
	fputs("</g>\n", f);
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
			int dy = y - 6 + k * 6;
			if (r->ldate[k] && r->lib[k].version) {
				double lx = xpos(t, r->ldate[k], left, width);
				if (r->lib[k].exact || r->lpkg[k].version) { /* the lag, then the release */
					if (lx > kx)
						fprintf(f, "<rect class=\"l%d\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
							   "height=\"4\"/>", k, kx, dy, lx - kx);
					fprintf(f, "<rect class=\"%s%d\" x=\"%.1f\" y=\"%d\" width=\"5\" "
						   "height=\"6\"/>", r->lpkg[k].version ? "b" : "l", k, lx - 2.5, dy - 1);
				} else if (r->lafter[k]) { /* between two scanned releases */
					double ax = xpos(t, r->lafter[k], left, width);
					fprintf(f, "<rect class=\"b%d\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
						   "height=\"5\"/>", k, ax, dy, lx - ax);
				} else { /* at most: an open diamond */
					fprintf(f, "<path class=\"b%d\" d=\"M%.1f %d l4 -4 l4 4 l-4 4 z\"/>", k,
						lx - 4, dy + 2);
				}
			} else if (r->missing[k] && r->newest_date[k]) {
				double ox = xpos(t, r->newest_date[k], left, width);
				fprintf(f, "<line class=\"o%d\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>",
					k, kx, dy + 2, ox > kx ? ox : kx + 2, dy + 2);
			}
		}
		/* the word, at the right: which libcs lack it still */
		if ((r->missing[0] && !r->lib[0].version) || (r->missing[1] && !r->lib[1].version)) {
			fprintf(f, "<text class=\"ms\" x=\"%d\" y=\"%d\">", left + width + 8, y + 4);
			for (int k = 0; k < NF; k++)
				if (r->missing[k] && !r->lib[k].version)
					fprintf(f, "<tspan class=\"t%d\">%s</tspan> ", k, flavours[k]);
			fputs("missing</text>", f);
		}
		if (r->k.exact) {
			fprintf(f, "<circle class=\"k\" cx=\"%.1f\" cy=\"%d\" r=\"4\"/></g>\n", kx, y);
		} else {
			double ax = r->kafter ? xpos(t, r->kafter, left, width) : kx;
			if (ax < kx)
				fprintf(f, "<rect class=\"kr\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
					   "height=\"8\"/>", ax, y - 4, kx - ax);
			fprintf(f, "<circle class=\"kb\" cx=\"%.1f\" cy=\"%d\" r=\"4\"/></g>\n", kx, y);
		}
	}
	fputs("</svg>\n", f);
	free(rows);
}

/* Missing live syscalls per release, as a share of its table (the bar) and
 * as counts, grouped by ABI, coloured by libc. */
static void svg_missing(const struct timeline *t, FILE *f)
{
	double max = 0.01;
	size_t n = 0;
	for (size_t i = 0; i < t->ns; i++) {
		const struct tl_scan *s = &t->s[i];
		int64_t live = s->counts[0] + s->counts[3];
		if (s->tree)
			continue;
		n++;
		if (live && (double)s->counts[3] / (double)live > max)
			max = (double)s->counts[3] / (double)live;
	}
	const int left = 230, width = 400, rowh = 22, h = (int)n * rowh + 8;
	fprintf(f, "<svg class=\"tl\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">"
		   "<title>the share of each release's live syscalls its libc lacks</title>\n",
		left + width + 300, h, left + width + 300, h);
	size_t row = 0;
	for (size_t i = 0; i < t->ns; i++) {
		const struct tl_scan *s = &t->s[i];
		if (s->tree)
			continue;
		int64_t live = s->counts[0] + s->counts[3];
		double share = live ? (double)s->counts[3] / (double)live : 0;
		int y = 4 + (int)row++ * rowh;
		int w = (int)(share / max * width + 0.5);
		int fl = s->flavour && !strcmp(s->flavour, "musl");
		fprintf(f, "<text class=\"nm\" x=\"%d\" y=\"%d\">", left - 8, y + 14);
		rep_h(f, s->label);
		fprintf(f, "</text><rect class=\"l%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"16\"/>"
			   "<text x=\"%d\" y=\"%d\">%.1f %% missing: %lld of %lld live (%lld wrapped)</text>\n",
			fl, left, y, w ? w : 1, left + w + 6, y + 14, share * 100, (long long)s->counts[3],
			(long long)live, (long long)s->counts[0]);
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
		if (x->after) {
			fputs("&gt; ", f);
			rep_h(f, x->after);
			fputs(", ", f);
		}
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
	      "svg.tl .k{fill:#222}svg.tl .kb{fill:#fff;stroke:#222;stroke-width:1.5}"
	      "svg.tl .kr{fill:none;stroke:#222;stroke-dasharray:2 2}"
	      "svg.tl .l0{fill:#2b6cb0}svg.tl .l1{fill:#dd6b20}"
	      "svg.tl .b0{fill:#fff;stroke:#2b6cb0;stroke-width:1.5}"
	      "svg.tl .b1{fill:#fff;stroke:#dd6b20;stroke-width:1.5}"
	      "svg.tl .o0{stroke:#2b6cb0;stroke-width:2;stroke-dasharray:4 3}"
	      "svg.tl .o1{stroke:#dd6b20;stroke-width:2;stroke-dasharray:4 3}"
	      "svg.tl .t0{fill:#2b6cb0;font-weight:bold}svg.tl .t1{fill:#dd6b20;font-weight:bold}"
	      "svg.tl .ms{font-size:10px}"
	      "svg.tl .row:hover text.nm{font-weight:bold}"
	      "</style>\n<h1>When the kernel gained each syscall, and when the libc wrapped it</h1>\n"
	      "<p class=\"muted\">Generated by syscov timeline from the scans in the database; "
	      "hover a row for its sources. A version is exact unless marked: &le;&nbsp;X is at most "
	      "X, where the oldest release (or UAPI table) scanned already has it, so it may be "
	      "older; &gt;&nbsp;A,&nbsp;&le;&nbsp;B is a range: the scanned release or table B "
	      "is the first to have it and A, scanned before it, lacks it, with releases between "
	      "them not scanned. The chart draws exact dates filled, bounds open. A libc's version "
	      "is that of the oldest scanned release whose machine code issues the syscall.</p>\n"
	      "<h2>Missing per release</h2>\n",
	      f);
	svg_missing(t, f);
	fputs("<table><thead><tr><th>release</th><th>ABI</th><th>libc</th><th>UAPI headers</th>"
	      "<th>package</th><th>wrapped</th><th>missing</th><th>missing share</th><th>total</th>"
	      "</tr></thead><tbody>\n",
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
		td(f, s->package ? s->package : "unknown (no MANIFEST)");
		int64_t live = s->counts[0] + s->counts[3];
		fprintf(f, "<td>%lld</td><td>%lld</td><td>%.1f %%</td><td>%lld</td></tr>\n",
			(long long)s->counts[0], (long long)s->counts[3],
			live ? 100.0 * (double)s->counts[3] / (double)live : 0.0,
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
		for (int k = 0; k < NF; k++) {
			if (r->lib[k].version)
				td_since(f, &r->lib[k]);
			else
				td(f, !r->scanned[k] ? "" : r->missing[k] ? "missing" : "not wrapped");
		}
		char *note = NULL;
		const char *parts[] = {r->knote, r->lnote[0], r->lnote[1]};
		for (size_t k = 0; k < ARRAY_SIZE(parts); k++)
			if (parts[k])
				add_note(&note, xasprintf("%s: %s", k ? flavours[k - 1] : "kernel",
							  parts[k]));
		td(f, note);
		free(note);
		fputs("</tr>\n", f);
	}
	fputs("</tbody></table>\n</body>\n</html>\n", f);
}

static void summary(const struct timeline *t, FILE *f)
{
	fprintf(f, "%-26s %-12s %-28s %-7s %8s %8s %6s\n", "release", "libc", "package", "kernel",
		"wrapped", "missing", "total");
	for (size_t i = 0; i < t->ns; i++) {
		const struct tl_scan *s = &t->s[i];
		if (s->tree)
			continue;
		char *libc = xasprintf("%s %s", s->flavour ? s->flavour : "?", s->libc_ver ? s->libc_ver : "");
		fprintf(f, "%-26s %-12s %-28s %-7s %8lld %8lld %6lld\n", s->label, libc,
			s->package ? s->package : "?", s->kver ? s->kver : "?",
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
		char *near = r->knear ? xasprintf(", dated as %s, the nearest release listed", r->knear)
				      : xstrdup("");
		fprintf(f, "  %-20s %-8s Linux %-7s (%s%s) -> %s %s (%s): %.1f years, %d kernel releases\n",
			r->name, r->arch, r->k.version, r->k.source, near, flavours[fl],
			r->lib[fl].version, r->lib[fl].source, r->lag[fl], r->lag_rel[fl]);
		free(near);
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
		free(s->sysroot);
		free(s->package);
		strv_free(&s->patch_names);
		strv_free(&s->patch_texts);
		strv_free(&s->names);
	}
	for (size_t i = 0; i < t->nr; i++) {
		struct tl_row *r = &t->r[i];
		struct tl_since *all[] = {&r->k,      &r->kman,   &r->kpage,  &r->ktable, &r->lib[0],
					  &r->lib[1], &r->lsym,   &r->lrel[0], &r->lrel[1], &r->lman,
					  &r->lcode[0], &r->lcode[1], &r->lpkg[0], &r->lpkg[1]};
		for (size_t k = 0; k < ARRAY_SIZE(all); k++)
			since_free(all[k]);
		free(r->name);
		free(r->knote);
		free(r->kalso);
		free(r->knear);
		free(r->lnote[0]);
		free(r->lnote[1]);
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
		if (!t.s[i].tree) {
			nsys++;
			if (rc == 0) /* it clears the error of a sysroot it cannot open */
				dist_load(&t.s[i]);
		}
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
		rc = outfile_mkdirs(outdir);
	if (rc == 0 && (fmt & TL_HTML))
		rc = outfile_write(outdir, "index.html", write_html, &t);
	if (rc == 0 && (fmt & TL_JSON))
		rc = outfile_write(outdir, "timeline.json", write_json, &t);
	if (rc == 0 && fmt)
		note("timeline: %s/", outdir);
	if (rc == 0 && out)
		summary(&t, out);
	timeline_free(&t);
	return rc;
}
