#!/bin/bash
# tty.sh: progress and colour appear on a terminal only. Under a pty
# (script(1) from util-linux) a two-sysroot audit redraws "[i/2] scanning
# ROOT (ABI): step..." with \r on stderr and colours the class names; without
# a terminal, stdout and stderr hold no \r and no escape at all; NO_COLOR
# drops the colour but keeps the progress; -q drops the progress.
. "$SRCDIR/tests/lib.sh"
command -v script >/dev/null || fail "script(1) not installed (util-linux: bsdutils)"
CROSS=/usr/aarch64-linux-gnu
[ -d "$CROSS" ] || fail "$CROSS missing (scripts/install-deps.sh)"
ESC=$(printf '\033')
CR=$(printf '\r')
SYSCOV=$(readlink -f "$SYSCOV")
cd "$T"
# pty CMD...: runs CMD with stdin, stdout and stderr on a pty; output in $T/tty
pty() {
	local cmd
	cmd=$(printf '%q ' "$@")
	script -qec "$cmd" /dev/null </dev/null >"$T/tty" 2>&1 || fail "under a pty: $*: $(tail -3 "$T/tty")"
	ok
}

# 1. a terminal: progress with \r and an erase-to-end-of-line, colour
pty env -u NO_COLOR "$SYSCOV" audit --db "$T/db" -o "$T/out" / "$CROSS"
grep -q "${CR}\[1/2\] scanning / (x86_64): man" "$T/tty" || fail "no '[1/2] scanning / (x86_64): man' progress: $(tr '\r\033' '|~' <"$T/tty" | head -c 600)"
ok
grep -q "${CR}\[2/2\] scanning $CROSS (aarch64): headers" "$T/tty" || fail "no [2/2] progress for $CROSS"
ok
grep -q "${ESC}\[K" "$T/tty" || fail "progress does not erase the rest of the line"
ok
grep -q "${ESC}\[1;31m *missing${ESC}\[0m" "$T/tty" || fail "class name 'missing' not coloured on a tty"
ok
# the progress line is erased before the summary table: the table's header
# starts a line (after \r\033[K at most)
grep -a "scan .*wrapped" "$T/tty" | sed "s/${ESC}\[[0-9;]*[mK]//g; s/${CR}//g" | grep -q '^scan ' ||
	fail "summary header does not start a line"
ok
# the same table as without a terminal, once the escapes and \r are gone
"$SYSCOV" audit --db "$T/db2" -o "$T/out2" / "$CROSS" >"$T/plain.out" 2>"$T/plain.err" || fail "audit without a tty: $(cat "$T/plain.err")"
sed "s/${ESC}\[[0-9;]*[mK]//g; s/${CR}//g" "$T/tty" | grep -E '^(scan|host-|aarch64-)' | grep -v ' (' >"$T/tty.table"
expect_eq "summary on a tty vs in a pipe" "$(cat "$T/plain.out")" "$(cat "$T/tty.table")"

# 2. no terminal: not one \r or escape on stdout or stderr
for f in "$T/plain.out" "$T/plain.err"; do
	if grep -q "[$CR$ESC]" "$f"; then fail "control bytes without a tty in ${f##*/}: $(tr '\r\033' '|~' <"$f" | head -c 300)"; fi
	ok
done
# -v without a terminal: timings, still no progress
"$SYSCOV" classify -v --db "$T/db2" >"$T/v.out" 2>"$T/v.err" || fail "classify -v"
if cat "$T/v.out" "$T/v.err" | grep -q "[$CR$ESC]"; then fail "control bytes in classify -v without a tty"; fi
ok

# 3. NO_COLOR: progress stays, colour goes
pty env NO_COLOR=1 "$SYSCOV" audit --db "$T/db" -o "$T/out" "$CROSS"
grep -q "${CR}\[1/1\] scanning $CROSS" "$T/tty" || fail "no progress with NO_COLOR"
ok
if grep -q "${ESC}\[[0-9;]*m" "$T/tty"; then fail "colour with NO_COLOR=1: $(tr '\033' '~' <"$T/tty" | grep '~\[[0-9;]*m' | head -2)"; fi
ok
# an empty NO_COLOR does not count (no-color.org)
pty env NO_COLOR= "$SYSCOV" classify --db "$T/db"
grep -q "${ESC}\[32mwrapped${ESC}\[0m" "$T/tty" || fail "no colour with NO_COLOR empty"
ok

# 4. -q: no progress, no colour-carrying summary on stderr
pty env -u NO_COLOR "$SYSCOV" audit -q --db "$T/db" -o "$T/out" "$CROSS"
if grep -q "scanning" "$T/tty"; then fail "progress with -q"; fi
ok
# stdout to a file while stderr is a terminal: the file has no colour
script -qec "$(printf '%q ' env -u NO_COLOR "$SYSCOV" classify --db "$T/db") >$(printf '%q' "$T/file.out")" /dev/null </dev/null >/dev/null 2>&1 ||
	fail "classify with stdout to a file"
if grep -q "$ESC" "$T/file.out"; then fail "colour in a file"; fi
ok
done_ok
