# Polish (issue #9): install, help/man/README sync, bash completion, terminal
# output (progress, colour), --format json, docs/db.md examples, README example.
syscov_test(polish.install bash ${CMAKE_CURRENT_SOURCE_DIR}/polish/install.sh)
syscov_test(polish.sync bash ${CMAKE_CURRENT_SOURCE_DIR}/polish/sync.sh)
syscov_test(polish.completion bash ${CMAKE_CURRENT_SOURCE_DIR}/polish/completion.sh)
syscov_test(polish.tty bash ${CMAKE_CURRENT_SOURCE_DIR}/polish/tty.sh)
syscov_test(polish.json bash ${CMAKE_CURRENT_SOURCE_DIR}/polish/json.sh)
syscov_test(polish.dbdoc bash ${CMAKE_CURRENT_SOURCE_DIR}/polish/dbdoc.sh)
syscov_test(polish.example bash ${CMAKE_CURRENT_SOURCE_DIR}/polish/example.sh)
syscov_test(polish.examples bash ${CMAKE_CURRENT_SOURCE_DIR}/polish/examples.sh)
