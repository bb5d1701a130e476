#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The datasheets' generated parts (docs/units/<unit>.md; issue 16, docs/index.md).

  datasheet.py timing [--write] [--docs DIR] [UNIT...]
      Timing diagrams from real runs. For every [[timing]] entry of a unit's descriptor
      (units/<unit>.toml): simtcheck runs the directed test (or replays the trace) on the
      Verilated RTL with a waveform (--wave), build/bin/fst-wavedrom draws the window of cycles
      as WaveDrom JSON, and the datasheet holds that JSON between the markers
          <!-- timing:NAME begin ... -->   ...   <!-- timing:NAME end -->
      with the picture docs/units/img/<unit>-<NAME>.svg rendered from it by the pinned WaveDrom
      (tools/bootstrap.sh docs). Without --write: exit 1, naming each difference, when a block
      is missing, differs from what the run gives now, or its SVG is not the rendering of its
      JSON. --write: rewrite the blocks and the SVGs (a missing block goes into a section
      "## Timing diagrams" before the page's "## Area" or "## Measured" section, or at its end).

  datasheet.py index [--write]
      The list of datasheets in docs/index.md (between <!-- datasheets:begin --> and
      <!-- datasheets:end -->), one line per unit of the registry: its title and paper. Without
      --write: exit 1 when it differs.

Run from the repository root, after make (build/bin/simtcheck, build/bin/fst-wavedrom).
Standard library only; the rendering runs in the project's virtual environment.
"""
import argparse
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


def block(u, t, js, shown):
    name = "%s-%s" % (u["name"], t["name"])
    return ("<!-- timing:%s begin (tools/docs/datasheet.py timing --write; do not edit) -->\n"
            "![%s](img/%s.svg)\n\n"
            "*%s. Cycles %d to %d of `%s`, sampled before each clock edge: a registered output shows "
            "the value the previous edge gave it. WaveDrom source:*\n\n"
            "```json\n%s```\n<!-- timing:%s end -->" % (
                t["name"], t["about"], name, t["about"][:1].upper() + t["about"][1:], t["from"], t["to"], shown, js,
                t["name"]))


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


def timing(a):
    units = {u["name"]: u for u in registry.load_all()}
    for n in a.units:
        if n not in units:
            die("no unit '%s' (units: %s)" % (n, " ".join(units)))
    bad = 0
    count = 0
    for name, u in units.items():
        if a.units and name not in a.units:
            continue
        doc = os.path.join(a.docs, name + ".md")
        if not os.path.exists(doc):
            die("%s has no datasheet %s" % (name, doc))
        text = open(doc).read()
        new_text = text
        for t in u["timing"]:
            count += 1
            js, shown = timing_json(u, t)
            want = block(u, t, js, shown)
            pat = re.compile(r"<!-- timing:%s begin .*?<!-- timing:%s end -->" % (re.escape(t["name"]), re.escape(t["name"])),
                             re.S)
            m = pat.search(new_text)
            img = os.path.join(a.docs, "img")
            svg_path = os.path.join(img, "%s-%s.svg" % (name, t["name"]))
            if a.write:
                if m:
                    new_text = new_text[:m.start()] + want + new_text[m.end():]
                else:
                    ats = [i for i in (new_text.find("\n## Area"), new_text.find("\n## Measured")) if i >= 0]
                    at = min(ats) if ats else -1
                    ins = "\n## Timing diagrams\n\n%s\n" % want if "\n## Timing diagrams\n" not in new_text else "\n%s\n" % want
                    new_text = new_text + ins if at < 0 else new_text[:at] + ins + new_text[at:]
                os.makedirs(img, exist_ok=True)
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
    ix = sub.add_parser("index")
    ix.add_argument("--write", action="store_true")
    a = ap.parse_args(argv)
    try:
        if a.cmd == "timing":
            return timing(a)
        if a.cmd == "index":
            return index(a)
    except registry.RegistryError as e:
        die(str(e))
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
