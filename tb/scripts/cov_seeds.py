#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""tb/scripts/cov_seeds.py N: do the coverage gates hold for any seed? (make cov-seeds, make test)

Runs every unit's every model (simtcheck UNIT --list: each configuration at each W) in every
random mode (the default random run and the --test modes --list names) at the soak's minimum
run length (SOAK_MIN_CYCLES, default 10^5: tb/scripts/soak.sh) over N seeds drawn fresh from
/dev/urandom (printed; COV_SEEDS_LIST="s1 s2 ..." or --seeds replays them), with
SIMTCHECK_COV_REPORT=1, so that each run prints every gated coverage point's count and minimum
(tb/core sc_cov_gate). Reports:

  - every run that misses a coverage gate (EXPECTATION FAILED ... coverage: ...), and every other
    failing run (a mismatch, an RTL assertion, another expectation, a crash), with the command
    that replays it;
  - the gated points whose smallest count over the seeds is below 4 times the minimum ("thin":
    no miss in this sweep, but a few more seeds could find one; a warning, not a failure);
  - build/cov-seeds/summary.md (COV_DIR): the per-model table and the smallest count of every
    gated point.

A gate that fails on stimulus luck is a defect of the stimulus or of the gate (docs/verification.md):
the stimulus must reach the point by construction, or the minimum must be stated for the
configuration and run length from a measured distribution (this script's table).

Exit status 0: no failing run; 1: some run failed; 2: bad arguments or no simtcheck.

  cov_seeds.py N [--cycles C] [--units "arb st_rt"] [--models GLOB] [--jobs J] [--seeds "s ..."]
                 [--per-model K] [--max-lanes W] [--dir D]
  --per-model K: K of the N seeds per model and mode, in turn (default N: every model and mode
                 at every seed). --max-lanes W: the models of W lanes or fewer. The quick form
                 of make test: N = 2 --per-model 1 --max-lanes 8.
  SIMTCHECK= (default: simtcheck on PATH, else build/bin/simtcheck)
"""
import argparse
import concurrent.futures as cf
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def num(v, what):
    try:
        n = int(float(v))
    except ValueError:
        n = 0
    if n <= 0:
        sys.exit(f"cov-seeds: {what}='{v}' is not a positive number")
    return n


def units_of(binp):
    out = subprocess.run([binp, "--help"], capture_output=True, text=True).stdout
    units, on = [], False
    for line in out.splitlines():
        if line.startswith("units"):
            on = True
            continue
        if line.startswith("options"):
            break
        m = re.match(r"^  ([a-z][a-z0-9_]*)", line)
        if on and m:
            units.append(m.group(1))
    return units


def models_of(binp, unit):
    p = subprocess.run([binp, unit, "--list"], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"cov-seeds: simtcheck {unit} --list failed")
    modes = ["-"]
    models = []
    for line in p.stdout.splitlines():
        m = re.search(r"random modes \(--test, with --seed and --cycles\):(.*)$", line)
        if m:
            modes += m.group(1).split()
        f = line.split()
        if line.startswith("  --config ") and len(f) >= 4 and f[2] == "--lanes":
            models.append((f[1], int(f[3])))
    return models, modes


def command(binp, unit, cfg, w, mode, cycles, seed):
    c = [binp, unit, "--config", cfg, "--lanes", str(w)]
    if mode != "-":
        c += ["--test", mode]
    return c + ["--cycles", str(cycles), "--seed", str(seed)]


def run_one(job):
    binp, unit, cfg, w, mode, cycles, seed, faildir = job
    cmd = command(binp, unit, cfg, w, mode, cycles, seed)
    env = dict(os.environ, SIMTCHECK_COV_REPORT="1")
    env.pop("SIMTCHECK_COV_DEMAND", None)
    t0 = time.time()
    p = subprocess.run(cmd + ["--quiet", "--fail-dir", faildir], capture_output=True, text=True, env=env)
    out = p.stdout + p.stderr
    pts = {}
    for m in re.finditer(r"^coverage point: (.*): (\d+) \(min (\d+)\)$", out, re.M):
        pts[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    mis = re.findall(rf"^{unit}: \d+ cycles, (\d+) mismatches", out, re.M)
    asr = re.findall(rf"^{unit}: (\d+) RTL assertion failures", out, re.M)
    expl = [ln for ln in out.splitlines() if ln.startswith("EXPECTATION FAILED")]
    cov = [ln for ln in expl if "coverage:" in ln]
    nmis = int(mis[-1]) if mis else 0
    nasr = int(asr[-1]) if asr else 0
    if p.returncode == 0 and not expl and nmis == 0 and nasr == 0:
        kind = "ok"
    elif p.returncode == 1 and cov and len(cov) == len(expl) and nmis == 0 and nasr == 0:
        kind = "coverage"
    else:
        kind = "fail"
    first = (cov or expl or [ln for ln in out.splitlines() if re.match(r"^(MISMATCH|ASSERTION)|error", ln)] or [""])[0]
    return dict(unit=unit, cfg=cfg, w=w, mode=mode, seed=seed, rc=p.returncode, kind=kind, pts=pts,
                cov=cov, first=first, mis=nmis, asr=nasr, secs=time.time() - t0,
                cmd=" ".join(command(os.path.relpath(binp, ROOT) if binp.startswith(ROOT) else binp,
                                     unit, cfg, w, mode, cycles, seed)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", help="seeds per model and random mode (drawn fresh)")
    ap.add_argument("--cycles", default=os.environ.get("SOAK_MIN_CYCLES", "1e5"),
                    help="cycles per run (default SOAK_MIN_CYCLES or 1e5, the soak's minimum run)")
    ap.add_argument("--units", default="", help="space-separated units (default: every unit)")
    ap.add_argument("--models", default="*", help="glob over UNIT_CONFIG_W<w>_MODE (e.g. 'ht_stack_wa4_*')")
    ap.add_argument("--jobs", default="1", help="runs at a time (default 1)")
    ap.add_argument("--seeds", default=os.environ.get("COV_SEEDS_LIST", ""), help="these seeds instead of fresh ones")
    ap.add_argument("--per-model", default="", help="seeds per model and mode, of the N (default N)")
    ap.add_argument("--max-lanes", default="", help="only the models of W <= this (the quick form)")
    ap.add_argument("--dir", default=os.environ.get("COV_DIR", "build/cov-seeds"))
    a = ap.parse_args()
    os.chdir(ROOT)
    # SIMTCHECK, else the one on PATH (make test: build/bin, or TEST_BIN's), else build/bin's
    binp = os.path.abspath(os.environ.get("SIMTCHECK") or shutil.which("simtcheck") or "build/bin/simtcheck")
    if not os.access(binp, os.X_OK):
        print(f"cov-seeds: {binp} is not built (make simtcheck)", file=sys.stderr)
        return 2
    cycles = num(a.cycles, "--cycles")
    jobs = num(a.jobs, "--jobs")
    if a.seeds.strip():
        seeds = [int(s) for s in a.seeds.split()]
        origin = "given"
    else:
        n = num(a.n, "N")
        seeds = [1 + int.from_bytes(os.urandom(4), "little") % 2000000000 for _ in range(n)]
        origin = "drawn fresh from /dev/urandom"
    per = num(a.per_model, "--per-model") if a.per_model else len(seeds)
    per = min(per, len(seeds))
    units = a.units.split() or units_of(binp)
    if not units:
        print("cov-seeds: no units", file=sys.stderr)
        return 2
    faildir = os.path.join(a.dir, "fail")
    os.makedirs(faildir, exist_ok=True)
    jobl, keys = [], []
    for u in units:
        models, modes = models_of(binp, u)
        for cfg, w in models:
            if a.max_lanes and w > num(a.max_lanes, "--max-lanes"):
                continue
            for mode in modes:
                key = f"{u}_{cfg}_W{w}_{'random' if mode == '-' else mode}"
                if not fnmatch.fnmatch(key, a.models):
                    continue
                keys.append((u, cfg, w, mode))
    # each model and mode at `per` of the seeds, in turn (all of them when per = N)
    for i, (u, cfg, w, mode) in enumerate(keys):
        for j in range(per):
            s = seeds[(i * per + j) % len(seeds)] if per < len(seeds) else seeds[j]
            jobl.append((binp, u, cfg, w, mode, cycles, s, faildir))
    if not jobl:
        print("cov-seeds: no model matches", file=sys.stderr)
        return 2
    print(f"cov-seeds: {len(keys)} random modes of the models of {len(units)} units, {per} seed(s) each, "
          f"{cycles} cycles per run (the soak's minimum), {len(jobl)} runs, {jobs} at a time", flush=True)
    print(f"cov-seeds: seeds ({origin}): {' '.join(map(str, seeds))}", flush=True)
    print(f"cov-seeds: replay them: COV_SEEDS_LIST=\"{' '.join(map(str, seeds))}\"", flush=True)
    t0 = time.time()
    res = []
    last = 0.0
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        for r in ex.map(run_one, jobl):
            res.append(r)
            if r["kind"] != "ok":
                what = "COVERAGE GATE MISSED" if r["kind"] == "coverage" else "FAILED"
                print(f"cov-seeds: {what}: {r['cmd']}  ({r['first'] or 'exit ' + str(r['rc'])})", flush=True)
            now = time.time()
            if now - last >= 30 or len(res) == len(jobl):
                last = now
                print(f"cov-seeds: {len(res)}/{len(jobl)} runs, "
                      f"{sum(x['kind'] == 'coverage' for x in res)} coverage-gate misses, "
                      f"{sum(x['kind'] == 'fail' for x in res)} other failures; {now - t0:.0f} s", flush=True)
    # ---- per model and mode: runs, misses, each gated point's smallest count ----
    agg = {}
    for r in res:
        k = (r["unit"], r["cfg"], r["w"], r["mode"])
        g = agg.setdefault(k, dict(runs=0, cov=0, fail=0, secs=0.0, pts={}))
        g["runs"] += 1
        g["cov"] += r["kind"] == "coverage"
        g["fail"] += r["kind"] == "fail"
        g["secs"] += r["secs"]
        for name, (n, mn) in r["pts"].items():
            if mn == 0:
                continue
            p = g["pts"].setdefault(name, dict(min=mn, lo=n, hi=n, sum=0, k=0, miss=0))
            p["lo"] = min(p["lo"], n)
            p["hi"] = max(p["hi"], n)
            p["sum"] += n
            p["k"] += 1
            p["miss"] += n < mn
    # a point that is 1 in every run is a yes/no point (e.g. "a table was full"): its count
    # says nothing about its margin, only its miss rate over the seeds does
    thin, flags = [], []
    for k, g in agg.items():
        for name, p in g["pts"].items():
            if p["hi"] == 1 and p["min"] == 1:
                flags.append((k, name, p))
            elif p["lo"] < 4 * p["min"]:
                thin.append((k, name, p))
    os.makedirs(a.dir, exist_ok=True)
    summ = os.path.join(a.dir, "summary.md")
    bad = [r for r in res if r["kind"] != "ok"]
    with open(summ, "w") as f:
        f.write("# Coverage gates over fresh seeds\n\n")
        f.write(f"- {len(res)} runs of {cycles} cycles: {len(keys)} random modes of the models of "
                f"{len(units)} units ({' '.join(units)}), {per} seed(s) each; {time.time() - t0:.0f} s, {jobs} at a time\n")
        f.write(f"- seeds ({origin}): {' '.join(map(str, seeds))}\n")
        f.write(f"- coverage-gate misses: {sum(r['kind'] == 'coverage' for r in res)}; "
                f"other failing runs: {sum(r['kind'] == 'fail' for r in res)}\n\n")
        f.write("| model | mode | runs | gate misses | other failures | CPU s | gated points (smallest count / minimum) |\n")
        f.write("|---|---|---:|---:|---:|---:|---|\n")
        for (u, cfg, w, mode), g in agg.items():
            pts = ", ".join(f"{n} {p['lo']}/{p['min']}" for n, p in sorted(g["pts"].items(), key=lambda x: x[1]["lo"] / x[1]["min"]))
            f.write(f"| {u}_{cfg}_W{w} | {'random' if mode == '-' else mode} | {g['runs']} | {g['cov']} | {g['fail']} | "
                    f"{g['secs']:.0f} | {pts} |\n")
        if thin:
            f.write("\nThin points (smallest count below 4 x the minimum):\n\n")
            for (u, cfg, w, mode), name, p in thin:
                f.write(f"- {u}_{cfg}_W{w} {mode}: {name}: smallest {p['lo']}, mean {p['sum'] / p['k']:.1f}, "
                        f"minimum {p['min']}, {p['miss']} misses in {p['k']} runs\n")
        if flags:
            f.write("\nYes/no points (1 in every run; their margin shows only as the miss rate):\n\n")
            for (u, cfg, w, mode), name, p in flags:
                f.write(f"- {u}_{cfg}_W{w} {mode}: {name}: {p['miss']} misses in {p['k']} runs\n")
        if bad:
            f.write("\nFailing runs (replay with the command):\n\n")
            for r in bad:
                f.write(f"- {'coverage gate' if r['kind'] == 'coverage' else 'FAILED'}: `{r['cmd']}`: {r['first']}\n")
    for (u, cfg, w, mode), name, p in thin:
        print(f"cov-seeds: thin: {u} --config {cfg} --lanes {w}{'' if mode == '-' else ' --test ' + mode}: "
              f"{name}: smallest count {p['lo']} (minimum {p['min']}, mean {p['sum'] / p['k']:.1f})")
    print(f"cov-seeds: summary in {summ}")
    if bad:
        print(f"cov-seeds: FAILED: {sum(r['kind'] == 'coverage' for r in res)} coverage-gate misses, "
              f"{sum(r['kind'] == 'fail' for r in res)} other failing runs of {len(res)}")
        for r in bad:
            print(f"  {'coverage gate' if r['kind'] == 'coverage' else 'FAILED'}: {r['cmd']}")
        return 1
    print(f"cov-seeds: OK: {len(res)} runs, every coverage gate held ({len(thin)} thin points, "
          f"{len(flags)} yes/no points)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
