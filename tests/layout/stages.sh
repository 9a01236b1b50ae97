#!/bin/bash
# The pipeline's one-way flow, checked on the code: every #include of
# syscov's own headers in src/ and arch/ goes to the same stage or an
# earlier one (docs/architecture.md). The order of the stages is the table
# below; a folder that is not in it fails the test, so a new stage is
# placed in the order when it is added.
set -u
. "$(dirname "$0")/../lib.sh"

# folder (or folder/file for a header that is a stage of its own) and rank;
# equal ranks may include each other
rank_of() {
	case $1 in
	base/* | arch/*) echo 0 ;;             # the floor: utilities, DB, doors, ABIs
	scan/scanner.h) echo 1 ;;              # the contract every source reader keeps
	kernel/* | man/*) echo 2 ;;            # sources
	libc/*) echo 3 ;;                      # a source that types with the man pages' help
	scan/*) echo 4 ;;                      # the runner of the sources
	types/*) echo 5 ;;                     # each syscall's prototype
	verdict/*) echo 6 ;;                   # the verdicts
	gen/*) echo 7 ;;                       # the wrapper header
	report/* | upstream/*) echo 8 ;;       # outputs
	timeline/* | usage/*) echo 9 ;;        # outputs over several scans
	cli/*) echo 10 ;;                      # the commands: the only orchestration
	*) echo unknown ;;
	esac
}

cd "$SRCDIR"
bad=0 edges=0
while IFS= read -r f; do
	rel=${f#src/}
	from=$(rank_of "$rel")
	[ "$from" = unknown ] && { echo "FAIL: $f: its folder has no place in the stage order"; bad=1; continue; }
	for inc in $(grep -ho '^#include "[a-z_]*/[a-z_0-9]*\.h"' "$f" | sed 's/#include "//; s/"//'); do
		edges=$((edges + 1))
		to=$(rank_of "$inc")
		if [ "$to" = unknown ]; then
			echo "FAIL: $f includes $inc: no such stage"
			bad=1
		elif [ "$to" -gt "$from" ]; then
			echo "FAIL: $f (stage rank $from) includes $inc (rank $to): a later stage"
			bad=1
		fi
	done
	# a bare "x.h" of syscov's own would hide the stage it comes from
	if grep -qE '^#include "[a-z_0-9]+\.h"' "$f" &&
	   grep -oE '^#include "[a-z_0-9]+\.h"' "$f" | grep -vq '"trap_text.h"'; then
		echo "FAIL: $f: an #include without its folder"
		bad=1
	fi
done < <(git ls-files 'src/*.c' 'src/*.h' 'arch/*.c' 'arch/*.h' 2>/dev/null || find src arch -name '*.[ch]')
[ "$edges" -gt 100 ] || fail "only $edges includes read: the scan of the tree went wrong"
[ "$bad" = 0 ] || fail "an earlier stage includes a later one (above)"
ok
done_ok
