# The machine-code pass (src/libc/libc_code.c, arch/isa_*.c) and the verdicts
# it changes: against objdump on every ABI with a decoder and dietlibc's
# libc.a, strace, nm -D and errno.h.
# The ABIs with a decoder, from the registry: each A(name) of
# arch/arch_list.h whose arch/<name>.c names an ISA family (.isa = &isa_...)
file(STRINGS ${CMAKE_SOURCE_DIR}/arch/arch_list.h code_abis REGEX "^A\\(")
foreach(line ${code_abis})
  string(REGEX REPLACE "^A\\(([a-z0-9_]+)\\).*" "\\1" abi "${line}")
  file(STRINGS ${CMAKE_SOURCE_DIR}/arch/${abi}.c isa REGEX "\\.isa = &isa_")
  if(isa)
    syscov_test(code_objdump_${abi} bash ${CMAKE_CURRENT_SOURCE_DIR}/code/objdump.sh ${abi} LABELS code)
  endif()
endforeach()
foreach(libc glibc musl)
  syscov_test(code_strace_${libc} bash ${CMAKE_CURRENT_SOURCE_DIR}/code/strace.sh ${libc} LABELS code)
endforeach()
# a function is its symbol's bytes; numbers across traps; stubs (musl)
syscov_test(code_extent bash ${CMAKE_CURRENT_SOURCE_DIR}/code/extent.sh LABELS code)
# damaged copies of real libraries: diag rows, nothing dropped silently
syscov_test(code_damaged bash ${CMAKE_CURRENT_SOURCE_DIR}/code/damaged.sh LABELS code)
# riscv64 and sh4 (Capstone 5): faccessat2 wrapped by faccessat()
syscov_test(code_faccessat2 bash ${CMAKE_CURRENT_SOURCE_DIR}/code/faccessat2.sh LABELS code)
syscov_test(code_verdicts bash ${CMAKE_CURRENT_SOURCE_DIR}/code/verdicts.sh LABELS code)
# a static archive: dietlibc's libc.a, relocations and sub-registers
syscov_test(code_diet bash ${CMAKE_CURRENT_SOURCE_DIR}/code/diet.sh LABELS code)
# calls through the GOT (MIPS) and literals (SH), numbers on the stack
# (i386, m68k, MIPS o32), compares (aarch64): a fixture per cross compiler
syscov_test(code_indirect bash ${CMAKE_CURRENT_SOURCE_DIR}/code/indirect.sh LABELS code)
# the musl oracle: musl 1.2.3's source (Debian's, tests/code/srcmap.c walks
# the AST of each file under musl's own flags) against code_syscall, on
# x86_64 (musl-dev) and aarch64 (Debian 12's arm64 musl)
add_executable(code_srcmap ${CMAKE_CURRENT_SOURCE_DIR}/code/srcmap.c)
target_include_directories(code_srcmap PRIVATE ${LLVM_INCLUDEDIR})
target_link_libraries(code_srcmap PRIVATE ${LIBCLANG})
execute_process(COMMAND ${LLVM_CONFIG} --bindir OUTPUT_VARIABLE LLVM_BINDIR OUTPUT_STRIP_TRAILING_WHITESPACE)
foreach(abi x86_64 aarch64)
  syscov_test(code_musl_oracle_${abi} bash ${CMAKE_CURRENT_SOURCE_DIR}/code/musl_oracle.sh ${abi}
              $<TARGET_FILE:code_srcmap> ${LLVM_BINDIR} LABELS code network slow)
  set_tests_properties(code_musl_oracle_${abi} PROPERTIES SKIP_RETURN_CODE 77 RESOURCE_LOCK libc_sources)
endforeach()
# aarch64's libc.so comes from the release sysroot cache timeline_release fills
set_tests_properties(code_musl_oracle_aarch64 PROPERTIES RESOURCE_LOCK "libc_sources;release_sysroots")
# the glibc oracle: glibc 2.36's syscalls.list stubs and one-site
# INLINE_SYSCALL files against code_syscall, on every ABI with a decoder
syscov_test(code_glibc_oracle bash ${CMAKE_CURRENT_SOURCE_DIR}/code/glibc_oracle.sh ${LLVM_BINDIR}
            LABELS code network slow)
set_tests_properties(code_glibc_oracle PROPERTIES SKIP_RETURN_CODE 77 RESOURCE_LOCK libc_sources)
