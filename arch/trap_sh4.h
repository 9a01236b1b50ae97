/* arch/trap_sh4.h: the sh4 `trapa #0x1N` primitives, __syscov_sys0..6. The
 * ABI and its sources: arch/sh4.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	register long r0 __asm__("r0");
	register long r3 __asm__("r3") = n;
	__asm__ __volatile__("trapa #0x10" : "=r"(r0)
			     : "r"(r3)
			     : "memory", "t");
	return r0;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	register long r0 __asm__("r0");
	register long r3 __asm__("r3") = n;
	register syscov_reg_t r4 __asm__("r4") = a;
	__asm__ __volatile__("trapa #0x11" : "=r"(r0)
			     : "r"(r3), "r"(r4)
			     : "memory", "t");
	return r0;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	register long r0 __asm__("r0");
	register long r3 __asm__("r3") = n;
	register syscov_reg_t r4 __asm__("r4") = a;
	register syscov_reg_t r5 __asm__("r5") = b;
	__asm__ __volatile__("trapa #0x12" : "=r"(r0)
			     : "r"(r3), "r"(r4), "r"(r5)
			     : "memory", "t");
	return r0;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	register long r0 __asm__("r0");
	register long r3 __asm__("r3") = n;
	register syscov_reg_t r4 __asm__("r4") = a;
	register syscov_reg_t r5 __asm__("r5") = b;
	register syscov_reg_t r6 __asm__("r6") = c;
	__asm__ __volatile__("trapa #0x13" : "=r"(r0)
			     : "r"(r3), "r"(r4), "r"(r5), "r"(r6)
			     : "memory", "t");
	return r0;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	register long r0 __asm__("r0");
	register long r3 __asm__("r3") = n;
	register syscov_reg_t r4 __asm__("r4") = a;
	register syscov_reg_t r5 __asm__("r5") = b;
	register syscov_reg_t r6 __asm__("r6") = c;
	register syscov_reg_t r7 __asm__("r7") = d;
	__asm__ __volatile__("trapa #0x14" : "=r"(r0)
			     : "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			     : "memory", "t");
	return r0;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	register long r3 __asm__("r3") = n;
	register syscov_reg_t r4 __asm__("r4") = a;
	register syscov_reg_t r5 __asm__("r5") = b;
	register syscov_reg_t r6 __asm__("r6") = c;
	register syscov_reg_t r7 __asm__("r7") = d;
	register syscov_reg_t r0 __asm__("r0") = e;
	__asm__ __volatile__("trapa #0x15" : "+r"(r0)
			     : "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			     : "memory", "t");
	return r0;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	register long r3 __asm__("r3") = n;
	register syscov_reg_t r4 __asm__("r4") = a;
	register syscov_reg_t r5 __asm__("r5") = b;
	register syscov_reg_t r6 __asm__("r6") = c;
	register syscov_reg_t r7 __asm__("r7") = d;
	register syscov_reg_t r0 __asm__("r0") = e;
	register syscov_reg_t r1 __asm__("r1") = f;
	__asm__ __volatile__("trapa #0x16" : "+r"(r0)
			     : "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7), "r"(r1)
			     : "memory", "t");
	return r0;
}
