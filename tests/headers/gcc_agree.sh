#!/bin/sh
# gcc_agree.sh SYSROOT CC EXPECT [SCAN-OPTION...]: header facts checked
# by a compiler. Scans SYSROOT, then for every name of syscalls.txt asks CC
# whether `(void)&name;` compiles with the same top-level headers the scan's
# TU kept (the scan's "header" input rows, included by absolute path), with
# -D_GNU_SOURCE -Werror=implicit-function-declaration. "declared" (a decl row
# exists) must agree with "accepted" for every name, except names the
# headers define as object-like macros (musl's `#define pread64 pread`): the
# scan records function declarations only, so those are listed, not failed
# (gcc -dM -E tells them apart independently). A few well-known facts
# are asserted on top: EXPECT is "name=0|1 ..." (declared or not) for the
# sysroot's libc. Env: SYSCOV, SRCDIR.
set -eu
SR=$1 CC=$2 EXPECT=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$SYSCOV" scan -q --db "$tmp/db" "$@" "$SR"
id=$(sqlite3 "$tmp/db" "SELECT id FROM scan WHERE kind = 'sysroot'")
sqlite3 "$tmp/db" "SELECT path FROM input WHERE scan_id = $id AND kind = 'header' ORDER BY rowid" \
	>"$tmp/hdrs"
nh=$(wc -l <"$tmp/hdrs")
[ "$nh" -ge 20 ] || { echo "FAIL: only $nh headers in the TU"; exit 1; }
sed 's|.*|#include "&"|' "$tmp/hdrs" >"$tmp/prelude.h"
grep -v '^#' "$SRCDIR/tests/headers/syscalls.txt" | tr -s ' \n' '\n\n' | grep . >"$tmp/names"

# one tiny file per name, compiled two at a time
while read -r n; do
	{ cat "$tmp/prelude.h"; printf 'void f(void) { (void)&%s; }\n' "$n"; } >"$tmp/c_$n.c"
done <"$tmp/names"
export CC tmp
xargs -P 2 -I{} sh -c \
	'if "$CC" -D_GNU_SOURCE -Werror=implicit-function-declaration -fsyntax-only "$tmp/c_{}.c" \
		>"$tmp/e_{}" 2>&1; then echo "{} 1"; else echo "{} 0"; fi' \
	<"$tmp/names" | sort >"$tmp/gcc"

"$CC" -D_GNU_SOURCE -dM -E "$tmp/prelude.h" | awk '$1 == "#define" { print $2 }' >"$tmp/macros"
fail=0 total=0 ndecl=0
while read -r n acc; do
	total=$((total + 1))
	d=$(sqlite3 "$tmp/db" "SELECT count(*) > 0 FROM decl WHERE scan_id = $id AND name = '$n'")
	ndecl=$((ndecl + d))
	if [ "$d" = 0 ] && [ "$acc" = 1 ] && grep -qx "$n" "$tmp/macros"; then
		echo "note: $n accepted as a macro, not a function declaration"
	elif [ "$d" != "$acc" ]; then
		echo "FAIL: $n: declared=$d but $CC accepts=$acc"
		head -3 "$tmp/e_$n"
		fail=1
	fi
done <"$tmp/gcc"
echo "$SR: $total names, $ndecl declared, $((total - ndecl)) not; $nh headers"
[ "$total" -ge 60 ] || { echo "FAIL: only $total names checked"; fail=1; }

# well-known facts of the sysroot's libc, from its release notes
for e in $EXPECT; do
	n=${e%=*}
	d=$(sqlite3 "$tmp/db" "SELECT count(*) > 0 FROM decl WHERE scan_id = $id AND name = '$n'")
	[ "$d" = "${e#*=}" ] || { echo "FAIL: $n declared=$d, expected ${e#*=}"; fail=1; }
done
h=$(sqlite3 "$tmp/db" "SELECT header FROM decl WHERE scan_id = $id AND name = 'pidfd_open'")
case $h in */sys/pidfd.h | "") ;; *) echo "FAIL: pidfd_open in '$h', not sys/pidfd.h"; fail=1 ;; esac
# ssize_t and size_t as the compiler's data model has them (LP64: long;
# these libcs' ILP32: int)
p=$(sqlite3 "$tmp/db" "SELECT proto FROM decl WHERE scan_id = $id AND name = 'read'")
if [ "$(echo __SIZEOF_LONG__ | "$CC" -E -P - | tr -d ' ')" = 8 ]; then
	want="long (int, void *, unsigned long)"
else
	want="int (int, void *, unsigned int)"
fi
[ "$p" = "$want" ] || { echo "FAIL: read proto '$p', not '$want'"; fail=1; }
exit $fail
