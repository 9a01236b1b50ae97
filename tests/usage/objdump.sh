#!/bin/bash
# Agreement with objdump on real binaries of this machine: for each of the
# first 30 x86_64 programs and libraries in /usr/bin and /usr/lib that
# import syscall(), every call or tail jump of syscall@plt that objdump -d
# shows in .text is a site syscov usage records (a constant, an argument
# passed on, or indirect), and syscov records no other. Sites in code
# reached only by the C++ unwinder (a landing pad: gdb's perf_event_open
# call) are not followed from any function start: at least 95% of
# objdump's sites must be found, none that objdump lacks.
. "$(dirname "$0")/../lib.sh"
n=0
mkdir -p "$T/root"
for f in /usr/bin/* /usr/lib/x86_64-linux-gnu/*.so.*; do
	[ -f "$f" ] && [ ! -L "$f" ] || continue
	readelf -h "$f" 2>/dev/null | grep -q 'X86-64' || continue
	readelf -W --dyn-syms "$f" 2>/dev/null | grep -q ' UND syscall@' || continue
	echo "$f" >>"$T/list"
	n=$((n + 1))
	[ $n -lt 30 ] || break
done
[ "$n" -ge 30 ] || { echo "SKIP: only $n binaries importing syscall() here"; exit 77; }
total=0 found=0
while read -r f; do
	$SYSCOV -q --db "$T/u.db" usage / "$f"
	want=$(objdump -d -j .text "$f" | grep -E '^ *[0-9a-f]+:.*[^:]<syscall@plt>$' |
		awk '{sub(":","",$1); print $1}' | sort -u | tr '\n' ' ')
	got=$(sqlite3 "$T/u.db" "SELECT DISTINCT printf('%x', c.addr) FROM usage_call c JOIN usage_file f ON f.id = c.file_id WHERE f.path = '$f' AND c.via = 'syscall@plt'" | sort -u | tr '\n' ' ')
	for a in $got; do
		[[ " $want " == *" $a "* ]] || fail "$f: a site at $a that objdump does not show"
	done
	ok
	for a in $want; do
		total=$((total + 1))
		if [[ " $got " == *" $a "* ]]; then found=$((found + 1)); else echo "missed: $f $a"; fi
	done
done <"$T/list"
echo "objdump's sites found: $found of $total"
[ $((found * 100)) -ge $((total * 95)) ] || fail "found $found of $total sites"
ok
done_ok
