#!/bin/sh
# extract.sh DIR: extracts the files of Debian's linux-source-6.1 that the
# kernel-table scan reads (tables, uapi asm headers, the generic table,
# Makefile), and a .tbl that is not a syscall table (atomics.tbl), into
# DIR/linux-source-6.1, once. Exit 77 without the tarball.
set -eu
dir=$1 tar=/usr/src/linux-source-6.1.tar.xz
[ -f "$dir/.done" ] && exit 0
[ -f "$tar" ] || { echo "SKIP: $tar missing"; exit 77; }
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
tar -xf "$tar" -C "$dir.tmp" --wildcards \
	'linux-source-6.1/arch/*/syscall*.tbl' \
	'linux-source-6.1/arch/*/include/uapi/asm/unistd*.h' \
	'linux-source-6.1/arch/*/include/uapi/asm/bitsperlong.h' \
	'linux-source-6.1/include/uapi/asm-generic/*' \
	'linux-source-6.1/scripts/atomic/atomics.tbl' \
	'linux-source-6.1/Makefile'
rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir/.done"
