/* arch/trap_m68k.h: the m68k `trap #0` primitives, __syscov_sys0..6. The ABI
 * and its sources: arch/m68k.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	register long d0 __asm__("d0") = n;
	__asm__ __volatile__("trap #0" : "+r"(d0)
			     : 
			     : "memory");
	return d0;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	register long d0 __asm__("d0") = n;
	register syscov_reg_t d1 __asm__("d1") = a;
	__asm__ __volatile__("trap #0" : "+r"(d0)
			     : "r"(d1)
			     : "memory");
	return d0;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	register long d0 __asm__("d0") = n;
	register syscov_reg_t d1 __asm__("d1") = a;
	register syscov_reg_t d2 __asm__("d2") = b;
	__asm__ __volatile__("trap #0" : "+r"(d0)
			     : "r"(d1), "r"(d2)
			     : "memory");
	return d0;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	register long d0 __asm__("d0") = n;
	register syscov_reg_t d1 __asm__("d1") = a;
	register syscov_reg_t d2 __asm__("d2") = b;
	register syscov_reg_t d3 __asm__("d3") = c;
	__asm__ __volatile__("trap #0" : "+r"(d0)
			     : "r"(d1), "r"(d2), "r"(d3)
			     : "memory");
	return d0;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	register long d0 __asm__("d0") = n;
	register syscov_reg_t d1 __asm__("d1") = a;
	register syscov_reg_t d2 __asm__("d2") = b;
	register syscov_reg_t d3 __asm__("d3") = c;
	register syscov_reg_t d4 __asm__("d4") = d;
	__asm__ __volatile__("trap #0" : "+r"(d0)
			     : "r"(d1), "r"(d2), "r"(d3), "r"(d4)
			     : "memory");
	return d0;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	register long d0 __asm__("d0") = n;
	register syscov_reg_t d1 __asm__("d1") = a;
	register syscov_reg_t d2 __asm__("d2") = b;
	register syscov_reg_t d3 __asm__("d3") = c;
	register syscov_reg_t d4 __asm__("d4") = d;
	register syscov_reg_t d5 __asm__("d5") = e;
	__asm__ __volatile__("trap #0" : "+r"(d0)
			     : "r"(d1), "r"(d2), "r"(d3), "r"(d4), "r"(d5)
			     : "memory");
	return d0;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	register long d0 __asm__("d0") = n;
	register syscov_reg_t d1 __asm__("d1") = a;
	register syscov_reg_t d2 __asm__("d2") = b;
	register syscov_reg_t d3 __asm__("d3") = c;
	register syscov_reg_t d4 __asm__("d4") = d;
	register syscov_reg_t d5 __asm__("d5") = e;
	register syscov_reg_t a0 __asm__("a0") = f;
	__asm__ __volatile__("trap #0" : "+r"(d0)
			     : "r"(d1), "r"(d2), "r"(d3), "r"(d4), "r"(d5), "r"(a0)
			     : "memory");
	return d0;
}
