"""This file contains the evidence test: a scan whose verdicts' evidence is
all as classify writes it (compact JSON, which report_model.c reads
itself) and a scan with evidence in other layouts (read through SQLite's
JSON functions, as is a whole scan once one verdict's evidence is not
classify's) give the same facts in the JSON report, and both equal
Python's own decoding of the stored text: escapes of quotes, backslashes,
slashes, control bytes, DEL and U+FFFD, raw UTF-8, and invalid bytes as
U+FFFD. Text that is not a JSON array stays one fact, as it is."""
import json
import os
import sqlite3

from common import SCAN_SQL, VERDICT_SQL, check, mkdb, run, tmpdir

FACTS = [
    ("kernel", "plain text (with parens) = 3"),
    ("libc", "quote \" backslash \\ slash / tab \t newline \n cr \r"),
    ("man", "ctl \x01\x1f del \x7f repl \ufffd utf8 \u00e9\u4e2d\U0001f600"),
    ("", ""),
]
COMPACT = json.dumps([{"source": s, "fact": f} for s, f in FACTS],
                     separators=(",", ":"), ensure_ascii=False)
SPACED = json.dumps([{"source": s, "fact": f} for s, f in FACTS], ensure_ascii=False)
# json.c's escapes for the control bytes and U+FFFD, as classify stores them
JSONC = COMPACT.replace("\x01", "\\u0001").replace("\x1f", "\\u001f").replace(
    "\x7f", "\\u007f").replace("\ufffd", "\\ufffd").replace("/", "\\/")
RAW_BAD = b'[{"source":"x\xff","fact":"bad \xc0\xaf byte"}]'
# scan 1: classify's layout only; scan 2: the same and others
FAST = [
    ("a_compact", COMPACT.encode()),
    ("c_jsonc", JSONC.encode()),
    ("d_raw_bad", RAW_BAD),
    ("e_empty", b"[]"),
]
ROWS = FAST + [
    ("b_spaced", SPACED.encode()),
    ("f_not_json", b"not json at all"),
    ("g_reordered", json.dumps([{"fact": "f", "source": "s"}], separators=(",", ":")).encode()),
]

tmp = tmpdir()
db_path = os.path.join(tmp, "e.db")
mkdb(db_path)
db = sqlite3.connect(db_path)
for sid, label, rows in ((1, b"fast", FAST), (2, b"other", ROWS)):
    db.execute(SCAN_SQL, (sid, "sysroot", "/s%d" % sid, "x86_64", "", label, "root",
                          "2024-01-01T00:00:00Z", "0.1.0", "6.1", "glibc", "2.36", None, "none",
                          None, None))
    for i, (name, evidence) in enumerate(rows):
        db.execute(VERDICT_SQL, (sid, name.encode(), i, "missing", None, None, b"", evidence))
db.commit()
db.close()

out = os.path.join(tmp, "out")
run("report", "--db", db_path, "-o", out, "-q")
want = {"a_compact": FACTS, "b_spaced": FACTS, "c_jsonc": FACTS, "e_empty": [],
        "d_raw_bad": [(e["source"], e["fact"]) for e in json.loads(RAW_BAD.decode("utf-8", "replace"))],
        "f_not_json": [("", "not json at all")], "g_reordered": [("s", "f")]}
for label, rows in (("fast", FAST), ("other", ROWS)):
    doc = json.load(open(os.path.join(out, label, "report.json"), encoding="utf-8"))
    got = {v["name"]: [(e["source"], e["fact"]) for e in v["evidence"]]
           for v in doc["scans"][0]["syscalls"]}
    check(sorted(got) == sorted(n for n, _ in rows), "%s: verdicts %s" % (label, sorted(got)))
    for name in got:
        check(got[name] == list(want[name]), "%s/%s: %r, expected %r" % (label, name, got[name], want[name]))
print("ok")
