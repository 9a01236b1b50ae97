#define p(x) x ##
