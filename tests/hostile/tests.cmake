# Hostile inputs (issues #7, #27): each row of tests/hostile/cases.tsv is a
# case with the exit code and message it must give; in three parts, each
# well inside ctest's timeout under ASan.
foreach(part 1 2 3)
  syscov_test(hardening.hostile_${part} bash ${CMAKE_CURRENT_SOURCE_DIR}/hostile/run.sh --part ${part}/3)
endforeach()
