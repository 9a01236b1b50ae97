#!/bin/sh
# sig.sh: the signature precedence and its two rules (src/types/typing.c,
# docs/gen.md) on a sysroot built at test time: the host's libc6-dev and
# linux-libc-dev headers (by their dpkg lists, so that a header beside them
# is another library's), its libc.so.6, get_mempolicy(2) only, and a
# fixture neighbour header (installed as liburing.h, a name
# data/headers.list lists) declaring
#  - get_mempolicy(..., unsigned flags): the man page's `unsigned long`
#    wins, the 32 against 64 bits are drift;
#  - rt_sigprocmask(how, const sigset_t *, sigset_t *): no man page, so the
#    wrapper takes it (source library); the kernel takes a fourth argument,
#    the size of its sigset_t, which the wrapper passes (rule b);
#  - io_uring_register(..., const void *arg): io_uring_register(2) (the
#    data/user_protos.tsv row) says void *, the wrapper takes const (rule a);
#  - io_destroy(io_context_t), a typedef of the fixture's own, and a
#    variadic keyctl(int, ...): not taken, said in the evidence, typed from
#    the kernel.
# With linux-source-6.1's prototypes (the tarball, cached in the build dir).
# A client (sig.c) compiled with gcc, clang and g++ -Werror runs natively,
# and for mipsel (_NSIG 128: 16 bytes, which qemu-mipsel checks) under qemu.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/gen/devroot.sh"
K=/usr/src/linux-source-6.1.tar.xz
[ -f "$K" ] || { echo "SKIP: no $K"; exit 77; }
M=/usr/share/man/man2/get_mempolicy.2.gz
[ -f $M ] || { echo "SKIP: no $M"; exit 77; }
R=$T/root
devroot "$R" get_mempolicy.2.gz
L=$R/usr/include/liburing.h
cat >"$L" <<'H'
#include <signal.h>
typedef struct fix_ctx *io_context_t;
long get_mempolicy(int *mode, unsigned long *nmask, unsigned long maxnode, void *addr, unsigned flags);
int rt_sigprocmask(int how, const sigset_t *set, sigset_t *oldset);
int io_uring_register(unsigned int fd, unsigned int opcode, const void *arg, unsigned int nr_args);
int io_destroy(io_context_t ctx);
long keyctl(int cmd, ...);
H
export SYSCOV_DB=$T/db
cd "$T"
"$SYSCOV" scan -q "$R" 2>err || fail "scan: $(cat err)"
"$SYSCOV" scan -q --kernel-src $K 2>err || fail "scan $K: $(cat err)"
mips=/usr/mipsel-linux-gnu
[ -d $mips/include ] && { "$SYSCOV" scan -q --no-man $mips 2>err || fail "scan $mips: $(cat err)"; }
"$SYSCOV" classify -q 2>err || fail "classify: $(cat err)"
N=get_mempolicy,rt_sigprocmask,io_uring_register,io_destroy,keyctl
"$SYSCOV" gen -q --only $N -o wrappers.h 2>err || fail "gen: $(cat err)"
q() { sqlite3 "$T/db" "$1"; }
# the evidence of the drift of the root's scan (its id: the first)
ev() { q "SELECT json_extract(e.value, '\$.fact') FROM verdict v, json_each(v.evidence) e
	WHERE v.scan_id = 1 AND v.name = '$1' AND json_extract(e.value, '\$.source') = 'man'"; }
line() { grep -n "$1(" "$L" | cut -d: -f1; }

# precedence: the man page, then the neighbour, then the kernel
expect_eq "get_mempolicy's source" man "$(q "SELECT source FROM wrapper WHERE scan_id = 1 AND name = 'get_mempolicy'")"
expect_eq "rt_sigprocmask's source" library "$(q "SELECT source FROM wrapper WHERE scan_id = 1 AND name = 'rt_sigprocmask'")"
for n in io_destroy keyctl; do
	expect_eq "$n's source" kernel "$(q "SELECT source FROM wrapper WHERE scan_id = 1 AND name = '$n'")"
done
grep -q "^/\* rt_sigprocmask: types from the declaration in /usr/include/liburing.h, line $(line rt_sigprocmask)" \
	wrappers.h || fail "rt_sigprocmask: $(grep '^/\* rt_sigprocmask' wrappers.h)"
# drift: get_mempolicy(2) says unsigned long flags (its SYNOPSIS)
zcat $M | grep -q 'unsigned long " flags );' || fail "get_mempolicy(2) changed"
ev get_mempolicy | grep -q "get_mempolicy(2) against /usr/include/liburing.h: parameter 5 'unsigned long' against 'unsigned int' (64 against 32 bits)" ||
	fail "get_mempolicy's drift: $(ev get_mempolicy)"
ev io_destroy | grep -q "/usr/include/liburing.h (line $(line io_destroy)): int io_destroy(io_context_t ctx) (not taken: it uses a typedef of its library's own" ||
	fail "io_destroy's evidence: $(ev io_destroy)"
ev keyctl | grep -q "long keyctl(int cmd, ...) (not taken: it is variadic" || fail "keyctl's evidence: $(ev keyctl)"
"$SYSCOV" show keyctl >show.out 2>&1 || fail "show keyctl exited $?"
grep -q "man: .*not taken: it is variadic" show.out || fail "syscov show keyctl: no drift"
ok
# rule (a): const from the fixture's declaration; rule (b): the size
grep -q "syscov_io_uring_register(unsigned int fd, unsigned int opcode, const void \*arg, unsigned int nr_args)" \
	wrappers.h || fail "io_uring_register: $(grep 'syscov_io_uring_register(' wrappers.h)"
grep -q "syscov_rt_sigprocmask(int how, const sigset_t \*set, sigset_t \*oldset)" wrappers.h ||
	fail "rt_sigprocmask: $(grep 'syscov_rt_sigprocmask(' wrappers.h)"
grep -q "__syscov_sys4(__NR_rt_sigprocmask, .*__SYSCOV_ARG(__SYSCOV_KSIGSET_BYTES))" wrappers.h ||
	fail "rt_sigprocmask does not pass the size: $(grep '__NR_rt_sigprocmask,' wrappers.h)"
ok

# a row of data/user_protos.tsv with a typedef no system header declares
# (it would need the library's header) is a one-line error naming the row
mkdir data
cp "$SRCDIR"/data/*.tsv "$SRCDIR"/data/*.list data/
printf 'io_uring_setup\tman\tint\tio_context_t c\tx\n' >>data/user_protos.tsv
SYSCOV_DATA_DIR=$T/data expect_rc 3 "$SYSCOV" gen --only io_uring_setup -o bad.h
expect_err "user_protos.tsv:$(wc -l <data/user_protos.tsv): a typedef no known system header declares"
[ ! -e bad.h ] || fail "a header was written despite the bad row"

CF="-Wall -Wextra -Werror -O2 -I$T"
gcc -std=c11 -D_GNU_SOURCE $CF "$SRCDIR/tests/gen/sig.c" -o sig-gcc 2>err || fail "gcc: $(head -20 err)"
./sig-gcc >out || fail "x86_64: $(cat out)"
clang -std=c11 -D_GNU_SOURCE $CF -fsyntax-only "$SRCDIR/tests/gen/sig.c" 2>err || fail "clang: $(head -20 err)"
g++ -x c++ $CF -fsyntax-only "$SRCDIR/tests/gen/sig.c" 2>err || fail "g++: $(head -20 err)"
ok
if [ -d $mips/include ] && command -v mipsel-linux-gnu-gcc >/dev/null && command -v qemu-mipsel >/dev/null; then
	grep -q '^#define __SYSCOV_KSIGSET_BYTES 16' wrappers.h || fail "no mipsel block with 16 bytes"
	mipsel-linux-gnu-gcc -std=c11 -D_GNU_SOURCE $CF -static "$SRCDIR/tests/gen/sig.c" -o sig-mipsel 2>err ||
		fail "mipsel-linux-gnu-gcc: $(head -20 err)"
	qemu-mipsel ./sig-mipsel >out || fail "mipsel: $(cat out)"
	ok
	echo "mipsel: the sigset size ran under qemu-mipsel"
else
	echo "mipsel: skipped (no $mips, mipsel-linux-gnu-gcc or qemu-mipsel)"
fi
done_ok
