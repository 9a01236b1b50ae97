#!/bin/sh
# syscalls(2): one man_syscalls row per row of the page's .TS table (counted
# here with awk), spot facts from it; unimplemented(2)'s NAME list.
. "$SRCDIR/tests/man/common.sh"
scan_host
n=$(zcat "$MAN2/syscalls.2.gz" | awk -F'\t' '
	/^\.TS/ { t = 1; fmt = 1; next }
	/^\.TE/ { t = 0 }
	!t { next }
	fmt { if ($0 ~ /\.[ \t]*$/) fmt = 0; next }
	blk { if ($0 ~ /^T}/) blk = 0; next }
	/^\.\\"/ { next }
	$1 ~ /\([0-9]+\)$/ { n++ }
	/T\{$/ { blk = 1 }
	END { print n }')
expect_eq "rows of the syscalls(2) table" "$n" "$(q "SELECT count(*) FROM man_syscalls WHERE scan_id = $SCAN")"
[ "$n" -gt 400 ] || fail "only $n rows"
ok
k() { q "SELECT kernel FROM man_syscalls WHERE scan_id = $SCAN AND name = '$1'"; }
expect_eq gettid 2.4.11 "$(k gettid)"
expect_eq finit_module 3.8 "$(k finit_module)"
expect_eq pidfd_open 5.3 "$(k pidfd_open)"
expect_eq "_sysctl notes" "Removed in 5.5" "$(q "SELECT notes FROM man_syscalls WHERE scan_id = $SCAN AND name = '_sysctl'")"
expect_eq "T{ block notes" "See notes on socketcall(2)" "$(q "SELECT notes FROM man_syscalls WHERE scan_id = $SCAN AND name = 'accept'")"
names=$(zcat "$MAN2/unimplemented.2.gz" | sed -n '/^\.SH NAME/,/\\-/p' | sed '1d; s/\\-.*//' | tr ',' '\n' | tr -d ' ' | grep -c .)
expect_eq "unimplemented(2) names" "$names" "$(q "SELECT count(*) FROM man_unimplemented WHERE scan_id = $SCAN")"
expect_eq "unimplemented has vserver" 1 "$(q "SELECT count(*) FROM man_unimplemented WHERE scan_id = $SCAN AND name = 'vserver'")"
# versions from VERSIONS/HISTORY
expect_eq "gettid since" "2.4.11|2.30" "$(q "SELECT kernel_since || '|' || glibc_since FROM man_page WHERE scan_id = $SCAN AND file = 'gettid.2.gz'")"
expect_eq "sysctl removed" "Linux 5.5" "$(q "SELECT removed FROM man_page WHERE scan_id = $SCAN AND file = 'sysctl.2.gz'")"
expect_eq "ustat wrapper removed" "glibc 2.28" "$(q "SELECT removed FROM man_page WHERE scan_id = $SCAN AND file = 'ustat.2.gz'")"
done_ok
