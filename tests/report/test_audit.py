"""This file contains the end-to-end test of the report on real inputs:
`syscov audit` of the host (and, when installed, the aarch64 cross sysroot)
writes the reports and prints the counts per class per scan. The counts
printed, the JSON (validated against docs/report.schema.json) and the HTML
page's class filter in headless Chromium must all equal the verdict table as
read by the sqlite3 CLI. The kernel since-version of each row (docs/report.md)
is checked against the host's syscalls(2) text and the UAPI numbers of
`gcc -dM -E`; arm's alias of one table entry (sync_file_range2, 341) is one
row."""
import csv
import gzip
import json
import os
import re
import subprocess

import jsonschema

from common import CHROMIUM, SRCDIR, check, names, page, run, tmpdir

tmp = tmpdir()
db = os.path.join(tmp, "a.db")
out = os.path.join(tmp, "out")
roots = ["/"] + [r for r in ["/usr/aarch64-linux-gnu", "/usr/arm-linux-gnueabihf"]
                 if os.path.isdir(r + "/include")]
p = run("audit", *roots, "--db", db, "-o", out, "-q")


def sql(q):
    return subprocess.run(["sqlite3", "-separator", "\t", db, q], capture_output=True, check=True,
                          text=True).stdout.splitlines()


counts = {}
for line in sql("SELECT s.label, v.class, count(*) FROM verdict v JOIN scan s ON s.id = v.scan_id"
                " GROUP BY s.label, v.class"):
    label, cls, n = line.split("\t")
    counts.setdefault(label, {})[cls] = int(n)
check(len(counts) == len(roots), "verdicts for %d scans, %d sysroots" % (len(counts), len(roots)))

# the summary on stdout
lines = p.stdout.decode().splitlines()
check(len(lines) == 1 + len(roots), "summary: %r" % lines)
for line in lines[1:]:
    label, *nums = line.split()
    want = [counts[label].get(k, 0) for k in ("wrapped", "obsolete", "internal", "missing")]
    check([int(n) for n in nums] == want + [sum(want)], "summary %r vs DB %r" % (line, counts[label]))

# the JSON of every dir validates; its counts and rows equal the DB's
schema = json.load(open(os.path.join(SRCDIR, "docs", "report.schema.json")))
dirs = list(counts) + (["matrix"] if len(roots) > 1 else [])
check(sorted(os.listdir(out)) == sorted(dirs), "dirs %r" % os.listdir(out))
for d in dirs:
    doc = json.load(open(os.path.join(out, d, "report.json"), encoding="utf-8"))
    jsonschema.validate(doc, schema, cls=jsonschema.Draft202012Validator)
    for s in doc["scans"]:
        c = counts[s["label"]]
        check(all(s["counts"][k] == c.get(k, 0) for k in c), "%s: counts %r vs %r" % (d, s["counts"], c))
        want = sql("SELECT name FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = '%s'"
                    " ORDER BY name" % s["label"])
        check([v["name"] for v in s["syscalls"]] == want, "%s: syscall list differs" % d)

# the page: no console output, the class filter keeps the DB's missing set
if CHROMIUM:
    dom = page(os.path.join(out, "host-x86_64", "index.html"), "#filter=class%3Amissing")
    want = sql("SELECT name FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label ="
               " 'host-x86_64' AND class = 'missing' ORDER BY name")
    check(names(dom) == want, "class:missing rows %r vs DB %r" % (names(dom), want))
    check(0 < len(want) < sum(counts["host-x86_64"].values()), "filter did not narrow")

# the kernel since-versions: every format says what the DB's ksince says
def rows_csv(label):
    with open(os.path.join(out, label, "report.csv"), encoding="utf-8", newline="") as f:
        return {r["name"]: r for r in csv.DictReader(f)}


def ksince(label):
    return {r[0]: r[1:] for r in (l.split("\t") for l in sql(
        "SELECT k.name, k.version, ifnull(k.after_version, ''), k.exact, k.source FROM ksince k"
        " JOIN scan s ON s.id = k.scan_id WHERE s.label = '%s'" % label))}


def text(version, after, exact):
    return "> %s, <= %s" % (after, version) if after else version if exact == "1" else "<= " + version


for label in counts:
    db_k, rows = ksince(label), rows_csv(label)
    doc = json.load(open(os.path.join(out, label, "report.json"), encoding="utf-8"))
    js = {v["name"]: v["kernel_since"] for v in doc["scans"][0]["syscalls"]}
    for name, r in rows.items():
        k = db_k.get(name)
        want = (text(*k[:3]), k[3]) if k else ("", "")
        check((r["kernel_since"], r["kernel_source"]) == want, "%s %s: CSV %r, DB %r" % (
            label, name, (r["kernel_since"], r["kernel_source"]), k))
        check((js[name]["text"], js[name]["source"]) == want if k else js[name] is None,
              "%s %s: JSON %r" % (label, name, js[name]))
    live = sql("SELECT v.name FROM verdict v JOIN scan s ON s.id = v.scan_id WHERE s.label = '%s'"
               " AND v.class IN ('wrapped', 'missing') AND v.name NOT IN (SELECT name FROM ksince"
               " WHERE scan_id = s.id)" % label)
    check(not live, "%s: live syscalls without a kernel since-version: %r" % (label, live))
    by = {}
    for k in db_k.values():
        by[k[3]] = by.get(k[3], 0) + 1
    print("%s: kernel since-versions by source: %s" % (label, by))

# the host's against syscalls(2) (man-pages' table: "\fBname\fP(2)<tab>version")
page2 = "/usr/share/man/man2/syscalls.2.gz"
if os.path.exists(page2) and os.uname().machine == "x86_64":
    text2 = gzip.open(page2, "rt", encoding="utf-8", errors="replace").read()
    table = {m.group(1): m.group(2) for m in re.finditer(r"^\\fB(\w+)\\fP\(2\)\t+([0-9][0-9.]*)", text2, re.M)}
    check(len(table) > 300, "syscalls(2): %d rows read" % len(table))
    host = ksince("host-x86_64")
    n = 0
    for name, (version, after, exact, source) in host.items():
        if source != "syscalls(2)" or name in ("pread64", "pwrite64"):  # below
            continue
        parts = table.get(name, "").split(".")
        want = ".".join(parts[:3] if parts[0] == "2" else parts[:2])
        check(version == want and exact == "1", "%s: %s, syscalls(2) says %r" % (name, version, want))
        n += 1
    check(n > 200, "only %d rows from syscalls(2)" % n)
    # empty cell: 'Added as "pread" in 2.2'
    for name in ("pread", "pwrite"):
        check('Added as "%s" in 2.2' % name in text2 and host[name + "64"][:3] == ["2.2", "", "1"],
              "%s64: %r" % (name, host[name + "64"]))
    # numbers: syscalls(2) of man-pages 6.03 dates none of 448-450; memfd_secret
    # (447) is 5.14: each is after 5.13, by 6.1 (the UAPI headers); Linux's
    # own history (5.15, 5.16, 5.17) lies inside
    nr = {m.group(1): int(m.group(2)) for m in re.finditer(r"#define __NR_(\w+) (\d+)", subprocess.run(
        ["gcc", "-dM", "-E", "-"], input="#include <asm/unistd.h>\n", capture_output=True, text=True,
        check=True).stdout)}
    kver = sql("SELECT kernel_version FROM scan WHERE label = 'host-x86_64'")[0]
    if "futex_waitv" not in table and table.get("memfd_secret") == "5.14" and kver.startswith("6.1."):
        for name, real in (("process_mrelease", "5.15"), ("futex_waitv", "5.16"),
                           ("set_mempolicy_home_node", "5.17")):
            check(nr["memfd_secret"] < nr[name] and name not in table, "%s: numbers" % name)
            check(host[name] == ["6.1", "5.13", "0", "numbers"], "%s: %r" % (name, host[name]))
            check(5.13 < float(real) <= 6.1, "%s: %s not in the bound" % (name, real))
            print("%s (%d): %s" % (name, nr[name], text(*host[name][:3])))

# arm: sync_file_range2 is #defined as __NR_arm_sync_file_range: one row
if "arm-linux-gnueabihf" in counts:
    arm = subprocess.run(["arm-linux-gnueabihf-gcc", "-dM", "-E", "-"], input="#include <asm/unistd.h>\n",
                         capture_output=True, text=True)
    if arm.returncode == 0:
        check("#define __NR_sync_file_range2 __NR_arm_sync_file_range" in arm.stdout, "arm's alias")
    rows = rows_csv("arm-linux-gnueabihf")
    both = [r for r in rows.values() if r["nr"] == "341"]
    check(len(both) == 1 and both[0]["name"] == "arm_sync_file_range", "arm 341: %r" % both)
    check("sync_file_range2 = 341 too" in both[0]["evidence"], "arm 341: the alias in the evidence")
    check(both[0]["kernel_since"] == "<= 2.6.22", "arm 341: %r" % both[0]["kernel_since"])
print("ok")
