#!/bin/bash
# musl.sh: glibc (host) vs musl 1.2.3 (split layout): the verdicts whose class
# differs, each checked against musl itself: nm -D on its libc.so for the
# symbol, gcc with only musl's include dir for the declaration.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/classify/common.sh"
MI=/usr/include/x86_64-linux-musl ML=/usr/lib/x86_64-linux-musl
H=host-$(uname -m)
"$SYSCOV" audit -q --db "$DB" / || fail "audit / failed"
"$SYSCOV" audit -q --db "$DB" / --include $MI --libdir $ML || fail "audit musl failed"
ok
M=$(sqlite3 "$DB" "SELECT label FROM scan WHERE libc_flavour = 'musl'")
[ -n "$M" ] || fail "no musl scan"
nm -D --defined-only "$ML/libc.so" | awk '$2 ~ /^[TWi]$/ { print $3 }' | sort -u >"$T/musl_syms"
prelude "$M"
GCCINC=$(gcc -print-file-name=include)
mdecl() { declared gcc "$1" -nostdinc -isystem "$MI" -isystem "$GCCINC"; }

"$SYSCOV" diff --db "$DB" --fields class --format json "$H" "$M" >"$T/diff.json"
jq -r '.changes[] | select(.change == "changed") | [.name, .a.class, (.a.wrapper // ""),
	.b.class, (.b.wrapper // "")] | @tsv' "$T/diff.json" >"$T/changed"
nchg=$(wc -l <"$T/changed")
[ "$nchg" -ge 10 ] || fail "only $nchg class changes between glibc and musl"
ok
while IFS=$'\t' read -r name acls awr bcls bwr; do
	case $bcls in
	wrapped)
		grep -qx "$bwr" "$T/musl_syms" || fail "$name: musl wraps as $bwr but nm lacks it"
		mdecl "$bwr" || fail "$name: musl wraps as $bwr but its headers do not declare it"
		;;
	missing)
		# glibc's wrapper name is absent from musl, or not declared there,
		# or a stub (its code returns -errno: code_verdicts checks them)
		if grep -qx "$awr" "$T/musl_syms" && mdecl "$awr" && ! has_flag "$M" "$name" stub; then
			fail "$name: missing on musl, but $awr is exported and declared"
		fi
		;;
	esac
	ok
done <"$T/changed"
# a few spelled out (musl 1.2.3: no tgkill, statx, pidfd_open; membarrier yes)
for n in tgkill statx pidfd_open close_range; do
	grep -qx $n "$T/musl_syms" && fail "nm: musl exports $n"
	expect_verdict "$M" $n missing "" ""
done
grep -qx membarrier "$T/musl_syms" || fail "nm: musl lacks membarrier"
expect_verdict "$M" membarrier wrapped membarrier ""
expect_verdict "$H" membarrier missing "" ""
# unversioned libc: no since; man pages speak of glibc: no man-stale on musl
expect_eq "musl since" "0" "$(sqlite3 "$DB" "SELECT count(*) FROM verdict v JOIN scan s
	ON s.id = v.scan_id WHERE s.label = '$M' AND v.since IS NOT NULL")"
expect_eq "musl man-stale" "0" "$(sqlite3 "$DB" "SELECT count(*) FROM verdict v JOIN scan s
	ON s.id = v.scan_id WHERE s.label = '$M' AND v.flags LIKE '%man-stale%'")"
echo "glibc -> musl class changes: $nchg"
done_ok
