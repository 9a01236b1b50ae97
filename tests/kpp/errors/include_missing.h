
#include <kpp_no_such_header.h>
