/* ktable_uapi.c: the kernel syscall table from a sysroot's UAPI headers, and
 * the macro evaluation that the kernel-tree scanner shares.
 *
 * The numbers are evaluated for the target, not grepped: they can be
 * expressions (__NR_Linux + 4 on MIPS, (__X32_SYSCALL_BIT + 0) on x32) and the
 * generic table depends on __ARCH_WANT_* and __BITS_PER_LONG. kpp (kpp.h)
 * preprocesses <asm/unistd.h> with the target's predefined macros, as the
 * target compiler would, and evaluates each __NR_* macro defined at the end. */
#include "kernel/ktable.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The rule for __NR_* names that are not syscalls: bases and counts.
 * Syscall names are lower-case; the bases are not (__NR_Linux on MIPS,
 * __NR_SYSCALL_BASE, __NR_OABI_SYSCALL_BASE and __NR_SYSCALL_MASK on ARM,
 * __ARM_NR_BASE, __NR_O32_Linux...). The counts end in "syscalls"
 * (__NR_syscalls, __NR_Linux_syscalls), and __NR_arch_specific_syscall is
 * the first number of the generic table's per-arch range, which has no
 * __SYSCALL() entry of its own. */
int ktable_is_helper(const char *name)
{
	for (const char *p = name; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			return 1;
	return str_ends(name, "syscalls") || !strcmp(name, "arch_specific_syscall");
}

int ktable_entry_unimplemented(const char *entry)
{
	/* sys_ni_syscall, the ports' own spelling (alpha_ni_syscall), and
	 * sparc's sys_nis_syscall, which also only returns -ENOSYS */
	return !entry || !*entry || str_ends(entry, "_ni_syscall") ||
	       !strcmp(entry, "sys_nis_syscall");
}

int ktable_name_placeholder(const char *name)
{
	/* MIPS o32's __NR_unused18 ... __NR_reserved221: slots the table
	 * keeps without a syscall (sys_ni_syscall in the kernel's .tbl) */
	const char *d = str_starts(name, "unused")     ? name + 6
			: str_starts(name, "reserved") ? name + 8
						       : NULL;
	return d && *d && strspn(d, "0123456789") == strlen(d);
}

/* The names, files and entries of a ksyms, copied into blocks freed
 * together: a malloc and a free for each of them were a tenth of
 * evaluating a generic table. */
struct ksym_strs {
	struct ksym_strs *next;
	size_t used, cap;
	char data[];
};

static char *ksyms_strdup(struct ksyms *k, const char *s)
{
	size_t n = strlen(s) + 1;
	struct ksym_strs *b = k->strs;
	if (!b || b->cap - b->used < n) {
		size_t cap = n > 16384 ? n : 16384;
		b = xmalloc(sizeof(*b) + cap);
		*b = (struct ksym_strs){.next = k->strs, .cap = cap};
		k->strs = b;
	}
	char *r = memcpy(b->data + b->used, s, n);
	b->used += n;
	return r;
}

void ksyms_free(struct ksyms *k)
{
	for (struct ksym_strs *b = k->strs, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	free(k->v);
	strv_free(&k->files);
	free(k->version);
	memset(k, 0, sizeof(*k));
}

/* The __SYSCALL(nr, entry) invocations of the generic table, in order;
 * the names in the strings of `k`. */
struct entry {
	long long nr;
	size_t order;
	char *name;
};
struct entries {
	struct entry *v;
	size_t n, cap;
	struct ksyms *k;
};

static void on_syscall(void *arg, long long nr, const char *entry)
{
	struct entries *e = arg;
	if (e->n == e->cap) {
		e->cap = e->cap ? 2 * e->cap : 512;
		e->v = xrealloc(e->v, e->cap * sizeof(*e->v));
	}
	e->v[e->n] = (struct entry){nr, e->n, ksyms_strdup(e->k, entry)};
	e->n++;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	if (x->nr != y->nr)
		return x->nr < y->nr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* An entry belongs to the (non-private) names with its number; the first
 * __SYSCALL() of a number is the one the table uses. The generic table
 * lists them in order of number, a port's own entries after it: only that
 * tail is sorted, then merged in (a sort of the whole was a twentieth of a
 * kernel-tree scan). */
static void assign_entries(struct entries *en, struct ksyms *k)
{
	size_t sorted = 1;
	while (sorted < en->n && cmp_entry(&en->v[sorted - 1], &en->v[sorted]) < 0)
		sorted++;
	if (sorted < en->n) {
		qsort(en->v + sorted, en->n - sorted, sizeof(*en->v), cmp_entry);
		struct entry *m = xmalloc(en->n * sizeof(*m));
		for (size_t a = 0, b = sorted, o = 0; o < en->n; o++)
			m[o] = b == en->n || (a < sorted && cmp_entry(&en->v[a], &en->v[b]) < 0)
				       ? en->v[a++] : en->v[b++];
		free(en->v);
		en->v = m;
	}
	for (size_t i = 0; i < k->n; i++) {
		struct ksym *s = &k->v[i];
		size_t lo = 0, hi = en->n;
		while (lo < hi) { /* the first entry with nr >= s->nr */
			size_t mid = lo + (hi - lo) / 2;
			if (en->v[mid].nr < s->nr)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (s->ok && !s->private && lo < en->n && en->v[lo].nr == s->nr)
			s->entry = en->v[lo].name;
	}
	free(en->v);
}

static void collect(struct kpp *p, struct ksyms *k)
{
	const char *last_file = NULL; /* the macros of a file come in a run */
	char *last_copy = NULL;
	for (size_t i = 0; i < kpp_macro_count(p); i++) {
		const char *file, *full = kpp_macro(p, i, &file), *name = NULL;
		int private = 0;
		if (full && str_starts(full, "__NR_"))
			name = full + 5;
		else if (full && str_starts(full, "__ARM_NR_"))
			name = full + 9, private = 1;
		if (!name || !is_c_identifier(name) || ktable_is_helper(name))
			continue;
		if (k->n == k->cap) {
			k->cap = k->cap ? 2 * k->cap : 512;
			k->v = xrealloc(k->v, k->cap * sizeof(*k->v));
		}
		if (file != last_file)
			last_file = file, last_copy = ksyms_strdup(k, file);
		struct ksym *s = &k->v[k->n++];
		*s = (struct ksym){.name = ksyms_strdup(k, name), .file = last_copy, .private = private};
		s->ok = kpp_value(p, full, &s->nr);
	}
	for (size_t i = 0; i < kpp_files(p)->n; i++)
		strv_push(&k->files, kpp_files(p)->v[i]);
}

/* LINUX_VERSION_MAJOR... (6.1.81+), else LINUX_VERSION_CODE, whose sublevel
 * saturates at 255. */
static char *version_of(struct kpp *p)
{
	long long v[3], code;
	if (kpp_value(p, "LINUX_VERSION_MAJOR", &v[0]) &&
	    kpp_value(p, "LINUX_VERSION_PATCHLEVEL", &v[1]) &&
	    kpp_value(p, "LINUX_VERSION_SUBLEVEL", &v[2]))
		return xasprintf("%lld.%lld.%lld", v[0], v[1], v[2]);
	if (kpp_value(p, "LINUX_VERSION_CODE", &code))
		return xasprintf("%lld.%lld.%lld", code >> 16, (code >> 8) & 255, code & 255);
	return NULL;
}

int ktable_eval(const struct keval *ke, struct ksyms *out)
{
	memset(out, 0, sizeof(*out));
	struct entries en = {.k = out};
	struct kpp_opts o = ke->kpp;
	if (ke->want_entries)
		o.hook = "__SYSCALL", o.on_hook = on_syscall, o.hook_arg = &en;
	struct kpp *p = kpp_new(&o);
	int rc = kpp_run(p, ke->want_version ? "#if __has_include(<linux/version.h>)\n"
					       "#include <linux/version.h>\n#endif\n"
					       "#include <asm/unistd.h>\n"
					     : "#include <asm/unistd.h>\n");
	if (rc < 0) {
		err_prefix("%s: asm/unistd.h", ke->what);
	} else {
		collect(p, out);
		if (ke->want_version)
			out->version = version_of(p);
		if (out->n > KTABLE_MAX_ROWS)
			rc = err_set(EXIT_INPUT, "%s: %s: %zu __NR_ macros, more than the %d a syscall"
						 " table may have: refused", ke->what,
				     out->v[out->n - 1].file, out->n, KTABLE_MAX_ROWS);
	}
	kpp_free(p);
	assign_entries(&en, out);
	if (rc < 0)
		ksyms_free(out);
	return rc;
}

/* Reads a header for kpp through sysroot.h: missing, or not a regular file
 * (a directory), lets the search go on; a path out of the sysroot stops it. */
static int uapi_read(void *arg, const char *path, struct buf *out)
{
	const struct sysroot *sr = arg;
	const char *rel = sysroot_strip_prefix(sr, path);
	if (strcmp(sr->root, "/") && rel == path)
		return err_set(EXIT_INPUT, "%s: header outside the sysroot %s", path, sr->root);
	int rc = sysroot_read_file(sr, rel, 16 << 20, out, NULL);
	if (rc == -ENOENT || rc == -ENOTDIR || rc == -EINVAL) {
		err_clear();
		return 1;
	}
	return rc < 0 ? -1 : 0;
}

/* The headers of the scan, once each: the ABIs of a sysroot share them. */
struct uapi_hdrs {
	struct strv dirs;          /* host paths of sr->uapi_inc */
	struct kpp_cache cache;
	struct strv seen;          /* already recorded as inputs */
};

static int note_headers(struct scan_ctx *ctx, const struct strv *files, struct uapi_hdrs *h,
			const char *version)
{
	for (size_t i = 0; i < files->n; i++) {
		const char *host = files->v[i];
		if (strv_contains(&h->seen, host))
			continue;
		const struct buf *b = kpp_cache_get(&h->cache, host);
		if (scan_note_input(ctx, "kernel-header", host, b->p, b->len, version) < 0)
			return -1;
		strv_push(&h->seen, host);
	}
	return 0;
}

/* Evaluates and stores the table of one ABI. */
static int scan_abi(struct scan_ctx *ctx, struct krows *st, const struct arch_desc *a,
		    int primary, struct uapi_hdrs *h)
{
	const struct sysroot *sr = ctx->sr;
	struct ksyms ks;
	char *what = xasprintf("%s: %s", sr->root, a->name);
	struct keval ke = {.kpp = {.dirs = &h->dirs, .predefs = a->cpp_predefs, .read = uapi_read,
				   .read_arg = (void *)sr, .cache = &h->cache},
			   .want_version = primary, .what = what};
	int rc = ktable_eval(&ke, &ks);
	free(what);
	if (rc < 0) {
		if (primary)
			return -1;
		/* a companion ABI these headers do not describe: note it, go on */
		rc = db_add_diag(ctx->db, ctx->scan_id, "ktable", NULL, 0, "warning", err_msg());
		err_clear();
		return rc;
	}
	for (size_t i = 0; rc == 0 && i < ks.n; i++) {
		const struct ksym *s = &ks.v[i];
		const char *src = sysroot_strip_prefix(sr, s->file);
		if (!s->ok) {
			char *msg = xasprintf("%s%s: not an integer constant for %s",
					      s->private ? "__ARM_NR_" : "__NR_", s->name, a->name);
			rc = db_add_diag(ctx->db, ctx->scan_id, "ktable", src, 0, "warning", msg);
			free(msg);
			continue;
		}
		struct krow r = {.arch = a->name, .abi = "uapi", .name = s->name, .nr = s->nr,
				 .source = src, .implemented = !ktable_name_placeholder(s->name),
				 .private = s->private};
		ktable_insert(st, &r);
	}
	if (rc == 0 && primary && ks.version)
		rc = db_scan_set(ctx->db, ctx->scan_id, "kernel_version", ks.version);
	if (rc == 0)
		rc = note_headers(ctx, &ks.files, h, primary ? ks.version : NULL);
	ksyms_free(&ks);
	return rc;
}

int ktable_scan_uapi(struct scan_ctx *ctx)
{
	const struct sysroot *sr = ctx->sr;
	char *hdr = sysroot_find_in(sr, &sr->uapi_inc, "asm/unistd.h");
	if (!hdr) {
		struct buf dirs = {0};
		for (size_t i = 0; i < sr->uapi_inc.n; i++)
			buf_printf(&dirs, "%s%s", i ? ", " : "", sr->uapi_inc.v[i]);
		err_set(EXIT_INPUT, "%s: no asm/unistd.h for %s in %s", sr->root, ctx->arch->name,
			dirs.len ? dirs.p : "(no include dirs)");
		buf_free(&dirs);
		return -1;
	}
	free(hdr);
	struct krows st = {.ctx = ctx};
	struct uapi_hdrs h = {0};
	for (size_t i = 0; i < sr->uapi_inc.n; i++)
		strv_push_own(&h.dirs, sysroot_host_path(sr, sr->uapi_inc.v[i]));
	int rc = scan_abi(ctx, &st, ctx->arch, 1, &h);
	for (const char *const *c = ctx->arch->companions; rc == 0 && c && *c; c++) {
		const struct arch_desc *a = arch_find(*c);
		if (a)
			rc = scan_abi(ctx, &st, a, 0, &h);
	}
	if (ktable_flush(&st) < 0)
		rc = -1;
	strv_free(&h.dirs);
	strv_free(&h.seen);
	kpp_cache_free(&h.cache);
	return rc;
}
