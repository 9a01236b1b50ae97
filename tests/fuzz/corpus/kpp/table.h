/* table.h: kpp test cases (tests/kpp/cases.sh): the shapes of the kernel's
 * generic syscall table, asm-generic/unistd.h; every __SYSCALL(nr, entry)
 * of a live line must be the host compiler's. */
#ifndef __SYSCALL
#define __SYSCALL(x, y)
#endif
#define __SC_COMP(_nr, _sys, _comp) __SYSCALL(_nr, _sys)
#if __BITS_PER_LONG == 32
#define __SC_3264(_nr, _32, _64) __SYSCALL(_nr, _32)
#else
#define __SC_3264(_nr, _32, _64) __SYSCALL(_nr, _64)
#endif
#define __SC_COMP_3264(_nr, _32, _64, _comp) __SC_3264(_nr, _32, _64)

#define __NR_io_setup 0
__SC_COMP(__NR_io_setup, sys_io_setup, compat_sys_io_setup)
#define __NR_getcwd 17
__SYSCALL(__NR_getcwd, sys_getcwd)
#define __NR3264_fcntl 25
__SC_COMP_3264(__NR3264_fcntl, sys_fcntl64, sys_fcntl, compat_sys_fcntl64)
#if 0
__SYSCALL(99, sys_dead)
#endif
#define __NR_arch_specific_syscall 244
__SYSCALL(__NR_arch_specific_syscall + 15,
	  sys_multiline)
#define sys_renamed sys_final
__SYSCALL(300, sys_renamed)
#undef __NR_syscalls
#define __NR_syscalls 451
