#!/bin/bash
# confine.sh: nothing outside the sysroot is read. `syscov audit` of a
# hostile sysroot (links to /etc and to a file beside the sysroot, ".."
# chains, absolute links, a linker script naming host paths, a header doing
# #include "../../../../etc/passwd", man pages doing .so /etc/passwd) runs
# under strace; every file call that succeeded is resolved to its real path
# and must lie inside the sysroot or in the tool's documented needs
# (confine.h: clang's resource dir, the data dir, the DB and output dirs,
# /proc, /dev, shared libraries and the loader cache, locale files). Then an
# audit of a cross sysroot under Landlock still works.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/libc_elf/sysroot.sh"
command -v strace >/dev/null || { echo "skip: strace not installed"; exit 0; }
T=$(cd "$T" && pwd -P)
SR=$T/sr
L=$SR/usr/lib/x86_64-linux-gnu
make_sysroot "$SR"
echo 'SECRET-BESIDE' >"$T/secret"
trap 'cp "$T"/audit.log /tmp/confine-audit.log 2>/dev/null; rm -rf "$T"' EXIT
echo 'int f(void) { return 1; } int gettid(void) { return 2; }' >"$T/f.c"
echo 'GLIBC_2.36 { global: f; gettid; local: *; };' >"$T/g.map"
gcc -shared -fPIC -o "$L/libc.so.6" -Wl,-soname,libc.so.6 -Wl,--version-script="$T/g.map" "$T/f.c"
I=$SR/usr/include
# a header the man page names: includes climbing out, by quotes and by links
printf '#include "../../../../../../../etc/passwd"\n#include "../../../secret"\n#include <up/etc/hostname>\n#include <sec.h>\nint gettid(void);\n' >"$I/evil.h"
ln -s ../../../../../../.. "$I/up"
ln -s ../../../secret "$I/sec.h"
ln -s /etc "$I/etc"
ln -s /etc/passwd "$I/passwd.h"
M=$SR/usr/share/man/man2
mkdir -p "$M"
printf '.TH GETTID 2\n.SH NAME\ngettid \\- x\n.SH SYNOPSIS\n.nf\n.B #include <evil.h>\n.B #include <passwd.h>\n.B #include <etc/passwd>\n.B #include <../../../../secret>\n.B pid_t gettid(void);\n.fi\n.SH DESCRIPTION\nx\n' >"$M/gettid.2"
echo '.so /etc/passwd' >"$M/evil1.2"
echo '.so ../../../../../../../../etc/passwd' >"$M/evil2.2"
echo '.so man2/../../../../../../secret' >"$M/evil3.2"
ln -s /etc/passwd "$M/evil4.2"
ln -s ../../../../../secret "$M/evil5.2"
gzip -c "$T/secret" >"$T/secret.gz"
ln -s ../../../../../secret.gz "$M/evil6.2.gz"

mkdir "$T/dbdir"
cd "$T"
# trace NAME EXPECTED-EXIT ARGS...: one traced audit
trace() {
	local name=$1 want=$2 rc=0
	shift 2
	# LeakSanitizer cannot run under ptrace: the ASan build checks leaks elsewhere
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
		strace -f -qq -y -e trace=%file -o "$T/$name.log" "$SYSCOV" audit "$SR" --db "$T/dbdir/db" -q -o "$T/rep" "$@" \
		>/dev/null 2>"$T/$name.err" || rc=$?
	[ "$rc" = "$want" ] || fail "$name: exit $rc, expected $want: $(cat "$T/$name.err")"
	ok
}
trace audit 0
# the scan took the page and the good header, nothing of the files outside
[ "$(sqlite3 "$T/dbdir/db" "SELECT count(*) FROM man_name WHERE name = 'gettid'")" -ge 1 ] || fail "gettid page not scanned"
ok
if sqlite3 "$T/dbdir/db" .dump | grep -Eq 'SECRET-BESIDE|root:x:0'; then fail "outside content in the DB"; fi
ok
# a linker script naming host paths: one error, and still nothing read outside
k=0
for script in 'GROUP ( /etc/passwd )' 'GROUP ( ../../../../../../etc/passwd )' 'INPUT ( ../../../../secret )' \
	'GROUP ( =/../../secret )'; do
	echo "$script" >"$L/libc.so"
	trace script$((++k)) 3
	grep -q 'escapes the sysroot\|No such file' "$T/script$k.err" || fail "script $k: $(cat "$T/script$k.err")"
done
rm "$L/libc.so"

# Every successful file call, resolved (a call that does not follow the
# last link: its dir only), outside the allowed places, is a leak.
python3 - "$T" "$SR" "$SRCDIR" "$T"/*.log <<'PY' || fail "paths outside the sysroot were read (above)"
import os, re, sys
T, SR, SRCDIR, logs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
allow = [SR, T + "/dbdir", T + "/rep", "/usr/lib/llvm-", "/usr/lib/clang", "/usr/local/share/syscov",
         "/usr/share/syscov", SRCDIR + "/data", "/usr/share/man", "/proc", "/dev", "/sys/devices/system/cpu",
         "/etc/ld.so.cache", "/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64",
         "/usr/lib/locale", "/usr/share/locale", "/etc/localtime", "/usr/lib/ssl",
         os.path.dirname(os.path.realpath(os.environ["SYSCOV"]))]
# the ancestors of the sysroot and DB (realpath, mkdir -p, getcwd) and cwd
ancestors = set()
for p in (SR, T + "/rep", T + "/dbdir"):
    while p != "/":
        ancestors.add(p); p = os.path.dirname(p)
ancestors.add("/")
call = re.compile(r'^\d+ +(\w+)\((.*)\) += (-?\d+|\?)')
nofollow_calls = {"lstat", "readlink", "readlinkat", "unlink", "unlinkat", "rename", "renameat", "renameat2", "mkdir", "mkdirat", "rmdir", "symlink", "symlinkat", "chmod", "utimensat"}
bad, probes, n = [], [], 0
for log in logs:
    for line in open(log, errors="replace"):
        m = call.match(line)
        if not m or m.group(3) == "?" or int(m.group(3)) < 0:
            continue
        name, args = m.group(1), m.group(2)
        if name in ("execve", "getcwd", "chdir"):
            continue
        strs = re.findall(r'"((?:[^"\\]|\\.)*)"', args)
        if not strs:
            continue
        path = strs[0]
        d = re.match(r'(\d+|AT_FDCWD)(?:<([^>]*)>)?, ', args)
        base = T
        if d and d.group(2):
            base = d.group(2)
        full = os.path.join(base, path) if not path.startswith("/") else path
        if not path:
            continue  # fstat and friends of an fd already open
        nofollow = name in nofollow_calls or "O_NOFOLLOW" in args or "AT_SYMLINK_NOFOLLOW" in args
        if full.startswith(("/proc/", "/dev/")):
            real = os.path.normpath(full)
        else:
          real = (os.path.join(os.path.realpath(os.path.dirname(full)), os.path.basename(full))
                  if nofollow else os.path.realpath(full))
        n += 1
        if real in ancestors or any(real == a or real.startswith(a.rstrip("/") + "/") or
                                    (a.endswith("-") and real.startswith(a)) for a in allow):
            continue
        (bad if name.startswith("open") else probes).append(f"{name} {full} -> {real}")
for b in sorted(set(bad)):
    print("outside:", b)
for p in sorted(set(probes)):
    print("probe:", p)
print(f"{n} successful file calls checked, {len(set(bad))} outside")
sys.exit(1 if bad else 0)
PY
ok
# Landlock turned the libclang's climb to /etc/passwd into EACCES (when the kernel has it)
if grep -q 'landlock' /sys/kernel/security/lsm 2>/dev/null; then
	grep -E 'open.*/etc/passwd.* = -1 EACCES' "$T"/audit.log >/dev/null ||
		grep -E 'open.*etc/passwd' "$T"/audit.log | head -3
	echo "landlock: $(grep -cE ' = -1 EACCES' "$T"/audit.log) reads refused with EACCES"
fi

# Landlock on a cross sysroot: the audit still works
if [ -d /usr/aarch64-linux-gnu/include ]; then
	expect_rc 0 "$SYSCOV" audit /usr/aarch64-linux-gnu --db "$T/cross.db" -q -o "$T/xout"
	[ "$(sqlite3 "$T/cross.db" "SELECT count(*) FROM libc_symbol")" -gt 1000 ] || fail "cross audit found no libc symbols"
	ok
fi
done_ok
