#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The main job (make all): each unit's default configuration built, cross-checked, synthesized,
proven and run on the simulated board; one page of results in build/report.md.

  main_job.py [--unit U ...] [--config C] [--w N] [--seed S] [--jobs J] [--cycles N]
  main_job.py --regression [--seed S] [--jobs J] [--dry-run]

For every unit (or the ones named), its default configuration (its first [[config]], or --config)
at W = 32 (--w):
  build    the library and simtcheck with those models only (make SIMT_MODELS=..., in build/sub/),
           the unit's [board] model at W = 4 included, and the simulated boards
  check    simtcheck's default random run and every random mode --list names, --cycles each
           (default 10^5, the soak's shortest run), as make soak runs them
  synth    make synth-one of the configuration's synthesis row at W (Yosys generic gates)
  formal   the fast proofs of formal/quick.txt
  equiv    make equiv at W = 4: the RTL against its Yosys netlist, unbounded
  board    the [board] model on the simulated board, 10^4 cycles over the UART and at speed
Steps run J at a time (default: the cores), every step even if another fails; a progress line
with the elapsed time and an estimate of what is left (from the last run's durations,
build/all/durations.json, else the defaults below). Logs in build/all/log/; the report names
each failed step and its log. Exit status 0 if every step passed.
--regression (make regression): the full regression instead, every long target in turn, each on
all the cores (REGRESSION below, with its expected duration), its expected total printed before it
starts; build/regression/report.md (tools/report.sh). --dry-run: print the plan and the estimate.
Standard library only.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "docs"))
import registry  # noqa: E402
import headline  # noqa: E402

OUT = "build/all"
SUB = "build/sub/bin"
BOARD_CYCLES = 10000
# Seconds each step took on a 2-core machine (the estimate when build/all has no durations).
DEFAULT_SECS = {"tools": 60, "build": 90, "check": 5, "synth": 20, "formal": 45, "equiv": 15, "board": 15,
                "synth st_rt": 400, "synth ht_stack": 240, "formal arb": 60, "board arb": 40}
MAKE = ["make", "--no-print-directory"]
# The full regression (make regression): every long target in turn, each using every core;
# (name, make arguments, expected seconds on a 2-core machine).
REGRESSION = [
    ("test", ["test"], 600),
    ("test-long", ["test-long"], 300),
    ("lint", ["lint"], 150),
    ("fusesoc-lint", ["fusesoc-lint"], 40),
    ("fusesoc-sim", ["fusesoc-sim"], 100),
    ("board-soak", ["board-soak"], 400),
    ("board-postimpl", ["board-postimpl"], 240),
    ("synth", ["synth"], 2400),
    ("synth-lib-sweep", ["synth-lib-sweep"], 1050),
    ("formal", ["formal", "FORMAL_ALL=1"], 6000),
    ("equiv-all", ["equiv-all"], 4500),
    ("mutate", ["mutate"], 2400),
    ("soak", ["soak"], 2200),
    ("cov-seeds", ["cov-seeds", "COV_SEEDS=100"], 12000),
    ("fpga-sweep", ["fpga-sweep"], 23000),
]


def fmt(secs):
    secs = int(secs + 0.5)
    return "%d:%02d" % (secs // 60, secs % 60) if secs < 3600 else \
        "%d:%02d:%02d" % (secs // 3600, secs // 60 % 60, secs % 60)


class Step:
    def __init__(self, name, unit, kind, cmds, deps=(), slots=1):
        self.name, self.unit, self.kind, self.cmds, self.deps, self.slots = name, unit, kind, cmds, list(deps), slots
        self.status, self.secs, self.proc, self.t0, self.est = None, 0.0, None, 0.0, 0
        self.log = os.path.join(OUT, "log", name.replace(" ", "-") + ".log")

    def shell(self):
        return " && ".join("{ %s; }" % c for c in self.cmds)


def die(msg):
    print("main job: error: " + msg, file=sys.stderr)
    sys.exit(2)


def quick_proofs():
    out = {}
    for line in open(os.path.join(ROOT, "formal", "quick.txt")):
        f = line.split("#", 1)[0].split()
        if len(f) >= 3:
            out.setdefault(f[0], []).append((f[1], " ".join(f[2:])))
    return out


def pick(units, a):
    """[(unit, config, model at W, board model)] or exit 2 with a clear message."""
    names = [u["name"] for u in units]
    if a.unit:
        bad = [n for n in a.unit if n not in names]
        if bad:
            die("no unit %s (units: %s)" % (", ".join(bad), " ".join(names)))
        units = [u for u in units if u["name"] in a.unit]
    if a.config and len(units) != 1:
        die("CONFIG= needs UNIT= (one unit)")
    out = []
    for u in units:
        if a.config:
            cs = [c for c in u["configs"] if c["name"] == a.config]
            if not cs:
                die("unit %s has no configuration %s (configurations: %s)" % (
                    u["name"], a.config, " ".join(c["name"] for c in u["configs"])))
            c = cs[0]
        else:
            c = u["configs"][0]
        ms = {m["w"]: m for m in c["models"]}
        if a.w not in ms:
            die("%s --config %s has no model at W = %d (widths: %s; add the width to its "
                     "[[config]] in units/%s.toml)" % (u["name"], c["name"], a.w,
                                                       " ".join(map(str, sorted(ms))), u["name"]))
        board = u["board"]["test"]
        if board and not board.startswith("%s_%s_W" % (u["name"], c["name"])):
            board = None  # the unit's board model is of another configuration
        if c["netlist"]:
            die("%s --config %s is a netlist configuration (make synth-netlist builds it); "
                     "name an RTL configuration" % (u["name"], c["name"]))
        out.append((u, c, ms[a.w], board))
    return out


def synth_args(u, cfg, w):
    """make synth-one's arguments for the configuration's synthesis row (the README's headline row
    for the default configuration) at width w, or at the largest width below w where make synth
    keeps the row at w for SYNTH_BIG=1 (too slow for the main job); for another configuration,
    its own parameters at w."""
    r = headline.synth_row(u)
    if r and cfg is u["configs"][0]:
        same = [x for x in registry.synth_rows(u) if (x["top"], x["tag"], x["impl"], x["policy"]) ==
                (r["top"], r["tag"], r["impl"], r["policy"]) and x["w"] <= w and not x["big"]]
        if same:
            r = max(same, key=lambda x: x["w"])
        sets = re.findall(r"-set (\w+) (-?[0-9]+)", r["chparam"])
        p = " ".join("%s=%s" % kv for kv in sets if kv[0] not in ("W", "IMPL"))
        args = ["UNIT=" + u["name"], "TOP=" + r["top"], "W=%d" % (r["w"] if same else w), "P=" + p]
        if r["impl"] != "":
            args.append("IMPL=" + r["impl"])
        if r["abc"]:
            args.append("ABC=" + r["abc"])
        return args
    m = next(m for m in cfg["models"] if m["w"] == w)
    p = " ".join("%s=%s" % kv for kv in m["params"].items() if kv[0] != "W")
    return ["UNIT=" + u["name"], "TOP=" + m["top"], "W=%d" % w, "P=" + p]


def q(args):
    return " ".join(shlex.quote(x) for x in args)


def plan(sel, a, jobs):
    models = sorted({m["name"] for _, _, m, _ in sel} | {b for _, _, _, b in sel if b})
    sm = ["SIMT_MODELS=" + " ".join(models)]
    steps = [Step("tools", None, "tools", [q(MAKE + ["main-tools"])]),
             Step("build", None, "build", [q(MAKE + ["-j%d" % jobs] + sm + [SUB + "/simtcheck", SUB + "/simt-board-sim"])],
                  ["tools"], slots=jobs)]
    proofs = quick_proofs()
    for u, c, m, board in sel:
        n, cfg = u["name"], c["name"]
        # the default random run and every random mode --list names, as make soak runs them
        run = "%s/simtcheck %s --config %s --lanes %d --cycles %d --seed %d --quiet" % (
            SUB, n, cfg, m["w"], a.cycles, a.seed)
        check = ("%s && for t in $(%s/simtcheck %s --list | sed -n 's/^%s random modes.*: //p'); do "
                 "%s --test $t || exit 1; done" % (run, SUB, n, n, run))
        steps.append(Step("check " + n, n, "check", [check], ["build"]))
        steps.append(Step("synth " + n, n, "synth", [q(MAKE + ["synth-one"] + synth_args(u, c, a.w))], ["tools"]))
        fp = proofs.get(n, [])
        if fp:
            steps.append(Step("formal " + n, n, "formal",
                              [q(MAKE + ["formal-" + p, "FORMAL_TASKS=" + g]) for p, g in fp], ["tools"]))
        steps.append(Step("equiv " + n, n, "equiv",
                          [q(MAKE + ["equiv", "UNIT=" + n, "CONFIG=" + cfg, "W=4", "EQUIV_DIR=" + OUT + "/equiv"] + sm)],
                          ["build"]))
        if board:
            bw = int(board[board.rindex("_W") + 2:])
            steps.append(Step("board " + n, n, "board", [
                "%s/simt-board-sim %s -- %s/simtcheck %s --config %s --lanes %d --board @PTY --cycles %d "
                "--seed %d --quiet" % (SUB, board, SUB, n, cfg, bw, BOARD_CYCLES, a.seed)], ["build"]))
    return steps


def estimates():
    try:
        return json.load(open(os.path.join(OUT, "durations.json")))
    except (OSError, ValueError):
        return {}


def est(s, known):
    return known.get(s.name, s.est or DEFAULT_SECS.get(s.name, DEFAULT_SECS.get(s.kind, 30)))


def run(steps, jobs, known):
    t_start = time.time()
    done = {}
    running = []
    total = len(steps)
    os.makedirs(os.path.join(OUT, "log"), exist_ok=True)

    def left():
        now = time.time()
        work = sum(est(s, known) * s.slots for s in steps if s.status is None and s.proc is None)
        work += sum(max(est(s, known) - (now - s.t0), 5) * s.slots for s in running)
        return work / jobs

    def line(msg):
        print("[all %d/%d] %s elapsed, about %s left | %s" % (
            len(done), total, fmt(time.time() - t_start), fmt(left()), msg), flush=True)

    print("%s: %d steps, %d at a time; expected to take about %s (logs: %s/log/)" % (
        "regression" if OUT.endswith("regression") else "main job", total, jobs,
        fmt(sum(est(s, known) * s.slots for s in steps) / jobs), OUT), flush=True)
    while len(done) < total:
        free = jobs - sum(s.slots for s in running)
        ready = [s for s in steps if s.status is None and s.proc is None
                 and all(d in done for d in s.deps)]
        # a step whose prerequisite failed does not run
        for s in [s for s in steps if s.status is None and s.proc is None
                  and any(done.get(d) not in (None, "ok") for d in s.deps)]:
            s.status = "skipped"
            done[s.name] = s.status
            line("%s: skipped (%s failed)" % (s.name, ", ".join(d for d in s.deps if done.get(d) != "ok")))
            ready = [r for r in ready if r is not s]
        ready = [s for s in ready if all(done[d] == "ok" for d in s.deps)]
        ready.sort(key=lambda s: (-s.slots, -est(s, known)))   # the build first (the checks wait for it), then the longest
        for s in ready:
            if s.slots <= free or (not running and free == jobs):
                s.t0 = time.time()
                s.proc = subprocess.Popen(["bash", "-c", "set -o pipefail; " + s.shell()], cwd=ROOT,
                                          stdout=open(s.log, "w"), stderr=subprocess.STDOUT)
                running.append(s)
                free -= s.slots
        if not running:
            continue
        time.sleep(0.5)
        for s in list(running):
            rc = s.proc.poll()
            if rc is None:
                continue
            s.secs = time.time() - s.t0
            s.status = "ok" if rc == 0 else "failed"
            s.proc = None
            running.remove(s)
            done[s.name] = s.status
            line("%s: %s (%s)%s" % (s.name, s.status, fmt(s.secs), "" if rc == 0 else ", log " + s.log))
    return time.time() - t_start


def last_line(path, pat):
    try:
        lines = [l.rstrip() for l in open(path, errors="replace")]
    except OSError:
        return None
    hits = [l for l in lines if re.search(pat, l)]
    return hits[-1] if hits else None


def synth_result(log):
    m = last_line(log, r"build/synth/one/")
    d = re.search(r"(build/synth/one/[^\s/:]+)", m or "")
    try:
        return json.load(open(os.path.join(ROOT, d.group(1), "result.json"))) if d else None
    except (OSError, ValueError):
        return None


def check_result(log):
    cyc = mis = 0
    try:
        for l in open(log, errors="replace"):
            m = re.search(r": ([0-9]+) cycles, ([0-9]+) mismatches", l)
            if m:
                cyc += int(m.group(1))
                mis += int(m.group(2))
    except OSError:
        return None
    return cyc, mis


def formal_result(log):
    ok = tot = 0
    try:
        for l in open(log, errors="replace"):
            m = re.match(r"\[[0-9]+/[0-9]+\] \S+ \S+: (\S+)", l)
            if m:
                tot += 1
                ok += m.group(1) == "PASS"
    except OSError:
        return None
    return ok, tot


def soak_rows():
    """build/soak/summary.md's per-unit rows: unit | models | runs | cycles | mismatches | ..."""
    return {r[0]: r for r in headline.table_rows(os.path.join(ROOT, "build", "soak", "summary.md"))
            if len(r) >= 5 and re.match(r"^[0-9]+$", r[3])}


def cell(step, text):
    if step is None:
        return "-"
    if step.status != "ok":
        return "**%s**" % step.status.upper()
    return text


def report(sel, steps, a, wall, jobs):
    by = {s.name: s for s in steps}
    soak = soak_rows()
    mut_build = os.path.exists(os.path.join(ROOT, "build", "mutate", "summary.md"))
    o = ["# Main job report", ""]
    git = lambda *x: subprocess.run(["git"] + list(x), cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "diff", "--quiet"], cwd=ROOT).returncode != 0
    failed = [s for s in steps if s.status != "ok"]
    o.append("- commit %s%s; %s; %d cores, %d steps at a time; wall time %s" % (
        git("rev-parse", "--short", "HEAD") or "unknown", " (work tree modified)" if dirty else "",
        time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), os.cpu_count() or 1, jobs, fmt(wall)))
    o.append("- each unit's %s at W = %d; random modes %d cycles each, seed %d; board %d cycles; "
             "equivalence at W = 4" % ("configuration " + a.config if a.config else "default configuration", a.w,
                                      a.cycles, a.seed, BOARD_CYCLES))
    o.append("- **%s**" % ("every step passed" if not failed else "%d step(s) did not pass: %s" % (
        len(failed), ", ".join("%s (%s)" % (s.name, s.log) for s in failed))))
    o += ["", "| unit | configuration | cross-check | area (NAND2-eq) | depth | flip-flops | fast proofs "
          "| equivalence W = 4 | board | FPGA Fmax iCE40UP5K / ECP5-85F | mutation score | soak |",
          "|---|---|---|---:|---:|---:|---|---|---|---|---|---|"]
    for u, c, m, board in sel:
        n = u["name"]
        s = by.get("check " + n)
        r = check_result(s.log) if s else None
        chk = cell(s, "%s cycles, %d mismatches" % ("{:,}".format(r[0]), r[1]) if r else "?")
        s = by.get("synth " + n)
        sr = synth_result(s.log) if s else None
        if s and s.status == "ok" and sr:
            area, depth, ff = "{:,}".format(round(float(sr["nand2_eq"]))), str(sr["depth"]), str(sr["flops"])
            if int(sr["W"]) != a.w:
                area += " (W = %s)" % sr["W"]
        else:
            area, depth, ff = cell(s, "?"), "-", "-"
        s = by.get("formal " + n)
        fr = formal_result(s.log) if s else None
        prf = cell(s, "%d of %d PASS" % fr if fr else "?")
        s = by.get("equiv " + n)
        ev = last_line(s.log, r"^equiv \S+ .*: (PASS|FAIL|UNKNOWN)") if s else None
        eqv = cell(s, re.search(r": (PASS|FAIL|UNKNOWN)", ev).group(1) if ev else "?")
        s = by.get("board " + n)
        br = check_result(s.log) if s else None
        brd = cell(s, "%s cycles, %d mismatches" % ("{:,}".format(br[0]), br[1]) if br else "?")
        ice, ecp = headline.fpga(u, c["name"])
        if mut_build:
            mut = headline.mutation(u, c["name"], os.path.join(ROOT, "build", "mutate", "summary.md"))
        else:
            mut = headline.mutation(u, c["name"])
            mut = "not run here; recorded %s" % mut if mut != "-" else "not run (make mutate)"
        sk = soak.get(n)
        sk = "%s cycles, %s mismatches" % (sk[3], sk[4]) if sk else "not run (make soak)"
        o.append("| `%s` | `%s` | %s | %s | %s | %s | %s | %s | %s | %s / %s | %s | %s |" % (
            n, c["name"], chk, area, depth, ff, prf, eqv, brd, ice, ecp, mut, sk))
    o += ["", "FPGA Fmax: the unit alone, from the last FPGA sweep (`fpga/results/`, `make fpga-sweep`); "
          "mutation scores from `build/mutate/summary.md` when `make mutate` has run here, else the recorded "
          "`docs/data/mutate.md`; soak totals from `build/soak/summary.md` (`make soak`). "
          "The full regression (`make regression`) runs every configuration, proof and sweep.", "",
          "| step | status | time | log |", "|---|---|---:|---|"]
    for s in steps:
        o.append("| %s | %s | %s | `%s` |" % (s.name, "ok" if s.status == "ok" else "**%s**" % s.status,
                                           fmt(s.secs), s.log))
    with open(os.path.join(ROOT, "build", "report.md"), "w") as f:
        f.write("\n".join(o) + "\n")
    return not failed


def regression(a, jobs):
    steps = []
    for name, args, secs in REGRESSION:
        s = Step(name, None, name, [q(MAKE + args + ["SEED=%d" % a.seed])], slots=jobs)
        s.est = secs
        steps.append(s)
    known = estimates()
    if a.dry_run:
        for s in steps:
            print("  %-15s %-40s about %s" % (s.name, s.cmds[0], fmt(est(s, known))))
        print("regression: about %s in all" % fmt(sum(est(s, known) for s in steps)))
        return 0
    wall = run(steps, jobs, known)
    known.update({s.name: round(s.secs, 1) for s in steps if s.status == "ok"})
    with open(os.path.join(OUT, "durations.json"), "w") as f:
        json.dump(known, f, indent=1, sort_keys=True)
    with open(os.path.join(OUT, "steps.txt"), "w") as f:
        for s in steps:
            f.write("%s %s %d %s\n" % (s.name, s.status, round(s.secs), s.log))
    rc = subprocess.run(["tools/report.sh", OUT], cwd=ROOT).returncode
    print("regression: %s in %s; report: %s/report.md" % (
        "every step passed" if rc == 0 else "some step did not pass", fmt(wall), OUT))
    return rc


def main(argv):
    global OUT
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--regression", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--unit", action="append", default=[])
    ap.add_argument("--config", default="")
    ap.add_argument("--w", type=int, default=32)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--cycles", type=int, default=100000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args(argv)
    a.unit = [x for u in a.unit for x in u.split()]
    if a.seed == "random":
        a.seed = int.from_bytes(os.urandom(4), "little") & 0x7fffffff
        print("seed %d (replay with SEED=%d)" % (a.seed, a.seed))
    elif not re.match(r"^[0-9]+$", a.seed):
        die("SEED=%s: give a number or 'random'" % a.seed)
    a.seed = int(a.seed)
    jobs = max(1, a.jobs)
    os.chdir(ROOT)
    if a.regression:
        OUT = "build/regression"
        os.makedirs(os.path.join(OUT, "log"), exist_ok=True)
        return regression(a, jobs)
    try:
        units = registry.load_all()
    except registry.RegistryError as e:
        die("%s" % e)
    sel = pick(units, a)
    steps = plan(sel, a, jobs)
    known = estimates()
    wall = run(steps, jobs, known)
    known.update({s.name: round(s.secs, 1) for s in steps if s.status == "ok"})
    with open(os.path.join(OUT, "durations.json"), "w") as f:
        json.dump(known, f, indent=1, sort_keys=True)
    ok = report(sel, steps, a, wall, jobs)
    print("main job: %s in %s; report: build/report.md" % (
        "every step passed" if ok else "%d step(s) did not pass" % sum(s.status != "ok" for s in steps),
        fmt(wall)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
