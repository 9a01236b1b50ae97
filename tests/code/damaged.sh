#!/bin/bash
# Nothing dropped without a word: copies of real libraries, damaged at test
# time, each read with a diag row that names the file, the member or
# section and the offset, and a scan.code_how that counts what was not read;
# the exit status stays 0 (the scan lives with it).
#  - dietlibc's libc.a with the size field of one member's header (ar(5):
#    bytes 48-57) set to 9999999999, past the end of the file;
#  - musl's libc.so with its .text section header's sh_offset moved past the
#    end of the file (readelf -S names the section);
#  - musl's libc.so with the first byte of dup2() (nm -D) set to 0x06, which
#    decodes as nothing in 64-bit mode (Intel SDM: push es is invalid).
. "$(dirname "$0")/../lib.sh"
diet=/usr/lib/diet/lib-x86_64/libc.a musl=/usr/lib/x86_64-linux-musl/libc.so
[ -e "$diet" ] && [ -e "$musl" ] || fail "no $diet or $musl (scripts/install-deps.sh)"
q() { sqlite3 "$T/db" "$1"; }
scan() { # scan LIBDIR INCLUDE: exit 0 expected
	rm -f "$T/db"
	"$SYSCOV" scan --db "$T/db" --no-man -q / --include "$2" --libdir "$1" >/dev/null 2>"$T/err" ||
		fail "scan $1: $(cat "$T/err")"
	ok
}
# 1. a corrupt archive member: the 41st header's size
mkdir "$T/ar"
cp "$diet" "$T/ar/libc.a"
read -r name off < <(python3 - "$T/ar/libc.a" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
off, i = 8, 0
while True:
    size = int(b[off + 48:off + 58])
    if i == 40:
        print(b[off:off + 16].decode().strip(), off)
        b[off + 48:off + 58] = b'9999999999'
        break
    off += 60 + size + (size & 1)
    i += 1
open(p, 'wb').write(b)
PY
)
scan "$T/ar" /usr/lib/diet/include
for src in elf libc-code; do
	q "SELECT message FROM diag WHERE source = '$src' AND path = '$T/ar/libc.a'" |
		grep -q "^archive member '$name' at offset $off: its size (9999999999 bytes) runs past the end" ||
		fail "$src: no diag for member $name at $off: $(q "SELECT message FROM diag WHERE source = '$src'")"
	ok
done
q "SELECT code_how FROM scan" | grep -q 'not read (diag rows): 1 code sections or archive members cut short' ||
	fail "code_how: $(q "SELECT code_how FROM scan")"
ok
# 2. .text past the end of the file
mkdir "$T/so"
cp "$musl" "$T/so/libc.so"
# readelf -SW: [Nr] Name Type Address Off Size ...
read -r _ textsize < <(readelf -SW "$musl" | awk '{ sub(/^ *\[ *[0-9]+\] */, "") } $1 == ".text" { print $4, $5 }')
[ -n "$textsize" ] || fail "readelf: no .text in $musl"
python3 - "$T/so/libc.so" <<'PY'
import struct, sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
shoff, = struct.unpack_from('<Q', b, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', b, 0x3a)
stroff, = struct.unpack_from('<Q', b, shoff + shstrndx * shentsize + 0x18)
for i in range(shnum):
    h = shoff + i * shentsize
    name, = struct.unpack_from('<I', b, h)
    if b[stroff + name:stroff + name + 6] == b'.text\0':
        struct.pack_into('<Q', b, h + 0x18, len(b) + 0x1000)
open(p, 'wb').write(b)
PY
size=$(stat -c %s "$T/so/libc.so")
scan "$T/so" /usr/include/x86_64-linux-musl
q "SELECT message FROM diag WHERE source = 'libc-code'" |
	grep -q "^section .text at offset $(printf 0x%x $((size + 0x1000))) ($(printf 0x%x $((16#$textsize))) bytes) lies past the end of the file ($(printf 0x%x "$size") bytes): its code is not read" ||
	fail "no diag for .text: $(q "SELECT message FROM diag WHERE source = 'libc-code'")"
ok
# 3. undecodable bytes at dup2()
cp "$musl" "$T/so/libc.so"
dup2=$(nm -D --defined-only "$musl" | awk '$3 == "dup2" { print $1 }')
python3 - "$T/so/libc.so" "$((16#$dup2))" <<'PY'
import sys
p, at = sys.argv[1], int(sys.argv[2])
b = bytearray(open(p, 'rb').read())
b[at] = 0x06   # .text is mapped at its file offset in musl's libc.so
open(p, 'wb').write(b)
PY
objdump -d --start-address=$((16#$dup2)) --stop-address=$((16#$dup2 + 1)) "$T/so/libc.so" | grep -q '(bad)' ||
	fail "objdump decodes the patched byte"
scan "$T/so" /usr/include/x86_64-linux-musl
q "SELECT message FROM diag WHERE source = 'libc-code'" |
	grep -q "^0x$(printf %x $((16#$dup2))) (in dup2()\(, reached from [a-z_0-9]*()\)\?): an address that the decoder cannot decode" ||
	fail "no diag for dup2: $(q "SELECT message FROM diag WHERE source = 'libc-code'")"
ok
expect_eq "dup2 facts" "" "$(q "SELECT group_concat(nr) FROM code_syscall WHERE func = 'dup2' AND nr IS NOT NULL")"
done_ok
