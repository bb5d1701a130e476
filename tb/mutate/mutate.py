#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make mutate: the mutation score of make test's cross-checks.

  mutate.py model MODEL    one model of the registry (make passes its top, parameters, sources)
  mutate.py check MODEL K...  make mutate-check: the equivalence proofs of step 5 alone
  mutate.py summary        build/mutate/summary.md from every model's result.json

For one model (e.g. rmask_sb_rmask_W4), in build/mutate/MODEL/:

1. Yosys reads the unit's RTL at the model's parameters, flattens it (prep -flatten) and draws
   MUTANTS mutations with 'mutate -list' (the sampling YosysHQ MCY uses: inverted, constant or
   conditionally inverted bits on cell ports). Each is applied behind its own value of an 8-bit
   select 'mutsel' (0: the design as written), in batches with at most one
   mutation per cell (Yosys does not compose two of one cell; batches()); each batch is written
   as Verilog (bN/mutated.v, module mut_top); the list is mutations.txt. Mutations of a
   flip-flop's clock or asynchronous control are left out (edge_port()) and the rest renumbered.
2. A wrapper with the top's own name and ports reads the select once, at time 0, from the C
   function simt_mutsel() (DPI; env SIMT_MUTSEL, tb/mutate/mutsel_dpi.c). It is Verilated and
   linked with the unit's shim and the whole driver into MODEL/bN/simtcheck, whose model table
   holds this one model under its usual name: simtcheck runs it exactly as make test does.
3. The cross-checks: every 'pass' test of tb/tests.txt and of the unit's tests.txt that is one
   simtcheck command (no shell operators) and that passes on this binary with SIMT_MUTSEL=0.
   A test aimed at another model of the unit fails there with "has no model" (or "has no
   configuration", also from a trace header that names another configuration) and is left out; any
   other failure at SIMT_MUTSEL=0, in any batch, means the netlist does not behave as the RTL:
   the model is reported as not scored, with the test's name (make mutate then fails).
4. Each mutant runs the cross-checks in list order until one fails (killed, with the test's
   name) or all pass (survivor). A run that exceeds its time limit counts as killed by a hang.
5. Each survivor is checked for equivalence with the unmutated design (equiv()). First with the
   state matched (state_check()): the design as written (read with -formal, every `SIMT_ASSERT
   of the RTL an assumption: tb/mutate/assume.svh) and the mutant, each flip-flop cut into an
   input and an output, on the same inputs and state: equal outputs and next state in every
   state that satisfies the RTL's assertions (Yosys sat), and the same state after a reset from
   the all-zero state, is a proof ('equivalent'). Where a flip-flop does not match by name, a
   mutation that ties a bit to a constant has the constant check (const_check()). A model with a
   step of two clocks (STEP_CLKS = 2), and a mutation of a flip-flop's own output bit on any
   clocked model, then have the step check (step_check()): the state matched at a step's start
   without the step's register ranks (or without the mutated bit), over the clocks of a step and
   over a reset. Otherwise a miter of mut_top at mutsel = 0 and
   at mutsel = k on the same inputs, every output compared from the cycle after a reset (rst_ni
   low in the first cycle, registers zero), run by SymbiYosys with Yices: a bounded check of
   MUTATE_EQ_STEPS cycles (default 20), then k-induction, each within MUTATE_EQ_TIMEOUT seconds
   (default 300; also the limit of each SAT problem of the state-matched check). Verdicts:
   'equivalent' (either proof), 'different' (a counterexample: a test hole), 'unresolved' (no
   difference found, no proof: neither counted as equivalent nor as a hole, listed on its own).
   A survivor not proven equivalent also runs the cross-checks with seeds 2 and 3 and ten times
   the cycles (longer()).

The score is killed / (mutants - equivalent). Standard library only.
"""
import concurrent.futures as cf
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

import mut_common as C
from mut_common import die, must, sim
from mut_proofs import check, triage
from mut_yosys import apply_batch, batches, describe, yosys_mutants

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.environ.get("MUTATE_DIR", os.path.join("build", "mutate"))


# ---- 1. mutants (Yosys) ----


# ---- 2. the wrapper and the binary ----
PORT_RE = re.compile(r"^\s*(input|output)\s+(?:wire\s+|reg\s+)?(?:signed\s+)?(\[[^\]]+\])?\s*\\?([A-Za-z_][A-Za-z0-9_$]*)\s*;")


def mut_ports(d):
    text = open(os.path.join(d, "mutated.v")).read()
    m = re.search(r"\bmodule\s+mut_top\s*\(([^;]*)\);(.*?)\bendmodule\b", text, re.S)
    if not m:
        die("no module mut_top in mutated.v")
    # The header's port names; declarations of other names (a function's inputs) are not ports.
    names = {n.strip().lstrip("\\") for n in m.group(1).split(",")}
    ports = [(p.group(1), p.group(2) or "", p.group(3)) for p in
             (PORT_RE.match(l) for l in m.group(2).splitlines()) if p and p.group(3) in names]
    if not any(n == "mutsel" for _, _, n in ports):
        die("mut_top has no mutsel input")
    return [p for p in ports if p[2] != "mutsel"]


def write_wrapper(a, d, ports):
    w = os.path.join(d, "wrapper.v")
    with open(w, "w") as f:
        f.write("// generated by tb/mutate/mutate.py: %s with its mutants; SIMT_MUTSEL picks one\n" % a.top)
        f.write("module %s(%s);\n" % (a.top, ", ".join(n for _, _, n in ports)))
        f.write('  import "DPI-C" function int simt_mutsel();\n')
        for kind, rng, n in ports:
            f.write("  %s %s%s;\n" % (kind, rng + " " if rng else "", n))
        f.write("  reg [7:0] mutsel_q;\n  int sel;\n")
        f.write("  initial begin sel = simt_mutsel(); mutsel_q = sel[7:0]; end\n")
        f.write("  mut_top u_mut(.mutsel(mutsel_q)%s);\nendmodule\n" %
                "".join(", .%s(%s)" % (n, n) for _, _, n in ports))
    return w


def model_entry(a):
    src = open(os.path.join("build", "gen", "vl_models.c")).read()
    m = re.search(r'^\s*\{"%s",.*\},\s*$' % re.escape(a.model), src, re.M)
    if not m:
        die("model %s is not in build/gen/vl_models.c" % a.model)
    units = re.search(r"const simt_vl_unit simt_vl_units\[\] = \{.*?\};", src, re.S).group(0)
    heads = "".join(l + "\n" for l in src.splitlines() if l.startswith("#include"))
    ops = re.search(r"&(V\w+_ops)\}", m.group(0)).group(1)
    typ = re.search(r"^extern const (\w+) %s;" % ops, src, re.M).group(1)
    return ("/* generated by tb/mutate/mutate.py: the one (mutated) model of this binary */\n" + heads +
            "\nextern const %s %s;\n\nconst simt_vl_model simt_vl_models[] = {\n%s\n"
            "    {NULL, NULL, NULL, NULL, NULL, NULL, 0u, 0, 0, NULL},\n};\n\n%s\n"
            "const simt_vl_model simt_board_models[] = {\n"
            "    {NULL, NULL, NULL, NULL, NULL, NULL, 0u, 0, 0, NULL},\n};\n") % (typ, ops, m.group(0), units)


def build(a, d, wrapper):
    env = os.environ
    obj = os.path.join(d, "obj")
    shutil.rmtree(obj, ignore_errors=True)
    os.makedirs(obj)
    vflags = shlex.split(env["MUT_VL_FLAGS"])
    must([a.verilator] + vflags + ["--top-module", a.top, "--prefix", "V" + a.model, "-Mdir", obj,
                                   wrapper, os.path.join(d, "mutated.v")],
         os.path.join(d, "verilate.log"), "verilator")
    # the clock edge without the input logic, as lib/lib.mk builds every model
    must([sys.executable, "tools/vl_ico_skip.py", obj, "V" + a.model], os.path.join(d, "ico.log"), "ico skip")
    # lib/lib.mk's precompiled Verilator headers: the models' only at the level they were made
    # at (GCC does not check it, and g++ 12 crashed on an -O1 header in an -O2 compile)
    opt = getattr(a, "opt_fast", "-O1")
    pch = env.get("MUT_PCH_MODEL", "") if opt == env.get("MUT_PCH_OPT") else ""
    must(["make", "-s", "-C", obj, "-f", "V%s.mk" % a.model, "V%s__ALL.a" % a.model, "OPT_FAST=" + opt,
          "VM_PARALLEL_BUILDS=0", ("CXXFLAGS=-fPIC " + pch).strip()], os.path.join(d, "vmake.log"),
         "make of the Verilated model")
    must([sys.executable, "tools/vl_port_widths.py", os.path.join(obj, "V%s.h" % a.model),
          os.path.join(d, "ports.h")], os.path.join(d, "ports.log"), "port widths")
    with open(os.path.join(d, "ports.h"), "a") as f:
        f.write(subprocess.run([sys.executable, "tools/vl_ico_skip.py", "--header", obj, "V" + a.model],
                               check=True, capture_output=True, text=True).stdout)
    cxx = shlex.split(env.get("MUT_CXX", "g++"))
    cc = shlex.split(env.get("MUT_CC", "gcc"))
    shim = os.path.join(d, "shim.o")
    must(cxx + shlex.split(env["MUT_SHIM_CXXFLAGS"]) + shlex.split(env.get("MUT_SHIM_PCH", "")) + ["-isystem", obj, "-iquote", d, "-DVL_MODEL=V" + a.model] +
         shlex.split(a.defs) + ["-c", "lib/shim/vl_%s_shim.cpp" % a.unit, "-o", shim],
         os.path.join(d, "shim.log"), "shim compile")
    tab = os.path.join(d, "models.c")
    with open(tab, "w") as f:
        f.write(model_entry(a))
    objs = []
    for c in (tab, "tb/mutate/mutsel_dpi.c"):
        o = os.path.join(d, os.path.basename(c)[:-2] + ".o")
        must(cc + shlex.split(env["MUT_CFLAGS"]) + ["-c", c, "-o", o], os.path.join(d, "cc.log"), "compile " + c)
        objs.append(o)
    exe = os.path.join(d, "simtcheck")
    must(cxx + ["-o", exe] + shlex.split(env["MUT_LINK_OBJS"]) + objs +
         [shim, os.path.join(obj, "V%s__ALL.a" % a.model), env["MUT_VL_RT"]] + shlex.split(env["MUT_LIBS"]),
         os.path.join(d, "link.log"), "link")
    return exe


# ---- 3. the cross-checks ----
def test_commands(unit):
    out = []
    for lst in ("tb/tests.txt", "tb/units/%s/tests.txt" % unit):
        for line in open(lst):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = [p.strip() for p in line.split("|", 2)]
            if len(parts) != 3 or parts[1] != "pass":
                continue
            cmd = parts[2].replace("$SEED", "1")
            if re.search(r"[;&|<>`$()]", cmd):
                continue
            t = shlex.split(cmd)
            if any(x.startswith(("--record", "--wave", "--fail-dir", "--inject", "--board")) for x in t):
                continue   # writes files of fixed names, or tests the harness: not a cross-check
            if len(t) >= 2 and t[0] == "simtcheck" and t[1] == unit:
                out.append((parts[0], t[1:]))
    return out


def baseline(exe, cmds, d):
    """The tests that run this model and pass on exe at mutsel = 0: (keep, other), or
    (None, name of a test that fails there)."""
    keep, other = [], []
    with open(os.path.join(d, "baseline.log"), "w") as log:
        for name, args in cmds:
            ok, rc, out, dt = sim(exe, args, 0, 600)
            log.write("==== %s (rc %s, %.1f s): simtcheck %s\n%s\n" % (name, rc, dt, " ".join(args), out[-2000:]))
            if ok:
                keep.append((name, args, dt))
            elif rc == 2 and re.search(r"error: (\S+: )?(header 'config': )?unit \w+ has no (model|configuration) ", out):
                other.append(name)
            else:
                return None, name
    if not keep:
        die("no cross-check of make test runs this model")
    return keep, other


def run_mutant(exe, tests, k):
    for name, args, dt in tests:
        ok, rc, out, _ = sim(exe, args, k, max(30.0, 20 * dt))
        if rc is None:
            return ("killed", name + " (time limit)")
        if not ok:
            return ("killed", name)
    return ("survived", "")


# ---- 5. equivalence of the survivors ----


def do_model(a):
    d = os.path.join(OUT, a.model)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    t0 = time.time()
    print("mutate %s: %d mutants (seed %d) of %s" % (a.model, a.mutants, a.seed, a.top), flush=True)
    muts = yosys_mutants(a, d)
    a.muts = muts
    groups = batches(muts)
    bdir, exes, of = [], [], {}
    for b, ids in enumerate(groups):
        bd = os.path.join(d, "b%d" % b)
        apply_batch(a, bd, muts, ids)
        ports = mut_ports(bd)
        exes.append(build(a, bd, write_wrapper(a, bd, ports)))
        bdir.append(bd)
        for k in ids:
            of[k] = b
    print("mutate %s: built %d netlists (%d mutants behind mutsel, at most one per cell in each; %.0f s)" %
          (a.model, len(groups), len(muts), time.time() - t0), flush=True)
    tests, other = baseline(exes[0], test_commands(a.unit), bdir[0])
    for b in range(1, len(exes)):
        if tests is None:
            break
        for name, args, _ in tests:
            if not sim(exes[b], args, 0, 600)[0]:
                tests, other = None, name
                break
    if tests is None:
        # The design as written, read by Yosys and Verilated, fails a test the RTL passes: the
        # flow cannot score this model (Yosys's reading of the RTL and Verilator's disagree).
        msg = ("a netlist at mutsel = 0 (Yosys's reading of the RTL, its mutations off) fails %s, which the "
               "RTL passes: not scored (%s/b*/baseline.log)" % (other, d))
        print("mutate %s: ERROR: %s" % (a.model, msg), flush=True)
        with open(os.path.join(d, "result.json"), "w") as f:
            json.dump({"model": a.model, "unit": a.unit, "top": a.top, "seed": a.seed, "error": msg,
                       "seconds": round(time.time() - t0)}, f, indent=1)
        return 1
    print("mutate %s: %d cross-checks of make test run this model (%s); %d aim at other models" %
          (a.model, len(tests), ", ".join(n for n, _, _ in tests), len(other)), flush=True)
    res = [None] * len(muts)
    done = 0
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = {ex.submit(run_mutant, exes[of[k + 1]], tests, k + 1): k for k in range(len(muts))}
        for fu in cf.as_completed(futs):
            res[futs[fu]] = fu.result()
            done += 1
            if done % 10 == 0 or done == len(muts):
                nk = sum(1 for r in res if r and r[0] == "killed")
                print("mutate %s: simulated %d/%d, killed %d, survived %d (%.0f s)" %
                      (a.model, done, len(muts), nk, done - nk, time.time() - t0), flush=True)
    surv = [k for k, r in enumerate(res) if r[0] == "survived"]
    eqr = {}
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = {ex.submit(triage, a, bdir[of[k + 1]], ports, exes[of[k + 1]], tests, k + 1): k for k in surv}
        for fu in cf.as_completed(futs):
            k = futs[fu]
            eqr[k] = fu.result()
            print("mutate %s: survivor %d/%d, mutant %d: %s (%s)" % (a.model, len(eqr), len(surv), k + 1,
                                                                   eqr[k][0], eqr[k][1]), flush=True)
    rows = []
    for k, (m, r) in enumerate(zip(muts, res)):
        row = {"id": k + 1, "mutation": m, "what": describe(m), "sim": r[0], "killed_by": r[1]}
        if k in eqr:
            row["equiv"], row["equiv_note"] = eqr[k]
        rows.append(row)
    nk = sum(1 for r in rows if r["sim"] == "killed")
    neq = sum(1 for r in rows if r.get("equiv") == "equivalent")
    ndiff = sum(1 for r in rows if r.get("equiv") == "different")
    nbound = sum(1 for r in rows if r.get("equiv") == "unresolved")
    result = {"model": a.model, "unit": a.unit, "top": a.top, "seed": a.seed, "mutants": len(rows),
              "killed": nk, "equivalent": neq, "different": ndiff, "unresolved": nbound,
              "tests": [n for n, _, _ in tests], "seconds": round(time.time() - t0), "rows": rows}
    with open(os.path.join(d, "result.json"), "w") as f:
        json.dump(result, f, indent=1)
    denom = len(rows) - neq
    print("mutate %s: %d mutants, %d killed by simulation, %d equivalent, %d surviving and different, "
          "%d surviving and unresolved; score %d/%d = %.1f %% (%.0f s)" %
          (a.model, len(rows), nk, neq, ndiff, nbound, nk, denom, 100.0 * nk / max(1, denom), time.time() - t0),
          flush=True)
    return 0


def summary():
    res = []
    for m in sorted(os.listdir(OUT)) if os.path.isdir(OUT) else []:
        p = os.path.join(OUT, m, "result.json")
        if os.path.exists(p):
            res.append(json.load(open(p)))
    order = [l.split() for l in open("units/ORDER") if not l.startswith("#")]
    order = [u for l in order for u in l]
    res.sort(key=lambda r: (order.index(r["unit"]) if r["unit"] in order else 99, r["model"]))
    lines = ["# make mutate: mutation score of make test's cross-checks", "",
             "Generated by tb/mutate/mutate.py (docs/verification.md, \"Mutation\"). Score = killed by "
             "simulation / (mutants - proven equivalent). 'Equivalent': proven with the state matched (equal "
             "outputs and next state in every state that satisfies the RTL's assertions), a bit proven constant, "
             "for a two-clock step the state but the step's ranks matched over a step and a reset, for a mutated "
             "flip-flop output bit the state with that bit free or matched, or by k-induction. "
             "'Unresolved': survived, no difference found within %d cycles of reset, no proof (neither equivalent "
             "nor a known hole)." % C.EQ_STEPS, "",
             "| model | mutants | killed by simulation | equivalent | survived, different | survived, unresolved "
             "| score | time (s) |", "|---|---|---|---|---|---|---|---|"]
    bad = 0
    for r in res:
        if "error" in r:
            bad += 1
            lines.append("| %s | not scored: %s | | | | | | %d |" % (r["model"], r["error"].replace("|", "\\|"), r["seconds"]))
            continue
        denom = r["mutants"] - r["equivalent"]
        sc = 100.0 * r["killed"] / max(1, denom)
        bad += sc < 95.0
        lines.append("| %s | %d | %d | %d | %d | %d | %.1f %% | %d |" % (
            r["model"], r["mutants"], r["killed"], r["equivalent"], r["different"], r["unresolved"], sc, r["seconds"]))
    for r in res:
        surv = [x for x in r.get("rows", []) if x["sim"] == "survived"]
        if not surv:
            continue
        lines += ["", "## %s: survivors" % r["model"], "", "| # | verdict | mutation |", "|---|---|---|"]
        for x in surv:
            lines.append("| %d | %s %s | `%s` |" % (x["id"], x.get("equiv", "?"), x.get("equiv_note", ""),
                                                   x["what"].replace("|", "\\|")))
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "summary.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines[5:5 + 2 + len(res)]))
    print("mutate: %d models, %d below 95 %% or not scored: %s" % (len(res), bad, os.path.join(OUT, "summary.md")))
    return 1 if bad else 0


class Args:
    pass


def env_number(name, lo, hi, default=None):
    s = os.environ.get(name, "" if default is None else str(default))
    if not re.fullmatch(r"[0-9]+", s) or not lo <= int(s) <= hi:
        die("%s=%s: give a decimal number from %d to %d" % (name, s, lo, hi))
    return int(s)


def main(argv):
    os.chdir(ROOT)
    C.EQ_STEPS = env_number("MUTATE_EQ_STEPS", 1, 1000, C.EQ_STEPS)
    C.EQ_TIMEOUT = env_number("MUTATE_EQ_TIMEOUT", 1, 86400, C.EQ_TIMEOUT)
    if len(argv) >= 1 and argv[0] == "summary":
        return summary()
    if len(argv) < 2 or argv[0] not in ("model", "check") or (argv[0] == "check" and len(argv) < 3):
        die("usage: mutate.py model MODEL | check MODEL K... | summary (environment from tb/mutate/mutate.mk)")
    a = Args()
    a.model = argv[1]
    e = os.environ
    try:
        a.unit, a.top, a.chparam, a.defs = e["MUT_UNIT"], e["MUT_TOP"], e.get("MUT_CHPARAM", ""), e.get("MUT_DEFS", "")
        a.rtl = e["MUT_RTL"].split()
        a.steps = re.search(r"-set STEP_CLKS 2\b", a.chparam) is not None   # a two-clock step: step_check()
        a.yosys, a.verilator, a.sby = e["MUT_YOSYS"], e["MUT_VERILATOR"], e["MUT_SBY"]
        a.toolpath = e["MUT_TOOLPATH"]
    except KeyError as k:
        die("environment %s not set (run through make mutate)" % k)
    out = os.path.realpath(os.environ.get("MUTATE_DIR", "build/mutate"))
    if "yowasp" in os.path.basename(a.yosys) and os.path.commonpath([out, os.path.realpath(ROOT)]) != \
            os.path.realpath(ROOT):
        # YoWASP's Yosys (WebAssembly) reaches only the checkout: elsewhere it could not even
        # open its log ("Can't open log file ...")
        die("MUTATE_DIR=%s is outside the checkout (%s), where YoWASP's Yosys cannot write: give a "
            "directory inside it (default build/mutate)" % (os.environ.get("MUTATE_DIR", ""), ROOT))
    a.mutants = env_number("MUTANTS", 1, 255)   # ids 1..MUTANTS behind an 8-bit select
    a.seed = env_number("MUTATE_SEED", 0, 2**31 - 1)
    a.jobs = env_number("MUTATE_JOBS", 1, 256)
    if argv[0] == "check":
        if not all(re.fullmatch(r"[0-9]+", x) for x in argv[2:]):
            die("MUTATE_IDS: give mutant numbers (decimal), not '%s'" % " ".join(argv[2:]))
        return check(a, [int(x) for x in argv[2:]])

    return do_model(a)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
