#!/bin/bash
# firsthour.sh: what a newcomer types in the first hour (issue 31), checked
# against what git and sqlite3 do and against the DB: option errors name
# the option in full, global options go before the command, `help CMD`,
# `CMD -h`, "did you mean"; `syscov scans`; unique labels; `show` of an
# unknown name fails; -q still says why --fail-on failed; a repeat audit
# keeps its outputs whatever the terminal; a copied cross prefix under a
# neutral name scans with its ABI read from its libc.
. "$SRCDIR/tests/lib.sh"
unset SYSCOV_DB
cd "$T"
q() { sqlite3 "$T/s.db" "$1"; }

# help: `help CMD`, `CMD -h` and `CMD --help` print the same
"$SYSCOV" audit --help >"$T/h1"
expect_rc 0 "$SYSCOV" help audit
cmp -s "$T/h1" "$T/out" || fail "help audit differs from audit --help"
expect_rc 0 "$SYSCOV" audit -h
cmp -s "$T/h1" "$T/out" || fail "audit -h differs from audit --help"
ok
expect_rc 2 "$SYSCOV" help adit
expect_err "unknown command 'adit'; did you mean 'audit'?"
# option errors: named in full, the command said once
expect_rc 2 "$SYSCOV" gen --db
expect_err "^syscov gen: option '--db' needs an argument"
expect_rc 2 "$SYSCOV" list --scan
expect_err "option '--scan' needs an argument"
expect_rc 2 "$SYSCOV" audit --fromat json
expect_err "^syscov audit: unknown option '--fromat'; did you mean '--format'?"
expect_rc 2 "$SYSCOV" audit --f x
expect_err "option '--f' is ambiguous"
expect_rc 2 "$SYSCOV" list -Z
expect_err "unknown option '-Z'"
expect_rc 2 "$SYSCOV" lsit
expect_err "unknown command 'lsit'; did you mean 'list'?"
expect_rc 2 "$SYSCOV" frobnicate
expect_err "unknown command 'frobnicate' (see"
# no DB: the message says how one is made
expect_rc 4 "$SYSCOV" scans --db "$T/none.db"
expect_err "no such database; 'syscov audit'"

# SYSCOV_DATA_DIR naming no directory is an error, not a fallback
SYSCOV_DATA_DIR=$T/no-such-dir expect_rc 3 "$SYSCOV" audit / -o rep --db "$T/x.db"
grep -q "SYSCOV_DATA_DIR=$T/no-such-dir: No such file or directory" "$T/err" ||
	fail "SYSCOV_DATA_DIR: $(cat "$T/err")"
ok

# the first run says what it created
expect_rc 0 "$SYSCOV" audit / -o rep --db s.db
grep -q "created the database s.db" "$T/err" || fail "first audit does not name its DB: $(cat "$T/err")"
grep -q "created rep/" "$T/err" || fail "first audit does not name its report dir"
ok
# (the audit may have read the host's kernel source too: a scan of its own)
sid=$(q "SELECT id FROM scan WHERE kind = 'sysroot'")
label=$(q "SELECT label FROM scan WHERE id = $sid")
# global options before the command
expect_rc 0 "$SYSCOV" --db s.db -q scans --format labels
expect_eq "scans --format labels" "$(q "SELECT label FROM scan ORDER BY id")" "$(cat "$T/out")"
expect_rc 0 "$SYSCOV" -v --db=s.db scans
expect_eq "scans: the row of scan $sid" "$sid $label sysroot / $(q "SELECT arch || ' ' || libc_flavour || ' ' || libc_version FROM scan WHERE id = $sid") classified" \
	"$(grep "^$sid " "$T/out" | tr -s ' ')"
"$SYSCOV" scans --db s.db --format json | jq -e --arg l "$label" --argjson i "$sid" '.[] | select(.id == $i) | .["label"] == $l' >/dev/null ||
	fail "scans --format json"
ok

# a repeat audit keeps every output, whatever the terminal or format
for how in pipe nocolor json tty; do
	case $how in
	pipe) "$SYSCOV" audit / -o rep --db s.db >"$T/out" 2>"$T/err" ;;
	nocolor) NO_COLOR=1 "$SYSCOV" audit / -o rep --db s.db >"$T/out" 2>"$T/err" ;;
	json) "$SYSCOV" audit / -o rep --db s.db --format json >"$T/out" 2>"$T/err" ;;
	tty) script -qec "$SYSCOV audit / -o rep --db s.db" /dev/null >"$T/err" ;;
	esac
	grep -q "rep: the reports and wrappers of these scans are current; kept" "$T/err" ||
		fail "repeat audit ($how) rewrote the outputs: $(cat "$T/err")"
	ok
done
grep -q $'\033\\[1;31mmissing' "$T/err" || fail "a terminal's summary has no colour"
ok

# -q: the reason --fail-on failed is still on stderr
expect_rc 1 "$SYSCOV" audit -q --fail-on missing --need kcmp / -o rep --db s.db
grep -q "kcmp is missing" "$T/err" || fail "-q --fail-on: no reason on stderr: $(cat "$T/err")"
ok

# show: evidence one fact a line; an unknown name exits 2
expect_rc 0 "$SYSCOV" show kcmp --db s.db
expect_eq "show kcmp: evidence lines" "$(q "SELECT json_array_length(evidence) FROM verdict WHERE name = 'kcmp'")" \
	"$(sed -n '/^verdict$/,$p' "$T/out" | grep -c '^    ')"
expect_rc 2 "$SYSCOV" show kcpm --db s.db
expect_err "no facts about 'kcpm'.*did you mean 'kcmp'?"

# labels are unique: two split layouts told apart by their --include only
musl_inc=/usr/include/x86_64-linux-musl musl_lib=/usr/lib/x86_64-linux-musl
if [ -d "$musl_lib" ]; then
	"$SYSCOV" scan -q --no-man --db s.db / --include "$musl_inc" --libdir "$musl_lib"
	m1=$(q "SELECT max(id) FROM scan")
	"$SYSCOV" scan --no-man --db s.db / --include "$musl_inc" --include /usr/include --libdir "$musl_lib" 2>"$T/err"
	m2=$(q "SELECT max(id) FROM scan")
	l2=$(q "SELECT label FROM scan WHERE id = $m2")
	expect_eq "second label" "$(q "SELECT label FROM scan WHERE id = $m1")-2" "$l2"
	grep -q "scan $m2 is labelled $l2" "$T/err" || fail "the suffix is not said: $(cat "$T/err")"
	ok
	expect_rc 0 "$SYSCOV" list --db s.db --scan "$l2"
	expect_eq "list --scan $l2: its rows" "$(q "SELECT count(*) FROM ksyscall WHERE scan_id = $m2")" "$(wc -l <"$T/out")"
	# a DB from before: two scans of one label; --scan asks for an id
	q "UPDATE scan SET label = 'dup' WHERE id IN ($m1, $m2)"
	expect_rc 2 "$SYSCOV" report --db s.db --scan dup -o r
	expect_err "the label of 2 scans .* give an id (syscov scans"
	expect_rc 2 "$SYSCOV" classify --db s.db --scan dup
	expect_err "the label of 2 scans"
	expect_rc 0 "$SYSCOV" classify -q --db s.db --scan "$m2"
fi

# a copy of a Debian cross prefix under a neutral name: the ABI from its
# libc's ELF header, the linker script's /usr/aarch64-linux-gnu/... names
# read inside the copy
if [ -d /usr/aarch64-linux-gnu/lib ]; then
	cp -a /usr/aarch64-linux-gnu "$T/my-sysroot"
	expect_rc 0 "$SYSCOV" scan --no-man --db c.db "$T/my-sysroot"
	expect_eq "ABI of my-sysroot" "aarch64" "$(sqlite3 c.db "SELECT arch FROM scan")"
	expect_eq "libc of my-sysroot" "/lib/libc.so.6" \
		"$(sqlite3 c.db "SELECT path FROM libc_lib WHERE path LIKE '%libc.so.6'")"
	# the matrix: every scan with verdicts, rebuilt when one of them changes
	matrix_ids() { jq -c '[.scans[].id] | sort' mrep/matrix/report.json; }
	db_ids() { sqlite3 c.db "SELECT id FROM scan WHERE kind = 'sysroot'" | jq -sc 'sort'; }
	expect_rc 0 "$SYSCOV" audit --no-man --db c.db -o mrep "$T/my-sysroot"
	[ ! -e mrep/matrix ] || fail "a matrix of one scan"
	ok
	expect_rc 0 "$SYSCOV" audit --no-man --db c.db -o mrep /
	expect_eq "matrix after a second single audit" "$(db_ids)" "$(matrix_ids)"
	touch "$T/my-sysroot/lib/libc.so.6"
	expect_rc 0 "$SYSCOV" audit --no-man --db c.db -o mrep "$T/my-sysroot"
	expect_eq "matrix after a rescan of one of its scans" "$(db_ids)" "$(matrix_ids)"
	expect_eq "matrix scans" 2 "$(jq '.scans | length' mrep/matrix/report.json)"
fi
done_ok
