/* values_inc.h: included twice by values.h, read once by its guard. */
#ifndef VALUES_INC_H
#define VALUES_INC_H
#define R_included 42
#define R_inc_count (R_included + 1)
#endif
