#!/bin/bash
# timeline_release: scripts/release-sysroot.sh builds Debian 11, 12 and 13
# sysroots (glibc and musl, amd64 and arm64; cached in $BUILDDIR); syscov
# audits them into one DB and `syscov timeline` derives the since-versions.
# Checked against independent sources: the libc versions against the
# packages' (MANIFEST), every glibc symbol since-version against readelf,
# every table since-version of x86_64 against gcc -dM -E of the two UAPI
# header sets, every syscalls(2) one against the page's text, musl's
# release since-versions against readelf of the two libc.so; `diff` of two
# releases lists what the newer one newly wraps; 41 since-versions against
# facts a person can check (facts.tsv: glibc NEWS and tags, musl WHATSNEW,
# man pages, Debian's patches); the HTML chart in headless Chromium (its DOM:
# bounds drawn open, the word "missing"; a screenshot: both libcs' colours);
# a half-extracted release is refused
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
	# glibc 2.31 added no symbol version on these ABIs: the version string tells
	got=$(q "SELECT libc_version FROM scan WHERE sysroot = '$dir'")
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
# (1.2.4 was not scanned: a range, after 1.2.3)
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
	WHERE s.arch = 'x86_64' AND s.side = 'musl' AND s.source = 'release' AND s.version = '1.2.5'
	AND s.after_version = '1.2.3'")
[ "$(q "SELECT COUNT(*) FROM since WHERE arch = 'x86_64' AND side = 'musl' AND source = 'release'
	AND version = '1.2.5'")" -gt 3 ] || fail "fewer than 4 musl arrivals in 1.2.5"

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

# facts a person can check (tests/timeline/facts.tsv: glibc NEWS and tags,
# musl's WHATSNEW, the man pages' HISTORY, Debian's patches), each against
# the since-version the timeline chose, in the form it must have
n=0
vle() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" = "$1" ]; }
while IFS=$'\t' read -r arch name side form fact src; do
	case $arch in '#'* | arch) continue ;; esac
	got=$(sqlite3 -separator '|' "$DB" "SELECT version, exact, COALESCE(after_version, ''), source
		FROM since WHERE arch = '$arch' AND name = '$name' AND side = '$side' AND chosen")
	IFS='|' read -r v ex af so <<<"$got"
	what="$arch $name $side: $src: $form $fact, got '$got'"
	case $form in
	exact) [ "$ex" = 1 ] && [ -z "$af" ] && [ "$v" = "$fact" ] || fail "$what" ;;
	range) [ "$ex" = 0 ] && [ -n "$af" ] && ! vle "$fact" "$af" && vle "$fact" "$v" || fail "$what" ;;
	atmost) [ "$ex" = 0 ] && [ -z "$af" ] && vle "$fact" "$v" || fail "$what" ;;
	package)
		# Debian's patches fetched (the mirror had the source): the package;
		# else the note says the arrival is unverified
		if [ -d "$C/$( [ "$arch" = x86_64 ] && echo amd64 || echo arm64)/debian13-$side/debian-patches" ]; then
			[ "$so" = package ] && [ "${v#"$fact"}" != "$v" ] || fail "$what"
		else
			q "SELECT note FROM since WHERE arch = '$arch' AND name = '$name' AND side = '$side'
				AND chosen" | grep -q unverified || fail "$what: not flagged unverified"
		fi ;;
	*) fail "facts.tsv: unknown form $form" ;;
	esac
	ok
	n=$((n + 1))
done <"$SRCDIR/tests/timeline/facts.tsv"
[ "$n" -ge 25 ] || fail "only $n facts"
# Debian's patch named for renameat2 is the one that adds it
p=$(q "SELECT detail FROM since WHERE arch = 'x86_64' AND name = 'renameat2' AND source = 'package'" |
	sed -n 's|.*debian/patches/\([^:]*\):.*|\1|p')
[ ! -d "$M13/debian-patches" ] || grep -q '^+int renameat2(' "$M13/debian-patches/$p" ||
	fail "renameat2: '$p' does not add it"
# every disagreement of the man pages is kept: membarrier's syscalls(2) 3.17
q "SELECT note FROM since WHERE arch = 'x86_64' AND name = 'membarrier' AND side = 'kernel' AND chosen" |
	grep -q 'syscalls(2) says Linux 3.17' || fail "membarrier: syscalls(2)'s 3.17 not noted"
ok

# the chart: bounds open, known dates filled, each libc its colour, the word
# "missing" where a libc lacks it (the DOM as Chromium builds it), and a
# screenshot holding both libcs' colours
svg_row() { # the <g class="row"> of syscall $2 in the chart of ABI $1
	awk -v a="Arrivals on $1 " -v n=">$2</text>" 'index($0, a) { on = 1 }
		on && /<g class="row">/ && index($0, n) { print; exit }' "$T/dom"; }
if [ -n "${CHROMIUM:-}" ]; then
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
		--user-data-dir="$T/prof" --dump-dom "file://$T/tl/index.html" >"$T/dom" 2>"$T/console" ||
		fail "chromium --dump-dom"
	svg_row x86_64 fchmodat2 | grep -q 'class="kb"' || fail "fchmodat2: its kernel bound is not open"
	svg_row x86_64 fchmodat2 | grep -q 'class="kr"' || fail "fchmodat2: its kernel range is not drawn"
	svg_row x86_64 membarrier | grep -q 'circle class="k"' || fail "membarrier: 4.3 is not filled"
	svg_row x86_64 faccessat2 | grep -q 'rect class="b0"' || fail "faccessat2: glibc's range is not open"
	svg_row x86_64 io_uring_setup | grep -q '<tspan class="t0">glibc</tspan> <tspan class="t1">musl</tspan> missing' ||
		fail "io_uring_setup: the word missing"
	grep -q 'of 375 live\|% missing: 86 of' "$T/dom" || fail "no missing share"
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
		--user-data-dir="$T/prof" --window-size=1150,1600 --screenshot="$BUILDDIR/timeline.png" \
		"file://$T/tl/index.html" >/dev/null 2>&1 || fail "chromium"
	python3 - "$BUILDDIR/timeline.png" <<'PY' || fail "screenshot colours"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and ctype in (2, 6), (depth, ctype)
        bpp = 4 if ctype == 6 else 3
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw, stride, prev, count = zlib.decompress(idat), w * bpp, bytearray(w * bpp), {}
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        p = a + b - c
        pr = a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else b if abs(p - b) <= abs(p - c) else c
        line[i] = (line[i] + (0, a, b, (a + b) // 2, pr)[f]) & 255
    for x in range(0, stride, bpp):
        px = bytes(line[x:x + 3])
        count[px] = count.get(px, 0) + 1
    prev = line
glibc, musl = count.get(bytes.fromhex("2b6cb0"), 0), count.get(bytes.fromhex("dd6b20"), 0)
print("glibc blue %d px, musl orange %d px" % (glibc, musl))
sys.exit(0 if glibc > 2000 and musl > 2000 else 1)
PY
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
