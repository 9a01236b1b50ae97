/* arch/trap_ppc.h: the powerpc trap primitives after their typedef,
 * shared by powerpc, ppc64 and ppc64le, which trap the same way with
 * registers of their own width. See arch/powerpc.c for the ABI. */
#ifndef SYSCOV_TRAP_PPC_H
#define SYSCOV_TRAP_PPC_H

#define TRAP_PPC_BODY \
	"static inline long __syscov_sys0(long n)\n" \
	"{\n" \
	"\tregister long r0 __asm__(\"r0\") = n;\n" \
	"\tregister long r3 __asm__(\"r3\");\n" \
	"\t__asm__ __volatile__(\"sc\\n\\tbns+ 1f\\n\\tneg %[ret], %[ret]\\n1:\"\n" \
	"\t\t\t     : \"+r\"(r0), [ret] \"=r\"(r3)\n" \
	"\t\t\t     : \n" \
	"\t\t\t     : \"r4\", \"r5\", \"r6\", \"r7\", \"r8\", \"r9\", \"r10\", \"r11\", \"r12\",\n" \
	"\t\t\t       \"cr0\", \"ctr\", \"xer\", \"memory\");\n" \
	"\treturn r3;\n" \
	"}\n" \
	"static inline long __syscov_sys1(long n, syscov_reg_t a)\n" \
	"{\n" \
	"\tregister long r0 __asm__(\"r0\") = n;\n" \
	"\tregister syscov_reg_t r3 __asm__(\"r3\") = a;\n" \
	"\t__asm__ __volatile__(\"sc\\n\\tbns+ 1f\\n\\tneg %[ret], %[ret]\\n1:\"\n" \
	"\t\t\t     : \"+r\"(r0), [ret] \"+r\"(r3)\n" \
	"\t\t\t     : \n" \
	"\t\t\t     : \"r4\", \"r5\", \"r6\", \"r7\", \"r8\", \"r9\", \"r10\", \"r11\", \"r12\",\n" \
	"\t\t\t       \"cr0\", \"ctr\", \"xer\", \"memory\");\n" \
	"\treturn r3;\n" \
	"}\n" \
	"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n" \
	"{\n" \
	"\tregister long r0 __asm__(\"r0\") = n;\n" \
	"\tregister syscov_reg_t r3 __asm__(\"r3\") = a;\n" \
	"\tregister syscov_reg_t r4 __asm__(\"r4\") = b;\n" \
	"\t__asm__ __volatile__(\"sc\\n\\tbns+ 1f\\n\\tneg %[ret], %[ret]\\n1:\"\n" \
	"\t\t\t     : \"+r\"(r0), [ret] \"+r\"(r3), \"+r\"(r4)\n" \
	"\t\t\t     : \n" \
	"\t\t\t     : \"r5\", \"r6\", \"r7\", \"r8\", \"r9\", \"r10\", \"r11\", \"r12\", \"cr0\",\n" \
	"\t\t\t       \"ctr\", \"xer\", \"memory\");\n" \
	"\treturn r3;\n" \
	"}\n" \
	"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n" \
	"{\n" \
	"\tregister long r0 __asm__(\"r0\") = n;\n" \
	"\tregister syscov_reg_t r3 __asm__(\"r3\") = a;\n" \
	"\tregister syscov_reg_t r4 __asm__(\"r4\") = b;\n" \
	"\tregister syscov_reg_t r5 __asm__(\"r5\") = c;\n" \
	"\t__asm__ __volatile__(\"sc\\n\\tbns+ 1f\\n\\tneg %[ret], %[ret]\\n1:\"\n" \
	"\t\t\t     : \"+r\"(r0), [ret] \"+r\"(r3), \"+r\"(r4), \"+r\"(r5)\n" \
	"\t\t\t     : \n" \
	"\t\t\t     : \"r6\", \"r7\", \"r8\", \"r9\", \"r10\", \"r11\", \"r12\", \"cr0\", \"ctr\",\n" \
	"\t\t\t       \"xer\", \"memory\");\n" \
	"\treturn r3;\n" \
	"}\n" \
	"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n" \
	"\t\t\t\t syscov_reg_t d)\n" \
	"{\n" \
	"\tregister long r0 __asm__(\"r0\") = n;\n" \
	"\tregister syscov_reg_t r3 __asm__(\"r3\") = a;\n" \
	"\tregister syscov_reg_t r4 __asm__(\"r4\") = b;\n" \
	"\tregister syscov_reg_t r5 __asm__(\"r5\") = c;\n" \
	"\tregister syscov_reg_t r6 __asm__(\"r6\") = d;\n" \
	"\t__asm__ __volatile__(\"sc\\n\\tbns+ 1f\\n\\tneg %[ret], %[ret]\\n1:\"\n" \
	"\t\t\t     : \"+r\"(r0), [ret] \"+r\"(r3), \"+r\"(r4), \"+r\"(r5), \"+r\"(r6)\n" \
	"\t\t\t     : \n" \
	"\t\t\t     : \"r7\", \"r8\", \"r9\", \"r10\", \"r11\", \"r12\", \"cr0\", \"ctr\",\n" \
	"\t\t\t       \"xer\", \"memory\");\n" \
	"\treturn r3;\n" \
	"}\n" \
	"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n" \
	"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n" \
	"{\n" \
	"\tregister long r0 __asm__(\"r0\") = n;\n" \
	"\tregister syscov_reg_t r3 __asm__(\"r3\") = a;\n" \
	"\tregister syscov_reg_t r4 __asm__(\"r4\") = b;\n" \
	"\tregister syscov_reg_t r5 __asm__(\"r5\") = c;\n" \
	"\tregister syscov_reg_t r6 __asm__(\"r6\") = d;\n" \
	"\tregister syscov_reg_t r7 __asm__(\"r7\") = e;\n" \
	"\t__asm__ __volatile__(\"sc\\n\\tbns+ 1f\\n\\tneg %[ret], %[ret]\\n1:\"\n" \
	"\t\t\t     : \"+r\"(r0), [ret] \"+r\"(r3), \"+r\"(r4), \"+r\"(r5), \"+r\"(r6),\n" \
	"\t\t\t       \"+r\"(r7)\n" \
	"\t\t\t     : \n" \
	"\t\t\t     : \"r8\", \"r9\", \"r10\", \"r11\", \"r12\", \"cr0\", \"ctr\", \"xer\",\n" \
	"\t\t\t       \"memory\");\n" \
	"\treturn r3;\n" \
	"}\n" \
	"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n" \
	"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n" \
	"{\n" \
	"\tregister long r0 __asm__(\"r0\") = n;\n" \
	"\tregister syscov_reg_t r3 __asm__(\"r3\") = a;\n" \
	"\tregister syscov_reg_t r4 __asm__(\"r4\") = b;\n" \
	"\tregister syscov_reg_t r5 __asm__(\"r5\") = c;\n" \
	"\tregister syscov_reg_t r6 __asm__(\"r6\") = d;\n" \
	"\tregister syscov_reg_t r7 __asm__(\"r7\") = e;\n" \
	"\tregister syscov_reg_t r8 __asm__(\"r8\") = f;\n" \
	"\t__asm__ __volatile__(\"sc\\n\\tbns+ 1f\\n\\tneg %[ret], %[ret]\\n1:\"\n" \
	"\t\t\t     : \"+r\"(r0), [ret] \"+r\"(r3), \"+r\"(r4), \"+r\"(r5), \"+r\"(r6),\n" \
	"\t\t\t       \"+r\"(r7), \"+r\"(r8)\n" \
	"\t\t\t     : \n" \
	"\t\t\t     : \"r9\", \"r10\", \"r11\", \"r12\", \"cr0\", \"ctr\", \"xer\", \"memory\");\n" \
	"\treturn r3;\n" \
	"}\n"

#endif
