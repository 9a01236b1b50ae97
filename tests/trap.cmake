# Trap primitives (src/arch_trap.c, arch/*.c): tests/trap/emit writes the
# emitted header; tests/trap/run.sh compiles tests/trap/trap_test.c for every
# ABI with a cross compiler and runs it under qemu-user (or natively),
# comparing each primitive with libc's syscall().
# The issue asks for at least 12 ABIs: fewer is a failure (TRAP_MIN_RUN).
add_executable(trap_emit ${CMAKE_CURRENT_SOURCE_DIR}/trap/emit.c)
target_link_libraries(trap_emit PRIVATE syscov_core)
syscov_test(trap_qemu env TRAP_MIN_RUN=12 sh ${CMAKE_CURRENT_SOURCE_DIR}/trap/run.sh $<TARGET_FILE:trap_emit> LABELS trap qemu)
