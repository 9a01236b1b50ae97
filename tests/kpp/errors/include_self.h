/* no guard */
#include "include_self.h"
