/* This file contains a test helper: it creates an empty syscov DB at the
 * current schema (db_open with create), so report tests can insert fixture
 * rows without running a scan. Usage: report_mkdb DB */
#include <stdio.h>

#include "base/db.h"
#include "base/util.h"

int main(int argc, char **argv)
{
	struct db db;
	if (argc != 2) {
		fprintf(stderr, "usage: %s DB\n", argv[0]);
		return EXIT_USAGE;
	}
	if (db_open(&db, argv[1], 1) < 0) {
		fprintf(stderr, "%s\n", err_msg());
		return err_code();
	}
	db_close(&db);
	return 0;
}
