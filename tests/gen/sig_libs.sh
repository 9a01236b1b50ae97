#!/bin/sh
# sig_libs.sh: the signature sources with Debian 12's -dev packages of
# libnuma, libaio, keyutils, libcap and liburing in a sysroot of the host's
# libc (tests/gen/devroot.sh, every man2 page) and linux-source-6.1's
# prototypes (src/types/typing.c, docs/gen.md). Fetches the packages
# (scripts/debian-fetch.sh, cached in the build dir; SKIP, exit 77, when the
# mirror cannot be reached) and checks each drift row against the headers'
# text: which syscalls drift, the declaration named with its header and
# line, the declarations not taken and why, and the wrappers' types.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/gen/devroot.sh"
K=/usr/src/linux-source-6.1.tar.xz
[ -f "$K" ] || { echo "SKIP: no $K"; exit 77; }
R=$T/root
devroot "$R"
libdevs "$R"
I=$R/usr/include
export SYSCOV_DB=$T/db
cd "$T"
"$SYSCOV" scan -q "$R" 2>err || fail "scan: $(cat err)"
"$SYSCOV" scan -q --kernel-src $K 2>err || fail "scan $K: $(cat err)"
"$SYSCOV" classify -q 2>err || fail "classify: $(cat err)"
"$SYSCOV" gen -q --scan 1 -o w.h 2>err || fail "gen: $(cat err)"
q() { sqlite3 "$T/db" "$1"; }
ev() { q "SELECT json_extract(e.value, '\$.fact') FROM verdict v, json_each(v.evidence) e
	WHERE v.scan_id = 1 AND v.name = '$1' AND json_extract(e.value, '\$.source') = 'man'"; }
# has NAME TEXT: NAME's drift evidence holds TEXT
has() { ev "$1" | grep -qF -- "$2" || fail "$1: no '$2' in: $(ev "$1")"; }
line() { grep -n "$2" "$I/$1" | head -1 | cut -d: -f1; }

drift=$(q "SELECT group_concat(name, ' ') FROM (SELECT name FROM verdict WHERE scan_id = 1 AND
	',' || flags || ',' LIKE '%,signature-drift,%' AND class = 'missing' ORDER BY name)")
echo "drift (man, library headers, kernel): $drift"
expect_eq "the drift" "futex get_mempolicy io_cancel io_destroy io_getevents io_pgetevents io_setup io_submit io_uring_enter io_uring_register keyctl mbind move_pages" "$drift"

# libnuma: get_mempolicy's flags are unsigned (32 bits), the page's and the
# kernel's unsigned long; mbind's mode int, the kernel's unsigned long
grep -q 'void \*addr, unsigned flags);' "$I/numaif.h" || fail "numaif.h: get_mempolicy changed"
has get_mempolicy "/usr/include/numaif.h (line $(line numaif.h get_mempolicy)): long get_mempolicy(int *mode, unsigned long *nmask, unsigned long maxnode, void *addr, unsigned int flags)"
has get_mempolicy "get_mempolicy(2) against /usr/include/numaif.h: parameter 5 'unsigned long' against 'unsigned int' (64 against 32 bits)"
has mbind "/usr/include/numaif.h against the kernel's sys_mbind(): parameter 1 'void *' against 'unsigned long', parameter 3 'int' against 'unsigned long' (32 against 64 bits)"
grep -q 'void \*\*pages, const int \*nodes' "$I/numaif.h" || fail "numaif.h: move_pages changed"
has move_pages "/usr/include/numaif.h against the kernel's sys_move_pages(): parameter 3 'void **' against 'const void **'"
# libaio: io_context_t is a pointer typedef of its own: not taken
grep -q '^typedef struct io_context \*io_context_t;' "$I/libaio.h" || fail "libaio.h: io_context_t changed"
for n in io_setup io_destroy io_submit io_cancel io_getevents io_pgetevents; do
	has $n "/usr/include/libaio.h (line $(line libaio.h " $n(")): "
	has $n "(not taken: it uses a typedef of its library's own"
done
has io_destroy "io_destroy(2) against /usr/include/libaio.h: parameter 1 'unsigned long' against 'struct io_context *'"
# keyutils: keyctl(int, ...)
grep -q '^extern long keyctl(int cmd, \.\.\.);' "$I/keyutils.h" || fail "keyutils.h: keyctl changed"
has keyctl "/usr/include/keyutils.h (line $(line keyutils.h 'long keyctl(')): long keyctl(int cmd, ...) (not taken: it is variadic"
has keyctl "keyctl(2) against /usr/include/keyutils.h: 5 parameters against 1 and a variable list"
# liburing: 5 parameters to the kernel's 6; const void *arg
grep -q 'unsigned int flags, sigset_t \*sig);' "$I/liburing.h" || fail "liburing.h: io_uring_enter changed"
has io_uring_enter "/usr/include/liburing.h against the kernel's sys_io_uring_enter(): 5 parameters against 6"
has io_uring_enter "passes the kernel's sigset_t size as its last argument"
grep -q 'unsigned int opcode, const void \*arg,' "$I/liburing.h" || fail "liburing.h: io_uring_register changed"
has io_uring_register "/usr/include/liburing.h against the kernel's sys_io_uring_register(): parameter 3 'const void *' against 'void *'"
grep -q 'syscov_io_uring_register(unsigned int fd, unsigned int opcode, const void \*arg, unsigned int nr_args)' w.h ||
	fail "io_uring_register: $(grep 'syscov_io_uring_register(' w.h)"
grep -q '__SYSCOV_PTR(sig), __SYSCOV_ARG(__SYSCOV_KSIGSET_BYTES));' w.h || fail "io_uring_enter passes no size"
# the evidence is what `syscov show` says
"$SYSCOV" show keyctl >show.out 2>&1 || fail "show keyctl exited $?"
grep -q "^    man: keyctl(2): long keyctl(int operation" show.out || fail "syscov show keyctl: $(grep man: show.out)"
ok
done_ok
