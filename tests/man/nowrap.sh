#!/bin/sh
# The pages that say glibc provides no wrapper are exactly those a plain-text
# search of the decompressed pages finds (roff comments, font escapes and
# line breaks removed; the phrasings collected from the real pages).
. "$SRCDIR/tests/man/common.sh"
scan_host
phr='glibc provides no wrapper|glibc does not provide (a )?wrappers?|no glibc wrapper|glibc no longer provides a wrapper|not provided by glibc|c library (provides no|does not provide a) wrapper'
for f in "$MAN2"/*; do
	[ -L "$f" ] && continue
	case $f in *.gz) c=zcat ;; *.xz) c=xzcat ;; *) c=cat ;; esac
	$c "$f" | grep -v '^\.\\"' |
		sed -e 's/\\f[BIRP]//g; s/\\f\[[A-Z]*\]//g; s/\\-/-/g; s/\\&//g; s/^\.[A-Za-z]* //' |
		tr '\n' ' ' | tr -s ' \t' '  ' | grep -qiE "$phr" && basename "$f"
done | sort >"$T/grep"
q "SELECT file FROM man_page WHERE scan_id = $SCAN AND nowrap = 1" | sort >"$T/db_set"
diff "$T/grep" "$T/db_set" >"$T/diff" || fail "no-wrapper pages differ (< grep, > syscov): $(cat "$T/diff")"
ok
n=$(wc -l <"$T/grep")
[ "$n" -ge 40 ] || fail "only $n no-wrapper pages found"
ok
expect_eq "pidfd_open says no wrapper" 1 "$(q "SELECT nowrap FROM man_page WHERE scan_id = $SCAN AND file = 'pidfd_open.2.gz'")"
expect_eq "gettid (historical note only) is not" 0 "$(q "SELECT nowrap FROM man_page WHERE scan_id = $SCAN AND file = 'gettid.2.gz'")"
q "SELECT nowrap_text FROM man_page WHERE scan_id = $SCAN AND file = 'pidfd_open.2.gz'" | grep -qi 'glibc provides no wrapper' || fail "pidfd_open nowrap_text"
ok
echo "no-wrapper statements: $n pages"
done_ok
