#!/bin/bash
# Benchmark: a kernel tree read in place as a tarball (src/base/ktree.c)
# against the same tree unpacked, and the audit of / before and after the
# default run found the sysroot's own kernel source: medians of RUNS runs.
#   - scan --kernel-src of Debian's linux-source-6.1.tar.xz, fresh DB (one
#     decompression pass), against its floor, `xz -dc` of the tarball;
#   - the same scan kept (a second scan of the unchanged tarball);
#   - scan --kernel-src of the unpacked tree (tests/ktable/extract.sh's);
#   - audit / with a fresh DB and again with the DB kept.
# Usage: scripts/bench-ktree.sh [RUNS] (default 3); SYSCOV=path (default
# build/syscov). Needs /usr/src/linux-source-6.1.tar.xz.
set -euo pipefail
cd "$(dirname "$0")/.."
TOP=$PWD
RUNS=${1:-3}
SYSCOV=${SYSCOV:-$TOP/build/syscov}
TAR=/usr/src/linux-source-6.1.tar.xz
[ -x "$SYSCOV" ] || { echo "bench-ktree: $SYSCOV is not built, or set SYSCOV" >&2; exit 2; }
[ -f "$TAR" ] || { echo "bench-ktree: no $TAR (apt-get install linux-source-6.1)" >&2; exit 2; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$TOP/scripts/bench-lib.sh"
TREE=$(dirname "$SYSCOV")/ktable-linux-6.1/linux-source-6.1
[ -d "$TREE" ] || "$TOP/tests/ktable/extract.sh" "$(dirname "$TREE")"
cd "$W"
med() { median_ms "$@"; }
row "xz -dc of the tarball (floor)" "$(med sh -c "xz -dc '$TAR' >/dev/null")"
row "scan --kernel-src tarball, fresh DB" "$(med sh -c "rm -f t.db; '$SYSCOV' scan -q --db t.db --kernel-src '$TAR'")"
row "the same, kept" "$(med "$SYSCOV" scan -q --db t.db --kernel-src "$TAR")"
row "scan --kernel-src unpacked tree, fresh DB" "$(med sh -c "rm -f d.db; '$SYSCOV' scan -q --db d.db --kernel-src '$TREE'")"
row "audit / (finds the tarball), fresh DB" "$(med sh -c "rm -rf a.db r; '$SYSCOV' audit -q --db a.db -o r / >/dev/null")"
row "audit / again, kept" "$(med sh -c "'$SYSCOV' audit -q --db a.db -o r / >/dev/null")"
