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
