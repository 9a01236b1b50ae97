#!/bin/bash
# run.sh [--part K/M] [NAME...]: the hostile-input corpus (--part: every
# M-th case from the K-th, so that ctest runs it in parts on every core,
# each well inside its timeout; ~10 min in all under ASan on a busy VM). Each row of cases.tsv names a
# fixture (fx_<fixture> below, building the case dir $C), a command and what
# it must give: the exit code and a one-line stderr matching a regex ("-":
# nothing on stderr). No case may crash (the ASan build runs this too), hang
# (FIFOs run under timeout) or read outside its sysroot. Cases needing a
# mount or another user are skipped, with the reason, when not permitted.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/libc_elf/sysroot.sh"
S=$SYSCOV
SKIP=0

# the base sysroot: host UAPI headers and a tiny glibc-like libc
B=$T/base
make_sysroot "$B"
echo 'int f(void) { return 1; } int gettid(void) { return 2; }' >"$T/f.c"
echo 'GLIBC_2.36 { global: f; gettid; local: *; };' >"$T/g.map"
gcc -shared -fPIC -o "$B/usr/lib/x86_64-linux-gnu/libc.so.6" -Wl,-soname,libc.so.6 \
	-Wl,--version-script="$T/g.map" "$T/f.c"
mkdir -p "$T/man/man2"
zcat /usr/share/man/man2/gettid.2.gz >"$T/man/man2/gettid.2"

mounts=()
cleanup() {
	for m in "${mounts[@]}"; do umount "$m" 2>/dev/null || true; done
	[ -n "${locker:-}" ] && kill "$locker" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
skip() { echo "skip: $name: $*"; SKIP=$((SKIP + 1)); return 2; }
# tmpfs MOUNTPOINT OPTIONS: a small tmpfs, or skip when mount is not permitted
tmpfs() {
	mkdir -p "$1"
	mount -t tmpfs -o "$2" syscov-hostile "$1" 2>/dev/null || { skip "mount -t tmpfs not permitted"; return 2; }
	mounts+=("$1")
}
put() { rm -f "$1"; cat >"$1"; } # replaces a file of the copied sysroot

fx_none() { :; }
fx_elf_truncated_ehdr() { head -c 40 "$L/libc.so.6" >"$C/x"; put "$L/libc.so.6" <"$C/x"; }
fx_elf_huge_shoff() {
	cp "$L/libc.so.6" "$C/x"
	printf '\xf0\xff\xff\xff\xff\xff\xff\x7f' | dd of="$C/x" bs=1 seek=40 conv=notrunc status=none
	put "$L/libc.so.6" <"$C/x"
}
fx_elf_magic_garbage() { { printf '\177ELF\002\001\001'; head -c 4000 /dev/urandom; } | put "$L/libc.so.6"; }
fx_elf_riscv() { put "$L/libc.so.6" </usr/riscv64-linux-gnu/lib/libdl.so.2; }
fx_elf_x32() { put "$L/libc.so.6" </usr/x86_64-linux-gnux32/lib/libdl.so.2; }
fx_ar_empty() { rm "$L/libc.so.6"; printf '!<arch>\n' >"$L/libc.a"; }
fx_ar_corrupt() {
	rm "$L/libc.so.6"
	{ printf '!<arch>\n%-16s%-12s%-6s%-6s%-8s%-10s`\n' f.o/ 0 0 0 644 999999; head -c 500 /dev/urandom; } >"$L/libc.a"
}
fx_libc_a_zero() { rm "$L/libc.so.6"; : >"$L/libc.a"; }
fx_libc_link_loop() { rm "$L/libc.so.6"; ln -s libc.so.7 "$L/libc.so.6"; ln -s libc.so.6 "$L/libc.so.7"; }
fx_libc_dir() { rm "$L/libc.so.6"; mkdir "$L/libc.so.6"; }
fx_libc_fifo() { rm "$L/libc.so.6"; mkfifo "$L/libc.so.6"; }
fx_libc_sparse_300m() { rm "$L/libc.so.6"; truncate -s 300M "$L/libc.so.6"; }
fx_ldscript_sparse_100m() { truncate -s 100M "$L/libc.so"; }
fx_ldscript_host_abs() { rm "$L/libc.so.6"; echo 'GROUP ( /lib/x86_64-linux-gnu/libc.so.6 )' >"$L/libc.so"; }
fx_ldscript_eq_escape() { echo 'INPUT ( =/../../../../../etc/passwd )' >"$L/libc.so"; }
fx_ldscript_link_etc() { echo 'GROUP ( libc.so.6 )' >"$L/libc.so"; rm "$L/libc.so.6"; ln -s ../../../../../../../../etc/passwd "$L/libc.so.6"; }
fx_ldscript_deep() {
	for i in $(seq 1 12); do echo "INPUT ( s$i.so )" >"$L/s$((i - 1)).so"; done
	mv "$L/s0.so" "$L/libc.so"
}
fx_ldscript_minus_l() { echo 'GROUP ( -lnothere )' >"$L/libc.so"; }
fx_ldscript_nul() { printf 'GROUP ( libc.so.6 \0 )' >"$L/libc.so"; }
fx_ldscript_close() { echo 'GROUP ) libc.so.6 (' >"$L/libc.so"; }
fx_sysroot_file() { echo x >"$C/file"; }
fx_sysroot_loop() { ln -s loop2 "$C/loop"; ln -s loop "$C/loop2"; }
fx_libdir_escape() { :; }
fx_include_link_etc() { ln -s /etc "$SR/evil"; }
fx_uapi_dir() { rm "$SR/usr/include/x86_64-linux-gnu/asm/unistd_64.h"; mkdir "$SR/usr/include/x86_64-linux-gnu/asm/unistd_64.h"; }
fx_uapi_garbage() { printf '#define __NR_read (\n#if\n' | put "$SR/usr/include/x86_64-linux-gnu/asm/unistd_64.h"; }
man_base() { mkdir -p "$C/man/man2"; cp "$T/man/man2/gettid.2" "$C/man/man2/"; }
fx_man_gz_truncated() { man_base; gzip -c "$C/man/man2/gettid.2" | head -c 300 >"$C/man/man2/trunc.2.gz"; }
fx_man_gz_corrupt() {
	man_base
	gzip -c "$C/man/man2/gettid.2" >"$C/x"
	printf 'XXXXXXXXXXXXXXXX' | dd of="$C/x" bs=1 seek=40 conv=notrunc status=none
	cp "$C/x" "$C/man/man2/corrupt.2.gz"
}
fx_man_xz_corrupt() { man_base; xz -c "$C/man/man2/gettid.2" | head -c 200 >"$C/man/man2/bad.2.xz"; }
fx_man_gz_bomb() { man_base; head -c 40M /dev/zero | gzip -c >"$C/man/man2/bomb.2.gz"; }
fx_man_sparse() { man_base; truncate -s 100M "$C/man/man2/huge.2"; }
fx_man_fifo() { man_base; mkfifo "$C/man/man2/fifo.2"; }
fx_man_so_passwd() { man_base; echo '.so /etc/passwd' >"$C/man/man2/evil.2"; echo '.so ../../../../../../etc/passwd' >"$C/man/man2/evil2.2"; }
fx_man_so_loop() { man_base; echo '.so man2/loopb.2' >"$C/man/man2/loopa.2"; echo '.so man2/loopa.2' >"$C/man/man2/loopb.2"; }
fx_man_inject() {
	man_base
	printf '.TH "EVIL */ #error EVIL" 2\n.SH NAME\nkcmp \\- x */ #error EVIL\n.SH SYNOPSIS\n.nf\n.B #include <sys/syscall.h>\n.BI "int syscall(SYS_kcmp, pid_t " "pid1); system(\\(dqEVIL\\(dq); int x(" ", int " t );\n.fi\n.SH DESCRIPTION\nx\n' >"$C/man/man2/kcmp.2"
}
fx_db_truncated() {
	"$S" scan "$SR" --no-man --db "$C/full.db" -q
	head -c 3000 "$C/full.db" >"$C/db"
}
fx_db_text() { echo 'hello' >"$C/db"; }
fx_db_newer() { sqlite3 "$C/db" 'PRAGMA user_version=999; CREATE TABLE scan(id);'; }
fx_db_dir() { mkdir "$C/db"; }
# tests run as root, for whom no file is unreadable: the command runs as
# nobody, who reaches the sysroot and the binary but not root's 0600/0644 files
as_nobody() {
	setpriv --reuid=nobody --regid=nogroup --clear-groups true 2>/dev/null || { skip "setpriv to nobody not permitted"; return 2; }
	chmod 755 "$C" "$T" "$T/case"
	setpriv --reuid=nobody --regid=nogroup --clear-groups test -x "$S" || { skip "nobody cannot run $S"; return 2; }
}
fx_db_readonly() {
	as_nobody || return 2
	mkdir "$C/ro"
	"$S" scan "$SR" --no-man --db "$C/ro/db" -q
}
fx_libc_unreadable() {
	as_nobody || return 2
	chmod 000 "$L/libc.so.6"
	mkdir "$C/w"
	chown nobody "$C/w"
}
fx_db_ro_mount() {
	tmpfs "$C/mnt" size=8m || return 2
	"$S" scan "$SR" --no-man --db "$C/mnt/db" -q
	mount -o remount,ro "$C/mnt"
}
fx_db_locked() {
	"$S" scan "$SR" --no-man --db "$C/db" -q
	printf x >>"$L/libc.so.6" # a changed input: the scan must write
	mkfifo "$C/hold"
	# the sqlite3 CLI holds an exclusive lock until the fifo is closed
	{ echo 'BEGIN EXCLUSIVE; SELECT 1;'; cat "$C/hold"; } | sqlite3 "$C/db" >"$C/locked" &
	locker=$!
	exec 7>"$C/hold"
	for _ in $(seq 50); do [ -s "$C/locked" ] && break; sleep 0.1; done
}
fx_db_full() { tmpfs "$C/mnt" size=64k || return 2; }
fx_out_full() {
	"$S" scan "$SR" --no-man --db "$C/db" -q
	tmpfs "$C/mnt" size=64k || return 2
	head -c 60k /dev/zero >"$C/mnt/filler" 2>/dev/null || true
}
fx_out_file() { echo x >"$C/outfile"; }
fx_kernel_file() { echo x >"$C/file"; }
fx_kernel_garbage() {
	mkdir -p "$C/tree/arch/x86/entry/syscalls" "$C/tree/include/uapi/asm-generic"
	printf "VERSION = 6\nPATCHLEVEL = 1\n" >"$C/tree/Makefile"
	printf '0 common read sys_read\nnot a row\n1 common\n2 common write sys_write x y z\n\0\001 64 ok sys_ok\n' >"$C/tree/arch/x86/entry/syscalls/syscall_64.tbl"
}

# round two (issue #27): recursion, planted symlinks, special paths, bounds
nest() { local d=$1; for _ in $(seq "$2"); do d=$d/d; done; mkdir -p "$d"; }
fx_deep_include() { nest "$SR/usr/include/x86_64-linux-gnu/deep" 300; }
fx_deep_include_60() { nest "$SR/usr/include/x86_64-linux-gnu/deep" 60; }
ktree() { # a minimal kernel tree at $C/tree
	K=$C/tree
	mkdir -p "$K/arch/x86/entry/syscalls" "$K/include/uapi/asm-generic" "$K/kernel"
	printf "VERSION = 6\nPATCHLEVEL = 1\n" >"$K/Makefile"
	printf '0 common read sys_read\n1 common write sys_write\n' >"$K/arch/x86/entry/syscalls/syscall_64.tbl"
}
fx_deep_kernel() { ktree; nest "$K/kernel/deep" 300; }
fx_deep_kernel_arch() { ktree; nest "$K/arch/x86/deep" 300; }
fx_tbl_fifo() { ktree; rm "$K/arch/x86/entry/syscalls/syscall_64.tbl"; mkfifo "$K/arch/x86/entry/syscalls/syscall_64.tbl"; }
fx_tbl_dir() { ktree; mkdir -p "$K/arch/x86/entry/syscalls/syscall_32.tbl"; }
# symlinks to a victim under every temporary name a run of the next
# thousands of pids would have used, and in place of the outputs themselves
# plant DIR PREFIX...: DIR/<PREFIX><pid> -> $C/victim for the 2001 pids
# from perl's own on, in one process (an ln each took minutes under load)
plant() {
	perl -e 'my ($v, $d, @pre) = @ARGV; for my $p ($$ .. $$ + 2000) {
		for (@pre) { symlink $v, "$d/$_$p" or die "$d/$_$p: $!\n" } }' "$C/victim" "$@"
}
fx_plant_report() {
	echo precious >"$C/victim"
	mkdir -p "$C/out/sr-x86_64"
	plant "$C/out/sr-x86_64" index.html.tmp. report.md.tmp.
	ln -s "$C/victim" "$C/out/sr-x86_64/report.json"
}
fx_plant_gen() {
	"$S" scan "$SR" --no-man --db "$C/db" -q
	echo precious >"$C/victim"
	plant "$C" F.tmp F.tmp.
	ln -s "$C/victim" "$C/F"
}
fx_label_link() { mkdir -p "$C/out" "$C/elsewhere"; ln -s "$C/elsewhere" "$C/out/sr-x86_64"; }
fx_out_link() { mkdir -p "$C/elsewhere"; ln -s "$C/elsewhere" "$C/out"; }
fx_label_file() { mkdir -p "$C/out"; echo x >"$C/out/sr-x86_64"; }
# temporaries of a dead run (both forms), and one of a live process
fx_stale_tmp() {
	mkdir -p "$C/out/sr-x86_64"
	sh -c 'exit 0' &
	local dead=$!
	wait $dead
	echo half >"$C/out/sr-x86_64/index.html.tmp.$dead"
	echo half >"$C/out/sr-x86_64/report.md.tmp.$dead.0123456789abcdef"
	echo live >"$C/out/sr-x86_64/report.md.tmp.1.0123456789abcdef"
	echo mine >"$C/out/sr-x86_64/notes.tmp.$dead"
}
fx_db_fifo() { mkfifo "$C/db"; }
H=usr/include/unistd.h # a header of data/headers.list the TU includes
fx_hdr_fifo_relative() { mkfifo "$SR/fifo"; echo '#include "../../fifo"' >"$SR/$H"; }
fx_hdr_fifo_macro() { mkfifo "$SR/usr/fifo"; printf '#define F "../fifo"\n#include F\n' >"$SR/$H"; }
fx_hdr_debug_overflow() { printf '#pragma clang __debug overflow_stack\nint read(int);\n' >"$SR/$H"; }
fx_hdr_debug_crash() { printf '#pragma clang __debug crash\nint read(int);\n' >"$SR/$H"; }
# 26 nested doubling macros: 2^26 tokens from a 1 KB header
fx_hdr_macro_bomb() {
	ldd "$S" | grep -q libasan && { skip "ASan reserves the address space RLIMIT_AS bounds"; return 2; }
	{ echo '#define A0 x'; for i in $(seq 26); do echo "#define A$i A$((i - 1)) A$((i - 1))"; done; echo 'int A26;'; } >"$SR/$H"
}
fx_hdr_5m() { head -c 5M /dev/zero | tr '\0' ' ' >"$SR/usr/include/big.h"; }
fx_uapi_150k() {
	{ echo '#ifndef _ASM_UNISTD_64_H'; echo '#define _ASM_UNISTD_64_H'
	  seq 0 149999 | sed 's/.*/#define __NR_s& &/'; echo '#endif'; } |
		put "$SR/usr/include/x86_64-linux-gnu/asm/unistd_64.h"
}
fx_tbl_5000_rows() { ktree; seq 0 4999 | sed 's/.*/& common s& sys_s&/' >"$K/arch/x86/entry/syscalls/syscall_64.tbl"; }
fx_tbl_nr_overflow() {
	ktree
	printf '99999999999999999999 x32 big compat_sys_big\n-5 common neg sys_neg\n1048577 common far sys_far\n' \
		>>"$K/arch/x86/entry/syscalls/syscall_64.tbl"
}
fx_db_label_10m() {
	"$S" scan "$SR" --no-man --db "$C/db" -q
	sqlite3 "$C/db" "UPDATE scan SET label = printf('%.*c', 10000000, 'x')"
}
fx_man2_loop() { mkdir -p "$SR/usr/share/man"; ln -s man2x "$SR/usr/share/man/man2"; ln -s man2 "$SR/usr/share/man/man2x"; }
fx_man_file() { mkdir -p "$SR/usr/share"; echo x >"$SR/usr/share/man"; }
fx_man2_file() { mkdir -p "$SR/usr/share/man"; echo x >"$SR/usr/share/man/man2"; }
fx_man2_fifo() { mkdir -p "$SR/usr/share/man"; mkfifo "$SR/usr/share/man/man2"; }
fx_man_9m() { mkdir -p "$C/man/man2"; head -c 9M /dev/urandom >"$C/man/man2/read.2.gz"; }
fx_multi() { mkdir -p "$C/bad"; cp -a "$B" "$C/sr2"; cp -a "$B" "$C/sr3"; printf '#pragma clang __debug crash\n' >"$C/sr3/$H"; }
# round two, the rest (issue #27)
fx_host_man() { [ -d /usr/share/man/man2 ] || { skip "the host has no /usr/share/man/man2"; return 2; }; }
fx_man2_empty() { mkdir -p "$SR/usr/share/man/man2"; }
# Debian 12's /usr/hppa64-linux-gnu (libc6-dev-hppa-cross): nothing but an
# include that links to ../hppa-linux-gnu/include
fx_cross_link_out() {
	mkdir -p "$C/usr/hppa-linux-gnu/include" "$C/usr/hppa-linux-gnu/lib" "$C/usr/hppa64-linux-gnu"
	ln -s ../hppa-linux-gnu/include "$C/usr/hppa64-linux-gnu/include"
}
fx_usr_include_self() { rm -rf "$SR/usr/include"; ln -s /usr/include "$SR/usr/include"; }
fx_usr_include_out() { mv "$SR/usr/include" "$C/inc"; ln -s ../../inc "$SR/usr/include"; }
# protos N PAGES: PAGES pages of N SYNOPSIS prototypes each in $C/man/man2
protos() {
	mkdir -p "$C/man/man2"
	awk -v n="$1" -v pages="$2" -v d="$C/man/man2" 'BEGIN { for (p = 1; p <= pages; p++) {
		f = d "/p" p ".2"
		printf ".TH P%d 2\n.SH NAME\np%d \\- x\n.SH SYNOPSIS\n.nf\n", p, p >f
		for (i = 1; i <= n; i++) printf ".BI \"int p%d_%d(int \" a );\n", p, i >f
		printf ".fi\n.SH DESCRIPTION\nx\n" >f; close(f) } }'
}
fx_man_protos_300() { man_base; protos 300 1; }
fx_man_protos_9000() { protos 250 36; }
# the worker DBs a SIGKILLed -j run leaves (of a dead pid), and one of a live one
fx_stale_job_dbs() {
	cp -a "$B" "$C/sr2"
	sh -c 'exit 0' &
	local dead=$!
	wait $dead
	touch "$C/db.job2.$dead" "$C/db.job3.$dead-journal" "$C/db.job2.1" "$C/db.job2.$dead.keep"
}
# special files planted in a <label> dir under the outputs' names
fx_label_fifo() { mkdir -p "$C/out/sr-x86_64"; mkfifo "$C/out/sr-x86_64/syscov_wrappers.h" "$C/out/sr-x86_64/index.html"; }
fx_label_dev_link() { mkdir -p "$C/out/sr-x86_64"; ln -s /dev/full "$C/out/sr-x86_64/syscov_wrappers.h"; }
fx_hdr_link_out() { echo 'int read(int);' >"$C/passwd"; ln -sf ../../../passwd "$SR/$H"; }
# two good sysroots and two whose header parse crashes (mid-scan, not at open)
fx_multi_mid() {
	for s in sr2 c1 c2; do cp -a "$B" "$C/$s"; done
	for s in c1 c2; do printf '#pragma clang __debug crash\n' >"$C/$s/$H"; done
}
fx_sysroot_not_utf8() { mv "$SR" "$C/sr$(printf '\377')"; ln -s "sr$(printf '\377')" "$SR"; }

part=1 parts=1
if [ "${1:-}" = --part ]; then
	part=${2%/*} parts=${2#*/}
	shift 2
fi
cd "$T"
n=0 row=0
while IFS=$'\t' read -r name fixture cmd want re; do
	case $name in '#'* | '') continue ;; esac
	row=$((row + 1))
	[ $(((row - 1) % parts + 1)) = "$part" ] || continue
	[ $# -eq 0 ] || [[ " $* " == *" $name "* ]] || continue
	C=$T/case/$name
	SR=$C/sr
	L=$SR/usr/lib/x86_64-linux-gnu
	mkdir -p "$C"
	cp -a "$B" "$SR"
	cd "$C"
	frc=0
	"fx_$fixture" || frc=$?
	if [ $frc = 2 ]; then cd "$T"; continue; fi
	[ $frc = 0 ] || fail "$name: fixture fx_$fixture failed ($frc)"
	rc=0
	t0=$(date +%s%N)
	S=$S SR=$SR C=$C L=$L bash -c "$cmd" >"$T/case.stdout" 2>"$T/case.stderr" </dev/null || rc=$?
	if [ -n "${locker:-}" ]; then exec 7>&-; wait "$locker" 2>/dev/null || true; locker=; fi
	for m in "${mounts[@]}"; do umount "$m" 2>/dev/null || true; done
	mounts=()
	[ "$rc" = "$want" ] || fail "$name: exit $rc, expected $want; stderr: $(head -c 600 "$T/case.stderr")"
	if [ "$re" = - ]; then
		[ ! -s "$T/case.stderr" ] || fail "$name: expected no stderr, got: $(head -c 600 "$T/case.stderr")"
	else
		[ "$(wc -l <"$T/case.stderr")" = 1 ] || fail "$name: expected one stderr line, got: $(head -c 600 "$T/case.stderr")"
		grep -Eq -- "$re" "$T/case.stderr" || fail "$name: '$(cat "$T/case.stderr")' does not match /$re/"
	fi
	echo "ok: $name ($((($(date +%s%N) - t0) / 1000000)) ms): $(cat "$T/case.stderr")"
	ok
	n=$((n + 1))
	cd "$T"
	rm -rf "$C"
done <"$SRCDIR/tests/hostile/cases.tsv"
echo "$n cases, $SKIP skipped"
done_ok
