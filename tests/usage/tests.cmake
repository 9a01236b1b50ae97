# syscov usage (src/usage/): planted programs with known by-hand syscalls on
# x86_64 and the cross ABIs whose compilers are installed, checked against
# the kernel's numbers (gcc -dM) and objdump's call sites; the cache; the
# demand report and a program's needs.
syscov_test(usage_planted bash ${CMAKE_CURRENT_SOURCE_DIR}/usage/planted.sh LABELS usage)
# objdump agreement on the by-hand sites of real binaries of this machine
syscov_test(usage_objdump bash ${CMAKE_CURRENT_SOURCE_DIR}/usage/objdump.sh LABELS usage real slow)
# shards scanned at once into DBs of their own, merged (usage --merge)
syscov_test(usage_shard bash ${CMAKE_CURRENT_SOURCE_DIR}/usage/shard.sh LABELS usage)
# usage --deb: a package fetched from Debian's mirror, scanned, deleted
syscov_test(usage_deb bash ${CMAKE_CURRENT_SOURCE_DIR}/usage/deb.sh LABELS usage network)
# a Go static program (Debian's golang) for amd64 and, under qemu, arm64, riscv64, arm
syscov_test(usage_go bash ${CMAKE_CURRENT_SOURCE_DIR}/usage/go.sh LABELS usage qemu slow)
# syscall() through the PLT/GOT on every ABI with a cross gcc and a decoder,
# run under qemu -strace, its call sites checked against objdump and readelf
syscov_test(usage_plt bash ${CMAKE_CURRENT_SOURCE_DIR}/usage/plt.sh LABELS usage qemu)
# a static program without .eh_frame_hdr: .eh_frame's FDEs as function starts
syscov_test(usage_ehframe bash ${CMAKE_CURRENT_SOURCE_DIR}/usage/ehframe.sh LABELS usage)
