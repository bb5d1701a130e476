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
# The paper (§6.6): FreePDK 45 nm, scoreboard as a set-associative SRAM (FabMem, 6 read and
# 3 write ports), 48 warps x 8 entries: R-mask 175,432 um^2, baseline 91,365 um^2.
SB_PAPER = (175432, 91365)


def clog2(n):
    return max(1, (n - 1).bit_length())


def sb_state_bits(r):
    """State bits the contract asks for (docs/units/rmask_sb.md, "State"): the scoreboard
    table and the I-buffer, as (table, I-buffer)."""
    p = params(r)
    nt, nop = p["NW"] * p["NE"], p["NSRC"] + 1
    mask = p["W"] if r["unit"] == SB_RMASK else 0
    table = nt * ((p["W"] if r["unit"] == SB_RMASK else 1) + p["REG_W"])
    ib = p["NIB"] * (1 + clog2(p["NW"]) + mask + nop + nop * p["REG_W"] + nop)
    return table, ib


def sb_split(rows, unit, tag, w):
    """(whole unit, table alone, one I-buffer slot) in NAND2-eq, from the unit at its NIB and
    at NIB = 1: slot = (T(NIB) - T(1)) / (NIB - 1), table = T(1) - slot. None if missing."""
    full = find(rows, unit, "", "", w, tag)
    one = find(rows, unit, "", "", w, (tag + "-nib1") if tag else "nib1")
    if not (ok(full) and ok(one)):
        return None
    nib = params(full)["NIB"]
    t, t1 = float(full["nand2_eq"]), float(one["nand2_eq"])
    slot = (t - t1) / (nib - 1) if nib > 1 else 0.0
    return t, t1 - slot, slot


def ratio(a, b):
    return "x%.2f" % (a / b) if a is not None and b else "n/a"


def scoreboards(rows):
    if not any(r["unit"] in (SB_RMASK, SB_BASE) for r in rows):
        return []
    out = ["### Scoreboards: R-mask (Fig. 8b) against the baseline (Fig. 8a)\n"]
    out.append("ElTantawy et al. 2014 §3.3.2. Default set NW = 4 warps, NE = 8 entries, REG_W = 6, "
               "NIB = 8 I-buffer slots, NSRC = 2; paper = the GTX480 setting of §6.6: 48 warps x "
               "8 entries, W = 32, NIB = 48 (one split per warp), NSRC = 2, mapped with `abc -fast` "
               "(the default ABC script does not finish at that size); fast = the default set at "
               "W = 32 mapped with `abc -fast` too, to show what -fast changes. Both units include their "
               "I-buffer (dependency masks, re-evaluation at writeback) and all state in flip-flops. "
               "Cells: total NAND2-eq (combinational NAND2-eq, flip-flop bits) and depth in cells.\n")
    cfgs = [("", w) for w in sorted({int(r["W"]) for r in rows
                                     if r["unit"] == SB_RMASK and r.get("tag", "") == ""})]
    cfgs += [(t, int(r["W"])) for t in ("fast", "paper") for r in rows
             if r["unit"] == SB_RMASK and r.get("tag", "") == t]
    out.append("| config | W | R-mask: NAND2-eq (comb / flop bits) | depth | baseline: NAND2-eq "
               "(comb / flop bits) | depth | R-mask / baseline: total | combinational | flop bits |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    notes = []

    def cell(r):
        if r is None:
            return "n/a"
        if not ok(r):
            return r["status"]
        return "%s (%s / %s)" % (fmt_int(r["nand2_eq"]), fmt_int(r["comb_nand2_eq"]),
                                 fmt_int(r["flops"]))

    for tag, w in cfgs:
        a, b = find(rows, SB_RMASK, "", "", w, tag), find(rows, SB_BASE, "", "", w, tag)
        both = ok(a) and ok(b)
        out.append("| %s | %d | %s | %s | %s | %s | %s | %s | %s |" % (
            tag or "default", w, cell(a), a["depth"] if ok(a) else "", cell(b),
            b["depth"] if ok(b) else "",
            ratio(float(a["nand2_eq"]), float(b["nand2_eq"])) if both else "n/a",
            ratio(float(a["comb_nand2_eq"]), float(b["comb_nand2_eq"])) if both else "n/a",
            ratio(float(a["flops"]), float(b["flops"])) if both else "n/a"))
    out.append("")

    out.append("Scoreboard table alone against the I-buffer: each configuration is also "
               "synthesised with NIB = 1 (tag nib1); one I-buffer slot = (T(NIB) - T(1)) / "
               "(NIB - 1) and the table alone = T(1) - one slot (the table, its lookup and update "
               "logic and the issue/decode/writeback ports, without any I-buffer slot). "
               "Table state bits = NW x NE x (W + REG_W) (R-mask) or NW x NE x (1 + REG_W) "
               "(baseline).\n")
    out.append("| config | W | R-mask table alone | baseline table alone | ratio, table alone "
               "| ratio, whole unit | I-buffer slot R-mask / baseline | table state bits R-mask / "
               "baseline |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|")
    for tag, w in cfgs:
        if tag == "fast":
            continue  # no nib1 variant: the fast row only calibrates the whole units
        sa, sb = sb_split(rows, SB_RMASK, tag, w), sb_split(rows, SB_BASE, tag, w)
        a, b = find(rows, SB_RMASK, "", "", w, tag), find(rows, SB_BASE, "", "", w, tag)
        bits = "n/a"
        if ok(a) and ok(b):
            ta, tb = sb_state_bits(a)[0], sb_state_bits(b)[0]
            bits = "%s / %s (x%.2f)" % (fmt_int(ta), fmt_int(tb), ta / tb)
        out.append("| %s | %d | %s | %s | %s | %s | %s | %s |" % (
            tag or "default", w, fmt_int(sa[1]) if sa else "n/a", fmt_int(sb[1]) if sb else "n/a",
            ratio(sa[1], sb[1]) if sa and sb else "n/a", ratio(sa[0], sb[0]) if sa and sb else "n/a",
            "%s / %s" % (fmt_int(sa[2]), fmt_int(sb[2])) if sa and sb else "n/a", bits))
    out.append("")
    if not any(t == "paper" for t, _ in cfgs):
        out.append("The paper configuration (48 warps x 8 entries) is not in this sweep "
                   "(SYNTH_SB_PAPER_TAGS is empty).\n")
    pa, pb = SB_PAPER
    out.append("Paper (§6.6, FreePDK 45 nm, SRAM with 6 read / 3 write ports, 48 x 8 entries): "
               "%s um^2 against %s um^2, x%.2f. Ours are flip-flop based (see synth/README.md, "
               "\"Scoreboards\").\n" % (fmt_int(pa), fmt_int(pb), pa / pb))
    # Flip-flop count against the contract's state (a check of what Yosys kept).
    for r in rows:
        if r["unit"] in (SB_RMASK, SB_BASE) and ok(r):
            want = sum(sb_state_bits(r))
            if int(r["flops"]) != want:
                notes.append("- %s: %s flip-flop bits, the contract's state has %d" % (
                    label(r), r["flops"], want))
    if notes:
        out.append("Flip-flop counts that differ from the contract's state bits:\n")
        out += notes
        out.append("")
    return out


# ---------------------------------------------------------------------------------------------
# ST/RT tables (ElTantawy et al. 2014 §3-4): one warp's Split and Reconvergence Tables

STRT = "simt_st_rt"


def strt_state_bits(r):
    """State bits of the contract (docs/units/st_rt.md, "State"), as (ST, RT): an ST entry holds
    pc, bpc, rpc (PC_W each), mask (W), hasr, ridx; an RT entry pc, rpc, hasr, ridx, rmask and
    pend (W each)."""
    p = params(r)
    ri = clog2(p["NRT"])
    st = p["NST"] * (3 * p["PC_W"] + p["W"] + 1 + ri)
    rt = p["NRT"] * (2 * p["PC_W"] + 1 + ri + 2 * p["W"])
    return st, rt


def strt(rows):
    mine = sorted((r for r in rows if r["unit"] == STRT), key=lambda r: (r.get("tag", "") != "",
                                                                         r.get("tag", ""), int(r["W"] or 0)))
    if not mine:
        return []
    out = ["### ST/RT tables (simt_st_rt): one warp's Split Table and Reconvergence Table\n"]
    out.append("ElTantawy et al. 2014 §3-4, PC_W = 32. Default rows size both tables to the warp "
               "(NST = NRT = W: W ST entries never fill, §3.3.1) with opportunistic early "
               "reconvergence (OREC = 1); at W = 32 also: noorec = the same without OREC (the cost "
               "of §4's associative search and early-reconvergence entry), dps = NST = 2, NRT = 8 "
               "(the Dual-Path Stack's two paths, as `simtcheck st_rt --config dps`), st4/st8/st16 = "
               "smaller tables (the paper's Fig. 19 measured at most 12 ST and 13 RT entries in use "
               "with OREC); fast = NST = NRT = W mapped with `abc -fast` (ABC's default script does "
               "not finish at W = 64; the W = 32 fast row shows what -fast changes: depths are not "
               "comparable, area is somewhat larger). State bits per the contract: ST entry 3 PC_W + W + 1 + clog2(NRT), RT "
               "entry 2 PC_W + 2 W + 1 + clog2(NRT).\n")
    out.append("| config | W | NST | NRT | OREC | NAND2-eq | combinational | flop bits | depth | "
               "contract state bits (ST + RT) | NAND2-eq per table entry |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    notes = []
    for r in mine:
        if r.get("W", "") == "":
            continue
        p = params(r) if r.get("params") else {}
        name = r.get("tag") or "NST = NRT = W"
        if not ok(r):
            out.append("| %s | %s | %s | %s | %s | %s | | | | | |" % (
                name, r["W"], p.get("NST", ""), p.get("NRT", ""), p.get("OREC", ""), r["status"]))
            continue
        st, rt = strt_state_bits(r)
        out.append("| %s | %s | %d | %d | %d | %s | %s | %s | %s | %s (%s + %s) | %s |" % (
            name, r["W"], p["NST"], p["NRT"], p["OREC"], fmt_int(r["nand2_eq"]), fmt_int(r["comb_nand2_eq"]),
            fmt_int(r["flops"]), r["depth"], fmt_int(st + rt), fmt_int(st), fmt_int(rt),
            fmt_int(float(r["nand2_eq"]) / (p["NST"] + p["NRT"]))))
        if int(r["flops"]) != st + rt:
            notes.append("- %s: %s flip-flop bits, the contract's state has %d" % (
                label(r), r["flops"], st + rt))
    out.append("")
    if not any(r.get("tag", "") == "" and str(r.get("W")) == "64" for r in mine):
        out.append("W = 64 with ABC's default script is not in this sweep (it had not finished "
                   "after 45 minutes); `make synth SYNTH_BIG=1` tries it. The fast row at W = 64 "
                   "is the measured substitute.\n")
    if notes:
        out.append("Flip-flop counts that differ from the contract's state bits:\n")
        out += notes
        out.append("")
    return out


UNIT_OF = {}  # top module -> registry unit (cmd_report fills it from the registry)


# ---------------------------------------------------------------------------------------------
# Hyper-threaded stack (Steffen 2012 §4.2): every configuration against the plain PDOM stack
# (K = 1) of the same W and depth rule, the baseline each ratio is taken against.

HT_STACK = "simt_ht_stack"


def ht_name(r):
    p = params(r)
    pol = {0: "PDOM", 1: "PAR", 2: "WA", 3: "SS"}.get(p.get("POLICY", 1), "?")
    k = p.get("K", r.get("policy"))
    if r.get("tag") == "" and str(r.get("policy")) == "1":
        return "K = 1 (PDOM order, baseline)"
    return "%s K = %s%s, D = %s" % (pol, k, " MERGE" if p.get("MERGE") else "", p.get("D", "?"))


def ht_stack(rows):
    hr = [r for r in rows if r["unit"] == HT_STACK and r.get("W") not in ("", None)]
    if not hr:
        return []
    out = ["### Hyper-threaded stack: area and depth against the K = 1 stack (PDOM)\n",
           "Each row against the K = 1 row of the same W (POLICY = 1 with K = 1 schedules the top "
           "entry only: the plain PDOM stack of depth 2W-1). PC_W = 32, PRIO_W = 3. Flip-flop bits "
           "include the latched report batch.\n",
           "| W | configuration | NAND2-eq | vs K = 1 | depth | vs K = 1 | flop bits |",
           "|---|---|---|---|---|---|---|"]
    for w in sorted({int(r["W"]) for r in hr}):
        base = find(rows, HT_STACK, "", "1", w)
        ws = sorted([r for r in hr if int(r["W"]) == w],
                    key=lambda r: (r is not base, r.get("tag", ""), int(r["policy"] or 0)))
        for r in ws:
            if not ok(r):
                out.append("| %d | %s | %s | | | | |" % (w, ht_name(r), r.get("status")))
                continue
            b_ok = ok(base)
            out.append("| %d | %s | %s | %s | %s | %s | %s |" % (
                w, ht_name(r), fmt_int(r["nand2_eq"]),
                ratio(float(r["nand2_eq"]), float(base["nand2_eq"])) if b_ok else "n/a",
                r["depth"], ratio(float(r["depth"]), float(base["depth"])) if b_ok else "n/a",
                r["flops"]))
    out.append("")
    return out


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


def unit_sections(rows, u, tops):
    """The area report's sections of registry unit u (its rows are those of tops): the same text in
    build/synth/area.md and in the unit's datasheet (tools/docs/datasheet.py, from docs/data/area.csv)."""
    md = []
    if not tops:
        return md
    if u == "arb":
        md += table5(rows)
        md += pivot(rows, tops, "Arbiters: NAND2-eq (depth in cells)",
                    lambda r: "%s (%s)" % (fmt_int(r["nand2_eq"]), r["depth"]))
    elif u == "warp_ctrl":
        md += pivot(rows, tops, "Warp control: total NAND2-eq / combinational NAND2-eq / "
                    "flip-flop bits (depth in cells, between flip-flops and ports)", state_field)
    elif u == "rmask_sb":
        md += scoreboards(rows)
        md += pivot(rows, tops, "Scoreboards, every configuration: total NAND2-eq / "
                    "combinational NAND2-eq / flip-flop bits (depth in cells)", state_field)
    elif u == "st_rt":
        md += strt(rows)
    elif u == "ht_stack":
        md += ht_stack(rows)
        md += pivot(rows, tops, "ht_stack, every row: total NAND2-eq / combinational NAND2-eq / "
                    "flip-flop bits (depth in cells)", state_field)
    else:
        md += pivot(rows, tops, "%s: total NAND2-eq / combinational NAND2-eq / "
                    "flip-flop bits (depth in cells)" % u, state_field)
    return md


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
