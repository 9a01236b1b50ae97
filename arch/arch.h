/* arch.h: the architecture (ABI) descriptor and its registry.
 *
 * Every file in arch/ fills one `struct arch_desc` by field name, the way
 * libseccomp's arch-*.c do; nothing else in syscov branches on an
 * architecture name. An ABI is what a syscall table belongs to: x86_64, x32
 * and i386 are three ABIs of one kernel port. */
#ifndef SYSCOV_ARCH_H
#define SYSCOV_ARCH_H

#include <stddef.h>
#include <stdint.h>

enum arch_endian { ARCH_LE, ARCH_BE };

/* How the kernel's own sources describe this ABI's syscall table. */
enum ktable_kind {
	KTABLE_TBL,     /* arch/<port>/.../syscall*.tbl */
	KTABLE_GENERIC, /* include/uapi/asm-generic/unistd.h with __ARCH_WANT_* */
};

struct arch_trap; /* trap code for the generator, see arch/arch_trap.h */
struct arch_code; /* the machine-code pass's facts, see arch/arch_code.h */

struct arch_desc {
	const char *name;             /* canonical ABI name: "x86_64" */
	const char *const *aliases;   /* other spellings, NULL-terminated */
	const char *clang_triple;     /* target triple for libclang */
	/* The triple libclang parses the sysroot's headers with when clang 14
	 * has no backend for clang_triple: one of the same data model, byte
	 * order, char signedness and long double (the Debian sysroots of
	 * these ABIs test no arch macro in their headers). NULL: clang_triple. */
	const char *clang_parse_triple;
	/* The target's predefined macros that the UAPI unistd headers (and the
	 * bitsperlong.h, sgidefs.h they include) test, "NAME=VALUE ...", with
	 * the values of `clang -target <clang_triple> -dM -E` (kpp.h). */
	const char *cpp_predefs;
	const char *multiarch;        /* Debian multiarch dir: "i386-linux-gnu" */
	const char *gnu_triplet;      /* GNU triplet / cross prefix: "i686-linux-gnu" */
	const char *debian_arch;      /* dpkg arch: "i386" (NULL: no Debian port) */
	const char *qemu;             /* qemu-user suffix: "i386" (NULL: none) */
	const char *predef;           /* C condition selecting this ABI */
	unsigned word_bits;           /* 32 or 64: size of long and pointers */
	enum arch_endian endian;
	uint16_t elf_machine;         /* e_machine of its objects */
	uint8_t elf_class;            /* ELFCLASS32 / ELFCLASS64 */
	/* kernel table */
	enum ktable_kind ktable;
	const char *kernel_port;      /* directory under arch/ in a kernel tree */
	const char *tbl_file;         /* KTABLE_TBL: path in a kernel tree */
	const char *tbl_abis;         /* KTABLE_TBL: ABI tags taken, "common,64" */
	long nr_offset;               /* added to .tbl numbers (__NR_Linux etc.) */
	const char *const *companions; /* ABIs scanned alongside from one sysroot */
	const struct arch_trap *trap; /* NULL until the generator knows it */
	const struct arch_code *code; /* NULL: Capstone cannot decode it */
};

/* All descriptors, in the explicit order used by reports and tests. */
extern const struct arch_desc *const arch_all[];
extern const unsigned arch_count;

/* Finds an ABI by name or alias (case-sensitive); NULL if unknown. */
const struct arch_desc *arch_find(const char *name);
/* Finds the ABI whose multiarch dir or GNU triplet is `triplet`. */
const struct arch_desc *arch_by_triplet(const char *triplet);
/* The ABI of an object with this ELF header's e_machine, EI_CLASS, byte
 * order and e_flags (the MIPS o32/n32 pair differs in its flags only);
 * NULL if none. */
const struct arch_desc *arch_by_elf(unsigned machine, int elf_class, enum arch_endian endian,
				    uint32_t flags);
/* The ABI syscov itself was built for. */
const struct arch_desc *arch_host(void);
/* Comma-separated list of known names, for error messages and --help. */
const char *arch_names(void);

#endif
