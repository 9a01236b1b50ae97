"""This file contains the end-to-end test of the report on real inputs:
`syscov audit` of the host (and, when installed, the aarch64 cross sysroot)
writes the reports and prints the counts per class per scan. The counts
printed, the JSON (validated against docs/report.schema.json) and the HTML
page's class filter in headless Chromium must all equal the verdict table as
read by the sqlite3 CLI."""
import json
import os
import subprocess

import jsonschema

from common import CHROMIUM, SRCDIR, check, names, page, run, tmpdir

tmp = tmpdir()
db = os.path.join(tmp, "a.db")
out = os.path.join(tmp, "out")
roots = ["/"] + [r for r in ["/usr/aarch64-linux-gnu"] if os.path.isdir(r + "/include")]
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
print("ok")
