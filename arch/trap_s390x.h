/* arch/trap_s390x.h: the s390x `svc 0` primitives, __syscov_sys0..6. The ABI
 * and its sources: arch/s390x.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	register long r2 __asm__("r2");
	register long r1 __asm__("r1") = n;
	__asm__ __volatile__("svc 0" : "=r"(r2)
			     : "r"(r1)
			     : "memory");
	return r2;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	register long r1 __asm__("r1") = n;
	register syscov_reg_t r2 __asm__("r2") = a;
	__asm__ __volatile__("svc 0" : "+r"(r2)
			     : "r"(r1)
			     : "memory");
	return r2;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	register long r1 __asm__("r1") = n;
	register syscov_reg_t r2 __asm__("r2") = a;
	register syscov_reg_t r3 __asm__("r3") = b;
	__asm__ __volatile__("svc 0" : "+r"(r2)
			     : "r"(r1), "r"(r3)
			     : "memory");
	return r2;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	register long r1 __asm__("r1") = n;
	register syscov_reg_t r2 __asm__("r2") = a;
	register syscov_reg_t r3 __asm__("r3") = b;
	register syscov_reg_t r4 __asm__("r4") = c;
	__asm__ __volatile__("svc 0" : "+r"(r2)
			     : "r"(r1), "r"(r3), "r"(r4)
			     : "memory");
	return r2;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	register long r1 __asm__("r1") = n;
	register syscov_reg_t r2 __asm__("r2") = a;
	register syscov_reg_t r3 __asm__("r3") = b;
	register syscov_reg_t r4 __asm__("r4") = c;
	register syscov_reg_t r5 __asm__("r5") = d;
	__asm__ __volatile__("svc 0" : "+r"(r2)
			     : "r"(r1), "r"(r3), "r"(r4), "r"(r5)
			     : "memory");
	return r2;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	register long r1 __asm__("r1") = n;
	register syscov_reg_t r2 __asm__("r2") = a;
	register syscov_reg_t r3 __asm__("r3") = b;
	register syscov_reg_t r4 __asm__("r4") = c;
	register syscov_reg_t r5 __asm__("r5") = d;
	register syscov_reg_t r6 __asm__("r6") = e;
	__asm__ __volatile__("svc 0" : "+r"(r2)
			     : "r"(r1), "r"(r3), "r"(r4), "r"(r5), "r"(r6)
			     : "memory");
	return r2;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	register long r1 __asm__("r1") = n;
	register syscov_reg_t r2 __asm__("r2") = a;
	register syscov_reg_t r3 __asm__("r3") = b;
	register syscov_reg_t r4 __asm__("r4") = c;
	register syscov_reg_t r5 __asm__("r5") = d;
	register syscov_reg_t r6 __asm__("r6") = e;
	register syscov_reg_t r7 __asm__("r7") = f;
	__asm__ __volatile__("svc 0" : "+r"(r2)
			     : "r"(r1), "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			     : "memory");
	return r2;
}
