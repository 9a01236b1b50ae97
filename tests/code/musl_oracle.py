#!/usr/bin/env python3
# This file contains the resolver of the musl oracle (tests/code/musl_oracle.sh):
# from the source map (srcmap.c's and asmmap.awk's lines) it derives which
# syscall numbers each exported function reaches and in how many calls,
# and compares that with syscov's code_syscall facts of the same libc.so.
#
#   musl_oracle.py MAP EXPORTS DYNAMIC FACTS OUTDIR
#
# MAP: the map's lines; EXPORTS: the libc.so's exported functions (nm -D),
# one name a line; DYNAMIC: musl's dynamic.list, the functions libc.so
# calls through its PLT (malloc and its family, which a program may
# replace: neither side follows a call of them); FACTS: syscov's
# "func nr depth" lines (the least depth of each fact). Prints one line per depth D (0..3):
#   depth D: syscov F facts, source G, precision P, recall R
# and writes OUTDIR/false-D (syscov's facts within D calls that the source
# never reaches) and OUTDIR/missed-D (the source's facts within D calls
# that syscov does not record within D).
#
# Depth counts as syscov counts it (docs/db.md): 0 where the function's
# own code holds the number, even when a helper it gives the number to
# traps (read() -> __syscall_cp(SYS_read, ...)); one more for each call
# below but into a function declared inline (the compiler puts those in
# the caller: musl's __wake() issues futex in each). musl's C traps are the static inline __syscallN(n, ...) of
# arch/<arch>/syscall_arch.h (srcmap's X lines): they trap with argument 1.
# A fact is the pair (function, number); precision asks whether the source
# reaches it at all (through direct calls, at any depth: the compiler's
# inlining and tail jumps put a fact fewer calls down in the binary than
# in the source, never more), recall whether syscov finds within D calls
# what the source has within D.
import re
import sys
from collections import defaultdict

DEPTHS = range(4)
FAR = 64  # "any depth": deeper than any chain of musl's calls


def read_map(path):
    funcs = {}  # key -> name
    calls = defaultdict(list)  # caller key -> [(callee name or key, args, inline)]
    aliases = {}  # alias name -> (target name, file)
    seeds = defaultdict(dict)  # key -> {(kind, v): 0}
    errors = []
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if f[0] == "F":
            funcs[f[1]] = f[2]
        elif f[0] == "C":
            args = f[3].split(",") if f[3] else []
            calls[f[1]].append((f[2], args, len(f) > 4 and f[4] == "1"))
        elif f[0] == "A":
            aliases[f[1]] = (f[2], f[3])
        elif f[0] == "X":
            if not re.fullmatch(r"__syscall[0-6]@.*", f[1]):
                errors.append("inline asm traps in %s, not one of musl's __syscallN()" % f[1])
            seeds[f[1]][("P", 1)] = 0
        elif f[0] == "N":
            seeds[f[1]][("N", int(f[2]))] = 0
        elif f[0] == "P":
            seeds[f[1]][("P", int(f[2]))] = 0
        elif f[0] == "E":
            errors.append("%s: %s" % (f[1], f[2]))
    return funcs, calls, aliases, seeds, errors


def resolver(funcs, aliases):
    """name or key -> the key of the function that runs: a definition of
    that name wins over a weak alias (musl's dummies), an alias names a
    function of its own file when no external one has that name."""
    def resolve(name, seen=()):
        if name in funcs:
            return name
        if name in aliases and name not in seen:
            target, file = aliases[name]
            if target + "@" + file in funcs:
                return target + "@" + file
            return resolve(target, seen + (name,))
        return None
    return resolve


def events(calls, seeds, resolve, plt):
    """key -> {(kind, v): least depth}: ("N", nr) a number, ("P", k) the
    number the function's argument k carries (to a trap, through helpers)."""
    ev = defaultdict(dict)
    for k, s in seeds.items():
        ev[k].update(s)
    edges = []
    for caller, cs in calls.items():
        for callee, args, inline in cs:
            c = resolve(callee)
            if c and c != caller and callee not in plt:
                edges.append((caller, c, args, inline))
    changed = True
    while changed:
        changed = False
        for caller, callee, args, inline in edges:
            mine = ev[caller]
            for (kind, v), d in list(ev[callee].items()):
                if kind == "P":
                    a = args[v - 1] if v - 1 < len(args) else "?"
                    if re.fullmatch(r"-?[0-9]+", a):
                        e = ("N", int(a))
                    elif re.fullmatch(r"p[0-9]+", a):
                        e = ("P", int(a[1:]))
                    else:
                        continue
                else:
                    e, d = ("N", v), d + (not inline)
                if d <= FAR and d < mine.get(e, FAR + 1):
                    mine[e] = d
                    changed = True
    return ev


def main():
    mapf, expf, dynf, factf, out = sys.argv[1:6]
    plt = set(re.findall(r"^\s*(\w+);", open(dynf).read(), re.M))
    funcs, calls, aliases, seeds, errors = read_map(mapf)
    for e in errors[:5]:
        print("map: " + e)
    if len(errors) > 5:
        print("map: %d more errors" % (len(errors) - 5))
    resolve = resolver(funcs, aliases)
    ev = events(calls, seeds, resolve, plt)
    exported = {}
    unmapped = []
    for name in open(expf).read().split():
        k = resolve(name)
        if k:
            exported[name] = k
        else:
            unmapped.append(name)
    src = {}  # (func, nr) -> least depth
    for name, k in exported.items():
        for (kind, v), d in ev[k].items():
            if kind == "N":
                src[(name, v)] = d
    bin_ = {}
    for line in open(factf):
        name, nr, d = line.split()
        if name in exported:
            key = (name, int(nr))
            bin_[key] = min(int(d), bin_.get(key, 99))
    print("functions: %d exported, %d mapped to the source, %d not (%s)" % (
        len(exported) + len(unmapped), len(exported), len(unmapped),
        " ".join(sorted(unmapped)[:12]) + (" ..." if len(unmapped) > 12 else "")))
    for D in DEPTHS:
        s = {f for f, d in bin_.items() if d <= D}
        o = {f for f, d in src.items() if d <= D}
        false = sorted(f for f in s if f not in src)
        missed = sorted(f for f in o if f not in s)
        p = 1 - len(false) / len(s) if s else 1.0
        r = 1 - len(missed) / len(o) if o else 1.0
        print("depth %d: syscov %d facts, source %d, precision %.4f, recall %.4f" % (D, len(s), len(o), p, r))
        with open("%s/false-%d" % (out, D), "w") as fh:
            for name, nr in false:
                fh.write("%s %d %d\n" % (name, nr, bin_[(name, nr)]))
        with open("%s/missed-%d" % (out, D), "w") as fh:
            for name, nr in missed:
                fh.write("%s %d %d %s\n" % (name, nr, src[(name, nr)], bin_.get((name, nr), "-")))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
