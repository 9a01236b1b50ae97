/* musl.c: This file contains the musl flavour of the upstream stage: the
 * commit that adds one Linux syscall wrapper to a musl source tree in
 * musl's style: src/linux/NAME.c, one function calling syscall(SYS_NAME,
 * ...) (64-bit arguments through __SYSCALL_LL_E/_O, as readahead.c), and
 * the declaration, without parameter names, in the header's _GNU_SOURCE
 * part. docs/upstream.md. */
#define _GNU_SOURCE
#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "upstream/upstream.h"

/* "TYPE NAME" (name may be empty, as musl's headers have it). */
static void put_decl(struct buf *b, const struct gen_type *t, const char *name)
{
	buf_puts(b, t->text);
	if (*name && !str_ends(t->text, "*"))
		buf_putc(b, ' ');
	buf_puts(b, name);
}

/* "NAME(T1 a, T2 b)", with names or without. */
static void put_proto(struct buf *b, const struct up_call *c, int names)
{
	buf_printf(b, "%s(", c->w.name);
	for (int i = 0; i < c->w.np; i++) {
		char nm[GEN_ID_MAX + 8] = "";
		if (names && c->w.p[i].name[0])
			snprintf(nm, sizeof(nm), "%s", c->w.p[i].name);
		else if (names)
			snprintf(nm, sizeof(nm), "arg%d", i + 1);
		buf_puts(b, i ? ", " : "");
		put_decl(b, &c->w.p[i].t, nm);
	}
	buf_puts(b, c->w.np ? ")" : "void)");
}

/* The header: the man page's first that musl has (not <unistd.h> and
 * <sys/syscall.h>, named for syscall(2), nor the kernel's), else
 * <unistd.h>, where musl keeps gettid and the other Linux-only calls. */
static const char *choose_header(struct up_tree *t, const struct up_call *c, char *path,
				 size_t n)
{
	for (size_t i = 0; i < c->includes.n; i++) {
		const char *inc = c->includes.v[i];
		if (!strcmp(inc, "unistd.h") || !strcmp(inc, "sys/syscall.h") ||
		    str_starts(inc, "linux/") || str_starts(inc, "asm/"))
			continue;
		snprintf(path, n, "include/%s", inc);
		if (up_tree_get(t, path))
			return inc;
	}
	snprintf(path, n, "include/unistd.h");
	return "unistd.h";
}

/* The musl archs (arch/X/bits/syscall.h.in) that have no __NR_NAME. */
static void archs_without(struct up_tree *t, const char *name, struct buf *out)
{
	char *g = xasprintf("%s/arch/*/bits/syscall.h.in", up_tree_dir(t));
	char *want = xasprintf("#define __NR_%s", name);
	size_t dl = strlen(up_tree_dir(t)) + 1;
	glob_t gl;
	if (glob(g, 0, NULL, &gl) == 0) {
		for (size_t i = 0; i < gl.gl_pathc; i++) {
			const char *text = up_tree_get(t, gl.gl_pathv[i] + dl);
			const char *at = text ? strstr(text, want) : NULL;
			size_t k = strlen(want);
			while (at && at[k] != ' ' && at[k] != '\t')
				at = strstr(at + k, want);
			if (!at) {
				const char *a = gl.gl_pathv[i] + dl + strlen("arch/");
				buf_printf(out, " %.*s", (int)(strchr(a, '/') - a), a);
			}
		}
		globfree(&gl);
	}
	free(want);
	free(g);
}

int up_musl(struct up_tree *t, const struct up_req *r, const struct up_call *c,
	    struct up_commit *out)
{
	memset(out, 0, sizeof(*out));
	if (!up_tree_get(t, "src/linux/setns.c") || !up_tree_get(t, "include/unistd.h"))
		return err_set(EXIT_INPUT, "%s: no src/linux/setns.c, include/unistd.h: not a musl"
			       " tree", up_tree_dir(t));
	if (c->w.ret.ptr)
		return err_set(EXIT_INPUT, "%s: returns a pointer: a wrapper musl would write by"
			       " hand", c->w.name);
	char hpath[GEN_TYPE_MAX + 16], path[GEN_ID_MAX + 32];
	const char *hdr = choose_header(t, c, hpath, sizeof(hpath));
	struct buf b = {0}, missing = {0};
	/* src/linux/NAME.c */
	buf_printf(&b, "#define _GNU_SOURCE\n#include <%s>\n#include \"syscall.h\"\n\n", hdr);
	put_decl(&b, &c->w.ret, "");
	if (!str_ends(c->w.ret.text, "*"))
		buf_putc(&b, ' ');
	put_proto(&b, c, 1);
	buf_printf(&b, "\n{\n\treturn syscall(SYS_%s", c->w.name);
	int regs = 0;
	for (int i = 0; i < c->w.np; i++) {
		char nm[GEN_ID_MAX + 8];
		if (c->w.p[i].name[0])
			snprintf(nm, sizeof(nm), "%s", c->w.p[i].name);
		else
			snprintf(nm, sizeof(nm), "arg%d", i + 1);
		if (c->w.p[i].t.ll)
			buf_printf(&b, ", __SYSCALL_LL_%c(%s)", regs % 2 ? 'O' : 'E', nm);
		else
			buf_printf(&b, ", %s", nm);
		regs += c->w.p[i].t.ll ? 2 + regs % 2 : 1;
	}
	/* the kernel's sigset_t size after a sigset_t * (types/typing.h) */
	buf_puts(&b, c->w.sigset_size ? ", _NSIG/8);\n}\n" : ");\n}\n");
	snprintf(path, sizeof(path), "src/linux/%s.c", c->w.name);
	int rc = up_new_file(t, &out->p, path, b.p);
	/* the declaration: at the end of the header's last _GNU_SOURCE part
	 * (unistd.h's holds gettid), else a part of its own before the C++
	 * guard's end */
	buf_free(&b);
	const char *text = up_tree_get(t, hpath);
	long gnu = text ? up_find_line(text, "#ifdef _GNU_SOURCE", 0) : -1, at = -1;
	int own = 0;
	if (gnu >= 0) {
		const char *l = text;
		for (long k = 0; *l; k++, l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l))
			if (k > gnu && !strncmp(l, "#endif", 6)) {
				at = k;
				break;
			}
	} else if (text) {
		at = up_find_line(text, "#ifdef __cplusplus", 0);
		own = 1;
	}
	if (own)
		buf_puts(&b, "#ifdef _GNU_SOURCE\n");
	for (int i = 0; i < c->w.np; i++)
		if (c->w.p[i].t.base == GT_TAG)
			buf_printf(&b, "%s %s;\n", c->w.p[i].t.tagkw, c->w.p[i].t.tag);
	put_decl(&b, &c->w.ret, "");
	if (!str_ends(c->w.ret.text, "*"))
		buf_putc(&b, ' ');
	put_proto(&b, c, 0);
	buf_puts(&b, ";\n");
	if (own)
		buf_puts(&b, "#endif\n\n");
	if (rc == 0)
		rc = at < 0 ? err_set(EXIT_INPUT, "%s/%s: no place for the declaration",
				      up_tree_dir(t), hpath)
			    : up_insert(t, &out->p, hpath, (size_t)at, b.p);
	buf_free(&b);
	if (rc < 0)
		return -1;
	archs_without(t, c->w.name, &missing);
	out->subject = xasprintf("add %s syscall wrapper", c->w.name);
	out->slug = xasprintf("add-%s-syscall-wrapper", c->w.name);
	buf_printf(&b, "%s is a Linux system call%s%s%s; this adds its wrapper,\n"
		   "declared in <%s> under _GNU_SOURCE.\n", c->w.name,
		   r->libc_version ? " that musl " : "", r->libc_version ? r->libc_version : "",
		   r->libc_version ? " does not wrap" : "", hdr);
	if (missing.len)
		buf_printf(&b, "\nThese archs have no SYS_%s yet (their bits/syscall.h.in\n"
			   "needs the number first):%s.\n", c->w.name, missing.p);
	buf_printf(&b, "\nThe prototype is %s's%s%s%s.\nGenerated by syscov upstream.\n",
		   gen_src_names[c->w.src], c->w.src == GEN_SRC_MAN ? " (man page " : "",
		   c->w.src == GEN_SRC_MAN ? c->w.page : "", c->w.src == GEN_SRC_MAN ? "(2))" : "");
	out->body = buf_steal(&b);
	buf_free(&missing);
	return 0;
}
