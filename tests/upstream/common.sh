# common.sh: This file contains the prologue the upstream tests share, read
# with `libc=NAME; . common.sh`: tests/lib.sh, the kernel 6.1 tree of
# tests/ktable in $K, $libc's Debian 12 source in $SRC (exit 77, SKIP, when
# the mirror cannot be reached), and in $T (the cwd) a DB, $SYSCOV_DB, with
# scans of / and of that kernel tree.
. "$SRCDIR/tests/lib.sh"
sh "$SRCDIR/tests/ktable/extract.sh" "$BUILDDIR/ktable-linux-6.1" >/dev/null || exit 77
K=$BUILDDIR/ktable-linux-6.1/linux-source-6.1
SRC=$("$SRCDIR/scripts/libc-source.sh" -c "$BUILDDIR/libc-sources" bookworm "$libc" 2>"$T/err")
rc=$?
[ $rc = 3 ] && { echo "SKIP: Debian mirror unreachable: $(tail -n1 "$T/err")"; exit 77; }
[ $rc = 0 ] || fail "libc-source.sh: $(cat "$T/err")"
export SYSCOV_DB=$T/db
cd "$T" || exit 1
"$SYSCOV" scan -q / || fail "scan /"
"$SYSCOV" scan -q --kernel-src "$K" || fail "scan --kernel-src"
