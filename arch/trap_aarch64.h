/* arch/trap_aarch64.h: the aarch64 `svc #0` primitives, __syscov_sys0..6.
 * The ABI and its sources: arch/aarch64.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	register long x0 __asm__("x0");
	register long x8 __asm__("x8") = n;
	__asm__ __volatile__("svc #0" : "=r"(x0)
			     : "r"(x8)
			     : "memory");
	return x0;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	register long x8 __asm__("x8") = n;
	register syscov_reg_t x0 __asm__("x0") = a;
	__asm__ __volatile__("svc #0" : "+r"(x0)
			     : "r"(x8)
			     : "memory");
	return x0;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	register long x8 __asm__("x8") = n;
	register syscov_reg_t x0 __asm__("x0") = a;
	register syscov_reg_t x1 __asm__("x1") = b;
	__asm__ __volatile__("svc #0" : "+r"(x0)
			     : "r"(x8), "r"(x1)
			     : "memory");
	return x0;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	register long x8 __asm__("x8") = n;
	register syscov_reg_t x0 __asm__("x0") = a;
	register syscov_reg_t x1 __asm__("x1") = b;
	register syscov_reg_t x2 __asm__("x2") = c;
	__asm__ __volatile__("svc #0" : "+r"(x0)
			     : "r"(x8), "r"(x1), "r"(x2)
			     : "memory");
	return x0;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	register long x8 __asm__("x8") = n;
	register syscov_reg_t x0 __asm__("x0") = a;
	register syscov_reg_t x1 __asm__("x1") = b;
	register syscov_reg_t x2 __asm__("x2") = c;
	register syscov_reg_t x3 __asm__("x3") = d;
	__asm__ __volatile__("svc #0" : "+r"(x0)
			     : "r"(x8), "r"(x1), "r"(x2), "r"(x3)
			     : "memory");
	return x0;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	register long x8 __asm__("x8") = n;
	register syscov_reg_t x0 __asm__("x0") = a;
	register syscov_reg_t x1 __asm__("x1") = b;
	register syscov_reg_t x2 __asm__("x2") = c;
	register syscov_reg_t x3 __asm__("x3") = d;
	register syscov_reg_t x4 __asm__("x4") = e;
	__asm__ __volatile__("svc #0" : "+r"(x0)
			     : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4)
			     : "memory");
	return x0;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	register long x8 __asm__("x8") = n;
	register syscov_reg_t x0 __asm__("x0") = a;
	register syscov_reg_t x1 __asm__("x1") = b;
	register syscov_reg_t x2 __asm__("x2") = c;
	register syscov_reg_t x3 __asm__("x3") = d;
	register syscov_reg_t x4 __asm__("x4") = e;
	register syscov_reg_t x5 __asm__("x5") = f;
	__asm__ __volatile__("svc #0" : "+r"(x0)
			     : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			     : "memory");
	return x0;
}
