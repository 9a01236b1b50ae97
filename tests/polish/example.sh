#!/bin/bash
# example.sh: README's "Using a generated wrapper" example stays true: the
# C block (the same as docs/gen.md's) compiles warning-free against the
# header `syscov audit /` wrote, and against `syscov gen --only kcmp`, and
# prints the output README shows (kcmp(2): the same open file description
# compares equal; an unknown type is -EINVAL).
. "$SRCDIR/tests/lib.sh"
README=$SRCDIR/README.md
cd "$T"
# the first ```c block after the heading, and the output line after it
awk '/^### Using a generated wrapper/{s=1} s && /^```c$/{f=1; next} f && /^```$/{exit} f' "$README" >example.c
[ -s example.c ] || fail "README has no C example under 'Using a generated wrapper'"
ok
awk '/^## Example$/{s=1} s && /^```c$/{f=1; next} f && /^```$/{exit} f' "$SRCDIR/docs/gen.md" >gen_md.c
if [ -s gen_md.c ]; then
	expect_eq "README example = docs/gen.md example" "$(cat gen_md.c)" "$(cat example.c)"
fi
want=$(awk '/^### Using a generated wrapper/{s=1} s && /^    cc /{getline; sub(/^    /, ""); print; exit}' "$README")
[ -n "$want" ] || fail "README shows no output for the example"
ok

"$SYSCOV" audit -q --db "$T/db" -o "$T/out" / >/dev/null 2>err || fail "audit /: $(cat err)"
hdr=$(ls "$T"/out/host-*/syscov_wrappers.h) || fail "audit wrote no syscov_wrappers.h"
ok
cc -std=c11 -Wall -Wextra -Werror -I"$(dirname "$hdr")" example.c -o ex1 2>err || fail "example does not compile: $(cat err)"
ok
expect_eq "example output (audit's header)" "$want" "$(./ex1)"

"$SYSCOV" gen -q --db "$T/db" --only kcmp -o syscov_wrappers.h || fail "gen --only kcmp"
cc -std=c11 -Wall -Wextra -Werror -I. example.c -o ex2 2>err || fail "example does not compile with gen's header: $(cat err)"
ok
expect_eq "example output (gen --only kcmp)" "$want" "$(./ex2)"
# the wrapper really traps: strace shows kcmp(2), not syscall() through libc
if command -v strace >/dev/null && strace -f -e trace=kcmp -o trace ./ex2 >/dev/null 2>&1; then
	[ "$(grep -c 'kcmp(' trace)" -eq 2 ] || fail "strace: expected 2 kcmp calls: $(cat trace)"
	ok
fi
done_ok
