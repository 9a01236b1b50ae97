# This file contains the assembly side of the musl oracle's source map
# (tests/code/musl_oracle.sh): the facts of a libc's .s/.S files for one
# arch, in srcmap.c's line format, read from the source text:
#   F key name 1        a function (.type NAME,@function or %function)
#   N key nr            a trap after a constant load into the number register
#   P key k             a trap with the number the function got in argument k
#   C caller callee     a call or branch to a symbol
# Labels without .type are code of the function they lie in (musl's
# __cp_begin); function labels with no code between are one function
# (sigsetjmp, __sigsetjmp). The number register's value is followed in
# text order, which musl's few straight-line trapping files allow.
#   awk -v arch=x86_64|aarch64 -f asmmap.awk FILE.s...
BEGIN {
	# the C arguments' registers, in order
	split(arch == "x86_64" ? "%rdi %rsi %rdx %rcx %r8 %r9" : "x0 x1 x2 x3 x4 x5 x6 x7", r, " ")
	for (i in r)
		argreg[r[i]] = i
	nrreg = arch == "x86_64" ? "^%([er]ax|al)$" : "^[xw]8$"
	trapop = arch == "x86_64" ? "^syscall$" : "^svc$"
	callop = arch == "x86_64" ? "^(call|jmp|j[a-z]+)$" : "^(bl?|b\\.[a-z]+|cbn?z|tbn?z)$"
}
function trap(   f) {
	for (f in cur)
		if (num ~ /^p/)
			print "P\t" f "\t" substr(num, 2)
		else if (num != "")
			print "N\t" f "\t" num
}
FNR == 1 { delete cur; ncode = 0; num = "" }
{
	sub(/\/\*.*\*\//, ""); sub(/\/\/.*/, "")
	if (arch == "x86_64")
		sub(/#.*/, "")
}
$1 == ".type" {
	n = $2; sub(/,.*/, "", n)
	isfn[n] = 1
	next
}
{
	# labels, maybe followed by an instruction
	while (match($0, /^[ \t]*[A-Za-z_.$][A-Za-z0-9_.$]*:/)) {
		l = substr($0, RSTART, RLENGTH - 1); sub(/^[ \t]*/, "", l)
		$0 = substr($0, RSTART + RLENGTH)
		if (l in isfn) {
			if (ncode) { delete cur; ncode = 0 }
			cur[l] = 1
			print "F\t" l "\t" l "\t1"
		}
	}
	if ($0 !~ /[^ \t]/ || $1 ~ /^\./)
		next
	ncode++
	op = $1
	args = $0; sub(/^[ \t]*[^ \t]+[ \t]*/, "", args); gsub(/[ \t]/, "", args)
	n = split(args, a, ",")
	tgt = a[n]; sub(/@PLT$/, "", tgt)
	if (op ~ callop && tgt ~ /^[A-Za-z_][A-Za-z0-9_]*$/) {
		for (f in cur)
			print "C\t" f "\t" tgt "\t"
	} else if (op ~ trapop) {
		trap()
	} else if (arch == "x86_64" && op ~ /^xor/ && a[1] == a[2] && a[2] ~ nrreg) {
		num = 0
	} else if (arch == "x86_64" && op ~ /^mov[lq]?$/ && a[2] ~ nrreg) {
		num = a[1] ~ /^\$[0-9]+$/ ? substr(a[1], 2) + 0 : a[1] in argreg ? "p" argreg[a[1]] : ""
	} else if (arch == "x86_64" && a[n] ~ nrreg) {
		num = ""
	} else if (arch == "aarch64" && a[1] ~ nrreg) {
		if (op == "mov" && a[2] ~ /^#[0-9]+$/)
			num = substr(a[2], 2) + 0
		else
			num = op == "mov" && a[2] in argreg ? "p" argreg[a[2]] : ""
	}
}
