#!/bin/sh
# once.sh: the host's header TU is parsed once (data/header_conflicts.tsv
# leaves out the UAPI headers that conflict with glibc's), and every
# conflict the data file claims is real: gcc rejects the pair (or the
# header alone, for an "abi" row on this ABI). Env: SYSCOV, SRCDIR.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$SYSCOV" scan / -v --db "$tmp/db" 2>"$tmp/log" >/dev/null
fail=0
grep -q 'headers: .* 1 parses' "$tmp/log" ||
	{ echo "FAIL: the header TU was parsed more than once:"; grep 'parses' "$tmp/log"; fail=1; }
abi=$(sqlite3 "$tmp/db" "SELECT arch FROM scan LIMIT 1")
n=0
while IFS='	' read -r hdr how what _; do
	case $hdr in '#'* | '') continue ;; esac
	left=$(sqlite3 "$tmp/db" "SELECT count(*) FROM diag WHERE path LIKE '%/$hdr'
		AND message LIKE 'left out of the header TU%'")
	if [ "$how" = after ]; then
		printf '#define _GNU_SOURCE\n#include <%s>\n' "$what" >"$tmp/a.c"
		gcc -fsyntax-only "$tmp/a.c" 2>/dev/null || continue # not here
		printf '#include <%s>\n' "$hdr" >>"$tmp/a.c"
	else
		case ",$what," in *",$abi,"*) ;; *) continue ;; esac
		printf '#include <%s>\n' "$hdr" >"$tmp/a.c"
	fi
	if ! [ -e "/usr/include/$hdr" ] && ! [ -e "/usr/include/$(gcc -print-multiarch)/$hdr" ]; then
		continue
	fi
	n=$((n + 1))
	if gcc -fsyntax-only "$tmp/a.c" 2>/dev/null; then
		echo "FAIL: gcc accepts $hdr ($how $what): no conflict"; fail=1
	fi
	[ "$left" = 1 ] || { echo "FAIL: $hdr ($how $what): $left 'left out' rows, want 1"; fail=1; }
done <"$SRCDIR/data/header_conflicts.tsv"
[ "$n" -gt 0 ] || { echo "FAIL: no row of header_conflicts.tsv applies to this host"; fail=1; }
# the ioctl request-constant form is reported as such, not typed alone
c=$(sqlite3 "$tmp/db" "SELECT count(*) FROM man_proto WHERE text LIKE '%(int dest_fd, FICLONE,%'
	AND parsed = 0 AND diag LIKE 'the request constant FICLONE stands in the place of a parameter%'")
[ "$c" = 1 ] || { echo "FAIL: FICLONE form: $c rows with the request-constant reason"; fail=1; }
if grep -q 'typed alone: the request constant' "$tmp/log"; then
	echo "FAIL: a request-constant page was typed alone"; fail=1
fi
[ $fail = 0 ] && echo "ok: one parse; $n conflicts confirmed by gcc"
exit $fail
