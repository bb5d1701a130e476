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

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.environ.get("MUTATE_DIR", os.path.join("build", "mutate"))
EQ_STEPS = 20      # MUTATE_EQ_STEPS, read by main()
EQ_TIMEOUT = 300   # MUTATE_EQ_TIMEOUT, read by main()


def die(msg):
    print("mutate: error: " + msg, file=sys.stderr)
    sys.exit(2)


def run(cmd, log=None, env=None, timeout=None, cwd=None):
    """Runs cmd (a list); returns (rc, output). rc None on a timeout."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                           timeout=timeout, cwd=cwd, text=True, errors="replace")
        out, rc = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out = e.stdout if isinstance(e.stdout, str) else (e.stdout or b"").decode("utf-8", "replace")
        rc = None
    if log:
        with open(log, "w") as f:
            f.write(out)
    return rc, out


def must(cmd, log, what, **kw):
    rc, out = run(cmd, log=log, **kw)
    if rc != 0:
        tail = "\n".join(out.splitlines()[-15:])
        die("%s failed (%s):\n%s" % (what, log, tail))
    return out


# ---- 1. mutants (Yosys) ----
def read_design(a):
    """The Yosys commands that read the unit's RTL at the model's parameters, flattened, as mut_top."""
    return ("read_verilog -sv -noautowire %s\n%shierarchy -check -top %s\nprep -flatten -top %s\n"
            "rename %s mut_top\n" % (" ".join(a.rtl), "chparam %s %s\n" % (a.chparam, a.top) if a.chparam else "",
                                     a.top, a.top, a.top))


def read_pair(a, m):
    """The Yosys commands that read the mutant (mutation m always on) as module gate and the
    design as written as module gold, with -formal and tb/mutate/assume.svh (every `SIMT_ASSERT
    an assumption), both flattened, their formal cells lowered, flip-flops as plain $dff."""
    incs = sorted({os.path.dirname(p) or "." for p in a.rtl} | {"rtl/common"})   # simt_assert.svh
    ch = "chparam %s %s\n" % (a.chparam, a.top) if a.chparam else ""
    return (read_design(a) + m + "\nrename mut_top gate\ndesign -stash gate\n"
            "read_verilog -sv -formal -noautowire %s tb/mutate/assume.svh %s\n%shierarchy -check -top %s\n"
            "prep -flatten -top %s\nrename %s gold\n" % (" ".join("-I" + i for i in incs), " ".join(a.rtl), ch,
                                                         a.top, a.top, a.top) +
            "design -copy-from gate -as gate gate\nchformal -lower\ndelete t:$scopeinfo\ndffunmap\n")


def yosys_mutants(a, d):
    ys = os.path.join(d, "mutate.ys")
    listf = os.path.join(d, "drawn.txt")   # Yosys's list; mutations.txt: the mutants kept
    with open(ys, "w") as f:
        f.write("# generated by tb/mutate/mutate.py: %d mutants of %s, seed %d\n" % (a.mutants, a.model, a.seed))
        f.write(read_design(a))
        # -none: mutsel = 0 is the design as written; mutants are 1 .. MUTANTS. Drawn with room
        # for the mutations left out below (Yosys's list of N + k begins with its list of N).
        f.write("mutate -list %d -seed %d -none -ctrl mutsel 8 0 -o %s\n" %
                (a.mutants + 1 + a.mutants // 2, a.seed, listf))
    must([a.yosys, "-q", "-l", os.path.join(d, "list.log"), ys], os.path.join(d, "list.out"), "yosys mutate -list")
    muts = [l.strip() for l in open(listf) if l.strip().startswith("mutate ")]
    if len(muts) < 2:
        die("yosys drew no mutation for %s" % a.model)
    # A mutation of a flip-flop's clock or asynchronous control puts logic (the select) on that
    # edge: Verilator evaluates it as a derived clock, so the flip-flop samples what the others
    # wrote at the same edge and the netlist differs from the design even at mutsel = 0 (an
    # inverted CLK puts its batch's baseline a cycle off).
    # The units are synchronous with one clock: such a mutation is not a logic bug of theirs.
    # Yosys numbered each mutation's select value by its place in the list: renumbered 1 .. MUTANTS
    # here (mutant k is the design with mutsel = k).
    kept = [m for m in muts[1:] if edge_port(m) is None][:a.mutants]
    kept = [renumber(m, k) for k, m in enumerate(kept, 1)]
    with open(os.path.join(d, "mutations.txt"), "w") as f:
        f.write("".join(m + "\n" for m in kept))
    return kept


def renumber(m, k):
    """Mutation m with its select value (-ctrl mutsel 8 N) set to k."""
    t, n = re.subn(r"(-ctrl mutsel 8 )\d+", r"\g<1>%d" % k, m, count=1)
    if n != 1:
        die("mutation without '-ctrl mutsel 8 N': %s" % m)
    return t


def edge_port(m):
    """The edge-sensitive port (CLK, ARST, ALOAD, SET, CLR) a mutation changes, or None."""
    t = shlex.split(m)
    p = t[t.index("-port") + 1] if "-port" in t else None
    return p if p in ("CLK", "ARST", "ALOAD", "SET", "CLR") else None


def cell_of(m):
    t = shlex.split(m)
    return t[t.index("-cell") + 1] if "-cell" in t else m


def batches(muts):
    """Mutant numbers (1..n) in groups with at most one mutation per cell. Yosys 0.55's
    'mutate -ctrl' does not compose two mutations of one cell: with both applied, the design
    changes at mutsel = 0 although each alone is harmless (docs/tool_notes.md)."""
    out = []
    for k, m in enumerate(muts, 1):
        c = cell_of(m)
        for b in out:
            if c not in b["cells"]:
                b["cells"].add(c)
                b["ids"].append(k)
                break
        else:
            out.append({"cells": {c}, "ids": [k]})
    return [b["ids"] for b in out]


def apply_batch(a, bd, muts, ids):
    """The netlist of batch bd: the design with mutants ids behind mutsel (bd/mutated.v)."""
    os.makedirs(bd, exist_ok=True)
    ys2 = os.path.join(bd, "apply.ys")
    with open(ys2, "w") as f:
        f.write("# generated by tb/mutate/mutate.py: mutants %s of %s behind mutsel\n" %
                (",".join(map(str, ids)), a.model))
        f.write(read_design(a))
        for k in ids:
            f.write(muts[k - 1] + "\n")
        # splitnets: every wire one bit wide. Yosys's flattened netlist has multi-bit wires whose
        # bits depend on each other (false loops at the word level); Verilator 5.006 can simulate
        # such a netlist wrongly (a mutsel = 0 baseline that fails the RTL's tests).
        f.write("opt_clean\nsplitnets\nwrite_verilog -noattr %s\n" % os.path.join(bd, "mutated.v"))
    must([a.yosys, "-q", "-l", os.path.join(bd, "apply.log"), ys2], os.path.join(bd, "apply.out"), "yosys mutate")


def describe(m):
    """A mutation line in a few words: mode, the signal (wire or cell port, bit) and the source."""
    t = shlex.split(m)
    opt = {}
    i = 0
    while i < len(t):
        if t[i].startswith("-") and i + 1 < len(t):
            if t[i] == "-ctrl":
                i += 4
                continue
            opt.setdefault(t[i][1:], []).append(t[i + 1])
            i += 2
        else:
            i += 1
    mode = opt.get("mode", ["?"])[0]
    if "wire" in opt:
        what = "%s[%s]" % (opt["wire"][0], opt.get("wirebit", ["0"])[0])
    else:
        cell = opt.get("cell", ["?"])[0]
        kind = re.sub(r"^\$flatten\\", "", cell)
        kind = re.sub(r"\$rtl/[^$]*", "", kind)
        what = "%s.%s[%s]" % (kind, opt.get("port", ["?"])[0], opt.get("portbit", ["0"])[0])
    if "ctrlbit" in opt:
        mode += "(by bit %s)" % opt["ctrlbit"][0]
    src = ", ".join(s.replace("rtl/", "") for s in opt.get("src", []))
    return "%s %s @ %s" % (mode, what, src)


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


def sim(exe, args, sel, timeout):
    env = dict(os.environ, SIMT_MUTSEL=str(sel))
    fail = os.path.join(os.path.dirname(exe), "fail", "m%d" % sel)
    t0 = time.time()
    rc, out = run([exe] + args + ["--fail-dir", fail], env=env, timeout=timeout)
    shutil.rmtree(fail, ignore_errors=True)
    last = out.strip().splitlines()[-1] if out.strip() else ""
    ok = rc == 0 and " 0 mismatches" in last
    return ok, rc, out, time.time() - t0


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
def sby(a, e, name, mode, depth, timeout):
    """Runs one SymbiYosys task on e/miter.sv; returns (status, step) with status PASS, FAIL or
    another word (TIMEOUT, ERROR, UNKNOWN)."""
    d = os.path.dirname(e)
    with open(os.path.join(e, name + ".sby"), "w") as f:
        f.write("# generated by tb/mutate/mutate.py\n[options]\nmode %s\ndepth %d\ntimeout %d\n\n"
                "[engines]\nsmtbmc yices\n\n[script]\nread_verilog mutated.v sides.v\nread -formal miter.sv\n"
                "hierarchy -check -top miter\nproc\nflatten\nsetundef -zero -init\nopt_clean\n\n"
                "[files]\n%s\n%s\n%s\n" % (mode, depth, timeout, os.path.join(d, "mutated.v"),
                                            os.path.join(e, "sides.v"), os.path.join(e, "miter.sv")))
    rc, out = run([a.sby, "--yosys", a.yosys, "--smtbmc", a.yosys + "-smtbmc", "--witness", a.yosys + "-witness",
                   "-f", "--prefix", os.path.join(e, name), os.path.join(e, name + ".sby")],
                  log=os.path.join(e, name + ".log"), env=dict(os.environ, PATH=a.toolpath + ":" + os.environ["PATH"]),
                  timeout=timeout + 120)
    m = re.search(r"DONE \((\w+), rc=", out)
    step = re.findall(r"in step (\d+)", out)
    return (m.group(1) if m else ("TIMEOUT" if rc is None else "ERROR")), (step[-1] if step else "?")


def triage(a, d, ports, exe, tests, k):
    v, note = equiv(a, d, ports, k)
    if v != "equivalent":
        note += "; " + longer(exe, tests, k)
    return v, note


def state_check(a, e, k, names):
    """Step 5a: the survivor k against the design as written with the state matched: both read
    from the RTL by Yosys (the gate as make mutate reads it, with mutation k always on; the gold
    with -formal and tb/mutate/assume.svh, so that every `SIMT_ASSERT of the RTL is an assumption
    on the state), each flip-flop cut into an input (its value) and an output (its next value),
    both sides on the same inputs and state (Yosys expose -dff -evert-dff, miter -equiv;
    structurally equal logic merged by opt, the rest decided by Yosys sat). A proof when, in
    every state that satisfies the RTL's assertions and for every input, the outputs and the
    next state are equal; the assertions hold in every state reachable after a reset, so from
    there on the two never part. Besides (clocked units), from the all-zero state a reset cycle
    must give the same state and the same outputs on both. Not a proof (None) when a flip-flop
    does not match by name (a mutation on a flip-flop's output renames its wire), an assumption
    reads rst_ni (the reset guard dropped would matter) or cannot be met at all, or the check
    fails, errs or runs out of time: the sequential miter then decides."""
    m = re.sub(r"^mutate -ctrl \S+ \d+ \d+ ", "mutate ", a.muts[k - 1])   # the mutation, always on
    if not m.startswith("mutate ") or " -ctrl " in m:
        return None, "state-matched check: mutation not understood"
    clocked = "clk_i" in names and "rst_ni" in names
    ys = os.path.join(e, "state.ys")
    with open(ys, "w") as f:
        f.write("# generated by tb/mutate/mutate.py: mutant %d against the design as written, state matched\n" % k)
        f.write(read_pair(a, m))
        if clocked:
            # from the all-zero state (simtcheck's models start there) a reset cycle: the state after
            # it (every flip-flop's output exposed) and the outputs of the next cycle equal
            f.write("design -save pair\nexpose -dff gold gate\nmiter -equiv -flatten gold gate reset_miter\n"
                    "hierarchy -top reset_miter\nlog STATE-CHECK: reset\nsat -seq 2 -set-at 1 in_rst_ni 0 -set-init-zero -prove trigger 0 "
                    "-prove-skip 1 -verify -timeout %d\ndesign -load pair\n" % EQ_TIMEOUT)
        # (expose leaves each cut flip-flop driving nothing, for opt to remove: one left reads as
        # a flip-flop not cut, its state not matched)
        f.write("expose -dff -evert-dff gold gate\n"
                "miter -equiv -flatten gold gate miter\nhierarchy -top miter\nopt -fast -keepdc\n"
                "select -assert-none t:*ff* t:*latch* t:$sr\n"
                "tee -o %s select -count t:$assume\n" % os.path.join(e, "state.assumes"))
        if clocked:
            f.write("select -assert-none t:$assume %ci* w:in_rst_ni %i\n")
        f.write("log STATE-CHECK: assumptions met\nsat -set-assumes -prove trigger 1 -timeout %d\n"
                "log STATE-CHECK: equal\nsat -set-assumes -prove trigger 0 -verify -timeout %d\n" % (EQ_TIMEOUT, EQ_TIMEOUT))
    log = os.path.join(e, "state.log")
    rc, out = run([a.yosys, "-q", "-l", log, ys], log=os.path.join(e, "state.out"), timeout=EQ_TIMEOUT + 120)
    if rc is None:
        return None, "state-matched check: timeout"
    text = open(log, errors="replace").read() if os.path.exists(log) else ""
    if rc != 0:
        err = (re.findall(r"^ERROR: (.*)$", text, re.M) or ["rc %s" % rc])[-1]
        step = (re.findall(r"STATE-CHECK: (\w+)", text) or ["setup"])[-1]
        fails = {"reset": "differs after a reset from the all-zero state",
                 "equal": "fails (in a state that meets the RTL's assertions, maybe unreachable)"}.get(step, "fails")
        for pat, say in (("No matching port|t:\*ff\*", "a flip-flop not matched by name"),
                         ("w:in_rst_ni", "an assumption reads rst_ni"),
                         ("proof did fail", fails),
                         ("TIMEOUT|[Tt]imeout", "timeout")):
            if re.search(pat, err):
                err = say
                break
        return None, "state-matched check: %s" % err[:80].replace("|", "/")
    met = text.split("STATE-CHECK: assumptions met")[-1].split("STATE-CHECK: equal")[0]
    if "model found: FAIL" not in met:   # no state and input meet the assumptions: vacuous
        return None, "state-matched check: the assumptions cannot be met"
    n = open(os.path.join(e, "state.assumes")).read().split()[:1]
    return "equivalent", "proven: state matched, %s RTL assertion(s) assumed" % (n[-1] if n else "?")


def const_check(a, e, k, names):
    """Step 5a, second form, for a mutation that ties a bit to a constant and names the wire it
    sits on (Yosys's -wire, -wirebit; the case the state-matched check cannot take: a flip-flop's
    own output, whose wire the mutation renames): the design as written, read as in
    state_check() (every `SIMT_ASSERT an assumption, each flip-flop cut into an input), must
    hold that wire bit at that constant in every state that satisfies the RTL's assertions, for
    every input (Yosys sat). Then the mutation changes nothing in any reachable state: a proof.
    None when the mutation is of another kind or the proof fails, errs or runs out of time."""
    t = shlex.split(a.muts[k - 1])
    opt = {t[i]: t[i + 1] for i in range(len(t) - 1) if t[i].startswith("-")}
    if opt.get("-mode") not in ("const0", "const1") or "-wire" not in opt or "-wirebit" not in opt:
        return None, "constant check: not a constant on a named wire"
    incs = sorted({os.path.dirname(p) or "." for p in a.rtl} | {"rtl/common"})
    ch = "chparam %s %s\n" % (a.chparam, a.top) if a.chparam else ""
    val = "1" if opt["-mode"] == "const1" else "0"
    sig = "%s[%d]" % (opt["-wire"], int(opt["-wirebit"]))
    ys = os.path.join(e, "const.ys")
    with open(ys, "w") as f:
        f.write("# generated by tb/mutate/mutate.py: mutant %d, is %s constant %s in every state that meets the RTL's "
                "assertions?\n" % (k, sig, val))
        f.write("read_verilog -sv -formal -noautowire %s tb/mutate/assume.svh %s\n%shierarchy -check -top %s\n"
                "prep -flatten -top %s\nchformal -lower\ndelete t:$scopeinfo\ndffunmap\nexpose -dff -evert-dff\nopt_clean\n"
                "select -assert-none t:*ff* t:*latch* t:$sr\n" % (" ".join("-I" + i for i in incs), " ".join(a.rtl), ch,
                                                                    a.top, a.top))
        if "clk_i" in names and "rst_ni" in names:
            f.write("select -assert-none t:$assume %ci* w:rst_ni %i\n")
        f.write("log CONST-CHECK: assumptions met\nsat -set-assumes -timeout %d\n"
                "log CONST-CHECK: constant\nsat -set-assumes -prove %s 1'%s -verify -timeout %d\n"
                % (EQ_TIMEOUT, sig, val, EQ_TIMEOUT))
    log = os.path.join(e, "const.log")
    rc, _ = run([a.yosys, "-q", "-l", log, ys], log=os.path.join(e, "const.out"), timeout=2 * EQ_TIMEOUT + 120)
    if rc is None:
        return None, "constant check: timeout"
    text = open(log, errors="replace").read() if os.path.exists(log) else ""
    if rc != 0:
        err = (re.findall(r"^ERROR: (.*)$", text, re.M) or ["rc %s" % rc])[-1]
        return None, "constant check: %s" % ("fails" if "proof did fail" in err else err[:80].replace("|", "/"))
    met = text.split("CONST-CHECK: assumptions met")[-1].split("CONST-CHECK: constant")[0]
    if "model found" not in met or "no model found" in met:
        return None, "constant check: the assumptions cannot be met"
    return "equivalent", "proven: %s is %s in every state that meets the RTL's assertions" % (sig, val)


def vid(name):
    """A Yosys name as a Verilog identifier (escaped when it is not a plain one)."""
    return name if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$]*", name) else "\\" + name + " "


def flop_q(m):
    """For a mutation of a flip-flop's own output bit (Yosys's -port Q on a flip-flop cell, with
    -wire and -wirebit naming that output) of mode const0, const1, inv, cnot0 or cnot1: (wire,
    bit, mode, ctrl), ctrl for a cnot the distance from the mutated bit to the bit it reads
    (-ctrlbit - -portbit, both bits of the flip-flop's output), else None. Anything else: None.
    step_check() takes such a mutation."""
    opt = dict(re.findall(r"(-(?:mode|cell|port|portbit|ctrlbit|wire|wirebit)) (\S+)", m))
    if (opt.get("-port") != "Q" or not re.search(r"\$\w*dff\w*\$", opt.get("-cell", ""))
            or opt.get("-mode") not in ("const0", "const1", "inv", "cnot0", "cnot1") or "-wire" not in opt
            or "-wirebit" not in opt):
        return None
    ctrl = None
    if opt["-mode"].startswith("cnot"):
        if "-ctrlbit" not in opt or "-portbit" not in opt:
            return None
        ctrl = int(opt["-ctrlbit"]) - int(opt["-portbit"])
    return opt["-wire"], int(opt["-wirebit"]), opt["-mode"], ctrl


def step_check(a, e, k, names, matched=False):
    """Step 5a, third form, for a model with a step of two clocks (STEP_CLKS = 2: flip-flops of
    rtl/common/simt_step_cut.sv, the step's register ranks, and simt_step_phase's phase). Such a
    rank holds, in a step's first clock, the previous step's value, which the unit does not read
    (simt_step_cut.sv), and in the second the value its input has in the whole step (inputs held
    over both clocks, the unit's contract). The state-matched check compares the ranks too, so a
    mutation whose effect ends in a rank value never read there, or a counterexample that needs a
    rank inconsistent with the state, leaves it unproven. Here the state is matched at a step's
    start only, and without the ranks: both designs as read by state_check() (the gold's
    assertions assumptions, every flip-flop cut into an input and an output) are chained over the
    step's two clocks, on the same held inputs (rst_ni high), from the same state except the
    ranks (each side its own arbitrary values) with the phase at the step's first clock; the
    outputs of both clocks and the state (ranks excluded) after each clock must be equal. And a
    reset clock (rst_ni low), from the same state but the ranks, in any phase, must give the same
    state but the ranks. From the all-zero state a reset gives the same state (second claim), the
    phase then at a step's start; each step and each reset keep the states equal but the ranks
    (both claims), and the outputs of every clock of a step are equal: the mutant cannot be told
    apart by any run that holds its inputs over a step (simtcheck's runs, whose reset lines are
    not compared).
    A mutation of a flip-flop's own output bit (flop_q(): const0, const1, inv, cnot0 or cnot1 on
    -port Q) is taken here on any clocked model, first with that bit free: the mutant's side is the design as
    written too (read without assertions), its flip-flop read through the mutation by every
    reader, its own hold path included (0, 1, or the inverse of the bit it holds); the bit it
    holds is its own arbitrary value at the start and its own next value after a clock; every
    other bit is matched as above, and only that one bit is left out of the state compared. On
    a single-clock model the chain is one clock (no rank, no phase). If it holds, the mutant
    and the design agree on every output from reset on, whatever that bit holds: no state-matched
    check could show it, since the mutant's flip-flop stores something else. None when the
    model has no rank and the mutation is not of that kind, a flip-flop does not match by name,
    the mutated bit is not a cut flip-flop's output (or a rank's), the assumptions cannot be
    met, or the proof fails, errs or runs out of time.
    With matched (tried when the free form fails with a counterexample), the mutant's flip-flop
    holds the design's value of that bit at the start, and the bit is compared after the last
    clock and after a reset like the others (on a two-clock model it stays free after the first
    clock and at a reset's start: a reset may come between a step's clocks): an inverted output
    bit whose flip-flop reloads its own output every clock flips twice in a step and is back at
    the step's end (rmask_sb's I-buffer); a cnot whose control bit is 0 in every state that meets
    the assertions changes nothing. The matched form cuts the netlist again (step.ys): a few
    seconds, kept for one code path."""
    m = re.sub(r"^mutate -ctrl \S+ \d+ \d+ ", "mutate ", a.muts[k - 1])
    if not m.startswith("mutate ") or " -ctrl " in m or "clk_i" not in names or "rst_ni" not in names:
        return None, "step check: not a clocked design"
    q = flop_q(m)
    if q:
        # the mutated flip-flop's output bit: both sides are the design as written (the gate
        # without assertions), the gate's flip-flop read through the mutation (below)
        m = ""
    js, il = os.path.join(e, "step.json"), os.path.join(e, "step.il")
    rk, ph = os.path.join(e, "step.rank"), os.path.join(e, "step.phase")
    ys = os.path.join(e, "step.ys")
    with open(ys, "w") as f:
        f.write("# generated by tb/mutate/mutate.py: mutant %d and the design as written, cut for the step check\n" % k)
        # one name per flip-flop (opt_clean -purge), the ranks' and the phase's listed by their source
        f.write(read_pair(a, m) + "opt_clean -purge\n"
                "select -assert-none t:*ff* t:$dff %%d t:*latch* t:$sr %%u %%u\n"
                # no wire holds bits of a rank and of another flip-flop (each is matched or not, whole)
                "select -assert-none t:$dff a:src=*simt_step_cut.sv* %%i %%co1 w:* %%i "
                "t:$dff t:$dff a:src=*simt_step_cut.sv* %%i %%d %%co1 w:* %%i %%i\n"
                "tee -q -o %s select -list t:$dff a:src=*simt_step_cut.sv* %%i %%co1 w:* %%i\n"
                "tee -q -o %s select -list t:$dff a:src=*simt_step_phase.sv* %%i %%co1 w:* %%i\n"
                "expose -dff -evert-dff gold gate\nopt_clean\nselect -assert-none t:$dff\nwrite_json %s\nwrite_rtlil %s\n" % (rk, ph, js, il))
    rc, _ = run([a.yosys, "-q", "-l", os.path.join(e, "step.log"), ys], log=os.path.join(e, "step.out"),
                timeout=EQ_TIMEOUT + 120)
    if rc != 0:
        text = open(os.path.join(e, "step.log"), errors="replace").read() if os.path.exists(os.path.join(e, "step.log")) else ""
        return None, "step check: %s" % ("timeout" if rc is None else
                                         "a flip-flop not cut (a mutation of its output renames its wire)"
                                         if "not empty: t:$dff" in text else "netlist not cut (step.log)")
    mods = json.load(open(js))["modules"]
    if set(mods) < {"gold", "gate"}:
        return None, "step check: netlist not cut (step.json)"
    if q:
        # The bit that Yosys's -wire/-wirebit names is the flip-flop's output bit (the mutation's
        # -port Q), but the wire may be one of several names of it (st_rt's st_ridx_o is a slice of
        # st_lnk_q): the cut flip-flop is found by the net, the state input that drives that bit.
        # A cnot's control bit is found the same way, and must be a bit of the same flip-flop.
        nn = mods["gate"]["netnames"].get(q[0])

        def state_bit(i):
            bid = nn["bits"][i] if nn and 0 <= i < len(nn["bits"]) else None
            return [(n[:-2], j) for n, p in mods["gate"]["ports"].items() if p["direction"] == "input" and
                    n.endswith(".q") for j, x in enumerate(p["bits"]) if isinstance(bid, int) and x == bid]
        hits = state_bit(q[1])
        if len(hits) != 1:
            return None, "step check: the mutated bit %s[%d] is not a cut flip-flop's output" % q[:2]
        ctl = None
        if q[3] is not None:
            # the control bit is the flip-flop's output bit at the same distance from the mutated
            # one as in the cell's port, and found by its net too: both must agree
            c = state_bit(q[1] + q[3])
            if len(c) != 1 or c[0] != (hits[0][0], hits[0][1] + q[3]):
                return None, "step check: the cnot's control bit %s[%d] is not the flip-flop's" % (q[0], q[1] + q[3])
            ctl = c[0][1]
        q = hits[0] + (q[2], ctl)

    def listed(path, mod):
        return {l.strip().split("/", 1)[1] for l in open(path) if l.strip().startswith(mod + "/")}
    sides = {}
    for mod in ("gold", "gate"):
        ports = {n: (p["direction"], len(p["bits"])) for n, p in mods[mod]["ports"].items()}
        state = {n[:-2]: w for n, (d, w) in ports.items() if d == "input" and n.endswith(".q")}
        nxt = {n[:-2]: w for n, (d, w) in ports.items() if d == "output" and n.endswith(".d")}
        sides[mod] = {"in": {n: w for n, (d, w) in ports.items() if d == "input" and not n.endswith(".q")},
                      "out": {n: w for n, (d, w) in ports.items() if d == "output" and n[-2:] not in (".d", ".c")},
                      "state": state, "rank": listed(rk, mod) & set(state), "phase": listed(ph, mod) & set(state)}
        if set(state) != set(nxt):
            return None, "step check: a flip-flop cut without its next value"
    g, t = sides["gold"], sides["gate"]
    if not g["rank"] and not q:
        return None, "step check: no step rank (a single-clock design)"
    clocks = 2 if g["rank"] else 1
    if (clocks == 2 and len(g["phase"]) != 1) or g["in"] != t["in"] or g["out"] != t["out"] or g["phase"] != t["phase"]:
        return None, "step check: the two designs' ports or phase differ"
    if q and (q[0] not in g["state"] or q[0] in g["rank"] or q[1] >= g["state"][q[0]]):
        return None, "step check: the mutated flip-flop %s[%d] is a rank's or not found" % q[:2]
    shared = {n: w for n, w in g["state"].items() if n not in g["rank"]}
    if shared != {n: w for n, w in t["state"].items() if n not in t["rank"]}:
        return None, "step check: a flip-flop not matched by name"
    ins = sorted(n for n in g["in"] if n not in ("clk_i", "rst_ni"))
    v = []   # the wrapper
    decl = []
    for tag in ("a", "b"):   # a: the step, b: the reset clock
        decl += ["input [%d:0] %s_i_%s" % (g["in"][n] - 1, tag, n) for n in ins]
        decl += ["input [%d:0] %s_s%d" % (w - 1, tag, j) for j, (n, w) in enumerate(sorted(shared.items()))]
        for side, sd in (("g", g), ("m", t)):
            decl += ["input [%d:0] %s_%sr%d" % (sd["state"][n] - 1, tag, side, j) for j, n in enumerate(sorted(sd["rank"]))]
        if q:
            decl.append("input %s_mq" % tag)   # the bit the mutant's flip-flop holds
    v.append("// generated by tb/mutate/mutate.py: the step check of mutant %d (step_check())\n"
             "module step_check(\n  %s\n);\n" % (k, ",\n  ".join(decl)))
    sidx = {n: j for j, n in enumerate(sorted(shared))}
    asserts = []

    def inst(mod, sd, name, tag, side, rst, prev):
        """An instance of the cut design mod: inputs of the wrapper tag, state from the wrapper
        (prev None) or the previous frame prev; its outputs and next state as wires name_o_*, name_d_*."""
        conns = [".%s(1'b0)" % vid("clk_i"), ".%s(1'b%d)" % (vid("rst_ni"), rst)]
        conns += [".%s(%s_i_%s)" % (vid(n), tag, n) for n in ins]
        ridx = {n: j for j, n in enumerate(sorted(sd["rank"]))}
        for n, w in sorted(sd["state"].items()):
            if prev is not None:
                src = "%s_n_%s" % (prev, sd["key"][n])
            elif n in ridx:
                src = "%s_%sr%d" % (tag, side, ridx[n])
            else:
                src = "%s_s%d" % (tag, sidx[n])
            if q and side == "m" and n == q[0]:
                # the mutant's flip-flop: the bit it holds (free at a step's start, its own next
                # value after a clock), read by every reader, its own hold path included, through
                # the mutation
                held = "%s[%d]" % (src, q[1]) if prev is not None or (matched and tag == "a") else "%s_mq" % tag
                val = {"const0": "1'b0", "const1": "1'b1", "inv": "~" + held,
                       "cnot0": "%s ^ ~%s[%s]" % (held, src, q[3]), "cnot1": "%s ^ %s[%s]" % (held, src, q[3])}[q[2]]
                v.append("  wire [%d:0] %s_q;\n  assign %s_q = (%s & ~%s) | ({%d{%s}} & %s);\n"
                         % (w - 1, name, name, src, qmask, w, val, qmask))
                src = "%s_q" % name
            conns.append(".%s(%s)" % (vid(n + ".q"), src))
        for n, w in sorted(sd["out"].items()):
            v.append("  wire [%d:0] %s_o_%d;\n" % (w - 1, name, sd["okey"][n]))
            conns.append(".%s(%s_o_%d)" % (vid(n), name, sd["okey"][n]))
        for n, w in sorted(sd["state"].items()):
            v.append("  wire [%d:0] %s_n_%s;\n" % (w - 1, name, sd["key"][n]))
            conns.append(".%s(%s_n_%s)" % (vid(n + ".d"), name, sd["key"][n]))
        v.append("  %s %s(%s);\n" % (mod, name, ", ".join(conns)))
    for sd in (g, t):
        sd["key"] = {n: ("s%d" % sidx[n]) if n in sidx else ("r%d" % j)
                     for j, n in enumerate(sorted(sd["state"]))}
        sd["okey"] = {n: j for j, n in enumerate(sorted(sd["out"]))}
    # the mutated flip-flop (q): every bit but the mutated one is matched
    qw = g["state"][q[0]] if q else 0
    qmask = "%d'h%x" % (qw, 1 << q[1]) if q else ""
    for mod, sd, side in (("gold", g, "g"), ("gate", t, "m")):
        inst(mod, sd, side + "1", "a", side, 1, None)    # the step's first clock
        if clocks == 2:
            inst(mod, sd, side + "2", "a", side, 1, side + "1")  # its second
        inst(mod, sd, side + "0", "b", side, 0, None)    # a reset clock
    frames = [("1", "the step's first clock", "after the step's first clock"),
              ("2", "its second clock", "after its second clock")] if clocks == 2 else [("1", "a clock", "after a clock")]
    checks = []   # (what, gold's signal, the mutant's)
    for fr, at, _ in frames:
        checks += [("%s at %s" % (n, at), "g%s_o_%d" % (fr, j), "m%s_o_%d" % (fr, j))
                   for n, j in sorted(g["okey"].items(), key=lambda x: x[1])]
    for fr, _, when in frames + [("0", "", "after a reset")]:
        for n, j in sorted(sidx.items(), key=lambda x: x[1]):
            x, y = "g%s_n_s%d" % (fr, j), "m%s_n_s%d" % (fr, j)
            if q and n == q[0] and (not matched or (clocks == 2 and fr == "1")):
                if qw == 1:
                    continue
                x, y = "(%s & ~%s)" % (x, qmask), "(%s & ~%s)" % (y, qmask)
            checks.append(("state %s %s" % (n, when), x, y))
    v.append("  wire [%d:0] ok;   // bit i: check i holds\n" % (len(checks) - 1))
    v += ["  assign ok[%d] = %s == %s;   // %s\n" % (i, x, y, what) for i, (what, x, y) in enumerate(checks)]
    v.append("  always @* begin\n")
    if clocks == 2:
        v.append("    assume (a_s%d == 1'b0);   // a step's first clock\n" % sidx[next(iter(g["phase"]))])
    v.append("    assert (&ok);\n  end\nendmodule\n")
    sfx = "_matched" if matched else ""
    wr = os.path.join(e, "step_check%s.sv" % sfx)
    with open(wr, "w") as f:
        f.write("".join(v))
    ys2 = os.path.join(e, "step2%s.ys" % sfx)
    with open(ys2, "w") as f:
        f.write("# generated by tb/mutate/mutate.py: the step check of mutant %d\n"
                "read_rtlil %s\nread_verilog -sv -formal %s\nhierarchy -check -top step_check\nproc\nflatten\nchformal -lower\nopt -fast -keepdc\n"
                "log STEP-CHECK: assumptions met\nsat -set-assumes -timeout %d\n"
                "log STEP-CHECK: equal\nsat -set-assumes -prove-asserts -show ok -verify -timeout %d\n"
                % (k, il, wr, EQ_TIMEOUT, EQ_TIMEOUT))
    log = os.path.join(e, "step2%s.log" % sfx)
    rc, _ = run([a.yosys, "-q", "-l", log, ys2], log=os.path.join(e, "step2%s.out" % sfx), timeout=2 * EQ_TIMEOUT + 120)
    text = open(log, errors="replace").read() if os.path.exists(log) else ""
    if rc is None:
        return None, "step check: timeout"
    if rc != 0:
        err = (re.findall(r"^ERROR: (.*)$", text, re.M) or ["rc %s" % rc])[-1]
        if "proof did fail" not in err:
            return None, "step check: %s" % err[:80].replace("|", "/")
        # the counterexample's ok vector (sat -show): the first check that fails, by name
        bits = re.findall(r"^\s+\\ok\s+(?:\S+\s+)*?([01x]+)\s*$", text, re.M)
        bad = [checks[len(bits[-1]) - 1 - i][0] for i, c in enumerate(bits[-1]) if c == "0"] if bits else []
        why = "step check: fails (from a state that meets the RTL's assertions, maybe unreachable)%s" % (
            ": " + bad[-1] if bad else "")
        if q and not matched:
            v2, why2 = step_check(a, e, k, names, matched=True)
            return (v2, why2) if v2 else (None, "%s; with the bit matched: %s" % (why, why2.replace("step check: ", "")))
        return None, why
    met = text.split("STEP-CHECK: assumptions met")[-1].split("STEP-CHECK: equal")[0]
    if "model found" not in met or "no model found" in met:
        return None, "step check: the assumptions cannot be met"
    free = ("bit %d of %s (the mutated output; each side its own value)" % (q[1], q[0])) if q else ""
    if matched and clocks == 1:
        return "equivalent", ("proven: the state matched, bit %d of %s (the mutated output) included, over a clock "
                              "and a reset" % (q[1], q[0]))
    if matched:
        return "equivalent", ("proven: the state but the step's ranks matched at a step's start, bit %d of %s (the "
                              "mutated output) held equal there, %d rank flip-flops free, over the step's two clocks "
                              "and a reset" % (q[1], q[0], sum(g["state"][n] for n in g["rank"])))
    if clocks == 1:
        return "equivalent", "proven: the state matched but %s, over a clock and a reset" % free
    return "equivalent", ("proven: the state but the step's ranks%s matched at a step's start, %d rank flip-flops "
                          "free, over the step's two clocks and a reset" % (" and " + free if q else "",
                                                                          sum(g["state"][n] for n in g["rank"])))


def proof(a, e, k, names):
    """Step 5a: the state-matched check, then (flip-flops not matched by name) the constant check,
    then (a two-clock model, or a mutation of a flip-flop's own output bit) the step check.
    ('equivalent', how) or (None, why not)."""
    v, why = state_check(a, e, k, names)
    if not v and "not matched by name" in why:
        v, why2 = const_check(a, e, k, names)
        why = why2 if v else "%s; %s" % (why, why2)
    if not v and (a.steps or flop_q(a.muts[k - 1])):
        v, why2 = step_check(a, e, k, names)
        why = why2 if v else "%s; %s" % (why, why2)
    return v, why


def check(a, ids):
    """make mutate-check: step 5a alone on the mutants ids of a.model (drawn as make mutate draws
    them), one line each: 'equivalent' with the proof, or 'not proven' with the reason. No
    simulation. MUTATE_PROOF=state, const or step: that check alone. Exit status 0 (the verdicts are
    the output)."""
    if os.environ.get("MUTATE_PROOF", "") not in ("", "state", "const", "step"):
        die("MUTATE_PROOF=%s: give state, const or step (or nothing: each that applies)" % os.environ["MUTATE_PROOF"])
    d = os.path.join(os.environ.get("MUTATE_DIR", "build/mutate"), a.model)
    os.makedirs(d, exist_ok=True)
    muts = yosys_mutants(a, d)
    a.muts = muts
    src = [p for p in a.rtl if os.path.basename(p) == a.top + ".sv"]
    clocked = bool(src) and re.search(r"\bclk_i\b", open(src[0]).read()) is not None
    names = ["clk_i", "rst_ni"] if clocked else []
    for k in ids:
        if not 1 <= k <= len(muts):
            die("MUTATE_IDS: %d is not a mutant of %s (1..%d)" % (k, a.model, len(muts)))
    for k in ids:
        e = os.path.join(d, "eq%d" % k)
        os.makedirs(e, exist_ok=True)
        t0 = time.time()
        form = os.environ.get("MUTATE_PROOF", "")
        if form == "const":
            v, why = const_check(a, e, k, names)
        elif form == "state":
            v, why = state_check(a, e, k, names)
        elif form == "step":
            v, why = step_check(a, e, k, names)
        else:
            v, why = proof(a, e, k, names)
        print("mutate-check %s %d (%s): %s (%s) [%.0f s]" % (a.model, k, describe(muts[k - 1]),
              v or "not proven", why, time.time() - t0), flush=True)
    return 0


def equiv(a, d, ports, k):
    """The survivor k against the design as written: first the state-matched check (state_check);
    else a miter of mut_top at mutsel = 0 and k on
    the same inputs, every output compared from the cycle after a reset (registers start at 0,
    as simtcheck's models do): bounded model check of EQ_STEPS cycles (a counterexample:
    'different'), then k-induction (a proof: 'equivalent'), else 'unresolved'."""
    e = os.path.join(d, "eq%d" % k)
    os.makedirs(e, exist_ok=True)
    v, why = proof(a, e, k, [n for _, _, n in ports])
    if v:
        return v, why
    names = [n for _, _, n in ports]
    ins = [p for p in ports if p[0] == "input"]
    outs = [p for p in ports if p[0] == "output"]
    decl = "".join("  %s %s%s;\n" % (kind, rng + " " if rng else "", n) for kind, rng, n in ports)
    conn = "".join(", .%s(%s)" % (n, n) for n in names)
    with open(os.path.join(e, "sides.v"), "w") as f:
        for mod, sel in (("gold", 0), ("gate", k)):
            f.write("module %s(%s);\n%s  mut_top u(.mutsel(8'd%d)%s);\nendmodule\n" %
                    (mod, ", ".join(names), decl, sel, conn))
    clk = "clk_i" if "clk_i" in names else None
    with open(os.path.join(e, "miter.sv"), "w") as f:
        f.write("// generated by tb/mutate/mutate.py: mutant %d against the design as written\n" % k)
        f.write("module miter(%s);\n" % ", ".join(n for _, _, n in ins))
        for _, rng, n in ins:
            f.write("  input %s%s;\n" % (rng + " " if rng else "", n))
        for _, rng, n in outs:
            f.write("  wire %sg_%s, m_%s;\n" % (rng + " " if rng else "", n, n))
        for mod, p in (("gold", "g"), ("gate", "m")):
            f.write("  %s u_%s(%s);\n" % (mod, p, ", ".join([".%s(%s)" % (n, n) for _, _, n in ins] +
                                                         [".%s(%s_%s)" % (n, p, n) for _, _, n in outs])))
        if clk:
            f.write("  reg init = 1'b1;\n  always @(posedge clk_i) init <= 1'b0;\n")
            if "rst_ni" in names:
                f.write("  always @* if (init) assume (!rst_ni);\n")
            f.write("  always @* if (!init) begin\n")
        else:
            f.write("  always @* begin\n")
        for _, _, n in outs:
            f.write("    assert (g_%s == m_%s);\n" % (n, n))
        f.write("  end\nendmodule\n")
    st, step = sby(a, e, "bmc", "bmc", EQ_STEPS if clk else 1, EQ_TIMEOUT)
    if st == "FAIL":
        return "different", "outputs differ %s cycles after reset" % step if clk else "outputs differ"
    if st != "PASS":
        return "unresolved", "%s; bounded check: %s" % (why, st)
    if not clk:
        return "equivalent", "combinational: proven"
    st, _ = sby(a, e, "prove", "prove", 4, EQ_TIMEOUT)
    if st == "PASS":
        return "equivalent", "proven (k-induction)"
    return "unresolved", "%s; same for %d cycles after reset; induction %s" % (
        why, EQ_STEPS, "did not close" if st in ("UNKNOWN", "FAIL") else st.lower())


def longer(exe, tests, k):
    """Triage of a survivor that is not proven equivalent: the same cross-checks with other seeds
    and ten times the cycles. Caught: the standard runs are too short for it (a test hole of
    length); not caught: the stimulus does not reach it (a test hole of kind)."""
    for seed in (2, 3):
        for name, args, dt in tests:
            if "--cycles" not in args:
                continue
            a = list(args)
            i = a.index("--cycles")
            a[i + 1] = str(10 * int(a[i + 1]))
            if "--seed" in a:
                a[a.index("--seed") + 1] = str(seed)
            else:
                a += ["--seed", str(seed)]
            ok, rc, _, _ = sim(exe, a, k, max(60.0, 200 * dt))
            if not ok:
                return "caught by a longer run: simtcheck %s" % " ".join(a)
    return "not caught by runs of 10x the cycles, seeds 2 and 3"


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
             "nor a known hole)." % EQ_STEPS, "",
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
    global EQ_STEPS, EQ_TIMEOUT
    os.chdir(ROOT)
    EQ_STEPS = env_number("MUTATE_EQ_STEPS", 1, 1000, EQ_STEPS)
    EQ_TIMEOUT = env_number("MUTATE_EQ_TIMEOUT", 1, 86400, EQ_TIMEOUT)
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
