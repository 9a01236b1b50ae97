# Fuzzing (tests/fuzz/). Always: every fuzz target linked with replay.c
# instead of libFuzzer, replaying its regression inputs (tests/fuzz/regress/,
# crashes found by fuzzing) and its seed corpus in the default suite. With
# -DSYSCOV_FUZZ=ON (clang): the libFuzzer binaries and the `fuzz`-labelled
# tests that run each for a bounded time (tests/fuzz/CMakeLists.txt).
set(SYSCOV_FUZZ_TARGETS man gz tbl ldscript elf proto kpp kproto)
foreach(t ${SYSCOV_FUZZ_TARGETS})
  add_executable(replay_${t} ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_${t}.c
                 ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/replay.c)
  target_link_libraries(replay_${t} PRIVATE syscov_core)
  set(dirs ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/${t})
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/regress/${t})
    list(PREPEND dirs ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/regress/${t})
  endif()
  syscov_test(fuzz_replay_${t} $<TARGET_FILE:replay_${t}> ${dirs})
endforeach()
if(SYSCOV_FUZZ)
  add_subdirectory(fuzz)
endif()
