# Speed (issue #8): scan reuse when the inputs are unchanged, -j parallel
# scans. The figures themselves come from scripts/bench.sh.
syscov_test(perf.cache bash ${CMAKE_CURRENT_SOURCE_DIR}/perf/cache.sh)
