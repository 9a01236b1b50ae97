# Tests of the libc header scanner (src/libc/libc_headers.c); scripts in tests/headers/.
set(HDR ${CMAKE_CURRENT_SOURCE_DIR}/headers)
set(GLIBC_EXPECT "gettid=1 pidfd_open=1 init_module=0 finit_module=0 kcmp=0 read=1 open=1")
syscov_test(headers_gcc_host sh ${HDR}/gcc_agree.sh / gcc "${GLIBC_EXPECT}" LABELS headers)
if(EXISTS /usr/aarch64-linux-gnu/include/unistd.h)
  find_program(AARCH64_CC aarch64-linux-gnu-gcc)
  if(AARCH64_CC)
    syscov_test(headers_gcc_aarch64 sh ${HDR}/gcc_agree.sh /usr/aarch64-linux-gnu ${AARCH64_CC}
                "${GLIBC_EXPECT}" LABELS headers)
  endif()
endif()
# the ABIs clang 14 has no backend for, parsed as a stand-in (arch.h)
foreach(t hppa sh4)
  find_program(${t}_CC ${t}-linux-gnu-gcc)
  if(EXISTS /usr/${t}-linux-gnu/include/unistd.h AND ${t}_CC)
    syscov_test(headers_gcc_${t} sh ${HDR}/gcc_agree.sh /usr/${t}-linux-gnu ${${t}_CC}
                "${GLIBC_EXPECT}" LABELS headers)
  endif()
endforeach()
if(EXISTS /usr/include/x86_64-linux-musl/unistd.h)
  syscov_test(headers_musl sh ${HDR}/musl.sh LABELS headers)
  find_program(MUSL_GCC musl-gcc)
  if(MUSL_GCC)
    # musl 1.2.3: gettid since 1.2.2; no pidfd_open, init_module, kcmp
    syscov_test(headers_gcc_musl sh ${HDR}/gcc_agree.sh / ${MUSL_GCC}
                "gettid=1 pidfd_open=0 init_module=0 kcmp=0 read=1 open=1"
                --include /usr/include/x86_64-linux-musl --libdir /usr/lib/x86_64-linux-musl
                LABELS headers)
  endif()
endif()
syscov_test(headers_bad_input sh ${HDR}/bad_input.sh LABELS headers)
syscov_test(headers_datadir sh ${HDR}/datadir.sh LABELS headers)
syscov_test(headers_once sh ${HDR}/once.sh LABELS headers)
