/* replay.c: This file contains the driver that runs a fuzz target without
 * libFuzzer: every file named on the command line (directories: every file
 * in them) goes once through LLVMFuzzerTestOneInput(). Linked with each
 * target for the default test suite, so that the regression inputs of
 * tests/fuzz/regress/ and the seed corpora replay under the -Werror and
 * ASan/UBSan builds. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
	int fd = open(path, O_RDONLY);
	struct buf b = {0};
	if (fd < 0 || read_fd_all(fd, path, (size_t)64 << 20, &b) < 0) {
		fprintf(stderr, "replay: %s: cannot read\n", path);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	/* a copy of exactly the input's size, so ASan sees reads past its end */
	uint8_t *data = xmalloc(b.len ? b.len : 1);
	memcpy(data, b.p, b.len);
	LLVMFuzzerTestOneInput(data, b.len);
	free(data);
	buf_free(&b);
	return 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	int n = 0, bad = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) < 0) {
			fprintf(stderr, "replay: %s: missing\n", argv[i]);
			return 2;
		}
		if (!S_ISDIR(st.st_mode)) {
			bad |= replay_file(argv[i]) < 0, n++;
			continue;
		}
		DIR *d = opendir(argv[i]);
		struct strv names = {0};
		for (struct dirent *e; d && (e = readdir(d));)
			if (e->d_name[0] != '.')
				strv_push(&names, e->d_name);
		if (d)
			closedir(d);
		qsort(names.v, names.n, sizeof(*names.v), cmp_name);
		for (size_t j = 0; j < names.n; j++) {
			char *p = xasprintf("%s/%s", argv[i], names.v[j]);
			bad |= replay_file(p) < 0, n++;
			free(p);
		}
		strv_free(&names);
	}
	printf("replayed %d inputs\n", n);
	return bad ? 1 : 0;
}
