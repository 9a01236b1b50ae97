# sysroot.sh: make_sysroot DIR: a minimal x86_64 root sysroot (sourced).
# It holds the host's UAPI headers so that the scanners before libc-elf find
# a kernel table; the libc is each test's own.
make_sysroot() {
	mkdir -p "$1/usr/include/x86_64-linux-gnu" "$1/usr/lib/x86_64-linux-gnu"
	cp -r /usr/include/linux /usr/include/asm-generic "$1/usr/include/"
	cp -r /usr/include/x86_64-linux-gnu/asm "$1/usr/include/x86_64-linux-gnu/"
}
