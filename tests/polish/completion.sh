#!/bin/bash
# completion.sh: data/bash-completion/syscov loads in bash (`complete -p
# syscov`), and completes the subcommands, a subcommand's options, --arch
# values and --format values, scan labels and syscall names, compared with
# what the binary itself prints (syscov --help, CMD --help, arches --format
# names, scans, list). Run twice: with the bash-completion package's
# helpers loaded (when installed) and without.
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

"$SYSCOV" scan -q --no-man --db "$T/c.db" /
for bc in "" 1; do
	if [ -n "$bc" ] && [ ! -f /usr/share/bash-completion/bash_completion ]; then
		echo "bash-completion not installed: the _init_completion path is not run"
		continue
	fi
	export WITH_BC=$bc
	# it loads and registers itself for syscov
	reg=$(COMP=$COMP bash -c '[ -n "${WITH_BC:-}" ] && . /usr/share/bash-completion/bash_completion; . "$COMP" && complete -p syscov')
	expect_eq "complete -p syscov" "complete -F _syscov syscov" "$reg"

	want=$({ syscov --help | awk '/^Commands:/{f=1;next} f&&NF==0{f=0} f{print $1}'; printf -- '%s\n' --db -q -v --help --version; } | sort)
	expect_eq "commands" "$want" "$(complete_ syscov '')"
	expect_eq "commands after --db" "$(syscov help --commands | grep '^s' | sort)" "$(complete_ syscov --db x.db s)"
	expect_eq "help COMMAND" "$(printf 'scan\nscans\nshow')" "$(complete_ syscov help s)"
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
	expect_eq "timeline --format" "$(printf 'all\nhtml\njson\nnone')" "$(complete_ syscov timeline --format '')"
	expect_eq "scans --format" "$(printf 'json\nlabels\ntext')" "$(complete_ syscov scans --format '')"
	# scan labels and syscall names, from the DB the line names
	expect_eq "show NAME" "$(syscov list --db "$T/c.db" | cut -f4 | grep '^pidfd_' | sort -u)" \
		"$(complete_ syscov show --db "$T/c.db" pidfd_)"
	expect_eq "--need NAME" "kcmp" "$(complete_ syscov --db "$T/c.db" audit --need kcm)"
	expect_eq "--scan LABEL" "$(syscov scans --db "$T/c.db" --format labels)" \
		"$(complete_ syscov --db "$T/c.db" report --scan '')"
	expect_eq "diff A" "$(syscov scans --db "$T/c.db" --format labels)" \
		"$(complete_ syscov diff --db "$T/c.db" h)"
	# every --format value completed is one the command takes (its error,
	# with no DB and no sysroot, is another one), and no other
	for cmd in $(syscov help --commands); do
		for f in $(syscov help --formats "$cmd") bogus; do
			case $cmd in audit|scan) arg=$T/none ;; diff) arg="a b" ;; show) arg=kcmp ;; *) arg= ;; esac
			# shellcheck disable=SC2086
			rc=0
			timeout 20 syscov "$cmd" --format "$f" --db "$T/none.db" $arg >/dev/null 2>"$T/ferr" || rc=$?
			if [ "$rc" = 124 ]; then # it works before it checks --format
				echo "$cmd --format $f: not checked (still running after 20 s)"
				continue
			fi
			if [ "$f" = bogus ] && [ -n "$(syscov help --formats "$cmd")" ]; then
				grep -q -- "--format.*bogus" "$T/ferr" || fail "$cmd --format bogus: $(cat "$T/ferr")"
			elif [ "$f" != bogus ]; then
				! grep -q -- "--format" "$T/ferr" || fail "$cmd --format $f: $(cat "$T/ferr")"
			fi
			ok
		done
	done
	# a directory argument completes to directories
	mkdir -p "$T/sysroots/usr-cross"
	expect_eq "--man-dir DIR" "$T/sysroots/usr-cross" "$(complete_ syscov scan --man-dir "$T/sysroots/us")"
done
done_ok
