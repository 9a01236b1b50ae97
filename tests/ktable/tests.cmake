# Kernel syscall table scanner (src/kernel/ktable_uapi.c, src/kernel/ktable_tree.c).
set(KT ${CMAKE_CURRENT_SOURCE_DIR}/ktable)

# UAPI scan vs the target compiler's own view of <asm/unistd.h>, per sysroot.
set(HOSTINC -nostdinc -isystem /usr/include/x86_64-linux-gnu -isystem /usr/include)
foreach(spec
    "host_x86_64|/|x86_64|gcc|${HOSTINC}"
    "host_i386|/|i386|gcc|-m32;${HOSTINC}"
    "host_x32|/|x32|gcc|-mx32;${HOSTINC}"
    "aarch64|/usr/aarch64-linux-gnu|aarch64|aarch64-linux-gnu-gcc|"
    "arm|/usr/arm-linux-gnueabihf|arm|arm-linux-gnueabihf-gcc|"
    "riscv64|/usr/riscv64-linux-gnu|riscv64|riscv64-linux-gnu-gcc|"
    "ppc64le|/usr/powerpc64le-linux-gnu|ppc64le|powerpc64le-linux-gnu-gcc|"
    "s390x|/usr/s390x-linux-gnu|s390x|s390x-linux-gnu-gcc|"
    "mips64el|/usr/mips64el-linux-gnuabi64|mips64el|mips64el-linux-gnuabi64-gcc|"
    "mipsel|/usr/mipsel-linux-gnu|mipsel|mipsel-linux-gnu-gcc|"
    "i386|/usr/i686-linux-gnu|i386|i686-linux-gnu-gcc|"
    "x32|/usr/x86_64-linux-gnux32|x32|x86_64-linux-gnux32-gcc|")
  string(REPLACE "|" ";" f "${spec}")
  list(GET f 0 name)
  list(GET f 1 sysroot)
  list(GET f 2 abi)
  list(GET f 3 cc)
  list(SUBLIST f 4 -1 flags)
  syscov_test(ktable_uapi_${name} ${KT}/uapi_vs_gcc.sh ${sysroot} ${abi} ${cc} ${flags}
              LABELS ktable)
  set_tests_properties(ktable_uapi_${name} PROPERTIES SKIP_RETURN_CODE 77)
endforeach()

# Debian's linux-source-6.1: the needed files, extracted once into the build dir.
syscov_test(ktable_tree_extract ${KT}/extract.sh ${CMAKE_BINARY_DIR}/ktable-linux-6.1 LABELS ktable)
set_tests_properties(ktable_tree_extract PROPERTIES FIXTURES_SETUP ktable_tree SKIP_RETURN_CODE 77
                     TIMEOUT 600)
syscov_test(ktable_tree ${KT}/tree.sh ${CMAKE_BINARY_DIR}/ktable-linux-6.1/linux-source-6.1
            LABELS ktable)
set_tests_properties(ktable_tree PROPERTIES FIXTURES_REQUIRED ktable_tree SKIP_RETURN_CODE 77)

# COND_SYSCALL-only entry points (src/kernel/ktable_src.c) vs grep, and a made tree
syscov_test(ktable_cond ${KT}/cond.sh ${CMAKE_BINARY_DIR}/ktable-linux-6.1/linux-source-6.1
            LABELS ktable)
set_tests_properties(ktable_cond PROPERTIES FIXTURES_REQUIRED ktable_tree)

syscov_test(ktable_errors ${KT}/errors.sh LABELS ktable)

# The DB schema: a fresh DB's (one piece) is the migrated one's; migration 8
# (ksyscall rows packed into ktable) keeps every row readable through the view.
add_executable(ktable_schema ${KT}/schema.c)
target_link_libraries(ktable_schema PRIVATE syscov_core)
syscov_test(ktable_schema ${KT}/schema.sh $<TARGET_FILE:ktable_schema>
            ${CMAKE_BINARY_DIR}/ktable-linux-6.1/linux-source-6.1 LABELS ktable)
set_tests_properties(ktable_schema PROPERTIES FIXTURES_REQUIRED ktable_tree)
