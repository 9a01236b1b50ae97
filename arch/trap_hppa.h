/* arch/trap_hppa.h: the hppa gateway-page primitives (`ble 0x100(%sr2,
 * %r0)`), __syscov_sys0..6. The ABI and its sources: arch/hppa.c.
 *
 * Plain C, compiled as written by tests/trap/run.sh for every ABI. syscov
 * gen emits the text after this comment byte for byte, inside each ABI's
 * block that arch/arch_trap.c opens with the __SYSCOV_* facts and the
 * typedef of syscov_reg_t; the build embeds it (scripts/embed_trap.cmake). */
static inline long __syscov_sys0(long n)
{
	register long r20 __asm__("r20") = n;
	register long r28 __asm__("r28");
	__asm__ __volatile__("copy %%r19, %%r4\n\tble 0x100(%%sr2, %%r0)\n\tnop\n\tcopy %%r4, %%r19"
			     : "=r"(r28), "+r"(r20)
			     :
			     : "r26", "r25", "r24", "r23", "r22", "r21", "r1", "r2",
			       "r4", "r29", "r31", "memory");
	return r28;
}
static inline long __syscov_sys1(long n, syscov_reg_t a)
{
	register long r20 __asm__("r20") = n;
	register syscov_reg_t r26 __asm__("r26") = a;
	register long r28 __asm__("r28");
	__asm__ __volatile__("copy %%r19, %%r4\n\tble 0x100(%%sr2, %%r0)\n\tnop\n\tcopy %%r4, %%r19"
			     : "=r"(r28), "+r"(r20), "+r"(r26)
			     :
			     : "r25", "r24", "r23", "r22", "r21", "r1", "r2", "r4",
			       "r29", "r31", "memory");
	return r28;
}
static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)
{
	register long r20 __asm__("r20") = n;
	register syscov_reg_t r26 __asm__("r26") = a;
	register syscov_reg_t r25 __asm__("r25") = b;
	register long r28 __asm__("r28");
	__asm__ __volatile__("copy %%r19, %%r4\n\tble 0x100(%%sr2, %%r0)\n\tnop\n\tcopy %%r4, %%r19"
			     : "=r"(r28), "+r"(r20), "+r"(r26), "+r"(r25)
			     :
			     : "r24", "r23", "r22", "r21", "r1", "r2", "r4", "r29",
			       "r31", "memory");
	return r28;
}
static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)
{
	register long r20 __asm__("r20") = n;
	register syscov_reg_t r26 __asm__("r26") = a;
	register syscov_reg_t r25 __asm__("r25") = b;
	register syscov_reg_t r24 __asm__("r24") = c;
	register long r28 __asm__("r28");
	__asm__ __volatile__("copy %%r19, %%r4\n\tble 0x100(%%sr2, %%r0)\n\tnop\n\tcopy %%r4, %%r19"
			     : "=r"(r28), "+r"(r20), "+r"(r26), "+r"(r25), "+r"(r24)
			     :
			     : "r23", "r22", "r21", "r1", "r2", "r4", "r29", "r31",
			       "memory");
	return r28;
}
static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d)
{
	register long r20 __asm__("r20") = n;
	register syscov_reg_t r26 __asm__("r26") = a;
	register syscov_reg_t r25 __asm__("r25") = b;
	register syscov_reg_t r24 __asm__("r24") = c;
	register syscov_reg_t r23 __asm__("r23") = d;
	register long r28 __asm__("r28");
	__asm__ __volatile__("copy %%r19, %%r4\n\tble 0x100(%%sr2, %%r0)\n\tnop\n\tcopy %%r4, %%r19"
			     : "=r"(r28), "+r"(r20), "+r"(r26), "+r"(r25), "+r"(r24),
			       "+r"(r23)
			     :
			     : "r22", "r21", "r1", "r2", "r4", "r29", "r31", "memory");
	return r28;
}
static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e)
{
	register long r20 __asm__("r20") = n;
	register syscov_reg_t r26 __asm__("r26") = a;
	register syscov_reg_t r25 __asm__("r25") = b;
	register syscov_reg_t r24 __asm__("r24") = c;
	register syscov_reg_t r23 __asm__("r23") = d;
	register syscov_reg_t r22 __asm__("r22") = e;
	register long r28 __asm__("r28");
	__asm__ __volatile__("copy %%r19, %%r4\n\tble 0x100(%%sr2, %%r0)\n\tnop\n\tcopy %%r4, %%r19"
			     : "=r"(r28), "+r"(r20), "+r"(r26), "+r"(r25), "+r"(r24),
			       "+r"(r23), "+r"(r22)
			     :
			     : "r21", "r1", "r2", "r4", "r29", "r31", "memory");
	return r28;
}
static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,
				 syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)
{
	register long r20 __asm__("r20") = n;
	register syscov_reg_t r26 __asm__("r26") = a;
	register syscov_reg_t r25 __asm__("r25") = b;
	register syscov_reg_t r24 __asm__("r24") = c;
	register syscov_reg_t r23 __asm__("r23") = d;
	register syscov_reg_t r22 __asm__("r22") = e;
	register syscov_reg_t r21 __asm__("r21") = f;
	register long r28 __asm__("r28");
	__asm__ __volatile__("copy %%r19, %%r4\n\tble 0x100(%%sr2, %%r0)\n\tnop\n\tcopy %%r4, %%r19"
			     : "=r"(r28), "+r"(r20), "+r"(r26), "+r"(r25), "+r"(r24),
			       "+r"(r23), "+r"(r22), "+r"(r21)
			     :
			     : "r1", "r2", "r4", "r29", "r31", "memory");
	return r28;
}
