// cxx.cc: the emitted trap header must also be valid C++ (generated headers
// are included from C++ code too). Syntax-checked by tests/trap/run.sh with
// clang++ for every ABI; never linked.
#include "trap_all.h"

long syscov_trap_cxx(long n, syscov_reg_t a)
{
	return __syscov_sys0(n) + __syscov_sys1(n, a) + __syscov_sys2(n, a, a) +
	       __syscov_sys3(n, a, a, a) + __syscov_sys4(n, a, a, a, a) +
	       __syscov_sys5(n, a, a, a, a, a) + __syscov_sys6(n, a, a, a, a, a, a);
}
