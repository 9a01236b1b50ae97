# Hardening (issue #7): reads
# confined to the sysroot (strace), interrupted and concurrent runs.
syscov_test(hardening.confine bash ${CMAKE_CURRENT_SOURCE_DIR}/hardening/confine.sh)
# slow: about 30 s, 90 s under ASan; it runs in the -Werror build
syscov_test(hardening.kill bash ${CMAKE_CURRENT_SOURCE_DIR}/hardening/kill.sh LABELS slow)
syscov_test(hardening.worker_kill bash ${CMAKE_CURRENT_SOURCE_DIR}/hardening/worker_kill.sh)
