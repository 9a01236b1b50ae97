/* fuzz_kpp.c: This file contains the fuzz target of kpp (src/kernel/kpp.c), the
 * kernel header preprocessor: the input is header a.h, which the main file
 * includes and which may include itself, b.h (the same bytes, NULs and all,
 * through the reader and its cache) or gen.h (in memory), with the
 * __SYSCALL hook on; then every macro defined at the end goes through
 * kpp_value(). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kernel/kpp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct input {
	const uint8_t *data;
	size_t size;
};

static int read_input(void *arg, const char *path, struct buf *out)
{
	const struct input *in = arg;
	if (strcmp(path, "/fuzz/a.h") && strcmp(path, "/fuzz/b.h"))
		return 1;
	buf_add(out, in->data, in->size);
	return 0;
}

static void on_hook(void *arg, long long nr, const char *entry)
{
	*(unsigned long long *)arg += (unsigned long long)nr + strlen(entry);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct kpp_vfile gen[] = {{"gen.h", "#define GEN(x) x + 1\n"}};
	struct strv dirs = {0};
	strv_push(&dirs, "/fuzz");
	struct input in = {data, size};
	unsigned long long sum = 0;
	struct kpp_opts o = {.dirs = &dirs, .vfiles = gen, .nvfiles = 1,
			     .predefs = "__CHAR_BIT__=8 __SIZEOF_LONG__=8 _MIPS_SIM=_ABI64 _ABI64=3",
			     .read = read_input, .read_arg = &in, .hook = "__SYSCALL",
			     .on_hook = on_hook, .hook_arg = &sum};
	struct kpp *p = kpp_new(&o);
	kpp_run(p, "#include <a.h>\n");
	for (size_t i = 0; i < kpp_macro_count(p); i++) {
		const char *file, *name = kpp_macro(p, i, &file);
		long long v;
		if (name && kpp_value(p, name, &v))
			sum += (unsigned long long)v;
	}
	kpp_free(p);
	strv_free(&dirs);
	err_clear();
	return sum == 42; /* keeps the values alive */
}
