#!/bin/bash
# timeline_dates: data/releases.tsv's invariants. Every row has a date
# and a source naming a tag or release one can check; within a project the
# dates rise with the versions; each series is complete (Linux 2.6.x and
# 3.0 on, glibc 2.x, musl 1.2.x: no release left out, as the timeline tells
# an exact since-version from a range by the releases between two scanned
# ones); and the dates the issue found wrong stay right (glibc 2.15: its
# tag, 2011-12-25, not the 2012-03-21 the file had).
. "$SRCDIR/tests/lib.sh"
F=$SRCDIR/data/releases.tsv
rows() { grep -v '^#' "$F" | awk -F'\t' -v p="$1" '$1 == p'; }
for p in linux glibc musl; do
	[ "$(rows $p | wc -l)" -gt 5 ] || fail "$p: too few rows"
	# a date and a checkable source on every row
	bad=$(rows $p | awk -F'\t' 'NF != 4 || $3 !~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]$/ ||
		($4 !~ /^tag / && $4 !~ / released on /)')
	expect_eq "$p rows without a date or source" "" "$bad"
	# dates rise with versions
	bad=$(rows $p | sort -t"$(printf '\t')" -k2,2V | awk -F'\t' 'prev > $3 { print prevv " " prev " > " $2 " " $3 } { prev = $3; prevv = $2 }')
	expect_eq "$p dates out of version order" "" "$bad"
	# no gaps: within a prefix (2.6, 5, 2), the last parts run on by one
	bad=$(rows $p | cut -f2 | sort -V | awk -v p=$p '{
		n = split($0, a, "."); pre = a[1]; for (i = 2; i < n; i++) pre = pre "." a[i]
		if (p == "linux" && pre == "2") next # 2.0, 2.2, 2.4, 2.6: the stable series
		if (pre in last && a[n] != last[pre] + 1) print pre "." last[pre] " -> " $0
		last[pre] = a[n] }')
	expect_eq "$p series with a gap" "" "$bad"
done
# each Linux major from 3 on starts at .0 and follows the last one
expect_eq "linux majors" "3.0 4.0 5.0 6.0" \
	"$(rows linux | cut -f2 | grep -E '^[3-9]\.0$' | sort -V | tr '\n' ' ' | sed 's/ $//')"
expect_eq "glibc 2.15" "2011-12-25" "$(rows glibc | awk -F'\t' '$2 == "2.15" { print $3 }')"
expect_eq "musl 1.2.4 (between Debian 12's and 13's)" "2023-05-01" \
	"$(rows musl | awk -F'\t' '$2 == "1.2.4" { print $3 }')"
done_ok
