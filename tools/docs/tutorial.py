#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs a tutorial page (docs/tutorials/*.md) as a reader would, and checks what it shows.

  tutorial.py PAGE [--list] [--keep-going]

The page's fenced code blocks, in order:
  ```sh         commands, run from the repository root by 'bash -e -o pipefail' (each block in a
                shell of its own; the blocks share the files they write). A block fails the run
                when it exits non-zero.
  ```sh board   commands for a real board (flashing, a serial port): shown, not run.
  ```text       an excerpt of the output of the 'sh' block before it: each of its lines must appear
                in that output, in order (trailing blanks ignored); a line '...' stands for any
                number of lines, and '...' inside a line for any text.
Any other block is prose to the runner. --list prints the blocks without running them.
Exit 0 when every block ran and every excerpt matched, 1 naming the first that did not, 2 on a
usage error. Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FENCE = re.compile(r"^(```+|~~~+)\s*([\w-]*)\s*([\w-]*)\s*$")


def blocks(path):
    """(kind, first line number, text) of each fenced block: kind 'sh', 'board', 'text' or 'other'."""
    out, cur = [], None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if cur is None:
                m = FENCE.match(line)
                if m:
                    lang, tag = m.group(2), m.group(3)
                    kind = {"sh": "board" if tag == "board" else "sh", "text": "text"}.get(lang, "other")
                    cur = [kind, n, [], m.group(1)]
            elif line.strip() == cur[3]:
                out.append((cur[0], cur[1], "\n".join(cur[2])))
                cur = None
            else:
                cur[2].append(line)
    if cur is not None:
        raise SystemExit("tutorial: error: %s:%d: a code block is not closed" % (path, cur[1]))
    return out


def line_rx(expected):
    parts = [re.escape(p) for p in expected.rstrip().split("...")]
    return re.compile("^" + ".*".join(parts) + "$")


def excerpt_ok(excerpt, output):
    """Each excerpt line in order in the output; '...' alone skips any lines. Returns the first line
    that was not found, or None."""
    out = [l.rstrip() for l in output.splitlines()]
    i = 0
    for want in excerpt.splitlines():
        if want.strip() == "...":
            continue
        rx = line_rx(want)
        while i < len(out) and not rx.match(out[i]):
            i += 1
        if i == len(out):
            return want
        i += 1
    return None


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("page")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args(argv)
    if not os.path.isfile(a.page):
        print("tutorial: error: no page %s" % a.page, file=sys.stderr)
        return 2
    page = os.path.relpath(os.path.abspath(a.page), ROOT)
    bl = blocks(a.page)
    if a.list:
        for kind, n, text in bl:
            print("%s:%d: %s\n%s\n" % (page, n, kind, text))
        return 0
    last_out, last_at, runs, checks = None, None, 0, 0
    t_all = time.time()
    for kind, n, text in bl:
        if kind == "sh":
            t0 = time.time()
            print("tutorial: %s:%d: running" % (page, n), flush=True)
            for l in text.splitlines():
                print("  $ " + l)
            p = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
            last_out, last_at = p.stdout.decode("utf-8", "replace"), n
            runs += 1
            print("  (%.0f s, exit %d)" % (time.time() - t0, p.returncode), flush=True)
            if p.returncode != 0:
                print(last_out[-4000:])
                print("tutorial: %s:%d: the block exited %d" % (page, n, p.returncode))
                return 1
        elif kind == "text":
            if last_out is None:
                print("tutorial: %s:%d: an output excerpt with no command block before it" % (page, n))
                return 1
            miss = excerpt_ok(text, last_out)
            checks += 1
            if miss is not None:
                print(last_out[-4000:])
                print("tutorial: %s:%d: the output of the block at line %d has no line '%s' (in this order)"
                      % (page, n, last_at, miss))
                return 1
    print("tutorial: %s: %d command blocks ran, %d output excerpts matched (%.0f s)" % (
        page, runs, checks, time.time() - t_all))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
