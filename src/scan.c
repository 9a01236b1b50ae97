/* scan.c: runs the scanners of a sysroot or kernel tree inside one scan
 * transaction (see scan.h). */
#define _GNU_SOURCE
#include "scan.h"
#include "scan_cache.h"
#include "man_typing.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "clangx.h"
#include "kproto.h"
#include "progress.h"

/* The sysroot pipeline, in order: later scanners may read what earlier ones
 * wrote in the same transaction (the header scan reads the man pages'
 * includes). */
static const struct scanner sysroot_scanners[] = {
	{"ktable", ktable_scan_uapi},
	{"libc-elf", libc_scan_elf},
	{"libc-code", libc_scan_code},
	{"man", man_scan},
	{"headers", libc_scan_headers},
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

int scan_sysroot_kept(struct db *db, const struct sysroot *sr, const struct cli *cli, int64_t *id,
		      int read)
{
	struct scan_key k = sysroot_key(sr);
	char *fp = scan_cache_fingerprint(cli);
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

int scan_sysroot(struct db *db, const struct sysroot *sr, const struct cli *cli, int64_t *id)
{
	struct scan_key k = sysroot_key(sr);
	k.id = *id;
	char *label = (char *)k.label, *variant = (char *)k.variant;
	struct scan_ctx ctx = {.db = db, .sr = sr, .arch = sr->arch, .cli = cli};
	char *fp = scan_cache_fingerprint(cli);
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

/* A kernel tree's scanners: the syscall tables, then the prototypes of
 * their entry points (kproto.c). */
static int tree_pipeline(struct scan_ctx *ctx)
{
	static const struct scanner tree_scanners[] = {
		{"ktable", ktable_scan_tree},
		{"kproto", kproto_scan_tree},
	};
	return run_scanners(ctx, tree_scanners, ARRAY_SIZE(tree_scanners));
}

int scan_kernel_tree(struct db *db, const char *tree, const struct cli *cli, int64_t *id)
{
	char *real = realpath(tree, NULL);
	if (!real)
		return err_set(EXIT_INPUT, "%s: kernel tree: %s", tree, strerror(errno));
	const char *b = strrchr(real, '/');
	char *label = xasprintf("kernel-%s", b && b[1] ? b + 1 : "tree");
	struct scan_key k = {.kind = "kernel-tree", .sysroot = real, .arch = "all",
			     .variant = "", .label = label, .layout = "kernel-tree"};
	struct scan_ctx ctx = {.db = db, .cli = cli, .tree = real};
	char *fp = scan_cache_fingerprint(cli);
	int rc = scan_cache_lookup(db, &k, fp, id);
	if (rc != 0) {
		if (rc > 0)
			note("kernel tree %s: inputs unchanged since scan %lld, kept", real,
			     (long long)*id);
		free(fp);
		free(label);
		free(real);
		return rc < 0 ? -1 : 0;
	}
	rc = scan_write(&ctx, &k, fp, tree_pipeline);
	if (rc == 0) {
		*id = ctx.scan_id;
		note("scanned kernel tree %s as scan %lld", real, (long long)ctx.scan_id);
	}
	free(fp);
	free(label);
	free(real);
	return rc;
}
