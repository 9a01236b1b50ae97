/* arch/trap_x86_64.h: the x86-64 `syscall` primitives, __syscov_sys0..6,
 * shared by the two ABIs that enter the kernel through it with 64-bit
 * registers: x86_64 (syscov_reg_t is long) and x32 (long long; its numbers
 * carry __X32_SYSCALL_BIT). The ABIs and their sources: arch/x86_64.c,
 * arch/x32.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	long r;
	__asm__ __volatile__("syscall" : "=a"(r) : "a"(n) : "rcx", "r11", "memory");
	return r;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	long r;
	__asm__ __volatile__("syscall" : "=a"(r) : "a"(n), "D"(a) : "rcx", "r11", "memory");
	return r;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	long r;
	__asm__ __volatile__("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b) : "rcx", "r11", "memory");
	return r;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	long r;
	__asm__ __volatile__("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c)
			     : "rcx", "r11", "memory");
	return r;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	long r;
	register syscov_reg_t r10 __asm__("r10") = d;
	__asm__ __volatile__("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10)
			     : "rcx", "r11", "memory");
	return r;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	long r;
	register syscov_reg_t r10 __asm__("r10") = d;
	register syscov_reg_t r8 __asm__("r8") = e;
	__asm__ __volatile__("syscall" : "=a"(r)
			     : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8)
			     : "rcx", "r11", "memory");
	return r;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	long r;
	register syscov_reg_t r10 __asm__("r10") = d;
	register syscov_reg_t r8 __asm__("r8") = e;
	register syscov_reg_t r9 __asm__("r9") = f;
	__asm__ __volatile__("syscall" : "=a"(r)
			     : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
			     : "rcx", "r11", "memory");
	return r;
}
