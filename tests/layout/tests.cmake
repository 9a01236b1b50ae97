# The house's structure: no stage includes a later one (tests/layout/).
syscov_test(layout.stages bash ${CMAKE_CURRENT_SOURCE_DIR}/layout/stages.sh)
