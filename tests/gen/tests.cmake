# Tests of the wrapper generator (src/gen*.c, src/cli/cmd_gen.c); scripts in tests/gen/.
set(GENT ${CMAKE_CURRENT_SOURCE_DIR}/gen)
syscov_test(gen_native sh ${GENT}/native.sh LABELS gen)
syscov_test(gen_ll_qemu sh ${GENT}/ll.sh LABELS gen)
syscov_test(gen_hostile sh ${GENT}/hostile.sh LABELS gen)
syscov_test(gen_always_ok sh ${GENT}/always_ok.sh LABELS gen)
syscov_test(gen_overrides bash ${GENT}/overrides.sh LABELS gen)
syscov_test(gen_kernel sh ${GENT}/kernel.sh LABELS gen)
syscov_test(gen_client sh ${GENT}/client.sh LABELS gen)
syscov_test(gen_kernel_hostile bash ${GENT}/kernel_hostile.sh LABELS gen)
# struct sched_attr, clone_args, open_how complete from the UAPI headers
# that define them (scan of the host and aarch64 sysroots, ~20 s)
syscov_test(gen_uapi_structs sh ${GENT}/uapi_structs.sh LABELS gen)
# the tree that tests/ktable/tests.cmake's fixture extracts
set_tests_properties(gen_kernel gen_client gen_ll_qemu PROPERTIES FIXTURES_REQUIRED ktable_tree
                     SKIP_RETURN_CODE 77)
# gen_client fetches into the release sysroot cache that timeline_release uses
set_tests_properties(gen_client PROPERTIES RESOURCE_LOCK release_sysroots)
# fetches Debian's -dev packages of keyutils, libnuma, libaio, libcap, liburing
syscov_test(gen_neighbours sh ${GENT}/neighbours.sh LABELS gen network slow)
set_tests_properties(gen_neighbours PROPERTIES SKIP_RETURN_CODE 77 RESOURCE_LOCK release_sysroots)
# builds util-linux's, crun's and liburing's call sites from Debian's sources
# (40-120 s on this 2-core machine, by its load; ~70 s more when the build
# dir's cache is empty: apt indexes, sources, -dev packages)
syscov_test(gen_clients sh ${GENT}/clients.sh LABELS gen network slow)
set_tests_properties(gen_clients PROPERTIES FIXTURES_REQUIRED ktable_tree SKIP_RETURN_CODE 77
                     RESOURCE_LOCK release_sysroots)
# the signature precedence and the const/sigset rules on a fixture sysroot
syscov_test(gen_sig sh ${GENT}/sig.sh LABELS gen)
set_tests_properties(gen_sig PROPERTIES SKIP_RETURN_CODE 77)
# the drift with Debian's -dev packages of libnuma, libaio, keyutils, libcap, liburing
syscov_test(gen_sig_libs sh ${GENT}/sig_libs.sh LABELS gen network)
set_tests_properties(gen_sig_libs PROPERTIES SKIP_RETURN_CODE 77 RESOURCE_LOCK release_sysroots)
