/* arch/trap_riscv64.h: the riscv64 `ecall` primitives, __syscov_sys0..6. The
 * ABI and its sources: arch/riscv64.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	register long a0 __asm__("a0");
	register long a7 __asm__("a7") = n;
	__asm__ __volatile__("ecall" : "=r"(a0)
			     : "r"(a7)
			     : "memory");
	return a0;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	register long a7 __asm__("a7") = n;
	register syscov_reg_t a0 __asm__("a0") = a;
	__asm__ __volatile__("ecall" : "+r"(a0)
			     : "r"(a7)
			     : "memory");
	return a0;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	register long a7 __asm__("a7") = n;
	register syscov_reg_t a0 __asm__("a0") = a;
	register syscov_reg_t a1 __asm__("a1") = b;
	__asm__ __volatile__("ecall" : "+r"(a0)
			     : "r"(a7), "r"(a1)
			     : "memory");
	return a0;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	register long a7 __asm__("a7") = n;
	register syscov_reg_t a0 __asm__("a0") = a;
	register syscov_reg_t a1 __asm__("a1") = b;
	register syscov_reg_t a2 __asm__("a2") = c;
	__asm__ __volatile__("ecall" : "+r"(a0)
			     : "r"(a7), "r"(a1), "r"(a2)
			     : "memory");
	return a0;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	register long a7 __asm__("a7") = n;
	register syscov_reg_t a0 __asm__("a0") = a;
	register syscov_reg_t a1 __asm__("a1") = b;
	register syscov_reg_t a2 __asm__("a2") = c;
	register syscov_reg_t a3 __asm__("a3") = d;
	__asm__ __volatile__("ecall" : "+r"(a0)
			     : "r"(a7), "r"(a1), "r"(a2), "r"(a3)
			     : "memory");
	return a0;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	register long a7 __asm__("a7") = n;
	register syscov_reg_t a0 __asm__("a0") = a;
	register syscov_reg_t a1 __asm__("a1") = b;
	register syscov_reg_t a2 __asm__("a2") = c;
	register syscov_reg_t a3 __asm__("a3") = d;
	register syscov_reg_t a4 __asm__("a4") = e;
	__asm__ __volatile__("ecall" : "+r"(a0)
			     : "r"(a7), "r"(a1), "r"(a2), "r"(a3), "r"(a4)
			     : "memory");
	return a0;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	register long a7 __asm__("a7") = n;
	register syscov_reg_t a0 __asm__("a0") = a;
	register syscov_reg_t a1 __asm__("a1") = b;
	register syscov_reg_t a2 __asm__("a2") = c;
	register syscov_reg_t a3 __asm__("a3") = d;
	register syscov_reg_t a4 __asm__("a4") = e;
	register syscov_reg_t a5 __asm__("a5") = f;
	__asm__ __volatile__("ecall" : "+r"(a0)
			     : "r"(a7), "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a5)
			     : "memory");
	return a0;
}
