/* glibc.c: This file contains the glibc flavour of the upstream stage: the
 * commit that adds one Linux syscall wrapper to a glibc source tree as
 * glibc's own additions do (pidfd_open, process_madvise in 2.36;
 * sched_setattr in 2.41): the syscalls.list line with make-syscalls.sh's
 * argument codes, or a C file where a line cannot express the call; the
 * declaration in the public header, under __USE_GNU; the Versions node of
 * the next release; a libc.abilist line for each ABI whose kernel table has
 * the call; a NEWS entry; a test that accepts ENOSYS. docs/upstream.md. */
#define _GNU_SOURCE
#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "upstream/upstream.h"

#define LINUX "sysdeps/unix/sysv/linux/"

/* glibc's Linux ports (each dir with a libc.abilist, glibc 2.36 to 2.41)
 * and the kernel-tree scan's tables ("arch:abi", ktable_tree.c's names)
 * each one's syscalls come from. The one place the two namings meet;
 * tests/upstream checks it against both glibc trees. */
static const struct glibc_port {
	const char *dir, *kabis;
} ports[] = {
	{"aarch64", "aarch64:generic"},
	{"alpha", "alpha:common"},
	{"arc", "arc:generic"},
	{"arm/be", "arm:common"},
	{"arm/le", "arm:common"},
	{"csky", "csky:generic"},
	{"hppa", "hppa:common hppa:32"},
	{"i386", "i386:i386"},
	{"ia64", "ia64:common"},
	{"loongarch/lp64", "loongarch64:generic"},
	{"m68k/coldfire", "m68k:common"},
	{"m68k/m680x0", "m68k:common"},
	{"microblaze/be", "microblaze:common"},
	{"microblaze/le", "microblaze:common"},
	{"mips/mips32/fpu", "mipsel:o32"},
	{"mips/mips32/nofpu", "mipsel:o32"},
	{"mips/mips64/n32", "mipsn32:n32"},
	{"mips/mips64/n64", "mips64el:n64"},
	{"nios2", "nios2:generic"},
	{"or1k", "openrisc:generic"},
	{"powerpc/powerpc32/fpu", "powerpc:common powerpc:nospu powerpc:32"},
	{"powerpc/powerpc32/nofpu", "powerpc:common powerpc:nospu powerpc:32"},
	{"powerpc/powerpc64/be", "ppc64:common ppc64:nospu ppc64:64"},
	{"powerpc/powerpc64/le", "ppc64le:common ppc64le:nospu ppc64le:64"},
	/* rv32: the kernel tree's scan has riscv64's generic table alone;
	 * rv32's is the same less the 32-bit time calls, which no new wrapper
	 * is */
	{"riscv/rv32", "riscv64:generic"},
	{"riscv/rv64", "riscv64:generic"},
	{"s390/s390-32", "s390x:common s390-32:32"},
	{"s390/s390-64", "s390x:common s390x:64"},
	{"sh/be", "sh4:common"},
	{"sh/le", "sh4:common"},
	{"sparc/sparc32", "sparc64:common sparc-32:32"},
	{"sparc/sparc64", "sparc64:common sparc64:64"},
	{"x86_64/64", "x86_64:common x86_64:64"},
	{"x86_64/x32", "x32:common x32:x32"},
};

const char *up_glibc_port(size_t i, const char **kabis)
{
	if (i >= sizeof(ports) / sizeof(ports[0]))
		return NULL;
	*kabis = ports[i].kabis;
	return ports[i].dir;
}

/* 1 if one of the port's tables has the call. */
static int port_has(const struct glibc_port *p, const struct up_call *c)
{
	for (size_t i = 0; i < c->kabis.n; i++) {
		size_t k = strlen(c->kabis.v[i]);
		for (const char *s = p->kabis; (s = strstr(s, c->kabis.v[i])); s += k)
			if ((s == p->kabis || s[-1] == ' ') && (s[k] == ' ' || !s[k]))
				return 1;
	}
	return 0;
}

/* Every libc.abilist of the tree's Linux ports is one of ports[]: a port
 * syscov does not know would be left without the symbol, which glibc's
 * check-abi fails on. */
static int check_ports(struct up_tree *t)
{
	static const char *const pat[] = {LINUX "*/libc.abilist", LINUX "*/*/libc.abilist",
					  LINUX "*/*/*/libc.abilist"};
	size_t dl = strlen(up_tree_dir(t)) + 1 + strlen(LINUX);
	int rc = 0;
	for (size_t k = 0; k < 3 && rc == 0; k++) {
		char *g = xasprintf("%s/%s", up_tree_dir(t), pat[k]);
		glob_t gl;
		if (glob(g, 0, NULL, &gl) == 0) {
			for (size_t i = 0; i < gl.gl_pathc && rc == 0; i++) {
				const char *dir = gl.gl_pathv[i] + dl;
				size_t len = strlen(dir) - strlen("/libc.abilist"), j;
				for (j = 0; j < sizeof(ports) / sizeof(ports[0]); j++)
					if (strlen(ports[j].dir) == len && !strncmp(ports[j].dir, dir, len))
						break;
				if (j == sizeof(ports) / sizeof(ports[0]))
					rc = err_set(EXIT_INPUT, "%s: a glibc port syscov does not map"
						     " to a kernel table (src/upstream/glibc.c)",
						     gl.gl_pathv[i]);
			}
			globfree(&gl);
		}
		free(g);
	}
	return rc;
}

/* The release after the tree's (version.h's VERSION "2.36" or the
 * development "2.36.9000" alike: 2.37): the symbol version of a new
 * function. */
static int next_version(struct up_tree *t, char *out, size_t n)
{
	const char *v = up_tree_get(t, "version.h");
	const char *p = v ? strstr(v, "#define VERSION \"") : NULL;
	int maj, min;
	if (!p || sscanf(p + strlen("#define VERSION \""), "%d.%d", &maj, &min) != 2)
		return err_set(EXIT_INPUT, "%s/version.h: no VERSION \"M.m\": not a glibc tree",
			       up_tree_dir(t));
	snprintf(out, n, "%d.%d", maj, min + 1);
	return 0;
}

/* make-syscalls.sh's code letter of a parameter (its "Syscall Signature
 * Key Letters"): s a string, b a buffer (void *), p a typed pointer, U an
 * unsigned integer (zero-extended on x32), i any other scalar. */
static char arg_code(const struct gen_type *t)
{
	static const char *const unsigned_typedefs[] = {
		"size_t", "uid_t", "gid_t", "mode_t", "socklen_t", "dev_t", "ino_t", "id_t",
	};
	if (t->ptr) {
		if (t->ptr == 1 && t->base == GT_INT && !strcmp(t->text, "const char *"))
			return 's';
		return t->base == GT_VOID && t->ptr == 1 ? 'b' : 'p';
	}
	if (t->base == GT_INT && str_starts(t->text, "unsigned"))
		return 'U';
	for (size_t i = 0; i < sizeof(unsigned_typedefs) / sizeof(unsigned_typedefs[0]); i++)
		if (t->base == GT_TYPEDEF && !strcmp(t->tag, unsigned_typedefs[i]))
			return 'U';
	return 'i';
}

/* The typedefs glibc's headers spell with their reserved name (<unistd.h>
 * declares gettid with __pid_t: the plain name is not defined in every
 * mode the header is read in). */
static const char *const reserved_typedefs[] = {
	"pid_t", "uid_t", "gid_t", "mode_t", "id_t", "off64_t", "ssize_t", "clockid_t",
};

/* The type's text as glibc's headers spell it. */
static void glibc_type(const struct gen_type *t, struct buf *b)
{
	if (t->base == GT_TYPEDEF)
		for (size_t i = 0; i < sizeof(reserved_typedefs) / sizeof(reserved_typedefs[0]); i++)
			if (!strcmp(t->tag, reserved_typedefs[i])) {
				const char *at = strstr(t->text, t->tag);
				buf_printf(b, "%.*s__%s", (int)(at - t->text), t->text, at);
				return;
			}
	buf_puts(b, t->text);
}

/* "TYPE NAME" of a declaration, "char *" types without the blank. */
static void put_decl(struct buf *b, const struct gen_type *t, const char *name)
{
	glibc_type(t, b);
	if (!str_ends(t->text, "*"))
		buf_putc(b, ' ');
	buf_puts(b, name);
}

/* A parameter's name in an installed header: glibc's reserved namespace
 * ("__fd"); argN where the page names none. */
static void param_name(const struct up_call *c, int i, int reserved, char *out, size_t n)
{
	if (c->w.p[i].name[0])
		snprintf(out, n, "%s%s", reserved ? "__" : "", c->w.p[i].name);
	else
		snprintf(out, n, "%sarg%d", reserved ? "__" : "", i + 1);
}

/* "NAME (T1 a, T2 b)" with glibc's line breaks: continuation lines under
 * the first parameter, at most 79 columns; `indent` is where NAME starts. */
static void put_proto(struct buf *b, const struct up_call *c, int reserved, size_t indent)
{
	size_t col = indent + strlen(c->w.name) + 2;
	size_t align = col;
	buf_printf(b, "%s (", c->w.name);
	if (!c->w.np)
		buf_puts(b, "void");
	for (int i = 0; i < c->w.np; i++) {
		struct buf one = {0};
		char nm[GEN_ID_MAX + 8];
		param_name(c, i, reserved, nm, sizeof(nm));
		put_decl(&one, &c->w.p[i].t, nm);
		buf_puts(&one, i + 1 < c->w.np ? "," : ")");
		if (i && col + 1 + one.len > 79) {
			buf_putc(b, '\n');
			for (size_t k = 0; k < align; k++)
				buf_putc(b, ' ');
			col = align;
		} else if (i) {
			buf_putc(b, ' ');
			col++;
		}
		buf_puts(b, one.p);
		col += one.len;
		buf_free(&one);
	}
	if (!c->w.np)
		buf_putc(b, ')');
}

/* Where the declaration goes, and why. */
struct glibc_hdr {
	char path[GEN_TYPE_MAX];  /* in the tree */
	char pub[GEN_TYPE_MAX];   /* what a program includes */
	int in_gnu_block;         /* inside the header's own __USE_GNU block */
	char why[GEN_TYPE_MAX + 96];
};

/* The man page's first header that is glibc's own (not <unistd.h> and
 * <sys/syscall.h>, which the page names for syscall(2), nor the kernel's
 * <linux/...>, <asm/...>), declared where glibc keeps that header's
 * Linux-only functions: bits/H (bits/sched.h for <sched.h>, as 2.41's
 * sched_setattr) or Linux's own sys/H (sys/mount.h); else <unistd.h>'s
 * Linux part, bits/unistd_ext.h (gettid). */
static void choose_header(struct up_tree *t, const struct up_call *c, struct glibc_hdr *h)
{
	for (size_t i = 0; i < c->includes.n; i++) {
		const char *inc = c->includes.v[i];
		if (!strcmp(inc, "unistd.h") || !strcmp(inc, "sys/syscall.h") ||
		    str_starts(inc, "linux/") || str_starts(inc, "asm/"))
			continue;
		const char *base = strrchr(inc, '/') ? strrchr(inc, '/') + 1 : inc;
		char *cand[2] = {xasprintf(LINUX "bits/%s", base), xasprintf(LINUX "%s", inc)};
		int found = -1;
		for (int k = 0; k < 2 && found < 0; k++)
			if ((k == 0 && !strchr(inc, '/')) || (k == 1 && strchr(inc, '/')))
				if (up_tree_get(t, cand[k]))
					found = k;
		if (found >= 0) {
			snprintf(h->path, sizeof(h->path), "%s", cand[found]);
			snprintf(h->pub, sizeof(h->pub), "%s", inc);
			snprintf(h->why, sizeof(h->why), "the man page's <%s>, whose Linux-only"
				 " functions glibc declares in %s", inc, h->path + strlen(LINUX));
		}
		free(cand[0]);
		free(cand[1]);
		if (found >= 0)
			return;
	}
	snprintf(h->path, sizeof(h->path), LINUX "bits/unistd_ext.h");
	snprintf(h->pub, sizeof(h->pub), "unistd.h");
	h->in_gnu_block = 1;
	snprintf(h->why, sizeof(h->why), "<unistd.h>, as glibc declares Linux-only calls"
		 " (gettid) in bits/unistd_ext.h; the man page names no header of its own"
		 " but the kernel's");
}

/* The declaration: struct tags declared first (a tag first seen in a
 * parameter list is scoped to it), the comment naming the man page. */
static int put_declaration(const struct up_call *c, const struct glibc_hdr *h, struct buf *b)
{
	const struct gen_type *ts[GEN_MAX_ARGS + 1];
	int nt = 0;
	ts[nt++] = &c->w.ret;
	for (int i = 0; i < c->w.np; i++)
		ts[nt++] = &c->w.p[i].t;
	if (!h->in_gnu_block)
		buf_puts(b, "#ifdef __USE_GNU\n");
	for (int i = 0; i < nt; i++) {
		if (ts[i]->base == GT_TYPEDEF && gen_typedef_known(ts[i]->tag) == 2)
			return err_set(EXIT_INPUT, "%s: its type %s is the kernel's: glibc's headers"
				       " do not include <linux/...> for it", c->w.name, ts[i]->tag);
		if (ts[i]->base == GT_TAG)
			buf_printf(b, "%s %s;\n", ts[i]->tagkw, ts[i]->tag);
	}
	buf_printf(b, "/* The Linux system call %s; see %s(2).  */\nextern ", c->w.name,
		   c->w.page[0] ? c->w.page : c->w.name);
	put_decl(b, &c->w.ret, "");
	size_t indent = strlen("extern ") + strlen(c->w.ret.text) + !str_ends(c->w.ret.text, "*");
	put_proto(b, c, 1, indent);
	buf_puts(b, " __THROW;\n");
	buf_puts(b, h->in_gnu_block ? "\n" : "#endif\n\n");
	return 0;
}

/* glibc's header of a new file: its title and the LGPL notice. */
static void put_notice(struct buf *b, const char *title)
{
	buf_printf(b, "/* %s\n   Copyright (C) %d Free Software Foundation, Inc.\n"
		   "   This file is part of the GNU C Library.\n\n"
		   "   The GNU C Library is free software; you can redistribute it and/or\n"
		   "   modify it under the terms of the GNU Lesser General Public\n"
		   "   License as published by the Free Software Foundation; either\n"
		   "   version 2.1 of the License, or (at your option) any later version.\n\n"
		   "   The GNU C Library is distributed in the hope that it will be useful,\n"
		   "   but WITHOUT ANY WARRANTY; without even the implied warranty of\n"
		   "   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU\n"
		   "   Lesser General Public License for more details.\n\n"
		   "   You should have received a copy of the GNU Lesser General Public\n"
		   "   License along with the GNU C Library; if not, see\n"
		   "   <https://www.gnu.org/licenses/>.  */\n\n", title, up_year());
}

/* The wrapper as a C file, for calls a syscalls.list line cannot pass: a
 * 64-bit argument is two registers on 32-bit ABIs (SYSCALL_LL64), aligned
 * to an even pair where the ABI wants it (__ALIGNMENT_ARG), as
 * sync_file_range.c does. */
static void put_c_file(const struct up_call *c, const struct glibc_hdr *h, struct buf *b)
{
	char title[GEN_ID_MAX + 32];
	snprintf(title, sizeof(title), "Linux %s system call.", c->w.name);
	put_notice(b, title);
	buf_printf(b, "#include <%s>\n#include <sysdep.h>\n\n", h->pub);
	put_decl(b, &c->w.ret, "");
	buf_puts(b, "\n");
	put_proto(b, c, 0, 0);
	buf_printf(b, "\n{\n  return INLINE_SYSCALL_CALL (%s", c->w.name);
	int regs = 0;
	for (int i = 0; i < c->w.np; i++) {
		char nm[GEN_ID_MAX + 8];
		param_name(c, i, 0, nm, sizeof(nm));
		if (c->w.p[i].t.ll) {
			buf_printf(b, ", %sSYSCALL_LL64 (%s)", regs % 2 ? "__ALIGNMENT_ARG " : "", nm);
			regs += 2 + regs % 2;
		} else {
			buf_printf(b, ", %s", nm);
			regs++;
		}
	}
	/* the kernel's sigset_t size after a sigset_t * (types/typing.h) */
	buf_puts(b, c->w.sigset_size ? ", _NSIG / 8);\n}\n" : ");\n}\n");
}

/* tst-NAME.c: the call with arguments the kernel refuses (-1 descriptors
 * and ids, NULL pointers, empty strings), so that it runs without effect;
 * ENOSYS (an older kernel, a seccomp filter) is UNSUPPORTED. */
static void put_test(const struct up_call *c, const struct glibc_hdr *h, struct buf *b)
{
	char title[GEN_ID_MAX + 32];
	snprintf(title, sizeof(title), "Test for %s.", c->w.name);
	put_notice(b, title);
	buf_printf(b, "#include <errno.h>\n#include <stddef.h>\n#include <%s>\n"
		   "#include <support/check.h>\n\nstatic int\ndo_test (void)\n{\n"
		   "  /* Arguments the kernel refuses: the call fails without effect.  */\n"
		   "  errno = 0;\n  long int ret = %s (", h->pub, c->w.name);
	for (int i = 0; i < c->w.np; i++) {
		const struct gen_type *t = &c->w.p[i].t;
		char code = arg_code(t);
		buf_puts(b, i ? ", " : "");
		buf_puts(b, code == 's' ? "\"\"" : t->ptr ? "NULL" : code == 'U' ? "0" : "-1");
	}
	buf_printf(b, ");\n  if (ret == -1 && errno == ENOSYS)\n"
		   "    FAIL_UNSUPPORTED (\"%s not supported by the kernel\");\n"
		   "  TEST_COMPARE (ret, -1);\n  TEST_VERIFY (errno != 0);\n  return 0;\n}\n\n"
		   "#include <support/test-driver.c>\n", c->w.name);
}

/* The syscalls.list line: "NAME EXTRA NAME i:CODES NAME", columns at
 * glibc's tab stops (16, 24, 40). */
static void put_list_line(const struct up_call *c, struct buf *b)
{
	size_t n = strlen(c->w.name);
	buf_printf(b, "%s%s\tEXTRA\t%s%s\ti:", c->w.name, n < 8 ? "\t" : "", c->w.name,
		   n < 8 ? "\t" : "");
	for (int i = 0; i < c->w.np; i++)
		buf_putc(b, arg_code(&c->w.p[i].t));
	buf_printf(b, "\t%s\n", c->w.name);
}

/* Adds "    NAME;" to the libc section's GLIBC_<ver> node of Versions,
 * making the node (before GLIBC_PRIVATE) when the series has none yet. */
static int add_version(struct up_tree *t, struct up_patch *p, const char *name, const char *ver)
{
	const char *path = LINUX "Versions";
	const char *v = up_tree_get(t, path);
	if (!v)
		return err_set(EXIT_INPUT, "%s/%s: missing", up_tree_dir(t), path);
	long libc = up_find_line(v, "libc {", 1);
	char *node = xasprintf("  GLIBC_%s {", ver);
	long at = up_find_line(v, node, 1), priv = up_find_line(v, "  GLIBC_PRIVATE {", 1);
	int rc;
	if (libc < 0 || priv < libc) {
		rc = err_set(EXIT_INPUT, "%s/%s: no libc section with GLIBC_PRIVATE",
			     up_tree_dir(t), path);
	} else if (at > libc && at < priv) {
		/* at the name's sorted place in the node (2.41's GLIBC_2.41 has
		 * sched_getattr before sched_setattr), else at its end "  }" */
		char *me = xasprintf("    %s;", name);
		const char *l = v;
		long end = 0;
		for (; *l; end++) {
			size_t len = strcspn(l, "\n");
			if (end > at && (!strncmp(l, "  }", 3) ||
					 (!strncmp(l, "    ", 4) && l[4] != ' ' &&
					  strncmp(l, me, len) > 0)))
				break;
			l += len + (l[len] == '\n');
		}
		free(me);
		char *line = xasprintf("    %s;\n", name);
		rc = up_insert(t, p, path, (size_t)end, line);
		free(line);
	} else {
		char *text = xasprintf("%s\n    %s;\n  }\n", node, name);
		rc = up_insert(t, p, path, (size_t)priv, text);
		free(text);
	}
	free(node);
	return rc;
}

/* "GLIBC_<ver> NAME F" into each port's libc.abilist whose kernel table
 * has the call, at its sorted place (the files are sorted bytewise, as
 * `make update-abi` writes them). Returns the number of ports, -1. */
static int add_abilists(struct up_tree *t, struct up_patch *p, const struct up_call *c,
			const char *ver, struct buf *none)
{
	int n = 0;
	char *line = xasprintf("GLIBC_%s %s F", ver, c->w.name);
	for (size_t i = 0; i < sizeof(ports) / sizeof(ports[0]); i++) {
		char *path = xasprintf(LINUX "%s/libc.abilist", ports[i].dir);
		const char *text = up_tree_get(t, path);
		if (text && !port_has(&ports[i], c)) {
			buf_printf(none, " %s", ports[i].dir);
		} else if (text) {
			size_t k = 0;
			for (const char *l = text; *l; k++) {
				const char *nl = strchr(l, '\n');
				size_t len = nl ? (size_t)(nl - l) : strlen(l);
				int cmp = strncmp(l, line, len < strlen(line) ? len : strlen(line));
				if (cmp > 0 || (cmp == 0 && len > strlen(line)))
					break;
				l += len + (nl != NULL);
			}
			char *ins = xasprintf("%s\n", line);
			int rc = up_insert(t, p, path, k, ins);
			free(ins);
			if (rc < 0) {
				free(path);
				free(line);
				return -1;
			}
			n++;
		}
		free(path);
	}
	free(line);
	return n;
}

/* The NEWS entry under "Major new features:" of the next version's
 * section, made (above the tree's newest) when NEWS has none. */
static int add_news(struct up_tree *t, struct up_patch *p, const struct up_call *c,
		    const char *ver)
{
	const char *news = up_tree_get(t, "NEWS");
	if (!news)
		return err_set(EXIT_INPUT, "%s/NEWS: missing", up_tree_dir(t));
	char *entry = xasprintf("* On Linux, the %s function has been added.\n\n", c->w.name);
	char *head = xasprintf("Version %s\n", ver);
	long at = up_find_line(news, head, 1);
	int rc;
	if (at < 0) {
		long first = up_find_line(news, "Version ", 1);
		char *text = xasprintf("Version %s\n\nMajor new features:\n\n%s", ver, entry);
		rc = first < 0 ? err_set(EXIT_INPUT, "%s/NEWS: no Version section", up_tree_dir(t))
			       : up_insert(t, p, "NEWS", (size_t)first, text);
		free(text);
	} else {
		/* after the section's last feature: before its next heading */
		size_t n = up_nlines(news), k = (size_t)at + 1;
		int in_features = 0;
		const char *l = news;
		for (size_t i = 0; i < k; i++)
			l = strchr(l, '\n') + 1;
		for (; k < n; k++) {
			if (!strncmp(l, "Major new features:", 19))
				in_features = 1;
			else if (in_features && *l != '*' && *l != ' ' && *l != '\n')
				break;
			l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l);
		}
		rc = up_insert(t, p, "NEWS", k, entry);
	}
	free(entry);
	free(head);
	return rc;
}

int up_glibc(struct up_tree *t, const struct up_req *r, const struct up_call *c,
	     struct up_commit *out)
{
	memset(out, 0, sizeof(*out));
	char ver[32];
	struct glibc_hdr h = {0};
	struct buf b = {0}, none = {0};
	int ll = 0, rc = 0, nports = 0;
	if (check_ports(t) < 0 || next_version(t, ver, sizeof(ver)) < 0)
		return -1;
	if (c->w.ret.ptr)
		return err_set(EXIT_INPUT, "%s: returns a pointer: a wrapper glibc would write"
			       " by hand", c->w.name);
	/* exported already (init_module: a symbol no header declares): a
	 * second list line and version would break the build */
	char *sym = xasprintf(" %s F\n", c->w.name);
	for (size_t i = 0; i < sizeof(ports) / sizeof(ports[0]) && rc == 0; i++) {
		char *path = xasprintf(LINUX "%s/libc.abilist", ports[i].dir);
		const char *text = up_tree_get(t, path);
		if (text && strstr(text, sym))
			rc = err_set(EXIT_INPUT, "%s/%s: exports %s already: it lacks a declaration"
				     " alone, which syscov upstream does not write", up_tree_dir(t),
				     path, c->w.name);
		free(path);
	}
	free(sym);
	if (rc < 0)
		return -1;
	for (int i = 0; i < c->w.np; i++)
		ll |= c->w.p[i].t.ll;
	ll |= c->w.sigset_size; /* an argument no syscalls.list line passes */
	choose_header(t, c, &h);
	struct up_patch *p = &out->p;
	char path[GEN_ID_MAX + 64];

	/* the wrapper */
	if (ll) {
		put_c_file(c, &h, &b);
		snprintf(path, sizeof(path), LINUX "%s.c", c->w.name);
		rc = up_new_file(t, p, path, b.p);
	} else {
		put_list_line(c, &b);
		const char *list = up_tree_get(t, LINUX "syscalls.list");
		rc = list ? up_insert(t, p, LINUX "syscalls.list", up_nlines(list), b.p)
			  : err_set(EXIT_INPUT, "%s/" LINUX "syscalls.list: missing", up_tree_dir(t));
	}
	/* the declaration */
	buf_free(&b);
	if (rc == 0)
		rc = put_declaration(c, &h, &b);
	if (rc == 0) {
		const char *text = up_tree_get(t, h.path);
		long at = !text ? -1
		      : h.in_gnu_block ? up_find_line(text, "#endif /* __USE_GNU", 0)
				       : up_find_line(text, "__END_DECLS", 0);
		rc = at < 0 ? err_set(EXIT_INPUT, "%s/%s: no place for the declaration",
				      up_tree_dir(t), h.path)
			    : up_insert(t, p, h.path, (size_t)at, b.p);
	}
	if (rc == 0)
		rc = add_version(t, p, c->w.name, ver);
	if (rc == 0)
		rc = nports = add_abilists(t, p, c, ver, &none);
	if (rc >= 0)
		rc = add_news(t, p, c, ver);
	/* the test, and the Makefile's lines for it (and the C file) */
	buf_free(&b);
	if (rc == 0) {
		put_test(c, &h, &b);
		snprintf(path, sizeof(path), LINUX "tst-%s.c", c->w.name);
		rc = up_new_file(t, p, path, b.p);
	}
	if (rc == 0) {
		const char *mk = up_tree_get(t, LINUX "Makefile");
		long at = mk ? up_find_line(mk, "ifeq ($(subdir),misc)", 1) : -1;
		char *text = xasprintf("%s%s%stests += tst-%s\n", ll ? "sysdep_routines += " : "",
				       ll ? c->w.name : "", ll ? "\n" : "", c->w.name);
		rc = at < 0 ? err_set(EXIT_INPUT, "%s/" LINUX "Makefile: no misc section",
				      up_tree_dir(t))
			    : up_insert(t, p, LINUX "Makefile", (size_t)at + 1, text);
		free(text);
	}
	buf_free(&b);
	if (rc < 0) {
		buf_free(&none);
		return -1;
	}
	out->subject = xasprintf("linux: Add %s", c->w.name);
	out->slug = xasprintf("linux-Add-%s", c->w.name);
	buf_printf(&b, "%s is a Linux system call", c->w.name);
	if (c->nr_x86_64 >= 0)
		buf_printf(&b, " (%lld on x86_64)", c->nr_x86_64);
	if (r->libc_version)
		buf_printf(&b, " that glibc %s does not wrap", r->libc_version);
	else
		buf_puts(&b, " that glibc does not wrap");
	buf_puts(&b, ". This adds\n");
	buf_printf(&b, "its wrapper as %s, declared in <%s> under __USE_GNU\n(%s),\n"
		   "exported as GLIBC_%s on the %d ABI%s whose kernel syscall table has it,\n"
		   "with a NEWS entry and a test that accepts ENOSYS.\n",
		   ll ? "a C file (a 64-bit argument: two registers on 32-bit ABIs)"
		      : "a syscalls.list entry", h.pub, h.why, ver, nports, PLURAL(nports));
	if (none.len)
		buf_printf(&b, "\nNot exported where the kernel has no such call:%s.\n", none.p);
	buf_printf(&b, "\nThe prototype is from the %s (%s%s%s); the ABIs are %s's tables.\n",
		   gen_src_names[c->w.src], c->w.src == GEN_SRC_MAN ? "man page " : "",
		   c->w.src == GEN_SRC_MAN ? c->w.page : "",
		   c->w.src == GEN_SRC_MAN ? "(2)" : "", r->kernel ? r->kernel : "the kernel tree");
	buf_puts(&b, "Generated by syscov upstream.\n");
	out->body = buf_steal(&b);
	buf_free(&none);
	return 0;
}
