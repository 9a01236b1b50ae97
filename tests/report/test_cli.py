"""This file contains the command-line test of `syscov report`: exit codes
and one-line messages for bad options, unknown scans, a missing or
verdict-less DB and an unwritable output, and that a failed run leaves no
temporary files."""
import os
import stat

from common import check, make_fixture, mkdb, run, tmpdir

tmp = tmpdir()
db = make_fixture(os.path.join(tmp, "f.db"))
out = os.path.join(tmp, "out")


def err(p):
    lines = p.stderr.decode().strip().splitlines()
    check(len(lines) == 1 and lines[0].startswith("syscov report: "), "message: %r" % lines)
    return lines[0]


check("--scan" in run("report", "--help").stdout.decode(), "--help")
check("unknown format" in err(run("report", "--db", db, "--format", "pdf", expect=2)), "format")
check("nosuch" in err(run("report", "--db", db, "--scan", "nosuch", "-o", out, expect=2)), "scan")
err(run("report", "--db", db, "extra", expect=2))
err(run("report", "--db", os.path.join(tmp, "none.db"), expect=4))
empty = os.path.join(tmp, "empty.db")
mkdb(empty)
check("no verdicts" in err(run("report", "--db", empty, expect=3)), "empty DB")
check("no sysroot scan among" in err(run("report", "--db", db, "--scan", "3", expect=3)), "kernel scan")
check(not os.path.exists(out), "output written after a failure")

# unwritable output: a file where the directory should be, and a read-only dir
blocker = os.path.join(tmp, "file")
open(blocker, "w").close()
check(blocker in err(run("report", "--db", db, "-o", os.path.join(blocker, "x"), expect=5)), "file as dir")
ro = os.path.join(tmp, "ro")
os.makedirs(os.path.join(ro, "host-x86_64"))
os.chmod(os.path.join(ro, "host-x86_64"), stat.S_IRUSR | stat.S_IXUSR)
if os.geteuid() != 0:  # root writes anyway
    err(run("report", "--db", db, "-o", ro, expect=5))
    check(os.listdir(os.path.join(ro, "host-x86_64")) == [], "temp file left behind")

# success: -q prints only the summary
p = run("report", "--db", db, "-o", out, "-q")
check(p.stderr == b"" and p.stdout.decode().startswith("scan "), "quiet run: %r" % p.stderr)
print("ok")
