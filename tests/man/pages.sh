#!/bin/sh
# Every file of the host's man2 is one man_page row (aliases included), and
# every page that names a syscall but yields no typed prototype is explained
# in tests/man/no_proto.txt.
. "$SRCDIR/tests/man/common.sh"
scan_host
files=$(find "$MAN2" -maxdepth 1 ! -type d ! -name '.*' | wc -l)
expect_eq "man_page rows = files in $MAN2" "$files" "$(q "SELECT count(*) FROM man_page WHERE scan_id = $SCAN")"
links=$(find "$MAN2" -maxdepth 1 -type l | wc -l)
sos=0
for f in "$MAN2"/*; do
	[ -L "$f" ] && continue
	case $f in *.gz) c=zcat ;; *.xz) c=xzcat ;; *) c=cat ;; esac
	$c "$f" | grep -v '^\.\\"' | grep -q '^\.so ' && sos=$((sos + 1))
done
expect_eq "alias rows = symlinks + .so pages" "$((links + sos))" \
	"$(q "SELECT count(*) FROM man_page WHERE scan_id = $SCAN AND alias_of IS NOT NULL")"
expect_eq "source" "sysroot|$MAN2" "$(q "SELECT man_source || '|' || man_dir FROM scan WHERE id = $SCAN")"
ver=$(zcat "$MAN2/gettid.2.gz" | sed -n 's/^\.TH [^"]*"\([^"]*\)".*/\1/p')
expect_eq "man_version from .TH" "$ver" "$(q "SELECT man_version FROM scan WHERE id = $SCAN")"
# pages without a typed prototype: none at all, or one that did not parse
q "SELECT p.file FROM man_page p WHERE p.scan_id = $SCAN AND p.alias_of IS NULL AND
   (NOT EXISTS (SELECT 1 FROM man_proto m WHERE m.page_id = p.id) OR
    EXISTS (SELECT 1 FROM man_proto m WHERE m.page_id = p.id AND m.parsed = 0))" | sort >"$T/bad"
q "SELECT DISTINCT p.file FROM man_page p JOIN man_name n ON n.page_id = p.id
   WHERE p.scan_id = $SCAN AND n.name IN (SELECT name FROM man_syscalls WHERE scan_id = $SCAN)" |
	sort >"$T/sys"
echo "pages without typed prototypes: $(wc -l <"$T/bad") of $(q "SELECT count(*) FROM man_page WHERE scan_id = $SCAN AND alias_of IS NULL")"
comm -12 "$T/bad" "$T/sys" >"$T/badsys"
grep -v '^#' "$SRCDIR/tests/man/no_proto.txt" | cut -f1 | sort >"$T/listed"
unexplained=$(comm -23 "$T/badsys" "$T/listed")
[ -z "$unexplained" ] || fail "syscall pages without typed prototypes, not in tests/man/no_proto.txt: $unexplained"
ok
stale=$(comm -13 "$T/badsys" "$T/listed")
[ -z "$stale" ] || echo "note: listed in no_proto.txt but fine now: $stale"
done_ok
