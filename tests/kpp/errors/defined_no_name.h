#if defined
#endif
