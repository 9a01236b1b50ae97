/* use.c: a translation unit that only includes the emitted trap header and
 * calls every primitive. tests/trap/run.sh syntax-checks it as C++ (generated
 * headers get included from C++ code too) and compiles it freestanding for
 * ABIs whose cross compiler has no libc to build trap_test.c with. */
#include "trap_all.h"

long syscov_trap_use(long n, syscov_reg_t a);

long syscov_trap_use(long n, syscov_reg_t a)
{
	return __syscov_sys0(n) + __syscov_sys1(n, a) + __syscov_sys2(n, a, a) +
	       __syscov_sys3(n, a, a, a) + __syscov_sys4(n, a, a, a, a) +
	       __syscov_sys5(n, a, a, a, a, a) + __syscov_sys6(n, a, a, a, a, a, a);
}
