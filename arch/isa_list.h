/* isa_list.h: every ISA family whose decoding semantics syscov has, one
 * I(name) per file arch/isa_<name>.c defining `isa_<name>` (arch/isa.h);
 * include with I() defined. A family the linked Capstone lacks (RISC-V
 * and SuperH before Capstone 5) is left out by its file's own #if, and so
 * is the arch_code of the ABIs it decodes. */
I(x86)
I(arm)
I(arm64)
I(mips)
I(ppc)
I(s390)
I(sparc)
I(m68k)
I(riscv)
I(sh)
