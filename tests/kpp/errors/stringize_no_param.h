#define s(x) #y
