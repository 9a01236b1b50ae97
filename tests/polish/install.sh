#!/bin/bash
# install.sh: `cmake --install` into a temporary prefix puts the binary, the
# data, syscov(1) and the bash completion in their usual places; the
# installed tree, moved elsewhere, still runs an audit of the host and reads
# its data from its own share/syscov (found next to the binary), not from the
# source tree nor the configured prefix.
. "$SRCDIR/tests/lib.sh"
unset SYSCOV_DATA_DIR SYSCOV_DB
cmake --install "$BUILDDIR" --prefix "$T/inst" >"$T/install.log" 2>&1 ||
	fail "cmake --install: $(cat "$T/install.log")"
for f in bin/syscov share/man/man1/syscov.1 share/bash-completion/completions/syscov \
	share/syscov/aliases.tsv share/syscov/headers.list share/syscov/gen_overrides.tsv; do
	[ -f "$T/inst/$f" ] || fail "not installed: $f"
	ok
done
[ -x "$T/inst/bin/syscov" ] || fail "bin/syscov not executable"
# every data file of the source tree is installed, unchanged
for f in "$SRCDIR"/data/*.tsv "$SRCDIR"/data/*.list; do
	cmp -s "$f" "$T/inst/share/syscov/${f##*/}" || fail "share/syscov/${f##*/} differs from data/"
	ok
done
# every document the man page cites is installed beside it
for d in $(sed -n 's/^\.IR \([a-z]*\.md\).*/\1/p' "$SRCDIR/docs/syscov.1" | sort -u); do
	cmp -s "$SRCDIR/docs/$d" "$T/inst/share/doc/syscov/$d" || fail "share/doc/syscov/$d: not installed"
	ok
done
[ "$(sed -n 's/^\.IR \([a-z]*\.md\).*/\1/p' "$SRCDIR/docs/syscov.1" | sort -u | wc -l)" -ge 5 ] ||
	fail "the man page cites fewer than 5 documents"
ok
# the man page renders without warnings (groff's own check)
if command -v man >/dev/null; then
	w=$(MANWIDTH=80 man --warnings -l "$T/inst/share/man/man1/syscov.1" 2>&1 >/dev/null)
	expect_eq "man page warnings" "" "$w"
	MANWIDTH=80 man -l "$T/inst/share/man/man1/syscov.1" 2>/dev/null | grep -q "EXIT STATUS" ||
		fail "man page has no EXIT STATUS section"
	ok
fi

# move the prefix: the binary must find ../share/syscov from /proc/self/exe
mv "$T/inst" "$T/moved"
mkdir "$T/run"
cd "$T/run"
expect_rc 0 "$T/moved/bin/syscov" --version
"$T/moved/bin/syscov" audit -v / -o "$T/run/out" --db "$T/run/db" >"$T/out" 2>"$T/err" ||
	fail "installed audit /: $(tail -3 "$T/err")"
ok
grep '^syscov: data file ' "$T/err" | sed 's/^syscov: data file //' | sort -u >"$T/data"
[ -s "$T/data" ] || fail "no 'data file' lines in -v output"
while read -r p; do
	case $p in
	"$T/moved/share/syscov/"*) ok ;;
	*) fail "data read from $p, not from the moved prefix" ;;
	esac
done <"$T/data"
# every curated table was read (aliases, internal, obsolete, headers, overrides)
for f in aliases.tsv internal.tsv obsolete.tsv headers.list gen_overrides.tsv; do
	grep -qx "$T/moved/share/syscov/$f" "$T/data" || fail "$f not read from the installed tree"
	ok
done
[ -s "$T/run/out/host-x86_64/index.html" ] || [ -n "$(ls "$T/run/out"/host-*/index.html 2>/dev/null)" ] ||
	fail "no HTML report"
ok
ls "$T/run/out"/host-*/syscov_wrappers.h >/dev/null || fail "no generated header"
ok
# the summary counts agree with the DB: missing on stdout = verdict rows
label=$(basename "$(ls -d "$T/run/out"/host-*)")
want=$(sqlite3 "$T/run/db" "SELECT COUNT(*) FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = '$label' AND class = 'missing'")
got=$(awk -v l="$label" '$1 == l {print $5}' "$T/out")
expect_eq "missing count in the summary" "$want" "$got"
# without share/syscov next to it, the binary falls back to the configured
# prefix, then to the source tree (the documented order)
mv "$T/moved/share/syscov" "$T/moved/share/gone"
"$T/moved/bin/syscov" classify -v --db "$T/run/db" >"$T/out" 2>"$T/err" || fail "classify: $(cat "$T/err")"
grep -q "^syscov: data file $SRCDIR/data/aliases.tsv\$\|^syscov: data file /usr/local/share/syscov/aliases.tsv\$" "$T/err" ||
	fail "no fallback data dir: $(grep 'data file' "$T/err")"
ok
done_ok
