#!/bin/bash
# diff.sh: syscov diff between the host and the aarch64 and musl sysroots,
# text and JSON; syscalls in one table only are checked with the target
# compilers' own <asm/unistd.h> (gcc -dM -E).
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/classify/common.sh"
H=host-$(uname -m) A=/usr/aarch64-linux-gnu
"$SYSCOV" audit -q --db "$DB" / || fail "audit / failed"
[ -d $A/include ] && "$SYSCOV" audit -q --db "$DB" $A || fail "audit $A failed"
"$SYSCOV" audit -q --db "$DB" / --include /usr/include/x86_64-linux-musl \
	--libdir /usr/lib/x86_64-linux-musl || fail "audit musl failed"
ok
AL=$(sqlite3 "$DB" "SELECT label FROM scan WHERE arch = 'aarch64'")
ML=$(sqlite3 "$DB" "SELECT label FROM scan WHERE libc_flavour = 'musl'")
nr() { echo '#include <asm/unistd.h>' | $1 -dM -E - | awk '$1 == "#define" && $2 ~ /^__NR_/ {
	sub(/^__NR_/, "", $2); print $2 }' | grep -vx -e syscalls -e arch_specific_syscall | sort -u; }
# (asm-generic's __NR_syscalls and __NR_arch_specific_syscall are markers)
nr gcc >"$T/nr_host"
nr aarch64-linux-gnu-gcc >"$T/nr_a64" 2>/dev/null || nr "gcc -nostdinc -isystem $A/include" >"$T/nr_a64"

for other in "$AL" "$ML"; do
	expect_rc 0 "$SYSCOV" diff --db "$DB" "$H" "$other"
	cp "$T/out" "$T/text"
	head -1 "$T/text" | grep -q "^--- $H" || fail "diff text header"
	tail -1 "$T/text" | grep -Eq '^[0-9]+ changed, [0-9]+ only in' || fail "diff text summary"
	expect_rc 0 "$SYSCOV" diff --db "$DB" --format json "$H" "$other"
	jq -e ".a == \"$H\" and .b == \"$other\" and (.changes | type == \"array\")" "$T/out" \
		>/dev/null || fail "diff json shape"
	ok
	# text and JSON list the same syscalls
	expect_eq "text = json ($other)" "$(jq -r '.changes[].name' "$T/out" | sort)" \
		"$(grep -E '^[~+-] ' "$T/text" | awk '{ print $2 }' | sort)"
	expect_eq "summary ($other)" "$(jq '.changes | length' "$T/out")" \
		"$(jq '.summary.changed + .summary.only_a + .summary.only_b' "$T/out")"
done
# host vs aarch64: only-a are exactly the host numbers aarch64 lacks
"$SYSCOV" diff --db "$DB" --format json "$H" "$AL" >"$T/a.json"
jq -r '.changes[] | select(.change == "only-a") | .name' "$T/a.json" | sort >"$T/only_a"
comm -23 "$T/nr_host" "$T/nr_a64" >"$T/gcc_only_a"
expect_eq "only in host" "$(cat "$T/gcc_only_a")" "$(cat "$T/only_a")"
jq -r '.changes[] | select(.change == "only-b") | .name' "$T/a.json" | sort >"$T/only_b"
expect_eq "only in aarch64" "$(comm -13 "$T/nr_host" "$T/nr_a64")" "$(cat "$T/only_b")"
jq -e '.changes[] | select(.name == "open") | .change == "only-a"' "$T/a.json" >/dev/null ||
	fail "open: not only in host"
ok
# same libc, other arch: gettid changes only in since (GLIBC_2.30 -> 2.30 too)
jq -e '[.changes[] | select(.name == "read")][0].fields == ["since"]' "$T/a.json" >/dev/null ||
	fail "read: since differs (GLIBC_2.2.5 vs GLIBC_2.17)"
ok
# --fields class hides version-only changes
"$SYSCOV" diff --db "$DB" --fields class --format json "$H" "$ML" >"$T/m.json"
jq -e '[.changes[] | select(.change == "changed") | .a.class != .b.class] | all' "$T/m.json" \
	>/dev/null || fail "--fields class shows other changes"
jq -e '.changes[] | select(.name == "tgkill") | .a.class == "wrapped" and .b.class == "missing"' \
	"$T/m.json" >/dev/null || fail "tgkill glibc -> musl"
ok
# usage errors
expect_rc 2 "$SYSCOV" diff --db "$DB" "$H"
expect_rc 2 "$SYSCOV" diff --db "$DB" "$H" no-such-scan
expect_rc 2 "$SYSCOV" diff --db "$DB" --fields nope "$H" "$AL"
expect_rc 2 "$SYSCOV" diff --db "$DB" --format xml "$H" "$AL"
done_ok
