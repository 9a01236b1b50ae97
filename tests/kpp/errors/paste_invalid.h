#define CAT(a, b) a##b
#if CAT(+, -)
#endif
