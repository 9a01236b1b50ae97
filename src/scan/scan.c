/* scan.c: runs the scanners of a sysroot or kernel tree inside one scan
 * transaction (see scan.h). */
#define _GNU_SOURCE
#include "scan/scan.h"
#include "scan/scan_cache.h"
#include "man/man_typing.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "base/clangx.h"
#include "base/ktree.h"
#include "base/outfile.h"
#include "kernel/kproto.h"
#include "base/progress.h"

/* The sysroot pipeline, in order: later scanners may read what earlier ones
 * wrote in the same transaction (the header scan reads the man pages'
 * includes). */
static const struct scanner sysroot_scanners[] = {
	{"ktable", ktable_scan_uapi},
	{"libc-elf", libc_scan_elf},
	{"libc-code", libc_scan_code},
	{"man", man_scan},
	{"headers", libc_scan_headers},
	{"structs", libc_scan_structs},
	{"libc-code-rows", libc_code_rows},
};

/* "host-x86_64", "aarch64-linux-gnu", or the last dir of a split layout. */
static char *scan_label(const struct sysroot *sr)
{
	if (sr->layout == LAYOUT_SPLIT) {
		const struct strv *d = sr->libdirs.n ? &sr->libdirs : &sr->inc;
		/* the most telling dir name: /usr/lib/diet/lib-x86_64 -> diet */
		static const char *const generic[] = {"lib", "lib64", "lib32", "include", "usr", "local"};
		char *p = xstrdup(d->v[0]), *base = NULL;
		for (char *c; !base && (c = strrchr(p, '/'));) {
			int skip = !c[1] || str_starts(c + 1, "lib-");
			for (size_t i = 0; i < ARRAY_SIZE(generic) && !skip; i++)
				skip = !strcmp(c + 1, generic[i]);
			if (!skip)
				base = xstrdup(c + 1);
			*c = 0;
		}
		free(p);
		char *l = !base ? xasprintf("split-%s", sr->arch->name)
			  : strstr(base, sr->arch->name) ? xstrdup(base)
							 : xasprintf("%s-%s", base, sr->arch->name);
		free(base);
		return l;
	}
	if (!strcmp(sr->root, "/"))
		return xasprintf("host-%s", sr->arch->name);
	const char *b = strrchr(sr->root, '/');
	b = b ? b + 1 : sr->root;
	if (arch_by_triplet(b) == sr->arch)
		return xstrdup(b);
	return xasprintf("%s-%s", b, sr->arch->name);
}

static char *scan_variant(const struct sysroot *sr)
{
	struct buf b = {0};
	buf_puts(&b, "");
	if (sr->layout != LAYOUT_SPLIT)
		return buf_steal(&b);
	for (size_t i = 0; i < sr->inc.n; i++)
		buf_printf(&b, "include=%s;", sr->inc.v[i]);
	for (size_t i = 0; i < sr->libdirs.n; i++)
		buf_printf(&b, "libdir=%s;", sr->libdirs.v[i]);
	return buf_steal(&b);
}

static int run_scanners(struct scan_ctx *ctx, const struct scanner *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t t0 = now_ns();
		progress("%s", s[i].name);
		if (s[i].run(ctx) < 0)
			return -1;
		debug("%s: %.1f ms", s[i].name, (double)(now_ns() - t0) / 1e6);
	}
	return 0;
}

char *scan_key_text(const struct sysroot *sr)
{
	char *v = scan_variant(sr), *k = xasprintf("sysroot|%s|%s|%s", sr->root, sr->arch->name, v);
	free(v);
	return k;
}

/* The key of a sysroot scan (label and variant malloc'ed). */
int scan_same_target(const struct sysroot *a, const struct sysroot *b)
{
	char *va = scan_variant(a), *vb = scan_variant(b);
	int same = a->arch == b->arch && !strcmp(a->root, b->root) && !strcmp(va, vb);
	free(va);
	free(vb);
	return same;
}

static struct scan_key sysroot_key(const struct sysroot *sr)
{
	return (struct scan_key){.kind = "sysroot", .sysroot = sr->root, .arch = sr->arch->name,
				 .variant = scan_variant(sr), .label = scan_label(sr),
				 .layout = sysroot_layout_name(sr->layout)};
}

/* scan_cache_lookup() (read 0: scan_cache_unchanged()) for a sysroot, with
 * the note saying so. */
static int sysroot_kept(struct db *db, const struct scan_key *k, const char *fp, int64_t *id,
			int read)
{
	int rc = read ? scan_cache_lookup(db, k, fp, id) : scan_cache_unchanged(db, k, fp, id);
	if (rc > 0)
		note("%s (%s, %s): inputs unchanged since scan %lld, kept", k->sysroot, k->label,
		     k->arch, (long long)*id);
	return rc;
}

int scan_sysroot_kept(struct db *db, const struct sysroot *sr, const struct scan_opts *o,
		      int64_t *id, int read)
{
	struct scan_key k = sysroot_key(sr);
	char *fp = scan_cache_fingerprint(o);
	int rc = sysroot_kept(db, &k, fp, id, read);
	free(fp);
	free((char *)k.label);
	free((char *)k.variant);
	return rc;
}

/* The sysroot scanners in order; frees the man pages' hand-off to the
 * header scanner that a failed scanner may leave behind. */
static int sysroot_pipeline(struct scan_ctx *ctx)
{
	int rc = run_scanners(ctx, sysroot_scanners, ARRAY_SIZE(sysroot_scanners));
	man_proto_drop(ctx);
	libc_code_drop(ctx);
	return rc;
}

/* One scan's transaction: replace the scan of key k, run body, seal the
 * cache fingerprint, commit; on any failure roll back to the old state. */
static int scan_write(struct scan_ctx *ctx, const struct scan_key *k, const char *fp,
		      int (*body)(struct scan_ctx *))
{
	int rc = db_scan_begin(ctx->db, k, &ctx->scan_id);
	if (rc < 0)
		return -1;
	rc = body(ctx);
	if (rc == 0)
		rc = scan_cache_seal(ctx, fp);
	if (rc == 0)
		return db_scan_commit(ctx->db);
	db_scan_rollback(ctx->db);
	return -1;
}

int scan_sysroot(struct db *db, const struct sysroot *sr, const struct scan_opts *o, int64_t *id)
{
	struct scan_key k = sysroot_key(sr);
	k.id = *id;
	char *label = (char *)k.label, *variant = (char *)k.variant;
	struct scan_ctx ctx = {.db = db, .sr = sr, .arch = sr->arch, .opts = o};
	char *fp = scan_cache_fingerprint(o);
	int rc = sysroot_kept(db, &k, fp, id, 1);
	if (rc != 0) {
		free(fp);
		free(label);
		free(variant);
		return rc < 0 ? -1 : 0;
	}
	clangx_preload(); /* the header scanner parses; the others run meanwhile */
	rc = scan_write(&ctx, &k, fp, sysroot_pipeline);
	if (rc == 0) {
		*id = ctx.scan_id;
		/* no scan id here: a -j worker's id is not the main DB's */
		note("scanned %s (%s, %s)", sr->root, label, sr->arch->name);
	} else if (strcmp(sr->root, "/") && !strstr(err_msg(), sr->root)) {
		/* paths inside a sysroot are said as the sysroot sees them
		 * (/lib/libc.so.6): which sysroot, among several? */
		err_prefix("%s", sr->root);
	}
	free(fp);
	free(label);
	free(variant);
	return rc;
}

/* A tarball is one input of its own, by its identity (size, mtime; its
 * hash when they change): a second audit of the same tarball reads
 * nothing of it. A directory's files are inputs one by one. */
static int ktree_input(struct scan_ctx *ctx)
{
	return ctx->kt->archive ? scan_note_input(ctx, "kernel-tarball", ctx->tree, NULL, 0, NULL) : 0;
}

/* A kernel tree's scanners: the syscall tables, then the prototypes of
 * their entry points (kproto.c). */
static int tree_pipeline(struct scan_ctx *ctx)
{
	static const struct scanner tree_scanners[] = {
		{"ktree", ktree_input},
		{"ktable", ktable_scan_tree},
		{"kproto", kproto_scan_tree},
	};
	return run_scanners(ctx, tree_scanners, ARRAY_SIZE(tree_scanners));
}

/* A tarball's scan (16 s of xz for linux-source-6.1) is kept beside any DB,
 * as its own small DB in the cache dir, keyed by the tarball's path, size
 * and mtime and the configuration's fingerprint: a fresh DB's audit then
 * copies it (~20 ms) instead of reading the tarball again. The dir:
 * $SYSCOV_CACHE_DIR, else $XDG_CACHE_HOME/syscov, else ~/.cache/syscov;
 * "" or none turns the cache off (NULL). */
char *scan_cache_dir(void)
{
	const char *d = getenv("SYSCOV_CACHE_DIR");
	if (d)
		return *d ? xstrdup(d) : NULL;
	d = getenv("XDG_CACHE_HOME");
	if (d && *d == '/')
		return xasprintf("%s/syscov", d);
	d = getenv("HOME");
	return d && *d == '/' ? xasprintf("%s/.cache/syscov", d) : NULL;
}

static char *tarball_cache(const struct ktree *kt, const char *fp)
{
	struct stat st;
	char *dir = scan_cache_dir();
	if (!dir || stat(kt->path, &st) < 0 || outfile_mkdirs(dir) < 0) {
		err_clear();
		free(dir);
		return NULL;
	}
	char *key = xasprintf("%s|%lld|%lld|%s", kt->path, (long long)st.st_size,
			      (long long)stat_mtime_ns(&st), fp);
	char *path = xasprintf("%s/ktree-%016llx.db", dir,
			       (unsigned long long)hash64(key, strlen(key), 0));
	free(key);
	free(dir);
	return path;
}

/* Scans the tree into a DB of its own at path (written whole, then renamed
 * there, so a concurrent run sees it complete or not at all). */
static int scan_into_cache(struct scan_ctx *ctx, const struct scan_key *k, const char *fp,
			   const char *path)
{
	struct db c = {0};
	char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	unlink(tmp);
	int rc = db_open(&c, tmp, DB_SCRATCH);
	if (rc == 0)
		rc = db_exec(&c, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF");
	struct scan_ctx cc = *ctx;
	cc.db = &c;
	if (rc == 0)
		rc = scan_write(&cc, k, fp, tree_pipeline);
	if (db_close(&c) < 0)
		rc = -1;
	if (rc == 0 && rename(tmp, path) < 0)
		rc = err_set(EXIT_OUTPUT, "%s: %s", path, strerror(errno));
	if (rc < 0)
		unlink(tmp);
	free(tmp);
	return rc;
}

int scan_kernel_tree(struct db *db, const char *tree, const struct scan_opts *o, int64_t *id)
{
	struct ktree kt;
	if (ktree_open(&kt, tree) < 0)
		return -1;
	const char *b = strrchr(kt.path, '/');
	char *base = xstrdup(b && b[1] ? b + 1 : "tree");
	/* linux-source-6.1.tar.xz is the tree linux-source-6.1 */
	char *ext = kt.archive ? strstr(base, ".tar") : NULL;
	if (!ext && kt.archive && str_ends(base, ".tgz"))
		ext = base + strlen(base) - 4;
	if (ext)
		*ext = 0;
	char *label = xasprintf("kernel-%s", base);
	free(base);
	struct scan_key k = {.kind = "kernel-tree", .sysroot = kt.path, .arch = "all",
			     .variant = "", .label = label, .layout = "kernel-tree"};
	struct scan_ctx ctx = {.db = db, .opts = o, .tree = kt.path, .kt = &kt};
	char *fp = scan_cache_fingerprint(o);
	int rc = scan_cache_lookup(db, &k, fp, id);
	if (rc != 0) {
		if (rc > 0)
			note("kernel tree %s: inputs unchanged since scan %lld, kept", kt.path,
			     (long long)*id);
		free(fp);
		free(label);
		ktree_close(&kt);
		return rc < 0 ? -1 : 0;
	}
	char *cached = kt.archive ? tarball_cache(&kt, fp) : NULL;
	if (cached && access(cached, R_OK) == 0) {
		rc = db_merge(db, cached, id);
		if (rc == 0)
			note("kernel tree %s: its scan taken from the cache %s", kt.path, cached);
	} else if (cached) {
		rc = scan_into_cache(&ctx, &k, fp, cached);
		if (rc == 0)
			rc = db_merge(db, cached, id);
		if (rc == 0)
			note("scanned kernel tree %s as scan %lld (cached in %s)", kt.path, (long long)*id,
			     cached);
	} else {
		rc = scan_write(&ctx, &k, fp, tree_pipeline);
		if (rc == 0) {
			*id = ctx.scan_id;
			note("scanned kernel tree %s as scan %lld", kt.path, (long long)ctx.scan_id);
		}
	}
	free(cached);
	if (kt.archive)
		debug("kernel tarball %s: %.1f s decompressing", kt.path, (double)kt.pass_ns / 1e9);
	free(fp);
	free(label);
	ktree_close(&kt);
	return rc;
}
