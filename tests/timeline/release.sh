#!/bin/bash
# timeline_release: scripts/release-sysroot.sh builds Debian 11, 12 and 13
# sysroots (glibc and musl, amd64 and arm64; cached in $BUILDDIR); syscov
# audits them into one DB and `syscov timeline` derives the since-versions.
# Checked against independent sources: the libc versions against the
# packages' (MANIFEST), every glibc symbol since-version against readelf,
# every table since-version of x86_64 against gcc -dM -E of the two UAPI
# header sets, every syscalls(2) one against the page's text, musl's
# release since-versions against readelf of the two libc.so; `diff` of two
# releases lists what the newer one newly wraps; the HTML chart renders in
# headless Chromium (a screenshot); a half-extracted release is refused
# (syscov: libc.so.6 missing, and the DB keeps its scans; the script: any
# package's files missing).
. "$SRCDIR/tests/lib.sh"
C=$BUILDDIR/release-sysroots
rc=0
"$SRCDIR/scripts/release-sysroot.sh" -c "$C" >"$T/list" 2>"$T/fetch" || rc=$?
if [ "$rc" = 3 ]; then
	echo "SKIP: the Debian mirror is out of reach: $(tail -n1 "$T/fetch")"
	exit 77
fi
[ "$rc" = 0 ] || fail "release-sysroot.sh: exit $rc: $(cat "$T/fetch")"
expect_eq "sysroots built" 12 "$(wc -l <"$T/list")"
DB=$T/db
for a in amd64:x86_64 arm64:aarch64; do
	"$SYSCOV" audit -q -j2 --db "$DB" -o "$T/rep" --arch "${a#*:}" "$C/${a%%:*}"/debian1[123]-{glibc,musl} >/dev/null
done
"$SYSCOV" timeline --db "$DB" -o "$T/tl" >"$T/sum"
q() { sqlite3 -batch -noheader "$DB" "$1"; }

# the libc versions are the packages'
while read -r rel dv arch libc dir; do
	pkg=libc6
	[ "$libc" = musl ] && pkg=musl
	want=$(sed -n "s/^$pkg \([0-9.]*\)[-+~].*/\1/p" "$dir/MANIFEST")
	got=$(q "SELECT libc_version FROM scan WHERE sysroot = '$dir'")
	# glibc 2.31 added no symbol version on these ABIs: its newest node is GLIBC_2.30
	[ "$want" = 2.31 ] && [ "$got" = 2.30 ] && got=2.31
	expect_eq "$rel $arch $libc version" "$want" "$got"
	grep -q "^debian$dv-$libc-" "$T/sum" || fail "summary lacks debian$dv-$libc"
done <"$T/list"

# glibc: each symbol since-version is the oldest GLIBC_ version readelf shows
G13=$C/amd64/debian13-glibc
readelf --dyn-syms -W "$G13/usr/lib/x86_64-linux-gnu/libc.so.6" |
	awk '($4 == "FUNC" || $4 == "IFUNC") && $8 ~ /@/ { split($8, p, "@+"); print p[1], p[2] }' |
	sed 's/GLIBC_//' | sort -k1,1 -k2,2V | awk '!seen[$1]++' >"$T/oldest"
n=0
while IFS='|' read -r name wrapper ver; do
	want=$(awk -v w="$wrapper" '$1 == w { print $2 }' "$T/oldest")
	expect_eq "$name: oldest version of $wrapper" "$want" "$ver"
	n=$((n + 1))
done < <(q "SELECT s.name, v.wrapper, s.version FROM since s JOIN verdict v ON v.name = s.name
	JOIN scan c ON c.id = v.scan_id AND c.sysroot = '$G13'
	WHERE s.arch = 'x86_64' AND s.source = 'symbol'")
[ "$n" -gt 250 ] || fail "only $n glibc symbol since-versions"

# tables: first in 6.1's UAPI and not in 5.10's, as gcc sees __NR_x
nr() { gcc -nostdinc -I"$1/usr/include/x86_64-linux-gnu" -I"$1/usr/include" -dM -E \
	-include asm/unistd_64.h -x c /dev/null | sed -n 's/^#define __NR_\([a-z0-9_]*\) .*/\1/p' | sort; }
nr "$C/amd64/debian11-glibc" >"$T/nr510"
nr "$C/amd64/debian12-glibc" >"$T/nr61"
comm -13 "$T/nr510" "$T/nr61" >"$T/new61"
expect_eq "table since 6.1 on x86_64" "$(cat "$T/new61")" \
	"$(q "SELECT name FROM since WHERE arch = 'x86_64' AND source = 'table' AND version = '6.1'
		ORDER BY name")"

# syscalls(2): each version is the page's
zcat "$G13/usr/share/man/man2/syscalls.2.gz" | sed -n 's/^\\fB\([a-z0-9_]*\)\\fP(2)\t\([0-9.]*\).*/\1 \2/p' \
	| sort -u >"$T/s2"
bad=$(q "SELECT name || ' ' || version FROM since WHERE arch = 'x86_64' AND source = 'syscalls(2)'" |
	sort -u | comm -23 - "$T/s2" | grep -v '^[a-z0-9_]* 2\.[0-9]*$' || true)
expect_eq "syscalls(2) versions not in the page" "" "$bad"

# musl: a since-version of a release not the oldest is its wrapper's arrival
M12=$C/amd64/debian12-musl M13=$C/amd64/debian13-musl
syms() { readelf --dyn-syms -W "$1/usr/lib/libc.so" | awk '$7 != "UND" && ($4 == "FUNC" || $4 == "IFUNC") { sub(/@.*/, "", $8); print $8 }' | sort -u; }
syms "$M12" >"$T/m12"
syms "$M13" >"$T/m13"
while IFS='|' read -r name wrapper; do
	grep -qx "$wrapper" "$T/m13" || fail "$name: musl 1.2.5 lacks $wrapper"
	! grep -qx "$wrapper" "$T/m12" || fail "$name: musl 1.2.3 has $wrapper already"
	ok
done < <(q "SELECT s.name, v.wrapper FROM since s JOIN verdict v ON v.name = s.name
	JOIN scan c ON c.id = v.scan_id AND c.sysroot = '$M13'
	WHERE s.arch = 'x86_64' AND s.side = 'musl' AND s.version = '1.2.5' AND s.exact")

# the summary's ten lags are the largest in the JSON
jq -r '[.syscalls[] | . as $s | .libc | to_entries[] | select(.value.lag_months != null)
	| .value.lag_months] | sort | reverse | .[9]' "$T/tl/timeline.json" >"$T/tenth"
[ "$(grep -c 'kernel releases$' "$T/sum")" = 10 ] || fail "summary: not ten lags"
ok

# diff of two releases: what the newer newly wraps
"$SYSCOV" diff --db "$DB" debian12-glibc-x86_64 debian13-glibc-x86_64 >"$T/diff"
want=$(q "SELECT b.name FROM verdict b JOIN scan sb ON sb.id = b.scan_id AND sb.label = 'debian13-glibc-x86_64'
	WHERE b.class = 'wrapped' AND NOT EXISTS (SELECT 1 FROM verdict a JOIN scan sa ON sa.id = a.scan_id
	AND sa.label = 'debian12-glibc-x86_64' WHERE a.name = b.name AND a.class = 'wrapped') ORDER BY b.name" | tr '\n' ' ')
expect_eq "newly wrapped" "newly wrapped in debian13-glibc-x86_64: ${want% }" \
	"$(grep '^newly wrapped' "$T/diff")"

# the chart renders: a screenshot of the page, looked at by a person once
if [ -n "${CHROMIUM:-}" ]; then
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
		--user-data-dir="$T/prof" --window-size=1150,1600 --screenshot="$BUILDDIR/timeline.png" \
		"file://$T/tl/index.html" >/dev/null 2>&1 || fail "chromium"
	[ "$(stat -c %s "$BUILDDIR/timeline.png")" -gt 50000 ] || fail "screenshot too small"
	ok
fi
grep -c '<g class="row">' "$T/tl/index.html" >/dev/null || fail "no chart rows"

# a half-extracted release (libc6's files missing) is refused, the DB kept
before=$(q "SELECT COUNT(*) FROM verdict")
mkdir "$T/half"
cp -al "$C/amd64/debian12-glibc" "$T/half/debian12-glibc"
rm "$T/half/debian12-glibc/lib/x86_64-linux-gnu/libc.so.6"
expect_rc 3 "$SYSCOV" audit -q --db "$DB" -o "$T/rep" --arch x86_64 "$T/half/debian12-glibc"
expect_err "libc.so.6: No such file"
expect_eq "verdicts kept" "$before" "$(q "SELECT COUNT(*) FROM verdict")"
# ... and one whose libc6-dev files are missing (libc6's are there): the
# script refuses it, naming the file and package
mkdir -p "$T/half/c/amd64"
cp -al "$C/amd64/debian12-glibc" "$C/amd64/debian12-musl" "$T/half/c/amd64/"
dpkg-deb --fsys-tarfile "$(ls "$C"/debs/bookworm/libc6-dev_*_amd64.deb)" | tar -t |
	while read -r f; do [ -d "$T/half/c/amd64/debian12-glibc/$f" ] || rm -f "$T/half/c/amd64/debian12-glibc/$f"; done
expect_rc 1 "$SRCDIR/scripts/release-sysroot.sh" -c "$T/half/c" -r bookworm -a amd64
expect_err "debian12-glibc: half extracted: no usr/include/unistd.h (package libc6-dev)"
done_ok
