#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Helper of synth/synth.mk: run one Yosys configuration (the report is synth/report.py).

  synth.py run     --dir D --yosys CMD --configs F --unit U --impl I --policy P --tag T --w N
                   --params 'NAME=VALUE ...'
      runs D/run.ys with Yosys (log D/yosys.log), parses D/stat.txt, D/stat_ff.txt and
      D/ltp.txt, applies the warning gate and writes D/result.json; prints one progress line.
  synth.py netlist-gate --log LOG
      exits 1 when the log has a fatal warning (same gate as 'run').

Standard library only. Paths are relative to the repository root (the current directory).
"""
import argparse
import fcntl
import json
import os
import re
import shlex
import subprocess
import sys
import time

# Yosys warnings that fail a configuration (design brief, "Tool notes": a misread of the RTL
# shows up only as one of these, and the design still synthesises, wrongly).
FATAL_WARNING = re.compile(r"implicit|latch|driver|undriven|conflict|multiple", re.I)

# ---------------------------------------------------------------------------------------------
# Parsing Yosys output

def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return None


def parse_stat(text):
    """Cells, transistors (and whether Yosys marked the estimate incomplete with '+'),
    and the count of each cell type, from a 'stat -tech cmos' report (last module block)."""
    cells = trans = None
    partial = False
    types = {}
    for line in text.splitlines():
        m = re.match(r"\s*Number of cells:\s+(\d+)", line)
        if m:
            cells = int(m.group(1))
            types = {}
            continue
        m = re.match(r"\s*Estimated number of transistors:\s+(\d+)(\+?)", line)
        if m:
            trans = int(m.group(1))
            partial = m.group(2) == "+"
            continue
        m = re.match(r"\s+(\$\S+)\s+(\d+)\s*$", line)
        if m:
            types[m.group(1)] = int(m.group(2))
    return cells, trans, partial, types


def parse_ltp(text):
    m = re.search(r"Longest topological path in \S+ \(length=(\d+)\)", text or "")
    return int(m.group(1)) if m else None


def log_warnings(text):
    """Yosys warnings of a log ('[file:line: ]Warning: ...'), first line of each."""
    out = []
    for line in (text or "").splitlines():
        if re.search(r"\bWarning:", line):
            out.append(line.strip())
    return out


def log_error(text):
    for line in (text or "").splitlines():
        if re.search(r"\bERROR:", line):
            return line.strip()
    return None


def fmt_num(x):
    """transistors / 4 is a multiple of 0.25: keep it exact, without a useless '.0'."""
    return ("%d" % x) if x == int(x) else ("%g" % x)


def fmt_int(x):
    if x in ("", None):
        return ""
    return "{:,}".format(int(round(float(x))))


# ---------------------------------------------------------------------------------------------
# One configuration

def parse_params(text):
    """'NAME=VALUE ...' (the configuration's parameters besides W, IMPL and the policy) as
    an ordered list of (name, value) pairs."""
    out = []
    for word in (text or "").split():
        name, sep, value = word.partition("=")
        if not sep or not name or not value:
            raise SystemExit("synth.py: bad parameter '%s' (NAME=VALUE expected)" % word)
        out.append((name, value))
    return out


def label(r):
    s = r["unit"]
    if r.get("tag"):
        s += " " + r["tag"]
    if r["impl"] != "":
        s += " impl=%s" % r["impl"]
    if r["policy"] != "":
        s += " policy=%s" % r["policy"]
    return s + " W=%s" % r["W"]


def progress(args, r, text):
    """Print '[k/n] label: text' where k counts the configurations with a result so far;
    the result file is written under a lock so that parallel jobs count consistently."""
    cfgs = read(args.configs).split()
    lock = os.path.join(os.path.dirname(args.dir.rstrip("/")) or ".", ".progress.lock")
    with open(lock, "w") as lf:
        fcntl.flock(lf, fcntl.LOCK_EX)
        tmp = os.path.join(args.dir, "result.json.tmp")
        with open(tmp, "w") as f:
            json.dump(r, f, indent=1, sort_keys=True)
            f.write("\n")
        os.replace(tmp, os.path.join(args.dir, "result.json"))
        base = os.path.dirname(args.dir.rstrip("/"))
        done = sum(os.path.exists(os.path.join(base, c, "result.json")) for c in cfgs)
        print("[%d/%d] %s: %s" % (done, len(cfgs), label(r), text), flush=True)


def base_result(args):
    return {"unit": args.unit, "tag": args.tag, "impl": args.impl, "policy": args.policy,
            "W": args.w, "params": " ".join("%s=%s" % p for p in parse_params(args.params)),
            "cells": "", "transistors": "",
            "nand2_eq": "", "depth": "", "flops": "", "comb_nand2_eq": "", "status": "",
            "reason": "", "other_warnings": [], "seconds": "", "dir": args.dir}


def run_yosys(yosys, d, stale):
    """Yosys on d/run.ys, its log in d/yosys.log and its console in d/yosys.out, after removing
    the outputs of an earlier run (stale, names in d). (exit status, seconds, log path)."""
    for f in stale:
        try:
            os.remove(os.path.join(d, f))
        except FileNotFoundError:
            pass
    log = os.path.join(d, "yosys.log")
    t0 = time.time()
    with open(os.path.join(d, "yosys.out"), "w") as out:
        rc = subprocess.call(shlex.split(yosys) + ["-q", "-l", log, "-s", os.path.join(d, "run.ys")],
                             stdout=out, stderr=subprocess.STDOUT)
    return rc, round(time.time() - t0, 1), log


def cmd_run(args):
    r = base_result(args)
    res = os.path.join(args.dir, "result.json")
    rc, r["seconds"], log = run_yosys(args.yosys, args.dir,
                                      ("result.json", "stat.txt", "stat_ff.txt", "ltp.txt", "yosys.log"))
    logtext = read(log) or ""
    warns = log_warnings(logtext)
    fatal = [w for w in warns if FATAL_WARNING.search(w)]
    r["other_warnings"] = [w for w in warns if not FATAL_WARNING.search(w)]

    stat = read(os.path.join(args.dir, "stat.txt"))
    statff = read(os.path.join(args.dir, "stat_ff.txt"))
    depth = parse_ltp(read(os.path.join(args.dir, "ltp.txt")))
    reasons = []
    if rc != 0:
        err = log_error(logtext) or log_error(read(os.path.join(args.dir, "yosys.out")))
        reasons.append("yosys exit %d%s" % (rc, ": " + err if err else ""))
    if fatal:
        reasons.append("%d fatal warning(s), first: %s" % (len(fatal), fatal[0]))
    if stat is not None:
        cells, trans, partial, types = parse_stat(stat)
        flops = sum(n for t, n in types.items() if re.match(r"\$_(S?DFF|DLATCH|SR)", t))
        plain = types.get("$_DFF_P_", 0) + types.get("$_DFF_N_", 0)
        ff_trans = 0
        if plain and statff is not None:
            ff_trans = parse_stat(statff)[1] or 0
        if partial:
            unknown = sorted(t for t in types if not re.match(
                r"\$_(NOT|AND|NAND|OR|NOR|ANDNOT|ORNOT|XOR|XNOR|MUX|NMUX|AOI3|OAI3|AOI4|OAI4"
                r"|DFF_P|DFF_N)_$", t))
            reasons.append("transistor estimate incomplete (cells without a cost: %s)"
                           % (", ".join(unknown) or "?"))
        if flops != plain:
            reasons.append("%d flip-flop bits not mapped to $_DFF_P_" % (flops - plain))
        if cells is not None and trans is not None:
            r.update(cells=cells, transistors=trans, nand2_eq=fmt_num(trans / 4),
                     flops=flops, comb_nand2_eq=fmt_num((trans - ff_trans) / 4))
    elif rc == 0:
        reasons.append("no stat report")
    if depth is not None:
        r["depth"] = depth
    elif rc == 0:
        reasons.append("no ltp report")
    r["status"] = "FAIL" if reasons else "ok"
    r["reason"] = "; ".join(reasons)

    if r["status"] == "ok":
        text = "%s NAND2-eq, depth %s" % (fmt_int(r["nand2_eq"]), depth)
        if r["flops"]:
            text += ", %d flop bits (combinational %s NAND2-eq)" % (
                r["flops"], fmt_int(r["comb_nand2_eq"]))
        if r["other_warnings"]:
            text += ", %d other warning(s)" % len(r["other_warnings"])
    else:
        text = "FAIL (%s; see %s)" % (r["reason"], log)
    progress(args, r, text + "  [%.1f s]" % r["seconds"])
    assert os.path.exists(res)
    return 0


def cmd_netlist_gate(args):
    warns = log_warnings(read(args.log))
    fatal = [w for w in warns if FATAL_WARNING.search(w)]
    for w in fatal:
        print("synth-netlist: fatal Yosys warning: %s" % w, file=sys.stderr)
    return 1 if fatal else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("run")
    p.add_argument("--dir", required=True)
    p.add_argument("--configs", required=True)
    p.add_argument("--unit", required=True)
    p.add_argument("--impl", default="")
    p.add_argument("--policy", default="")
    p.add_argument("--tag", default="")
    p.add_argument("--w", required=True)
    p.add_argument("--params", default="")
    p.add_argument("--yosys", required=True)
    p = sub.add_parser("netlist-gate")
    p.add_argument("--log", required=True)
    args = ap.parse_args()
    return {"run": cmd_run, "netlist-gate": cmd_netlist_gate}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
