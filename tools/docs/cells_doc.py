#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The standard-cell pages drawn from docs/data/lib-sweep.json (make synth-lib-sweep, OSU 0.18 um;
synth/lib_sweep.py docs copies it there):

  - docs/data/lib-sweep.md: every point of the sweep (unit, configuration, mapping script, area,
    critical path in ns and FO4, Fmax, power), Brunie & Collange 2013 Table 5 redone in FO4, and the
    sweep's wall time in the caption;
  - per unit, docs/units/img/<unit>-cells.svg (tools/docs/plot_pareto.py: area against delay, both
    forms on one plot for the arbiters) and the block <!-- cells:real begin ... --> at the top of the
    datasheet's "## Real cells" section: the plot and the unit's Pareto points.

  cells_doc.py [--write] [--docs DIR] [UNIT...]
      Without --write: exit 1 naming each page, block or SVG that differs from what the JSON gives.
      tools/docs/datasheet.py plots calls this too (make docs writes, make test's docs-plots checks).
Standard library only; the plots render in the project's virtual environment.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
import registry  # noqa: E402  (tools/registry.py)

JSON = os.path.join("docs", "data", "lib-sweep.json")
TABLE = os.path.join("docs", "data", "lib-sweep.md")
POINTS = os.path.join("docs", "data", "lib-sweep.csv")
POINT_COLS = ["unit", "configuration", "script", "area_um2", "nand2_eq", "nand2_eq_comb", "delay_ns", "delay_fo4",
              "fmax_mhz", "dynamic_w", "leakage_w", "pareto_form", "pareto_unit", "tool_seconds"]
VENV_PY = os.path.join(".tools", "venv", "bin", "python3")
# Brunie & Collange 2013 Table 5 (synth/report.py PAPER): (area-form NAND2, FO4, delay-form NAND2, FO4).
PAPER = {"simt_arb_pc": ("PC arbiter", (6045, 164, 16067, 121)),
         "simt_arb_unified": ("unified", (7197, 164, 15681, 121))}
FORM = {"0": "area form (IMPL 0)", "1": "delay form (IMPL 1)", "": "default"}


def load():
    if not os.path.exists(JSON):
        return None
    with open(JSON) as f:
        return json.load(f)


def fi(x):
    return "{:,.0f}".format(x)


def fmt_w(w):
    for f, u in ((1.0, "W"), (1e-3, "mW"), (1e-6, "µW"), (1e-9, "nW")):
        if abs(w) >= f:
            return "%.3g %s" % (w / f, u)
    return "%.3g pW" % (w / 1e-12)


def cfg_name(r):
    s = r["top"]
    if r["impl"] != "":
        s += " IMPL %s" % r["impl"]
    return s


def ok_rows(doc, unit=None):
    return [r for r in doc["rows"] if r["status"] == "ok" and (unit is None or r["unit"] == unit)]


def caption(doc):
    n = len(doc["rows"])
    return ("`make synth-lib-sweep` on %s (FO4 %.1f ps, NAND2-eq = area / %s %g µm², clock %g ns): %d runs "
            "(each configuration at W = %d%s with each mapping script: %s%s). Yosys and OpenSTA time of all runs: %.1f min, "
            "%.1f min on %d jobs; the last invocation took %.1f min wall time on a %d-core machine with %d of "
            "the runs up to date." % (
                doc["lib"], doc["fo4_ps"], doc["nand2_cell"], doc["nand2_area_um2"], doc["clock_ns"], n, doc["w"],
                "".join(" (%s: W = %d, the largest make synth keeps)" % (u, w) for u, w in sorted(
                    {(r["unit"], r["w"]) for r in doc["rows"] if r["w"] != doc["w"]})),
                ", ".join(doc.get("map_order") or sorted(doc["maps"])),
                "".join("; %s: %s only, the sweep's longest runs" % (u, ", ".join(m))
                        for u, m in sorted(doc.get("few_maps", {}).items())),
                doc["tool_seconds"] / 60.0, doc["tool_seconds"] / 60.0 / doc["jobs"],
                doc["jobs"], doc["wall_seconds"] / 60.0, doc["cores"] or 0, doc["reused"]))


def short_caption(doc):
    return "`make synth-lib-sweep` on %s (FO4 %.1f ps, NAND2-eq = area / %s %g µm², clock %g ns)." % (
        doc["lib"], doc["fo4_ps"], doc["nand2_cell"], doc["nand2_area_um2"], doc["clock_ns"])


def table5(doc):
    """Lines of the Table 5 comparison: per paper point, our best points and whether one dominates it."""
    out = ["| operator | paper form | paper NAND2 | paper FO4 | our point dominating it (NAND2-eq, FO4, form, script) "
           "| our smallest at <= the paper's FO4 | our fastest |", "|---|---|---:|---:|---|---|---|"]
    verdicts = []
    for top, (name, p) in PAPER.items():
        pts = [r for r in ok_rows(doc) if r["top"] == top]
        if not pts:
            continue
        for form, nand, fo4 in (("area", p[0], p[1]), ("delay", p[2], p[3])):
            dom = sorted((r for r in pts if r["nand2_eq"] <= nand and r["delay_fo4"] <= fo4),
                         key=lambda r: (r["nand2_eq"], r["delay_fo4"]))
            fast = [r for r in pts if r["delay_fo4"] <= fo4]
            small = min(fast, key=lambda r: r["nand2_eq"]) if fast else None
            quick = min(pts, key=lambda r: r["delay_fo4"])

            def pt(r):
                return "%s at %.1f (IMPL %s, %s)" % (fi(r["nand2_eq"]), r["delay_fo4"], r["impl"], r["map"])
            out.append("| %s | %s | %s | %d | %s | %s | %s |" % (
                name, form, fi(nand), fo4, pt(dom[0]) if dom else "**none**", pt(small) if small else "none",
                pt(quick)))
            verdicts.append("%s, %s form (%s NAND2 at %d FO4): %s." % (
                name, form, fi(nand), fo4,
                "dominated by %d of our points" % len(dom) if dom else
                ("not dominated: at <= %d FO4 our smallest is %s NAND2-eq" % (fo4, fi(small["nand2_eq"])) if small
                 else "not dominated: our fastest is %.1f FO4" % quick["delay_fo4"])))
    return out, verdicts


def table_md(doc):
    rows = sorted(ok_rows(doc), key=lambda r: (r["unit"], r["top"], r["impl"], r["params"], r["delay_fo4"]))
    lines = ["<!-- cells:table begin (tools/docs/cells_doc.py --write, from docs/data/lib-sweep.json; do not edit) -->",
             "# Standard cells: area-delay points of every unit", "",
             caption(doc), "",
             "Method: synth/README.md, \"The area-delay sweep\". Area = sum of the cells' liberty areas; critical "
             "path = the path of least slack (arrival plus setup), in ns and in FO4 of the library measured by "
             "OpenSTA; Fmax = register to register; power at the clock period with OpenSTA's default activity. "
             "Pareto: on the front of its configuration (form) / of its operator (both forms).", "",
             "## Brunie & Collange 2013 Table 5 in FO4", "",
             "Paper: Cadence RTL Compiler on a 28 nm library; ours: the sweep's points at the paper's setting "
             "(PC_W = 32, SP_W = 0, OFF_W = 7). FO4 normalises the technology only roughly.", ""]
    t5, verdicts = table5(doc)
    lines += t5 + [""] + ["- " + v for v in verdicts] + ["", "Every point of the sweep (unit, configuration, "
                                                           "script, area, NAND2-eq, critical path, Fmax, power, "
                                                           "Pareto, tool time): `docs/data/lib-sweep.csv`."]
    bad = [r for r in doc["rows"] if r["status"] != "ok"]
    if bad:
        lines += ["", "Failed runs: " + "; ".join("%s %s (%s): %s" % (r["unit"], cfg_name(r), r["map"], r["error"])
                                                  for r in bad)]
    lines.append("<!-- cells:table end -->")
    return "\n".join(lines) + "\n"


def points_csv(doc):
    """Every point of the sweep, one CSV row each (docs/data/lib-sweep.csv)."""
    rows = sorted(ok_rows(doc), key=lambda r: (r["unit"], r["top"], r["impl"], r["params"], r["delay_fo4"]))
    out = [",".join(POINT_COLS)]
    for r in rows:
        out.append(",".join(str(v) for v in (
            r["unit"], cfg_name(r), r["map"], "%.1f" % r["area_um2"], r["nand2_eq"], r["nand2_eq_comb"],
            "%.3f" % r["delay_ns"], "%.1f" % r["delay_fo4"], "%.1f" % r["fmax_mhz"] if r["fmax_mhz"] else "",
            "%.4g" % r["dynamic_w"] if r["dynamic_w"] is not None else "",
            "%.4g" % r["leakage_w"] if r["leakage_w"] is not None else "",
            int(bool(r["pareto_form"])), int(bool(r["pareto_unit"])),
            "%.0f" % ((r.get("yosys_seconds") or 0) + (r.get("sta_seconds") or 0)))))
    return "\n".join(out) + "\n"


def plot_job(u, doc, out):
    panels = []
    rows = ok_rows(doc, u["name"])
    for top in sorted({r["top"] for r in rows}, key=lambda t: [x for x in u["tops"]].index(t) if t in u["tops"] else 99):
        series = []
        for impl in sorted({r["impl"] for r in rows if r["top"] == top}):
            pts = [r for r in rows if r["top"] == top and r["impl"] == impl]
            series.append({"label": "%s, %s" % (top[5:], FORM[impl]) if impl != "" else top[5:],
                           "points": [[r["delay_fo4"], r["nand2_eq"], r["map"]] for r in pts],
                           "front": [[r["delay_fo4"], r["nand2_eq"]] for r in pts if r["pareto_form"]]})
        paper = []
        if top in PAPER:
            p = PAPER[top][1]
            paper = [{"label": "Table 5, area-optimised (28 nm)", "fo4": p[1], "nand2": p[0], "fill": "none"},
                     {"label": "Table 5, delay-optimised (28 nm)", "fo4": p[3], "nand2": p[2], "fill": "full"}]
        panels.append({"title": "%s on %s, W = %d" % (top, doc["lib"], doc["w"]), "series": series, "paper": paper})
    return {"unit": u["name"], "lib": doc["lib"], "out": out, "panels": panels}


def render(job):
    if not os.path.exists(VENV_PY):
        raise RuntimeError("%s not found: run 'bash tools/bootstrap.sh docs' (make docs does)" % VENV_PY)
    p = subprocess.run([VENV_PY, os.path.join(HERE, "plot_pareto.py")], input=json.dumps(job).encode(),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise RuntimeError("plot of %s failed: %s" % (job["unit"], p.stdout.decode("utf-8", "replace")[-800:]))


def fpga_fmax(u):
    try:
        import headline  # tools/docs/headline.py: the FPGA Fmax of the unit alone
        f = headline.fpga(u, u["configs"][0]["name"])
        return "iCE40UP5K %s, ECP5-85F %s" % tuple(x if x != "-" else "not placed" for x in f[:2])
    except Exception:  # noqa: BLE001  (no FPGA table: say so)
        return "-"


def unit_block(u, doc):
    rows = sorted(ok_rows(doc, u["name"]), key=lambda r: (r["top"], r["impl"], r["delay_fo4"]))
    front = [r for r in rows if r["pareto_form"]]
    lines = ["<!-- cells:real begin (tools/docs/cells_doc.py --write, from docs/data/lib-sweep.json; do not edit) -->",
             "![%s: area against critical path on %s](img/%s-cells.svg)" % (u["name"], doc["lib"], u["name"]), "",
             "*%s Every point and the method: [docs/data/lib-sweep.md](../data/lib-sweep.md).*" % short_caption(doc), ""]
    clocked = any(r["clocked"] for r in rows)
    head = "| configuration | script | area µm² | NAND2-eq | critical path | FO4 |"
    sep = "|---|---|---:|---:|---:|---:|"
    if clocked:
        head += " Fmax MHz |"
        sep += "---:|"
    head += " dynamic power | leakage |"
    sep += "---:|---:|"
    lines += ["Pareto points of each configuration (W = %d, parameters `%s`):" % (rows[0]["w"], rows[0]["params"])
              if rows else "", "",
              head, sep]
    for r in front:
        ln = "| %s | %s | %s | %s | %.3f ns | %.1f |" % (cfg_name(r), r["map"], fi(r["area_um2"]), fi(r["nand2_eq"]),
                                                        r["delay_ns"], r["delay_fo4"])
        if clocked:
            ln += " %s |" % ("%.0f" % r["fmax_mhz"] if r["fmax_mhz"] else "-")
        ln += " %s | %s |" % (fmt_w(r["dynamic_w"]), fmt_w(r["leakage_w"]))
        lines.append(ln)
    lines.append("")
    if clocked:
        lines.append("FPGA Fmax of the unit alone (placed and routed, `## FPGA`): %s." % fpga_fmax(u))
        lines.append("")
    lines.append("Power at the activity of the unit's own random stimulus (default configuration, W = 4, "
                 "`make synth-power`): [docs/data/lib-power.md](../data/lib-power.md).")
    lines.append("")
    if u["name"] == "arb":
        _, verdicts = table5(doc)
        lines += ["Brunie & Collange 2013 Table 5 in FO4:", ""] + ["- " + v for v in verdicts] + [""]
    while lines[-1] == "":
        lines.pop()
    return "\n".join(lines + ["<!-- cells:real end -->"])


BLOCK = re.compile(r"<!-- cells:real begin .*?<!-- cells:real end -->", re.S)


def run(write, docs, names, out=sys.stdout):
    """Write or check every page; the number of differences."""
    doc = load()
    units = registry.load_all() if not names else [u for u in registry.load_all() if u["name"] in names]
    bad = 0
    if doc is None:
        for u in units:
            p = os.path.join(docs, u["name"] + ".md")
            if os.path.exists(p) and "<!-- cells:real begin" in open(p).read():
                print("cells: %s: a cells:real block but no %s" % (p, JSON), file=out)
                bad += 1
        return bad
    for path, want in ((TABLE, table_md(doc)), (POINTS, points_csv(doc))):
        if write:
            with open(path, "w") as f:
                f.write(want)
        elif not os.path.exists(path) or open(path).read() != want:
            print("cells: %s is not what %s gives (tools/docs/cells_doc.py --write)" % (path, JSON), file=out)
            bad += 1
    for u in units:
        if not ok_rows(doc, u["name"]):
            continue
        page = os.path.join(docs, u["name"] + ".md")
        text = open(page).read()
        blk = unit_block(u, doc)
        svg = os.path.join(docs, "img", "%s-cells.svg" % u["name"])
        m = BLOCK.search(text)
        if write:
            render(plot_job(u, doc, svg))
            if m:
                text = text[:m.start()] + blk + text[m.end():]
            else:
                h = re.search(r"\n## FPGA[^\n]*\n", text)
                if not h:
                    raise RuntimeError("%s has no '## FPGA' section to put '## Real cells' before" % page)
                text = text[:h.start()] + "\n## Real cells\n\n" + blk + "\n" + text[h.start():]
            with open(page, "w") as f:
                f.write(text)
            print("cells: wrote %s and %s" % (svg, page), file=out)
            continue
        if not m or m.group(0) != blk:
            print("cells: %s: block cells:real %s (tools/docs/cells_doc.py --write)" % (page, "differs" if m else "missing"),
                  file=out)
            bad += 1
        os.makedirs("build", exist_ok=True)
        with tempfile.TemporaryDirectory(dir="build") as td:
            tmp = os.path.join(td, "p.svg")
            render(plot_job(u, doc, tmp))
            if not os.path.exists(svg) or open(svg).read() != open(tmp).read():
                print("cells: %s is not the plot %s gives now (tools/docs/cells_doc.py --write)" % (svg, JSON), file=out)
                bad += 1
    return bad


def main(argv):
    os.chdir(os.path.join(HERE, "..", ".."))
    ap = argparse.ArgumentParser(prog="cells_doc.py")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--docs", default=os.path.join("docs", "units"))
    ap.add_argument("units", nargs="*")
    a = ap.parse_args(argv)
    try:
        bad = run(a.write, a.docs, a.units)
    except (RuntimeError, registry.RegistryError) as e:
        print("cells_doc: error: %s" % e, file=sys.stderr)
        return 2
    if not a.write:
        print("cells: %d differences" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
