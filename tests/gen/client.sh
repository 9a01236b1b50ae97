#!/bin/sh
# The client test of `syscov gen --plain-names`: one header generated from a
# matrix of scans (the host's glibc 2.36, musl, Debian 13's glibc 2.41 and
# musl when scripts/release-sysroot.sh can fetch them, six cross sysroots,
# and the linux-source-6.1 tree for the types) lets client.c, which calls
# kcmp(), pidfd_open(), sched_setattr(), futex_waitv(), io_uring_setup()...
# by their plain names, build unchanged against each libc (Debian 13's musl
# too) with
# -Wall -Wextra -Werror, and run natively or under qemu-user with every call
# agreeing with syscall(). Prints the matrix: ABI x libc, built, ran, agreed.
. "$SRCDIR/tests/lib.sh"
sh "$SRCDIR/tests/ktable/extract.sh" "$BUILDDIR/ktable-linux-6.1" >/dev/null || exit 77
export SYSCOV_DB=$T/db
cd "$T"
# client.c has its own struct sched_attr, as projects do: the opt-out of
# the UAPI structs (docs/gen.md)
CF="-std=c11 -Wall -Wextra -Werror -O2 -DSYSCOV_NO_UAPI_STRUCTS"
MUSL_INC=/usr/include/x86_64-linux-musl
# ABI, cross gcc, qemu-user, sysroot
CROSS="aarch64 aarch64-linux-gnu-gcc qemu-aarch64 /usr/aarch64-linux-gnu
arm arm-linux-gnueabihf-gcc qemu-arm /usr/arm-linux-gnueabihf
riscv64 riscv64-linux-gnu-gcc qemu-riscv64 /usr/riscv64-linux-gnu
ppc64le powerpc64le-linux-gnu-gcc qemu-ppc64le /usr/powerpc64le-linux-gnu
s390x s390x-linux-gnu-gcc qemu-s390x /usr/s390x-linux-gnu
mips64el mips64el-linux-gnuabi64-gcc qemu-mips64el /usr/mips64el-linux-gnuabi64
i386 i686-linux-gnu-gcc qemu-i386 /usr/i686-linux-gnu
ppc64 powerpc64-linux-gnu-gcc qemu-ppc64 /usr/powerpc64-linux-gnu
sparc64 sparc64-linux-gnu-gcc qemu-sparc64 /usr/sparc64-linux-gnu
x32 x86_64-linux-gnux32-gcc no-qemu-runs-x32 /usr/x86_64-linux-gnux32"

"$SYSCOV" scan -q / || fail "scan /"
have_musl=0
if [ -d "$MUSL_INC" ] && command -v musl-gcc >/dev/null; then
	"$SYSCOV" scan -q / --include "$MUSL_INC" --libdir /usr/lib/x86_64-linux-musl || fail "scan musl"
	have_musl=1
fi
# Debian 13 (glibc 2.41, musl 1.2.5): cached in the build dir; exit 3 of the
# script is an unreachable mirror
rel=$BUILDDIR/release-sysroots
d13=""
if sh "$SRCDIR/scripts/release-sysroot.sh" -c "$rel" -r trixie -a amd64 >rel.out 2>rel.err; then
	d13=$rel/amd64/debian13-glibc
	"$SYSCOV" scan -q "$d13" || fail "scan $d13"
	"$SYSCOV" scan -q "$rel/amd64/debian13-musl" || fail "scan debian13-musl"
else
	echo "skip glibc 2.41: scripts/release-sysroot.sh: $(tail -1 rel.err)"
fi
echo "$CROSS" | while read -r abi cc qemu root; do
	[ -d "$root/include" ] && command -v "$cc" >/dev/null && "$SYSCOV" scan -q "$root"
done
"$SYSCOV" scan -q --kernel-src "$BUILDDIR/ktable-linux-6.1/linux-source-6.1" || fail "scan the tree"
"$SYSCOV" classify -q || fail classify
"$SYSCOV" gen -q --plain-names -o syscov_wrappers.h 2>gen.err || fail "gen: $(cat gen.err)"
ok

matrix=""
# leg ABI LIBC RUNNER CC...: builds client.c, runs it, records the row
leg() {
	abi=$1 libc=$2 runner=$3
	shift 3
	out=client-$abi-$libc
	if ! "$@" $CF -I. "$SRCDIR/tests/gen/client.c" -o "$out" 2>"$out.err"; then
		fail "$abi $libc: build: $(head -5 "$out.err")"
	fi
	if [ "$runner" = none ]; then
		matrix="$matrix
$abi $libc built, not run"
		return
	fi
	$runner "./$out" >"$out.out" 2>&1 || fail "$abi $libc: $(grep FAIL "$out.out" || tail -3 "$out.out")"
	grep -q '^all agree$' "$out.out" || fail "$abi $libc: $(cat "$out.out")"
	matrix="$matrix
$abi $libc built, ran, $(grep -c '^ok ' "$out.out") calls agreed with syscall()"
	ok
}
leg x86_64 glibc-2.36 env gcc
[ $have_musl = 1 ] && leg x86_64 musl-1.2.3 env musl-gcc -static
if [ -n "$d13" ]; then
	# the Debian 13 headers, crt files and libc.a (-B, -L: before gcc's own
	# dirs, which hold the host's), host gcc's own headers and libgcc
	lib=$d13/usr/lib/x86_64-linux-gnu
	leg x86_64 glibc-2.41 env gcc --sysroot="$d13" -B"$lib" -L"$lib" -static
	# Debian 13's musl 1.2.5: its headers, crt files and libc.a around the
	# client, host gcc's own headers and libgcc (musl-gcc is 1.2.3's)
	m=$rel/amd64/debian13-musl/usr
	printf '#!/bin/sh\nexec gcc -static -nostdinc -isystem "%s" -isystem "%s" -isystem "%s" -nostdlib "%s" "%s" "$@" "%s" "%s" "%s"\n' \
		"$m/include" "$m/include/x86_64-linux-gnu" "$(gcc -print-file-name=include)" "$m/lib/crt1.o" \
		"$m/lib/crti.o" "$m/lib/libc.a" "$(gcc -print-libgcc-file-name)" "$m/lib/crtn.o" >musl125-gcc
	chmod +x musl125-gcc
	leg x86_64 musl-1.2.5 env ./musl125-gcc
fi
while read -r abi cc qemu root; do
	if ! command -v "$cc" >/dev/null || ! [ -d "$root/include" ]; then
		matrix="$matrix
$abi glibc-2.36 skipped: no $cc or $root"
		continue
	fi
	command -v "$qemu" >/dev/null || qemu=none
	leg "$abi" glibc-2.36 "$qemu" "$cc" -static
done <<EOF
$CROSS
EOF
echo "client matrix (ABI libc: result):$matrix"
done_ok
