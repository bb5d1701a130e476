# SPDX-License-Identifier: Apache-2.0
"""synth/report_rmask_sb.py: the scoreboards: R-mask (ElTantawy et al. 2014 Fig. 8b) against the baseline (Fig. 8a), then every configuration (synth/report.py's unit_hook: sections(rows, tops))."""
from report import SB_BASE, SB_RMASK, clog2, find, fmt_int, label, ok, params, pivot, ratio, state_field


# The paper (§6.6): FreePDK 45 nm, scoreboard as a set-associative SRAM (FabMem, 6 read and
# 3 write ports), 48 warps x 8 entries: R-mask 175,432 um^2, baseline 91,365 um^2.
SB_PAPER = (175432, 91365)


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


def sections(rows, tops):
    return scoreboards(rows) + pivot(rows, tops, "Scoreboards, every configuration: total NAND2-eq / "
                                     "combinational NAND2-eq / flip-flop bits (depth in cells)", state_field)
