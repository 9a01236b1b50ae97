# common.sh: helpers of the libc_elf tests (sourced). The expected sets come
# from binutils (readelf, nm), never from syscov itself.
set -eu
: "${SYSCOV:?}" "${SRCDIR:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
DB=$T/t.db

fail() { echo "FAIL: $*" >&2; exit 1; }

# Defined FUNC/IFUNC GLOBAL/WEAK symbols of `readelf -s`/`--dyn-syms` output
# on stdin, as name|version|default (name@@V default, name@V compat only).
readelf_funcs() {
	awk '$1 ~ /^[0-9]+:$/ && ($4 == "FUNC" || $4 == "IFUNC") &&
	     ($5 == "GLOBAL" || $5 == "WEAK") && $7 != "UND" {
		n = $8
		if (index(n, "@@")) { split(n, a, "@@"); print a[1] "|" a[2] "|1" }
		else if (index(n, "@")) { split(n, a, "@"); print a[1] "|" a[2] "|0" }
		else print n "||1"
	}' | sort -u
}

# The same triples from the DB, for the library whose path ends in $1.
db_funcs() {
	sqlite3 "$DB" "SELECT s.name || '|' || ifnull(s.version, '') || '|' || s.is_default
		FROM libc_symbol s JOIN libc_lib l ON l.id = s.lib_id
		WHERE l.path LIKE '%' || '$1'" | sort -u
}

# Asserts two sorted files are equal, showing the difference.
same() {
	if ! diff "$1" "$2" >"$T/diff"; then
		head -20 "$T/diff" >&2
		fail "$3: $(grep -c '^[<>]' "$T/diff") lines differ"
	fi
	[ -s "$1" ] || fail "$3: empty"
}

q() { sqlite3 "$DB" "$1"; }
