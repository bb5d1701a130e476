#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The README's table of headline numbers, one row per unit, from the measured tables.

  headline.py [--write] [--readme README.md]

Each unit's default configuration (its first [[config]]; the [[synth]] row with its parameters) at W = 32:
  - area and depth: docs/data/area.csv (the last make synth; Yosys generic gates, NAND2-eq and cell levels),
    at the largest W <= 32 measured when W = 32 is not
  - Fmax: fpga/results/*.csv (make fpga-sweep, tools/fpga_doc.py's merge): the unit alone (core 'probe')
    on each device at the largest W placed and routed
  - equivalence at W = 32: docs/data/equiv-w32.md (make equiv-all), the verdict of the default configuration
  - mutation score: docs/data/mutate.md (make mutate), the default configuration's model where it was mutated
A figure that no table holds is shown as '-'. Writes the block between <!-- headline:begin --> and
<!-- headline:end --> of the README; without --write: exit 1 with a diff when it differs.
Standard library only.
"""
import argparse
import csv
import difflib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import registry  # noqa: E402  (tools/registry.py)
import fpga_doc  # noqa: E402  (tools/fpga_doc.py)

BEGIN = "<!-- headline:begin (tools/docs/headline.py --write, from the measured tables: do not edit) -->"
END = "<!-- headline:end -->"
W = 32


def synth_row(u):
    """The [[synth]] row of the default configuration: the one whose parameters agree with the
    configuration's on every parameter both set, most of them shared (the first row if none agrees)."""
    rows = registry.synth_rows(u)
    if not rows:
        return None
    models = u["configs"][0]["models"]
    cfg = dict(max(models, key=lambda m: (m["w"] <= W, m["w"]))["params"])
    best, score = rows[0], -1
    for r in rows:
        sets = dict((k, int(v)) for k, v in re.findall(r"-set (\w+) (-?[0-9]+)", r["chparam"]))
        shared = [k for k in sets if k in cfg and k != "W"]
        if any(sets[k] != cfg[k] for k in shared):
            continue
        if len(shared) > score:
            best, score = r, len(shared)
    return best


def area_row(u):
    """The default configuration's synthesis row at the largest W <= 32 that make synth measured."""
    f = synth_row(u)
    best = None
    try:
        with open("docs/data/area.csv") as fh:
            for r in csv.DictReader(fh):
                if (f and r["unit"] == f["top"] and r["tag"] == f["tag"] and r["impl"] == f["impl"]
                        and r["policy"] == f["policy"] and int(r["W"]) <= W and r["status"] == "ok"
                        and (best is None or int(r["W"]) > int(best["W"]))):
                    best = r
    except OSError:
        pass
    return best


def fpga(u, cfg):
    """Per board: the Fmax of the largest W placed and routed (the unit alone: core 'probe', else
    'probe-drop', its state taps left unconnected)."""
    rows = [r for r in fpga_doc.load_rows(True) if r["unit"] == u["name"] and r["config"] == cfg
            and r["core"] in ("probe", "probe-drop") and r.get("fmax_mhz")]
    out = []
    for board in ("icebreaker", "ulx3s"):
        b = sorted((r for r in rows if r["board"] == board), key=lambda r: (int(r["w"]), r["core"] == "probe"))
        out.append("%.0f MHz (W = %s)" % (float(b[-1]["fmax_mhz"]), b[-1]["w"]) if b else "-")
    return out


def table_rows(path):
    """The rows of the Markdown tables of a data file, as lists of cells."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    out = []
    for l in lines:
        if l.startswith("|") and not re.match(r"^\|[\s:|-]+\|$", l):
            out.append([c.strip().strip("`*") for c in l.strip().strip("|").split("|")])
    return out


def equiv(u, cfg):
    """The verdict of the default configuration's model at W = 32; for a unit proven operator by
    operator (make synth's rows at W = 32), the verdicts of those rows."""
    model = "%s_%s_W%d" % (u["name"], cfg, W)
    rows = table_rows("docs/data/equiv-w32.md")
    verdict = lambda r: next((m.group(1) for m in (re.match(r"^(PASS|FAIL|UNKNOWN)\b", c) for c in r) if m), None)
    for r in rows:
        if r and (r[0] == model or r[0].startswith(model + " ")) and verdict(r):
            return verdict(r)
    tops = {x["top"] for x in registry.synth_rows(u)}
    ops = [verdict(r) for r in rows if r and r[0].endswith("-w%d" % W) and r[0].split("-")[0] in tops and verdict(r)]
    if ops:
        worst = next((v for v in ("FAIL", "UNKNOWN") if v in ops), "PASS")
        return "%s (%d of %d operator rows PASS)" % (worst, ops.count("PASS"), len(ops)) if worst != "PASS" else \
            "PASS (%d operator rows)" % len(ops)
    return "-"


def mutation(u, cfg, path="docs/data/mutate.md"):
    """The score of the default configuration's model (else the unit's first model in the table)."""
    found = []
    for r in table_rows(path):
        if not r or not r[0].startswith(u["name"] + "_"):
            continue
        score = next((c for c in r if re.match(r"^[0-9]+(?:\.[0-9]+)? ?%$", c)), None)
        if score:
            found.append((not r[0].startswith("%s_%s_W" % (u["name"], cfg)), r[0], score.replace(" ", "")))
    if not found:
        return "-"
    best = min(found, key=lambda f: f[0])
    return "%s (%s)" % (best[2].replace("%", " %"), best[1])


def headline():
    o = ["| unit | default | area at W = 32 (NAND2-eq) | depth (cells) | iCE40UP5K Fmax | ECP5-85F Fmax "
         "| equivalence at W = 32 | mutation score |",
         "|---|---|---:|---:|---:|---:|---|---|"]
    for u in registry.load_all():
        cfg = u["configs"][0]["name"]
        a = area_row(u)
        ice, eco = fpga(u, cfg)
        o.append("| `%s` | `%s` | %s | %s | %s | %s | %s | %s |" % (
            u["name"], cfg, ("{:,}".format(round(float(a["nand2_eq"]))) + ("" if int(a["W"]) == W else " (W = %s)" % a["W"]))
            if a else "-", a["depth"] if a else "-",
            ice, eco, equiv(u, cfg), mutation(u, cfg)))
    return "\n".join(o) + "\n"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--readme", default="README.md")
    a = ap.parse_args(argv)
    text = open(a.readme).read()
    if BEGIN not in text or END not in text:
        print("headline: error: %s has no block %s ... %s" % (a.readme, BEGIN, END), file=sys.stderr)
        return 2
    head, rest = text.split(BEGIN, 1)
    old, tail = rest.split(END, 1)
    new = "\n" + headline()
    if old == new:
        print("headline: %s is up to date" % a.readme)
        return 0
    if a.write:
        with open(a.readme, "w") as f:
            f.write(head + BEGIN + new + END + tail)
        print("headline: %s: table rewritten" % a.readme)
        return 0
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), a.readme, "measured"))
    print("headline: %s: the table differs from the measured tables (python3 tools/docs/headline.py --write)"
          % a.readme, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
