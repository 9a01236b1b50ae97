"""This file contains the browser test of the HTML report: each page is
loaded in headless Chromium, which dumps the DOM after the page's script
ran. The page must log nothing to the console (Chromium's stderr) and leave
its #jserrors box empty; a URL hash (#filter=..., #class=..., #sort=...,
#differs=1) makes the page's script set the real controls and dispatch the
real input/change events, and the visible rows must be those the filter
should keep, computed here from report.json. A copy of the page with an
injected error must be caught, so the error checks can fail."""
import json
import os
import urllib.parse

from common import (CHROMIUM, HOSTILE, HOSTILE_LABEL, HOSTILE_NAME, HOSTILE_SRC, HOSTILE_WRAPPER,
                    check, clean, expect_filter, load, make_fixture, names, page, run, shown, text,
                    tmpdir, visible)

check(CHROMIUM, "chromium not found (set CHROMIUM)")

tmp = tmpdir()
db = make_fixture(os.path.join(tmp, "f.db"), hostile=True)
out = os.path.join(tmp, "out")
run("report", "--db", db, "-o", out, "-q")
model = json.load(open(os.path.join(out, "matrix", "report.json")))
host = model["scans"][0]["syscalls"]
single = os.path.join(out, "host-x86_64", "index.html")
matrix = os.path.join(out, "matrix", "index.html")

# the error checks catch an error, a console message and a blocked fetch
bad = os.path.join(tmp, "bad.html")
src = open(single, encoding="utf-8").read()
open(bad, "w", encoding="utf-8").write(src.replace("</body>", "<script>nosuch();</script></body>"))
_, console, errs = load(bad)
check(console and "nosuch" in errs, "injected error not caught: %r %r" % (console, errs))
open(bad, "w", encoding="utf-8").write(
    src.replace("</body>", "<img src=\"http://192.0.2.1/x.png\"></body>"))
_, console, errs = load(bad)
check(any("Content Security Policy" in l for l in console), "fetch not blocked/logged: %r" % console)

# the page as loaded: every row, no network reference at all
dom = page(single)
check(names(dom) == [v["name"] for v in host], "unfiltered rows: %r" % names(dom))
check(shown(dom) == "%d of %d syscalls shown" % (len(host), len(host)), shown(dom))
check("http:" not in src.replace("http-equiv", "") and "https:" not in src, "URL in the page")

# typing in the filter (the hash sets the <input> and dispatches 'input')
for words in ("class:missing", "sig", "sig -class:wrapped", "flag:man-stale", "GLIBC_2.2",
              "ELF", "-e", "no such text"):
    dom = page(single, "#filter=" + urllib.parse.quote(words))
    want = expect_filter(host, words)
    check(names(dom) == want, "filter %r: rows %r, expected %r" % (words, names(dom), want))
    check(shown(dom) == "%d of %d syscalls shown" % (len(want), len(host)), shown(dom))
    check(len(want) < len(host), "filter %r does not narrow the table" % words)
    inp = dom.by_id("filter")
    check(inp is not None, "no #filter input")
dom = page(single, "#class=obsolete")
check(names(dom) == [v["name"] for v in host if v["class"] == "obsolete"], "class select: %r" % names(dom))

# sorting through the header's handler: numbers numerically, empty cells last
dom = page(single, "#sort=-nr")
nrs = [v["nr"] for v in sorted(host, key=lambda v: -1 if v["nr"] is None else v["nr"], reverse=True)]
got = [text(r["children"][1]) for r in dom.rows()]
check(got == ["" if n is None else str(n) for n in nrs if n is not None] + [""] * nrs.count(None),
      "sort -nr: %r" % got)
dom = page(single, "#sort=nr&filter=sig")
got = [int(text(r["children"][1])) for r in visible(dom.rows())]
check(got == sorted(got) and len(got) == len(expect_filter(host, "sig")), "sort nr + filter: %r" % got)

# the matrix: one column per scan, "differs" and class filters
dom = page(matrix)
scans = model["scans"]
every = sorted({v["name"] for s in scans for v in s["syscalls"]})
check(sorted(names(dom)) == every and len(names(dom)) == len(every), "matrix rows")
ths = [e for e in dom.elements if e["tag"] == "th" and "syscalls" in e["ids"]]
check([text(t) for t in ths] == ["syscall"] + [clean(s["label"].encode()) for s in scans], "matrix header")


def classes(name):
    return [next((v["class"] for v in s["syscalls"] if v["name"] == name), None) for s in scans]


dom = page(matrix, "#differs=1")
want = [n for n in every if len(set(classes(n))) > 1]
check(sorted(names(dom)) == want and 0 < len(want) < len(every), "differs: %r vs %r" % (names(dom), want))
dom = page(matrix, "#filter=class%3Amissing")
want = [n for n in every if "missing" in classes(n)]
check(sorted(names(dom)) == want, "matrix class:missing: %r vs %r" % (names(dom), want))

# hostile text is text: one script element (ours), the hostile cells hold the
# cleaned strings verbatim, no element came from the DB
evil = os.path.join(out, next(d for d in os.listdir(out) if d.startswith("evil")), "index.html")
for path in (evil, matrix):
    dom = page(path)
    tags = [e["tag"] for e in dom.elements]
    check(tags.count("script") == 1, "%s: %d script elements" % (path, tags.count("script")))
    check("img" not in tags and "i" not in tags, "%s: element injected" % path)
    check(all(e["attrs"].get("class") == "chart" for e in dom.elements if e["tag"] == "svg")
          and sum(1 for e in dom.elements if e["tag"] == "svg") == 1, "%s: an svg that is not the chart" % path)
    check(all(not k.startswith("on") for e in dom.elements for k in e["attrs"]),
          "%s: an event handler attribute" % path)
    title = text(next(e for e in dom.elements if e["tag"] == "title"))
    check(path == matrix or clean(HOSTILE_LABEL) in title, "title %r" % title)
dom = page(evil)
row = next(r for r in dom.rows() if text(r["children"][0]) == clean(HOSTILE_NAME))
cells = [text(c) for c in row["children"]]
check(cells[2] == "> =1, <= <b>b</b> " + clean(HOSTILE_SRC), "Linux cell %r" % cells[2])
check(cells[4] == clean(HOSTILE_WRAPPER), "wrapper cell %r" % cells[4])
want = clean(HOSTILE_SRC) + " " + clean(HOSTILE).replace("\r\n", "\n")
check(cells[7] == want, "evidence cell %r\n!= %r" % (cells[7], want))
check(cells[6] == "stale <i>x</i>", "flags cell %r" % cells[6])
dom = page(evil, "#filter=" + urllib.parse.quote("alert(1)</script>"))
check(names(dom) == [clean(HOSTILE_NAME)], "filter on hostile text: %r" % names(dom))
print("ok")
