# The timeline across Debian releases (src/timeline/timeline.c, cmd_timeline.c,
# scripts/release-sysroot.sh): real Debian 11/12/13 sysroots from the mirror,
# cached in the build dir (the test skips, exit 77, when the mirror is out of reach);
# `slow`: scripts/test.sh runs it in its first build only, not downloading again.
find_program(TL_CHROMIUM NAMES chromium chromium-browser google-chrome)
syscov_test(timeline_release bash ${CMAKE_CURRENT_SOURCE_DIR}/timeline/release.sh
  LABELS timeline real network slow)
set_tests_properties(timeline_release PROPERTIES SKIP_RETURN_CODE 77 RESOURCE_LOCK release_sysroots
  ENVIRONMENT "${TEST_ENV};CHROMIUM=${TL_CHROMIUM}")
# its refusals and the host alone, without the mirror
syscov_test(timeline_cli bash ${CMAKE_CURRENT_SOURCE_DIR}/timeline/cli.sh LABELS timeline)
# data/releases.tsv: dates rise with versions, no release left out, a source per row
syscov_test(timeline_dates bash ${CMAKE_CURRENT_SOURCE_DIR}/timeline/dates.sh LABELS timeline)
