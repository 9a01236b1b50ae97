# Tests of the upstream stage (src/upstream/, src/cli/cmd_upstream.c):
# the series against glibc 2.36 and musl 1.2.3 sources, fetched from
# Debian (SKIP without the mirror); musl's build takes minutes: slow.
set(UPT ${CMAKE_CURRENT_SOURCE_DIR}/upstream)
syscov_test(upstream_glibc sh ${UPT}/glibc.sh LABELS upstream network slow)
syscov_test(upstream_musl sh ${UPT}/musl.sh LABELS upstream network slow)
set_tests_properties(upstream_glibc upstream_musl PROPERTIES FIXTURES_REQUIRED ktable_tree
                     SKIP_RETURN_CODE 77 RESOURCE_LOCK libc_sources TIMEOUT 1800)
