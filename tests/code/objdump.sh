#!/bin/bash
# The machine-code pass (src/libc/libc_code.c) against objdump: for a sample of
# the libc functions in which syscov found a trap of their own with a
# constant number, binutils' objdump -d of the same bytes, read by an awk
# look-back from each trap to the instruction before it that loads the
# number register with an immediate, gives the same number at each trap
# where the look-back can tell (syscov records one address per number):
# none where a return or jump comes between
# (the trap is then reached by a branch, which a linear listing does not
# follow), none where objdump's linear listing lost step (s390 _exit).
# Usage: objdump.sh ABI (an ABI of the registry with a decoder; skipped
# without its sysroot or binutils). tests/code/tests.cmake runs it for every
# ABI of the registry whose arch/<abi>.c names a decoder. The ABI's triplet
# and ISA family come from `syscov arches`; a new ISA family needs its row
# below, in objdump's spelling (Capstone's, in arch/, differs).
. "$(dirname "$0")/../lib.sh"
abi=$1
read -r triplet isa < <("$SYSCOV" arches --format json |
	jq -r --arg a "$abi" '.[] | select(.name == $a) | "\(.gnu_triplet) \(.isa)"')
[ -n "$isa" ] || fail "$abi: not an ABI of the registry"
# ISA family (syscov arches' isa)  trap  number load (extended regexes; _
# stands for a blank)
while read -r family trap load; do
	[ "$family" = "$isa" ] && break
done <<'TABLE'
x86    ^(syscall|int_+\$0x80|call_+\*%gs:0x10)$  ^mov_+\$(0x[0-9a-f]+),%(eax|rax)$|^xor_+%eax,%eax$
arm64  ^svc_+#0x0$                               ^mov_+[xw]8,_#(0x[0-9a-f]+|[0-9]+)$
arm    ^svc_+(0|0x00000000)$                     ^mov[sw]?(\.w)?_+r7,_#([0-9]+)$
mips   ^syscall$                                 ^li_+v0,([0-9]+)$
ppc    ^sc$                                      ^li_+r0,([0-9]+)$
s390   ^svc_+[0-9]+$                             ^lghi_+%r1,([0-9]+)$
sparc  ^ta_+0x6d$                                ^mov_+(0x[0-9a-f]+|[0-9]+),_+%g1$
m68k   ^trap_+#0$                                ^moveq?_?l?_+#([0-9]+),%d0$
riscv  ^ecall$                                   ^li_+a7,([0-9]+)$
sh     ^trapa_+#[0-9]+$                          ^mov(\.[wl])?_+#(0x[0-9a-f]+|[0-9]+),r3$
TABLE
[ "$family" = "$isa" ] || fail "no row for the ISA family $isa ($abi)"
trap=${trap//_/ } load=${load//_/ }
if [ "$(gcc -dumpmachine)" = "$triplet" ]; then
	sysroot=/ objdump=objdump nm=nm lib=$(gcc -print-file-name=libc.so.6)
else
	# n32 has no binutils of its own: n64's read it
	tools=${triplet/gnuabin32/gnuabi64}
	sysroot=/usr/$triplet objdump=$tools-objdump nm=$tools-nm lib=/usr/$triplet/lib/libc.so.6
fi
if [ ! -e "$lib" ] || ! command -v "$objdump" >/dev/null; then
	echo "SKIP: no $lib or $objdump"
	done_ok
	exit 0
fi
"$SYSCOV" scan --db "$T/db" --no-man -q "$sysroot" >/dev/null 2>"$T/err" || fail "scan: $(cat "$T/err")"
q() { sqlite3 -separator ' ' "$T/db" "$1"; }
how=$(q "SELECT code_how FROM scan")
case $how in
Capstone*) ok ;;
"not read: "*"has no decoder"*)
	# riscv64 and sh4 with Capstone 4 (scripts/build-capstone5.sh builds 5)
	echo "SKIP: $how"
	done_ok
	exit 0
	;;
*) fail "code not read: $how" ;;
esac
# the sample: exported functions with a trap of their own whose numbers are
# all constants, by name (60, or all there are)
q "SELECT func FROM code_syscall GROUP BY func
   HAVING SUM(depth = 0 AND via IS NULL AND nr IS NOT NULL) > 0
      AND SUM(depth = 0 AND via IS NULL AND nr IS NULL) = 0
   ORDER BY func" >"$T/sample"
# offset and size of every dynamic symbol (a Thumb function's address has bit 0 set)
if [ "$abi" = ppc64 ]; then
	# ELFv1: a dynamic symbol is a descriptor in .opd; binutils' synthetic
	# dot-symbols give the code's entry, and the next one where it ends
	"$nm" -D --synthetic --defined-only "$lib" | awk '$3 ~ /^\./ { sub(/@.*/, "", $3); print $1, substr($3, 2) }' |
		sort -u | sort -r -k1,1 | while read -r a n; do
			# from the last: the size is up to the next higher address
			[ "$a" != "${cur:-}" ] && next=${cur:-} cur=$a
			[ -n "$next" ] && printf '%s %s %x\n' "$n" "$a" $((16#$next - 16#$a))
		done >"$T/code"
	# one dot-symbol per descriptor: its aliases (_Exit of _exit) by descriptor
	"$nm" -D --defined-only "$lib" | awk '{ sub(/@.*/, "", $3); print $3, $1 }' >"$T/opd"
	awk 'NR == FNR { desc[$1] = $2; next } FILENAME == ARGV[2] { code[desc[$1]] = $2 " " $3; next }
	     $2 in code { print $1, code[$2] }' "$T/opd" "$T/code" "$T/opd" >"$T/syms"
else
	"$nm" -D -S --defined-only "$lib" | awk '{ sub(/@.*/, "", $4); print $4, $1, $2 }' >"$T/syms"
fi
checked=0
while read -r fn; do
	read -r _ addr size < <(grep -m1 "^$fn " "$T/syms") || fail "$fn not in nm -D"
	start=$((16#$addr & ~1)) end=$((16#$addr + 16#$size))
	"$objdump" -d --no-show-raw-insn --start-address=$start --stop-address=$end "$lib" |
		TRAP=$trap LOAD=$load awk -F'\t' '
		function num(v,   n, i) {
			if (v !~ /^0x/)
				return v + 0
			n = 0
			for (i = 3; i <= length(v); i++)
				n = n * 16 + index("0123456789abcdef", substr(v, i, 1)) - 1
			return n
		}
		NF >= 2 && $1 ~ /^ *[0-9a-f]+:$/ {
			insn = $2
			for (i = 3; i <= NF; i++)
				insn = insn " " $i
			# SH: a literal load, its value in the comment objdump adds
			# (mov.w d3ec2 <faccessat+0x19a>,r3 ! 1b7): as an immediate
			if ($2 ~ /^mov\.[wl]$/ && $NF ~ /^! [0-9a-f]+$/) {
				reg = $3; sub(/^.*,/, "", reg)
				insn = $2 " #0x" substr($NF, 3) "," reg
			}
			sub(/ *(\/\/|[@!<;]|# ).*$/, "", insn); sub(/ +$/, "", insn)
			if (insn ~ ENVIRON["LOAD"]) {
				# the immediate: after $ (x86) or # (aarch64, arm, m68k),
				# first (sparc: mov N, %g1), else last (li v0,N)
				v = insn
				if (v ~ /[$#]/)
					sub(/^[^$#]*[$#]/, "", v)
				else if (v ~ /%g1$/)
					sub(/^[a-z]+ +/, "", v)
				else
					sub(/^.*,/, "", v)
				sub(/[^0-9a-fx].*$/, "", v)
				val = insn ~ /^xor/ ? 0 : num(v)
				next
			}
			if (insn ~ ENVIRON["TRAP"]) {
				a = $1; sub(/^ */, "", a); sub(/:$/, "", a)
				if (insn ~ /^svc +[1-9]/) { sub(/^svc +/, "", insn); print num("0x" a), insn + 0 }
				else if (val != "") print num("0x" a), val
				next
			}
			# the end of a block: what follows is reached some other way
			if (insn ~ /^(ret[lq]?|jmp|b|b\.w|br|blr|bctr|j|jg|jr|bx|rts|bra|return)( |$)|pc}$/)
				val = ""
		}' | sort -n >"$T/want"
	[ -s "$T/want" ] || continue
	# syscov: the numbers of the function's own traps (one address each)
	q "SELECT DISTINCT addr, nr FROM code_syscall WHERE func = '$fn' AND depth = 0
	   AND via IS NULL AND nr IS NOT NULL" >"$T/got"
	# every number objdump reads is one syscov found, and where both name
	# the same trap, the same number
	awk 'NR == FNR { nr[$2] = 1; at[$1] = $2; next }
	     !($2 in nr) || ($1 in at && at[$1] != $2) { bad = 1 }
	     END { exit bad }' "$T/got" "$T/want" ||
		fail "$abi $fn: objdump gives (addr nr) $(tr '\n' ' ' <"$T/want"), syscov $(tr '\n' ' ' <"$T/got")"
	checked=$((checked + 1))
	ok
	[ $checked -lt 60 ] || break
done <"$T/sample"
[ $checked -ge 50 ] || fail "$abi: only $checked functions with traps in their own bytes"
echo "$abi: $checked functions agree with objdump"
done_ok
