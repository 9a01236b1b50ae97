/* emit.c: test helper for the trap primitives (tests/trap.cmake).
 *
 *   emit list        one line per ABI with a trap: name, gnu triplet, clang
 *                    triple, qemu suffix ("-" if none), multiarch dir, the
 *                    arch/ file of its primitives
 *   emit header      every ABI's primitives block (arch_trap_emit), as one
 *                    header that any target compiler can include
 *   emit direct DIR  the same blocks, each with `#include "DIR/<file>"` in
 *                    place of its primitives' text: the compiler reads the
 *                    arch/ files themselves, and names their lines
 *   emit common      what gen emits once after the blocks
 *                    (arch_trap_emit_common)
 *
 * It uses the registry and arch_trap_emit() themselves, so the tests compile
 * exactly the text the generator emits (tests/trap/text.sh checks that it is
 * the arch/ files' text). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/arch_trap.h"
#include "base/util.h"

/* The arch/ file whose text t's primitives are. */
static const char *file_of(const struct arch_trap *t)
{
	for (unsigned i = 0; i < trap_nfiles; i++)
		if (trap_files[i].text == t->primitives)
			return trap_files[i].name;
	fprintf(stderr, "emit: primitives not from any arch/trap_*.h\n");
	exit(1);
}

int main(int argc, char **argv)
{
	struct buf b = {0};

	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (unsigned i = 0; i < arch_count; i++) {
			const struct arch_desc *a = arch_all[i];
			if (a->trap)
				printf("%s %s %s %s %s %s\n", a->name, a->gnu_triplet, a->clang_triple,
				       a->qemu ? a->qemu : "-", a->multiarch, file_of(a->trap));
		}
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "common"))
		arch_trap_emit_common(&b);
	else if ((argc == 2 && !strcmp(argv[1], "header")) || (argc == 3 && !strcmp(argv[1], "direct"))) {
		buf_puts(&b, "/* Trap primitives of every ABI, emitted by tests/trap/emit. */\n");
		for (unsigned i = 0; i < arch_count; i++) {
			const struct arch_trap *t = arch_all[i]->trap;
			struct buf blk = {0};
			arch_trap_emit(&blk, arch_all[i]);
			const char *p = argc == 3 && t ? strstr(blk.p, t->primitives) : NULL;
			if (p) {
				buf_printf(&b, "%.*s#include \"%s/%s\"\n%s", (int)(p - blk.p), blk.p, argv[2],
					   file_of(t), p + strlen(t->primitives));
			} else if (blk.p) {
				buf_puts(&b, blk.p);
			}
			buf_free(&blk);
		}
	} else {
		fprintf(stderr, "usage: emit list|header|direct DIR|common\n");
		return 2;
	}
	fputs(b.p, stdout);
	buf_free(&b);
	return fflush(stdout) ? 1 : 0;
}
