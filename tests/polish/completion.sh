#!/bin/bash
# completion.sh: data/bash-completion/syscov loads in bash (`complete -p
# syscov`), and completes the subcommands, a subcommand's options, --arch
# values and --format values, compared with what the binary itself prints
# (syscov --help, CMD --help, arches --format names). Run twice: with the
# bash-completion package's helpers loaded (when installed) and without.
. "$SRCDIR/tests/lib.sh"
COMP=$SRCDIR/data/bash-completion/syscov
mkdir "$T/bin"
ln -s "$(readlink -f "$SYSCOV")" "$T/bin/syscov"
export PATH="$T/bin:$PATH"

# complete WORDS...: the sorted completions of the last word, one per line
cat >"$T/drive.sh" <<'DRIVE'
[ -n "${WITH_BC:-}" ] && . /usr/share/bash-completion/bash_completion
. "$COMP"
complete -p syscov
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
COMP_LINE="$*"
COMP_POINT=${#COMP_LINE}
_syscov syscov "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
printf '%s\n' "${COMPREPLY[@]}" | sort -u
DRIVE
complete_() { COMP=$COMP bash "$T/drive.sh" "$@" | sed 1d; }

for bc in "" 1; do
	if [ -n "$bc" ] && [ ! -f /usr/share/bash-completion/bash_completion ]; then
		echo "bash-completion not installed: the _init_completion path is not run"
		continue
	fi
	export WITH_BC=$bc
	# it loads and registers itself for syscov
	reg=$(COMP=$COMP bash -c '[ -n "${WITH_BC:-}" ] && . /usr/share/bash-completion/bash_completion; . "$COMP" && complete -p syscov')
	expect_eq "complete -p syscov" "complete -F _syscov syscov" "$reg"

	want=$({ syscov --help | awk '/^Commands:/{f=1;next} f&&NF==0{f=0} f{print $1}'; echo --help; echo --version; } | sort)
	expect_eq "commands" "$want" "$(complete_ syscov '')"
	expect_eq "commands starting with 'di'" "diff" "$(complete_ syscov di)"
	expect_eq "commands starting with 'a'" "$(printf 'arches\naudit')" "$(complete_ syscov a)"

	for cmd in audit scan list show classify diff gen report arches; do
		want=$(syscov "$cmd" --help | sed -n '/^Options:/,$p' |
			grep -oE '^  (-[a-z], )?--[a-z][a-z0-9-]*' | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
		got=$(complete_ syscov "$cmd" -- | grep -- '^--')
		expect_eq "$cmd: long options" "$want" "$got"
	done
	expect_eq "audit --fa" "--fail-on" "$(complete_ syscov audit --fa)"

	want=$(syscov arches --format names | grep '^a' | sort)
	[ -n "$want" ] || fail "no arch starting with a"
	expect_eq "--arch a" "$want" "$(complete_ syscov audit --arch a)"
	expect_eq "--arch mips" "$(syscov arches --format names | grep '^mips' | sort)" \
		"$(complete_ syscov scan / --arch mips)"
	expect_eq "list --format" "$(printf 'json\ntsv')" "$(complete_ syscov list --format '')"
	expect_eq "arches --format" "$(printf 'json\nnames\ntsv')" "$(complete_ syscov arches --format '')"
	expect_eq "audit --format" "$(printf 'json\ntext')" "$(complete_ syscov audit --format '')"
	expect_eq "report --format" "$(printf 'all\ncsv\nhtml\njson\nmd')" "$(complete_ syscov report --format '')"
	# a directory argument completes to directories
	mkdir -p "$T/sysroots/usr-cross"
	expect_eq "--man-dir DIR" "$T/sysroots/usr-cross" "$(complete_ syscov scan --man-dir "$T/sysroots/us")"
done
done_ok
