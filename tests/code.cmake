# The machine-code pass (src/libc_code.c, src/code_isa.c) and the verdicts
# it changes: against objdump on 12 ABIs and dietlibc's libc.a, strace,
# nm -D and errno.h.
foreach(abi x86_64 x32 i386 aarch64 arm mips64el mipsel ppc64le powerpc s390x sparc64 m68k)
  syscov_test(code_objdump_${abi} bash ${CMAKE_CURRENT_SOURCE_DIR}/code/objdump.sh ${abi} LABELS code)
endforeach()
foreach(libc glibc musl)
  syscov_test(code_strace_${libc} bash ${CMAKE_CURRENT_SOURCE_DIR}/code/strace.sh ${libc} LABELS code)
endforeach()
syscov_test(code_verdicts bash ${CMAKE_CURRENT_SOURCE_DIR}/code/verdicts.sh LABELS code)
# a static archive: dietlibc's libc.a, relocations and sub-registers
syscov_test(code_diet bash ${CMAKE_CURRENT_SOURCE_DIR}/code/diet.sh LABELS code)
