/* flavour.h: This file contains the C libraries syscov tells apart, one
 * descriptor each, read by every stage: how the libc scanner recognises it
 * (libc_elf.c: a marker symbol or the package that ships it, besides
 * glibc's version nodes and musl's banner), how a compiler tells its
 * headers apart (gen --plain-names), and whether the man pages' notes
 * ("glibc provides no wrapper") speak of it (verdicts). A new libc is a
 * row of flavour.c. */
#ifndef SYSCOV_FLAVOUR_H
#define SYSCOV_FLAVOUR_H

struct libc_flavour {
	const char *name;    /* as scan.libc_flavour stores it: "musl" */
	const char *marker;  /* a symbol only its library defines, or NULL */
	const char *package; /* a word of the name of the dpkg package that
			      * ships it, or NULL */
	const char *cc_cond; /* a C condition true under its headers; NULL:
			      * told by its version macros (glibc) */
	int man_pages_speak; /* the man pages document this libc */
};

extern const struct libc_flavour libc_flavours[];
extern const unsigned libc_flavour_count;

/* The descriptor of name, NULL for an unknown flavour. */
const struct libc_flavour *libc_flavour_find(const char *name);

#endif
