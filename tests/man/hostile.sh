#!/bin/sh
# Hostile pages built here (unterminated blocks, a 1 MB line, NULs, invalid
# UTF-8, .so loops, deep chains and escapes, non-C names and types, damaged
# compressed files): each is a diagnostic, the scan succeeds, every file
# has its row.
. "$SRCDIR/tests/lib.sh"
q() { sqlite3 -batch -noheader "$T/db" "$@"; }
M=$T/man/man2
mkdir -p "$M" "$T/outside"
page() { # NAME BODY: a page with a .TH, a NAME line and BODY
	printf '.TH %s 2 2024-01-01 "Hostile 1.0"\n.SH NAME\n%s \\- test page\n%s\n' "$1" "$1" "$2" >"$M/$1.2"
}
page good '.SH SYNOPSIS
.nf
.B #include <unistd.h>
.PP
.BI "pid_t good(int " fd ", char " buf [.n] ", size_t " n );
.fi
.SH VERSIONS
This system call was added in Linux 9.9.'
page nofill '.SH SYNOPSIS
.nf
.B int nofill(void);'
page table '.SH DESCRIPTION
.TS
l l.
a(2)	T{
never closed'
printf '.TH longline 2\n.SH NAME\nlongline \\- x\n.SH DESCRIPTION\n' >"$M/longline.2"
head -c 1048576 /dev/zero | tr '\0' 'x' >>"$M/longline.2"
printf '.TH nul 2\n.SH NAME\nnul \\- has\000 NUL\000 bytes\n' >"$M/nul.2"
printf '.TH badutf 2\n.SH NAME\nbadutf \\- bad \377\376 \300\200 \355\240\200 bytes\n' >"$M/badutf.2"
printf '.so man2/loop2.2\n' >"$M/loop1.2"
printf '.so man2/loop1.2\n' >"$M/loop2.2"
printf '.so man2/self.2\n' >"$M/self.2"
i=0
while [ $i -lt 12 ]; do printf '.so man2/deep%d.2\n' $((i + 1)) >"$M/deep$i.2"; i=$((i + 1)); done
page deep12 ''
printf '.so ../../outside/secret.2\n' >"$M/outside.2"
printf '.so /etc/passwd\n' >"$M/abs.2"
printf '.so man2/missing.2\n' >"$M/missing_target.2"
echo 'secret' >"$T/outside/secret.2"
ln -s ../../outside/secret.2 "$M/esclink.2"
ln -s /etc/passwd "$M/abslink.2"
ln -s good.2 "$M/alias.2"
printf '.TH notc 2\n.SH NAME\nfoo-bar, 9lives, ok_name \\- names that are not C\n' >"$M/notc.2"
cat >>"$M/notc.2" <<'PAGE'
.SH SYNOPSIS
.nf
.B #include <not/a/header.h>
.B int 3d(struct { );
.B @@@ weird(int);
.B typedef fd_set;
.B struct { int x; } s;
.B int open(const char *path, FLAG_CONSTANT, int x);
.B int unclosed(int a
.fi
PAGE
page escapes '.SH DESCRIPTION
trailing \
\f
\(
\[unterminated
\*(
\s
\h
\X'"'"'no end
.de XX
never closed'
: >"$M/empty.2"
printf '.TH x\n.SH NAME\nx \\- y\n' | gzip >"$T/full.gz"
head -c 20 "$T/full.gz" >"$M/truncated.2.gz"
printf 'not gzip at all' >"$M/garbage.2.gz"
head -c 100000000 /dev/zero | gzip -1 >"$M/bomb.2.gz"
if command -v xz >/dev/null; then
	printf '.TH x\n' | xz >"$T/full.xz"
	head -c 10 "$T/full.xz" >"$M/truncated.2.xz"
fi
mkfifo "$M/fifo.2"
expect_rc 0 "$SYSCOV" scan -q --db "$T/db" --man-dir "$T/man" /
SCAN=$(q "SELECT id FROM scan WHERE sysroot = '/'")
expect_eq "man_source" "man-dir|$T/man/man2" "$(q "SELECT man_source || '|' || man_dir FROM scan WHERE id = $SCAN")"
expect_eq "one row per file" "$(ls "$M" | wc -l)" "$(q "SELECT count(*) FROM man_page WHERE scan_id = $SCAN")"
has() { # FILE PATTERN: a diag of FILE matches PATTERN
	q "SELECT message FROM diag WHERE scan_id = $SCAN AND source = 'man' AND path LIKE '%/$1'" |
		grep -q -- "$2" || fail "$1: no diag matching '$2'; got: $(q "SELECT message FROM diag WHERE scan_id = $SCAN AND path LIKE '%/$1'")"
	ok
}
has nofill.2 'not closed by .fi'
has table.2 '.TS table not closed'
has longline.2 'longer than 64 KiB'
has nul.2 'NUL byte'
has badutf.2 'invalid UTF-8'
has loop1.2 '.so loop'
has self.2 '.so loop'
has deep0.2 '.so chain longer than'
has outside.2 'outside the man dir'
has abs.2 'outside the man dir'
has missing_target.2 'no such page'
has esclink.2 'cannot resolve'
has abslink.2 'cannot resolve' # re-rooted at the man dir: /etc/passwd is not there
has notc.2 "'foo-bar' is not a C identifier"
has notc.2 "'9lives' is not a C identifier"
has escapes.2 'not closed by \.\.'
has truncated.2.gz 'truncated'
has garbage.2.gz 'corrupt'
has bomb.2.gz 'limit'
has fifo.2 'not a regular file'
[ -f "$M/truncated.2.xz" ] && has truncated.2.xz 'truncated'
expect_eq "good typed" "int|3|char *" "$(q "SELECT m.ret || '|' || m.nparams || '|' || (SELECT type FROM man_param WHERE proto_id = m.id AND idx = 1) FROM man_proto m WHERE m.name = 'good'")"
expect_eq "good kernel_since" "9.9" "$(q "SELECT kernel_since FROM man_page WHERE scan_id = $SCAN AND file = 'good.2'")"
expect_eq "alias" "good.2" "$(q "SELECT alias_of FROM man_page WHERE scan_id = $SCAN AND file = 'alias.2'")"
expect_eq "deep chain within the bound resolves" "deep12.2" "$(q "SELECT alias_of FROM man_page WHERE scan_id = $SCAN AND file = 'deep5.2'")"
expect_eq "notc keeps ok_name" "ok_name" "$(q "SELECT group_concat(n.name) FROM man_name n JOIN man_page p ON p.id = n.page_id WHERE p.scan_id = $SCAN AND p.file = 'notc.2'")"
expect_eq "notc prototypes unparsed" 0 "$(q "SELECT sum(parsed) FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.scan_id = $SCAN AND p.file = 'notc.2'")"
q "SELECT diag FROM man_proto m JOIN man_page p ON p.id = m.page_id WHERE p.file = 'notc.2' AND m.diag IS NULL" | grep -q . && fail "an unparsed prototype without its diagnostic"
ok
# nothing outside the man dir was read
q "SELECT path FROM input WHERE scan_id = $SCAN AND kind = 'man'" | grep -v "^$T/man/" && fail "read outside the man dir"
ok
# --no-man reads nothing
expect_rc 0 "$SYSCOV" scan -q --db "$T/db2" --no-man /
expect_eq "--no-man" "none|0" "$(sqlite3 "$T/db2" "SELECT man_source || '|' || (SELECT count(*) FROM man_page) FROM scan")"
expect_rc 3 "$SYSCOV" scan -q --db "$T/db3" --man-dir "$T/nonexistent" /
done_ok
