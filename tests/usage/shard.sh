#!/bin/bash
# Shards: two scans of disjoint files of one root, run at once into DBs of
# their own, merged by `usage --merge`, hold the rows of one scan of both
# (the facts, not the ids); a second merge replaces rather than adds; a
# shard that is missing or not a syscov DB is a one-line error.
. "$(dirname "$0")/../lib.sh"
command -v gcc >/dev/null || { echo "SKIP: no C compiler"; exit 77; }
mkdir -p "$T/root/usr/bin"
cat >"$T/p.c" <<'C'
#define _GNU_SOURCE
#include <unistd.h>
#include <sys/syscall.h>
int main(void) { return (int)syscall(SYS_gettid) + (int)syscall(SYS_kcmp, 1, 2, 0, 0, 0); }
C
gcc -O2 -o "$T/root/usr/bin/a" "$T/p.c"
gcc -O2 -DX -o "$T/root/usr/bin/b" "$T/p.c"
cp "$(readlink -f /usr/bin/true)" "$T/root/usr/bin/c"
$SYSCOV -q --db "$T/one.db" usage "$T/root"
$SYSCOV -q --db "$T/s1.db" usage "$T/root" /usr/bin/a &
$SYSCOV -q --db "$T/s2.db" usage "$T/root" /usr/bin/b /usr/bin/c &
wait
rows() {
	sqlite3 "$1" "SELECT f.path, f.kind, f.size, c.kind, c.nr, c.func, c.via, c.addr FROM usage_file f
		LEFT JOIN usage_call c ON c.file_id = f.id ORDER BY 1, 8;
		SELECT f.path, i.name, i.version FROM usage_import i JOIN usage_file f ON f.id = i.file_id ORDER BY 1, 2, 3"
}
$SYSCOV -q --db "$T/all.db" usage --merge "$T/s1.db,$T/s2.db"
expect_eq "the merged shards hold one scan's rows" "$(rows "$T/one.db")" "$(rows "$T/all.db")"
expect_eq "gettid and kcmp in each program" 4 \
	"$(sqlite3 "$T/all.db" "SELECT count(*) FROM usage_call WHERE kind = 'const'")"
$SYSCOV -q --db "$T/all.db" usage --merge "$T/s2.db"
expect_eq "a shard merged again replaces its files' rows" "$(rows "$T/one.db")" "$(rows "$T/all.db")"
expect_rc 3 $SYSCOV -q --db "$T/all.db" usage --merge "$T/none.db"
expect_err "none.db: No such file"
echo x >"$T/text.db"
expect_rc 3 $SYSCOV -q --db "$T/all.db" usage --merge "$T/text.db"
expect_err "text.db: file is not a database"
sqlite3 "$T/other.db" "CREATE TABLE t (x)"
expect_rc 3 $SYSCOV -q --db "$T/all.db" usage --merge "$T/other.db"
expect_err "other.db: no usage rows"
expect_eq "a failed merge loses nothing" "$(rows "$T/one.db")" "$(rows "$T/all.db")"
done_ok
