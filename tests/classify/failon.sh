#!/bin/bash
# failon.sh: --fail-on and --need on audit and classify: exit 1 when a
# syscall of the audited scans is in one of the classes, 0 otherwise.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/classify/common.sh"
H=host-$(uname -m)
# kcmp has no glibc wrapper (readelf), so the host has a missing syscall
readelf --dyn-syms -W "$(gcc -print-file-name=libc.so.6)" | grep -q ' kcmp@' && fail "glibc has kcmp"
expect_rc 1 "$SYSCOV" audit -q --db "$DB" --fail-on missing /
expect_eq "missing exists" "1" "$(sqlite3 "$DB" "SELECT count(*) > 0 FROM verdict WHERE class = 'missing'")"
expect_rc 0 "$SYSCOV" audit -q --db "$DB" /
# a class that has no member on the host: none is 'internal' among these
expect_rc 0 "$SYSCOV" classify -q --db "$DB" --fail-on internal --need read,gettid,openat
expect_rc 1 "$SYSCOV" classify -q --db "$DB" --fail-on missing --need read,kcmp
expect_rc 0 "$SYSCOV" classify -q --db "$DB" --fail-on missing --need read,gettid
expect_rc 1 "$SYSCOV" classify -q --db "$DB" --fail-on obsolete,internal
expect_rc 1 "$SYSCOV" classify --db "$DB" --fail-on missing --need kcmp --scan "$H"
grep -q "kcmp is missing" "$T/err" || fail "the match is not named on stderr"
ok
# usage errors: exit 2 before any work
expect_rc 2 "$SYSCOV" classify --db "$DB" --fail-on bogus
expect_err "fail-on bogus"
expect_rc 2 "$SYSCOV" audit --db "$T/other.db" --fail-on wrapped,nope /
[ ! -e "$T/other.db" ] || fail "audit with a bad --fail-on created a DB"
ok
expect_rc 2 "$SYSCOV" classify --db "$DB" --need kcmp
expect_rc 2 "$SYSCOV" audit --db "$T/other.db" --need kcmp /
[ ! -e "$T/other.db" ] || fail "audit with --need alone created a DB"
ok
# a --need name is checked: a typo or an empty list would make the check
# pass whatever the verdicts; blanks around a name are not part of it
expect_rc 2 "$SYSCOV" classify --db "$DB" --fail-on missing --need kcmpp
expect_err "need kcmpp: no syscall"
expect_rc 2 "$SYSCOV" classify --db "$DB" --fail-on missing --need ''
expect_rc 2 "$SYSCOV" classify --db "$DB" --fail-on missing --need 'kcmp;rm'
expect_rc 1 "$SYSCOV" classify -q --db "$DB" --fail-on missing --need 'read, kcmp'
expect_rc 2 "$SYSCOV" audit -q --db "$DB" --fail-on missing --need read,kcmpp /
expect_rc 2 "$SYSCOV" classify --db "$DB" --scan no-such-scan
expect_rc 0 "$SYSCOV" classify --help
# a broken data file is an input error naming it
mkdir "$T/data"
cp "$SRCDIR"/data/*.tsv "$SRCDIR"/data/*.list "$T/data/" 2>/dev/null || true
printf 'syscall\twrapper\tkind\tsource\nfoo\tbar\talias\t\n' >"$T/data/aliases.tsv"
SYSCOV_DATA_DIR=$T/data expect_rc 3 "$SYSCOV" classify --db "$DB"
expect_err "aliases.tsv:2"
done_ok
