/* arch/trap_sparc64.h: the sparc64 `t 0x6d` primitives, __syscov_sys0..6.
 * The ABI and its sources: arch/sparc64.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	register long g1 __asm__("g1") = n;
	register long o0 __asm__("o0");
	__asm__ __volatile__("t 0x6d\n\tbcc,pt %%xcc, 1f\n\t nop\n\tsub %%g0, %[ret], %[ret]\n1:"
			     : [ret] "=r"(o0)
			     : "r"(g1)
			     : "o1", "o2", "o3", "o4", "o5", "cc", "memory");
	return o0;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	register long g1 __asm__("g1") = n;
	register syscov_reg_t o0 __asm__("o0") = a;
	__asm__ __volatile__("t 0x6d\n\tbcc,pt %%xcc, 1f\n\t nop\n\tsub %%g0, %[ret], %[ret]\n1:"
			     : [ret] "+r"(o0)
			     : "r"(g1)
			     : "o1", "o2", "o3", "o4", "o5", "cc", "memory");
	return o0;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	register long g1 __asm__("g1") = n;
	register syscov_reg_t o0 __asm__("o0") = a;
	register syscov_reg_t o1 __asm__("o1") = b;
	__asm__ __volatile__("t 0x6d\n\tbcc,pt %%xcc, 1f\n\t nop\n\tsub %%g0, %[ret], %[ret]\n1:"
			     : [ret] "+r"(o0), "+r"(o1)
			     : "r"(g1)
			     : "o2", "o3", "o4", "o5", "cc", "memory");
	return o0;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	register long g1 __asm__("g1") = n;
	register syscov_reg_t o0 __asm__("o0") = a;
	register syscov_reg_t o1 __asm__("o1") = b;
	register syscov_reg_t o2 __asm__("o2") = c;
	__asm__ __volatile__("t 0x6d\n\tbcc,pt %%xcc, 1f\n\t nop\n\tsub %%g0, %[ret], %[ret]\n1:"
			     : [ret] "+r"(o0), "+r"(o1), "+r"(o2)
			     : "r"(g1)
			     : "o3", "o4", "o5", "cc", "memory");
	return o0;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	register long g1 __asm__("g1") = n;
	register syscov_reg_t o0 __asm__("o0") = a;
	register syscov_reg_t o1 __asm__("o1") = b;
	register syscov_reg_t o2 __asm__("o2") = c;
	register syscov_reg_t o3 __asm__("o3") = d;
	__asm__ __volatile__("t 0x6d\n\tbcc,pt %%xcc, 1f\n\t nop\n\tsub %%g0, %[ret], %[ret]\n1:"
			     : [ret] "+r"(o0), "+r"(o1), "+r"(o2), "+r"(o3)
			     : "r"(g1)
			     : "o4", "o5", "cc", "memory");
	return o0;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	register long g1 __asm__("g1") = n;
	register syscov_reg_t o0 __asm__("o0") = a;
	register syscov_reg_t o1 __asm__("o1") = b;
	register syscov_reg_t o2 __asm__("o2") = c;
	register syscov_reg_t o3 __asm__("o3") = d;
	register syscov_reg_t o4 __asm__("o4") = e;
	__asm__ __volatile__("t 0x6d\n\tbcc,pt %%xcc, 1f\n\t nop\n\tsub %%g0, %[ret], %[ret]\n1:"
			     : [ret] "+r"(o0), "+r"(o1), "+r"(o2), "+r"(o3), "+r"(o4)
			     : "r"(g1)
			     : "o5", "cc", "memory");
	return o0;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	register long g1 __asm__("g1") = n;
	register syscov_reg_t o0 __asm__("o0") = a;
	register syscov_reg_t o1 __asm__("o1") = b;
	register syscov_reg_t o2 __asm__("o2") = c;
	register syscov_reg_t o3 __asm__("o3") = d;
	register syscov_reg_t o4 __asm__("o4") = e;
	register syscov_reg_t o5 __asm__("o5") = f;
	__asm__ __volatile__("t 0x6d\n\tbcc,pt %%xcc, 1f\n\t nop\n\tsub %%g0, %[ret], %[ret]\n1:"
			     : [ret] "+r"(o0), "+r"(o1), "+r"(o2), "+r"(o3), "+r"(o4),
			       "+r"(o5)
			     : "r"(g1)
			     : "cc", "memory");
	return o0;
}
