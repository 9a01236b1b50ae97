#!/bin/sh
# extract.sh DIR: extracts the files of Debian's linux-source-6.1 that the
# kernel-table scan reads (tables, uapi asm headers, the generic table,
# Makefile), the syscall prototypes (syscalls.h, the ports' syscalls*.h and
# kernel/sys*.[ch]), every *.c, *.h and *.S outside tools/ and Documentation/
# (read for COND_SYSCALL()s and definitions: ~1.2 GB, ~10-25 s, the whole
# tarball being decompressed either way), and a .tbl that is not a syscall
# table (atomics.tbl), into
# DIR/linux-source-6.1, once: DIR/.done holds the list it was made from, so
# a changed list extracts again. Exit 77 without the tarball.
set -eu
dir=$1 tar=/usr/src/linux-source-6.1.tar.xz
files='linux-source-6.1/arch/*/syscall*.tbl
linux-source-6.1/arch/*/include/uapi/asm/unistd*.h
linux-source-6.1/arch/*/include/uapi/asm/bitsperlong.h
linux-source-6.1/include/uapi/asm-generic/*
linux-source-6.1/scripts/atomic/atomics.tbl
linux-source-6.1/include/linux/syscalls.h
linux-source-6.1/include/asm-generic/syscalls.h
linux-source-6.1/arch/*/include/asm/syscalls*.h
linux-source-6.1/arch/*/kernel/sys*.[ch]
linux-source-6.1/Makefile
linux-source-6.1/*.[chS]'
[ -f "$dir/.done" ] && [ "$(cat "$dir/.done")" = "$files" ] && exit 0
[ -f "$tar" ] || { echo "SKIP: $tar missing"; exit 77; }
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
# shellcheck disable=SC2086 # the list is split on newlines, not expanded
(IFS='
' && set -f && tar -xf "$tar" -C "$dir.tmp" --wildcards \
	--exclude='linux-source-6.1/tools' --exclude='linux-source-6.1/Documentation' $files)
rm -rf "$dir" && mv "$dir.tmp" "$dir" && printf '%s\n' "$files" >"$dir/.done"
