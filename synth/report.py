#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Helper of synth/synth.mk: the reports of the sweep.

  report.py report --configs F --csv OUT.csv --md OUT.md [--registry build/gen/registry.json]
      gathers every configuration's result.json into the CSV and the markdown report, one
      section per unit of the registry (a unit with a section of its own below gets it, any
      other unit a generic table of every row).
  report.py check  --csv OUT.csv
      prints the status counts; exits 1 when a row has status FAIL.

Standard library only. Paths are relative to the repository root (the current directory).
"""
import argparse
import csv
import json
import importlib.util
import os
import re
import sys

sys.dont_write_bytecode = True  # keep synth/__pycache__ out of the source tree
from synth import fmt_int, label, read  # noqa: E402

CSV_FIELDS = ["unit", "tag", "impl", "policy", "W", "params", "cells", "transistors",
              "nand2_eq", "depth", "flops", "status", "comb_nand2_eq", "seconds"]

# Brunie & Collange 2013, Table 5: 32 lanes, 28 nm, NAND2-eq area and FO4 delay.
PAPER = {  # operator: (area-opt NAND2, FO4, delay-opt NAND2, FO4)
    "PC": (6045, 164, 16067, 121),
    "Memory": (1308, 163, 3560, 75),
    "Combined": (6914, 164, 16982, 121),
    "Unified": (7197, 164, 15681, 121),
}


def load(configs_file):
    base = os.path.dirname(configs_file)
    rows = []
    for c in read(configs_file).split():
        r = read(os.path.join(base, c, "result.json"))
        if r is None:
            rows.append({"unit": c, "tag": "", "impl": "", "policy": "", "W": "", "params": "",
                         "status": "FAIL", "reason": "no result (run interrupted?)",
                         "other_warnings": []})
        else:
            rows.append(json.loads(r))
    return rows


def key(r):
    return (r["unit"], r.get("tag", ""), str(r["impl"]), str(r["policy"]), int(r["W"] or 0))


def find(rows, unit, impl, policy, w, tag=""):
    for r in rows:
        if (r["unit"], r.get("tag", ""), str(r["impl"]), str(r["policy"]), str(r["W"])) == \
                (unit, tag, impl, policy, str(w)):
            return r
    return None


def params(r):
    """The row's parameters as a dict of ints (W included)."""
    d = {k: int(v) for k, v in (p.split("=", 1) for p in (r.get("params") or "").split())}
    d["W"] = int(r["W"])
    return d


def ok(r):
    return r is not None and r.get("status") == "ok"


def pct(a, b):
    return "%+.1f%%" % (100.0 * (a / b - 1.0))


def pivot(rows, units, title, field):
    ws = sorted({int(r["W"]) for r in rows if r["W"] != "" and r["unit"] in units})
    out = ["### %s\n" % title]
    out.append("| unit | impl | policy | " + " | ".join("W=%d" % w for w in ws) + " |")
    out.append("|---|---|---|" + "---:|" * len(ws))
    seen = []
    for r in sorted(rows, key=key):
        k = (r["unit"], r.get("tag", ""), str(r["impl"]), str(r["policy"]))
        if r["unit"] in units and k not in seen:
            seen.append(k)
    for unit, tag, impl, pol in seen:
        cells = []
        for w in ws:
            r = find(rows, unit, impl, pol, w, tag)
            if r is None:
                cells.append("")
            elif not ok(r):
                cells.append(r["status"])
            else:
                cells.append(field(r))
        name = unit + (" " + tag if tag else "")
        out.append("| %s | %s | %s | %s |" % (name, impl or "-", pol or "-", " | ".join(cells)))
    out.append("")
    return out


def state_field(r):
    return "%s / %s / %s (%s)" % (fmt_int(r["nand2_eq"]), fmt_int(r["comb_nand2_eq"]), r["flops"],
                                  r["depth"])


# ---------------------------------------------------------------------------------------------
# Scoreboards (ElTantawy et al. 2014 §3.3.2, Fig. 8): R-mask against the baseline

SB_RMASK, SB_BASE = "simt_rmask_sb", "simt_sb_base"


def clog2(n):
    return max(1, (n - 1).bit_length())


def ratio(a, b):
    return "x%.2f" % (a / b) if a is not None and b else "n/a"


# ---------------------------------------------------------------------------------------------
# ST/RT tables (ElTantawy et al. 2014 §3-4): one warp's Split and Reconvergence Tables


UNIT_OF = {}  # top module -> registry unit (cmd_report fills it from the registry)


# ---------------------------------------------------------------------------------------------
# Hyper-threaded stack (Steffen 2012 §4.2): every configuration against the plain PDOM stack
# (K = 1) of the same W and depth rule, the baseline each ratio is taken against.


def time_group(r):
    u = UNIT_OF.get(r["unit"], r["unit"])
    return u + (", paper configuration" if r.get("tag", "").startswith("paper") else "")


def run_times(rows):
    """Yosys wall time of the configurations (the last run of each; cached ones keep theirs)."""
    timed = [r for r in rows if r.get("status") in ("ok", "FAIL") and
             str(r.get("seconds", "")) not in ("", "None")]
    if not timed:
        return []
    groups = {}
    for r in timed:
        n, t = groups.get(time_group(r), (0, 0.0))
        groups[time_group(r)] = (n + 1, t + float(r["seconds"]))
    total = sum(t for _, t in groups.values())
    out = ["### Synthesis run times\n"]
    out.append("Wall time of each configuration's Yosys run (YoWASP, one job; on a shared machine "
               "these vary by some 10-30%%). Total %.0f s (%.1f min) over %d configurations.\n" % (
                   total, total / 60, len(timed)))
    out.append("| group | configurations | seconds | slowest |")
    out.append("|---|---:|---:|---|")
    for g, (n, t) in sorted(groups.items(), key=lambda kv: -kv[1][1]):
        slow = max((r for r in timed if time_group(r) == g), key=lambda r: float(r["seconds"]))
        out.append("| %s | %d | %.0f | %s (%.0f s) |" % (g, n, t, label(slow), float(slow["seconds"])))
    out.append("")
    return out


def unit_hook(u):
    """A unit's own sections of the report: synth/report_<unit>.py, whose sections(rows, tops)
    gives them (the rows are those of the unit's tops), or None."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "report_%s.py" % u)
    if not os.path.exists(path):
        return None
    spec = importlib.util.spec_from_file_location("report_" + u, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def unit_sections(rows, u, tops):
    """The area report's sections of registry unit u (its rows are those of tops): the same text in
    build/synth/area.md and in the unit's datasheet (tools/docs/datasheet.py, from docs/data/area.csv).
    A unit's hook (unit_hook) writes its own; any other unit gets its table of every row."""
    if not tops:
        return []
    hook = unit_hook(u)
    if hook:
        return hook.sections(rows, tops)
    return pivot(rows, tops, "%s: total NAND2-eq / combinational NAND2-eq / "
                 "flip-flop bits (depth in cells)" % u, state_field)


def cmd_report(args):
    rows = load(args.configs)
    with open(args.csv + ".tmp", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(CSV_FIELDS)
        for r in rows:
            w.writerow([r.get(k, "") for k in CSV_FIELDS])
    os.replace(args.csv + ".tmp", args.csv)

    version = ""
    for r in rows:
        m = re.search(r"^(Yosys \d[^\n]*)$", read(os.path.join(r.get("dir", ""), "yosys.log")) or "",
                      re.M) if r.get("dir") else None
        if m:
            version = m.group(1)
            break
    units = []
    if args.registry:
        with open(args.registry) as f:
            for u in json.load(f)["units"]:
                units.append(u["name"])
                for t in u["tops"]:
                    UNIT_OF[t] = u["name"]
    md = ["Area (NAND2-eq) and logic depth, generated by `make synth` (synth/synth.mk; rows from the "
          "unit descriptors units/<unit>.toml). %s; "
          "`synth -flatten; abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX; stat -tech cmos; ltp -noff`. "
          "NAND2-eq = transistors / 4; depth = cells on the longest combinational path. "
          "Arbiters: PC_W = 32, SP_W = 0, OFF_W = 7; warp control: PC_W = 32, SP_W = 8, "
          "OFF_W = 7. impl 0 = area-optimised (MSB-first elimination), 1 = delay-optimised "
          "(comparator tree); policy = the memory arbiter's POLICY / MEM_POLICY "
          "(1 first valid lane, 0 minimum line; with POLICY = 1 the memory arbiter has no IMPL "
          "variant). Scoreboards and ST/RT tables: parameters in their sections. Method and "
          "caveats: synth/README.md. Raw numbers: build/synth/area.csv.\n"
          % (version or "Yosys")]
    tops_of = {u: sorted({r["unit"] for r in rows if UNIT_OF.get(r["unit"]) == u}) for u in units}
    for u in units:
        md += unit_sections(rows, u, tops_of[u])
    other = sorted({r["unit"] for r in rows if r["unit"] not in UNIT_OF})
    if other:
        md += pivot(rows, other, "Modules of no registry unit: total NAND2-eq / combinational NAND2-eq / "
                    "flip-flop bits (depth in cells)", state_field)
    md += run_times(rows)
    bad = [r for r in rows if r.get("status") != "ok"]
    warned = [r for r in rows if r.get("status") == "ok" and r.get("other_warnings")]
    if bad or warned:
        md.append("### Notes\n")
        for r in bad:
            md.append("- %s: **%s** (%s)" % (label(r) if r["W"] != "" else r["unit"],
                                             r["status"], r.get("reason", "")))
        for r in warned:
            md.append("- %s: %d Yosys warning(s), first: %s" % (
                label(r), len(r["other_warnings"]), r["other_warnings"][0]))
        md.append("")
    with open(args.md + ".tmp", "w") as f:
        f.write("\n".join(md))
    os.replace(args.md + ".tmp", args.md)
    print("synth: %d configurations -> %s, %s" % (len(rows), args.csv, args.md))
    return 0


def cmd_check(args):
    with open(args.csv) as f:
        rows = list(csv.DictReader(f))
    bad = [r for r in rows if r["status"] == "FAIL"]
    for r in bad:
        print("synth: FAIL %s%s impl=%s policy=%s W=%s" % (r["unit"], (" " + r["tag"]) if r.get("tag") else "", r["impl"], r["policy"], r["W"]),
              file=sys.stderr)
    n = {s: sum(r["status"] == s for r in rows) for s in ("ok", "FAIL")}
    print("synth: %d ok, %d FAIL; report %s" % (
        n["ok"], n["FAIL"], os.path.splitext(args.csv)[0] + ".md"))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("report")
    p.add_argument("--configs", required=True)
    p.add_argument("--csv", required=True)
    p.add_argument("--md", required=True)
    p.add_argument("--registry", default="")
    p = sub.add_parser("check")
    p.add_argument("--csv", required=True)
    args = ap.parse_args()
    return {"report": cmd_report, "check": cmd_check}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
