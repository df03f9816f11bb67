#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make check-layers, second half: no circles between source files.

Reads the symbols each object of BUILD/obj defines and uses (nm), draws an
edge from a file to every file whose symbol it uses, and prints each
strongly connected set of two or more files (a circle of calls or data
references, which include order alone cannot see). Prints "ok cycles: ..."
or one "FAIL cycles: ..." line per circle; exits 1 on any.
"""
import os
import subprocess
import sys


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True,
                         check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDRBCV":
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] == "U":
            used.add(parts[1])
    return defined, used


def circles(graph):
    """Tarjan's strongly connected components, iteratively."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def main():
    # Usage: check_cycles.py BUILD [OBJECT...]: the objects the Makefile
    # links (so that objects of deleted sources left in BUILD/obj do not
    # count), or every object under BUILD/obj when none is named.
    objdir = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "build", "obj")
    objs = sys.argv[2:]
    if not objs:
        for folder, _, names in os.walk(objdir):
            objs += [os.path.join(folder, n) for n in names
                     if n.endswith(".o")]
    if not objs:
        print("FAIL cycles: no objects under %s (build first)" % objdir)
        return 1
    owner, uses = {}, {}
    for obj in sorted(objs):
        name = os.path.relpath(obj, objdir)[:-2] + ".c"
        defined, used = symbols(obj)
        uses[name] = used
        for sym in defined:
            owner[sym] = name
    graph = {n: {owner[s] for s in u if s in owner and owner[s] != n}
             for n, u in uses.items()}
    found = circles(graph)
    for comp in found:
        print("FAIL cycles: these files use each other: " + " ".join(comp))
    if not found:
        print("ok cycles: %d files, no circle of calls between them" % len(objs))
    return 1 if found else 0


sys.exit(main())
