#!/bin/bash
# host.sh: verdicts of the host sysroot (glibc 2.36, man-pages 6.03), each
# checked against an independent source: readelf on libc.so.6 for symbol
# versions, gcc for what the headers declare, the man page text.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/classify/common.sh"
H=host-$(uname -m)
"$SYSCOV" audit -q --db "$DB" / || fail "audit / failed"
ok
LIBC=$(gcc -print-file-name=libc.so.6)
readelf --dyn-syms -W "$LIBC" | awk '$4 == "FUNC" || $4 == "IFUNC" { print $8 }' >"$T/syms"
sym() { grep -E "^$1@" "$T/syms" | sort | tr '\n' ' '; }
prelude "$H"
# a page's text without roff font escapes, on one line
man2() { zcat -f /usr/share/man/man2/$1.2* 2>/dev/null | sed 's/\\f[BIRP]//g' | tr '\n' ' '; }

# the verdicts the issue asks for
expect_eq "gettid symbol" "gettid@@GLIBC_2.30 " "$(sym gettid)"
declared gcc gettid || fail "gcc: gettid not declared"
expect_verdict "$H" gettid wrapped gettid GLIBC_2.30
expect_eq "tgkill symbol" "tgkill@@GLIBC_2.30 " "$(sym tgkill)"
expect_verdict "$H" tgkill wrapped tgkill GLIBC_2.30
# init_module: exported and linkable, declared by no header
expect_eq "init_module symbol" "init_module@@GLIBC_2.2.5 " "$(sym init_module)"
declared gcc init_module && fail "gcc: init_module is declared"
expect_verdict "$H" init_module missing "" "" symbol-without-header
for n in finit_module kcmp ioprio_get ioprio_set; do
	expect_eq "$n symbol" "" "$(sym $n)"
	expect_verdict "$H" $n missing "" ""
done
# create_module: only a compat version (one '@')
expect_eq "create_module symbol" "create_module@GLIBC_2.2.5 " "$(sym create_module)"
expect_verdict "$H" create_module obsolete "" "" compat-only
zcat -f /usr/share/man/man2/syscalls.2* | grep -q '^\\fB_sysctl\\fP(2).*Removed in 5.5' ||
	fail "syscalls(2) text changed"
expect_verdict "$H" _sysctl obsolete "" ""
expect_verdict "$H" restart_syscall internal "" ""
# pidfd_open: glibc 2.36 added it, man-pages 6.03 still says there is none
expect_eq "pidfd_open symbol" "pidfd_open@@GLIBC_2.36 " "$(sym pidfd_open)"
man2 pidfd_open | grep -q "glibc provides no wrapper for .BR pidfd_open ()" || fail "pidfd_open(2) text"
declared gcc pidfd_open || fail "gcc: pidfd_open not declared"
expect_verdict "$H" pidfd_open wrapped pidfd_open GLIBC_2.36 man-stale
# a note is about the names its sentence names: tkill(2) says "no wrapper
# for tkill()", not about tgkill; clone(2) says it of clone3() only
man2 tkill | grep -q "glibc provides no wrapper for .BR tkill ()" || fail "tkill(2) text"
has_flag "$H" tgkill man-stale && fail "tgkill: man-stale"
has_flag "$H" clone man-stale && fail "clone: man-stale"
expect_verdict "$H" tkill obsolete "" ""
# rt_sigqueueinfo: offered as sigqueue(3)
expect_eq "rt_sigqueueinfo symbol" "" "$(sym rt_sigqueueinfo)"
expect_eq "sigqueue symbol" "sigqueue@@GLIBC_2.2.5 " "$(sym sigqueue)"
expect_verdict "$H" rt_sigqueueinfo wrapped sigqueue GLIBC_2.2.5 alias
# derived from the man pages (sigaction(2) NAME lists rt_sigaction)
man2 sigaction | grep -q "sigaction, rt_sigaction" || fail "sigaction(2) NAME"
expect_verdict "$H" rt_sigaction wrapped sigaction GLIBC_2.2.5 alias
sqlite3 "$DB" "SELECT evidence FROM verdict WHERE name = 'rt_sigaction'" | grep -q '"source":"man"' ||
	fail "rt_sigaction: no man evidence"
ok
# a wrapper that is an ENOSYS stub stays internal (gnu/stubs.h lists it)
grep -q "__stub_sigreturn" /usr/include/*/gnu/stubs-64.h || fail "stubs-64.h"
expect_verdict "$H" rt_sigreturn internal "" ""
# deprecated but still wrapped
expect_verdict "$H" remap_file_pages wrapped remap_file_pages GLIBC_2.3.3 deprecated

# every verdict: one of the classes, evidence a JSON array of {source, fact}
expect_eq "classes" "" "$(sqlite3 "$DB" "SELECT name FROM verdict WHERE class NOT IN
	('wrapped','obsolete','internal','missing')")"
expect_eq "evidence json" "0" "$(sqlite3 "$DB" "SELECT count(*) FROM verdict
	WHERE NOT json_valid(evidence) OR json_type(evidence) <> 'array'")"
expect_eq "evidence sources" "" "$(sqlite3 "$DB" "SELECT DISTINCT e.value ->> 'source'
	FROM verdict v, json_each(v.evidence) e WHERE e.value ->> 'source' NOT IN
	('kernel','libc','headers','man','data','code') OR e.value ->> 'fact' IS NULL")"
# one verdict per syscall of the table
expect_eq "one per syscall" "$(sqlite3 "$DB" "SELECT count(DISTINCT name) FROM ksyscall
	WHERE private = 0 AND arch = (SELECT arch FROM scan WHERE label = '$H')")" \
	"$(sqlite3 "$DB" "SELECT count(*) FROM verdict")"
# wrapped means linkable and declared, checked by readelf and gcc for all
sqlite3 "$DB" "SELECT wrapper, since FROM verdict WHERE class = 'wrapped'" >"$T/wrapped"
while IFS='|' read -r w since; do
	grep -qx "$w@@$since" "$T/syms" || fail "wrapped via $w@@$since: not in readelf"
done <"$T/wrapped"
ok
# show has the verdict, in text and JSON
"$SYSCOV" show --db "$DB" --format json gettid | jq -e '.verdict[0].class == "wrapped"' >/dev/null ||
	fail "show --format json gettid"
"$SYSCOV" show --db "$DB" gettid | grep -q "^verdict$" || fail "show gettid: no verdict section"
ok
# classify again: same verdicts (replaced, not added)
sqlite3 "$DB" "SELECT * FROM verdict ORDER BY name" >"$T/v1"
# a declaration in an internal header (bits/) names the public one that
# brought it in: gcc finds each such function declared by that header alone
sqlite3 -separator ' ' "$DB" "SELECT DISTINCT via, name FROM decl WHERE via IS NOT NULL AND
	scan_id = (SELECT id FROM scan WHERE label = '$H') ORDER BY via, name" >"$T/via"
[ "$(wc -l <"$T/via")" -gt 20 ] || fail "few declarations through a public header: $(wc -l <"$T/via")"
while read -r via name; do
	printf '#define _GNU_SOURCE\n#include <%s>\nvoid *p_%s = (void *)&%s;\n' "$via" "$name" "$name"
done <"$T/via" >"$T/via.c"
gcc -std=gnu11 -fsyntax-only -Werror=implicit-function-declaration "$T/via.c" 2>"$T/via.err" ||
	fail "declared by the via header, says gcc: not so: $(grep -m3 error "$T/via.err")"
ok
grep -q '"gettid() declared in /usr/include/x86_64-linux-gnu/bits/unistd_ext.h, included by <unistd.h>"' \
	<<<"$(sqlite3 "$DB" "SELECT evidence FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = '$H' AND v.name = 'gettid'")" ||
	fail "gettid's evidence does not name <unistd.h>"
ok
"$SYSCOV" classify -q --db "$DB"
sqlite3 "$DB" "SELECT * FROM verdict ORDER BY name" >"$T/v2"
cmp -s "$T/v1" "$T/v2" || fail "classify twice: verdicts differ"
ok
done_ok
