#!/bin/sh
# Figures: time of the man scanner over the host's man2 (median of 5, from
# -v timings) beside zcat of the same files in the same run; counts.
. "$SRCDIR/tests/man/common.sh"
med() { sort -n | sed -n 3p; }
i=0
: >"$T/scan" ; : >"$T/zcat"
while [ $i -lt 5 ]; do
	rm -f "$T/db"*
	"$SYSCOV" scan -v --db "$T/db" / 2>&1 | sed -n 's/^syscov: man: \([0-9.]*\) ms$/\1/p' >>"$T/scan"
	t0=$(date +%s%N)
	for f in "$MAN2"/*.gz; do zcat "$f"; done >/dev/null
	t1=$(date +%s%N)
	echo "$(( (t1 - t0) / 1000000 ))" >>"$T/zcat"
	i=$((i + 1))
done
[ "$(wc -l <"$T/scan")" -eq 5 ] || fail "no man timing in -v output"
ok
SCAN=$(q "SELECT id FROM scan WHERE sysroot = '/'")
echo "man scan of $(ls "$MAN2" | wc -l) files: median $(med <"$T/scan") ms (zcat of the same files: median $(med <"$T/zcat") ms)"
echo "pages: $(q "SELECT count(*) FROM man_page WHERE scan_id = $SCAN") rows, $(q "SELECT count(*) FROM man_page WHERE scan_id = $SCAN AND alias_of IS NOT NULL") aliases"
echo "prototypes: $(q "SELECT count(*) FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN"), typed $(q "SELECT count(*) FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND parsed = 1"), via syscall() $(q "SELECT count(*) FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND via_syscall = 1")"
echo "no-wrapper statements: $(q "SELECT count(*) FROM man_page WHERE scan_id = $SCAN AND nowrap = 1") pages"
done_ok
