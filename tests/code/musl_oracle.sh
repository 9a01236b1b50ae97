#!/bin/bash
# The musl oracle: what musl 1.2.3's source says each exported function of
# libc.so issues, against what syscov reads from the machine code
# (code_syscall). The source is Debian 12's musl source package
# (scripts/libc-source.sh; SKIP without the mirror); musl's own configure
# and `make -n lib/libc.so` give the files of libc.so for the arch and the
# flags each is compiled with; tests/code/srcmap.c walks each C file's AST
# under those flags (calls, their constant arguments, weak aliases, the
# inline asm traps of syscall_arch.h), tests/code/asmmap.awk reads the .s
# files (vfork, __clone, __unmapself, __syscall_cp_asm), and
# tests/code/musl_oracle.py resolves which numbers each function reaches
# and in how many calls, and compares:
#   precision at depth D: of syscov's facts within D calls, those the
#     source reaches at all (a false one is a walk past the code's end);
#   recall at depth D: of the source's facts within D calls, those syscov
#     records within D.
# The issue asks precision >= 0.99 and recall >= 0.98 at every depth.
#
#   musl_oracle.sh ABI SRCMAP LLVM_BINDIR   (ABI: x86_64 or aarch64)
#
# x86_64 reads the host's musl-dev (Debian 12's, 1.2.3); aarch64 Debian
# 12's arm64 musl packages (scripts/release-sysroot.sh). To see the facts
# that fail: SYSCOV_ORACLE_OUT=DIR keeps false-D and missed-D in DIR.
. "$(dirname "$0")/../lib.sh"
abi=$1 srcmap=$2 clang=$3/clang
P_MIN=0.99 R_MIN=0.98
skip() { echo "SKIP: $*"; exit 77; }
M=$("$SRCDIR/scripts/libc-source.sh" -c "$BUILDDIR/libc-sources" bookworm musl 2>"$T/err") || {
	[ $? = 3 ] && skip "Debian mirror unreachable: $(tail -n1 "$T/err")"
	fail "libc-source.sh: $(cat "$T/err")"
}
case $abi in
x86_64)
	lib=/usr/lib/x86_64-linux-musl/libc.so nm=nm
	[ -e "$lib" ] || fail "no $lib (musl-dev, scripts/install-deps.sh)"
	scan=(/ --include /usr/include/x86_64-linux-musl --libdir /usr/lib/x86_64-linux-musl)
	ver=$(dpkg-query -W -f '${Version}' musl-dev)
	;;
aarch64)
	rc=0
	"$SRCDIR/scripts/release-sysroot.sh" -c "$BUILDDIR/release-sysroots" -r bookworm -a arm64 \
		>"$T/list" 2>"$T/err" || rc=$?
	[ $rc = 3 ] && skip "Debian mirror unreachable: $(tail -n1 "$T/err")"
	[ $rc = 0 ] || fail "release-sysroot.sh: exit $rc: $(cat "$T/err")"
	root=$(awk '$4 == "musl" { print $5 }' "$T/list")
	lib=$root/usr/lib/libc.so nm=aarch64-linux-gnu-nm
	command -v $nm >/dev/null || nm=nm
	scan=(--arch aarch64 "$root")
	ver=$(awk '$1 == "musl" { print $2 }' "$root/MANIFEST")
	;;
*) fail "usage: $0 x86_64|aarch64 SRCMAP LLVM_BINDIR" ;;
esac
case $ver in
1.2.3-*) ;;
*) fail "$lib is musl $ver, not the source's 1.2.3" ;;
esac

# musl's own build, dry: configure picks the flags, make -n lists the files
# of libc.so (an arch's own file replacing the generic one) with them
mkdir "$T/b"
cd "$T/b" || exit 1
"$M/configure" --target="$abi" CC="$clang --target=$abi-linux-gnu" >configure.log 2>&1 ||
	fail "musl's configure: $(tail -n3 configure.log)"
make -s obj/include/bits/alltypes.h obj/include/bits/syscall.h obj/src/internal/version.h ||
	fail "musl's generated headers"
make -n lib/libc.so >cmds || fail "make -n lib/libc.so"
grep '\.c$' cmds >c-cmds
[ "$(wc -l <c-cmds)" -gt 1200 ] || fail "only $(wc -l <c-cmds) C files in musl's libc.so"
"$srcmap" c-cmds >map || fail "srcmap"
awk -v arch="$abi" -f "$SRCDIR/tests/code/asmmap.awk" $(grep -o '[^ ]*\.[sS]$' cmds) >>map
ok

"$SYSCOV" scan --db "$T/db" --no-man -q "${scan[@]}" >/dev/null 2>"$T/err" || fail "scan: $(cat "$T/err")"
sqlite3 -separator ' ' "$T/db" "SELECT func, nr, MIN(depth) FROM code_syscall c
	JOIN libc_lib l ON l.id = c.lib_id WHERE nr IS NOT NULL AND l.path LIKE '%/libc.so'
	GROUP BY func, nr" >facts
$nm -D --defined-only "$lib" | awk '$2 ~ /^[TWi]$/ { print $3 }' | sort -u >exports
out=${SYSCOV_ORACLE_OUT:-$T/out}
mkdir -p "$out"
python3 "$SRCDIR/tests/code/musl_oracle.py" map exports "$M/dynamic.list" facts "$out" >result ||
	fail "musl_oracle.py: $(cat result)"
cat result
while read -r _ d _ s _ _ o _ p _ r; do
	d=${d%:} p=${p%,}
	awk -v p="$p" -v r="$r" -v pm=$P_MIN -v rm=$R_MIN 'BEGIN { exit !(p >= pm && r >= rm) }' || {
		echo "syscov's facts the source does not reach (func nr depth):"
		head -n 20 "$out/false-$d"
		echo "the source's facts syscov lacks (func nr source-depth syscov-depth):"
		head -n 40 "$out/missed-$d"
		fail "$abi depth $d: precision $p, recall $r (want >= $P_MIN, >= $R_MIN)"
	}
	ok
done < <(grep '^depth ' result)
done_ok
