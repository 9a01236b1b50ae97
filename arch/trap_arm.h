/* arch/trap_arm.h: the arm (EABI) `svc #0` primitives, __syscov_sys0..6. The
 * ABI and its sources: arch/arm.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	long save;
	register long r0 __asm__("r0");
	__asm__ __volatile__("mov %[save], r7\n\tmov r7, %[nr]\n\tsvc #0\n\tmov r7, %[save]"
			     : "=r"(r0), [save] "=&r"(save)
			     : [nr] "r"(n)
			     : "memory");
	return r0;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	long save;
	register syscov_reg_t r0 __asm__("r0") = a;
	__asm__ __volatile__("mov %[save], r7\n\tmov r7, %[nr]\n\tsvc #0\n\tmov r7, %[save]"
			     : "+r"(r0), [save] "=&r"(save)
			     : [nr] "r"(n)
			     : "memory");
	return r0;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	long save;
	register syscov_reg_t r0 __asm__("r0") = a;
	register syscov_reg_t r1 __asm__("r1") = b;
	__asm__ __volatile__("mov %[save], r7\n\tmov r7, %[nr]\n\tsvc #0\n\tmov r7, %[save]"
			     : "+r"(r0), [save] "=&r"(save)
			     : [nr] "r"(n), "r"(r1)
			     : "memory");
	return r0;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	long save;
	register syscov_reg_t r0 __asm__("r0") = a;
	register syscov_reg_t r1 __asm__("r1") = b;
	register syscov_reg_t r2 __asm__("r2") = c;
	__asm__ __volatile__("mov %[save], r7\n\tmov r7, %[nr]\n\tsvc #0\n\tmov r7, %[save]"
			     : "+r"(r0), [save] "=&r"(save)
			     : [nr] "r"(n), "r"(r1), "r"(r2)
			     : "memory");
	return r0;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	long save;
	register syscov_reg_t r0 __asm__("r0") = a;
	register syscov_reg_t r1 __asm__("r1") = b;
	register syscov_reg_t r2 __asm__("r2") = c;
	register syscov_reg_t r3 __asm__("r3") = d;
	__asm__ __volatile__("mov %[save], r7\n\tmov r7, %[nr]\n\tsvc #0\n\tmov r7, %[save]"
			     : "+r"(r0), [save] "=&r"(save)
			     : [nr] "r"(n), "r"(r1), "r"(r2), "r"(r3)
			     : "memory");
	return r0;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	long save;
	register syscov_reg_t r0 __asm__("r0") = a;
	register syscov_reg_t r1 __asm__("r1") = b;
	register syscov_reg_t r2 __asm__("r2") = c;
	register syscov_reg_t r3 __asm__("r3") = d;
	register syscov_reg_t r4 __asm__("r4") = e;
	__asm__ __volatile__("mov %[save], r7\n\tmov r7, %[nr]\n\tsvc #0\n\tmov r7, %[save]"
			     : "+r"(r0), [save] "=&r"(save)
			     : [nr] "r"(n), "r"(r1), "r"(r2), "r"(r3), "r"(r4)
			     : "memory");
	return r0;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	long save;
	register syscov_reg_t r0 __asm__("r0") = a;
	register syscov_reg_t r1 __asm__("r1") = b;
	register syscov_reg_t r2 __asm__("r2") = c;
	register syscov_reg_t r3 __asm__("r3") = d;
	register syscov_reg_t r4 __asm__("r4") = e;
	register syscov_reg_t r5 __asm__("r5") = f;
	__asm__ __volatile__("mov %[save], r7\n\tmov r7, %[nr]\n\tsvc #0\n\tmov r7, %[save]"
			     : "+r"(r0), [save] "=&r"(save)
			     : [nr] "r"(n), "r"(r1), "r"(r2), "r"(r3), "r"(r4), "r"(r5)
			     : "memory");
	return r0;
}
