# libheaders.sh: the compile matrix of a generated header beside the headers
# of other libraries that declare syscall wrappers (data/neighbours.tsv);
# sourced by neighbours.sh and clients.sh, after tests/lib.sh ($T).
LIBHEADERS="keyutils.h numaif.h libaio.h sys/capability.h liburing.h"

# libheaders_matrix HEADER INCDIR CC...: includes HEADER before and after
# each of $LIBHEADERS (found in INCDIR) and compiles that with each CC (a
# command line; a compiler whose name ends in ++ compiles C++)
# -fsyntax-only -Wall -Wextra -Werror; prints a line per library header
# (the failures' messages on stderr) and returns 1 when any failed.
libheaders_matrix() {
	lh=$1 inc=$2
	shift 2
	printf '%-17s' header
	for cc in "$@"; do printf ' %s(before after)' "$cc"; done
	echo
	lbad=0
	for h in $LIBHEADERS; do
		line=$(printf '%-17s' "$h")
		for cc in "$@"; do
			x=c
			case ${cc%% *} in *++) x=c++ ;; esac
			for order in before after; do
				if [ $order = before ]; then
					printf '#include "%s"\n#include <%s>\n' "$lh" "$h"
				else
					printf '#include <%s>\n#include "%s"\n' "$h" "$lh"
				fi >"$T/lh.c"
				# shellcheck disable=SC2086 # CC is a command line
				if $cc -x $x -fsyntax-only -Wall -Wextra -Werror -isystem "$inc" "$T/lh.c" \
					>"$T/lh.log" 2>&1; then
					line="$line ok"
				else
					line="$line FAIL"
					lbad=1
					cat "$T/lh.log" >&2
				fi
			done
		done
		echo "$line"
	done
	return $lbad
}
