/* arch/code_regs.h: the C calling conventions' register lists that several
 * ABIs of one family share, in Capstone's spellings, for the arch_code of
 * each arch/<abi>.c (arch/arch_code.h). Arguments in order; "saved" are the
 * registers a called function must leave as they were (its psABI's
 * callee-saved set, with the stack pointer). */
#ifndef SYSCOV_ARCH_CODE_REGS_H
#define SYSCOV_ARCH_CODE_REGS_H

#include <capstone/capstone.h>

#include "arch/arch_code.h"
#include "arch/isa.h"

/* System V AMD64 psABI 3.2.3 (x86_64 and x32 alike) */
static const char *const code_x86_64_args[] = {"rdi", "rsi", "rdx", "rcx", "r8", "r9", NULL};
static const char *const code_x86_64_saved[] = {"rbx", "rbp", "rsp", "r12", "r13", "r14", "r15",
						NULL};

/* What `syscall` changes on x86_64 and x32: the result in rax, and rcx and
 * r11, into which the instruction saves the return address and rflags
 * (x86-64 psABI A.2.1; arch/x86/entry/entry_64.S) */
static const char *const code_x86_64_trap[] = {"rax", "rcx", "r11", NULL};

/* MIPS o32: a0-a3; n32 and n64: a0-a7, which Capstone spells by their o32
 * names t0-t3 (SYSV MIPS psABI; MIPSpro N32 ABI Handbook) */
static const char *const code_mips_o32_args[] = {"a0", "a1", "a2", "a3", NULL};
static const char *const code_mips_n64_args[] = {"a0", "a1", "a2", "a3", "t0",
						 "t1", "t2", "t3", NULL};
/* What `syscall` changes on MIPS: the result (v0, v1), the error flag (a3)
 * and the registers glibc's inline syscalls list as clobbered, at, t0-t9,
 * hi and lo (sysdeps/unix/sysv/linux/mips/mips{32,64}/sysdep.h
 * __SYSCALL_CLOBBERS; n64's t0-t3 are its a4-a7 argument registers, kept
 * in the list: unknown is the safe side) */
static const char *const code_mips_trap[] = {"at", "v0", "v1", "a3", "t0", "t1", "t2", "t3", "t4",
					     "t5", "t6", "t7", "t8", "t9", NULL};
static const char *const code_mips_saved[] = {"s0", "s1", "s2", "s3", "s4", "s5",
					      "s6", "s7", "fp", "sp", NULL};

/* Power Architecture ELF ABIs (32-bit SVR4 and 64-bit ELFv1/v2): r3-r10,
 * r14-r31 and r1 preserved; `sc` with the number in r0 */
static const char *const code_ppc_args[] = {"r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", NULL};
static const char *const code_ppc_saved[] = {
	"r1",  "r14", "r15", "r16", "r17", "r18", "r19", "r20", "r21", "r22",
	"r23", "r24", "r25", "r26", "r27", "r28", "r29", "r30", "r31", NULL};

#endif
