/* arch_elf.h: ELF constants for arch/ descriptors, with the ones older
 * <elf.h> copies lack (EM_LOONGARCH arrived in glibc 2.36, EM_ALPHA is the
 * unofficial value binutils uses). */
#ifndef SYSCOV_ARCH_ELF_H
#define SYSCOV_ARCH_ELF_H
#include <elf.h>
#ifndef EM_LOONGARCH
#define EM_LOONGARCH 258
#endif
#ifndef EM_ALPHA
#define EM_ALPHA 0x9026
#endif
#endif
