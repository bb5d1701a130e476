#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Test of make synth-one LIBERTY=... (tb/tests.txt, synth-lib-*): checks one result directory
against its own netlist and liberty file, independently of synth/liberty.py.

  check_liberty.py DIR [--fo4-above FO4.json]

DIR is build/synth/one/<name>-<lib>/. Checks: the area is the sum of the areas (read here from
the liberty copy build/synth/lib/<lib>/<lib>.lib) of the cells instantiated in DIR/netlist.v, its
sequential part that of the cells with an ff group, NAND2-eq that area over the area of a cell
whose function is a 2-input NAND; the critical path has a start and an end point, its cells are
instances of the netlist with those cell types, no other path group is longer; FO4 lies between
20 and 500 ps (and above the one of --fo4-above); Fmax is 1 / the register-to-register delay of
a clocked design; leakage and dynamic power are positive. Prints 'ok: ...'; exit 1 naming each
failed check.
"""
import argparse
import json
import os
import re
import sys


def lib_cells(path):
    """{cell: (area, has ff group, output function of a single-output cell)} by plain regex."""
    text = open(path).read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    out = {}
    parts = re.split(r"\n\s*cell\s*\(\s*\"?([\w$.\[\]]+)\"?\s*\)\s*\{", text)
    for name, body in zip(parts[1::2], parts[2::2]):
        m = re.search(r"\barea\s*:\s*([0-9.eE+-]+)", body)
        funcs = re.findall(r"\bfunction\s*:\s*\"([^\"]*)\"", body)
        out[name] = (float(m.group(1)) if m else None, re.search(r"\bff\s*\(", body) is not None,
                     funcs[0] if len(funcs) == 1 else None)
    return out


def instances(netlist):
    """{instance: cell} of a structural Verilog netlist."""
    text = open(netlist).read()
    out = {}
    for m in re.finditer(r"^\s*([A-Za-z_]\w*)\s+(\\\S+|[A-Za-z_]\w*)\s*\(", text, re.M):
        if m.group(1) in ("module", "input", "output", "wire", "assign", "inout", "reg"):
            continue
        out[m.group(2).lstrip("\\")] = m.group(1)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--fo4-above", default="")
    a = ap.parse_args()
    bad = []

    def check(ok, what):
        if not ok:
            bad.append(what)

    r = json.load(open(os.path.join(a.dir, "result.json")))
    lib = r["lib"]
    cells = lib_cells(os.path.join("build", "synth", "lib", lib, lib + ".lib"))
    inst = instances(os.path.join(a.dir, "netlist.v"))
    check(len(inst) == r["cells"], "netlist has %d instances, result.json says %s cells" % (len(inst), r["cells"]))
    unknown = sorted({c for c in inst.values() if c not in cells})
    check(not unknown, "netlist cells not in the library: %s" % " ".join(unknown))
    area = sum(cells[c][0] for c in inst.values() if c in cells)
    seq = sum(cells[c][0] for c in inst.values() if c in cells and cells[c][1])
    check(r["area_um2"] > 0, "area %s not > 0" % r["area_um2"])
    check(abs(area - r["area_um2"]) <= 1e-6 * area, "area %s, the netlist's cells sum to %s" % (r["area_um2"], area))
    check(abs(seq - r["area_seq_um2"]) <= 1e-6 * max(seq, 1), "sequential area %s, the netlist's flip-flops sum to %s"
          % (r["area_seq_um2"], seq))
    check(abs(r["area_comb_um2"] + r["area_seq_um2"] - r["area_um2"]) <= 1e-6 * area, "comb + seq != total")
    n2 = cells.get(r["nand2_cell"])
    check(n2 is not None and re.sub(r"\s", "", n2[2] or "") in ("(!(AB))", "!(AB)", "(!(A*B))", "!(A&B)", "(!(A&B))"),
          "NAND2 cell %s: function %s is not a 2-input NAND" % (r["nand2_cell"], n2 and n2[2]))
    if n2:
        check(abs(r["nand2_eq"] - area / n2[0]) <= 0.01, "NAND2-eq %s, area / %s area = %.2f"
              % (r["nand2_eq"], r["nand2_cell"], area / n2[0]))

    cp = r["critical_path"]
    check(bool(cp["start_pin"]) and bool(cp["end_pin"]), "critical path without a start or an end point")
    check(cp["delay_ns"] > 0 and abs(cp["delay_ns"] - r["critical_path_ns"]) < 1e-9, "critical path delay")
    check(cp["cell_count"] >= 1 and all(inst.get(c["instance"]) == c["cell"] for c in cp["cells"]),
          "critical path cells are not the netlist's instances: %s" % cp["cells"][:3])
    for k, p in r["paths"].items():
        if p:
            check(p["delay_ns"] <= cp["delay_ns"] + 1e-9, "path group %s (%.4f ns) longer than the critical path"
                  % (k, p["delay_ns"]))
    fo4 = r["fo4_ps"]
    check(20 <= fo4 <= 500, "FO4 %s ps not within 20 .. 500" % fo4)
    check(abs(r["critical_path_fo4"] - cp["delay_ns"] * 1000 / fo4) <= 0.01, "critical path in FO4")
    if a.fo4_above:
        other = json.load(open(a.fo4_above))["fo4_ps"]
        check(fo4 > other, "FO4 %s ps of %s not above %s ps of %s" % (fo4, lib, other, a.fo4_above))
    if r["clock"]["port"]:
        rr = r["paths"]["reg2reg"]
        check(rr is not None and r["fmax_mhz"] and abs(r["fmax_mhz"] - 1000 / rr["delay_ns"]) <= 0.01,
              "Fmax %s MHz is not 1 / the register-to-register delay" % r["fmax_mhz"])
        check(rr is not None and cells.get(inst.get(rr["start_pin"].split("/")[0]), (0, False))[1],
              "register-to-register path does not start at a flip-flop")
    pw = r["power"]
    check(pw["leakage_w"] > 0 and pw["dynamic_w"] > 0, "power: leakage %s W, dynamic %s W" % (pw["leakage_w"], pw["dynamic_w"]))
    if bad:
        for b in bad:
            print("FAIL %s: %s" % (a.dir, b))
        return 1
    print("ok: %s: %d cells, %.0f um^2 = %.0f NAND2-eq, critical path %.3f ns = %.1f FO4 (%s -> %s), FO4 %.1f ps"
          % (a.dir, len(inst), area, r["nand2_eq"], cp["delay_ns"], r["critical_path_fo4"], cp["start_pin"],
             cp["end_pin"], fo4))
    return 0


if __name__ == "__main__":
    sys.exit(main())
