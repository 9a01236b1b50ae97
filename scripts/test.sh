#!/bin/bash
# The whole test suite, as README.md and .ci/run give it: a -Werror build
# with its ctest run, then an ASan+UBSan build of the same suite (the
# `qemu` and `slow` labels run once, in the first build only). The `fuzz`
# and `bench` labels are left out: `ctest --test-dir build -L fuzz` runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

cmake -S . -B build -DSYSCOV_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$jobs"
ctest --test-dir build -j"$jobs" -LE 'fuzz|bench' --output-on-failure

cmake -S . -B build-asan -DSYSCOV_WERROR=ON -DSYSCOV_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
cmake --build build-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	ctest --test-dir build-asan -j"$jobs" -LE 'fuzz|bench|qemu|slow' --output-on-failure
