# SPDX-License-Identifier: Apache-2.0
"""synth/report_st_rt.py: the ST/RT tables of one warp (synth/report.py's unit_hook: sections(rows, tops))."""
from report import clog2, fmt_int, label, ok, params


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


def sections(rows, tops):
    return strt(rows)
