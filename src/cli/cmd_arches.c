/* cmd_arches.c: `syscov arches`: the ABIs syscov knows, from arch/. */
#include <string.h>

#include "arch/arch_trap.h"
#include "arch/isa.h"
#include "cli/cli.h"
#include "base/json.h"

static const char help[] =
	"Usage: syscov arches [OPTIONS]\n\n"
	"Prints every ABI syscov knows: name, aliases, Debian multiarch triplet,\n"
	"word size, endianness, kernel table, whether wrappers can be generated,\n"
	"and (json) the ISA family that decodes its machine code.\n\n"
	"Options:\n"
	"  --format FMT     tsv (default), names or json\n" CLI_COMMON_HELP;

static const struct option opts[] = {
	CLI_COMMON_OPTS,
	{"format", required_argument, NULL, OPT_FORMAT},
	{0},
};

int cmd_arches(int argc, char **argv)
{
	struct cli c = {0};
	int rc = cli_parse(&c, argc, argv, "qv", opts, help, NULL, NULL);
	const char *fmt = c.format ? c.format : "tsv";
	if (rc == 0 && strcmp(fmt, "tsv") && strcmp(fmt, "json") && strcmp(fmt, "names"))
		rc = err_set(EXIT_USAGE, "--format %s: arches prints tsv, names or json", fmt);
	if (rc == 0 && c.args.n)
		rc = err_set(EXIT_USAGE, "arches takes no arguments (see --help)");
	if (rc != 0) {
		cli_free(&c);
		return rc < 0 ? -1 : 0;
	}
	struct json j;
	if (!strcmp(fmt, "json")) {
		json_init(&j, stdout, 1);
		json_arr_begin(&j);
	}
	for (unsigned i = 0; i < arch_count; i++) {
		const struct arch_desc *a = arch_all[i];
		const char *tbl = a->ktable == KTABLE_TBL ? a->tbl_file : "asm-generic/unistd.h";
		if (!strcmp(fmt, "names")) {
			printf("%s\n", a->name);
		} else if (!strcmp(fmt, "tsv")) {
			printf("%s\t", a->name);
			for (const char *const *al = a->aliases; al && *al; al++)
				printf("%s%s", al == a->aliases ? "" : ",", *al);
			printf("\t%s\t%u\t%s\t%s\t%s\n", a->multiarch, a->word_bits,
			       a->endian == ARCH_LE ? "le" : "be", tbl, a->trap ? "gen" : "-");
		} else {
			json_obj_begin(&j);
			json_kstr(&j, "name", a->name);
			json_key(&j, "aliases");
			json_arr_begin(&j);
			for (const char *const *al = a->aliases; al && *al; al++)
				json_str(&j, *al);
			json_arr_end(&j);
			json_kstr(&j, "multiarch", a->multiarch);
			json_kstr(&j, "gnu_triplet", a->gnu_triplet);
			json_kstr(&j, "debian_arch", a->debian_arch);
			json_kstr(&j, "qemu", a->qemu);
			json_kstr(&j, "clang_triple", a->clang_triple);
			json_kint(&j, "word_bits", a->word_bits);
			json_kstr(&j, "endian", a->endian == ARCH_LE ? "little" : "big");
			json_kstr(&j, "kernel_table", tbl);
			json_kbool(&j, "generator", a->trap != NULL);
			/* the ISA family whose descriptor reads its machine code
			 * (arch/isa_<family>.c), or null: not decoded */
			json_kstr(&j, "isa", a->code ? a->code->isa->name : NULL);
			json_obj_end(&j);
		}
	}
	if (!strcmp(fmt, "json"))
		json_arr_end(&j);
	cli_free(&c);
	return 0;
}
