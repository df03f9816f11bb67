#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run the commands of README.md as a reader would, made small.

Every command in a fenced code block ("$ " lines with their "> "
continuations, or bare lines that are a clyde, clyde-mpi or make command)
is run in a scratch directory where ./clyde and clyde (on
PATH) are the clyde under test, in the order the README gives them, so
that a command may read what an earlier one wrote. What would take long
is made small: -d is the scratch directory's d, -s 16M, -r 0, -n 1,
--runs 1, --time 1, --random-time 1, -x 2, -x auto:3; a classic run
without -s gets -s 16M -r 0 -n 1. As root, clyde and clyde mark get the
-u root the README tells root to add; not root, sudo and -u root go.
mpirun and srun lines run their clyde-mpi options through clyde with
--help appended (every option parsed, nothing run); make lines are the
build's own and are only looked up in the Makefile.

usage: readme.py README CLYDE SCRATCH
       readme.py --count README
Prints "ok readme: COMMAND" or "FAIL readme: COMMAND: why" for each;
with --count, only how many commands there are (the checks' plan).
"""
import os
import re
import shlex
import subprocess
import sys

# A bare line that is a command, not output ("clyde: ...", "clyde 0.1.0: ...").
COMMAND = re.compile(r"^((sudo\s+)?(\./)?clyde\s+(-|report\b|mark\b|where\b)"
                     r"|(mpirun|srun|make)\b)")


def commands(text):
    """The README's commands, in order: (as written, shell text)."""
    found = []
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M):
        lines = block.split("\n")
        prompted = any(l.startswith("$ ") for l in lines)
        i = 0
        while i < len(lines):
            line = lines[i]
            i += 1
            if prompted:
                if not line.startswith("$ "):
                    continue
                cmd = [line[2:]]
                while i < len(lines) and lines[i].startswith("> "):
                    cmd.append(lines[i][2:])
                    i += 1
                found.append("\n".join(cmd))
            elif COMMAND.match(line):
                found.append(re.sub(r"\s+#.*$", "", line))
    return found


def small(cmd, root):
    """CMD made small, as the module's text says."""
    c = cmd
    if not root:
        c = re.sub(r"\bsudo\s+", "", c)
        c = re.sub(r"\s-u\s+root\b", "", c)
    elif not re.search(r"\s-u\s", c):
        # As the README tells root to: clyde and clyde mark want -u.
        c = re.sub(r"((?:^|[\s;])(?:\./)?clyde(?: mark)?)(\s+-)", r"\1 -u root\2", c)
    c = re.sub(r"(?<=\s)-d\s+\S+", "-d d", c)
    c = re.sub(r"(?<=\s)-s\s+[0-9]+[kKmMgGtT]?", "-s 16M", c)
    c = re.sub(r"(?<=\s)-r\s+[0-9]+[kKmMgGtT]?", "-r 0", c)
    c = re.sub(r"(?<=\s)-n\s+[0-9]+", lambda m: "-n 0" if m.group(0).endswith(" 0")
               else "-n 1", c)
    c = re.sub(r"--(runs|time|random-time)\s+[0-9]+", r"--\1 1", c)
    c = re.sub(r"(?<=\s)-x\s+auto(:[0-9]+)?", "-x auto:3", c)
    c = re.sub(r"(?<=\s)-x\s+[0-9]+", "-x 2", c)
    # A classic run of the README's own size: small too.
    if re.match(r"(sudo\s+)?(\./)?clyde\s+-", c) and " -s " not in c:
        c += " -s 16M -r 0 -n 1"
    return c


def mpi_options(cmd):
    """The clyde-mpi options of an mpirun or srun line, or None."""
    words = shlex.split(cmd)
    for i, w in enumerate(words):
        if os.path.basename(w) == "clyde-mpi":
            opts = words[i + 1:]
            # Up to a redirection or a pipe: the shell's, not clyde's.
            for j, o in enumerate(opts):
                if re.match(r"^[0-9]*[<>|]", o):
                    return opts[:j]
            return opts
    return None


def main():
    if sys.argv[1] == "--count":
        print(len(commands(open(sys.argv[2]).read())))
        return 0
    readme, clyde, scratch = sys.argv[1:4]
    root = os.geteuid() == 0
    clyde = os.path.abspath(clyde)
    bindir = os.path.join(scratch, "bin")
    os.makedirs(os.path.join(scratch, "d"), exist_ok=True)
    os.makedirs(bindir, exist_ok=True)
    for link in (os.path.join(scratch, "clyde"), os.path.join(bindir, "clyde")):
        if not os.path.lexists(link):
            os.symlink(clyde, link)
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"])
    makefile = open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                 "..", "..", "Makefile")).read()
    for cmd in commands(open(readme).read()):
        name = " ".join(cmd.split())
        if cmd.startswith("make"):
            words = shlex.split(cmd)
            targets = [w for w in words[1:] if "=" not in w and not w.startswith("-")]
            missing = [t for t in targets
                       if not re.search(r"^%s\s*:" % re.escape(t), makefile, re.M)]
            print(("FAIL readme: %s: no target %s" % (name, " ".join(missing)))
                  if missing else "ok readme: " + name)
            continue
        if cmd.startswith(("mpirun", "srun")):
            opts = mpi_options(cmd)
            if opts is None:
                print("FAIL readme: %s: no clyde-mpi in it" % name)
                continue
            run = [clyde] + opts + ["--help"]
            shell = False
        else:
            run = small(cmd, root)
            shell = True
        try:
            p = subprocess.run(run, shell=shell, cwd=scratch, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               timeout=600)
        except subprocess.TimeoutExpired:
            print("FAIL readme: %s: still running after 600 s" % name)
            continue
        if p.returncode == 0:
            print("ok readme: " + name)
        else:
            why = p.stderr.decode(errors="replace").strip().split("\n")[-1:]
            print("FAIL readme: %s: exit %d as %s: %s" % (
                name, p.returncode, run if not shell else " ".join(run.split()),
                why[0] if why else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
