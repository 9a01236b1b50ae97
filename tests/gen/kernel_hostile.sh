#!/bin/sh
# Bad input to the kernel types and to --plain-names: a made kernel tree's
# syscalls.h with comment closers, string literals, unknown typedefs,
# function pointers, attributes and macros in prototypes cannot put a token
# into the header (those prototypes are refused: the wrapper stays untyped,
# the rest are typed); a prototype file that is a symlink or a FIFO is an
# error naming it (exit 3), not a read outside the tree or a hang; syscall
# names that are a libc macro, a C++ keyword or reserved get no plain
# NAME() (a note says which) and the header still compiles as C and C++;
# a header that cannot be written leaves no file behind (exit 5).
. "$SRCDIR/tests/lib.sh"
export SYSCOV_DB=$T/db
cd "$T"
k=$T/k
mkdir -p "$k/include/linux" "$k/arch/x86/entry/syscalls" "$k/arch/x86/kernel" "$k/arch/x86/include/asm"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n' >"$k/Makefile"
cat >"$k/arch/x86/entry/syscalls/syscall_64.tbl" <<'EOF'
248	common	add_key			sys_add_key
249	common	request_key		sys_request_key
425	common	io_uring_setup		sys_io_uring_setup
426	common	io_uring_enter		sys_io_uring_enter
443	common	quotactl_fd		sys_quotactl_fd
449	common	futex_waitv		sys_futex_waitv
450	common	set_mempolicy_home_node	sys_set_mempolicy_home_node
EOF
# its syscalls.h is the fuzz target's hostile seed
cp "$SRCDIR/tests/fuzz/corpus/kproto/hostile.h" "$k/include/linux/syscalls.h"
"$SYSCOV" scan -q / 2>err || fail "scan /: $(cat err)"
"$SYSCOV" scan -q --kernel-src "$k" 2>err || fail "scan the made tree: $(cat err)"
"$SYSCOV" classify -q || fail classify
"$SYSCOV" gen -q --scan host-x86_64 --only io_uring_setup,add_key,request_key,futex_waitv,quotactl_fd,io_uring_enter,set_mempolicy_home_node -o w.h 2>err ||
	fail "gen: $(cat err)"
ok
typed=$(grep -o '^/\* [a-z_]*: types from the kernel' w.h | cut -d' ' -f2 | tr -d : | sort | tr '\n' ' ')
expect_eq "typed from the kernel" "add_key set_mempolicy_home_node " "$typed"
untyped=$(grep -o '^#define SYSCOV_UNTYPED_[a-z_]*' w.h | sed 's/.*UNTYPED_//' | sort | tr '\n' ' ')
expect_eq "refused, untyped" "futex_waitv quotactl_fd request_key " "$untyped"
# io_uring_setup and io_uring_enter: liburing's man pages (data/user_protos.tsv)
man=$(grep -o '^/\* [a-z_]*: types from the man page' w.h | cut -d' ' -f2 | tr -d : | sort | tr '\n' ' ')
expect_eq "typed from data/user_protos.tsv" "io_uring_enter io_uring_setup " "$man"
# its kernel prototype refused, data/gen_overrides.tsv's row says the kernel
# takes a sixth argument after io_uring_enter(2)'s sigset_t *: the size
grep -q '__syscov_sys6(__NR_io_uring_enter, .*__SYSCOV_PTR(sig), __SYSCOV_ARG(__SYSCOV_KSIGSET_BYTES));' w.h ||
	fail "io_uring_enter: $(grep '__NR_io_uring_enter,' w.h)"
if grep -n 'EVIL' w.h >hits; then fail "a hostile token reached the header: $(cat hits)"; fi
ok
opens=$(grep -o '/\*' w.h | wc -l)
closes=$(grep -o '\*/' w.h | wc -l)
expect_eq "comment openers = closers" "$opens" "$closes"
printf '#include "w.h"\nint main(void) { return 0; }\n' >use.c
gcc -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only use.c 2>err || fail "gcc: $(head -5 err)"
ok

# a prototype file leading out of the tree, or a FIFO: exit 3, named
ln -s /etc/passwd "$k/arch/x86/include/asm/syscalls.h"
expect_rc 3 "$SYSCOV" scan -q --kernel-src "$k"
expect_err 'arch/x86/include/asm/syscalls.h: '
rm "$k/arch/x86/include/asm/syscalls.h"
mkfifo "$k/arch/x86/kernel/sys_fifo.c"
expect_rc 3 timeout 20 "$SYSCOV" scan -q --kernel-src "$k"
expect_err 'arch/x86/kernel/sys_fifo.c: not a regular file'
rm "$k/arch/x86/kernel/sys_fifo.c"

# plain names: a libc macro, a C++ keyword and a reserved name, as a DB
# might hold them, are not defined (and said so); the header compiles
sqlite3 db "INSERT INTO verdict(scan_id, name, class) SELECT id, n.v, 'missing' FROM scan,
	(SELECT 'errno' AS v UNION ALL SELECT 'delete' UNION ALL SELECT '_evil') n WHERE label = 'host-x86_64'"
"$SYSCOV" gen --scan host-x86_64 --plain-names -o p.h 2>err || fail "gen --plain-names: $(cat err)"
for n in errno delete _evil; do
	grep -q -- "--plain-names: $n() not defined: a C/C++ keyword, a libc macro or a reserved name" err ||
		fail "no note for $n: $(cat err)"
	if grep -q "^static inline [a-z ]*\**$n(" p.h; then fail "$n() defined"; fi
	ok
done
printf '#include "p.h"\nint main(void) { return 0; }\n' >usep.c
gcc -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only usep.c 2>err || fail "gcc p.h: $(head -5 err)"
g++ -std=c++17 -x c++ -Wall -Wextra -Werror -fsyntax-only usep.c 2>err || fail "g++ p.h: $(head -5 err)"
ok

# a header that cannot be written leaves nothing behind
mkdir out.h
expect_rc 5 "$SYSCOV" gen -q --scan host-x86_64 --plain-names -o out.h
left=$(ls -a | grep -c '^out\.h\.tmp' || true)
expect_eq "temporary files left" 0 "$left"
expect_rc 2 "$SYSCOV" gen -q --scan host-x86_64 --plain-names --arch nosuch -o never.h
[ ! -e never.h ] || fail "a failed gen wrote never.h"
ok
done_ok
