#!/bin/bash
# A Go program built by Debian's golang (static, no libc: the runtime traps
# itself) for amd64 and, cross, arm64, riscv64 and arm: runtime.exit's
# trap is exit_group and runtime.gettid's is gettid, the kernel's numbers
# for the ABI (the cross compiler's SYS_ macros), at the address of the
# trap instruction objdump shows in that function; each program runs
# (natively, or under qemu-user) and prints what it should. The same
# program linked with -s -w and stripped (no .symtab, no .eh_frame: its
# starts and names come from .gopclntab) has the same facts at the same
# addresses. Skips without go; an ABI without its cross gcc, objdump,
# strip or qemu is left out.
. "$(dirname "$0")/../lib.sh"
command -v go >/dev/null || { echo "SKIP: no go (Debian's golang-go)"; exit 77; }
export HOME=$T GOCACHE=$T/cache GOPATH=$T/gopath CGO_ENABLED=0 GOFLAGS=-mod=mod
mkdir -p "$T/root/usr/bin"
printf 'package main\nimport "os"\nfunc main() { os.Stdout.WriteString("hello\\n") }\n' >"$T/main.go"
n=0
for a in amd64:x86_64-linux-gnu:x86_64 arm64:aarch64-linux-gnu:aarch64 \
	riscv64:riscv64-linux-gnu:riscv64 arm:arm-linux-gnueabihf:arm; do
	IFS=: read -r goarch triplet qemu <<<"$a"
	objdump=$triplet-objdump strip=$triplet-strip
	[ "$goarch" = amd64 ] && objdump=objdump strip=strip
	command -v "$triplet-gcc" >/dev/null && command -v "$objdump" >/dev/null &&
		command -v "$strip" >/dev/null || continue
	[ "$goarch" = amd64 ] || command -v "qemu-$qemu" >/dev/null || continue
	(cd "$T" && GOARCH=$goarch go build -o "root/usr/bin/p-$goarch" main.go &&
		GOARCH=$goarch go build -ldflags='-s -w' -o "root/usr/bin/s-$goarch" main.go) ||
		fail "go build $goarch"
	"$strip" "$T/root/usr/bin/s-$goarch" || fail "$strip s-$goarch"
	readelf -S "$T/root/usr/bin/s-$goarch" | grep -qE '\.symtab|\.eh_frame' && fail "s-$goarch: not stripped"
	run=("$T/root/usr/bin/p-$goarch")
	[ "$goarch" = amd64 ] || run=("qemu-$qemu" "$T/root/usr/bin/p-$goarch")
	expect_eq "$goarch: the program runs" hello "$("${run[@]}")"
	echo "$goarch $triplet $objdump" >>"$T/abis"
	n=$((n + 1))
done
[ "$n" -ge 1 ] || { echo "SKIP: no ABI with its tools"; exit 77; }
$SYSCOV -q --db "$T/g.db" usage "$T/root"
while read -r goarch triplet objdump; do
	for fs in exit:exit_group gettid:gettid; do
		fn=runtime.${fs%%:*} sc=${fs#*:}
		nr=$(printf '#include <sys/syscall.h>\nSYS_%s\n' "$sc" | "$triplet-gcc" -E -P - | tail -1)
		# the trap in the function, as objdump shows it (with or without Go's .abi0)
		addr=$($objdump -d "$T/root/usr/bin/p-$goarch" | awk -v f="$fn" '
			/^[0-9a-f]+ <.*>:$/ { m = ($2 == "<" f ">:" || $2 == "<" f ".abi0>:") }
			m && $0 ~ /\t(syscall|svc|ecall)([ \t]|$)/ { sub(":", "", $1); print $1; exit }')
		for p in p s; do
			got=$(sqlite3 "$T/g.db" "SELECT c.nr || ' ' || printf('%x', c.addr) FROM usage_call c
				JOIN usage_file f ON f.id = c.file_id WHERE f.path = '/usr/bin/$p-$goarch'
				AND c.kind = 'const' AND c.via IS NULL AND c.func IN ('$fn', '$fn.abi0')")
			expect_eq "$p-$goarch: $fn traps with $sc at objdump's trap" "$((nr)) $addr" "$got"
		done
	done
done <"$T/abis"
echo "ABIs: $(cut -d' ' -f1 "$T/abis" | tr '\n' ' ')"
done_ok
