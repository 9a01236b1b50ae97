/* arch/trap_ppc.h: the PowerPC `sc` primitives, __syscov_sys0..6, shared by
 * powerpc, ppc64 and ppc64le, which trap the same way with registers of
 * their own width (syscov_reg_t is long on each). The ABIs and their
 * sources: arch/powerpc.c, arch/ppc64.c, arch/ppc64le.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	register long r0 __asm__("r0") = n;
	register long r3 __asm__("r3");
	__asm__ __volatile__("sc\n\tbns+ 1f\n\tneg %[ret], %[ret]\n1:"
			     : "+r"(r0), [ret] "=r"(r3)
			     : 
			     : "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12",
			       "cr0", "ctr", "xer", "memory");
	return r3;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	register long r0 __asm__("r0") = n;
	register syscov_reg_t r3 __asm__("r3") = a;
	__asm__ __volatile__("sc\n\tbns+ 1f\n\tneg %[ret], %[ret]\n1:"
			     : "+r"(r0), [ret] "+r"(r3)
			     : 
			     : "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12",
			       "cr0", "ctr", "xer", "memory");
	return r3;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	register long r0 __asm__("r0") = n;
	register syscov_reg_t r3 __asm__("r3") = a;
	register syscov_reg_t r4 __asm__("r4") = b;
	__asm__ __volatile__("sc\n\tbns+ 1f\n\tneg %[ret], %[ret]\n1:"
			     : "+r"(r0), [ret] "+r"(r3), "+r"(r4)
			     : 
			     : "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "cr0",
			       "ctr", "xer", "memory");
	return r3;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	register long r0 __asm__("r0") = n;
	register syscov_reg_t r3 __asm__("r3") = a;
	register syscov_reg_t r4 __asm__("r4") = b;
	register syscov_reg_t r5 __asm__("r5") = c;
	__asm__ __volatile__("sc\n\tbns+ 1f\n\tneg %[ret], %[ret]\n1:"
			     : "+r"(r0), [ret] "+r"(r3), "+r"(r4), "+r"(r5)
			     : 
			     : "r6", "r7", "r8", "r9", "r10", "r11", "r12", "cr0", "ctr",
			       "xer", "memory");
	return r3;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	register long r0 __asm__("r0") = n;
	register syscov_reg_t r3 __asm__("r3") = a;
	register syscov_reg_t r4 __asm__("r4") = b;
	register syscov_reg_t r5 __asm__("r5") = c;
	register syscov_reg_t r6 __asm__("r6") = d;
	__asm__ __volatile__("sc\n\tbns+ 1f\n\tneg %[ret], %[ret]\n1:"
			     : "+r"(r0), [ret] "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6)
			     : 
			     : "r7", "r8", "r9", "r10", "r11", "r12", "cr0", "ctr",
			       "xer", "memory");
	return r3;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	register long r0 __asm__("r0") = n;
	register syscov_reg_t r3 __asm__("r3") = a;
	register syscov_reg_t r4 __asm__("r4") = b;
	register syscov_reg_t r5 __asm__("r5") = c;
	register syscov_reg_t r6 __asm__("r6") = d;
	register syscov_reg_t r7 __asm__("r7") = e;
	__asm__ __volatile__("sc\n\tbns+ 1f\n\tneg %[ret], %[ret]\n1:"
			     : "+r"(r0), [ret] "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6),
			       "+r"(r7)
			     : 
			     : "r8", "r9", "r10", "r11", "r12", "cr0", "ctr", "xer",
			       "memory");
	return r3;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	register long r0 __asm__("r0") = n;
	register syscov_reg_t r3 __asm__("r3") = a;
	register syscov_reg_t r4 __asm__("r4") = b;
	register syscov_reg_t r5 __asm__("r5") = c;
	register syscov_reg_t r6 __asm__("r6") = d;
	register syscov_reg_t r7 __asm__("r7") = e;
	register syscov_reg_t r8 __asm__("r8") = f;
	__asm__ __volatile__("sc\n\tbns+ 1f\n\tneg %[ret], %[ret]\n1:"
			     : "+r"(r0), [ret] "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6),
			       "+r"(r7), "+r"(r8)
			     : 
			     : "r9", "r10", "r11", "r12", "cr0", "ctr", "xer", "memory");
	return r3;
}
