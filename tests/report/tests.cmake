# Tests of the coverage report (src/report*.c, src/cli/cmd_report.c): formats,
# hostile text, the HTML in headless Chromium, CLI errors. Scripts live in
# tests/report/; report_mkdb creates an empty DB for their fixtures.
add_executable(report_mkdb ${CMAKE_CURRENT_SOURCE_DIR}/report/mkdb.c)
target_link_libraries(report_mkdb PRIVATE syscov_core)
set(REPORT_PY ${CMAKE_CURRENT_SOURCE_DIR}/report)
foreach(t formats hostile cli evidence)
  syscov_test(report_${t} python3 ${REPORT_PY}/test_${t}.py LABELS report)
endforeach()
# audit of the host (and /usr/aarch64-linux-gnu when installed), end to end
syscov_test(report_audit python3 ${REPORT_PY}/test_audit.py LABELS report real)
find_program(CHROMIUM NAMES chromium chromium-browser google-chrome)
if(CHROMIUM)
  syscov_test(report_browser python3 ${REPORT_PY}/test_browser.py LABELS report browser)
  set_tests_properties(report_browser PROPERTIES TIMEOUT 600)
  set_tests_properties(report_browser report_audit PROPERTIES ENVIRONMENT "${TEST_ENV};CHROMIUM=${CHROMIUM}")
endif()
