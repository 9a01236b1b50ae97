/* man_typing.h: This file contains the hand-over of the man pages'
 * prototypes from the man scanner to the header scanner (man_proto.c): the
 * header scanner's TU carries the batch of prototypes, so that the headers
 * are parsed once per scan. */
#ifndef SYSCOV_MAN_TYPING_H
#define SYSCOV_MAN_TYPING_H

#include "base/clangx.h"
#include "man/man.h"

/* Takes `pages` (malloc'ed, with their contents) into ctx->man_typing, to
 * be typed by man_proto_finish(). 0, or -1 on a DB error. */
int man_proto_defer(struct scan_ctx *ctx, struct man_info *pages, size_t npages);
/* The source lines (malloc'ed) that declare the batch's prototypes, to go
 * after the includes of a TU, starting on its line `line`; NULL when there
 * is nothing to type. */
char *man_proto_trailer(struct man_typer *t, int line);
/* Types the batch from the parsed TU `tu_name` that carries the last
 * man_proto_trailer(); `unclean` names its includes that were dropped or
 * in error (a page including one is tried again alone). */
int man_proto_batch(struct man_typer *t, CXTranslationUnit tu, const char *tu_name,
		    const struct strv *unclean);
/* Types what is left (the batch in a TU of its own if no header TU carried
 * it, then each page with a failure alone), writes the man_proto and
 * man_param rows, and frees ctx->man_typing. */
int man_proto_finish(struct scan_ctx *ctx);
/* Frees ctx->man_typing untyped (a failed scan). */
void man_proto_drop(struct scan_ctx *ctx);

#endif
