# Tests of the wrapper generator (src/gen*.c, src/cmd_gen.c); scripts in tests/gen/.
set(GENT ${CMAKE_CURRENT_SOURCE_DIR}/gen)
syscov_test(gen_native sh ${GENT}/native.sh LABELS gen)
syscov_test(gen_ll_qemu sh ${GENT}/ll.sh LABELS gen)
syscov_test(gen_hostile sh ${GENT}/hostile.sh LABELS gen)
syscov_test(gen_always_ok sh ${GENT}/always_ok.sh LABELS gen)
syscov_test(gen_overrides bash ${GENT}/overrides.sh LABELS gen)
syscov_test(gen_kernel sh ${GENT}/kernel.sh LABELS gen)
syscov_test(gen_client sh ${GENT}/client.sh LABELS gen)
