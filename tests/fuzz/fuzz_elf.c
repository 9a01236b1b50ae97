/* fuzz_elf.c: This file contains the fuzz target of the libc ELF scanner:
 * the input becomes the libc.so of a scratch sysroot (x86_64, one library
 * dir) and libc_scan_elf() reads it as it reads a real one: libelf on the
 * file's sysroot fd (archives and linker scripts read whole), symbol
 * versions, flavour detection, rows into an in-memory DB. Each input's scan
 * is rolled back, so every run starts from the same state. */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scan/scan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct sysroot sr;
static struct db db;
static char *libc_path;

/* The scratch sysroot and DB, made once per process; exit() removes the
 * dir (an atexit handler), so a crash leaves at most one /tmp dir behind. */
static char tmpl[] = "/tmp/syscov-fuzz-elf.XXXXXX";

static void cleanup(void)
{
	unlink(libc_path);
	char *d = xasprintf("%s/lib", tmpl);
	rmdir(d);
	free(d);
	rmdir(tmpl);
	free(libc_path);
	db_close(&db);
	strv_free(&sr.libdirs);
	free(sr.root);
}

static void setup(void)
{
	if (!mkdtemp(tmpl) || (libc_path = xasprintf("%s/lib", tmpl), mkdir(libc_path, 0700) < 0)) {
		perror("fuzz_elf: scratch sysroot");
		abort();
	}
	free(libc_path);
	libc_path = xasprintf("%s/lib/libc.so", tmpl);
	sr.root = xstrdup(tmpl);
	sr.layout = LAYOUT_ROOT;
	sr.arch = arch_find("x86_64");
	strv_push(&sr.libdirs, "/lib");
	if (!sr.arch || db_open(&db, ":memory:", 1) < 0) {
		fprintf(stderr, "fuzz_elf: %s\n", err_msg());
		abort();
	}
	atexit(cleanup);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!sr.root)
		setup();
	FILE *f = fopen(libc_path, "w");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();
	struct scan_key k = {.kind = "sysroot", .sysroot = sr.root, .arch = "x86_64",
			     .variant = "", .label = "fuzz", .layout = "root"};
	struct scan_ctx ctx = {.db = &db, .sr = &sr, .arch = sr.arch};
	if (db_scan_begin(&db, &k, &ctx.scan_id) < 0) {
		fprintf(stderr, "fuzz_elf: %s\n", err_msg());
		abort();
	}
	libc_scan_elf(&ctx);
	err_clear();
	db_scan_rollback(&db);
	return 0;
}
