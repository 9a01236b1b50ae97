#!/bin/bash
# json.sh: every --format json output parses with jq and has exactly the
# keys docs/json.md documents for it; the values agree with the DB (sqlite3)
# and with the text outputs. Inputs: a real audit of the host and of the
# aarch64 cross sysroot.
. "$SRCDIR/tests/lib.sh"
command -v jq >/dev/null || fail "jq not installed (scripts/install-deps.sh)"
DOC=$SRCDIR/docs/json.md
CROSS=/usr/aarch64-linux-gnu
DB=$T/db
SYSCOV=$(readlink -f "$SYSCOV")
export SYSCOV_DB=$DB
cd "$T"

# the documented keys of the section whose heading names `syscov CMD ...`
doc_keys() {
	awk -v c="\`syscov $1 " '/^## /{f = index($0, c) > 0; next} f && /^\| `/' "$DOC" |
		awk -F'|' '{print $2}' | grep -oE '`[^`]+`' | tr -d '`' | sort -u
}
# the key paths of a JSON document: [] for array elements, arrays of
# scalars as one key
KEYS='[paths(if type == "object" or type == "array" then length == 0 else true end)
	| map(if type == "number" then "[]" else . end) | join(".")
	| gsub("\\.\\[\\]"; "[]") | sub("\\[\\]$"; "")] | unique | .[]'
keys() { jq -r "$KEYS" "$@" | sort -u; }
# parses CMD's output (in $T/j.NAME) and compares its keys with the doc
check() {
	local name=$1 cmd=$2
	shift 2
	"$SYSCOV" "$@" >"$T/j.$name" 2>"$T/err" || fail "$*: $(cat "$T/err")"
	jq -e . "$T/j.$name" >/dev/null || fail "$*: output does not parse"
	ok
	[ -n "$(doc_keys "$cmd")" ] || fail "docs/json.md has no key table for syscov $cmd"
}

"$SYSCOV" audit --db "$DB" -o "$T/rep" --format json / "$CROSS" >"$T/j.audit" 2>"$T/err" ||
	fail "audit --format json: $(cat "$T/err")"
jq -e . "$T/j.audit" >/dev/null || fail "audit --format json does not parse"
ok
expect_eq "audit keys" "$(doc_keys audit)" "$(keys "$T/j.audit")"
expect_eq "audit: one object per sysroot" "2" "$(jq length "$T/j.audit")"
for label in $(jq -r '.[].scan' "$T/j.audit"); do
	for cls in wrapped obsolete internal missing; do
		want=$(sqlite3 "$DB" "SELECT COUNT(*) FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = '$label' AND v.class = '$cls'")
		expect_eq "audit $label $cls" "$want" "$(jq --arg l "$label" --arg c "$cls" '.[] | select(.scan == $l) | .[$c]' "$T/j.audit")"
	done
	want=$(sqlite3 "$DB" "SELECT COUNT(*) FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = '$label'")
	expect_eq "audit $label total" "$want" "$(jq --arg l "$label" '.[] | select(.scan == $l) | .total' "$T/j.audit")"
done
# the text summary and the JSON agree (missing column)
"$SYSCOV" report --db "$DB" -o "$T/rep2" >"$T/table" 2>/dev/null || fail "report"
expect_eq "text table vs JSON (missing)" "$(awk 'NR > 1 {print $1, $5}' "$T/table")" \
	"$(jq -r '.[] | "\(.scan) \(.missing)"' "$T/j.audit")"

check classify classify classify -q --format json
expect_eq "classify keys" "$(doc_keys classify)" "$(keys "$T/j.classify")"
expect_eq "classify = audit counts" "$(jq -c . "$T/j.audit")" "$(jq -c . "$T/j.classify")"

check list list list --format json
expect_eq "list keys" "$(doc_keys list)" "$(keys "$T/j.list")"
expect_eq "list rows" "$(sqlite3 "$DB" 'SELECT COUNT(*) FROM ksyscall')" "$(jq length "$T/j.list")"
"$SYSCOV" list --db "$DB" --arch aarch64 >"$T/list.tsv"
expect_eq "list --arch aarch64: TSV vs JSON" "$(cut -f3,4 "$T/list.tsv")" \
	"$(jq -r '.[] | select(.arch == "aarch64") | "\(.nr)\t\(.name)"' "$T/j.list")"
# an alias is its ABI; several ABIs are all listed; an ABI or scan the DB
# lacks, an empty --arch and a second --scan are usage errors (they once
# listed nothing, or the last one, with exit 0)
expect_eq "list --arch arm64 (alias)" "$(cat "$T/list.tsv")" "$("$SYSCOV" list --db "$DB" --arch arm64)"
expect_eq "list --arch x86_64,aarch64" "aarch64 x86_64" \
	"$("$SYSCOV" list --db "$DB" --arch x86_64,aarch64 | cut -f1 | sort -u | tr '\n' ' ' | sed 's/ $//')"
expect_rc 2 "$SYSCOV" list --db "$DB" --arch vax
expect_err "arch vax: no table"
expect_rc 2 "$SYSCOV" list --db "$DB" --arch ''
expect_rc 2 "$SYSCOV" list --db "$DB" --scan no-such-scan
expect_rc 2 "$SYSCOV" list --db "$DB" --scan 1 --scan 2

check show show show --format json gettid
expect_eq "show keys" "$(doc_keys show)" "$(keys "$T/j.show")"
expect_eq "show gettid: the glibc version" "GLIBC_2.30" \
	"$(jq -r '.libc[] | select(.scan == "host-x86_64") | .version' "$T/j.show")"
jq -e '.verdict[0].evidence | fromjson | .[0].source' "$T/j.show" >/dev/null ||
	fail "show: evidence is not the JSON text of an array"
ok

check diff1 diff diff --format json host-x86_64 aarch64-linux-gnu
check diff2 diff diff --format json aarch64-linux-gnu host-x86_64
expect_eq "diff keys (both directions)" "$(doc_keys diff)" "$(keys "$T/j.diff1" "$T/j.diff2")"
for ch in changed only_a only_b; do
	want=$(jq --arg c "${ch/_/-}" '[.changes[] | select(.change == $c)] | length' "$T/j.diff1")
	expect_eq "diff summary.$ch" "$want" "$(jq ".summary.$ch" "$T/j.diff1")"
done
expect_eq "diff: only-a one way is only-b the other" "$(jq .summary.only_a "$T/j.diff1")" "$(jq .summary.only_b "$T/j.diff2")"

check arches arches arches --format json
expect_eq "arches keys" "$(doc_keys arches)" "$(keys "$T/j.arches")"
expect_eq "arches names" "$("$SYSCOV" arches --format names)" "$(jq -r '.[].name' "$T/j.arches")"

# a bad --format is a usage error naming the formats
expect_rc 2 "$SYSCOV" classify --db "$DB" --format yaml
expect_err "classify prints text or json"
expect_rc 2 "$SYSCOV" audit --db "$DB" --format xml /
expect_err "audit prints text or json"
done_ok
