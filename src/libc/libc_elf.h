/* libc_elf.h: This file contains the part of the libc ELF scanner
 * (libc_elf.c) that stands alone: the reader of GNU ld scripts, which
 * libc.so often is on glibc systems. The scanner entry point itself is
 * libc_scan_elf() in scan.h. */
#ifndef SYSCOV_LIBC_ELF_H
#define SYSCOV_LIBC_ELF_H

/* Walks a GNU ld script (text is modified: comments are blanked) and calls
 * file(arg, word) for every entry of its GROUP / INPUT / AS_NEEDED lists,
 * in order; every other command is skipped. A callback result < 0 stops the
 * walk. Returns the number of GROUP/INPUT commands seen, or -1 (unbalanced
 * parentheses: err_set() naming `rel`, EXIT_INPUT; or the callback's error). */
int libc_script_parse(char *text, const char *rel, int (*file)(void *arg, const char *word),
		      void *arg);

#endif
