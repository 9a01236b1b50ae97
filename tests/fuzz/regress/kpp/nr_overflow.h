#define __X32_SYSCALL_BIT 0x40000000
#define __NR_big (__X32_SYSCALL_BIT + 99999999999999999999)
#define __NR_max (__X32_SYSCALL_BIT + 9223372036854775807)
#define __NR_neg (-9223372036854775807 - 1)
#define __NR_div (1 / 0)
#define __NR_mod (-9223372036854775807 - 1) % -1
#define __NR_shl (1 << 64)
#define __NR_mul (4611686018427387904 * 4)
