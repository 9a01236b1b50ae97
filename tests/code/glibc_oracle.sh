#!/bin/bash
# The glibc oracle: glibc 2.36's source (Debian 12's, scripts/libc-source.sh;
# SKIP without the mirror) names the syscall each function of two samples
# issues in its own code, and syscov must find that number at depth 0 on
# every ABI with a decoder and a Debian 12 libc6 (the host's, the
# libc6-dev-*-cross sysroots):
#  - syscalls.list: the generic list's entries (sysdeps/unix/sysv/linux/
#    syscalls.list) that no arch overrides (no other syscalls.list line,
#    no .c or .S of that name): make-syscalls.sh makes each a stub that
#    traps with __NR_<syscall> (alarm, capget, getpid, pivot_root, ...);
#  - INLINE_SYSCALL sites: the generic dir's C files with no #if, whose
#    INLINE_SYSCALL/INLINE_SYSCALL_CALL/SYSCALL_CANCEL/INTERNAL_SYSCALL
#    calls name one syscall, no arch overriding the file (read, close,
#    fsync, sigsuspend -> rt_sigsuspend, tcdrain -> ioctl, ...).
# A sample's function counts where the ABI's libc.so.6 exports it (nm -D)
# and the ABI's <asm/unistd.h> (clang -E for the registry's clang triple)
# defines its __NR_ (clang -E for the registry's clang triple; SuperH's
# cross gcc). Every such function must have its number at depth 0, but the
# misses KNOWN lists with their cause (a known miss found again is said).
#
#   glibc_oracle.sh LLVM_BINDIR
. "$(dirname "$0")/../lib.sh"
clang=$1/clang
# ABI:function, measured 2026-12-05 (issue 26):
# - arm fchmodat: `movw ip, #333; bl __libc_do_syscall` (Thumb, the
#   number in ip) is reached by a beq and recorded as nothing;
# - m68k: `moveq #111,%d0; not.b %d0` (GCC's load of 128..255: msync
#   144) is not followed; getentropy's `move.l #352,%d6` before its loop,
#   `move.l %d6,%d0; trap #0` in it, is lost across the loop.
KNOWN=" arm:fchmodat m68k:fdatasync m68k:getentropy m68k:msync m68k:posix_madvise
 m68k:readahead m68k:readv m68k:sigpending m68k:sigqueue m68k:sigsuspend m68k:writev "
KNOWN=${KNOWN//$'\n'/ }
G=$("$SRCDIR/scripts/libc-source.sh" -c "$BUILDDIR/libc-sources" bookworm glibc 2>"$T/err") || {
	[ $? = 3 ] && { echo "SKIP: Debian mirror unreachable: $(tail -n1 "$T/err")"; exit 77; }
	fail "libc-source.sh: $(cat "$T/err")"
}
L=$G/sysdeps/unix/sysv/linux
cd "$L" || fail "no $L"
lists=$(find . -name syscalls.list)
# overridden: a name an arch's syscalls.list or a .c/.S file (any dir) has
find . \( -name '*.c' -o -name '*.S' \) | sed 's|.*/||; s|\.[cS]$||' | sort -u >"$T/files"
grep -hv '^#' $lists | awk 'NF { print $1 }' | sort | uniq -c | awk '$1 > 1 { print $2 }' >"$T/multi"
grep -v '^#' syscalls.list | awk -v files="$T/files" -v multi="$T/multi" '
	BEGIN { while ((getline l < files) > 0) skip[l] = 1; while ((getline l < multi) > 0) skip[l] = 1 }
	NF >= 5 && !($1 in skip) { for (i = 5; i <= NF; i++) if ($i !~ /@/) print $i, $3, "list" }' >"$T/sample"
for f in *.c; do
	b=${f%.c}
	grep -q '^[[:space:]]*#[[:space:]]*if' "$f" && continue
	n=$(grep -oE '\b(INLINE_SYSCALL_CALL|INLINE_SYSCALL|SYSCALL_CANCEL|INTERNAL_SYSCALL_CALL|INTERNAL_SYSCALL)[[:space:]]*\([[:space:]]*[a-z0-9_]+' "$f" |
		sed 's/.*([[:space:]]*//' | sort -u)
	[ "$(echo "$n" | grep -c .)" = 1 ] || continue
	find . -mindepth 2 \( -name "$b.c" -o -name "$b.S" \) | grep -q . && continue
	grep -q "^$b$" "$T/multi" && continue
	grep -qh "^$b[[:space:]]" $lists && continue
	echo "$b $n inline"
done >>"$T/sample"
[ "$(grep -c ' list$' "$T/sample")" -ge 40 ] && [ "$(grep -c ' inline$' "$T/sample")" -ge 30 ] ||
	fail "samples too small: $(sort "$T/sample" | tr '\n' ' ')"
ok
cd "$T" || exit 1

"$SYSCOV" arches --format json | jq -r '.[] | select(.isa != null) | "\(.name) \(.gnu_triplet) \(.clang_triple)"' >abis
checked=0 bad=
while read -r abi triplet ctriple; do
	if [ "$abi" = x86_64 ]; then
		root=/ lib=$(gcc -print-file-name=libc.so.6) nm=nm inc=(-isystem /usr/include/x86_64-linux-gnu -isystem /usr/include)
	else
		root=/usr/$triplet lib=/usr/$triplet/lib/libc.so.6 nm=${triplet/gnuabin32/gnuabi64}-nm inc=(-isystem /usr/$triplet/include)
	fi
	if [ ! -e "$lib" ] || ! command -v "$nm" >/dev/null; then
		echo "$abi: no $lib or $nm: not checked"
		continue
	fi
	rm -f db
	"$SYSCOV" scan --db db --no-man -q "$root" >/dev/null 2>err || fail "$abi: scan $root: $(cat err)"
	how=$(sqlite3 db "SELECT code_how FROM scan")
	case $how in
	Capstone*) ;;
	*) echo "$abi: $how: not checked"; continue ;;
	esac
	"$nm" -D --defined-only "$lib" | awk '{ sub(/@.*/, "", $3); print $3 }' | sort -u >exports
	# the numbers, as the ABI's <asm/unistd.h> defines them
	{
		echo '#include <asm/unistd.h>'
		awk '{ print "N_" $2 " __NR_" $2 }' "$T/sample" | sort -u
	} >nr.c
	# clang has no SuperH target: the cross compiler there
	"$clang" --target="$ctriple" -nostdinc "${inc[@]}" -E -P nr.c 2>err >nr.i ||
		"$triplet-gcc" -nostdinc "${inc[@]}" -E -P nr.c 2>>err >nr.i || fail "$abi: clang -E: $(head -3 err)"
	grep '^N_' nr.i | while read -r n v; do
		[[ $v == __NR_* ]] || echo "${n#N_} $((v))"
	done >nr
	sqlite3 -separator ' ' db "SELECT DISTINCT func, nr FROM code_syscall WHERE depth = 0 AND nr IS NOT NULL" >facts
	awk -v abi="$abi" -v known="$KNOWN" 'FILENAME == ARGV[1] { nr[$1] = $2; next }
		FILENAME == ARGV[2] { ex[$1] = 1; next }
		FILENAME == ARGV[3] { has[$1 " " $2] = 1; next }
		($1 in ex) && ($2 in nr) {
			n[$3]++
			k = index(known, " " abi ":" $1 " ")
			if ($1 " " nr[$2] in has) {
				f[$3]++
				if (k) found = found " " $1
			} else if (k) {
				kmiss = kmiss " " $1 "->" $2 "(" nr[$2] ")"
			} else {
				miss = miss " " $1 "->" $2 "(" nr[$2] ")"
			}
		}
		END {
			printf "%s: syscalls.list %d/%d, INLINE_SYSCALL %d/%d\n", abi, f["list"], n["list"], f["inline"], n["inline"]
			if (kmiss != "") print abi " known misses:" kmiss
			if (found != "") print abi " known misses now found (drop them from KNOWN):" found
			if (miss != "") print abi " MISSES:" miss
			exit !(n["list"] >= 30 && n["inline"] >= 15 && miss == "")
		}' nr exports facts "$T/sample" || bad="$bad $abi"
	checked=$((checked + 1))
done <abis
[ -z "$bad" ] || fail "misses beyond KNOWN, or samples too small:$bad"
[ $checked -ge 10 ] || fail "only $checked ABIs checked"
ok
done_ok
