#!/bin/sh
# syscov upstream against musl 1.2.3's source (Debian 12's; SKIP when the
# mirror cannot be reached): the series for finit_module, kcmp and
# ioprio_set applies without fuzz, musl builds with it (./configure; make
# lib/libc.a), and a program calling the three links against that libc.a
# and runs: each returns -1 with the kernel's errno for its invalid
# arguments (ENOSYS too: a container's seccomp filter refuses
# finit_module so), on x86_64; then on aarch64 under qemu when
# aarch64-linux-gnu-gcc and qemu-aarch64 are installed.
libc=musl
. "$SRCDIR/tests/upstream/common.sh"
M=$SRC
"$SYSCOV" upstream -q finit_module kcmp ioprio_set --libc musl --source "$M" -o out ||
	fail "upstream"
cat >use.c <<'C'
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	int bad = 0;
	errno = 0;
	int r = finit_module(-1, "", -1);
	printf("finit_module %d %d\n", r, errno);
	bad |= r != -1 || !errno;
	errno = 0;
	r = kcmp(-1, -1, -1, 0, 0);
	printf("kcmp %d %d\n", r, errno);
	bad |= r != -1 || !errno;
	errno = 0;
	r = ioprio_set(-1, -1, -1);
	printf("ioprio_set %d %d\n", r, errno);
	bad |= r != -1 || !errno;
	return bad;
}
C
build() { # build DIR [configure args]: musl with the series, into DIR
	d=$1; shift
	cp -r "$M" "$d"
	for p in out/*.patch; do
		(cd "$d" && patch -p1 --fuzz=0 -s <"../$p") || fail "$p does not apply"
	done
	(cd "$d" && ./configure -q "$@" >/dev/null && make -j2 lib/libc.a >/dev/null 2>build.log) ||
		fail "$d: musl does not build: $(tail -n3 "$d/build.log")"
}
# a static program against the built libc.a: musl's crt, headers, libc.a
link() { # link DIR CC OUT
	$2 -static -nostdinc -nostdlib -isystem "$1/include" -isystem "$1/obj/include" \
		-isystem "$1/arch/$4" -isystem "$1/arch/generic" "$1/lib/crt1.o" use.c \
		"$1/lib/libc.a" -lgcc -o "$3" 2>link.log || fail "$3 does not link: $(head -3 link.log)"
}
build mx
(cd mx && make -s lib/crt1.o >/dev/null) || fail "crt1.o"
link mx gcc use-x86_64 x86_64
./use-x86_64 || fail "x86_64 run: $(./use-x86_64)"
ok
if command -v aarch64-linux-gnu-gcc >/dev/null && command -v qemu-aarch64 >/dev/null; then
	build ma --target=aarch64-linux-gnu CROSS_COMPILE=aarch64-linux-gnu-
	(cd ma && make -s lib/crt1.o >/dev/null) || fail "aarch64 crt1.o"
	link ma aarch64-linux-gnu-gcc use-aarch64 aarch64
	qemu-aarch64 ./use-aarch64 || fail "aarch64 run"
	ok
else
	echo "aarch64: no aarch64-linux-gnu-gcc or qemu-aarch64: not run"
fi
