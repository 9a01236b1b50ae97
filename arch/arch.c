/* arch.c: the registry of architecture descriptors defined in arch/. */
#include "arch/arch.h"
#include "base/util.h"

#include <elf.h>
#include <string.h>

#define A(x) extern const struct arch_desc arch_##x;
#include "arch/arch_list.h"
#undef A

#define A(x) &arch_##x,
const struct arch_desc *const arch_all[] = {
#include "arch/arch_list.h"
};
#undef A
const unsigned arch_count = ARRAY_SIZE(arch_all);

const struct arch_desc *arch_find(const char *name)
{
	for (unsigned i = 0; i < arch_count; i++) {
		const struct arch_desc *a = arch_all[i];
		if (!strcmp(a->name, name))
			return a;
		for (const char *const *al = a->aliases; al && *al; al++)
			if (!strcmp(*al, name))
				return a;
	}
	return NULL;
}

const struct arch_desc *arch_by_triplet(const char *triplet)
{
	for (unsigned i = 0; i < arch_count; i++) {
		const struct arch_desc *a = arch_all[i];
		if ((a->multiarch && !strcmp(a->multiarch, triplet)) ||
		    (a->gnu_triplet && !strcmp(a->gnu_triplet, triplet)))
			return a;
	}
	return NULL;
}

const struct arch_desc *arch_by_elf(unsigned machine, int elf_class, enum arch_endian endian,
				    uint32_t flags)
{
	/* EF_MIPS_ABI2: an n32 object; o32 has the same machine and class */
	int abi2 = (flags & 0x20) != 0;
	for (unsigned i = 0; i < arch_count; i++) {
		const struct arch_desc *a = arch_all[i];
		if (a->elf_machine != machine || a->elf_class != elf_class || a->endian != endian)
			continue;
		if (machine == EM_MIPS && elf_class == ELFCLASS32 &&
		    (strcmp(a->name, "mipsn32") == 0) != abi2)
			continue;
		return a;
	}
	return NULL;
}

const struct arch_desc *arch_host(void)
{
#if defined(__x86_64__) && defined(__ILP32__)
	return arch_find("x32");
#elif defined(__x86_64__)
	return arch_find("x86_64");
#elif defined(__i386__)
	return arch_find("i386");
#elif defined(__aarch64__)
	return arch_find("aarch64");
#elif defined(__arm__)
	return arch_find("arm");
#elif defined(__riscv) && __riscv_xlen == 64
	return arch_find("riscv64");
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return arch_find("ppc64le");
#elif defined(__powerpc64__)
	return arch_find("ppc64");
#elif defined(__powerpc__)
	return arch_find("powerpc");
#elif defined(__s390x__)
	return arch_find("s390x");
#elif defined(__mips__) && _MIPS_SIM == _ABI64
	return arch_find("mips64el");
#elif defined(__mips__) && _MIPS_SIM == _ABIN32
	return arch_find("mipsn32");
#elif defined(__mips__)
	return arch_find("mipsel");
#else
	return NULL;
#endif
}

const char *arch_names(void)
{
	static char names[1024];
	if (!names[0]) {
		size_t off = 0;
		for (unsigned i = 0; i < arch_count && off < sizeof(names); i++)
			off += (size_t)snprintf(names + off, sizeof(names) - off, "%s%s",
						i ? ", " : "", arch_all[i]->name);
	}
	return names;
}
