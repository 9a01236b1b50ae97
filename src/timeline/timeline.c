/* timeline.c: This file contains the timeline of kernel and libc
 * since-versions across the scanned releases (see timeline.h): for every ABI
 * and syscall, when the kernel gained it (verdict/ksince.h, the rules the
 * audit reports date their rows by, fed here with the tables of every
 * scanned release) and when each libc wrapped it (glibc's symbol version, the
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
#include "verdict/ksince.h"
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

struct tl_row {
	struct ks_row ks; /* the kernel side (verdict/ksince.h) */
	struct since lib[NF], lsym, lrel[NF], lcode[NF], lpkg[NF];
	char *lnote[NF]; /* the sources' disagreements, or NULL */
	int scanned[NF], missing[NF], live;
	double kdate, ldate[NF], lag[NF]; /* years; lag < 0: none */
	double kafter, lafter[NF];        /* a range's lower end (years), or 0 */
	char *knear; /* kdate is this release's, the nearest the dates file has */
	int lag_rel[NF];                  /* kernel releases between */
	const char *newest[NF];           /* newest scanned release of that libc */
	double newest_date[NF];
};

struct timeline {
	struct db *db;
	struct ks_dates dates;
	struct tl_scan *s;
	size_t ns;
	struct tl_row *r;
	size_t nr;
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
		for (size_t i = 0; i < t->dates.nd && !y; i++)
			if (!strcmp(t->dates.d[i].project, project) && !strcmp(t->dates.d[i].version, v))
				y = t->dates.d[i].year;
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
	for (size_t i = 0; i < t->dates.nd; i++)
		n += !strcmp(t->dates.d[i].project, "linux") && t->dates.d[i].year > from &&
		     t->dates.d[i].year <= to;
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
		s->kver = col(st, 5) ? ver_kernel(col(st, 5)) : NULL;
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
	for (size_t i = 0; i < t->dates.nd; i++)
		n += !strcmp(t->dates.d[i].project, project) && ver_cmp(t->dates.d[i].version, a) > 0 &&
		     ver_cmp(t->dates.d[i].version, b) < 0;
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
			      r->ks.name, (long long)nr, c->depth ? " through its calls" : "",
			      flavours[f], first->libc_ver, first->label);
	struct since *x = &r->lcode[f];
	if (v && ver_cmp(v, first->libc_ver) <= 0 && (!before || ver_cmp(v, before->libc_ver) > 0)) {
		if (!first->baseline)
			((struct tl_scan *)first)->baseline = oldest_symbol(sy, first->id, NULL);
		int base = !before && first->baseline && !ver_cmp(v, first->baseline);
		char *tail = before ? xasprintf(", not in %s %s's (%s)", flavours[f],
						before->libc_ver, before->label)
				    : xstrdup(base ? ", the ABI's first glibc version: at most" : "");
		since_set(x, v, "code", xasprintf("%s; %s@GLIBC_%s%s", how, c->func, v, tail), !base);
		free(tail);
		v = NULL;
	} else if (!before) {
		since_set(x, xstrdup(first->libc_ver), "code",
		    xasprintf("%s, the oldest %s scanned: at most", how, flavours[f]), 0);
	} else {
		int gap = releases_between(t, flavours[f], before->libc_ver, first->libc_ver);
		since_set(x, xstrdup(first->libc_ver), "code",
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
			if (s->tree || strcmp(s->arch, r->ks.arch) || !s->flavour ||
			    strcmp(s->flavour, flavours[f]) || ng == ARRAY_SIZE(group))
				continue;
			newest = s; /* sorted by version: the last one wins */
			group[ng++] = s;
			sqlite3_bind_int64(vd, 1, s->id);
			db_bind_text(vd, 2, r->ks.name);
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
		if (r->ks.nr < 0)
			r->ks.nr = nr;
		r->scanned[f] = 1;
		r->newest[f] = newest->label;
		r->newest_date[f] = date_of(t, flavours[f], newest->libc_ver, NULL);
		if (first && first->libc_ver) {
			int gap = before && releases_between(t, flavours[f], before->libc_ver,
							     first->libc_ver);
			since_set(&r->lrel[f], xstrdup(first->libc_ver), "release",
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
			since_set(&r->lsym, old, "symbol",
			    xasprintf("%s@GLIBC_%s, the oldest of its versions in %s's libc (default "
				      "%s)%s", wrapper, old, newest->label, sym,
				      base ? "; the ABI's first glibc version" : ""),
			    !base);
		}
		const struct since *c = &r->lcode[f];
		if (c->version)
			since_copy(&r->lib[f], c);
		else if (r->lrel[f].version)
			since_copy(&r->lib[f], &r->lrel[f]);
		/* an arrival between two scanned releases: the distribution's
		 * package may have added it, not the upstream release */
		struct tl_scan *arr = (struct tl_scan *)(c->version ? group[fc] : first);
		const char *func = c->version ? first_code.func : wrapper;
		if (r->lib[f].version && arr != group[0] && func) {
			dist_load(arr);
			const char *patch = arr->dist > 0 ? dist_patch(arr, func) : NULL;
			if (patch) {
				since_set(&r->lpkg[f], xstrdup(strchr(arr->package, ' ') + 1), "package",
				    xasprintf("%s (%s) adds %s() in debian/patches/%s: upstream %s %s "
					      "lacks it", arr->package, arr->label, func, patch,
					      flavours[f], arr->libc_ver),
				    1);
				ks_add_note(&r->lnote[f],
					 xasprintf("%s %s's own code has it only through the distribution's "
						   "patch %s of %s", flavours[f], arr->libc_ver, patch,
						   arr->package));
				since_free(&r->lib[f]);
				since_copy(&r->lib[f], &r->lpkg[f]);
			} else if (arr->dist < 0) {
				ks_add_note(&r->lnote[f],
					 xasprintf("unverified: whether %s %s or its distribution's package "
						   "added %s() (no debian-patches in %s)", flavours[f],
						   arr->libc_ver, func, arr->sysroot));
			}
		}
		/* where the other sources disagree with the chosen one */
		if (c->version && r->lsym.version && f == 0 && ver_cmp(r->lsym.version, c->version) &&
		    (r->lsym.exact || c->exact))
			ks_add_note(&r->lnote[f],
				 xasprintf("the symbol version of %s() says glibc %s, but the code says "
					   "%s%s", wrapper, r->lsym.version, c->after ? "after " : "",
					   c->after ? c->after : c->version));
		if (c->version && r->lrel[f].version && ver_cmp(r->lrel[f].version, c->version) < 0)
			ks_add_note(&r->lnote[f],
				 xasprintf("the verdict of %s %s is wrapped, by %s(), but its code shows no "
					   "function issuing %s", flavours[f], r->lrel[f].version, wrapper,
					   r->ks.name));
		if (!c->version && r->lrel[f].version)
			ks_add_note(&r->lnote[f],
				 xasprintf("no scanned release's code shows %s issued by a linkable "
					   "function: the verdict's %s() dates it", r->ks.name, wrapper));
		/* at the ABI's first glibc, an older page version is no disagreement */
		if (f == 0 && r->ks.lman.version && r->lib[f].version && r->lib[f].exact &&
		    ver_cmp(r->ks.lman.version, r->lib[f].version))
			ks_add_note(&r->lnote[f], xasprintf("the man page says glibc %s, the %s %s",
							 r->ks.lman.version, r->lib[f].source,
							 r->lib[f].version));
		free(first_code.func);
		free(first_code.lib);
		free(sym);
		free(wrapper);
	}
}

/* Years from the kernel's since to each libc's, when both are dated and
 * exact (an "at most" version gives no lag) and the libc's is not older
 * (a wrapper older than the syscall on this ABI: the ABI's first glibc). */
static void lags(struct timeline *t, struct tl_row *r)
{
	r->kdate = date_of(t, "linux", r->ks.k.version, &r->knear);
	r->kafter = r->ks.k.after ? date_of(t, "linux", r->ks.k.after, NULL) : 0;
	for (int f = 0; f < NF; f++) {
		r->lag[f] = -1;
		/* a distribution's package: drawn at the upstream release it is of */
		const struct since *x = r->lpkg[f].version && r->lcode[f].version ? &r->lcode[f]
											: &r->lib[f];
		r->ldate[f] = date_of(t, flavours[f], x->version, NULL);
		r->lafter[f] = x->after ? date_of(t, flavours[f], x->after, NULL) : 0;
		if (r->kdate && r->ldate[f] && r->lib[f].exact && x == &r->lib[f] &&
		    r->ks.k.exact && r->ldate[f] >= r->kdate) {
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
		const struct since *chosen[] = {&r->ks.k, &r->lib[0], &r->lib[1]};
		const char *notes[] = {r->ks.knote, r->lnote[0], r->lnote[1]};
		/* each side's sources; the chosen version is a row of its own
		 * only when none of them gave it (the ABI's port, the numbers) */
		const struct since *src[][6] = {
			{&r->ks.kman, &r->ks.kpage, &r->ks.ktable, &r->ks.k},
			{&r->lpkg[0], &r->lcode[0], &r->lsym, &r->ks.lman, &r->lrel[0], &r->lib[0]},
			{&r->lpkg[1], &r->lcode[1], &r->lrel[1], &r->lib[1]},
		};
		for (size_t sd = 0; sd < ARRAY_SIZE(sides) && rc == 0; sd++) {
			int any = 0;
			for (size_t k = 0; k < ARRAY_SIZE(src[sd]) && src[sd][k] && rc == 0; k++) {
				const struct since *x = src[sd][k], *c = chosen[sd];
				if (!x->version || (x == c && any))
					continue;
				int is = c->version && c->source == x->source &&
					 !strcmp(c->version, x->version);
				any |= is;
				db_bind_text(st, 1, r->ks.arch);
				db_bind_text(st, 2, r->ks.name);
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
		"SELECT class, wrapper, since, nr FROM verdict WHERE scan_id = ?1 AND name = ?2",
		/* a name's versions; with ?2 NULL, every GLIBC_2 version */
		"SELECT DISTINCT version FROM libc_symbol WHERE scan_id = ?1"
		" AND (name = ?2 OR ?2 IS NULL) AND (version IS NULL OR version LIKE"
		" 'GLIBC\\_2%' ESCAPE '\\') AND (?2 IS NOT NULL OR version IS NOT NULL)",
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
	sqlite3_stmt *names = st[0], *vd = st[1], *sy = st[2], *cw = st[3], *co = st[4];
	struct ks_man *km = NULL;
	if (rc == 0)
		rc = ks_man_open(t->db, &km);
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
		r->ks.arch = arch;
		r->ks.name = dup_col(names, 1);
		r->ks.nr = -1;
		ks_man_read(km, t->s[(size_t)man].id, &r->ks, NULL);
		struct ks_table tab[64];
		size_t nt = 0;
		for (size_t i = 0; i < t->ns && nt < ARRAY_SIZE(tab); i++)
			if (!strcmp(t->s[i].arch, arch) && t->s[i].kver)
				tab[nt++] = (struct ks_table){.kver = t->s[i].kver, .label = t->s[i].label,
							      .tree = t->s[i].tree, .names = &t->s[i].names};
		ks_choose(&t->dates, tab, nt, &r->ks);
		libc_since(t, r, vd, sy, cw, co);
	}
	ks_man_close(km);
	/* the numbers' rule, ABI by ABI (the rows come in ABI order) */
	struct ks_row **abi = xcalloc(t->nr + 1, sizeof(*abi));
	for (size_t a = 0, b; a < t->nr; a = b) {
		for (b = a; b < t->nr && !strcmp(t->r[b].ks.arch, t->r[a].ks.arch); b++)
			abi[b - a] = &t->r[b].ks;
		ks_numbers(&t->dates, abi, b - a);
	}
	free(abi);
	for (size_t i = 0; i < t->nr; i++)
		lags(t, &t->r[i]);
	for (size_t i = 0; i < ARRAY_SIZE(st); i++)
		sqlite3_finalize(st[i]);
	return rc == 0 ? store(t) : -1;
}

/* ---- outputs ---- */

static void json_since(struct json *j, const char *key, const struct since *x, const char *note)
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
		json_kstr(&j, "arch", r->ks.arch);
		json_kstr(&j, "name", r->ks.name);
		json_kbool(&j, "live", r->live);
		json_since(&j, "kernel", &r->ks.k, r->ks.knote);
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
	buf_printf(&b, "%s (%s): ", r->ks.name, r->ks.arch);
	char *v = since_text(&r->ks.k);
	buf_printf(&b, "Linux %s (%s%s%s)", v, r->ks.k.version ? r->ks.k.source : "no source",
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
	if (r->ks.knote)
		buf_printf(&b, "; %s", r->ks.knote);
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
	return strcmp(x->ks.name, y->ks.name);
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
		if (!strcmp(r->ks.arch, arch) && r->live && r->kdate >= t->y0 &&
		    strcmp(r->ks.k.source, "abi port"))
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
		rep_h(f, r->ks.name);
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
		if (r->ks.k.exact) {
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

static void td_since(FILE *f, const struct since *x)
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
		td(f, r->ks.name);
		td(f, r->ks.arch);
		td(f, flavours[fl]);
		td_since(f, &r->ks.k);
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
		td(f, r->ks.name);
		td(f, r->ks.arch);
		td_since(f, &r->ks.k);
		for (int k = 0; k < NF; k++) {
			if (r->lib[k].version)
				td_since(f, &r->lib[k]);
			else
				td(f, !r->scanned[k] ? "" : r->missing[k] ? "missing" : "not wrapped");
		}
		char *note = NULL;
		const char *parts[] = {r->ks.knote, r->lnote[0], r->lnote[1]};
		for (size_t k = 0; k < ARRAY_SIZE(parts); k++)
			if (parts[k])
				ks_add_note(&note, xasprintf("%s: %s", k ? flavours[k - 1] : "kernel",
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
			r->ks.name, r->ks.arch, r->ks.k.version, r->ks.k.source, near, flavours[fl],
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
		struct since *all[] = {&r->lib[0], &r->lib[1], &r->lsym, &r->lrel[0], &r->lrel[1],
				       &r->lcode[0], &r->lcode[1], &r->lpkg[0], &r->lpkg[1]};
		for (size_t k = 0; k < ARRAY_SIZE(all); k++)
			since_free(all[k]);
		ks_row_free(&r->ks);
		free(r->knear);
		free(r->lnote[0]);
		free(r->lnote[1]);
	}
	free(t->s);
	free(t->r);
	ks_dates_free(&t->dates);
}

int timeline_run(struct db *db, const struct strv *arches, const char *outdir, int fmt,
		 FILE *out)
{
	struct timeline t = {.db = db, .y0 = 2011};
	int rc = ks_dates_load(&t.dates);
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
