#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make synth-lib-sweep: the area-delay points of every unit on a standard-cell library.

  lib_sweep.py run --lib L [--units "u ..."] [--maps "m ..."] [--jobs N] [--clock-ns N] --out F
      For every unit of the registry (or --units), its default configuration at W = 32 as the main
      job synthesises it (tools/main_job.py synth_args: the default configuration's [[synth]] row,
      at the largest W <= 32 that make synth keeps), and for the arbiters the PC arbiter and the
      unified arbiter, each in both forms (IMPL 0 area, IMPL 1 delay), with the parameters of
      Brunie & Collange 2013 Table 5 (PC_W = 32, SP_W = 0, OFF_W = 7): one make synth-one
      LIBERTY=L MAP=m per configuration and mapping script m (synth/liberty.py MAPS; default all,
      each a point of the configuration's area-delay curve; FEW_MAPS: units given fewer unless
      --maps names them), N at a time (default 2). One progress
      line per run. Writes F (JSON): every point, which are on the Pareto front of their form and
      of their unit, the library's FO4, the wall time of the sweep. Exit 1 when a run failed (its
      row says why), 2 on bad arguments.
  lib_sweep.py docs --from F [--out docs/data] [--partial]
      Copies F, when it is a whole sweep on osu018 (every unit and script; --partial: any), to
      docs/data/lib-sweep.json, the checked-in copy the datasheets' "Real cells"
      sections, their plots and docs/data/lib-sweep.md are drawn from (tools/docs/cells_doc.py).

Run from the repository root. Standard library only.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
sys.path.insert(0, os.path.join(HERE, "..", "tools", "docs"))
import liberty  # noqa: E402  (synth/liberty.py: MAPS, MAP_ORDER)
import registry  # noqa: E402  (tools/registry.py)
import main_job  # noqa: E402  (tools/main_job.py: synth_args, the main job's synthesis row)

W = 32
# Brunie & Collange 2013 Table 5: the two operators, both forms, at the paper's setting.
ARB_OPS = (("simt_arb_pc", "PC arbiter"), ("simt_arb_unified", "unified"))
ARB_PARAMS = "PC_W=32 SP_W=0 OFF_W=7"
# Units mapped with fewer scripts, to keep the sweep near its half hour on 2 cores: the ST/RT
# tables at W = 32 (NST = NRT = 32: thousands of flip-flops and their next-state logic) take the
# longest run of the sweep with one script alone (its row's time in docs/data/lib-sweep.md).
FEW_MAPS = {"st_rt": ("nf",)}
DOCS_JSON = os.path.join("docs", "data", "lib-sweep.json")


class SweepError(Exception):
    pass


def points(units, maps, explicit=False):
    """[(unit, make arguments, script)] of the sweep, in registry order; a unit of FEW_MAPS gets
    only its scripts unless the scripts were named (explicit)."""
    out = []
    known = {u["name"]: u for u in registry.load_all()}
    for n in units or []:
        if n not in known:
            raise SweepError("unknown unit '%s' (units: %s)" % (n, " ".join(known)))
    for u in known.values():
        if units and u["name"] not in units:
            continue
        if u["name"] == "arb":
            cfgs = [["UNIT=arb", "TOP=" + top, "W=%d" % W, "P=" + ARB_PARAMS, "IMPL=%d" % i]
                    for top, _ in ARB_OPS for i in (0, 1)]
        else:
            cfgs = [main_job.synth_args(u, u["configs"][0], W)]
        few = FEW_MAPS.get(u["name"])
        for args in cfgs:
            for m in maps:
                if few and m not in few and not explicit:
                    continue
                out.append((u["name"], args, m))
    return out


def arg(args, key):
    for a in args:
        if a.startswith(key + "="):
            return a[len(key) + 1:]
    return ""


def run_point(k, n, unit, args, mp, lib, clock_ns, lock, t_all):
    cmd = ["make", "-s", "--no-print-directory", "synth-one"] + args + ["LIBERTY=" + lib, "MAP=" + mp]
    if clock_ns:
        cmd.append("CLOCK_NS=" + clock_ns)
    t0 = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    secs = round(time.time() - t0, 1)
    text = p.stdout.decode("utf-8", "replace")
    row = {"unit": unit, "top": arg(args, "TOP"), "impl": arg(args, "IMPL"), "w": int(arg(args, "W")),
           "params": arg(args, "P"), "map": mp, "command": " ".join(shlex.quote(x) for x in cmd[2:]),
           "seconds": secs}
    m = re.search(r"^\s*files\s+(\S+?)/ \(", text, re.M)
    row["reused"] = "is up to date" in text
    res = None
    if p.returncode == 0 and m and os.path.exists(os.path.join(m.group(1), "result.json")):
        with open(os.path.join(m.group(1), "result.json")) as f:
            res = json.load(f)
    if res is None:
        err = [ln for ln in text.splitlines() if "error" in ln.lower()]
        last = text.strip().splitlines()
        row.update(status="FAIL", error=(err[0] if err else last[-1] if last else "no output (exit %d)" % p.returncode)[:300])
    else:
        cp = res["critical_path"]
        row.update(status="ok", dir=m.group(1), area_um2=res["area_um2"], area_seq_um2=res["area_seq_um2"],
                   nand2_eq=res["nand2_eq"], nand2_eq_comb=res["nand2_eq_comb"], nand2_eq_seq=res["nand2_eq_seq"],
                   cells=res["cells"], delay_ns=res["critical_path_ns"], delay_fo4=res["critical_path_fo4"],
                   path_start=cp["start_pin"], path_end=cp["end_pin"], path_cells=cp["cell_count"],
                   clocked=bool(res["clock"]["port"]), fmax_mhz=res["fmax_mhz"], clock_ns=res["clock"]["period_ns"],
                   dynamic_w=res["power"]["dynamic_w"], leakage_w=res["power"]["leakage_w"],
                   fo4_ps=res["fo4_ps"], nand2_cell=res["nand2_cell"], nand2_area_um2=res["nand2_area_um2"],
                   yosys_seconds=res.get("yosys_seconds"), sta_seconds=res.get("sta_seconds"))
    with lock:
        form = " impl=%s" % row["impl"] if row["impl"] != "" else ""
        if row["status"] == "ok":
            what = "%s um^2 = %s NAND2-eq, %.3f ns = %.1f FO4" % (
                "{:,.0f}".format(row["area_um2"]), "{:,.0f}".format(row["nand2_eq"]), row["delay_ns"], row["delay_fo4"])
        else:
            what = "FAIL: " + row["error"]
        print("[%d/%d] %s %s%s W=%d map=%s: %s  [%.0f s; %.0f s in all]" % (
            k, n, unit, row["top"], form, row["w"], mp, what, secs, time.time() - t_all), flush=True)
    return row


def dominates(a, b):
    return (a["nand2_eq"] <= b["nand2_eq"] and a["delay_fo4"] <= b["delay_fo4"] and
            (a["nand2_eq"] < b["nand2_eq"] or a["delay_fo4"] < b["delay_fo4"]))


def mark_pareto(rows):
    """pareto_form: no other point of the same configuration (top, IMPL) dominates it;
    pareto_unit: no other point of the unit's operator (top, both forms) does."""
    ok = [r for r in rows if r["status"] == "ok"]
    for r in ok:
        same_cfg = [x for x in ok if x is not r and (x["unit"], x["top"], x["impl"], x["params"]) ==
                    (r["unit"], r["top"], r["impl"], r["params"])]
        same_top = [x for x in ok if x is not r and (x["unit"], x["top"]) == (r["unit"], r["top"])]
        r["pareto_form"] = not any(dominates(x, r) for x in same_cfg)
        r["pareto_unit"] = not any(dominates(x, r) for x in same_top)


def cmd_run(a):
    maps = a.maps.split() if a.maps.strip() else list(liberty.MAP_ORDER)
    for m in maps:
        if m not in liberty.MAPS:
            raise SweepError("unknown mapping script '%s' (%s)" % (m, " ".join(liberty.MAP_ORDER)))
    if a.clock_ns:
        liberty.clock_ns(a.clock_ns)
    try:
        jobs = int(a.jobs)
        if jobs < 1:
            raise ValueError
    except ValueError:
        raise SweepError("SWEEP_JOBS=%s: give a whole number >= 1" % a.jobs)
    pts = points(a.units.split(), maps, bool(a.maps.strip()))
    n = len(pts)
    ncfg = len({(u, tuple(x)) for u, x, _ in pts})
    print("synth-lib-sweep: %d runs (%d configurations x up to %d mapping scripts: %s) on %s, %d at a time"
          % (n, ncfg, len(maps), " ".join(maps), a.lib, jobs), flush=True)
    lock = threading.Lock()
    t_all = time.time()
    rows = [None] * n
    # the first run alone: it prepares the library and measures its FO4 for the others
    rows[0] = run_point(1, n, pts[0][0], pts[0][1], pts[0][2], a.lib, a.clock_ns, lock, t_all)
    if rows[0]["status"] != "ok":
        raise SweepError("the first run failed, the sweep stops: %s" % rows[0]["error"])
    # the others longest first (by the tool time of the same run in the last sweep, out or
    # docs/data/lib-sweep.json), so that the jobs end together
    last = {}
    for f in (a.out, DOCS_JSON):
        try:
            with open(f) as fi:
                for r in json.load(fi).get("rows", []):
                    last.setdefault(r.get("command", ""), (r.get("yosys_seconds") or 0) + (r.get("sta_seconds") or 0))
        except (OSError, ValueError):
            pass

    def cmdline(u, args, m):
        c = ["--no-print-directory", "synth-one"] + args + ["LIBERTY=" + a.lib, "MAP=" + m] + (["CLOCK_NS=" + a.clock_ns] if a.clock_ns else [])
        return " ".join(shlex.quote(x) for x in c)
    rest = sorted(range(1, n), key=lambda k: -last.get(cmdline(*pts[k]), 0))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(run_point, k + 1, n, pts[k][0], pts[k][1], pts[k][2], a.lib, a.clock_ns, lock, t_all): k
                for k in rest}
        for f in concurrent.futures.as_completed(futs):
            rows[futs[f]] = f.result()
    wall = round(time.time() - t_all, 1)
    mark_pareto(rows)
    ok = [r for r in rows if r["status"] == "ok"]
    doc = {"lib": a.lib, "w": W, "complete": not a.units.strip() and not a.maps.strip(), "jobs": jobs, "cores": os.cpu_count(), "wall_seconds": wall,
           "cpu_seconds": round(sum(r["seconds"] for r in rows), 1),
           # the tools' own time of every point, as measured when it ran (a run found up to date
           # takes seconds now but keeps its first time): the cost of the whole sweep from scratch
           "tool_seconds": round(sum((r.get("yosys_seconds") or 0) + (r.get("sta_seconds") or 0) for r in rows), 1),
           "reused": sum(1 for r in rows if r.get("reused")),
           "fo4_ps": ok[0]["fo4_ps"] if ok else None, "nand2_cell": ok[0]["nand2_cell"] if ok else None,
           "nand2_area_um2": ok[0]["nand2_area_um2"] if ok else None,
           "clock_ns": ok[0]["clock_ns"] if ok else None,
           "few_maps": {k: list(v) for k, v in FEW_MAPS.items() if any(r["unit"] == k for r in rows)}
                       if not a.maps.strip() else {},
           "map_order": maps,
           "maps": {m: liberty.MAPS[m] or "Yosys abc -constr default: strash; &get -n; &fraig -x; &put; scorr; dc2; "
                    "dretime; strash; &get -n; &dch -f; &nf; &put; buffer; upsize; dnsize; stime -p" for m in maps},
           "rows": rows}
    os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
    with open(a.out + ".tmp", "w") as f:
        f.write(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    os.replace(a.out + ".tmp", a.out)
    bad = [r for r in rows if r["status"] != "ok"]
    print("synth-lib-sweep: %d runs, %d failed, %.0f s wall (%.1f min) on %d jobs: %s"
          % (n, len(bad), wall, wall / 60.0, jobs, a.out))
    for r in bad:
        print("  FAIL %s %s impl=%s map=%s: %s" % (r["unit"], r["top"], r["impl"], r["map"], r["error"]))
    return 1 if bad else 0


def cmd_docs(a):
    if not os.path.exists(a.src):
        raise SweepError("%s not found: run make synth-lib-sweep first" % a.src)
    with open(a.src) as f:
        doc = json.load(f)
    if doc.get("lib") != "osu018":
        raise SweepError("%s is a sweep on %s: the datasheets quote osu018" % (a.src, doc.get("lib")))
    if not doc.get("complete") and not a.partial:
        print("synth-lib-sweep: %s is a partial sweep (SWEEP_UNITS or SWEEP_MAPS): not copied to %s"
              % (a.src, a.out))
        return 0
    out = os.path.join(a.out, "lib-sweep.json")
    with open(out, "w") as f:
        f.write(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print("synth-lib-sweep: wrote %s (%d rows)" % (out, len(doc["rows"])))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("run")
    p.add_argument("--lib", required=True)
    p.add_argument("--units", default="")
    p.add_argument("--maps", default="")
    p.add_argument("--jobs", default="2")
    p.add_argument("--clock-ns", default="")
    p.add_argument("--out", required=True)
    p = sub.add_parser("docs")
    p.add_argument("--from", dest="src", required=True)
    p.add_argument("--out", default=os.path.join("docs", "data"))
    p.add_argument("--partial", action="store_true", help="copy a partial sweep too")
    a = ap.parse_args()
    try:
        return {"run": cmd_run, "docs": cmd_docs}[a.cmd](a)
    except (SweepError, liberty.LibError, registry.RegistryError) as e:
        print("synth-lib-sweep: error: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
