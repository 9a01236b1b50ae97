"""This file contains the hostile-text test of every format: a scan whose
label, and a verdict whose name, wrapper, since, flags and evidence hold
markup, quotes, separators, line breaks and invalid UTF-8. Each output must
be valid UTF-8, keep the text as text (cleaned of invalid bytes) and never
let it act as markup. The HTML's rendering is checked in test_browser.py."""
import csv
import io
import json
import os
import re

from common import (HOSTILE, HOSTILE_LABEL, HOSTILE_NAME, HOSTILE_SRC, HOSTILE_WRAPPER, check,
                    clean, make_fixture, run, tmpdir)

tmp = tmpdir()
db = make_fixture(os.path.join(tmp, "f.db"), hostile=True)
out = os.path.join(tmp, "out")
run("report", "--db", db, "-o", out, "-q")
evil = next(d for d in os.listdir(out) if d.startswith("evil"))
check(re.fullmatch(r"[A-Za-z0-9._+-]+", evil) is not None, "unsafe dir name %r" % evil)


def read(d, f):
    raw = open(os.path.join(out, d, f), "rb").read()
    return raw.decode("utf-8")  # strict: raises on invalid UTF-8


for d in (evil, "matrix"):
    # HTML source: nothing from the DB forms a tag or leaves an attribute
    page = read(d, "index.html")
    check(page.count("<script") == 1 and page.count("</script>") == 1,
          "%s: <script> count %d" % (d, page.count("<script")))
    for bad in ("<img", "<svg onload", "<i>", "<b>b</b>", "alert(1)</script>", "\"><svg"):
        check(bad not in page, "%s/index.html contains %r" % (d, bad))
    check("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page or d == "matrix",
          "%s: escaped evidence not found" % d)
    check("evil&quot;&lt;script&gt;alert(5)&lt;/script&gt;" in page, "%s: escaped label not found" % d)
    check("&quot;&gt;&lt;svg onload=alert(4)&gt;" in page, "%s: escaped wrapper not found" % d)
    check("\ufffd" in page, "%s: invalid UTF-8 not replaced by U+FFFD" % d)

    # Markdown: no raw HTML at all; every '|' of hostile text is escaped
    md = read(d, "report.md")
    check("<" not in md and ">" not in md.replace("&gt;", ""), "%s/report.md: raw < or >" % d)
    check("\\|" in md, "%s/report.md: pipe not escaped" % d)
    check("\r" not in md, "%s/report.md: CR inside a table row" % d)

# Markdown evidence row of the hostile verdict: one line, 6 cells
md = read(evil, "report.md")
rows = [l for l in md.splitlines() if "calc" in l]
check(len(rows) == 1, "hostile verdict spans %d lines" % len(rows))
check("\\[x\\](javascript" in rows[0] and "\\*e\\*" in rows[0] and "\\`c\\`" in rows[0],
      "markdown link/emphasis/code not escaped: %s" % rows[0])

# JSON: parses; the strings are the DB's with invalid bytes as U+FFFD
doc = json.loads(read(evil, "report.json"))
scan = doc["scans"][0]
check(scan["label"] == clean(HOSTILE_LABEL), "label %r" % scan["label"])
v = next(v for v in scan["syscalls"] if v["name"] == clean(HOSTILE_NAME))
check(v["wrapper"] == clean(HOSTILE_WRAPPER), "wrapper %r" % v["wrapper"])
check(v["evidence"] == [{"source": clean(HOSTILE_SRC), "fact": clean(HOSTILE)}],
      "evidence %r" % v["evidence"])
check(v["flags"] == ["stale", "<i>x</i>"], "flags %r" % v["flags"])
check(v["evidence"][0]["fact"].count("\ufffd") == 7, "U+FFFD count")
raw = read(evil, "report.json")
check("</script>" in json.loads(raw)["scans"][0]["syscalls"][0]["evidence"][0]["fact"], "roundtrip")

# CSV: the fields come back exactly (formula-looking ones behind an apostrophe)
rows = list(csv.reader(io.StringIO(read(evil, "report.csv"), newline="")))
r = next(r for r in rows[1:] if "calc" in r[3])
check(r[0] == clean(HOSTILE_LABEL), "CSV label %r" % r[0])
check(r[3] == "'" + clean(HOSTILE_NAME), "CSV name %r (formula not defused)" % r[3])
check(r[7] == "'=HYPERLINK(\"x\")", "CSV since %r" % r[7])
check(r[6] == clean(HOSTILE_WRAPPER), "CSV wrapper %r" % r[6])
check(json.loads(r[9]) == v["evidence"], "CSV evidence %r" % r[9])
check(r[10] == "> =1, <= <b>b</b>" and r[11] == clean(HOSTILE_SRC), "CSV kernel since %r" % r[10:])
k = v["kernel_since"]
check(k["text"] == "> =1, <= <b>b</b>" and k["detail"] == clean(HOSTILE) and k["note"] == clean(HOSTILE_WRAPPER),
      "JSON kernel_since %r" % k)
check(len(rows) == 3 and all(len(x) == 12 for x in rows), "CSV shape")
print("ok")
