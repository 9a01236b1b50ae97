#!/bin/sh
# nr_gcc.sh CC [CFLAGS...]: prints "MACRO VALUE" for every syscall macro of
# <asm/unistd.h> as the compiler CC sees it, without libclang: CC -dM -E
# lists the macros, CC -E expands each to an integer expression, and the host
# compiler evaluates those expressions. The helper rule is syscov's
# (ktable_is_helper): names with an upper-case letter are bases
# (__NR_Linux, __NR_SYSCALL_BASE, __ARM_NR_BASE), names ending in "syscalls"
# are counts, __NR_arch_specific_syscall starts the generic per-arch range.
set -eu
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
echo '#include <asm/unistd.h>' >"$t/in.c"
"$@" -dM -E "$t/in.c" |
	awk '$1 == "#define" && $2 ~ /^__(ARM_)?NR_[A-Za-z0-9_]+$/ {
		n = $2; sub(/^__(ARM_)?NR_/, "", n)
		if (n ~ /[A-Z]/ || n ~ /syscalls$/ || n == "arch_specific_syscall") next
		print $2 }' | sort -u >"$t/names"
[ -s "$t/names" ] || { echo "no __NR_ macros from $*" >&2; exit 1; }
{ echo '#include <asm/unistd.h>'; awk '{ printf "SYSCOV_NR \"%s\" (%s)\n", $1, $1 }' "$t/names"; } >"$t/expand.c"
"$@" -E -P "$t/expand.c" | grep '^SYSCOV_NR ' >"$t/exprs"
{
	echo '#include <stdio.h>'
	echo 'int main(void) {'
	sed 's/^SYSCOV_NR \("[^"]*"\) \(.*\)$/printf("%s %lld\\n", \1, (long long)(\2));/' "$t/exprs"
	echo 'return 0; }'
} >"$t/eval.c"
cc -w -o "$t/eval" "$t/eval.c"
"$t/eval"
