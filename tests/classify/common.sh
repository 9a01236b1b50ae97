# tests/classify/common.sh: helpers of the verdict tests. Source after
# ../lib.sh. verdict SCAN NAME prints "class|wrapper|since|flags" of NAME in
# scan SCAN (label or id) of $DB; expect_verdict checks it field by field,
# a flag at a time (flags are a set).
DB=$T/db
# audit writes reports/ and generated code into the current dir
cd "$T"
verdict() {
	sqlite3 "$DB" "SELECT v.class || '|' || ifnull(v.wrapper, '') || '|' || ifnull(v.since, '')
		|| '|' || v.flags FROM verdict v JOIN scan s ON s.id = v.scan_id
		WHERE (s.label = '$1' OR s.id = '$1') AND v.name = '$2'"
}
# expect_verdict SCAN NAME CLASS WRAPPER SINCE FLAG...
expect_verdict() {
	local scan=$1 name=$2 cls=$3 wr=$4 since=$5 v f
	shift 5
	v=$(verdict "$scan" "$name")
	[ -n "$v" ] || fail "$scan: no verdict for $name"
	expect_eq "$scan $name class" "$cls" "$(echo "$v" | cut -d'|' -f1)"
	expect_eq "$scan $name wrapper" "$wr" "$(echo "$v" | cut -d'|' -f2)"
	expect_eq "$scan $name since" "$since" "$(echo "$v" | cut -d'|' -f3)"
	for f in "$@"; do
		case ",$(echo "$v" | cut -d'|' -f4)," in
		*",$f,"*) ok ;;
		*) fail "$scan $name: flag $f missing in '$v'" ;;
		esac
	done
}
# has_flag SCAN NAME FLAG: exit 0 if set
has_flag() {
	case ",$(verdict "$1" "$2" | cut -d'|' -f4)," in *",$3,"*) return 0 ;; esac
	return 1
}
# declared CC NAME [CFLAGS...]: whether the compiler accepts `(void)&NAME;`
# with the prelude $T/prelude.h (every header the scan's TU kept)
declared() {
	local cc=$1 n=$2
	shift 2
	{ cat "$T/prelude.h"; printf 'void f(void) { (void)&%s; }\n' "$n"; } >"$T/d_$n.c"
	"$cc" -D_GNU_SOURCE -Werror=implicit-function-declaration -fsyntax-only "$@" "$T/d_$n.c" \
		>/dev/null 2>&1
}
# prelude SCAN: $T/prelude.h includes every header the scan's TU read
prelude() {
	sqlite3 "$DB" "SELECT i.path FROM input i JOIN scan s ON s.id = i.scan_id
		WHERE s.label = '$1' AND i.kind = 'header' ORDER BY i.rowid" |
		sed 's|.*|#include "&"|' >"$T/prelude.h"
	[ "$(wc -l <"$T/prelude.h")" -ge 20 ] || fail "$1: too few headers in the TU"
	ok
}
