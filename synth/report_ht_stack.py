# SPDX-License-Identifier: Apache-2.0
"""synth/report_ht_stack.py: the hyper-threaded stack against the K = 1 stack, then every row (synth/report.py's unit_hook: sections(rows, tops))."""
from report import find, fmt_int, ok, params, pivot, ratio, state_field


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


def sections(rows, tops):
    return ht_stack(rows) + pivot(rows, tops, "ht_stack, every row: total NAND2-eq / combinational NAND2-eq / "
                                  "flip-flop bits (depth in cells)", state_field)
