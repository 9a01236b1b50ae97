# Hostile inputs (issue #7): each row of tests/hostile/cases.tsv is a case
# with the exit code and message it must give.
syscov_test(hardening.hostile bash ${CMAKE_CURRENT_SOURCE_DIR}/hostile/run.sh)
