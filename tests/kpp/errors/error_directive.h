#if 1
#error boom "here"
#endif
