#define f(x) x
#if f(1
#endif
