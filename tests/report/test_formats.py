"""This file contains the format test of `syscov report` on the fixture DB:
the files and directories written, the JSON against docs/report.schema.json
(and a broken copy that must fail it), counts read with jq against counts
read with the sqlite3 CLI, the CSV against the DB row by row, and the
Markdown's tables."""
import csv
import io
import json
import os
import sqlite3
import subprocess

import jsonschema

from common import (SRCDIR, check, db_counts, fail, make_fixture, run, tmpdir)

tmp = tmpdir()
db = make_fixture(os.path.join(tmp, "f.db"))
out = os.path.join(tmp, "out")
p = run("report", "--db", db, "-o", out)

# one dir per sysroot scan with verdicts, plus the matrix; the kernel tree
# scan (no verdicts) is not reported
for d in ("host-x86_64", "aarch64-linux-gnu", "matrix"):
    for f in ("index.html", "report.md", "report.csv", "report.json"):
        check(os.path.isfile(os.path.join(out, d, f)), "missing %s/%s" % (d, f))
check(sorted(os.listdir(out)) == ["aarch64-linux-gnu", "host-x86_64", "matrix"],
      "unexpected dirs: %s" % os.listdir(out))

# the stdout summary: one line per scan with the DB's counts
counts = db_counts(db)
lines = p.stdout.decode().splitlines()
check(lines[0].split() == ["scan", "wrapped", "obsolete", "internal", "missing", "total"],
      "summary header: %r" % lines[0])
for line in lines[1:]:
    label, *nums = line.split()
    c = counts[label]
    want = [c.get(k, 0) for k in ("wrapped", "obsolete", "internal", "missing")]
    check([int(n) for n in nums] == want + [sum(want)], "summary line %r vs DB %r" % (line, c))
check(len(lines) == 3, "summary has %d lines" % len(lines))

# JSON Schema: the schema is valid draft 2020-12, every report.json passes,
# and a broken report does not
schema = json.load(open(os.path.join(SRCDIR, "docs", "report.schema.json")))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
for d in ("host-x86_64", "aarch64-linux-gnu", "matrix"):
    doc = json.load(open(os.path.join(out, d, "report.json"), encoding="utf-8"))
    errors = list(validator.iter_errors(doc))
    check(not errors, "%s/report.json: %s" % (d, errors[:3]))
matrix = json.load(open(os.path.join(out, "matrix", "report.json")))
check([s["label"] for s in matrix["scans"]] == ["host-x86_64", "aarch64-linux-gnu"],
      "matrix JSON scans: %r" % [s["label"] for s in matrix["scans"]])
broken = json.loads(json.dumps(matrix))
del broken["scans"][0]["libc"]["flavour"]
check(list(validator.iter_errors(broken)), "schema accepts a scan without libc.flavour")
broken = json.loads(json.dumps(matrix))
broken["scans"][0]["syscalls"][0]["flags"] = "a,b"
check(list(validator.iter_errors(broken)), "schema accepts flags as a string")
broken = json.loads(json.dumps(matrix))
broken["scans"][0]["syscalls"][0]["colour"] = "red"
check(list(validator.iter_errors(broken)), "schema accepts an unknown key")

# jq: counts per class per scan equal `SELECT class, count(*) FROM verdict`
jq = subprocess.run(["jq", "-r", ".scans[] | .label as $l | .counts | to_entries[]"
                     " | select(.key != \"total\" and .value > 0) | [$l, .key, .value] | @tsv",
                     os.path.join(out, "matrix", "report.json")],
                    capture_output=True, check=True, text=True).stdout
sq = subprocess.run(["sqlite3", "-separator", "\t", db,
                     "SELECT s.label, v.class, count(*) FROM verdict v JOIN scan s ON s.id = v.scan_id"
                     " GROUP BY s.label, v.class"], capture_output=True, check=True, text=True).stdout
check(sorted(jq.splitlines()) == sorted(sq.splitlines()), "jq counts\n%s\n!= sqlite3\n%s" % (jq, sq))
# jq: facts of single syscalls equal the DB's
for expr, sql in (
        ('.scans[] | select(.label == "host-x86_64") | .syscalls[] | select(.name == "rt_sigaction")'
         ' | [.nr, .class, .wrapper, .since] | @tsv',
         "SELECT nr, class, wrapper, since FROM verdict WHERE scan_id = (SELECT min(id) FROM scan WHERE kind <> 'kernel-tree') AND name = 'rt_sigaction'"),
        ('.scans[0] | [.sysroot, .arch, .libc.flavour, .libc.version, .kernel.version, .man.version]'
         ' | @tsv', "SELECT sysroot, arch, libc_flavour, libc_version, kernel_version, man_version"
         " FROM scan WHERE id = 1"),
        ('.scans[0].syscalls[] | select(.name == "gettid") | .evidence[] | [.source, .fact] | @tsv',
         "SELECT json_extract(value, '$.source'), json_extract(value, '$.fact') FROM verdict,"
         " json_each(evidence) WHERE scan_id = (SELECT min(id) FROM scan WHERE kind <> 'kernel-tree') AND name = 'gettid'"),
        ('[.scans[0].syscalls[] | select(.flags | index("man-stale")) | .name] | join(",")',
         "SELECT group_concat(name) FROM verdict WHERE scan_id = (SELECT min(id) FROM scan WHERE kind <> 'kernel-tree') AND ',' || flags || ',' LIKE '%,man-stale,%'"),
        ('.scans[0].syscalls | length', "SELECT count(*) FROM verdict WHERE scan_id = (SELECT min(id) FROM scan WHERE kind <> 'kernel-tree')")):
    a = subprocess.run(["jq", "-r", expr, os.path.join(out, "matrix", "report.json")],
                       capture_output=True, check=True, text=True).stdout.strip()
    b = subprocess.run(["sqlite3", "-separator", "\t", db, sql], capture_output=True, check=True,
                       text=True).stdout.strip()
    check(a == b, "jq %s -> %r, sqlite3 -> %r" % (expr, a, b))
# evidence that is not JSON is kept as one fact; an empty array stays empty
host = {v["name"]: v for v in matrix["scans"][0]["syscalls"]}
check(host["kexec_file_load"]["evidence"] == [{"source": "", "fact": "not json at all"}],
      "raw evidence: %r" % host["kexec_file_load"]["evidence"])
check(host["nosuchnr"]["evidence"] == [] and host["nosuchnr"]["nr"] is None, "null nr / empty evidence")
check(host["init_module"]["flags"] == ["no-header"], "flags: %r" % host["init_module"]["flags"])
check(host["open_tree"]["kernel_since"] == {"text": "> 5.1, <= 6.1", "version": "6.1", "after": "5.1",
                                            "exact": False, "source": "numbers",
                                            "detail": "open_tree is 428 on x86_64, after ...",
                                            "note": "the table says <= 6.1"},
      "JSON kernel_since: %r" % host["open_tree"]["kernel_since"])
check(host["gettid"]["kernel_since"] is None, "JSON: no since-version is null")

# CSV: RFC 4180 (CRLF), one row per scan x verdict, fields equal the DB
raw = open(os.path.join(out, "matrix", "report.csv"), "rb").read()
check(raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b""), "CSV line ends are not CRLF")
rows = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))
check(rows[0] == ["scan", "arch", "libc", "name", "nr", "class", "wrapper", "since", "flags", "evidence",
                  "kernel_since", "kernel_source"], "CSV header %r" % rows[0])
con = sqlite3.connect(db)
want = [[label, arch, "glibc 2.36", name, "" if nr is None else str(nr), cls, w or "", s or "", fl]
        for label, arch, name, nr, cls, w, s, fl in con.execute(
            "SELECT s.label, s.arch, v.name, v.nr, v.class, v.wrapper, v.since, v.flags FROM verdict v"
            " JOIN scan s ON s.id = v.scan_id ORDER BY s.id, v.name")]
check([r[:9] for r in rows[1:]] == want, "CSV rows differ from the DB")
for r in rows[1:]:
    json.loads(r[9])
# the kernel since-versions: exact, "at most", a range, as the DB has them
ks = {(r[0], r[3]): (r[10], r[11]) for r in rows[1:]}
check(ks[("host-x86_64", "read")] == ("1.0", "syscalls(2)"), "CSV read: %r" % (ks[("host-x86_64", "read")],))
check(ks[("host-x86_64", "open_tree")] == ("> 5.1, <= 6.1", "numbers"), "CSV range: %r" % (ks[("host-x86_64", "open_tree")],))
check(ks[("aarch64-linux-gnu", "open_tree")] == ("<= 6.1", "table"), "CSV at most")
check(ks[("host-x86_64", "gettid")] == ("", ""), "CSV: no since-version is an empty field")

# Markdown: a summary row per scan with the DB's counts, and tables whose
# rows all have the header's number of cells
md = open(os.path.join(out, "matrix", "report.md"), encoding="utf-8").read()
for label, c in counts.items():
    want = " | ".join(str(c.get(k, 0)) for k in ("wrapped", "obsolete", "internal", "missing"))
    check(any(label.replace("_", "\\_") in l and want in l for l in md.splitlines()),
          "matrix MD has no summary row for %s with %s" % (label, want))
check("## Where the scans differ (" in md, "no differences section")


def cells(line):
    """Splits a GFM table row, honouring backslash escapes."""
    out, cur, i = [], "", 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and i + 1 < len(line):
            cur += line[i:i + 2]
            i += 2
            continue
        if ch == "|":
            out.append(cur)
            cur = ""
        else:
            cur += ch
        i += 1
    return out[1:]


for d in ("host-x86_64", "matrix"):
    ncols = None
    for line in open(os.path.join(out, d, "report.md"), encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.startswith("|"):
            ncols = None
            continue
        n = len(cells(line))
        if ncols is None:
            ncols = n
        check(n == ncols, "%s/report.md: row with %d cells, header %d: %s" % (d, n, ncols, line))
one = open(os.path.join(out, "host-x86_64", "report.md"), encoding="utf-8").read()
check("## missing (4)" in one and "## wrapped (7)" in one, "per-class sections of host-x86_64")
check(any(l.startswith("| `read` | 0 | `1.0` syscalls(2) |") for l in one.splitlines()),
      "MD: read's Linux cell")

# --scan by label and by id, --format subset
out2 = os.path.join(tmp, "out2")
run("report", "--db", db, "-o", out2, "--scan", "2", "--format", "json,md", "-q")
check(sorted(os.listdir(out2)) == ["aarch64-linux-gnu"], "--scan 2: %s" % os.listdir(out2))
check(sorted(os.listdir(os.path.join(out2, "aarch64-linux-gnu"))) == ["report.json", "report.md"],
      "--format json,md wrote %s" % os.listdir(os.path.join(out2, "aarch64-linux-gnu")))
out3 = os.path.join(tmp, "out3")
run("report", "--db", db, "-o", out3, "--scan", "aarch64-linux-gnu", "--scan", "host-x86_64")
m = json.load(open(os.path.join(out3, "matrix", "report.json")))
check([s["id"] for s in m["scans"]] == [2, 1], "--scan order: %r" % [s["id"] for s in m["scans"]])
print("ok")
