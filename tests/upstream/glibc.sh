#!/bin/sh
# syscov upstream against glibc 2.36's source (Debian 12's, fetched through
# scripts/libc-source.sh; SKIP when the mirror cannot be reached): the
# series for finit_module, kcmp and ioprio_set applies in order without
# fuzz; its syscalls.list lines are the seed patch's (finit_module i:isi)
# and make-syscalls.sh reads them (with a stand-in <sysdep.h>: SYS_ify from
# the host's <asm/unistd.h>, glibc's own needs a configured tree); every
# libc.abilist gets the line, and kexec_file_load's only the ports whose
# kernel .tbl has it; the patched bits/unistd_ext.h declares the three
# with the man pages' types (host <unistd.h>, the patched header first)
# and each tst-NAME.c compiles with it and glibc's support/ headers
# (-D_GNU_SOURCE, which glibc's build gives every test). The port map of
# src/upstream/glibc.c covers every libc.abilist of 2.36 and 2.41.
libc=glibc
. "$SRCDIR/tests/upstream/common.sh"
G=$SRC
"$SYSCOV" upstream -q finit_module kcmp ioprio_set kexec_file_load --libc glibc \
	--source "$G" -o out || fail "upstream"
[ "$(ls out | wc -l)" = 4 ] || fail "not 4 patches: $(ls out)"
# init_module: 2.36 exports it (its abilists: GLIBC_2.0 init_module F), no
# header declares it: a second wrapper is refused, naming an abilist
grep -q ' init_module F$' "$G/sysdeps/unix/sysv/linux/x86_64/64/libc.abilist" || fail "abilist"
"$SYSCOV" upstream -q init_module --libc glibc --source "$G" -o out2 2>err && fail "init_module"
grep -q 'libc.abilist: exports init_module already' err || fail "init_module: $(cat err)"
ok

# the touched files copied, then each patch applied in turn, without fuzz
mkdir tree
for f in $(sed -n 's|^+++ b/||p' out/*.patch | sort -u) version.h sysdeps/unix/make-syscalls.sh; do
	[ -f "$G/$f" ] || continue
	mkdir -p "tree/$(dirname "$f")" && cp "$G/$f" "tree/$f"
done
for p in out/*.patch; do
	(cd tree && patch -p1 --fuzz=0 -s <"../$p") || fail "$p does not apply"
done
ok

L=tree/sysdeps/unix/sysv/linux
tab=$(printf '\t')
grep -qx "finit_module${tab}EXTRA${tab}finit_module${tab}i:isi${tab}finit_module" "$L/syscalls.list" ||
	fail "finit_module's line is not the seed patch's"
grep -q "^kcmp${tab}${tab}EXTRA${tab}kcmp${tab}${tab}i:iiiUU${tab}kcmp$" "$L/syscalls.list" || fail "kcmp line"
grep -q "^ioprio_set${tab}EXTRA${tab}ioprio_set${tab}i:iii${tab}ioprio_set$" "$L/syscalls.list" ||
	fail "ioprio_set line"
printf '#include <asm/unistd.h>\n#define SYS_ify(n) __NR_##n\n' >sysdep.h
(cd tree && sysdirs=sysdeps/unix/sysv/linux asm_CPP="gcc -E -x assembler-with-cpp -I$T" \
	sh sysdeps/unix/make-syscalls.sh sysdeps/unix/sysv/linux) >calls.mk 2>&1
for x in "finit_module NUMBER=313 ARGS=i:isi" "kcmp NUMBER=312 ARGS=i:iiiUU" \
	"ioprio_set NUMBER=251 ARGS=i:iii" "kexec_file_load NUMBER=320 ARGS=i:iiUsU"; do
	grep -q "^#### CALL=$x SOURCE=-" calls.mk || fail "make-syscalls.sh: no CALL=$x"
done
ok

# Versions: one GLIBC_2.37 node (version.h says 2.36) holding the four
[ "$(grep -c '  GLIBC_2.37 {' "$L/Versions")" = 1 ] || fail "GLIBC_2.37 node"
sed -n '/  GLIBC_2.37 {/,/  }/p' "$L/Versions" | grep -c ';' | grep -qx 4 || fail "node not 4 names"
# abilists: every port for finit_module; kexec_file_load where the
# kernel's own table has it (x86_64's 64-bit .tbl yes, i386's no)
n=$(find "$G/sysdeps/unix/sysv/linux" -name libc.abilist | wc -l)
m=$(grep -l '^GLIBC_2.37 finit_module F$' $(find "$L" -name libc.abilist) | wc -l)
[ "$n" = "$m" ] || fail "finit_module in $m of $n abilists"
grep -q kexec_file_load "$K/arch/x86/entry/syscalls/syscall_64.tbl" &&
	! grep -q kexec_file_load "$K/arch/x86/entry/syscalls/syscall_32.tbl" || fail "kernel tables"
grep -q '^GLIBC_2.37 kexec_file_load F$' "$L/x86_64/64/libc.abilist" || fail "x86_64 abilist"
grep -q 'kexec_file_load' "$L/i386/libc.abilist" && fail "i386 abilist has kexec_file_load"
for f in $(find "$L" -name libc.abilist); do
	LC_ALL=C sort -c "$f" || fail "$f not sorted"
done
ok

# header and tests compile against the patched header
mkdir -p ov/bits sup
cp "$L/bits/unistd_ext.h" ov/bits/
ln -s "$G/support" sup/support
cat >h.c <<'C'
#define _GNU_SOURCE
#include <unistd.h>
int (*a)(int, const char *, int) = finit_module;
int (*b)(pid_t, pid_t, int, unsigned long, unsigned long) = kcmp;
int (*c)(int, int, int) = ioprio_set;
C
gcc -std=c11 -Wall -Wextra -Werror -I ov -c h.c || fail "header"
for x in finit_module kcmp ioprio_set kexec_file_load; do
	gcc -std=gnu11 -D_GNU_SOURCE -Wall -Werror -I ov -I sup -c "$L/tst-$x.c" -o "tst-$x.o" ||
		fail "tst-$x.c"
done
ok

# the port map against every glibc tree at hand (2.41 when fetched)
G41=$("$SRCDIR/scripts/libc-source.sh" -c "$BUILDDIR/libc-sources" trixie glibc 2>/dev/null) &&
	{ "$SYSCOV" upstream -q ioprio_set --libc glibc --source "$G41" -o out41 ||
		fail "2.41: $(cat "$T/err")"; }
ok
