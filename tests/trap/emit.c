/* emit.c: test helper for the trap primitives (tests/trap.cmake).
 *
 *   emit list        one line per ABI with a trap: name, gnu triplet, clang
 *                    triple, qemu suffix ("-" if none), multiarch dir
 *   emit header      every ABI's primitives block (arch_trap_emit), as one
 *                    header that any target compiler can include
 *
 * It uses the registry and arch_trap_emit() themselves, so the tests compile
 * exactly the text the generator emits. */
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "arch_trap.h"
#include "util.h"

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (unsigned i = 0; i < arch_count; i++) {
			const struct arch_desc *a = arch_all[i];
			if (a->trap)
				printf("%s %s %s %s %s\n", a->name, a->gnu_triplet, a->clang_triple,
				       a->qemu ? a->qemu : "-", a->multiarch);
		}
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "header")) {
		struct buf b = {0};
		buf_puts(&b, "/* Trap primitives of every ABI, emitted by tests/trap/emit. */\n");
		for (unsigned i = 0; i < arch_count; i++)
			arch_trap_emit(&b, arch_all[i]);
		fputs(b.p, stdout);
		buf_free(&b);
		return fflush(stdout) ? 1 : 0;
	}
	fprintf(stderr, "usage: emit list|header\n");
	return 2;
}
