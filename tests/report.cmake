# Tests of the coverage report (src/report*.c, src/cmd_report.c): formats,
# hostile text, the HTML in headless Chromium, CLI errors. Scripts live in
# tests/report/; report_mkdb creates an empty DB for their fixtures.
add_executable(report_mkdb ${CMAKE_CURRENT_SOURCE_DIR}/report/mkdb.c)
target_link_libraries(report_mkdb PRIVATE syscov_core)
set(REPORT_PY ${CMAKE_CURRENT_SOURCE_DIR}/report)
foreach(t formats hostile cli)
  syscov_test(report_${t} python3 ${REPORT_PY}/test_${t}.py LABELS report)
endforeach()
find_program(CHROMIUM NAMES chromium chromium-browser google-chrome)
if(CHROMIUM)
  syscov_test(report_browser python3 ${REPORT_PY}/test_browser.py LABELS report browser)
  set_tests_properties(report_browser PROPERTIES ENVIRONMENT "${TEST_ENV};CHROMIUM=${CHROMIUM}" TIMEOUT 600)
endif()
