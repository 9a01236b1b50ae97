/* arch/trap_mips64.h: the MIPS n64/n32 `syscall` primitives,
 * __syscov_sys0..6: both ABIs trap the same way with 64-bit registers, which
 * n32 holds in long long (syscov_reg_t). The ABIs and their sources:
 * arch/mips64el.c, arch/mipsn32.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	register long v0 __asm__("$2") = n;
	register syscov_reg_t a3 __asm__("$7");
	__asm__ __volatile__("syscall"
			     : "+r"(v0), "=r"(a3)
			     :
			     : "$4", "$5", "$6", "$8", "$9", "$1", "$3", "$10", "$11",
			       "$12", "$13", "$14", "$15", "$24", "$25", "hi", "lo",
			       "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	register long v0 __asm__("$2") = n;
	register syscov_reg_t a0 __asm__("$4") = a;
	register syscov_reg_t a3 __asm__("$7");
	__asm__ __volatile__("syscall"
			     : "+r"(v0), "=r"(a3), "+r"(a0)
			     :
			     : "$5", "$6", "$8", "$9", "$1", "$3", "$10", "$11", "$12",
			       "$13", "$14", "$15", "$24", "$25", "hi", "lo", "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	register long v0 __asm__("$2") = n;
	register syscov_reg_t a0 __asm__("$4") = a;
	register syscov_reg_t a1 __asm__("$5") = b;
	register syscov_reg_t a3 __asm__("$7");
	__asm__ __volatile__("syscall"
			     : "+r"(v0), "=r"(a3), "+r"(a0), "+r"(a1)
			     :
			     : "$6", "$8", "$9", "$1", "$3", "$10", "$11", "$12", "$13",
			       "$14", "$15", "$24", "$25", "hi", "lo", "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	register long v0 __asm__("$2") = n;
	register syscov_reg_t a0 __asm__("$4") = a;
	register syscov_reg_t a1 __asm__("$5") = b;
	register syscov_reg_t a2 __asm__("$6") = c;
	register syscov_reg_t a3 __asm__("$7");
	__asm__ __volatile__("syscall"
			     : "+r"(v0), "=r"(a3), "+r"(a0), "+r"(a1), "+r"(a2)
			     :
			     : "$8", "$9", "$1", "$3", "$10", "$11", "$12", "$13", "$14",
			       "$15", "$24", "$25", "hi", "lo", "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	register long v0 __asm__("$2") = n;
	register syscov_reg_t a0 __asm__("$4") = a;
	register syscov_reg_t a1 __asm__("$5") = b;
	register syscov_reg_t a2 __asm__("$6") = c;
	register syscov_reg_t a3 __asm__("$7") = d;
	__asm__ __volatile__("syscall"
			     : "+r"(v0), "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3)
			     :
			     : "$8", "$9", "$1", "$3", "$10", "$11", "$12", "$13", "$14",
			       "$15", "$24", "$25", "hi", "lo", "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	register long v0 __asm__("$2") = n;
	register syscov_reg_t a0 __asm__("$4") = a;
	register syscov_reg_t a1 __asm__("$5") = b;
	register syscov_reg_t a2 __asm__("$6") = c;
	register syscov_reg_t a3 __asm__("$7") = d;
	register syscov_reg_t a4 __asm__("$8") = e;
	__asm__ __volatile__("syscall"
			     : "+r"(v0), "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3),
			       "+r"(a4)
			     :
			     : "$9", "$1", "$3", "$10", "$11", "$12", "$13", "$14",
			       "$15", "$24", "$25", "hi", "lo", "memory");
	return a3 ? -v0 : v0;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	register long v0 __asm__("$2") = n;
	register syscov_reg_t a0 __asm__("$4") = a;
	register syscov_reg_t a1 __asm__("$5") = b;
	register syscov_reg_t a2 __asm__("$6") = c;
	register syscov_reg_t a3 __asm__("$7") = d;
	register syscov_reg_t a4 __asm__("$8") = e;
	register syscov_reg_t a5 __asm__("$9") = f;
	__asm__ __volatile__("syscall"
			     : "+r"(v0), "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3),
			       "+r"(a4), "+r"(a5)
			     :
			     : "$1", "$3", "$10", "$11", "$12", "$13", "$14", "$15",
			       "$24", "$25", "hi", "lo", "memory");
	return a3 ? -v0 : v0;
}
