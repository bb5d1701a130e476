# SPDX-License-Identifier: Apache-2.0
"""synth/report_arb.py: the arbiters: Brunie & Collange 2013 Table 5 beside ours, then every row (synth/report.py's unit_hook: sections(rows, tops))."""
from report import PAPER, find, fmt_int, ok, pct, pivot


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


def sections(rows, tops):
    return table5(rows) + pivot(rows, tops, "Arbiters: NAND2-eq (depth in cells)",
                                lambda r: "%s (%s)" % (fmt_int(r["nand2_eq"]), r["depth"]))
