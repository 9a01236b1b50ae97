# libc ELF scanner (src/libc/libc_elf.c): real libcs compared with readelf/nm, a
# versioned fixture library, and bad inputs.
foreach(c host aarch64 musl diet klibc)
  syscov_test(libc_elf_${c} bash ${CMAKE_CURRENT_SOURCE_DIR}/libc_elf/real.sh ${c} LABELS libc_elf)
endforeach()
syscov_test(libc_elf_fixture bash ${CMAKE_CURRENT_SOURCE_DIR}/libc_elf/fixture.sh LABELS libc_elf)
syscov_test(libc_elf_bad bash ${CMAKE_CURRENT_SOURCE_DIR}/libc_elf/bad.sh LABELS libc_elf)
