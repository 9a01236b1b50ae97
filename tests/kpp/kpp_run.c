/* kpp_run.c: This file contains the test driver of kpp (src/kernel/kpp.c):
 *   kpp_run arches           every arch descriptor: name, clang triple, GNU
 *                            triplet, cpp_predefs
 *   kpp_run eval DIR FILE [PREDEFS]
 *                            preprocesses <FILE> found in DIR, then prints
 *                            "NAME VALUE" for every object-like macro named
 *                            R_* defined at the end ("NAME ?" if it is not an
 *                            integer constant) and "E NR ENTRY" for every
 *                            __SYSCALL(NR, ENTRY) of a live text line.
 * Errors go to stderr as syscov prints them, exit 1. A test program: it
 * reads the files it is given directly. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch/arch.h"
#include "kernel/kpp.h"

static int read_file(void *arg, const char *path, struct buf *out)
{
	(void)arg;
	struct stat st;
	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return 1;
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return err_set(EXIT_INPUT, "%s: cannot open", path);
	int rc = read_fd_all(fd, path, 16 << 20, out);
	close(fd);
	return rc;
}

static void on_hook(void *arg, long long nr, const char *entry)
{
	(void)arg;
	printf("E %lld %s\n", nr, entry);
}

static int eval(const char *dir, const char *file, const char *predefs)
{
	struct strv dirs = {0};
	strv_push(&dirs, dir);
	struct kpp_opts o = {.dirs = &dirs, .predefs = predefs, .read = read_file,
			     .hook = "__SYSCALL", .on_hook = on_hook};
	struct kpp *p = kpp_new(&o);
	char *main_text = xasprintf("#include <%s>\n", file);
	int rc = kpp_run(p, main_text);
	for (size_t i = 0; rc == 0 && i < kpp_macro_count(p); i++) {
		const char *f, *name = kpp_macro(p, i, &f);
		long long v;
		if (!name || !str_starts(name, "R_"))
			continue;
		if (kpp_value(p, name, &v))
			printf("%s %lld\n", name, v);
		else
			printf("%s ?\n", name);
	}
	if (rc < 0)
		fprintf(stderr, "kpp: %s\n", err_msg());
	free(main_text);
	kpp_free(p);
	strv_free(&dirs);
	return rc < 0 ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "arches")) {
		for (unsigned i = 0; i < arch_count; i++) {
			const struct arch_desc *a = arch_all[i];
			printf("%s %s %s %s\n", a->name, a->clang_triple, a->gnu_triplet,
			       a->cpp_predefs ? a->cpp_predefs : "");
		}
		return 0;
	}
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "eval"))
		return eval(argv[2], argv[3], argc == 5 ? argv[4] : NULL);
	fprintf(stderr, "usage: kpp_run arches | kpp_run eval DIR FILE [PREDEFS]\n");
	return 2;
}
