#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The FPGA numbers of the datasheets and of docs/fpga.md, from the implementation runs.

  fpga_doc.py [--write] [--committed]
  fpga_doc.py --selftest-stale   (make test: the rule for a stale build sweep, in a scratch tree)

reads the committed measurements, fpga/results/*.csv (in name order) and
fpga/results/postimpl/<model>.txt, then every build/fpga/sweep*.csv (make fpga-sweep,
fpga/flow.py; oldest first; one older than the newest committed CSV is left out, with a note)
and build/postimpl/<model>/report.txt (make board-postimpl): the
last row read wins for each unit, configuration, W, board and core, and a build's post-
implementation report wins over the committed one of the same model. A build directory does not
outlive its machine, so a sweep whose numbers go into the docs is copied to fpga/results/
(fpga/README.md, "Measured"),
and rewrites the block between <!-- fpga:begin --> and <!-- fpga:end --> of each
docs/units/<unit>.md (that unit's rows; the section is added at the end if missing) and of
docs/fpga.md (per unit, configuration and device, the widest run placed). Without --write: exit 1 and a diff when a page differs (make test:
--committed, which reads fpga/results only, so that a sweep left in build/ does not fail it).
Standard library only.
"""
import csv
import difflib
import glob
import os
import sys

BEGIN = "<!-- fpga:begin (tools/fpga_doc.py --write, from fpga/results and build/fpga/sweep*.csv: do not edit) -->"
END = "<!-- fpga:end -->"
DEVICE = {"icebreaker": "iCE40UP5K", "ulx3s": "ECP5-85F"}


def load_rows(committed):
    rows = {}
    paths = sorted(glob.glob("fpga/results/*.csv"))
    if not committed:
        # A build sweep older than the newest committed result is left out: it predates those
        # results (a checkout or pull brought them after it ran) and would override them.
        newest = max((os.path.getmtime(p) for p in paths), default=0.0)
        for p in sorted(glob.glob("build/fpga/sweep*.csv"), key=os.path.getmtime):
            if os.path.getmtime(p) < newest:
                print("fpga_doc: %s left out: older than the newest file of fpga/results/" % p,
                      file=sys.stderr)
            else:
                paths.append(p)
    for path in paths:
        with open(path) as f:
            for r in csv.DictReader(f):
                rows[(r["unit"], r["config"], int(r["w"]), r["board"], r["core"])] = r
    return [rows[k] for k in sorted(rows, key=lambda k: (k[0], k[3], k[1], k[4], k[2]))]


def result(r):
    st = r["status"]
    if st == "does-not-fit":
        return "does not fit: %s" % r["failing"]
    if st.startswith("timeout") or st == "timeout":
        # e.g. "nextpnr: time limit of 2700 s reached": which step, and its limit
        what = r.get("failing", "").split(" (log")[0] or "place and route over its time limit"
        return "no Fmax: %s" % what
    if r["fmax_mhz"]:
        return "fits, Fmax %s MHz %s %s MHz" % (r["fmax_mhz"], ">=" if r["timing"] == "PASS" else "<", r["freq_mhz"])
    if st == "error" and r.get("failing"):
        return "no result: %s" % r["failing"]
    return st


def table(rows, with_unit):
    if not rows:
        return ["Not measured yet: `make fpga-sweep` (or `make fpga BOARD=... UNIT=...`), then "
                "`python3 tools/fpga_doc.py --write`."]
    head = "| unit | config " if with_unit else "| config "
    o = [head + "| W | device | core | LUTs (util) | FFs | RAM | result |",
         "|" + "---|" * (9 if with_unit else 8)]
    for r in rows:
        lut = "%s (%s%%)" % (r["lut"], r["lut_pct"]) if r["lut"] else ""
        cells = ([r["unit"]] if with_unit else []) + [r["config"], r["w"], DEVICE.get(r["board"], r["board"]),
                                                      r["core"], lut, r["ff"], r["ram"], result(r)]
        o.append("| " + " | ".join(cells) + " |")
    o += ["", "core `probe`: the unit alone between an input shift chain and output registers on one "
          "clock (fpga/probe), its own Fmax; core `srv`: the unit server hosting it (docs/fpga.md). "
          "One nextpnr seed; Fmax is the worst clock or cross-domain path."]
    if any(r["core"] == "probe-drop" for r in rows):
        o += ["", "core `probe-drop`: the probe with some of the unit's outputs left unconnected "
              "(`make fpga ... PROBE_DROP=...`): the state taps that only the cross-check reads, so the "
              "netlist is the logic the unit's own outputs need (fpga/README.md)."]
    if any(r["config"].startswith("synth:") for r in rows):
        o += ["", "config `synth:<row>`: one of `make synth`'s rows (units/<unit>.toml `[[synth]]`: one "
              "top at one parameter set, named as in the synthesis report) in the probe, alone "
              "(fpga/README.md)."]
    return o


def summary(rows):
    """docs/fpga.md's table: for each unit, configuration, device and core, the widest run that
    placed and routed with an Fmax (every run, misfits included: the unit's datasheet)."""
    best = {}
    for r in rows:
        if r["config"].startswith("synth:") or not r["fmax_mhz"]:
            continue
        k = (r["unit"], r["config"], r["board"], r["core"])
        if k not in best or int(r["w"]) > int(best[k]["w"]):
            best[k] = r
    if not best:
        return table([], True)
    o = ["| unit | config | device | core | widest W placed | LUTs (util) | FFs | result |",
         "|---|---|---|---|---:|---|---|---|"]
    for k in sorted(best):
        r = best[k]
        o.append("| %s | %s | %s | %s | %s | %s (%s%%) | %s | %s |" % (
            r["unit"], r["config"], DEVICE.get(r["board"], r["board"]), r["core"], r["w"], r["lut"],
            r["lut_pct"], r["ff"], result(r)))
    o += ["", "Every run (each width, the misfits and time-outs, `make synth`'s rows, the cores): each "
          "unit's datasheet, section FPGA (`docs/units/<unit>.md`). Cores as there: `probe` the unit "
          "alone, `probe-drop` without its state taps, `srv` the unit server hosting it."]
    return o


def postimpl(committed):
    o = []
    reports = {os.path.splitext(os.path.basename(p))[0]: p for p in glob.glob("fpga/results/postimpl/*.txt")}
    if not committed:
        reports.update({os.path.basename(os.path.dirname(p)): p for p in glob.glob("build/postimpl/*/report.txt")})
    for model in sorted(reports):
        with open(reports[model]) as f:
            o += ["    " + line.rstrip() for line in f if " 0 / " not in line]
    return o


def block(lines):
    return "\n".join([BEGIN] + lines + [END])


def put(path, lines, title):
    with open(path) as f:
        text = f.read()
    new_block = block(lines)
    if "<!-- fpga:begin" in text and END in text:   # the marker's wording may have changed
        a = text.index("<!-- fpga:begin")
        b = text.index(END) + len(END)
        new = text[:a] + new_block + text[b:]
    else:
        new = text.rstrip("\n") + "\n\n## %s\n\n" % title + new_block + "\n"
    return text, new


def selftest_stale():
    """--selftest-stale: in a scratch tree, a build sweep older than the newest committed CSV is
    left out and a newer one overrides the committed row (load_rows). Returns 0 when both hold."""
    import tempfile
    here = os.getcwd()
    cols = "unit,config,w,board,core,status,lut,lut_avail,lut_pct,ff,ram,fmax_mhz,freq_mhz,timing,failing,seconds,critical_start,critical_end\n"
    row = "u,c,32,ulx3s,probe,timing-fail,1,83640,0.0,1,0,%s,100.0,FAIL,,1,a,b\n"
    with tempfile.TemporaryDirectory() as d:
        os.chdir(d)
        try:
            os.makedirs("fpga/results")
            os.makedirs("build/fpga")
            with open("fpga/results/sweep-2026-01-01.csv", "w") as f:
                f.write(cols + row % "2.0")
            with open("build/fpga/sweep.csv", "w") as f:
                f.write(cols + row % "1.0")
            t = os.path.getmtime("fpga/results/sweep-2026-01-01.csv")
            os.utime("build/fpga/sweep.csv", (t - 3600, t - 3600))
            older = [r["fmax_mhz"] for r in load_rows(False)]
            os.utime("build/fpga/sweep.csv", (t + 3600, t + 3600))
            newer = [r["fmax_mhz"] for r in load_rows(False)]
        finally:
            os.chdir(here)
    ok = older == ["2.0"] and newer == ["1.0"]
    print("fpga_doc selftest: a build sweep older than the committed results gives %s (want 2.0), "
          "a newer one %s (want 1.0): %s" % (older, newer, "ok" if ok else "FAIL"))
    return 0 if ok else 1


def main(argv):
    if "--selftest-stale" in argv[1:]:
        return selftest_stale()
    write = "--write" in argv[1:]
    committed = "--committed" in argv[1:]
    rows = load_rows(committed)
    pages = []
    for path in sorted(glob.glob("docs/units/*.md")):
        unit = os.path.splitext(os.path.basename(path))[0]
        mine = [r for r in rows if r["unit"] == unit]
        # more than one configuration in the rows: the sweep that made them ran them all
        regular = {r["config"] for r in mine if not r["config"].startswith("synth:")}
        cfgs = " FPGA_CONFIGS=all" if len(regular) > 1 else ""
        rep = "Reproduce: `make fpga-sweep FPGA_UNITS=%s%s`" % (unit, cfgs)
        rows_w = sorted({int(r["w"]) for r in mine if r["config"].startswith("synth:")})
        if rows_w:
            rep += " and `make fpga-sweep FPGA_UNITS=%s FPGA_CONFIGS=synth FPGA_WIDTHS=\"%s\"`" % (
                unit, " ".join(map(str, rows_w)))
        pages.append((path, table(mine, False) + ["", rep + " (docs/fpga.md)."], "FPGA"))
    fp = summary(rows)
    pi = postimpl(committed)
    if pi:
        fp += ["", "Post-implementation check (`make board-postimpl`):", ""] + pi
    pages.append(("docs/fpga.md", fp, "Measured"))
    bad = 0
    for path, lines, title in pages:
        old, new = put(path, lines, title)
        if old == new:
            continue
        if write:
            with open(path, "w") as f:
                f.write(new)
            print("fpga_doc: wrote %s" % path)
        else:
            bad = 1
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), path, path + " (new)"))
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
