/* arch/trap_alpha.h: the alpha `callsys` primitives, __syscov_sys0..6. The
 * ABI and its sources: arch/alpha.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	register long v0 __asm__("$0") = n;
	register syscov_reg_t a3 __asm__("$19");
	__asm__ __volatile__("callsys"
			     : "+r"(v0), "=r"(a3)
			     :
			     : "$16", "$17", "$18", "$20", "$21", "$1", "$2", "$3", "$4",
			       "$5", "$6", "$7", "$8", "$22", "$23", "$24", "$25", "$27",
			       "$28", "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	register long v0 __asm__("$0") = n;
	register syscov_reg_t a0 __asm__("$16") = a;
	register syscov_reg_t a3 __asm__("$19");
	__asm__ __volatile__("callsys"
			     : "+r"(v0), "=r"(a3), "+r"(a0)
			     :
			     : "$17", "$18", "$20", "$21", "$1", "$2", "$3", "$4", "$5",
			       "$6", "$7", "$8", "$22", "$23", "$24", "$25", "$27",
			       "$28", "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	register long v0 __asm__("$0") = n;
	register syscov_reg_t a0 __asm__("$16") = a;
	register syscov_reg_t a1 __asm__("$17") = b;
	register syscov_reg_t a3 __asm__("$19");
	__asm__ __volatile__("callsys"
			     : "+r"(v0), "=r"(a3), "+r"(a0), "+r"(a1)
			     :
			     : "$18", "$20", "$21", "$1", "$2", "$3", "$4", "$5", "$6",
			       "$7", "$8", "$22", "$23", "$24", "$25", "$27", "$28",
			       "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	register long v0 __asm__("$0") = n;
	register syscov_reg_t a0 __asm__("$16") = a;
	register syscov_reg_t a1 __asm__("$17") = b;
	register syscov_reg_t a2 __asm__("$18") = c;
	register syscov_reg_t a3 __asm__("$19");
	__asm__ __volatile__("callsys"
			     : "+r"(v0), "=r"(a3), "+r"(a0), "+r"(a1), "+r"(a2)
			     :
			     : "$20", "$21", "$1", "$2", "$3", "$4", "$5", "$6", "$7",
			       "$8", "$22", "$23", "$24", "$25", "$27", "$28", "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	register long v0 __asm__("$0") = n;
	register syscov_reg_t a0 __asm__("$16") = a;
	register syscov_reg_t a1 __asm__("$17") = b;
	register syscov_reg_t a2 __asm__("$18") = c;
	register syscov_reg_t a3 __asm__("$19") = d;
	__asm__ __volatile__("callsys"
			     : "+r"(v0), "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3)
			     :
			     : "$20", "$21", "$1", "$2", "$3", "$4", "$5", "$6", "$7",
			       "$8", "$22", "$23", "$24", "$25", "$27", "$28", "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	register long v0 __asm__("$0") = n;
	register syscov_reg_t a0 __asm__("$16") = a;
	register syscov_reg_t a1 __asm__("$17") = b;
	register syscov_reg_t a2 __asm__("$18") = c;
	register syscov_reg_t a3 __asm__("$19") = d;
	register syscov_reg_t a4 __asm__("$20") = e;
	__asm__ __volatile__("callsys"
			     : "+r"(v0), "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3),
			       "+r"(a4)
			     :
			     : "$21", "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8",
			       "$22", "$23", "$24", "$25", "$27", "$28", "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	register long v0 __asm__("$0") = n;
	register syscov_reg_t a0 __asm__("$16") = a;
	register syscov_reg_t a1 __asm__("$17") = b;
	register syscov_reg_t a2 __asm__("$18") = c;
	register syscov_reg_t a3 __asm__("$19") = d;
	register syscov_reg_t a4 __asm__("$20") = e;
	register syscov_reg_t a5 __asm__("$21") = f;
	__asm__ __volatile__("callsys"
			     : "+r"(v0), "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3),
			       "+r"(a4), "+r"(a5)
			     :
			     : "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$22",
			       "$23", "$24", "$25", "$27", "$28", "memory");
	return a3 ? -v0 : v0;
}
