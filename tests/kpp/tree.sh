#!/bin/sh
# tree.sh: a kernel tree with one generic-table port and no descriptor
# (arch/foo: the host's asm-generic/unistd.h, no bitsperlong.h of its own,
# so ILP32 predefines and the generated one). (1) Its rows, names, numbers
# and entry points, are gcc -m32's: the __NR_* macros of -dM -E, and for each
# number the first __SYSCALL(nr, entry) of gcc -E. (2) The scan never loads
# libclang (strace: no open of libclang*.so), while a sysroot scan does.
. "$SRCDIR/tests/lib.sh"
K=$T/tree
mkdir -p "$K/arch/foo/include/uapi/asm" "$K/include/uapi/asm-generic" "$T/gen/asm"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n' >"$K/Makefile"
printf '#define __ARCH_WANT_RENAMEAT\n#define __ARCH_WANT_NEW_STAT\n#include <asm-generic/unistd.h>\n' \
	>"$K/arch/foo/include/uapi/asm/unistd.h"
cp /usr/include/asm-generic/unistd.h /usr/include/asm-generic/bitsperlong.h "$K/include/uapi/asm-generic/"
echo '#include <asm-generic/bitsperlong.h>' >"$T/gen/asm/bitsperlong.h"
CC="gcc -m32 -nostdinc -I$K/arch/foo/include/uapi -I$K/include/uapi -I$T/gen"

scan() { "$SYSCOV" scan --kernel-src "$K" --db "$T/db" -q; }
if command -v strace >/dev/null; then
	# LeakSanitizer cannot run under ptrace: the ASan build checks leaks elsewhere
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" strace -f -qq -e trace=open,openat -o "$T/tree.log" \
		"$SYSCOV" scan --kernel-src "$K" --db "$T/db" -q
	n=$(grep -c 'libclang[^"]*\.so' "$T/tree.log" || true)
	expect_eq "kernel-tree scan: opens of libclang" 0 "$n"
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" strace -f -qq -e trace=open,openat -o "$T/sr.log" \
		"$SYSCOV" scan / --no-man --db "$T/sr.db" -q
	grep -q 'libclang[^"]*\.so' "$T/sr.log" || fail "a sysroot scan opens no libclang: the check sees nothing"
	ok
else
	echo "skip: strace not installed, libclang loads not checked"
	scan
fi

q() { sqlite3 -separator ' ' "$T/db" "$@"; }
q "SELECT '__NR_' || name, nr, coalesce(entry, '-') FROM ksyscall WHERE arch = 'foo'" | sort >"$T/syscov"
"$SRCDIR/tests/ktable/nr_gcc.sh" $CC | sort >"$T/names"
echo '#include <asm/unistd.h>' >"$T/in.c"
$CC -E -P -D'__SYSCALL(nr, e)=SYSCOV_E (nr) SYSCOV_##e;' "$T/in.c" | tr ';' '\n' |
	sed -n 's/.*SYSCOV_E \(.*\) SYSCOV_\([A-Za-z0-9_]*\).*/\1|\2/p' |
	while IFS='|' read -r expr entry; do echo "$(($expr)) $entry"; done >"$T/entries"
[ "$(wc -l <"$T/entries")" -gt 250 ] || fail "gcc shows only $(wc -l <"$T/entries") __SYSCALL"
awk 'NR == FNR { if (!($1 in e)) e[$1] = $2; next } { print $1, $2, ($2 in e) ? e[$2] : "-" }' \
	"$T/entries" "$T/names" | sort >"$T/gcc"
[ "$(wc -l <"$T/gcc")" -gt 250 ] || fail "gcc gives only $(wc -l <"$T/gcc") names"
diff -u "$T/gcc" "$T/syscov" || fail "arch/foo: syscov's rows differ from gcc -m32's (- gcc, + syscov)"
ok
expect_eq "rows from the generic table" "$(wc -l <"$T/gcc")" \
	"$(q "SELECT count(*) FROM ksyscall WHERE source = 'include/uapi/asm-generic/unistd.h'")"
done_ok
