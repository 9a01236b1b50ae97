/* arch/trap_mips64.h: the MIPS n64/n32 trap primitives after their
 * typedef: both ABIs trap the same way with 64-bit registers, n32 holding
 * them in long long. See arch/mips64el.c for the ABI. */
#ifndef SYSCOV_TRAP_MIPS64_H
#define SYSCOV_TRAP_MIPS64_H

#define TRAP_MIPS64_BODY \
	"static inline long __syscov_sys0(long n)\n" \
	"{\n" \
	"\tregister long v0 __asm__(\"$2\") = n;\n" \
	"\tregister syscov_reg_t a3 __asm__(\"$7\");\n" \
	"\t__asm__ __volatile__(\"syscall\"\n" \
	"\t\t\t     : \"+r\"(v0), \"=r\"(a3)\n" \
	"\t\t\t     :\n" \
	"\t\t\t     : \"$4\", \"$5\", \"$6\", \"$8\", \"$9\", \"$1\", \"$3\", \"$10\", \"$11\",\n" \
	"\t\t\t       \"$12\", \"$13\", \"$14\", \"$15\", \"$24\", \"$25\", \"hi\", \"lo\",\n" \
	"\t\t\t       \"memory\");\n" \
	"\treturn a3 ? -v0 : v0;\n" \
	"}\n" \
	"static inline long __syscov_sys1(long n, syscov_reg_t a)\n" \
	"{\n" \
	"\tregister long v0 __asm__(\"$2\") = n;\n" \
	"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n" \
	"\tregister syscov_reg_t a3 __asm__(\"$7\");\n" \
	"\t__asm__ __volatile__(\"syscall\"\n" \
	"\t\t\t     : \"+r\"(v0), \"=r\"(a3), \"+r\"(a0)\n" \
	"\t\t\t     :\n" \
	"\t\t\t     : \"$5\", \"$6\", \"$8\", \"$9\", \"$1\", \"$3\", \"$10\", \"$11\", \"$12\",\n" \
	"\t\t\t       \"$13\", \"$14\", \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n" \
	"\treturn a3 ? -v0 : v0;\n" \
	"}\n" \
	"static inline long __syscov_sys2(long n, syscov_reg_t a, syscov_reg_t b)\n" \
	"{\n" \
	"\tregister long v0 __asm__(\"$2\") = n;\n" \
	"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n" \
	"\tregister syscov_reg_t a1 __asm__(\"$5\") = b;\n" \
	"\tregister syscov_reg_t a3 __asm__(\"$7\");\n" \
	"\t__asm__ __volatile__(\"syscall\"\n" \
	"\t\t\t     : \"+r\"(v0), \"=r\"(a3), \"+r\"(a0), \"+r\"(a1)\n" \
	"\t\t\t     :\n" \
	"\t\t\t     : \"$6\", \"$8\", \"$9\", \"$1\", \"$3\", \"$10\", \"$11\", \"$12\", \"$13\",\n" \
	"\t\t\t       \"$14\", \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n" \
	"\treturn a3 ? -v0 : v0;\n" \
	"}\n" \
	"static inline long __syscov_sys3(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c)\n" \
	"{\n" \
	"\tregister long v0 __asm__(\"$2\") = n;\n" \
	"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n" \
	"\tregister syscov_reg_t a1 __asm__(\"$5\") = b;\n" \
	"\tregister syscov_reg_t a2 __asm__(\"$6\") = c;\n" \
	"\tregister syscov_reg_t a3 __asm__(\"$7\");\n" \
	"\t__asm__ __volatile__(\"syscall\"\n" \
	"\t\t\t     : \"+r\"(v0), \"=r\"(a3), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2)\n" \
	"\t\t\t     :\n" \
	"\t\t\t     : \"$8\", \"$9\", \"$1\", \"$3\", \"$10\", \"$11\", \"$12\", \"$13\", \"$14\",\n" \
	"\t\t\t       \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n" \
	"\treturn a3 ? -v0 : v0;\n" \
	"}\n" \
	"static inline long __syscov_sys4(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n" \
	"\t\t\t\t syscov_reg_t d)\n" \
	"{\n" \
	"\tregister long v0 __asm__(\"$2\") = n;\n" \
	"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n" \
	"\tregister syscov_reg_t a1 __asm__(\"$5\") = b;\n" \
	"\tregister syscov_reg_t a2 __asm__(\"$6\") = c;\n" \
	"\tregister syscov_reg_t a3 __asm__(\"$7\") = d;\n" \
	"\t__asm__ __volatile__(\"syscall\"\n" \
	"\t\t\t     : \"+r\"(v0), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2), \"+r\"(a3)\n" \
	"\t\t\t     :\n" \
	"\t\t\t     : \"$8\", \"$9\", \"$1\", \"$3\", \"$10\", \"$11\", \"$12\", \"$13\", \"$14\",\n" \
	"\t\t\t       \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n" \
	"\treturn a3 ? -v0 : v0;\n" \
	"}\n" \
	"static inline long __syscov_sys5(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n" \
	"\t\t\t\t syscov_reg_t d, syscov_reg_t e)\n" \
	"{\n" \
	"\tregister long v0 __asm__(\"$2\") = n;\n" \
	"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n" \
	"\tregister syscov_reg_t a1 __asm__(\"$5\") = b;\n" \
	"\tregister syscov_reg_t a2 __asm__(\"$6\") = c;\n" \
	"\tregister syscov_reg_t a3 __asm__(\"$7\") = d;\n" \
	"\tregister syscov_reg_t a4 __asm__(\"$8\") = e;\n" \
	"\t__asm__ __volatile__(\"syscall\"\n" \
	"\t\t\t     : \"+r\"(v0), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2), \"+r\"(a3),\n" \
	"\t\t\t       \"+r\"(a4)\n" \
	"\t\t\t     :\n" \
	"\t\t\t     : \"$9\", \"$1\", \"$3\", \"$10\", \"$11\", \"$12\", \"$13\", \"$14\",\n" \
	"\t\t\t       \"$15\", \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n" \
	"\treturn a3 ? -v0 : v0;\n" \
	"}\n" \
	"static inline long __syscov_sys6(long n, syscov_reg_t a, syscov_reg_t b, syscov_reg_t c,\n" \
	"\t\t\t\t syscov_reg_t d, syscov_reg_t e, syscov_reg_t f)\n" \
	"{\n" \
	"\tregister long v0 __asm__(\"$2\") = n;\n" \
	"\tregister syscov_reg_t a0 __asm__(\"$4\") = a;\n" \
	"\tregister syscov_reg_t a1 __asm__(\"$5\") = b;\n" \
	"\tregister syscov_reg_t a2 __asm__(\"$6\") = c;\n" \
	"\tregister syscov_reg_t a3 __asm__(\"$7\") = d;\n" \
	"\tregister syscov_reg_t a4 __asm__(\"$8\") = e;\n" \
	"\tregister syscov_reg_t a5 __asm__(\"$9\") = f;\n" \
	"\t__asm__ __volatile__(\"syscall\"\n" \
	"\t\t\t     : \"+r\"(v0), \"+r\"(a0), \"+r\"(a1), \"+r\"(a2), \"+r\"(a3),\n" \
	"\t\t\t       \"+r\"(a4), \"+r\"(a5)\n" \
	"\t\t\t     :\n" \
	"\t\t\t     : \"$1\", \"$3\", \"$10\", \"$11\", \"$12\", \"$13\", \"$14\", \"$15\",\n" \
	"\t\t\t       \"$24\", \"$25\", \"hi\", \"lo\", \"memory\");\n" \
	"\treturn a3 ? -v0 : v0;\n" \
	"}\n"

#endif
