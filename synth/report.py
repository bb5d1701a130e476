#!/usr/bin/env python3
"""Helper of synth/synth.mk: the reports of the sweep.

  report.py report --configs F --csv OUT.csv --md OUT.md
      gathers every configuration's result.json into the CSV and the markdown report.
  report.py check  --csv OUT.csv
      prints the status counts; exits 1 when a row has status FAIL.

Standard library only. Paths are relative to the repository root (the current directory).
"""
import argparse
import csv
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # keep synth/__pycache__ out of the source tree
from synth import fmt_int, label, read  # noqa: E402

CSV_FIELDS = ["unit", "impl", "policy", "W", "pc_w", "sp_w", "cells", "transistors",
              "nand2_eq", "depth", "flops", "status", "comb_nand2_eq"]

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
            rows.append({"unit": c, "impl": "", "policy": "", "W": "", "pc_w": "", "sp_w": "",
                         "status": "FAIL", "reason": "no result (run interrupted?)",
                         "other_warnings": []})
        else:
            rows.append(json.loads(r))
    return rows


def key(r):
    return (r["unit"], str(r["impl"]), str(r["policy"]), int(r["W"] or 0))


def find(rows, unit, impl, policy, w):
    for r in rows:
        if (r["unit"], str(r["impl"]), str(r["policy"]), str(r["W"])) == (unit, impl, policy, str(w)):
            return r
    return None


def ok(r):
    return r is not None and r.get("status") == "ok"


def pct(a, b):
    return "%+.1f%%" % (100.0 * (a / b - 1.0))


def table5(rows):
    """Our W = 32 numbers beside Brunie & Collange 2013 Table 5."""
    ops = [("PC", "simt_arb_pc", "", "0", "", "1"),
           ("Memory", "simt_arb_mem", "", "1", "", "1"),
           ("Combined", "simt_arb_combined", "0", "1", "1", "1"),
           ("Unified", "simt_arb_unified", "0", "", "1", "")]
    out = []
    out.append("### W = 32 beside Brunie & Collange 2013, Table 5\n")
    out.append("PC_W = 32, SP_W = 0, OFF_W = 7 (32-bit PCs and addresses, 128-byte lines). "
               "Memory = priority-encoder policy (POLICY = 1, as the paper's memory unit, "
               "no IMPL variant); Combined = PC arbiter + that memory arbiter "
               "(MEM_POLICY = 1). Paper: Cadence RTL Compiler, 28 nm, NAND2-equivalent area "
               "and FO4 delay; ours: Yosys/ABC generic gates, transistors / 4 and cell levels "
               "(see synth/README.md).\n")
    out.append("| operator | ours area-opt NAND2-eq | ours depth (cells) | paper NAND2 | paper FO4 "
               "| ours delay-opt NAND2-eq | ours depth (cells) | paper NAND2 | paper FO4 |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    got = {}
    for name, unit, ia, pa, idl, pd in ops:
        if unit == "simt_arb_pc" or unit == "simt_arb_unified":
            ra, rd = find(rows, unit, "0", "", 32), find(rows, unit, "1", "", 32)
        elif unit == "simt_arb_mem":
            ra = rd = find(rows, unit, "", "1", 32)
        else:
            ra, rd = find(rows, unit, "0", "1", 32), find(rows, unit, "1", "1", 32)
        got[name] = (ra, rd)
        p = PAPER[name]

        def cell(r, f):
            if r is None:
                return "n/a"
            if not ok(r):
                return r.get("status", "?")
            return fmt_int(r[f])
        out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            name, cell(ra, "nand2_eq"), cell(ra, "depth"), fmt_int(p[0]), p[1],
            cell(rd, "nand2_eq"), cell(rd, "depth"), fmt_int(p[2]), p[3]))
    # The minimum-line memory arbiter (the policy of the unified arbiter's memory mode).
    ra, rd = find(rows, "simt_arb_mem", "0", "0", 32), find(rows, "simt_arb_mem", "1", "0", 32)
    if ra or rd:
        out.append("| Memory, min-line (POLICY = 0) | %s | %s | | | %s | %s | | |" % (
            fmt_int(ra["nand2_eq"]) if ok(ra) else "n/a", ra["depth"] if ok(ra) else "n/a",
            fmt_int(rd["nand2_eq"]) if ok(rd) else "n/a", rd["depth"] if ok(rd) else "n/a"))
    out.append("")

    # Targets and ratios.
    out.append("Targets and ratios (W = 32):\n")
    pa, pd = got["PC"]
    ua, ud = got["Unified"]
    ca, cd = got["Combined"]
    if ok(pa):
        a = float(pa["nand2_eq"])
        out.append("- PC arbiter, area-optimised: %s NAND2-eq vs paper 6,045 (target <= 6,045): "
                   "**%s** (%s)." % (fmt_int(a), "met" if a <= 6045 else "NOT met",
                                      pct(a, 6045)))
    if ok(pa) and ok(ua):
        ratio = float(ua["nand2_eq"]) / float(pa["nand2_eq"])
        out.append("- Unified / PC, area-optimised: %s (paper 7,197 / 6,045 = +19.1%%; target "
                   "at most +19%%): **%s**." % (pct(float(ua["nand2_eq"]), float(pa["nand2_eq"])),
                                                 "met" if ratio <= 1.19 else "NOT met"))
    if ok(pd) and ok(ud):
        out.append("- Unified / PC, delay-optimised: %s (paper 15,681 / 16,067 = -2.4%%)." %
                   pct(float(ud["nand2_eq"]), float(pd["nand2_eq"])))
    if ok(pa) and ok(ca):
        out.append("- Combined / PC, area-optimised: %s (paper 6,914 / 6,045 = +14.4%%)." %
                   pct(float(ca["nand2_eq"]), float(pa["nand2_eq"])))
    if ok(pd):
        out.append("- PC arbiter, delay-optimised: %s NAND2-eq at depth %s cells, beside the "
                   "paper's 16,067 NAND2 at 121 FO4 (%s); no timing-driven sizing here." % (
                       fmt_int(pd["nand2_eq"]), pd["depth"], pct(float(pd["nand2_eq"]), 16067)))
    if ok(pa) and ok(pd):
        out.append("- Delay-opt / area-opt for PC: area x%.2f (paper x%.2f), depth x%.2f "
                   "(paper FO4 x%.2f)." % (
                       float(pd["nand2_eq"]) / float(pa["nand2_eq"]), 16067 / 6045,
                       float(pd["depth"]) / float(pa["depth"]), 121 / 164))
    out.append("")
    return out


def pivot(rows, units, title, field):
    ws = sorted({int(r["W"]) for r in rows if r["W"] != ""})
    out = ["### %s\n" % title]
    out.append("| unit | impl | policy | " + " | ".join("W=%d" % w for w in ws) + " |")
    out.append("|---|---|---|" + "---:|" * len(ws))
    seen = []
    for r in sorted(rows, key=key):
        k = (r["unit"], str(r["impl"]), str(r["policy"]))
        if r["unit"] in units and k not in seen:
            seen.append(k)
    for unit, impl, pol in seen:
        cells = []
        for w in ws:
            r = find(rows, unit, impl, pol, w)
            if r is None:
                cells.append("")
            elif not ok(r):
                cells.append(r["status"])
            else:
                cells.append(field(r))
        out.append("| %s | %s | %s | %s |" % (unit, impl or "-", pol or "-", " | ".join(cells)))
    out.append("")
    return out


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
    arb = sorted({r["unit"] for r in rows if r["unit"].startswith("simt_arb")})
    other = sorted({r["unit"] for r in rows if r["unit"] not in arb})
    md = ["Area (NAND2-eq) and logic depth, generated by `make synth` (synth/synth.mk). %s; "
          "`synth -flatten; abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX; stat -tech cmos; ltp -noff`. "
          "NAND2-eq = transistors / 4; depth = cells on the longest combinational path. "
          "Arbiters: PC_W = 32, SP_W = 0, OFF_W = 7; warp control: PC_W = 32, SP_W = 8, "
          "OFF_W = 7. impl 0 = area-optimised (MSB-first elimination), 1 = delay-optimised "
          "(comparator tree); policy = the memory arbiter's POLICY / MEM_POLICY "
          "(1 first valid lane, 0 minimum line; with POLICY = 1 the memory arbiter has no IMPL "
          "variant). Method and caveats: synth/README.md. Raw numbers: build/synth/area.csv.\n"
          % (version or "Yosys")]
    md += table5(rows)
    md += pivot(rows, arb, "Arbiters: NAND2-eq (depth in cells)",
                lambda r: "%s (%s)" % (fmt_int(r["nand2_eq"]), r["depth"]))
    if other:
        md += pivot(rows, other, "Warp control: total NAND2-eq / combinational NAND2-eq / "
                    "flip-flop bits (depth in cells, between flip-flops and ports)",
                    lambda r: "%s / %s / %s (%s)" % (fmt_int(r["nand2_eq"]),
                                                     fmt_int(r["comb_nand2_eq"]), r["flops"],
                                                     r["depth"]))
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
        print("synth: FAIL %s impl=%s policy=%s W=%s" % (r["unit"], r["impl"], r["policy"], r["W"]),
              file=sys.stderr)
    n = {s: sum(r["status"] == s for r in rows) for s in ("ok", "FAIL", "missing")}
    print("synth: %d ok, %d FAIL, %d missing; report %s" % (
        n["ok"], n["FAIL"], n["missing"], os.path.splitext(args.csv)[0] + ".md"))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("report")
    p.add_argument("--configs", required=True)
    p.add_argument("--csv", required=True)
    p.add_argument("--md", required=True)
    p = sub.add_parser("check")
    p.add_argument("--csv", required=True)
    args = ap.parse_args()
    return {"report": cmd_report, "check": cmd_check}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
