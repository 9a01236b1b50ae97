# Foundation: CLI conventions, sysroot model, DB safety.
syscov_test(cli.conventions bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli.sh)
# the extracted kernel tree, for --kernel-src (tests/ktable/tests.cmake)
set_tests_properties(cli.conventions PROPERTIES FIXTURES_REQUIRED ktable_tree)
# Issue 31: the commands a newcomer types in the first hour.
syscov_test(cli.firsthour bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/firsthour.sh)
