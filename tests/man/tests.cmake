# Tests of the man-page scanner (src/man_*.c, src/man/roff.c); scripts in tests/man/.
set(MANT ${CMAKE_CURRENT_SOURCE_DIR}/man)
syscov_test(man_pages sh ${MANT}/pages.sh LABELS man)
syscov_test(man_nowrap sh ${MANT}/nowrap.sh LABELS man)
syscov_test(man_syscalls sh ${MANT}/syscalls.sh LABELS man)
syscov_test(man_protos sh ${MANT}/protos.sh LABELS man)
syscov_test(man_hostile sh ${MANT}/hostile.sh LABELS man)
syscov_test(man_bench sh ${MANT}/bench.sh LABELS man bench)
