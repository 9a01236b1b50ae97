#!/bin/bash
# timeline_cli: `syscov timeline` without the mirror: its refusals (bad
# options, a DB without verdicts, a malformed releases.tsv naming its line),
# and one release (the host) giving every kernel since-version a source and
# glibc's from its symbols, as readelf shows them.
. "$SRCDIR/tests/lib.sh"
expect_rc 2 "$SYSCOV" timeline --format xml --db "$T/db"
expect_err "timeline writes html, json, all or none"
expect_rc 2 "$SYSCOV" timeline --arch vax --db "$T/db"
expect_err "unknown --arch 'vax'"
expect_rc 2 "$SYSCOV" timeline extra --db "$T/db"
expect_rc 4 "$SYSCOV" timeline --db "$T/no-such.db"
"$SYSCOV" scan -q --no-man --db "$T/db" / >/dev/null
expect_rc 3 "$SYSCOV" timeline --db "$T/db" -o "$T/tl"
expect_err "no sysroot scan with verdicts"
"$SYSCOV" classify -q --db "$T/db" >/dev/null
# a malformed data file is an input error naming its line
mkdir "$T/data"
cp "$SRCDIR"/data/*.tsv "$SRCDIR"/data/headers.list "$T/data/"
printf 'linux\t9.9\tlater\tnone\n' >>"$T/data/releases.tsv"
n=$(wc -l <"$T/data/releases.tsv")
SYSCOV_DATA_DIR=$T/data expect_rc 3 "$SYSCOV" timeline --db "$T/db" -o "$T/tl"
expect_err "releases.tsv:$n: needs project, version, YYYY-MM-DD, source"
[ ! -e "$T/tl" ] || fail "a failed run wrote $T/tl"
ok
# the host alone: glibc's symbol since-versions are readelf's oldest
expect_rc 0 "$SYSCOV" timeline --db "$T/db" -o "$T/tl"
[ -s "$T/tl/index.html" ] && [ -s "$T/tl/timeline.json" ] || fail "no outputs"
jq -e '.releases | length == 1' "$T/tl/timeline.json" >/dev/null || fail "one release"
ok
LIBC=$(gcc -print-file-name=libc.so.6)
v=$(readelf --dyn-syms -W "$LIBC" | awk '$8 ~ /^gettid@/ { sub(/.*@+GLIBC_/, "", $8); print $8 }' | sort -V | head -n1)
expect_eq "gettid since" "$v" "$(sqlite3 "$T/db" "SELECT version FROM since WHERE name = 'gettid' AND source = 'symbol'")"
expect_eq "kernel rows without a version" 0 \
	"$(sqlite3 "$T/db" "SELECT COUNT(*) FROM (SELECT DISTINCT arch, name FROM verdict v JOIN scan s ON s.id = v.scan_id
		WHERE v.class IN ('wrapped', 'missing') EXCEPT SELECT arch, name FROM since WHERE side = 'kernel' AND chosen)")"
# a release whose libc6-dev is half extracted (libc.so.6 and the UAPI
# headers, no unistd.h): refused, naming the sysroot and what is missing;
# the since rows derived before are kept
M=$(gcc -print-multiarch)
H=$T/half
mkdir -p "$H/usr/lib/$M" "$H/usr/include/$M"
cp "$LIBC" "$H/usr/lib/$M/"
cp -r "/usr/include/$M/asm" "$H/usr/include/$M/"
cp -r /usr/include/asm-generic /usr/include/linux "$H/usr/include/"
"$SYSCOV" audit -q --no-man --db "$T/db" -o "$T/half-out" "$H" >/dev/null 2>&1 || fail "audit of the half sysroot"
before=$(sqlite3 "$T/db" "SELECT COUNT(*) FROM since")
expect_rc 3 "$SYSCOV" timeline --db "$T/db" -o "$T/tl2"
expect_err "$H (scan .*): its headers declare no read(): the libc's development headers (libc6-dev, musl-dev) are missing or half extracted"
expect_eq "since rows kept" "$before" "$(sqlite3 "$T/db" "SELECT COUNT(*) FROM since")"
[ ! -e "$T/tl2" ] || fail "a refused run wrote $T/tl2"
ok
done_ok
