/* schema.c: the DB schema as an ordered list of migrations, and the schema
 * they make, in one piece, for a fresh DB.
 *
 * db_migrations[i] takes a DB from user_version i to i+1. Never edit a
 * migration that has been released: append a new one, and change
 * db_schema_fresh to match (the test ktable_schema compares the two). The
 * macros hold the text the two share. docs/db.md documents
 * every table and column. Facts of a scan hang off scan(id) with ON DELETE
 * CASCADE, so replacing a scan is one DELETE. */
#include "base/db.h"

/* the pieces of migration 1 that the fresh schema (db_schema_fresh) shares:
 * its text is theirs concatenated, unchanged */
#define S_SCAN_COLS \
	"CREATE TABLE scan (" \
	"  id INTEGER PRIMARY KEY," \
	"  kind TEXT NOT NULL CHECK (kind IN ('sysroot','kernel-tree'))," \
	"  sysroot TEXT NOT NULL,"   /* canonical host path of the sysroot/tree */ \
	"  arch TEXT NOT NULL,"      /* primary ABI; 'all' for a kernel tree */ \
	"  variant TEXT NOT NULL DEFAULT ''," /* split layouts: the dirs given */ \
	"  label TEXT NOT NULL," \
	"  layout TEXT,"             /* root, cross-prefix, split, kernel-tree */ \
	"  created TEXT NOT NULL," \
	"  tool_version TEXT NOT NULL," \
	"  kernel_version TEXT,"     /* UAPI headers' or tree's LINUX_VERSION */ \
	"  libc_flavour TEXT, libc_version TEXT, libc_how TEXT," \
	"  man_source TEXT,"         /* sysroot, man-dir, host, none */ \
	"  man_dir TEXT, man_version TEXT,"
/* after the columns that migration 3 added */
#define S_SCAN_KEY \
	"  UNIQUE (kind, sysroot, arch, variant));"
/* then ");", or migration 3's column */
#define S_INPUT_COLS \
	/* every file a scan read, with its version when it has one */ \
	"CREATE TABLE input (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  kind TEXT NOT NULL, path TEXT NOT NULL, size INTEGER, mtime INTEGER," \
	"  hash TEXT, version TEXT"
/* the input index, diag */
#define S_AFTER_INPUT \
	"CREATE INDEX input_scan ON input(scan_id);" \
	"CREATE TABLE diag (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  source TEXT NOT NULL,"    /* ktable, elf, headers, man */ \
	"  path TEXT, line INTEGER, severity TEXT NOT NULL, message TEXT NOT NULL);" \
	"CREATE INDEX diag_scan ON diag(scan_id);"
/* the table that migration 8 replaced by the ktable */
#define S_KSYSCALL_1 \
	/* kernel syscall table: one row per ABI x syscall */ \
	"CREATE TABLE ksyscall (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  arch TEXT NOT NULL,"      /* ABI name (arch/ descriptor) or port/tag */ \
	"  abi TEXT NOT NULL,"       /* .tbl ABI tag, 'generic', or 'uapi' */ \
	"  nr INTEGER NOT NULL,"     /* number as the program passes it */ \
	"  name TEXT NOT NULL," \
	"  entry TEXT, compat_entry TEXT," \
	"  implemented INTEGER NOT NULL DEFAULT 1," \
	"  private INTEGER NOT NULL DEFAULT 0," /* ARM's __ARM_NR_* */ \
	"  source TEXT);"            /* file the row came from */ \
	"CREATE INDEX ksyscall_scan ON ksyscall(scan_id, arch, name);"
/* libc, headers, man pages up to man_name's columns (then migration 6's) */
#define S_LIBC_MAN \
	/* libc: libraries read and their exported functions */ \
	"CREATE TABLE libc_lib (" \
	"  id INTEGER PRIMARY KEY," \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  path TEXT NOT NULL, soname TEXT, kind TEXT NOT NULL);" /* shared, static */ \
	"CREATE TABLE libc_symbol (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  lib_id INTEGER NOT NULL REFERENCES libc_lib(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL, version TEXT," \
	"  is_default INTEGER NOT NULL,"  /* linkable by new programs */ \
	"  type TEXT NOT NULL, bind TEXT NOT NULL);" \
	"CREATE INDEX libc_symbol_scan ON libc_symbol(scan_id, name);" \
	"CREATE INDEX libc_symbol_lib ON libc_symbol(lib_id);" \
	/* libc: function declarations of the public headers */ \
	"CREATE TABLE decl (" \
	"  id INTEGER PRIMARY KEY," \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL, header TEXT NOT NULL, line INTEGER," \
	"  ret TEXT NOT NULL, proto TEXT NOT NULL," \
	"  nparams INTEGER NOT NULL, variadic INTEGER NOT NULL"
/* the rest of the libc's tables, the man pages' */
#define S_AFTER_DECL \
	"CREATE INDEX decl_scan ON decl(scan_id, name);" \
	"CREATE TABLE decl_param (" \
	"  decl_id INTEGER NOT NULL REFERENCES decl(id) ON DELETE CASCADE," \
	"  idx INTEGER NOT NULL, type TEXT NOT NULL, name TEXT);" \
	"CREATE INDEX decl_param_decl ON decl_param(decl_id);" \
	/* man pages, section 2 */ \
	"CREATE TABLE man_page (" \
	"  id INTEGER PRIMARY KEY," \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  file TEXT NOT NULL, section TEXT, title TEXT, th_version TEXT," \
	"  library TEXT, alias_of TEXT," \
	"  nowrap INTEGER NOT NULL DEFAULT 0, nowrap_text TEXT," \
	"  kernel_since TEXT, glibc_since TEXT, removed TEXT);" \
	"CREATE INDEX man_page_scan ON man_page(scan_id);" \
	"CREATE TABLE man_name (" \
	"  page_id INTEGER NOT NULL REFERENCES man_page(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL"
/* the rest of the man pages, verdicts */
#define S_MAN_REST \
	"CREATE INDEX man_name_page ON man_name(page_id);" \
	"CREATE INDEX man_name_name ON man_name(name);" \
	"CREATE TABLE man_include (" \
	"  page_id INTEGER NOT NULL REFERENCES man_page(id) ON DELETE CASCADE," \
	"  idx INTEGER NOT NULL, header TEXT NOT NULL);" \
	"CREATE INDEX man_include_page ON man_include(page_id);" \
	"CREATE TABLE man_ftm (" \
	"  page_id INTEGER NOT NULL REFERENCES man_page(id) ON DELETE CASCADE," \
	"  text TEXT NOT NULL);" \
	"CREATE INDEX man_ftm_page ON man_ftm(page_id);" \
	"CREATE TABLE man_proto (" \
	"  id INTEGER PRIMARY KEY," \
	"  page_id INTEGER NOT NULL REFERENCES man_page(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL, text TEXT NOT NULL," \
	"  ret TEXT, ret_spelled TEXT," /* canonical, and as the page spells it */ \
	"  nparams INTEGER, variadic INTEGER," \
	"  via_syscall INTEGER NOT NULL DEFAULT 0," /* long syscall(SYS_x, ...) */ \
	"  sys_name TEXT," \
	"  parsed INTEGER NOT NULL DEFAULT 0, diag TEXT);" \
	"CREATE INDEX man_proto_page ON man_proto(page_id);" \
	"CREATE INDEX man_proto_name ON man_proto(name);" \
	"CREATE TABLE man_param (" \
	"  proto_id INTEGER NOT NULL REFERENCES man_proto(id) ON DELETE CASCADE," \
	"  idx INTEGER NOT NULL, type TEXT NOT NULL," /* canonical type */ \
	"  spelled TEXT, name TEXT);" \
	"CREATE INDEX man_param_proto ON man_param(proto_id);" \
	"CREATE TABLE man_syscalls ("  /* the table of syscalls(2) */ \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL, kernel TEXT, notes TEXT);" \
	"CREATE INDEX man_syscalls_scan ON man_syscalls(scan_id);" \
	"CREATE TABLE man_unimplemented ("  /* the lists of unimplemented(2) */ \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL);" \
	"CREATE INDEX man_unimplemented_scan ON man_unimplemented(scan_id);" \
	/* verdicts, derived by classify */ \
	"CREATE TABLE verdict (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL, nr INTEGER," \
	"  class TEXT NOT NULL CHECK (class IN ('wrapped','obsolete','internal','missing'))," \
	"  wrapper TEXT, since TEXT," \
	"  flags TEXT NOT NULL DEFAULT '',"   /* comma-separated */ \
	"  evidence TEXT NOT NULL DEFAULT '[]'," /* JSON array */ \
	"  PRIMARY KEY (scan_id, name));"

/* The kernel syscall tables (migration 8): one row per scan x arch x abi x
 * source holding that group's syscalls as one JSON array of [nr, name,
 * entry, compat_entry, implemented, private], or since migration 10 of
 * [nr, name] for entry sys_NAME, compat_entry null, 1, 0; a kernel tree
 * has ~50 such groups instead of ~10,400 rows. The ksyscall view gives the
 * rows of migration 1's table, same columns, so that its readers keep
 * working. json_extract, not ->>: a client older than SQLite 3.38 can
 * still read the file; CAST gives the integer columns their affinity. */
#define S_KTABLE \
	"CREATE TABLE ktable (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  arch TEXT NOT NULL, abi TEXT NOT NULL, source TEXT," \
	"  syscalls TEXT NOT NULL);" \
	"CREATE INDEX ktable_scan ON ktable(scan_id, arch);"
#define S_KSYSCALL_VIEW \
	"CREATE VIEW ksyscall AS SELECT k.scan_id AS scan_id, k.arch AS arch, k.abi AS abi," \
	"  CAST(json_extract(r.value, '$[0]') AS INTEGER) AS nr," \
	"  json_extract(r.value, '$[1]') AS name," \
	"  json_extract(r.value, '$[2]') AS entry," \
	"  json_extract(r.value, '$[3]') AS compat_entry," \
	"  CAST(json_extract(r.value, '$[4]') AS INTEGER) AS implemented," \
	"  CAST(json_extract(r.value, '$[5]') AS INTEGER) AS private," \
	"  k.source AS source" \
	"  FROM ktable k, json_each(k.syscalls) r;"
/* migration 10: the view of [nr, name] rows too */
#define S_KSYSCALL_VIEW_10 \
	"CREATE VIEW ksyscall AS SELECT k.scan_id AS scan_id, k.arch AS arch, k.abi AS abi," \
	"  CAST(json_extract(r.value, '$[0]') AS INTEGER) AS nr," \
	"  json_extract(r.value, '$[1]') AS name," \
	"  CASE json_array_length(r.value) WHEN 2 THEN 'sys_' || json_extract(r.value, '$[1]')" \
	"    ELSE json_extract(r.value, '$[2]') END AS entry," \
	"  json_extract(r.value, '$[3]') AS compat_entry," \
	"  CAST(ifnull(json_extract(r.value, '$[4]'), 1) AS INTEGER) AS implemented," \
	"  CAST(ifnull(json_extract(r.value, '$[5]'), 0) AS INTEGER) AS private," \
	"  k.source AS source" \
	"  FROM ktable k, json_each(k.syscalls) r;"

/* migration 2: where `syscov gen` took each wrapper's types from */
#define S_WRAPPER(sources) \
	"CREATE TABLE wrapper (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL," \
	"  source TEXT NOT NULL CHECK (source IN (" sources "))," \
	"  detail TEXT,"              /* why the man page was not used */ \
	"  PRIMARY KEY (scan_id, name));"
#define MIGRATION_2 S_WRAPPER("'man','kernel','override','untyped'")
/* migration 20 adds the source 'library': another library's header */
#define S_WRAPPER_20 S_WRAPPER("'man','library','kernel','override','untyped'")
/* migration 4: classify looks up every syscall by name in these two (the scan_id
 * indexes made each lookup walk the scan's ~480 rows) */
#define MIGRATION_4 \
	"CREATE INDEX man_syscalls_name ON man_syscalls(scan_id, name);" \
	"CREATE INDEX man_unimplemented_name ON man_unimplemented(scan_id, name);"
/* migration 5: gen looks up a wrapper's prototypes by name or by SYS_name; without
 * this the OR walked every prototype of the scan per wrapper */
#define MIGRATION_5 \
	"CREATE INDEX man_proto_sys ON man_proto(sys_name);"
/* migration 7: audit's output files, kept when nothing they are made of changed
 * (out_cache.c): per output dir the key and the summary printed, and
 * each file written with its size and mtime */
#define MIGRATION_7 \
	"CREATE TABLE audit_out (dir TEXT PRIMARY KEY, key TEXT NOT NULL, summary TEXT NOT NULL);" \
	"CREATE TABLE audit_out_file (dir TEXT NOT NULL REFERENCES audit_out(dir) ON DELETE CASCADE," \
	"  path TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL);" \
	"CREATE INDEX audit_out_file_dir ON audit_out_file(dir);"

/* migration 9: audit's outputs are made of scans; a scan deleted (replaced
 * by a rescan, which may take its id) leaves none of them current. Here,
 * not in the two places that replace scans, so that no path forgets it */
#define MIGRATION_9 \
	"CREATE TRIGGER audit_out_scan_gone AFTER DELETE ON scan BEGIN" \
	"  DELETE FROM audit_out; END;"

/* migration 12: the entry points a kernel tree only stubs: a
 * COND_SYSCALL() site and no definition in its sources (ktable_src.c);
 * their table rows are not implemented */
#define MIGRATION_12 \
	"CREATE TABLE kcond (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  entry TEXT NOT NULL,"      /* sys_X, compat_sys_X */ \
	"  file TEXT NOT NULL, line INTEGER NOT NULL);" /* the COND_SYSCALL() */ \
	"CREATE INDEX kcond_scan ON kcond(scan_id, entry);"

/* migration 13: the kernel's prototypes of its syscall entry points, from a
 * kernel tree's syscalls.h and ports' sources (kproto.c), as the kernel
 * spells them: what gen types a wrapper from when the man pages cannot */
#define MIGRATION_13 \
	"CREATE TABLE kproto (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  port TEXT NOT NULL,"      /* '' for include/, else arch/<port>'s */ \
	"  name TEXT NOT NULL,"      /* the entry point without sys_: futex */ \
	"  ret TEXT NOT NULL, params TEXT NOT NULL, nparams INTEGER NOT NULL," \
	"  source TEXT NOT NULL, line INTEGER NOT NULL);" \
	"CREATE INDEX kproto_name ON kproto(scan_id, name);"

/* migration 14: which syscalls each libc function issues, read from its
 * machine code (libc_code.c), and the functions that issue none and only
 * return an error constant; scan.code_how says how the code was read, or
 * why not */
#define MIGRATION_14 \
	"CREATE TABLE code_syscall (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  lib_id INTEGER NOT NULL REFERENCES libc_lib(id) ON DELETE CASCADE," \
	"  func TEXT NOT NULL," \
	"  nr INTEGER,"              /* the number, when a constant */ \
	"  arg INTEGER,"             /* else the C argument (1-based) it is; neither: indirect */ \
	"  depth INTEGER NOT NULL,"  /* calls below func */ \
	"  via TEXT,"                /* the function func calls on the way, if any */ \
	"  addr INTEGER NOT NULL);"  /* the trap, or the call on the way */ \
	"CREATE INDEX code_syscall_scan ON code_syscall(scan_id, nr);" \
	"CREATE INDEX code_syscall_func ON code_syscall(scan_id, func);" \
	"CREATE TABLE code_stub (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  lib_id INTEGER NOT NULL REFERENCES libc_lib(id) ON DELETE CASCADE," \
	"  func TEXT NOT NULL, addr INTEGER NOT NULL, err INTEGER NOT NULL);" \
	"CREATE INDEX code_stub_scan ON code_stub(scan_id, func);"

/* migration 15: the since-versions `syscov timeline` derives from every
 * scan (timeline.c), one row per ABI x syscall x side (kernel, or a libc
 * flavour) x source; replaced whole by each run; then S_SINCE_KEY, or
 * migration 16's column and the key */
#define MIGRATION_15 \
	"CREATE TABLE since (" \
	"  arch TEXT NOT NULL, name TEXT NOT NULL," \
	"  side TEXT NOT NULL,"      /* kernel, glibc, musl */ \
	"  source TEXT NOT NULL,"    /* syscalls(2), man page, table, symbol, release */ \
	"  version TEXT NOT NULL," \
	"  exact INTEGER NOT NULL,"  /* 0: at most this version */ \
	"  chosen INTEGER NOT NULL," /* the version the timeline uses */ \
	"  detail TEXT,"             /* what the source says, and where */ \
	"  note TEXT"                /* the sources' disagreement, on the chosen row */
#define S_SINCE_KEY ", PRIMARY KEY (arch, name, side, source));"

/* migration 17: the demand scan (src/usage/): the ELF programs and
 * libraries of a sysroot or of Debian packages, keyed by root (the
 * sysroot's canonical path, or "deb") and sysroot-relative path, with the
 * identity a rescan compares; the libc functions each imports; the
 * syscalls each makes by hand (kind const with nr, arg: a helper passing
 * its argument nr on, indirect), with the function, the call's target (a
 * PLT stub, a function of the file) or none (a trap), and the address */
#define S_USAGE_FILE_COLS \
	"CREATE TABLE usage_file (" \
	"  id INTEGER PRIMARY KEY," \
	"  root TEXT NOT NULL, path TEXT NOT NULL," \
	"  package TEXT, arch TEXT, kind TEXT," \
	"  size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, dev INTEGER, ino INTEGER," \
	"  needed TEXT,"             /* its DT_NEEDED sonames, space-separated */ \
	"  how TEXT,"
#define MIGRATION_17 S_USAGE_FILE_COLS S_USAGE_REST
#define S_USAGE_REST \
	" UNIQUE(root, path));" \
	"CREATE TABLE usage_import (" \
	"  file_id INTEGER NOT NULL REFERENCES usage_file(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL, version TEXT, lib TEXT);" \
	"CREATE INDEX usage_import_file ON usage_import(file_id);" \
	"CREATE INDEX usage_import_name ON usage_import(name);" \
	"CREATE TABLE usage_call (" \
	"  file_id INTEGER NOT NULL REFERENCES usage_file(id) ON DELETE CASCADE," \
	"  kind TEXT NOT NULL, nr INTEGER, func TEXT NOT NULL, via TEXT," \
	"  addr INTEGER NOT NULL);" \
	"CREATE INDEX usage_call_file ON usage_call(file_id);"

/* migration 18: function declarations of headers in the sysroot that are
 * not the libc's (libc_owner.c): another library's (keyutils.h, numaif.h,
 * liburing.h). They never make a syscall wrapped; gen's plain names give
 * way to them. One row per name and header. */
#define S_NEIGHBOUR_COLS \
	"CREATE TABLE neighbour_decl (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL, header TEXT NOT NULL,"
#define S_NEIGHBOUR_KEY \
	"  UNIQUE(scan_id, name, header));"
#define MIGRATION_18 S_NEIGHBOUR_COLS S_NEIGHBOUR_KEY
/* migration 20: the neighbour's prototype, a second source of a syscall's
 * signature (types/typing.c): its line, return type (canonical and as
 * spelled), variadic flag and parameters as a JSON array of [canonical
 * type, spelled type, name] */
#define S_NEIGHBOUR_PROTO \
	"  line INTEGER, ret TEXT, ret_spelled TEXT, variadic INTEGER, params TEXT,"

/* migration 21: what the headers of a sysroot define (libc/libc_structs.c):
 * kw struct, union, typedef with the name, and of a UAPI header also
 * include and uses (a member alias of the libc's); `header` as included
 * ("linux/sched/types.h"), uapi 1 for the kernel's linux/, asm/,
 * asm-generic/ headers, 0 for the libc's. gen completes a wrapper's struct
 * from its UAPI header by these (docs/db.md). */
#define MIGRATION_21 \
	"CREATE TABLE tagdef (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  kw TEXT NOT NULL, tag TEXT NOT NULL, header TEXT NOT NULL, uapi INTEGER NOT NULL," \
	"  UNIQUE(scan_id, kw, tag, header));"

/* migration 19: the kernel since-version of each verdict of a scan
 * (verdict/ksince.c), written by classify with the verdicts: when Linux
 * added the syscall on the scan's ABI, exact or a bound (at most `version`,
 * or after `after_version` by `version`), its source and the sources'
 * disagreements */
#define MIGRATION_19 \
	"CREATE TABLE ksince (" \
	"  scan_id INTEGER NOT NULL REFERENCES scan(id) ON DELETE CASCADE," \
	"  name TEXT NOT NULL, version TEXT NOT NULL, after_version TEXT," \
	"  exact INTEGER NOT NULL, source TEXT NOT NULL, detail TEXT, note TEXT," \
	"  PRIMARY KEY (scan_id, name));"

const char *const db_migrations[] = {
	/* 1: the first schema */
	S_SCAN_COLS S_SCAN_KEY S_INPUT_COLS ");" S_AFTER_INPUT S_KSYSCALL_1 S_LIBC_MAN ");"
	S_AFTER_DECL ");" S_MAN_REST,
	/* 2: see MIGRATION_2 */
	MIGRATION_2,
	/* 3: scan reuse (scan_cache.c): an input's mtime in ns, and the
	 * fingerprint of the configuration the scan ran with */
	"ALTER TABLE input ADD COLUMN mtime_ns INTEGER;"
	"ALTER TABLE scan ADD COLUMN fingerprint TEXT;"
	/* what audit classified the scan against: fingerprint + kernel-tree scans */
	"ALTER TABLE scan ADD COLUMN classified TEXT;",
	/* 4: see MIGRATION_4 */
	MIGRATION_4,
	/* 5: see MIGRATION_5 */
	MIGRATION_5,
	/* 6: the page's RETURN VALUE or ERRORS says the call always succeeds:
	 * gen's libc-style wrapper then needs no error check, like glibc's */
	"ALTER TABLE man_name ADD COLUMN always_ok INTEGER NOT NULL DEFAULT 0;",
	/* 7: see MIGRATION_7 */
	MIGRATION_7,
	/* 8: the ksyscall rows packed per group into the ktable (S_KTABLE),
	 * ksyscall a view of them; the rows of a group keep their order */
	S_KTABLE
	"INSERT INTO ktable (scan_id, arch, abi, source, syscalls)"
	"  SELECT scan_id, arch, abi, source, json_group_array(json_array(nr, name, entry,"
	"    compat_entry, implemented, private))"
	"  FROM (SELECT * FROM ksyscall ORDER BY scan_id, arch, abi, source, rowid)"
	"  GROUP BY scan_id, arch, abi, source ORDER BY scan_id, arch, abi, source;"
	"DROP TABLE ksyscall;"
	S_KSYSCALL_VIEW,
	/* 9: see MIGRATION_9 */
	MIGRATION_9,
	/* 10: see S_KSYSCALL_VIEW_10 (the rows stored before keep their form) */
	"DROP VIEW ksyscall;" S_KSYSCALL_VIEW_10,
	/* 11: the public header through which a declaration in an internal
	 * one (bits/dirent_ext.h) is seen: <dirent.h> */
	"ALTER TABLE decl ADD COLUMN via TEXT;",
	/* 12: see MIGRATION_12 */
	MIGRATION_12,
	/* 13: see MIGRATION_13 */
	MIGRATION_13,
	/* 14: see MIGRATION_14 */
	MIGRATION_14 "ALTER TABLE scan ADD COLUMN code_how TEXT;",
	/* 15: see MIGRATION_15 */
	MIGRATION_15 S_SINCE_KEY,
	/* 16: a since-version known only as a range: after `after_version`, by
	 * `version` */
	"ALTER TABLE since ADD COLUMN after_version TEXT;",
	/* 17: see MIGRATION_17 */
	MIGRATION_17,
	/* 18: see MIGRATION_18 */
	MIGRATION_18,
	/* 19: see MIGRATION_19 */
	MIGRATION_19,
	/* 20: see S_NEIGHBOUR_PROTO and S_WRAPPER_20 */
	"ALTER TABLE neighbour_decl ADD COLUMN line INTEGER;"
	"ALTER TABLE neighbour_decl ADD COLUMN ret TEXT;"
	"ALTER TABLE neighbour_decl ADD COLUMN ret_spelled TEXT;"
	"ALTER TABLE neighbour_decl ADD COLUMN variadic INTEGER;"
	"ALTER TABLE neighbour_decl ADD COLUMN params TEXT;"
	"CREATE TABLE wrapper_19 AS SELECT * FROM wrapper; DROP TABLE wrapper;" S_WRAPPER_20
	"INSERT INTO wrapper SELECT * FROM wrapper_19; DROP TABLE wrapper_19;",
	/* 21: see MIGRATION_21 */
	MIGRATION_21,
	/* 22: the syscov binary that read each file (self_exe_id()): a file
	 * read by another is read again, as its facts may differ */
	"ALTER TABLE usage_file ADD COLUMN engine INTEGER;",
};

/* What the migrations make of an empty DB, in one go (a fresh DB replaying
 * every migration, ALTER TABLEs re-parsing the schema, took 13% of a
 * kernel-tree scan). The test ktable_schema checks that the two are the
 * same. */
const char *const db_schema_fresh =
	S_SCAN_COLS "  fingerprint TEXT, classified TEXT, code_how TEXT," S_SCAN_KEY
	S_INPUT_COLS ", mtime_ns INTEGER);" S_AFTER_INPUT
	S_LIBC_MAN ", via TEXT);" S_AFTER_DECL ", always_ok INTEGER NOT NULL DEFAULT 0);" S_MAN_REST
	S_WRAPPER_20 MIGRATION_4 MIGRATION_5 MIGRATION_7
	S_KTABLE MIGRATION_9 S_KSYSCALL_VIEW_10 MIGRATION_12 MIGRATION_13 MIGRATION_14
	MIGRATION_15 ", after_version TEXT" S_SINCE_KEY S_USAGE_FILE_COLS " engine INTEGER," S_USAGE_REST
	S_NEIGHBOUR_COLS S_NEIGHBOUR_PROTO S_NEIGHBOUR_KEY MIGRATION_19 MIGRATION_21;

const int db_schema_version = sizeof(db_migrations) / sizeof(db_migrations[0]);
