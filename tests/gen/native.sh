#!/bin/sh
# The host audit's missing set compiles (gcc and clang as C11 with -Wall
# -Wextra -Werror -pedantic, g++ as C++11), and the safe wrappers run
# natively with the results and errno of libc's syscall() (native.c).
. "$SRCDIR/tests/lib.sh"
export SYSCOV_DB=$T/db
cd "$T"
"$SYSCOV" audit / -q >/dev/null 2>"$T/audit.err" || [ $? -eq 1 ] ||
	fail "audit: $(cat "$T/audit.err")"
H=$(ls "$T"/reports/*/syscov_wrappers.h | head -1)
[ -f "$H" ] || fail "audit wrote no syscov_wrappers.h"
ok
# the header holds exactly the missing set of the scan
want=$(sqlite3 "$T/db" "SELECT count(*) FROM verdict WHERE class='missing' AND scan_id=(SELECT min(id) FROM scan WHERE kind <> 'kernel-tree')")
got=$(grep -c '^static inline long syscov_sys_' "$H")
expect_eq "wrappers in the header = missing verdicts" "$want" "$got"
# the README's main command reads the kernel source the sysroot holds
# (Debian's linux-source-6.1 tarball, in place): every wrapper typed, and
# lookup_dcookie's COND_SYSCALL() in kernel/sys_ni.c makes it obsolete
tarball=$(ls /usr/src/linux-source-*.tar.* 2>/dev/null | sort -V | tail -1)
if [ -n "$tarball" ]; then
	expect_eq "kernel tree read" "$tarball" \
		"$(sqlite3 "$T/db" "SELECT sysroot FROM scan WHERE kind = 'kernel-tree'")"
	expect_eq "untyped wrappers" 0 "$(grep -c '^#define SYSCOV_UNTYPED_' "$H")"
	expect_eq "lookup_dcookie" obsolete "$(sqlite3 "$T/db" "SELECT class FROM verdict WHERE
		name = 'lookup_dcookie' AND scan_id = (SELECT min(id) FROM scan WHERE kind <> 'kernel-tree')")"
fi
printf '#include "%s"\nint main(void) { return 0; }\n' "$H" >use.c
CF="-Wall -Wextra -Werror -pedantic"
gcc -std=c11 $CF -c use.c -o use.o 2>err || fail "gcc: $(head -20 err)"
ok
if command -v clang >/dev/null; then
	clang -std=c11 $CF -c use.c -o use.o 2>err || fail "clang: $(head -20 err)"
	ok
else
	echo "skip clang: not installed"
fi
g++ -std=c++11 -x c++ -fsyntax-only $CF use.c 2>err || fail "g++: $(head -20 err)"
ok
# every syscall of the table, too: the widest test of the type grammar
"$SYSCOV" gen --all -q -o all.h || fail "gen --all"
printf '#include "all.h"\nint main(void) { return 0; }\n' >all.c
gcc -std=c11 $CF -c all.c -o all.o 2>err || fail "gcc --all: $(head -20 err)"
g++ -std=c++11 -x c++ -fsyntax-only $CF all.c 2>err || fail "g++ --all: $(head -20 err)"
ok
# the safe calls, run
"$SYSCOV" gen -q --only kcmp,ioprio_get,gettid,getppid,pidfd_open,pidfd_send_signal -o wrappers.h ||
	fail "gen --only"
for opt in -O0 -O2; do
	gcc -std=c11 $CF $opt -I. "$SRCDIR/tests/gen/native.c" -o native 2>err || fail "native.c $opt: $(cat err)"
	./native >out 2>&1 || fail "native run $opt: $(grep FAIL out)"
	n=$(sed -n 's/^\([0-9]*\) checks, 0 failed$/\1/p' out)
	expect_eq "native checks $opt" 16 "$n"
done
# musl's missing set, with musl-gcc (its include dir has no asm/ or
# linux/), run with the results of musl's syscall()
if command -v musl-gcc >/dev/null && [ -d /usr/include/x86_64-linux-musl ]; then
	"$SYSCOV" audit / --include /usr/include/x86_64-linux-musl --libdir /usr/lib/x86_64-linux-musl \
		--db musl.db -o musl -q >/dev/null || [ $? -eq 1 ] || fail "musl audit"
	M=musl/x86_64-linux-musl/syscov_wrappers.h
	printf '#include "%s"\nint main(void) { return 0; }\n' "$M" >musl.c
	musl-gcc -std=c11 $CF -c musl.c -o musl.o 2>err || fail "musl-gcc: $(head -5 err)"
	ok
	"$SYSCOV" gen --db musl.db -q --only kcmp,ioprio_get,gettid,getppid,pidfd_open,pidfd_send_signal \
		-o musl/wrappers.h || fail "gen --only, musl"
	musl-gcc -std=c11 $CF -O2 -Imusl "$SRCDIR/tests/gen/native.c" -o native-musl 2>err ||
		fail "native.c, musl-gcc: $(head -5 err)"
	./native-musl >out 2>&1 || fail "native run, musl: $(grep FAIL out)"
	expect_eq "native checks, musl" 16 "$(sed -n 's/^\([0-9]*\) checks, 0 failed$/\1/p' out)"
else
	echo "skip musl: no musl-gcc"
fi
# what the header says about its types agrees with the wrapper table
for s in man override untyped; do
	n=$(sqlite3 "$T/db" "SELECT count(*) FROM wrapper w JOIN verdict v USING (scan_id, name) WHERE v.class='missing' AND w.source='$s' AND w.scan_id=(SELECT min(id) FROM scan WHERE kind <> 'kernel-tree')")
	echo "figures: missing set wrappers typed from $s: $n"
done
done_ok
