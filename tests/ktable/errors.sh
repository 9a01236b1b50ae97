#!/bin/sh
# errors.sh: bad inputs give exit 3 and one line naming the input: a sysroot
# without asm/unistd.h, and a kernel tree whose .tbl is a symlink out of it
# (a header symlink inside it is read, rows naming its real path).
set -eu
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
mkdir -p "$t/sr/usr/include/linux"
echo '#define X 1' >"$t/sr/usr/include/linux/types.h"
rc=0; "$SYSCOV" scan "$t/sr" --arch x86_64 --db "$t/db" 2>"$t/err" || rc=$?
if [ $rc != 3 ] || ! grep -q "$t/sr: no asm/unistd.h for x86_64 in " "$t/err"; then
	echo "FAIL: missing asm/unistd.h: exit $rc, $(cat "$t/err")"; fail=1
fi
mkdir -p "$t/tree/arch/foo/kernel/syscalls" "$t/outside"
printf 'VERSION = 6\nPATCHLEVEL = 9\nSUBLEVEL = 0\n' >"$t/tree/Makefile"
printf '0 common read sys_read\n' >"$t/outside/syscall.tbl"
ln -s "$t/outside/syscall.tbl" "$t/tree/arch/foo/kernel/syscalls/syscall.tbl"
rc=0; "$SYSCOV" scan --kernel-src "$t/tree" --db "$t/db" 2>"$t/err" || rc=$?
if [ $rc != 3 ] || ! grep -q "outside the kernel tree" "$t/err"; then
	echo "FAIL: escaping .tbl: exit $rc, $(cat "$t/err")"; fail=1
fi
# the same table inside the tree: one row, unimplemented rows marked
rm "$t/tree/arch/foo/kernel/syscalls/syscall.tbl"
printf '# c\n0 common read sys_read\n1 common gone sys_ni_syscall\n2 common nada\n' \
	>"$t/tree/arch/foo/kernel/syscalls/syscall.tbl"
"$SYSCOV" scan --kernel-src "$t/tree" --db "$t/db" -q
got=$(sqlite3 "$t/db" "SELECT group_concat(arch || ':' || nr || ':' || name || ':' || implemented, ' ')
	FROM (SELECT * FROM ksyscall ORDER BY nr)")
want="foo:0:read:1 foo:1:gone:0 foo:2:nada:0"
[ "$got" = "$want" ] || { echo "FAIL: rows '$got', want '$want'"; fail=1; }
[ "$(sqlite3 "$t/db" 'SELECT kernel_version FROM scan')" = 6.9.0 ] || { echo "FAIL: version"; fail=1; }
# a port's header through a symlink that stays inside the tree, and one
# through "..": the rows name the files as their real paths
mkdir -p "$t/tree/arch/bar/include/uapi/asm" "$t/tree/shared"
printf '#include "../extra.h"\n#define __NR_hello 7\n' >"$t/tree/shared/bar_unistd.h"
ln -s ../../../../../shared/bar_unistd.h "$t/tree/arch/bar/include/uapi/asm/unistd.h"
printf '#define __NR_world 8\n' >"$t/tree/arch/bar/include/uapi/extra.h"
"$SYSCOV" scan --kernel-src "$t/tree" --db "$t/db2" -q
got=$(sqlite3 "$t/db2" "SELECT group_concat(name || ':' || nr || ':' || source, ' ')
	FROM (SELECT * FROM ksyscall WHERE arch = 'bar' ORDER BY nr)")
want="hello:7:shared/bar_unistd.h world:8:arch/bar/include/uapi/extra.h"
[ "$got" = "$want" ] || { echo "FAIL: rows '$got', want '$want'"; fail=1; }
exit $fail
