#!/bin/sh
# neighbours.sh: coexistence of syscov's --plain-names header with other
# libraries' headers (src/libc/libc_owner.c, docs/gen.md). Fetches Debian
# 12's -dev packages of keyutils, libnuma, libaio, libcap and liburing
# (scripts/debian-fetch.sh, cached in the build dir; SKIP, exit 77, when the
# mirror cannot be reached), builds a sysroot of the host's libc6-dev and
# linux-libc-dev files (by their dpkg lists), its libc.so.6 and man2 pages,
# once without and once with those headers, and checks:
#  - the neighbours' declarations land in neighbour_decl, not decl, and the
#    verdicts are the same with and without the -dev packages;
#  - the header includes none of them, names them in the opt-in comments,
#    and compiles before and after each with gcc, clang and g++
#    (-Wall -Wextra -Werror: the matrix is printed);
#  - capset's `const cap_user_data_t` is expanded to a const pointer, so
#    syscov_capset() has libcap's capset() type;
#  - the header of the sysroot without them guards the names of
#    data/neighbours.tsv by __has_include: it compiles next to them too,
#    and defines mbind() where the compiler has no <numaif.h>;
#  - SYSCOV_PLAIN_add_key brings add_key() back (callable without
#    keyutils.h, a clash with it), and without it add_key() is undeclared.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/gen/devroot.sh"
libdevs "$T/ov"
OV=$T/ov/usr/include

# the sysroot: the libc's and the UAPI headers as dpkg lists them
devroot "$T/bare"
devroot "$T/dev"
cp -r "$OV"/* "$T/dev/usr/include/"
for s in bare dev; do
	"$SYSCOV" scan "$T/$s" --db "$T/$s.db" -q || fail "scan $s exited $?"
	"$SYSCOV" classify --db "$T/$s.db" -q || fail "classify $s exited $?"
done
q() { sqlite3 "$T/dev.db" "$1"; }

# where each declaration went: keyutils.h line 177 declares add_key, etc.
grep -q '^extern key_serial_t add_key' "$OV/keyutils.h" || fail "keyutils.h has no add_key"
for x in add_key:keyutils.h mbind:numaif.h io_setup:libaio.h capset:sys/capability.h \
	io_uring_setup:liburing.h; do
	n=${x%%:*} h=/usr/include/${x#*:}
	expect_eq "neighbour $n" "$h" "$(q "SELECT header FROM neighbour_decl WHERE name = '$n'")"
	expect_eq "decl $n" 0 "$(q "SELECT count(*) FROM decl WHERE name = '$n'")"
done
expect_eq "decls from neighbour headers" 0 "$(q "SELECT count(*) FROM decl WHERE header IN
	(SELECT header FROM neighbour_decl)")"
expect_eq "add_key's verdict" missing "$(q "SELECT class FROM verdict WHERE name = 'add_key'")"
sqlite3 "$T/bare.db" "SELECT name, class FROM verdict ORDER BY name" >"$T/v.bare"
q "SELECT name, class FROM verdict ORDER BY name" >"$T/v.dev"
cmp -s "$T/v.bare" "$T/v.dev" || fail "verdicts depend on the -dev packages: $(diff "$T/v.bare" "$T/v.dev" | head)"
ok

"$SYSCOV" gen --plain-names --db "$T/dev.db" -o "$T/h.h" 2>"$T/gen.err" || fail "gen exited $?"
for h in keyutils.h numaif.h libaio.h sys/capability.h liburing.h; do
	! grep -q "#include <$h>" "$T/h.h" || fail "the header includes <$h>"
done
grep -q '^/\* add_key(): /usr/include/keyutils.h declares it too: defined only with SYSCOV_PLAIN_add_key' \
	"$T/h.h" || fail "no opt-in comment for add_key"
grep -q 'SYSCOV_PLAIN_add_key: /usr/include/keyutils.h declares it' "$T/gen.err" ||
	fail "gen does not say why add_key is opt-in: $(cat "$T/gen.err")"
ok

# the matrix: header x compiler x order, for the header of the sysroot with
# the -dev packages (h.h) and of the one without them (data/neighbours.tsv)
"$SYSCOV" gen --plain-names --db "$T/bare.db" -o "$T/b.h" -q 2>/dev/null || fail "gen bare exited $?"
grep -q '^/\* mbind(): <numaif.h> declares it too (data/neighbours.tsv)' "$T/b.h" ||
	fail "the bare sysroot's header does not guard mbind()"
. "$SRCDIR/tests/gen/libheaders.sh"
bad=0
for H in h.h b.h; do
	echo "$H:"
	libheaders_matrix "$T/$H" "$OV" gcc clang g++ || bad=1
done
[ $bad = 0 ] || fail "the header does not compile next to a library header"
ok

# a typedef that hides a pointer: libc's `const cap_user_data_t` is
# `struct __user_cap_data_struct *const` (sys/capability.h line 243), so the
# wrappers' function types are libcap's (a top-level const is no part of it)
grep -q '^extern int capset(cap_user_header_t header, const cap_user_data_t data);' \
	"$OV/sys/capability.h" || fail "libcap's capset() is not as expected"
cat >"$T/cap.c" <<X
#include <sys/capability.h>
#include "$T/h.h"
_Static_assert(__builtin_types_compatible_p(__typeof__(syscov_capset), __typeof__(capset)), "capset");
_Static_assert(__builtin_types_compatible_p(__typeof__(syscov_capget), __typeof__(capget)), "capget");
X
for cc in gcc clang; do
	$cc -fsyntax-only -Wall -Wextra -Werror -isystem "$OV" "$T/cap.c" ||
		fail "$cc: syscov_capset/capget differ from libcap's capset/capget"
done
grep -q 'syscov_capset(struct __user_cap_header_struct \*hdrp, struct __user_cap_data_struct \*const datap)' \
	"$T/h.h" || fail "capset: $(grep 'syscov_capset(' "$T/h.h")"
ok

# the opt-in: add_key() callable without keyutils.h, a clash with it
cat >"$T/call.c" <<X
#include "$T/h.h"
int main(void) { return add_key("user", "k", "v", 1, -4) < 0; }
X
gcc -Wall -Wextra -Werror -fsyntax-only -DSYSCOV_PLAIN_add_key "$T/call.c" ||
	fail "SYSCOV_PLAIN_add_key does not define add_key()"
! gcc -Wall -Wextra -Werror -fsyntax-only "$T/call.c" 2>/dev/null ||
	fail "add_key() defined without its opt-in macro"
# where the compiler has no <numaif.h>, the bare sysroot's header defines mbind()
cat >"$T/mb.c" <<X
#include "$T/b.h"
int main(void) { return mbind(0, 0, 0, 0, 0, 0) != 0; }
X
gcc -Wall -Wextra -Werror -fsyntax-only "$T/mb.c" || fail "no mbind() where <numaif.h> is absent"
! gcc -Wall -Wextra -Werror -fsyntax-only -isystem "$OV" "$T/mb.c" 2>/dev/null ||
	fail "mbind() defined although <numaif.h> is there"
printf '#include <keyutils.h>\n#include "%s"\n' "$T/h.h" >"$T/t.c"
! gcc -fsyntax-only -isystem "$OV" -DSYSCOV_PLAIN_add_key "$T/t.c" 2>/dev/null ||
	fail "the opt-in add_key() does not reach the compiler"
ok
done_ok
