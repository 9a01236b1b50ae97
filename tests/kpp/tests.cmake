# kpp, the kernel header preprocessor (src/kernel/kpp.c), and the target macros it
# is given (arch_desc.cpp_predefs).
add_executable(kpp_run ${CMAKE_CURRENT_SOURCE_DIR}/kpp/kpp_run.c)
target_link_libraries(kpp_run PRIVATE syscov_core)
set(KPP ${CMAKE_CURRENT_SOURCE_DIR}/kpp)
syscov_test(kpp_cases ${KPP}/cases.sh $<TARGET_FILE:kpp_run> LABELS kpp)
# each descriptor's predefines against clang's (or the cross gcc's) -dM -E
syscov_test(kpp_predefs ${KPP}/predefs.sh $<TARGET_FILE:kpp_run>
            ${CMAKE_BINARY_DIR}/ktable-linux-6.1/linux-source-6.1 LABELS kpp)
set_tests_properties(kpp_predefs PROPERTIES FIXTURES_REQUIRED ktable_tree)
# a kernel tree's generic table against gcc -m32; libclang never loaded
syscov_test(kpp_tree ${KPP}/tree.sh LABELS kpp)
