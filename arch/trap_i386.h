/* arch/trap_i386.h: the i386 `int $0x80` primitives, __syscov_sys0..6. The
 * ABI and its sources: arch/i386.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	long r;
	__asm__ __volatile__("int $0x80" : "=a"(r)
			     : "a"(n)
			     : "memory");
	return r;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	long r;
	__asm__ __volatile__("int $0x80" : "=a"(r)
			     : "a"(n), "b"(a)
			     : "memory");
	return r;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	long r;
	__asm__ __volatile__("int $0x80" : "=a"(r)
			     : "a"(n), "b"(a), "c"(b)
			     : "memory");
	return r;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	long r;
	__asm__ __volatile__("int $0x80" : "=a"(r)
			     : "a"(n), "b"(a), "c"(b), "d"(c)
			     : "memory");
	return r;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	long r;
	__asm__ __volatile__("int $0x80" : "=a"(r)
			     : "a"(n), "b"(a), "c"(b), "d"(c), "S"(d)
			     : "memory");
	return r;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	long r;
	__asm__ __volatile__("int $0x80" : "=a"(r)
			     : "a"(n), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
			     : "memory");
	return r;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	long r;
	/* ebp is the sixth argument but may be the frame pointer, and all six
	 * other registers are taken: push f first (its operand may be addressed
	 * through esp or ebp, both still intact), then save ebp and load it from
	 * the stack. */
	__asm__ __volatile__("pushl %[f]\n\t"
			     "pushl %%ebp\n\t"
			     "movl 4(%%esp), %%ebp\n\t"
			     "int $0x80\n\t"
			     "popl %%ebp\n\t"
			     "addl $4, %%esp"
			     : "=a"(r)
			     : "a"(n), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e), [f] "g"(f)
			     : "memory");
	return r;
}
