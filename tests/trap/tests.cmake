# Trap primitives (arch/arch_trap.c, arch/*.c): tests/trap/emit writes the
# emitted header; tests/trap/run.sh compiles tests/trap/trap_test.c for every
# ABI with a cross compiler and runs it under qemu-user (or natively),
# comparing each primitive with libc's syscall().
# The issue asks for at least 12 ABIs: fewer is a failure (TRAP_MIN_RUN).
add_executable(trap_emit ${CMAKE_CURRENT_SOURCE_DIR}/trap/emit.c)
target_link_libraries(trap_emit PRIVATE syscov_core)
syscov_test(trap_qemu env TRAP_MIN_RUN=12 sh ${CMAKE_CURRENT_SOURCE_DIR}/trap/run.sh $<TARGET_FILE:trap_emit> LABELS trap qemu)

# The emitted primitives are the arch/trap_*.h files' text, byte for byte
# (tests/trap/text.sh), and each descriptor's register facts agree with
# that code (tests/trap/facts.c).
syscov_test(trap_text sh ${CMAKE_CURRENT_SOURCE_DIR}/trap/text.sh $<TARGET_FILE:trap_emit> ${CMAKE_SOURCE_DIR}/arch LABELS trap)
add_executable(trap_facts ${CMAKE_CURRENT_SOURCE_DIR}/trap/facts.c)
target_link_libraries(trap_facts PRIVATE syscov_core)
syscov_test(trap_facts $<TARGET_FILE:trap_facts> LABELS trap)
