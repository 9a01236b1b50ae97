/* tests/code/indirect.c: the fixture of tests/code/indirect.sh, a shared
 * object built with each cross compiler at test time: two syscall()-style
 * helpers, h1 with the number as its first argument and h7 as its seventh
 * (beyond the registers of every convention but SH's: on the stack, as
 * glibc's __mips_syscall6), hc comparing its number first (musl's
 * __syscall_cp: cmp x0,#0x39), and their callers with constants.
 * What the test checks of it is what objdump -d and readelf -A show: how
 * each caller reaches its helper (i386 call, m68k bsr, MIPS jalr t9 through
 * the GOT, SH bsrf through a literal), where the number is put, and the
 * compare of the number (aarch64 cmp x0,#0x39). */
#if defined(__mips__)
#define HELPER __attribute__((noinline)) /* preemptible: called through its GOT entry */
#else
#define HELPER __attribute__((visibility("protected"), noinline))
#endif
#if defined(__i386__)
#define TRAP(nr) ({ long r_; __asm__ volatile("int $0x80" : "=a"(r_) : "0"(nr) : "memory"); r_; })
#elif defined(__m68k__)
#define TRAP(nr)                                                                   \
	({                                                                         \
		register long d0_ __asm__("d0") = (nr);                            \
		__asm__ volatile("trap #0" : "+r"(d0_) : : "memory");              \
		d0_;                                                               \
	})
#elif defined(__mips__)
#define TRAP(nr)                                                                   \
	({                                                                         \
		register long v0_ __asm__("$2") = (nr);                            \
		__asm__ volatile("syscall" : "+r"(v0_) : : "$3", "$7", "memory");  \
		v0_;                                                               \
	})
#elif defined(__aarch64__)
#define TRAP(nr)                                                                   \
	({                                                                         \
		register long x8_ __asm__("x8") = (nr);                            \
		register long x0_ __asm__("x0");                                   \
		__asm__ volatile("svc 0" : "=r"(x0_) : "r"(x8_) : "memory");       \
		x0_;                                                               \
	})
#elif defined(__sh__)
#define TRAP(nr)                                                                   \
	({                                                                         \
		register long r3_ __asm__("r3") = (nr);                            \
		__asm__ volatile("trapa #0x11" : "+r"(r3_) : : "r0", "memory");    \
		r3_;                                                               \
	})
#endif

HELPER long h1(long nr, long a)
{
	return TRAP(nr) + a;
}

HELPER long h7(long a, long b, long c, long d, long e, long f, long nr)
{
	return TRAP(nr) + a + b + c + d + e + f;
}

/* the number compared before the trap: a compare writes no register */
HELPER long hc(long nr, long a)
{
	if (nr == 57)
		a++;
	return TRAP(nr) + a;
}

long c1(void)
{
	return h1(39, 0);
}

long c7(void)
{
	return h7(1, 2, 3, 4, 5, 6, 41);
}

long cc(void)
{
	return hc(63, 0);
}
