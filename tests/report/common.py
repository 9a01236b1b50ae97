"""This file contains the shared helpers of the report tests: the fixture DB
(scans and verdicts inserted with sqlite3, hostile text included), running
syscov, loading a page in headless Chromium and parsing the DOM it dumps,
and the expected filter results computed from the model independently of
the page's script."""
import html.parser
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import urllib.parse

SYSCOV = os.environ.get("SYSCOV", "syscov")
SRCDIR = os.environ.get("SRCDIR", os.path.join(os.path.dirname(__file__), "..", ".."))
BUILDDIR = os.environ.get("BUILDDIR", ".")

# Hostile text: closes the script element, opens tags and attributes, uses
# both quotes, CSV and Markdown separators, a line break, and bytes that are
# not UTF-8 (0xff 0xfe, an overlong '/', a UTF-16 surrogate).
HOSTILE = (b"</script><script>alert(1)</script> \"dq\" 'sq' & <b>b</b> | p, c\r\nline2 "
           b"\xff\xfe \xc0\xaf \xed\xa0\x80 [x](javascript:alert(2)) *e* `c` #1 end")
HOSTILE_SRC = b"man<img src=x onerror=alert(3)>"
HOSTILE_WRAPPER = b"\"><svg onload=alert(4)>"
HOSTILE_NAME = b"=cmd|' /C calc'!A0"
HOSTILE_LABEL = b"evil\"<script>alert(5)</script>\xff"


def clean(b):
    """What the report must show for DB bytes b: each byte that is not part
    of valid UTF-8 replaced by U+FFFD (Python's decoder agrees for the
    sequences used here)."""
    return b.decode("utf-8", "replace")


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


def run(*args, expect=0, **kw):
    p = subprocess.run([SYSCOV, *args], capture_output=True, **kw)
    if expect is not None and p.returncode != expect:
        fail("syscov %s: exit %d, expected %d\nstdout: %s\nstderr: %s" % (
            " ".join(args), p.returncode, expect, p.stdout.decode(errors="replace"),
            p.stderr.decode(errors="replace")))
    return p


def mkdb(path):
    helper = os.path.join(BUILDDIR, "tests", "report_mkdb")
    if not os.path.exists(helper):
        helper = os.path.join(BUILDDIR, "report_mkdb")
    subprocess.run([helper, path], check=True)


SCAN_SQL = ("INSERT INTO scan (id, kind, sysroot, arch, variant, label, layout, created,"
            " tool_version, kernel_version, libc_flavour, libc_version, libc_how, man_source,"
            " man_dir, man_version) VALUES (?,?,?,?,?,CAST(? AS TEXT),?,?,?,?,?,?,?,?,?,?)")
VERDICT_SQL = ("INSERT INTO verdict (scan_id, name, nr, class, wrapper, since, flags, evidence)"
               " VALUES (?, CAST(? AS TEXT), ?, ?, CAST(? AS TEXT), CAST(? AS TEXT),"
               " CAST(? AS TEXT), CAST(? AS TEXT))")

KSINCE_SQL = ("INSERT INTO ksince (scan_id, name, version, after_version, exact, source, detail, note)"
              " VALUES (?, CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), ?, CAST(? AS TEXT),"
              " CAST(? AS TEXT), CAST(? AS TEXT))")
# (scan, name, version, after, exact, source, detail, note): an exact
# version, an "at most" and a range
KSINCE = [
    (1, "read", "1.0", None, 1, "syscalls(2)", "syscalls(2): read 1.0", None),
    (1, "io_uring_setup", "5.1", None, 1, "man page", "io_uring_setup(2) VERSIONS: Linux 5.1", None),
    (1, "open_tree", "6.1", "5.1", 0, "numbers", "open_tree is 428 on x86_64, after ...",
     "the table says <= 6.1"),
    (2, "read", "3.7", None, 1, "abi port", "the aarch64 port arrived in Linux 3.7", "syscalls(2) says 1.0"),
    (2, "open_tree", "6.1", None, 0, "table", "in the table of the oldest UAPI headers scanned", None),
]


def ev(*pairs):
    return json.dumps([{"source": s, "fact": f} for s, f in pairs])


# (name, nr, class, wrapper, since, flags, evidence) per scan
HOST = [
    ("read", 0, "wrapped", "read", "GLIBC_2.2.5", "", ev(("elf", "read@@GLIBC_2.2.5"), ("headers", "unistd.h:371"))),
    ("rt_sigaction", 13, "wrapped", "sigaction", "GLIBC_2.2.5", "", ev(("alias", "rt_sigaction -> sigaction"))),
    ("rt_sigreturn", 15, "internal", None, None, "", ev(("data", "internal.tsv: signal return trampoline"))),
    ("sigaltstack", 131, "wrapped", "sigaltstack", "GLIBC_2.2.5", "", ev(("elf", "sigaltstack@@GLIBC_2.2.5"))),
    ("signalfd4", 289, "wrapped", "signalfd", "GLIBC_2.7", "", ev(("alias", "signalfd4 -> signalfd"))),
    ("gettid", 186, "wrapped", "gettid", "GLIBC_2.30", "man-stale", ev(("elf", "gettid@@GLIBC_2.30"), ("man", "gettid(2) says glibc provides no wrapper"))),
    ("tkill", 200, "obsolete", None, None, "", ev(("man", "tkill is obsolete; use tgkill"))),
    ("create_module", 174, "obsolete", None, None, "compat-only", ev(("elf", "create_module@GLIBC_2.2.5 (compat)"))),
    ("init_module", 175, "wrapped", "init_module", "GLIBC_2.2.5", "no-header", ev(("elf", "init_module@@GLIBC_2.2.5"), ("headers", "no declaration"))),
    ("restart_syscall", 219, "internal", None, None, "", ev(("data", "kernel-internal restart"))),
    ("set_tid_address", 218, "internal", None, None, "", ev(("data", "used by the libc's thread setup"))),
    ("pidfd_open", 434, "wrapped", "pidfd_open", "GLIBC_2.36", "", ev(("elf", "pidfd_open@@GLIBC_2.36"))),
    ("open_tree", 428, "missing", None, None, "", ev(("ktable", "__NR_open_tree 428"), ("man", "no page"))),
    ("io_uring_setup", 425, "missing", None, None, "", ev(("ktable", "__NR_io_uring_setup 425"))),
    ("kexec_file_load", 320, "missing", None, None, "signature-drift", "not json at all"),
    ("nosuchnr", None, "missing", None, None, "", "[]"),
]
AARCH64 = [
    ("read", 63, "wrapped", "read", "GLIBC_2.17", "", ev(("elf", "read@@GLIBC_2.17"))),
    ("rt_sigaction", 134, "wrapped", "sigaction", "GLIBC_2.17", "", ev(("alias", "rt_sigaction -> sigaction"))),
    ("rt_sigreturn", 139, "internal", None, None, "", ev(("data", "signal return trampoline"))),
    ("sigaltstack", 132, "wrapped", "sigaltstack", "GLIBC_2.17", "", ev(("elf", "sigaltstack@@GLIBC_2.17"))),
    ("signalfd4", 74, "wrapped", "signalfd", "GLIBC_2.17", "", ev(("alias", "signalfd4 -> signalfd"))),
    ("gettid", 178, "wrapped", "gettid", "GLIBC_2.30", "", ev(("elf", "gettid@@GLIBC_2.30"))),
    ("tkill", 130, "obsolete", None, None, "", ev(("man", "tkill is obsolete"))),
    ("restart_syscall", 128, "internal", None, None, "", ev(("data", "kernel-internal restart"))),
    ("pidfd_open", 434, "missing", None, None, "", ev(("ktable", "__NR_pidfd_open 434"))),
    ("open_tree", 428, "missing", None, None, "", ev(("ktable", "__NR_open_tree 428"))),
    ("io_uring_setup", 425, "wrapped", "io_uring_setup", "GLIBC_2.99", "", ev(("elf", "made up for the matrix"))),
    ("renameat2", 276, "wrapped", "renameat2", "GLIBC_2.28", "", ev(("elf", "renameat2@@GLIBC_2.28"))),
]


def make_fixture(path, hostile=False):
    """A DB with two sysroot scans (host-x86_64, aarch64-linux-gnu), a kernel
    tree scan without verdicts and, with hostile=True, a third scan whose
    label and one verdict are hostile. Returns the DB path."""
    mkdb(path)
    db = sqlite3.connect(path)
    db.execute(SCAN_SQL, (1, "sysroot", "/", "x86_64", "", b"host-x86_64", "root",
                          "2024-01-01T00:00:00Z", "0.1.0", "6.1", "glibc", "2.36",
                          "libc.so.6 gnu_get_libc_version", "sysroot", "/usr/share/man", "6.03"))
    db.execute(SCAN_SQL, (2, "sysroot", "/usr/aarch64-linux-gnu", "aarch64", "", b"aarch64-linux-gnu",
                          "cross-prefix", "2024-01-01T00:00:01Z", "0.1.0", "6.1", "glibc", "2.36",
                          "libc.so.6 version string", "host", "/usr/share/man", "6.03"))
    db.execute(SCAN_SQL, (3, "kernel-tree", "/usr/src/linux", "all", "", b"kernel-linux", "kernel-tree",
                          "2024-01-01T00:00:02Z", "0.1.0", "6.1", None, None, None, None, None, None))
    for sid, rows in ((1, HOST), (2, AARCH64)):
        for r in rows:
            name, nr, cls, *rest = r
            db.execute(VERDICT_SQL, (sid, name.encode(), nr, cls,
                                     *[x.encode() if isinstance(x, str) else x for x in rest]))
    db.executemany("INSERT INTO input (scan_id, kind, path, version) VALUES (?,?,?,?)", [
        (1, "elf", "/lib/x86_64-linux-gnu/libc.so.6", "2.36"),
        (1, "man", "/usr/share/man/man2/read.2.gz", "6.03"),
        (1, "man", "/usr/share/man/man2/gettid.2.gz", "6.03"),
        (1, "uapi", "/usr/include/x86_64-linux-gnu/asm/unistd_64.h", None),
        (2, "elf", "/usr/aarch64-linux-gnu/lib/libc.so.6", "2.36"),
    ])
    db.execute("INSERT INTO diag (scan_id, source, severity, message) VALUES (1, 'man', 'warning', 'x')")
    db.executemany(KSINCE_SQL, KSINCE)
    if hostile:
        db.execute(SCAN_SQL, (4, "sysroot", "/tmp/evil", "x86_64", "", HOSTILE_LABEL, "root",
                              "2024-01-01T00:00:03Z", "0.1.0", "6.1", "glibc", "2.36", None,
                              "none", None, None))
        evidence = b'[{"source": "' + json_bytes(HOSTILE_SRC) + b'", "fact": "' + json_bytes(HOSTILE) + b'"}]'
        db.execute(VERDICT_SQL, (4, HOSTILE_NAME, 1, "missing", HOSTILE_WRAPPER, b"=HYPERLINK(\"x\")",
                                 b"stale,<i>x</i>", evidence))
        db.execute(VERDICT_SQL, (4, b"read", 0, "wrapped", b"read", b"GLIBC_2.2.5", b"", b"[]"))
        db.execute(KSINCE_SQL, (4, HOSTILE_NAME, b"<b>b</b>", b"=1", 0, HOSTILE_SRC, HOSTILE,
                                HOSTILE_WRAPPER))
    db.commit()
    db.close()
    return path


def json_bytes(b):
    """b as the inside of a JSON string literal, keeping invalid bytes raw
    (as a careless classifier would store them)."""
    out = bytearray()
    for ch in b:
        if ch == 0x22 or ch == 0x5c:
            out += b"\\" + bytes([ch])
        elif ch == 0x0a:
            out += b"\\n"
        elif ch == 0x0d:
            out += b"\\r"
        else:
            out.append(ch)
    return bytes(out)


def db_counts(path):
    """{label: {class: n}} straight from the verdict table."""
    db = sqlite3.connect(path)
    db.text_factory = lambda b: b.decode("utf-8", "replace")
    out = {}
    for label, cls, n in db.execute("SELECT s.label, v.class, count(*) FROM verdict v JOIN scan s"
                                    " ON s.id = v.scan_id GROUP BY v.scan_id, v.class"):
        out.setdefault(label, {})[cls] = n
    db.close()
    return out


def tmpdir():
    return tempfile.mkdtemp(prefix="syscov-report-")


class Dom(html.parser.HTMLParser):
    """A minimal DOM: every element with its tag, attributes, parent chain
    and text, enough to count visible rows and find escaped text."""

    VOID = {"meta", "br", "input", "img", "link", "hr", "rect", "path", "circle", "line"}

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.stack = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        el = {"tag": tag, "attrs": dict(attrs), "parents": [e["tag"] for e in self.stack],
              "ids": [e["attrs"].get("id") for e in self.stack], "text": [], "children": []}
        if self.stack:
            self.stack[-1]["children"].append(el)
        self.elements.append(el)
        if tag not in self.VOID:
            self.stack.append(el)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID and self.stack and self.stack[-1]["tag"] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i]["tag"] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        for e in self.stack:
            e["text"].append(data)

    def by_id(self, id_):
        for e in self.elements:
            if e["attrs"].get("id") == id_:
                return e
        return None

    def rows(self):
        """The body rows of #syscalls."""
        return [e for e in self.elements if e["tag"] == "tr" and "syscalls" in e["ids"]
                and "tbody" in e["parents"]]


def text(el):
    return "".join(el["text"])


def visible(rows):
    return [r for r in rows if "hidden" not in r["attrs"]]


def row_fields(v):
    """The texts of a verdict's cells as the page shows them."""
    k = v["kernel_since"]
    fields = [v["name"], "" if v["nr"] is None else str(v["nr"]),
              k["text"] + " " + k["source"] if k else "", v["class"], v["wrapper"] or "",
              v["since"] or "", " ".join(v["flags"])]
    fields += [(e["source"] + " " + e["fact"]) if e["source"] else e["fact"] for e in v["evidence"]]
    return fields


def expect_filter(syscalls, words):
    """The syscalls a filter of `words` keeps, computed from the JSON model:
    every word must be in some cell (or class:/flag:/-word)."""
    def match(v, w):
        if w.startswith("-") and len(w) > 1:
            return not match(v, w[1:])
        if w.startswith("class:"):
            return v["class"] == w[6:]
        if w.startswith("flag:"):
            return w[5:] in [f.lower() for f in v["flags"]]
        return any(w in f.lower() for f in row_fields(v))
    return [v["name"] for v in syscalls if all(match(v, w.lower()) for w in words.split())]


# Headless Chromium: the page is loaded, its scripts run, the DOM is dumped.
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0"]


def load(path, hash_=""):
    """(Dom, console lines, #jserrors text) of the page after its scripts."""
    profile = tempfile.mkdtemp(prefix="syscov-chromium-")
    url = "file://" + urllib.parse.quote(os.path.abspath(path)) + hash_
    try:
        p = subprocess.run([CHROMIUM, *FLAGS, "--user-data-dir=" + profile, "--dump-dom", url],
                           capture_output=True, timeout=120)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    if p.returncode != 0 or b"</html>" not in p.stdout:
        fail("chromium on %s: exit %d\n%s" % (url, p.returncode, p.stderr.decode(errors="replace")))
    console = [l for l in p.stderr.decode(errors="replace").splitlines() if ":CONSOLE" in l]
    dom = Dom(p.stdout.decode("utf-8"))
    box = dom.by_id("jserrors")
    errs = text(box) if box else "no #jserrors element"
    if box and "hidden" not in box["attrs"] and not errs:
        errs = "#jserrors shown"
    return dom, console, errs


def page(path, hash_=""):
    """A page that must render cleanly; returns its Dom."""
    dom, console, errs = load(path, hash_)
    check(not console, "%s%s: console output: %s" % (path, hash_, console))
    check(not errs, "%s%s: script errors: %s" % (path, hash_, errs))
    return dom


def names(dom):
    return [text(r["children"][0]).strip() for r in visible(dom.rows())]


def shown(dom):
    return text(dom.by_id("shown"))
