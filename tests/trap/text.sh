#!/bin/sh
# text.sh EMIT ARCHDIR: the primitives syscov emits are the arch/ files' text,
# byte for byte.
#
# For every ABI with a trap (EMIT list names its file), the block that
# arch_trap_emit() writes (EMIT header) holds, after its typedef of
# syscov_reg_t and up to its #endif, exactly the file's text after its
# leading comment (cut here with sed, not with the build's CMake script);
# EMIT common (what gen writes after the blocks) is arch/trap_common.h so
# cut. Every arch/trap_*.h is some ABI's or the common one, and no C source
# still holds the primitives as a string.
set -u
EMIT=$1 ARCH=$2
T=$(mktemp -d /tmp/syscov-text.XXXXXX)
trap 'rm -rf "$T"' EXIT
fails=0
fail() {
	echo "FAIL $*"
	fails=$((fails + 1))
}
# a file's text after its leading comment: line 1 opens it, the first line
# ending in */ closes it
body() {
	sed '1,/\*\/$/d' "$1"
}

"$EMIT" header >"$T/all.h" || { echo "emit header failed"; exit 1; }
"$EMIT" list >"$T/list" || { echo "emit list failed"; exit 1; }
used=" trap_common.h "
n=0
while read -r abi _ _ _ _ file; do
	[ "$(head -c 2 "$ARCH/$file")" = "/*" ] || fail "arch/$file: does not open with its comment"
	awk -v abi="$abi" '
		$0 == "#define __SYSCOV_ABI \"" abi "\"" { inblk = 1; next }
		inblk && $0 == "#endif /* " abi " */" { exit }
		inblk && intext { print; next }
		inblk && /^typedef .* syscov_reg_t;$/ { intext = 1 }
	' "$T/all.h" >"$T/$abi.emitted"
	body "$ARCH/$file" >"$T/$abi.file"
	if ! [ -s "$T/$abi.emitted" ]; then
		fail "$abi: no block in emit header"
	elif cmp -s "$T/$abi.emitted" "$T/$abi.file"; then
		echo "ok   $abi: emitted primitives = arch/$file ($(wc -c <"$T/$abi.file") bytes)"
	else
		fail "$abi: emitted primitives differ from arch/$file:"
		diff "$T/$abi.file" "$T/$abi.emitted" | head -20
	fi
	used="$used$file "
	n=$((n + 1))
done <"$T/list"
[ "$n" -ge 17 ] || fail "only $n ABIs with trap code"

"$EMIT" common >"$T/common.emitted" || fail "emit common"
body "$ARCH/trap_common.h" >"$T/common.file"
if cmp -s "$T/common.emitted" "$T/common.file"; then
	echo "ok   emitted common helpers = arch/trap_common.h"
else
	fail "emitted common helpers differ from arch/trap_common.h:"
	diff "$T/common.file" "$T/common.emitted" | head -20
fi

for f in "$ARCH"/trap_*.h; do
	case $used in
	*" ${f##*/} "*) ;;
	*) fail "arch/${f##*/}: no ABI uses it" ;;
	esac
done

src=$(dirname "$ARCH")
if grep -ln '__syscov_sys[0-6](long n' "$src"/src/*.c "$src"/arch/*.c; then
	fail "the files above still hold primitives as C strings"
fi

echo "$n ABIs, $fails failed"
[ "$fails" = 0 ]
