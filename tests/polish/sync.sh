#!/bin/bash
# sync.sh: keeps the documentation of every subcommand's options in step
# with the binary, in the spirit of bpftool's sync check. For each command
# the set of options must be equal in:
#   - `syscov CMD --help` (the option column of its Options: list),
#   - the options the binary accepts (probed: `CMD --opt x --help` exits 0
#     or refuses x for a known option; getopt names an unknown one), over every
#     option name any command's source declares, so an undocumented option
#     is found too,
#   - docs/syscov.1 (the .TP items of its ".SS syscov CMD" section, plus the
#     COMMON OPTIONS section),
#   - README.md (the commands table: its options column, plus the
#     "every command" row).
# The command lists of `syscov --help`, the man page and README must match.
. "$SRCDIR/tests/lib.sh"
MAN=$SRCDIR/docs/syscov.1
README=$SRCDIR/README.md

"$SYSCOV" --help | awk '/^Commands:/{f=1;next} f&&NF==0{f=0} f{print $1}' | sort >"$T/cmds.help"
[ "$(wc -l <"$T/cmds.help")" -ge 9 ] || fail "syscov --help lists $(wc -l <"$T/cmds.help") commands"
sed -n 's/^\.SS syscov \([a-z]*\).*/\1/p' "$MAN" | sort >"$T/cmds.man"
sed -n 's/^| `syscov \([a-z]*\).*/\1/p' "$README" | sort -u >"$T/cmds.readme"
expect_eq "commands: --help vs man page" "$(cat "$T/cmds.help")" "$(cat "$T/cmds.man")"
expect_eq "commands: --help vs README" "$(cat "$T/cmds.help")" "$(cat "$T/cmds.readme")"

# every long option name the sources declare (struct option rows)
grep -ho '{"[a-z][a-z0-9-]*", *\(no\|required\|optional\)_argument' "$SRCDIR"/src/*/*.c "$SRCDIR"/src/*/*.h |
	sed 's/{"\([^"]*\)".*/--\1/' | sort -u >"$T/candidates"
[ "$(wc -l <"$T/candidates")" -ge 15 ] || fail "found only $(wc -l <"$T/candidates") option names in src/"
printf '%s\n' -o -q -v -j -h -V >>"$T/candidates"

# man page: the options of one .SS section, and of COMMON OPTIONS
man_opts() {
	awk -v sec="$1" '
		/^\.S[SH] / { cur = $0; next }
		prev == ".TP" && (cur == sec || index(cur, sec " ") == 1) { print }
		{ prev = $0 }' "$MAN" |
		grep -oE '\\-(\\-[a-z][a-z0-9\\-]*|[a-z])' | sed 's/\\//g'
}
man_opts ".SH COMMON OPTIONS" | sort -u >"$T/common.man"
# README: the options column of the commands table
readme_opts() {
	grep "^| $1[\` ]" "$README" | awk -F'|' '{print $4}' | grep -oE '`--?[a-z][a-z0-9-]*' | tr -d '`'
}
readme_opts "every command" | sort -u >"$T/common.readme"
expect_eq "common options: man vs README" "$(cat "$T/common.man")" "$(cat "$T/common.readme")"

while read -r cmd; do
	"$SYSCOV" "$cmd" --help >"$T/help" || fail "$cmd --help exits non-zero"
	sed -n '/^Options:/,$p' "$T/help" |
		grep -oE '^  (-[a-z], )?--[a-z][a-z0-9-]*|^  -[a-z]\b' | tr -d ' ,' |
		sed -E 's/^(-[a-z])(--.*)/\1\n\2/' | sort -u >"$T/h"
	[ -s "$T/h" ] || fail "$cmd --help lists no options"
	# what the binary accepts, among every name declared anywhere
	: >"$T/a"
	while read -r o; do
		# a known option either parses (and --help exits 0) or its
		# argument is refused: only an unknown one says "unknown"
		if "$SYSCOV" "$cmd" "$o" x --help >/dev/null 2>"$T/perr" ||
			! grep -q "unknown" "$T/perr"; then echo "$o" >>"$T/a"; fi
	done <"$T/candidates"
	sort -u -o "$T/a" "$T/a"
	expect_eq "$cmd: --help vs accepted options" "$(cat "$T/h")" "$(cat "$T/a")"
	{ man_opts ".SS syscov $cmd"; cat "$T/common.man"; } | sort -u >"$T/m"
	expect_eq "$cmd: --help vs man page" "$(cat "$T/h")" "$(cat "$T/m")"
	{ readme_opts "\`syscov $cmd"; cat "$T/common.readme"; } | sort -u >"$T/r"
	expect_eq "$cmd: --help vs README" "$(cat "$T/h")" "$(cat "$T/r")"
done <"$T/cmds.help"

# the exit codes: util.h's enum, syscov --help, the man page and README agree
codes_h=$(grep -oE '^\s*EXIT_[A-Z]+ = [0-9]+' "$SRCDIR/src/base/util.h" | grep -oE '[0-9]+$' | sort -n | tr '\n' ' ')
codes_help=$("$SYSCOV" --help | sed -n '/^Exit codes/,$p' | grep -oE '\b[0-9]+ [a-z-]' | grep -oE '^[0-9]+' | sort -n | tr '\n' ' ')
codes_man=$(sed -n '/^\.SH EXIT STATUS/,/^\.SH /p' "$MAN" | sed -n 's/^\.B \([0-9][0-9]*\)$/\1/p' | sort -n | tr '\n' ' ')
codes_readme=$(sed -n '/^### Exit codes/,/^#/p' "$README" | sed -n 's/^| \([0-9][0-9]*\) |.*/\1/p' | sort -n | tr '\n' ' ')
expect_eq "exit codes: util.h vs --help" "$codes_h" "$codes_help"
expect_eq "exit codes: util.h vs man page" "$codes_h" "$codes_man"
expect_eq "exit codes: util.h vs README" "$codes_h" "$codes_readme"
done_ok
