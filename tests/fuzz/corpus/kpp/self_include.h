#ifndef A_H
#define A_H
#include "b.h"
#include <gen.h>
#define __NR_x GEN(3) * 2
#if __has_include(<b.h>) && defined __NR_x
__SYSCALL(__NR_x, sys_x)
#endif
#endif
