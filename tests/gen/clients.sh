#!/bin/sh
# clients.sh: real projects' syscall call sites built against syscov's
# --plain-names header with the projects' own wrappers removed. Fetches
# (scripts/debian-fetch.sh, cached in the build dir; SKIP, exit 77, when
# Debian's mirror cannot be reached) Debian 12's sources of liburing 2.3,
# util-linux 2.38.1 and crun 1.8.1 and the -dev packages of liburing,
# libaio, libnuma, keyutils and libcap (extracted into the temp dir, never
# installed), generates one header from the host's glibc, the aarch64 cross
# sysroot and the linux-source-6.1 tree, and for x86_64 (native) and aarch64
# (static, under qemu-aarch64) builds with -Wall -Wextra -Werror:
#  - liburing: its own setup.c, register.c, queue.c and syscall.c, the
#    __sys_io_uring_setup/register/enter definitions cut out of
#    src/arch/syscall-defs.h and mapped to syscov_sys_* (both return
#    -errno; __sys_io_uring_enter2, the 6-argument form of
#    IORING_ENTER_EXT_ARG beyond io_uring_enter(2), stays liburing's), built
#    with plain -Werror (io_uring_register's const void *arg), linked with
#    clients_uring.c (<liburing.h> and compat.h from liburing-dev);
#  - util-linux: ionice with its static ioprio_get/ioprio_set cut out (the
#    plain names then are syscov's), run beside the unchanged ionice
#    (syscall()): each sets a process's I/O priority and the other reads it;
#    chrt.c (compiled) and clients_ul.c with sched_attr.h's
#    sched_getattr/sched_setattr cut out; lsfd.c (compiled) with its kcmp cut
#    out, and kcmp as lsfd calls it in clients_ul.c;
#  - crun: its syscall_* layer (clone3, fsopen, open_tree, pidfd_open,
#    pidfd_send_signal, close_range, seccomp) extracted from its sources with
#    syscall(__NR_x, ...) replaced by syscov_x(...), called by clients_crun.c;
# each client compares every call with syscall(). Prints the matrix: project
# x ABI: built, ran, calls agreed; then compiles the header of every missing
# syscall before and after each -dev package's header with gcc, clang, g++
# (x86_64) and aarch64-linux-gnu-gcc, clang --target=aarch64-linux-gnu
# (tests/gen/libheaders.sh), and prints that matrix.
. "$SRCDIR/tests/lib.sh"
export LC_ALL=C # compilers' messages as the checks below read them
sh "$SRCDIR/tests/ktable/extract.sh" "$BUILDDIR/ktable-linux-6.1" >/dev/null || exit 77
G=$SRCDIR/tests/gen
rc=0
sh "$SRCDIR/scripts/debian-fetch.sh" -c "$BUILDDIR/release-sysroots" -r bookworm -a "amd64 arm64" \
	-s "liburing util-linux crun" -b "liburing-dev libaio-dev libnuma-dev libkeyutils-dev libcap-dev" \
	>"$T/fetched" 2>"$T/fetch.err" || rc=$?
if [ $rc = 3 ]; then
	echo "SKIP: Debian's mirror cannot be reached: $(tail -1 "$T/fetch.err")"
	exit 77
fi
[ $rc = 0 ] || fail "debian-fetch.sh exited $rc: $(cat "$T/fetch.err")"
tarball() { awk -v n="$1" '$1 == "src" && $2 == n { print $3 }' "$T/fetched"; }
for a in amd64 arm64; do
	awk -v a=$a '$1 == "deb" && $3 == a { print $4 }' "$T/fetched" >"$T/debs"
	while read -r d; do dpkg-deb -x "$d" "$T/dev-$a"; done <"$T/debs"
done
cd "$T"
# only the files the clients build
tar xzf "$(tarball liburing)" --wildcards '*/src/*.[ch]' '*/src/arch/*' '*/src/include/*'
tar xJf "$(tarball util-linux)" --wildcards '*/include/*' '*/lib/strutils.c' '*/schedutils/*' \
	'*/misc-utils/lsfd*' '*/libsmartcols/src/libsmartcols.h.in'
tar xJf "$(tarball crun)" --wildcards '*/src/libcrun/linux.c' '*/src/libcrun/utils.c' \
	'*/src/libcrun/seccomp.c'
LU=$(echo "$T"/liburing-*) UL=$(echo "$T"/util-linux-*) CR=$(echo "$T"/crun-*)

# fn print|cut NAME <FILE: prints the definition of the C function NAME
# (with its type line when NAME starts the line, as in crun), or FILE
# without it
fn() {
	awk -v mode="$1" -v n="$2" '
	function flush() { if (has && mode == "cut") print held; has = 0 }
	body { if (mode == "print") print; if ($0 == "}") body = 0; next }
	$0 ~ ("^" n " ?\\(") {
		if (mode == "print") { if (has) print held; print }
		has = 0; body = 1; next
	}
	$0 ~ ("^[A-Za-z_].*[ *]" n " ?\\(") && $0 !~ /;[ \t]*$/ {
		flush(); body = 1; if (mode == "print") print; next
	}
	{ flush(); held = $0; has = 1 }
	END { flush() }'
}
# cut_fns FILE NAME...: removes the functions from FILE, checking each was there
cut_fns() {
	f=$1
	shift
	for n in "$@"; do
		fn cut "$n" <"$f" >"$f.cut"
		cmp -s "$f" "$f.cut" && fail "$f: no function $n to cut"
		mv "$f.cut" "$f"
	done
}

# liburing: its own traps on x86_64 and aarch64 (src/arch/syscall-defs.h);
# syscov's header where its io_uring wrappers were
d=$LU/src/arch/syscall-defs.h
cut_fns "$d" __sys_io_uring_setup __sys_io_uring_register __sys_io_uring_enter
expect_eq "liburing's own io_uring traps left" "__NR_io_uring_enter," \
	"$(grep -o '__NR_io_uring_[a-z]*,' "$d" | tr '\n' ' ' | sed 's/ $//')"
{
	echo '#include "syscov_wrappers.h"'
	printf '#define __sys_%s syscov_sys_%s\n' io_uring_setup io_uring_setup \
		io_uring_register io_uring_register io_uring_enter io_uring_enter
} >port.h
sed -i '/^#include <fcntl.h>/r port.h' "$d"
# util-linux: config.h as its configure writes it on glibc 2.36
printf '#define %s 1\n' HAVE_SYS_SYSCALL_H HAVE_PROGRAM_INVOCATION_SHORT_NAME HAVE_ERR_H \
	HAVE_NANOSLEEP HAVE_FSYNC HAVE_CLOSE_RANGE HAVE_SYS_SYSMACROS_H >"$UL/config.h"
echo '#define PACKAGE_STRING "util-linux 2.38.1"' >>"$UL/config.h"
sed 's/@LIBSMARTCOLS_VERSION@/2.38.1/' "$UL/libsmartcols/src/libsmartcols.h.in" >"$UL/include/libsmartcols.h"
cut_fns "$UL/misc-utils/lsfd.c" kcmp
cp "$UL/schedutils/ionice.c" "$UL/schedutils/ionice-syscov.c"
cut_fns "$UL/schedutils/ionice-syscov.c" ioprio_set ioprio_get
cut_fns "$UL/schedutils/sched_attr.h" sched_setattr sched_getattr
grep -q '^struct sched_attr {' "$UL/schedutils/sched_attr.h" || fail "sched_attr.h lost its struct"
# crun: the wrappers, calling syscov_x() where they called syscall(__NR_x)
mkdir crun
{
	for n in syscall_clone3 syscall_fsopen syscall_open_tree syscall_pidfd_open \
		syscall_pidfd_send_signal; do fn print $n <"$CR/src/libcrun/linux.c"; done
	fn print syscall_close_range <"$CR/src/libcrun/utils.c"
	fn print syscall_seccomp <"$CR/src/libcrun/seccomp.c"
} | sed -e 's/syscall (__NR_\([a-z0-9_]*\), /syscov_\1 (/' -e 's/struct _clone3_args/struct clone_args/g' \
	>crun/crun_layer.h
expect_eq "crun's wrappers calling syscov" 7 "$(grep -c 'return (int) syscov_[a-z0-9_]* (' crun/crun_layer.h)"
expect_eq "crun's syscall() calls left" 0 "$(grep -c 'syscall (' crun/crun_layer.h || true)"

# the header: the host's glibc, the aarch64 sysroot, the kernel tree's types
export SYSCOV_DB=$T/db
"$SYSCOV" scan -q / || fail "scan /"
[ -d /usr/aarch64-linux-gnu/include ] && { "$SYSCOV" scan -q /usr/aarch64-linux-gnu || fail "scan aarch64"; }
"$SYSCOV" scan -q --kernel-src "$BUILDDIR/ktable-linux-6.1/linux-source-6.1" || fail "scan the tree"
"$SYSCOV" classify -q || fail classify
"$SYSCOV" gen -q --plain-names -o syscov_wrappers.h --only io_uring_setup,io_uring_enter,io_uring_register,ioprio_get,ioprio_set,kcmp,sched_getattr,sched_setattr,clone3,fsopen,open_tree,pidfd_open,pidfd_send_signal,close_range,seccomp \
	2>gen.err || fail "gen: $(cat gen.err)"
ok

CF="-Wall -Wextra -Werror -O2 -D_GNU_SOURCE"
H="-include $T/syscov_wrappers.h"
matrix=""
# row PROJECT ABI TEXT
row() { matrix="$matrix
$(printf '%-11s %-8s %s' "$1" "$2" "$3")"; }
# build PROJECT ABI LOG CC ARGS...: a failed build fails the test
build() {
	p=$1 abi=$2 log=$3
	shift 3
	"$@" >"$log" 2>&1 || fail "$p $abi: build: $(head -20 "$log")"
}
# ran PROJECT ABI RUNNER PROGRAM: runs a client, counts its agreed calls and
# those that are -ENOSYS both ways (qemu-user 7.2 has no io_uring, clone3,
# open_tree, fsopen, seccomp)
ran() {
	"$3" "./$4" >"$4.out" 2>&1 || fail "$1 $2: $(grep FAIL "$4.out" || tail -3 "$4.out")"
	grep -q '^all agree$' "$4.out" || fail "$1 $2: $(cat "$4.out")"
	echo "$(grep -c '^ok ' "$4.out") calls agreed with syscall() ($(grep -c ': -38, syscall() -38$' \
		"$4.out" || true) of them -ENOSYS)"
}
while read -r abi cc run deb; do
	if ! command -v "$cc" >/dev/null || ! command -v "$run" >/dev/null; then
		row all "$abi" "skipped: no $cc or $run"
		continue
	fi
	st=""
	[ "$abi" = x86_64 ] || st=-static
	inc="-isystem $T/dev-$deb/usr/include"
	# shellcheck disable=SC2086 # flag lists
	# liburing's own flags: its code has unused parameters and mixed signs
	lf="-std=gnu11 $CF $st -Wno-unused-parameter -Wno-sign-compare -I$LU/src/include -I$LU/src -I$G -I$T $inc"
	for f in setup register queue syscall; do
		# shellcheck disable=SC2086
		build liburing "$abi" $f.log $cc $lf -c "$LU/src/$f.c" -o $f.o
	done
	built=built
	# shellcheck disable=SC2086
	build liburing "$abi" u.log $cc $lf setup.o register.o queue.o syscall.o "$G/clients_uring.c" -o "uring-$abi"
	row liburing "$abi" "$built, ran, $(ran liburing "$abi" "$run" "uring-$abi")"
	ok

	# its own struct sched_attr stays: the opt-out of the UAPI structs (docs/gen.md)
	uf="-std=gnu99 $CF $st -include $UL/config.h -I$UL/include -DSYSCOV_NO_UAPI_STRUCTS"
	# shellcheck disable=SC2086
	{
		build util-linux "$abi" i.log $cc $uf "$UL/schedutils/ionice.c" "$UL/lib/strutils.c" -o "ionice-orig-$abi"
		build util-linux "$abi" i.log $cc $H $uf "$UL/schedutils/ionice-syscov.c" "$UL/lib/strutils.c" -o "ionice-$abi"
		build util-linux "$abi" c.log $cc $H $uf -c "$UL/schedutils/chrt.c" -o "chrt-$abi.o"
		build util-linux "$abi" c.log $cc $H $uf -I"$UL/misc-utils" -c "$UL/misc-utils/lsfd.c" -o "lsfd-$abi.o"
		build util-linux "$abi" l.log $cc $H $uf -I"$UL/schedutils" -I"$G" "$G/clients_ul.c" -o "ul-$abi"
	}
	r=$(ran util-linux "$abi" "$run" "ul-$abi")
	# ionice: one build sets a process's I/O priority, the other reads it
	sleep 60 &
	pid=$!
	for x in "ionice-$abi 5 ionice-orig-$abi" "ionice-orig-$abi 3 ionice-$abi"; do
		# shellcheck disable=SC2086 # three words
		set -- $x
		"$run" "./$1" -c 2 -n "$2" -p $pid || fail "$1 -c 2 -n $2 -p: exit $?"
		expect_eq "$3 -p after $1 -n $2" "best-effort: prio $2" "$("$run" "./$3" -p $pid)"
	done
	expect_eq "ionice -p \$\$" "$("$run" "./ionice-orig-$abi" -p $$)" "$("$run" "./ionice-$abi" -p $$)"
	kill $pid
	row util-linux "$abi" "built (ionice, chrt.c, lsfd.c, clients_ul.c), ran, $r; ionice: 3 calls agree with the unchanged ionice's"

	# shellcheck disable=SC2086
	build crun "$abi" r.log $cc -std=gnu11 $CF $st $H -I"$T/crun" -I"$G" "$G/clients_crun.c" -o "crun-$abi"
	row crun "$abi" "built, ran, $(ran crun "$abi" "$run" "crun-$abi")"
	ok
done <<EOF
x86_64 gcc env amd64
aarch64 aarch64-linux-gnu-gcc qemu-aarch64 arm64
EOF
echo "client matrix (project ABI: result):$matrix"

# the header of every missing syscall (as audit writes it) beside the -dev
# packages' headers, for each ABI's compilers
"$SYSCOV" gen -q --plain-names -o missing.h 2>gen.err || fail "gen: $(cat gen.err)"
. "$G/libheaders.sh"
bad=0
echo "x86_64, Debian 12's amd64 -dev headers:"
libheaders_matrix "$T/missing.h" "$T/dev-amd64/usr/include" gcc clang g++ || bad=1
if command -v aarch64-linux-gnu-gcc >/dev/null; then
	echo "aarch64, Debian 12's arm64 -dev headers:"
	libheaders_matrix "$T/missing.h" "$T/dev-arm64/usr/include" aarch64-linux-gnu-gcc \
		"clang --target=aarch64-linux-gnu" || bad=1
fi
[ $bad = 0 ] || fail "the header does not compile next to a library header"
ok
done_ok
