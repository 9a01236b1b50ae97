#!/bin/sh
# predefs.sh KPP_RUN TREE: each arch descriptor's cpp_predefs (arch.h)
# against the target compiler's own predefined macros: every NAME=VALUE is
# what `clang -target <clang_triple> -dM -E` predefines (for a triple clang
# lacks: <gnu_triplet>-gcc, if installed; else the values are by hand and
# only listed), and every macro that the UAPI unistd headers test (#if,
# #ifdef, #elif and #define lines of asm/unistd*.h, bitsperlong.h and
# sgidefs.h of the host, of the cross sysroots and of the kernel TREE) and
# the compiler predefines is in the list. With TREE (every port's headers),
# also nothing else is: each name is tested, or names another's value
# (_MIPS_SIM=_ABI64).
. "$SRCDIR/tests/lib.sh"
run=$1 tree=$2
{
	ls /usr/include/*/asm/unistd*.h /usr/include/*/asm/bitsperlong.h /usr/include/asm-generic/unistd.h \
		/usr/include/asm-generic/bitsperlong.h /usr/*-linux-gnu*/include/asm/unistd*.h \
		/usr/*-linux-gnu*/include/asm/bitsperlong.h /usr/*-linux-gnu*/include/asm/sgidefs.h \
		"$tree"/arch/*/include/uapi/asm/unistd*.h "$tree"/arch/*/include/uapi/asm/bitsperlong.h \
		"$tree"/include/uapi/asm-generic/unistd.h "$tree"/include/uapi/asm-generic/bitsperlong.h
} 2>/dev/null >"$T/files" || true
[ -s "$T/files" ] || fail "no UAPI headers found"
# identifiers of the directives (continuations joined, comments dropped)
xargs cat <"$T/files" | sed -e ':a' -e '/\\$/N' -e 's/\\\n//' -e 'ta' |
	sed -e 's,/\*.*\*/,,g' -e 's,//.*,,' |
	grep -E '^[[:space:]]*#[[:space:]]*(if|ifdef|ifndef|elif|define)' |
	grep -oE '[A-Za-z_][A-Za-z0-9_]*' | sort -u >"$T/tested"
full=0
[ -f "$tree/include/uapi/asm-generic/unistd.h" ] && full=1
"$run" arches >"$T/arches"
[ "$(wc -l <"$T/arches")" -gt 15 ] || fail "too few descriptors: $(cat "$T/arches")"
while read -r name triple gnu predefs; do
	[ -n "$predefs" ] || fail "$name: no cpp_predefs"
	if clang -target "$triple" -dM -E -x c /dev/null >"$T/cc" 2>/dev/null; then
		by="clang -target $triple"
	elif command -v "$gnu-gcc" >/dev/null && "$gnu-gcc" -dM -E -x c /dev/null >"$T/cc"; then
		by="$gnu-gcc"
	else
		echo "$name: no compiler here knows $triple; by hand: $predefs"
		continue
	fi
	for e in $predefs; do
		n=${e%%=*} v=${e#*=}
		got=$(awk -v n="$n" '$1 == "#define" && $2 == n { print $3 }' "$T/cc")
		[ "$got" = "$v" ] || fail "$name: $n=$v, but $by predefines '$got'"
		ok
		if [ $full = 1 ] && ! grep -qx "$n" "$T/tested"; then
			echo " $predefs " | grep -q "=$n " || fail "$name: $n is tested by no UAPI header"
		fi
	done
	awk '$1 == "#define" { sub(/\(.*/, "", $2); print $2 }' "$T/cc" | sort -u >"$T/ccnames"
	for n in $(comm -12 "$T/tested" "$T/ccnames"); do
		echo " $predefs " | grep -q " $n=" || fail "$name: $by predefines $n, which the headers test, and cpp_predefs lacks it"
		ok
	done
	echo "$name: $predefs (as $by)"
done <"$T/arches"
done_ok
