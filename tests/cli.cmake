# Foundation: CLI conventions, sysroot model, DB safety.
syscov_test(cli.conventions bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli.sh)
