#define f(a, b) a

#if f(1)
#endif
