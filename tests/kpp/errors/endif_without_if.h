#define X
#endif
