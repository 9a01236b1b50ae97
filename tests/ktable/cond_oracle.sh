#!/bin/sh
# cond_oracle.sh TREE: grep's view of the entry points a kernel tree only
# stubs, independent of syscov's C (src/kernel/ktable_src.c): one "entry file:line"
# line per COND_SYSCALL(X)/COND_SYSCALL_COMPAT(X) at the start of a line of
# a *.c or *.h outside tools/ and Documentation/ (sys_X, compat_sys_X; the
# first site of each) whose entry point no *SYSCALL*_DEFINEn(X, ...) or
# SYSCALL_ALIAS() of the same files and *.S defines (SYSCALL_DEFINEn: sys_X,
# COMPAT_SYSCALL_DEFINEn: compat_sys_X, the ports' PPC32_/SYSCALL32_: both).
# Plain definitions are not looked for here: a tree whose COND'd entry
# point is defined in plain C or assembly differs from syscov, on purpose.
set -eu
cd "$1"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
find . \( -path ./tools -o -path ./Documentation \) -prune -o -type f -name '*.[chS]' -print0 >"$t/files"
for m in COND_SYSCALL:sys_ COND_SYSCALL_COMPAT:compat_sys_; do
	xargs -0 grep -nE "^[[:space:]]*${m%%:*}\\([[:space:]]*[A-Za-z0-9_]+[[:space:]]*\\)" \
		--include='*.[ch]' /dev/null <"$t/files" |
		sed -E "s|^\\./||; s/^([^:]+):([0-9]+):[^(]*\\([[:space:]]*([A-Za-z0-9_]+).*/${m#*:}\\3 \\1:\\2/"
done | sort -k1,1 -k2,2V | awk '!seen[$1]++' >"$t/cond"
xargs -0 grep -hoE '[A-Za-z0-9_]*(SYSCALL[A-Za-z0-9_]*DEFINE[0-9]|SYSCALL_ALIAS)\([[:space:]]*[A-Za-z0-9_]+' /dev/null <"$t/files" |
	sed -E 's/\([[:space:]]*/ /' |
	awk '$1 == "SYSCALL_ALIAS" { sub(/^__[a-z0-9]+_/, "", $2); print $2; next }
	     $1 ~ /^SYSCALL_DEFINE[0-9]$/ { print "sys_" $2; next }
	     $1 ~ /^COMPAT_SYSCALL_DEFINE[0-9]$/ { print "compat_sys_" $2; next }
	     { print "sys_" $2; print "compat_sys_" $2 }' | sort -u >"$t/defs"
awk 'NR == FNR { d[$1] = 1; next } !($1 in d)' "$t/defs" "$t/cond"
