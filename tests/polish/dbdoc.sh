#!/bin/bash
# dbdoc.sh: docs/db.md documents the real schema, and its example queries
# work. Against a DB that audited the host and /usr/aarch64-linux-gnu:
#   - every table and every column (PRAGMA table_info) is named in the
#     section of db.md that describes that table;
#   - every ```sql block runs in sqlite3, returns rows, and passes the check
#     its "<!-- check: NAME -->" marker names: facts compared with nm -D,
#     gcc -dM -E <asm/unistd.h> (host and cross), and sort -V.
. "$SRCDIR/tests/lib.sh"
DOC=$SRCDIR/docs/db.md
CROSS=/usr/aarch64-linux-gnu
XGCC=aarch64-linux-gnu-gcc
command -v $XGCC >/dev/null || fail "$XGCC missing (scripts/install-deps.sh)"
DB=$T/db
"$SYSCOV" audit -q --db "$DB" -o "$T/out" / "$CROSS" >/dev/null 2>"$T/err" || fail "audit: $(cat "$T/err")"
ok

# 1. every table and column is documented in its table's section
grep -q 'scan_id' "$DOC" || fail "db.md does not say what scan_id is"
for tbl in $(sqlite3 "$DB" "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name"); do
	# the section (### ... up to the next heading) that names the table in
	# its heading, or lists it as `table(` columns
	awk -v t="$tbl" '
		/^##/ { on = ($0 ~ ("[ `,]" t "([ `,]|$)")); sec = $0; buf = ""; }
		{ buf = buf "\n" $0 }
		/^##/ && on { hit = 1 }
		index($0, "`" t "(") { hit = 1; keep = keep "\n" buf; buf = "" }
		hit && !/^##/ { keep = keep "\n" $0 }
		/^##/ && !on { hit = 0 }
		END { print keep }' "$DOC" >"$T/sec"
	[ -n "$(tr -d '\n ' <"$T/sec")" ] || fail "db.md has no section for table $tbl"
	ok
	for col in $(sqlite3 "$DB" "SELECT name FROM pragma_table_info('$tbl')"); do
		[ "$col" = scan_id ] && continue # documented once: every fact table's link to scan(id)
		grep -qw -- "$col" "$T/sec" || fail "db.md: column $tbl.$col is not documented"
		ok
	done
done

# 2. the example queries: each block after its check marker
awk -v dir="$T" '
	/^<!-- check: / { name = $3; next }
	/^```sql/ { if (name == "") { print "unmarked"; exit 1 } f = 1; out = dir "/q." name; printf "" > out; next }
	/^```/ && f { f = 0; close(out); print name; name = ""; next }
	f { print > out }' "$DOC" >"$T/checks" || fail "an sql block of db.md has no check marker"
[ "$(wc -l <"$T/checks")" -ge 6 ] || fail "only $(wc -l <"$T/checks") example queries"

nm -D --defined-only /lib/x86_64-linux-gnu/libc.so.6 | awk '{print $NF}' >"$T/host.syms"
nm -D --defined-only "$CROSS/lib/libc.so.6" | awk '{print $NF}' >"$T/cross.syms"
echo '#include <asm/unistd.h>' | gcc -dM -E - | sed -n 's/^#define __NR_\([a-z0-9_]*\) \(.*\)/\1 \2/p' | sort >"$T/host.nr"
echo '#include <asm/unistd.h>' | $XGCC -dM -E - | sed -n 's/^#define __NR_\([a-z0-9_]*\) \(.*\)/\1 \2/p' | sort >"$T/cross.nr"
exported() { grep -qE "^$1@@|^$1\$" "$2"; }
# declared NAME: a libc header of the host declares a function NAME
declared() {
	grep -rqsE "(^|[^a-z_0-9])$1 \(" /usr/include/*.h /usr/include/sys /usr/include/x86_64-linux-gnu/sys \
		/usr/include/x86_64-linux-gnu/bits
}

check_counts() {
	for l in host-x86_64 aarch64-linux-gnu; do
		sum=$(awk -F'|' -v l="$l" '$1 == l {s += $3} END {print s}' "$1")
		nr=$([ $l = host-x86_64 ] && cat "$T/host.nr" || cat "$T/cross.nr")
		# the verdicts are the ABI's table: the __NR_ macros of the target's
		# asm/unistd.h with a number (or asm-generic's __NR3264_ name),
		# less the two markers that are not syscalls
		echo "$nr" | awk '$2 ~ /^[0-9]+$|^\(__NR_Linux|^\(__X32|^__NR3264_/ {print $1}' |
			grep -vxE 'syscalls|arch_specific_syscall' | sort >"$T/want.names"
		sqlite3 "$DB" "SELECT v.name FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = '$l' ORDER BY 1" |
			sort >"$T/got.names"
		expect_eq "counts: $l verdicts vs gcc -dM" "$(cat "$T/want.names")" "$(cat "$T/got.names")"
		expect_eq "counts: $l total" "$(wc -l <"$T/want.names")" "$sum"
	done
}
check_missing-everywhere() {
	grep -qx kcmp "$1" || fail "kcmp (no glibc wrapper, kcmp(2)) not missing everywhere"
	ok
	# missing on the host: not exported, or exported but declared by no
	# header (symbol-without-header: not a usable wrapper)
	while read -r n; do
		if exported "$n" "$T/host.syms" && declared "$n"; then
			fail "missing-everywhere: the host's libc exports and declares $n"
		fi
	done <"$1"
	ok
}
check_host-only() {
	for n in open fork stat; do grep -q "^$n|" "$1" || fail "host-only lacks $n"; ok; done
	cut -d'|' -f1 "$1" | while read -r n; do
		grep -q "^$n " "$T/host.nr" || fail "host-only: no __NR_$n on the host"
		if grep -q "^$n " "$T/cross.nr"; then fail "host-only: aarch64 has __NR_$n"; fi
	done
	ok
}
check_since-order() {
	cut -d'|' -f3 "$1" >"$T/since"
	expect_eq "since: newest first (sort -V)" "$(sort -rV "$T/since")" "$(cat "$T/since")"
	expect_eq "since: the newest is the libc's newest version used" \
		"$(grep -o 'GLIBC_2\.[0-9.]*' "$T/host.syms" | sort -V | tail -1)" "$(head -1 "$T/since")"
	grep -q '^gettid|gettid|GLIBC_2.30$' "$1" || fail "since: gettid is not GLIBC_2.30"
	ok
}
check_no-header() {
	grep -qx gettid "$1" && fail "no-header: gettid is declared by unistd.h"
	while read -r n; do
		exported "$n" "$T/host.syms" || fail "no-header: $n is not exported by the host's libc"
		if declared "$n"; then fail "no-header: /usr/include declares $n"; fi
	done <"$1"
	ok
}
check_numbers() {
	expect_eq "numbers: x86_64 openat" "$(awk '$1 == "openat" {print $2}' "$T/host.nr")" \
		"$(awk -F'|' '$1 == "x86_64" {print $2}' "$1")"
	expect_eq "numbers: aarch64 openat" "$(awk '$1 == "openat" {print $2}' "$T/cross.nr")" \
		"$(awk -F'|' '$1 == "aarch64" {print $2}' "$1")"
}
check_wrapper-sources() {
	for l in host-x86_64 aarch64-linux-gnu; do
		want=$(sqlite3 "$DB" "SELECT COUNT(*) FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = '$l' AND class = 'missing'")
		expect_eq "wrapper-sources: $l sums to its missing set" "$want" \
			"$(awk -F'|' -v l="$l" '$1 == l {s += $3} END {print s}' "$1")"
	done
	grep -q '|man|' "$1" || fail "wrapper-sources: none typed from man pages"
	ok
}
check_symbols() {
	while IFS='|' read -r n sym ver path; do
		grep -qx "$sym@@$ver" "$T/host.syms" || [ "$ver" = "" ] ||
			fail "symbols: nm -D $path has no $sym@@$ver"
	done <"$1"
	ok
	grep -q '^gettid|gettid|GLIBC_2.30|' "$1" || fail "symbols: no gettid@@GLIBC_2.30"
	ok
}

# objdump shows the syscall instruction at the address, after the load of 439 (0x1b7)
check_code-faccessat2() {
	local at
	at=$(awk -F'|' '$1 == "host-x86_64" && $2 == "faccessat" { print $3 }' "$1")
	[ -n "$at" ] || fail "code-faccessat2: faccessat() not among the issuers"
	objdump -d --no-show-raw-insn --start-address=$((at - 5)) --stop-address=$((at + 2)) \
		/lib/x86_64-linux-gnu/libc.so.6 | grep -A1 'mov  *\$0x1b7,%eax' | grep -q "${at#0x}:.*syscall" ||
		fail "code-faccessat2: no syscall after mov \$0x1b7 at $at in objdump"
	ok
}

while read -r name; do
	sqlite3 -bail "$DB" <"$T/q.$name" >"$T/r.$name" 2>"$T/err" || fail "db.md example '$name' fails: $(cat "$T/err")"
	ok
	[ -s "$T/r.$name" ] || fail "db.md example '$name' returns no rows"
	ok
	declare -F "check_$name" >/dev/null || fail "no check for db.md example '$name'"
	"check_$name" "$T/r.$name"
done <"$T/checks"
done_ok
