/* arch/trap_x86_64.h: the x86-64 trap primitives after their typedef,
 * shared by the two ABIs that use the 64-bit `syscall` entry with 64-bit
 * registers: x86_64 (syscov_reg_t = long) and x32 (syscov_reg_t = long long,
 * numbers carrying __X32_SYSCALL_BIT). See arch/x86_64.c for the ABI. */
#ifndef SYSCOV_TRAP_X86_64_H
#define SYSCOV_TRAP_X86_64_H

#define TRAP_X86_64_BODY \
	"static inline long __syscov_sys0(long n)\n" \
	"{\n" \
	"\tlong r;\n" \
	"\t__asm__ __volatile__(\"syscall\" : \"=a\"(r) : \"a\"(n) : \"rcx\", \"r11\", \"memory\");\n" \
	"\treturn r;\n" \
	"}\n" \
	"static inline long __syscov_sys1(long n, syscov_reg_t a)\n" \
	"{\n" \
	"\tlong r;\n" \
	"\t__asm__ __volatile__(\"syscall\" : \"=a\"(r) : \"a\"(n), \"D\"(a) : \"rcx\", \"r11\", \"memory\");\n" \
	"\treturn r;\n" \
	"}\n" \
	"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n" \
	"{\n" \
	"\tlong r;\n" \
	"\t__asm__ __volatile__(\"syscall\" : \"=a\"(r) : \"a\"(n), \"D\"(a), \"S\"(b) : \"rcx\", \"r11\", \"memory\");\n" \
	"\treturn r;\n" \
	"}\n" \
	"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n" \
	"{\n" \
	"\tlong r;\n" \
	"\t__asm__ __volatile__(\"syscall\" : \"=a\"(r) : \"a\"(n), \"D\"(a), \"S\"(b), \"d\"(c)\n" \
	"\t\t\t     : \"rcx\", \"r11\", \"memory\");\n" \
	"\treturn r;\n" \
	"}\n" \
	"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n" \
	"\t\t\t\t syscov_reg_t d)\n" \
	"{\n" \
	"\tlong r;\n" \
	"\tregister syscov_reg_t r10 __asm__(\"r10\") = d;\n" \
	"\t__asm__ __volatile__(\"syscall\" : \"=a\"(r) : \"a\"(n), \"D\"(a), \"S\"(b), \"d\"(c), \"r\"(r10)\n" \
	"\t\t\t     : \"rcx\", \"r11\", \"memory\");\n" \
	"\treturn r;\n" \
	"}\n" \
	"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n" \
	"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n" \
	"{\n" \
	"\tlong r;\n" \
	"\tregister syscov_reg_t r10 __asm__(\"r10\") = d;\n" \
	"\tregister syscov_reg_t r8 __asm__(\"r8\") = e;\n" \
	"\t__asm__ __volatile__(\"syscall\" : \"=a\"(r)\n" \
	"\t\t\t     : \"a\"(n), \"D\"(a), \"S\"(b), \"d\"(c), \"r\"(r10), \"r\"(r8)\n" \
	"\t\t\t     : \"rcx\", \"r11\", \"memory\");\n" \
	"\treturn r;\n" \
	"}\n" \
	"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n" \
	"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n" \
	"{\n" \
	"\tlong r;\n" \
	"\tregister syscov_reg_t r10 __asm__(\"r10\") = d;\n" \
	"\tregister syscov_reg_t r8 __asm__(\"r8\") = e;\n" \
	"\tregister syscov_reg_t r9 __asm__(\"r9\") = f;\n" \
	"\t__asm__ __volatile__(\"syscall\" : \"=a\"(r)\n" \
	"\t\t\t     : \"a\"(n), \"D\"(a), \"S\"(b), \"d\"(c), \"r\"(r10), \"r\"(r8), \"r\"(r9)\n" \
	"\t\t\t     : \"rcx\", \"r11\", \"memory\");\n" \
	"\treturn r;\n" \
	"}\n"

#endif
