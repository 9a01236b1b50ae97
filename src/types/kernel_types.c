/* kernel_types.c: prototypes from a scanned kernel tree (see kernel_types.h).
 *
 * Each ABI's table row names its entry point (sys_futex, __sys_sysmips,
 * compat_sys_io_setup); its prototype is looked up in the kproto rows of the
 * ABI's port, then of include/ (the generic headers), by the entry point
 * without its prefixes, else by the syscall's own name. The kernel's types
 * are mapped to what user space spells (kmap below): `__user` is gone
 * already, kernel-only typedefs become the libc or fixed-width type of the
 * same width, and a typedef left that no libc declares refuses the
 * prototype. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "types/kernel_types.h"
#include "kernel/ktable.h"

/* Kernel spellings and what user space writes for them, of the same width
 * and kind on every ABI (the kernel's definition in the comment). */
static const struct {
	const char *k, *u;
} kmap[] = {
	{"umode_t", "mode_t"},              /* unsigned short, passed in a register */
	{"qid_t", "unsigned int"},          /* linux/quota.h: __kernel_uid32_t */
	{"key_serial_t", "int32_t"},        /* linux/key.h: int32_t */
	{"rwf_t", "int"},                   /* linux/fs.h: __kernel_rwf_t, int */
	{"__kernel_rwf_t", "int"},
	{"aio_context_t", "unsigned long"}, /* __kernel_ulong_t (x32 takes u32: compat) */
	{"timer_t", "int"},                 /* __kernel_timer_t; libc's is a pointer */
	{"off_t", "long"},                  /* __kernel_off_t: word-sized */
	{"__kernel_old_time_t", "long"},
	{"old_time32_t", "int32_t"},
	{"mqd_t", "int"},                   /* __kernel_mqd_t */
	{"clockid_t", "int"},               /* __kernel_clockid_t */
	{"key_t", "int"},                   /* __kernel_key_t */
	{"u8", "uint8_t"}, {"__u8", "uint8_t"}, {"s8", "int8_t"}, {"__s8", "int8_t"},
	{"u16", "uint16_t"}, {"__u16", "uint16_t"}, {"s16", "int16_t"}, {"__s16", "int16_t"},
	{"u32", "uint32_t"}, {"__u32", "uint32_t"}, {"s32", "int32_t"}, {"__s32", "int32_t"},
	{"u64", "uint64_t"}, {"__u64", "uint64_t"}, {"s64", "int64_t"}, {"__s64", "int64_t"},
	{"cap_user_header_t", "struct __user_cap_header_struct *"}, /* linux/capability.h */
	{"cap_user_data_t", "struct __user_cap_data_struct *"},
	{"utrap_entry_t", "int"},           /* sparc asm/utrap.h */
	{"utrap_handler_t", "void *"},      /* a function pointer */
};

/* libc typedefs a kernel prototype may keep: the same type in user space. */
static const char *const libc_same[] = {
	"pid_t", "uid_t", "gid_t", "mode_t", "size_t", "ssize_t", "loff_t", "siginfo_t",
	"sigset_t", "fd_set", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
	"uint32_t", "uint64_t", "uintptr_t",
};

struct kentry {
	const char *name; /* points into names */
	char *entry;
	unsigned abi;
	int impl;
};

struct gen_kernel {
	struct db *db;
	int64_t scan;
	char label[65];
	const struct arch_desc *const *abi;
	size_t nabi;
	struct kentry *e;
	size_t ne;
	struct strv names;
	sqlite3_stmt *q;
};

static int cmp_entry(const void *a, const void *b)
{
	const struct kentry *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->abi > y->abi) - (x->abi < y->abi);
}

int gen_kernel_open(struct db *db, const struct arch_desc *const *abi, size_t nabi,
		    struct gen_kernel **out)
{
	sqlite3_stmt *st;
	*out = NULL;
	if (db_prepare(db, &st, "SELECT s.id, s.label FROM scan s WHERE s.kind = 'kernel-tree'"
				" AND EXISTS (SELECT 1 FROM kproto k WHERE k.scan_id = s.id)"
				" ORDER BY s.id DESC LIMIT 1") < 0)
		return -1;
	int s = sqlite3_step(st);
	if (s != SQLITE_ROW) {
		sqlite3_finalize(st);
		return s == SQLITE_DONE ? 0 : db_fail(db, "read");
	}
	struct gen_kernel *gk = xcalloc(1, sizeof(*gk));
	gk->db = db;
	gk->scan = sqlite3_column_int64(st, 0);
	const char *l = (const char *)sqlite3_column_text(st, 1);
	snprintf(gk->label, sizeof(gk->label), "%s", l ? l : "");
	sqlite3_finalize(st);
	gk->abi = abi;
	gk->nabi = nabi;
	size_t cap = 0;
	int rc = 0;
	for (size_t a = 0; a < nabi && rc == 0; a++) {
		struct kread it;
		rc = ktable_read_begin(&it, db, gk->scan, abi[a]->name);
		while (rc == 0 && (rc = ktable_read_next(&it)) > 0) {
			if (gk->ne == cap)
				gk->e = xrealloc(gk->e, (cap = cap ? 2 * cap : 1024) * sizeof(*gk->e));
			const struct krow *r = &it.row;
			/* s390's "-": no entry point for this ABI */
			int impl = r->implemented && r->entry && strcmp(r->entry, "-");
			gk->e[gk->ne++] = (struct kentry){.name = NULL, .entry = xstrdup(r->entry ? r->entry : ""),
							  .abi = (unsigned)a, .impl = impl};
			strv_push(&gk->names, r->name);
			rc = 0;
		}
		ktable_read_end(&it);
	}
	for (size_t i = 0; i < gk->ne; i++)
		gk->e[i].name = gk->names.v[i];
	qsort(gk->e, gk->ne, sizeof(*gk->e), cmp_entry);
	if (rc == 0)
		rc = db_prepare(db, &gk->q, "SELECT ret, params, nparams, source, line FROM kproto"
					    " WHERE scan_id = ?1 AND name = ?2 AND port = ?3"
					    " ORDER BY source, line");
	if (rc < 0) {
		gen_kernel_close(gk);
		return -1;
	}
	*out = gk;
	return 1;
}

void gen_kernel_close(struct gen_kernel *gk)
{
	if (!gk)
		return;
	for (size_t i = 0; i < gk->ne; i++)
		free(gk->e[i].entry);
	free(gk->e);
	strv_free(&gk->names);
	sqlite3_finalize(gk->q);
	free(gk);
}

const char *gen_kernel_label(const struct gen_kernel *gk)
{
	return gk->label;
}

/* The user-space spelling of kernel identifier s[0..n), or NULL. */
static const char *kmap_find(const char *s, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(kmap); i++)
		if (strlen(kmap[i].k) == n && !memcmp(kmap[i].k, s, n))
			return kmap[i].u;
	return NULL;
}

/* The kernel's spelling of one declaration in user space's: each
 * identifier through kmap. A qualifier before a typedef that hides a
 * pointer qualifies the pointer: `const cap_user_data_t` is
 * `struct __user_cap_data_struct *const`, not a pointer to const. */
static void map_decl(const char *in, struct buf *out)
{
	buf_puts(out, "");
	for (const char *s = in; *s;) {
		if (!(isalpha((unsigned char)*s) || *s == '_')) {
			buf_putc(out, *s++);
			continue;
		}
		size_t n = 0;
		while (isalnum((unsigned char)s[n]) || s[n] == '_')
			n++;
		if ((n == 5 && !memcmp(s, "const", 5)) || (n == 8 && !memcmp(s, "volatile", 8))) {
			const char *t = s + n;
			while (*t == ' ' || *t == '\t')
				t++;
			size_t m = 0;
			while (isalnum((unsigned char)t[m]) || t[m] == '_')
				m++;
			const char *u = m ? kmap_find(t, m) : NULL;
			if (u && u[strlen(u) - 1] == '*') {
				buf_printf(out, "%s %.*s", u, (int)n, s);
				s = t + m;
				continue;
			}
		}
		const char *u = kmap_find(s, n);
		if (u)
			buf_puts(out, u);
		else
			buf_add(out, s, n);
		s += n;
	}
}

/* Parses the mapped kernel type text of one declaration by the grammar. */
static int kparse(const char *text, struct gen_type *t, char *name, const char **why)
{
	struct buf b = {0};
	map_decl(text, &b);
	int rc = gen_type_parse(b.p, t, name, why);
	buf_free(&b);
	if (rc < 0)
		return -1;
	if (t->base == GT_TYPEDEF) {
		int ok = 0;
		for (size_t i = 0; i < ARRAY_SIZE(libc_same) && !ok; i++)
			ok = !strcmp(t->tag, libc_same[i]);
		if (!ok) {
			*why = "a kernel type syscov cannot spell in user space";
			return -1;
		}
	}
	if (t->base == GT_TAG && !strcmp(t->tag, "pt_regs")) {
		*why = "the entry point takes the saved registers, not arguments";
		return -1;
	}
	return 0;
}

/* One kproto row into k: 0, or -1 with *why. */
static int from_row(const char *ret, const char *params, int nparams, struct gen_kproto *k,
		    const char **why)
{
	if (nparams < 0 || nparams > GEN_MAX_ARGS) {
		*why = "the kernel's prototype has more than six parameters";
		return -1;
	}
	if (kparse(ret, &k->ret, NULL, why) < 0)
		return -1;
	char *list = xstrdup(params), *item = list;
	int rc = 0;
	k->np = 0;
	for (char *next; rc == 0 && item && *item; item = next) {
		char *comma = strchr(item, ',');
		next = comma ? comma + 1 : NULL;
		if (comma)
			*comma = 0;
		if (k->np >= GEN_MAX_ARGS) {
			*why = "the kernel's prototype has more than six parameters";
			rc = -1;
			break;
		}
		struct gen_param *q = &k->p[k->np];
		rc = kparse(item, &q->t, q->name, why);
		if (rc == 0 && q->t.base == GT_VOID && !q->t.ptr) {
			*why = "a void parameter";
			rc = -1;
		}
		if (rc == 0 && !gen_name_ok(q->name))
			q->name[0] = 0;
		if (rc == 0)
			k->is_ptr[k->np] = q->t.ptr > 0, k->np++;
	}
	free(list);
	if (rc == 0 && k->np != nparams) {
		*why = "the kernel's prototype does not parse";
		rc = -1;
	}
	return rc;
}

/* The prototype of entry point func in port (or "") : 1, 0 none, -1. */
static int lookup(struct gen_kernel *gk, const char *func, const char *port, struct gen_kproto *k,
		  const char **why)
{
	sqlite3_stmt *q = gk->q;
	sqlite3_bind_int64(q, 1, gk->scan);
	db_bind_text(q, 2, func);
	db_bind_text(q, 3, port);
	int s, found = 0;
	char *first = NULL;
	while ((s = sqlite3_step(q)) == SQLITE_ROW) {
		const char *params = (const char *)sqlite3_column_text(q, 1);
		if (!params)
			continue;
		if (found) {
			/* declared again: the same text, or one per configuration */
			if (strcmp(first, params)) {
				*why = "the kernel declares it differently per configuration";
				found = 0;
				break;
			}
			continue;
		}
		first = xstrdup(params);
		const char *src = (const char *)sqlite3_column_text(q, 3);
		int line = sqlite3_column_int(q, 4);
		if (from_row((const char *)sqlite3_column_text(q, 0), params, sqlite3_column_int(q, 2),
			     k, why) < 0)
			break;
		found = 1;
		/* the source goes into a comment: only a plain path */
		int plain = src && strlen(src) < 120;
		for (const char *c = src; plain && *c; c++)
			plain = isalnum((unsigned char)*c) || strchr("_./-", *c);
		snprintf(k->where, sizeof(k->where), "%s:%d", plain ? src : "(a kernel source)", line);
	}
	free(first);
	if (s != SQLITE_ROW && s != SQLITE_DONE) {
		sqlite3_reset(q);
		return db_fail(gk->db, "read");
	}
	sqlite3_reset(q);
	return found;
}

/* "sys_futex" -> "futex"; "__sys_sysmips" -> "sysmips"; NULL for no sys_. */
static const char *entry_func(const char *e)
{
	while (*e == '_')
		e++;
	if (str_starts(e, "sys_"))
		return e + 4;
	return NULL;
}

int gen_kernel_proto(struct gen_kernel *gk, const char *name, struct gen_kproto *k,
		     const char **why)
{
	struct kentry key = {.name = name, .abi = 0};
	size_t lo = 0, hi = gk->ne;
	while (lo < hi) { /* the first row of name */
		size_t mid = (lo + hi) / 2;
		if (cmp_entry(&gk->e[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*why = "not in the kernel tree's tables of these ABIs";
	int rows = 0, impl = 0;
	for (size_t i = lo; i < gk->ne && !strcmp(gk->e[i].name, name); i++) {
		const struct kentry *e = &gk->e[i];
		rows++;
		if (!e->impl)
			continue;
		impl++;
		const char *func = entry_func(e->entry);
		const char *port = gk->abi[e->abi]->kernel_port ? gk->abi[e->abi]->kernel_port : "";
		/* a compat_sys_ entry (n32, x32) has no prototype here: the call's
		 * own name, and a _time64 call's is its base call's (both take
		 * 64-bit times: io_pgetevents_time64 is sys_io_pgetevents) */
		char base[72] = "";
		if (str_ends(name, "_time64") && strlen(name) < sizeof(base))
			snprintf(base, sizeof(base), "%.*s", (int)(strlen(name) - 7), name);
		const char *try[3] = {func, name, base[0] ? base : NULL};
		*why = "no prototype of its entry point in the kernel tree";
		for (int t = 0; t < 3; t++) {
			if (!try[t] || strlen(try[t]) >= sizeof(k->func) || (t && func && !strcmp(try[t], func)))
				continue;
			for (int g = 0; g < 2; g++) {
				int r = lookup(gk, try[t], g ? "" : port, k, why);
				if (r != 0) {
					snprintf(k->func, sizeof(k->func), "%s", try[t]);
					k->no_entry = 0;
					return r;
				}
			}
		}
	}
	if (rows && !impl && strlen(name) < sizeof(k->func)) {
		/* s390x's timerfd: a table row without an entry point ("-",
		 * sys_ni_syscall): nothing to pass arguments to */
		const char *w;
		gen_type_parse("long", &k->ret, NULL, &w);
		k->np = 0;
		k->no_entry = 1;
		snprintf(k->func, sizeof(k->func), "%s", name);
		snprintf(k->where, sizeof(k->where), "no entry point on these ABIs: no arguments");
		return 1;
	}
	return 0;
}

const char *gen_kernel_header(const char *tdef)
{
	static const char *const sig[] = {"siginfo_t", "sigset_t"};
	for (size_t i = 0; i < ARRAY_SIZE(sig); i++)
		if (!strcmp(tdef, sig[i]))
			return "signal.h";
	if (!strcmp(tdef, "fd_set"))
		return "sys/select.h";
	/* the fixed-width types come with the header's own <stdint.h> */
	return str_starts(tdef, "int") || str_starts(tdef, "uint") ? NULL : "sys/types.h";
}

int gen_kernel_user_type(struct gen_type *t)
{
	if (t->base != GT_TYPEDEF || gen_typedef_known(t->tag) != 2)
		return 0;
	struct buf b = {0};
	struct gen_type u;
	const char *why;
	map_decl(t->text, &b);
	int rc = gen_type_parse(b.p, &u, NULL, &why);
	buf_free(&b);
	/* still a kernel typedef (__kernel_pid_t): the header it came with */
	if (rc < 0 || (u.base == GT_TYPEDEF && gen_typedef_known(u.tag) == 2))
		return 0;
	*t = u;
	return 1;
}
