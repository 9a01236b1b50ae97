# ASan builds only: the sanitizer runtime settings syscov's main.c sets.
if(SYSCOV_SANITIZE)
  syscov_test(sanitize.dtls bash ${CMAKE_CURRENT_SOURCE_DIR}/sanitize/dtls.sh)
endif()
