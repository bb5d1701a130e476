#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The unit registry: units/<unit>.toml, one descriptor per unit (docs/adding_a_unit.md).

Everything the build knows about a unit comes from its descriptor through this script:

  registry.py gen [--out build/gen]
      writes registry.mk (lint tops, Verilator models, synthesis rows; included by the
      Makefile), vl_models.c (the table of Verilated models for lookup by unit and
      parameters), sc_units.c (simtcheck's unit table) and registry.json (for synth/report.py
      and tools/fusesoc_cores.py). A file is rewritten only when its text changes, except
      registry.mk, whose time stamp make uses.
  registry.py check
      validates every descriptor and that each unit's files exist; exit 1 naming the problem.
  registry.py footprint UNIT
      lists every file of the unit (its own files, outside its descriptor).
  registry.py json
      prints the expanded registry.
  registry.py readme [--write] [FILE]
      the table of units between the markers <!-- units:begin --> and <!-- units:end --> of
      README.md: exit 1 with a diff when it differs from the registry, --write rewrites it.

Standard library only (tomllib: Python >= 3.11).
"""
import argparse
import glob
import json
import os
import re
import sys
import tomllib

UNITS_DIR = "units"
UNIT_KEYS = {"name", "title", "paper", "rtl", "tops", "widths", "config", "synth", "board", "timing", "vl_split"}
TIMING_KEYS = {"name", "about", "config", "lanes", "test", "trace", "from", "to", "signals"}
CONFIG_KEYS = {"name", "about", "top", "widths", "params", "defines", "netlist", "vl_o2_widths"}
SYNTH_KEYS = {"tops", "tag", "impl", "policy", "widths", "big_widths", "params", "abc"}
NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")
CONFIG_RE = re.compile(r"^[a-z][a-z0-9]*$")
PARAM_RE = re.compile(r"^[A-Z][A-Z0-9_]*$")


class RegistryError(Exception):
    pass


def fail(where, msg):
    raise RegistryError("%s: %s" % (where, msg))


def value(where, v, w):
    """A parameter value: an integer, or an expression in W (e.g. "W", "2*W", "2*clog2(W)+1")."""
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        fail(where, "value %r is neither an integer nor an expression in W" % (v,))
    if isinstance(v, int):
        return v
    if not re.fullmatch(r"(?:[0-9W+\-*/() ]|clog2)+", v):
        fail(where, "expression %r may use only W, integers, clog2( ) and + - * / ( )" % v)

    def clog2(x):  # as SystemVerilog's $clog2: ceil(log2(x)), 0 for x <= 1
        return max(int(x) - 1, 0).bit_length()
    try:
        r = eval(v.replace("/", "//"), {"__builtins__": {}}, {"W": w, "clog2": clog2})  # noqa: S307 (checked above)
    except (SyntaxError, ZeroDivisionError, NameError, TypeError) as e:
        fail(where, "expression %r: %s" % (v, e.msg if isinstance(e, SyntaxError) else e))
    if r < 0:
        fail(where, "expression %r is negative at W = %d" % (v, w))
    return r


def check_keys(where, d, allowed):
    extra = sorted(set(d) - allowed)
    if extra:
        fail(where, "unknown key(s) %s (allowed: %s)" % (", ".join(extra), ", ".join(sorted(allowed))))


def widths_of(where, v, default):
    if v is None:
        return list(default)
    if not isinstance(v, list) or not v or not all(isinstance(x, int) and x > 0 for x in v):
        fail(where, "widths must be a non-empty list of positive integers")
    return list(v)


def load_unit(path):
    where = path
    with open(path, "rb") as f:
        try:
            d = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            fail(where, "not valid TOML: %s" % e)
    check_keys(where, d, UNIT_KEYS)
    for k in ("name", "title", "paper", "rtl", "tops"):
        if k not in d:
            fail(where, "missing key '%s'" % k)
    name = d["name"]
    if not NAME_RE.match(name):
        fail(where, "name %r: lower case letters, digits and _" % name)
    if os.path.basename(path) != name + ".toml":
        fail(where, "the file of unit '%s' must be %s/%s.toml" % (name, os.path.dirname(path), name))
    widths = widths_of(where, d.get("widths"), [4, 8, 16, 32, 64])
    u = {"name": name, "title": d["title"], "paper": d["paper"], "rtl": list(d["rtl"]),
         "tops": list(d["tops"]), "widths": widths, "configs": [], "synth": []}
    # vl_split = false: Verilator's functions left whole (lib/lib.mk, VL_SPLIT_FLAGS)
    u["vl_split"] = d.get("vl_split", True)
    if not isinstance(u["vl_split"], bool):
        fail(where, "vl_split is true or false")
    if not u["tops"]:
        fail(where, "tops is empty")
    configs = d.get("config", [])
    if not configs:
        fail(where, "no [[config]]: a unit needs at least one Verilated configuration")
    seen = set()
    for i, c in enumerate(configs):
        cw = "%s: config #%d" % (where, i + 1)
        check_keys(cw, c, CONFIG_KEYS)
        cname = c.get("name")
        if not cname or not CONFIG_RE.match(cname):
            fail(cw, "name %r: lower case letters and digits" % (cname,))
        if cname in seen:
            fail(cw, "config '%s' twice" % cname)
        seen.add(cname)
        top = c.get("top", u["tops"][0])
        if top not in u["tops"]:
            fail(cw, "top '%s' is not in tops" % top)
        params = c.get("params", {})
        defines = c.get("defines", {})
        for p in list(params) + list(defines):
            if not PARAM_RE.match(p) or p == "W":
                fail(cw, "parameter name %r (upper case; W is set per model)" % p)
        cfg = {"name": cname, "about": c.get("about", ""), "top": top,
               "widths": widths_of(cw, c.get("widths"), widths), "netlist": bool(c.get("netlist", False)),
               "params": params, "defines": defines, "models": []}
        # vl_o2_widths: the widths whose Verilated C++ compiles at -O2, not -O1 (lib/lib.mk, VL_OPT_FAST)
        cfg["vl_o2"] = widths_of(cw, c.get("vl_o2_widths"), []) if "vl_o2_widths" in c else []
        if set(cfg["vl_o2"]) - set(cfg["widths"]):
            fail(cw, "vl_o2_widths %s: not among its widths %s" % (cfg["vl_o2"], cfg["widths"]))
        for w in cfg["widths"]:
            pv = [("W", w)] + [(k, value("%s %s" % (cw, k), v, w)) for k, v in params.items()]
            dv = [(k, value("%s %s" % (cw, k), v, w)) for k, v in defines.items()]
            cfg["models"].append({
                "name": "%s_%s_W%d" % (name, cname, w), "unit": name, "config": cname, "top": top,
                "w": w, "params": pv, "defines": dv, "netlist": cfg["netlist"],
                "default": i == 0, "o2": w in cfg["vl_o2"], "split": u["vl_split"]})
        u["configs"].append(cfg)
    # The unit server (docs/fpga.md): configurations with a board driver in the library (every
    # width), and the width of the pseudo-terminal board simulation that make test runs.
    board = d.get("board", {})
    bw = "%s: [board]" % where
    if not isinstance(board, dict):
        fail(bw, "is a table: { configs = [...], test_w = N }")
    check_keys(bw, board, {"configs", "test_w"})
    bcfgs = board.get("configs", [u["configs"][0]["name"]])
    by_name = {c["name"]: c for c in u["configs"]}
    for bc in bcfgs:
        if bc not in by_name:
            fail(bw, "configs: no [[config]] named '%s'" % bc)
        if by_name[bc]["netlist"]:
            fail(bw, "configs: '%s' is a netlist model; the server hosts RTL" % bc)
    first = by_name[bcfgs[0]] if bcfgs else None
    test_w = board.get("test_w", min(first["widths"]) if first else 0)
    if first and test_w not in first["widths"]:
        fail(bw, "test_w = %s: config '%s' has no model at that width" % (test_w, first["name"]))
    u["board"] = {"configs": bcfgs,
                  "models": [m["name"] for bc in bcfgs for m in by_name[bc]["models"]],
                  "test": "%s_%s_W%d" % (name, first["name"], test_w) if first else ""}
    # Timing diagrams of the datasheet (docs/units/<unit>.md; tools/docs/datasheet.py): a short
    # run of simtcheck (a directed test or a trace), recorded as a waveform, a window of it drawn.
    u["timing"] = []
    tseen = set()
    for i, t in enumerate(d.get("timing", [])):
        tw = "%s: timing #%d" % (where, i + 1)
        check_keys(tw, t, TIMING_KEYS)
        for k in ("name", "about", "lanes", "from", "to", "signals"):
            if k not in t:
                fail(tw, "missing key '%s'" % k)
        if not NAME_RE.match(str(t["name"])) or t["name"] in tseen:
            fail(tw, "name %r: lower case letters, digits and _, once per unit" % (t["name"],))
        tseen.add(t["name"])
        if ("test" in t) == ("trace" in t):
            fail(tw, "give one of test (a directed test of simtcheck) or trace (a trace file)")
        cname = t.get("config", u["configs"][0]["name"])
        if cname not in by_name or t["lanes"] not in by_name[cname]["widths"]:
            fail(tw, "no model %s at W = %s" % (cname, t["lanes"]))
        if not (isinstance(t["from"], int) and isinstance(t["to"], int) and 0 <= t["from"] <= t["to"]
                and t["to"] - t["from"] < 64):
            fail(tw, "from/to: a window of 1 to 64 cycles")
        if not isinstance(t["signals"], list) or not t["signals"] or \
                not all(isinstance(x, str) and re.match(r"^[A-Za-z_][A-Za-z0-9_.]*(\[[0-9]+(:[0-9]+)?\])?(=[^\"\\]+)?$", x) for x in t["signals"]):
            fail(tw, "signals: a list of NAME, NAME[HI:LO] or NAME[B], each with an optional =LABEL")
        if "trace" in t and not os.path.exists(t["trace"]):
            fail(tw, "trace file %s does not exist" % t["trace"])
        u["timing"].append({"name": t["name"], "about": t["about"], "config": cname, "lanes": t["lanes"],
                            "test": t.get("test", ""), "trace": t.get("trace", ""), "from": t["from"],
                            "to": t["to"], "signals": list(t["signals"])})
    for i, s in enumerate(d.get("synth", [])):
        sw = "%s: synth #%d" % (where, i + 1)
        check_keys(sw, s, SYNTH_KEYS)
        tops = s.get("tops", u["tops"])
        for t in tops:
            if t not in u["tops"]:
                fail(sw, "top '%s' is not in the unit's tops" % t)
        pol = s.get("policy")
        if pol is not None and (set(pol) != {"param", "values"} or not PARAM_RE.match(pol["param"])):
            fail(sw, "policy is { param = \"NAME\", values = [...] }")
        u["synth"].append({"tops": tops, "tag": s.get("tag", ""), "impl": s.get("impl"),
                           "policy": pol, "widths": widths_of(sw, s.get("widths"), widths),
                           "big_widths": s.get("big_widths", []), "params": s.get("params", {}),
                           "abc": s.get("abc", "")})
    return u


def load_all():
    paths = sorted(glob.glob(os.path.join(UNITS_DIR, "*.toml")))
    if not paths:
        raise RegistryError("no unit descriptors in %s/" % UNITS_DIR)

    units = [load_unit(p) for p in paths]
    # registry order: the order of the product's story (units/ORDER), then any other by name
    order = []
    if os.path.exists(os.path.join(UNITS_DIR, "ORDER")):
        with open(os.path.join(UNITS_DIR, "ORDER")) as f:
            order = [w for line in f for w in line.split("#", 1)[0].split()]
    units.sort(key=lambda u: (order.index(u["name"]) if u["name"] in order else len(order), u["name"]))
    return units


def synth_rows(u):
    """Synthesis configurations: dicts with the names synth/synth.mk and synth/synth.py use."""
    rows = []
    for s in u["synth"]:
        for big, ws in ((False, s["widths"]), (True, s["big_widths"])):
            for w in ws:
                for top in s["tops"]:
                    pols = s["policy"]["values"] if s["policy"] else [None]
                    for pol in pols:
                        for impl in (s["impl"] if s["impl"] is not None else [None]):
                            pv = [(k, value("%s synth" % u["name"], v, w)) for k, v in s["params"].items()]
                            name = top + ("-" + s["tag"] if s["tag"] else "") + \
                                ("-i%d" % impl if impl is not None else "") + \
                                ("-p%d" % pol if pol is not None else "") + "-w%d" % w
                            chp = ["-set W %d" % w] + ["-set %s %d" % kv for kv in pv]
                            if impl is not None:
                                chp.append("-set IMPL %d" % impl)
                            if pol is not None:
                                chp.append("-set %s %d" % (s["policy"]["param"], pol))
                            rows.append({"name": name, "unit": u["name"], "top": top, "tag": s["tag"],
                                         "impl": "" if impl is None else str(impl),
                                         "policy": "" if pol is None else str(pol), "w": w,
                                         "params": " ".join("%s=%d" % kv for kv in pv),
                                         "chparam": " ".join(chp), "abc": s["abc"], "big": big})
    return rows


def footprint(u):
    """The unit's own files: descriptor, RTL folder, C model, C view of its RTL and shim,
    simtcheck driver folder, proofs, datasheet."""
    n = u["name"]
    own = [os.path.join(UNITS_DIR, n + ".toml")]
    pats = ["rtl/%s/*" % d for d in u["rtl"] if d == n] + [
        "cmodel/simt_%s.[ch]" % n, "lib/vl_%s.h" % n, "lib/shim/vl_%s_shim.cpp" % n,
        "tb/units/%s/*" % n, "formal/%s/*" % n, "docs/units/%s.md" % n]
    for p in pats:
        own += sorted(glob.glob(p))
    return own


def check_files(u, trace_dict):
    n = u["name"]
    need = {"cmodel/simt_%s.h" % n: "the C golden model's header",
            "cmodel/simt_%s.c" % n: "the C golden model",
            "lib/vl_%s.h" % n: "the C view of the Verilated model (type vl_%s_ops)" % n,
            "lib/shim/vl_%s_shim.cpp" % n: "the Verilator shim",
            "tb/units/%s/sc_%s.c" % (n, n): "the simtcheck driver (defines sc_unit_%s)" % n,
            "tb/units/%s/tests.txt" % n: "the unit's test list",
            "docs/units/%s.md" % n: "the datasheet"}
    for d in u["rtl"]:
        if not os.path.isdir(os.path.join("rtl", d)):
            fail(u["name"], "rtl folder rtl/%s does not exist" % d)
    if n not in u["rtl"]:
        fail(u["name"], "rtl must list the unit's own folder rtl/%s" % n)
    for t in u["tops"]:
        if not any(os.path.exists(os.path.join("rtl", d, t + ".sv")) for d in u["rtl"]):
            fail(u["name"], "top %s: no %s.sv in rtl/{%s}" % (t, t, ",".join(u["rtl"])))
    for f, what in need.items():
        if not os.path.exists(f):
            fail(u["name"], "%s is missing (%s)" % (f, what))
    entry = 'unit_%s="%s"' % (n, n)
    if entry not in open(trace_dict).read().split("\n"):
        fail(u["name"], "%s lacks the line %s (the fuzzer's dictionary names every unit)" % (trace_dict, entry))


# ---------------------------------------------------------------------------------------------
# Generated files

HEAD = "generated by tools/registry.py from units/<unit>.toml: do not edit"


def gen_mk(units):
    o = ["# %s" % HEAD, "UNITS := %s" % " ".join(u["name"] for u in units)]
    models = []
    for u in units:
        n = u["name"]
        dirs = " ".join(u["rtl"])
        o.append("UNIT.%s.RTL := $(foreach d,%s,$(sort $(wildcard rtl/$d/*.sv)))" % (n, dirs))
        # Headers the RTL includes (rtl/common/simt_assert.svh): prerequisites, not sources.
        o.append("UNIT.%s.HDRS := $(foreach d,%s,$(sort $(wildcard rtl/$d/*.svh)))" % (n, dirs))
        o.append("UNIT.%s.TOPS := %s" % (n, " ".join(u["tops"])))
        o += ["UNIT_OF.%s := %s" % (t, n) for t in u["tops"]]
        o.append("UNIT.%s.WIDTHS := %s" % (n, " ".join(map(str, u["widths"]))))
        ms = [m for c in u["configs"] for m in c["models"]]
        o.append("UNIT.%s.MODELS := %s" % (n, " ".join(m["name"] for m in ms)))
        o.append("UNIT.%s.CONFIGS := %s" % (n, " ".join(c["name"] for c in u["configs"])))
        for m in ms:
            k = "VLM.%s" % m["name"]
            o.append("%s.UNIT := %s" % (k, n))
            o.append("%s.TOP := %s" % (k, m["top"]))
            o.append("%s.W := %d" % (k, m["w"]))
            o.append("%s.GPARAMS := %s" % (k, " ".join("-G%s=%d" % kv for kv in m["params"])))
            o.append("%s.DEFS := %s" % (k, " ".join("-DVL_%s=%d" % kv for kv in m["params"] + m["defines"])))
            o.append("%s.CHPARAM := %s" % (k, " ".join("-set %s %d" % kv for kv in m["params"])))
            o.append("%s.NETLIST := %s" % (k, "1" if m["netlist"] else ""))
            models.append(m["name"])
    o.append("VL_MODELS := %s" % " ".join(models))
    allm = [m for u in units for c in u["configs"] for m in c["models"]]
    o.append("# Verilated C++ at -O2 (vl_o2_widths) and with Verilator's functions left whole (vl_split = false)")
    o.append("VL_OPT_FAST_WIDE_MODELS := %s" % " ".join(m["name"] for m in allm if m["o2"]))
    o.append("VL_SPLIT_KEEP := %s" % " ".join(m["name"] for m in allm if not m["split"]))
    o.append("BOARD_MODELS := %s" % " ".join(m for u in units for m in u["board"]["models"]))
    o.append("BOARD_TESTS := %s" % " ".join(u["board"]["test"] for u in units if u["board"]["test"]))
    o.append("# Synthesis rows, expanded by synth/synth.mk: $(call synth_add,NAME,TOP,IMPL,POLICY,TAG,W,")
    o.append("# PARAMS,SOURCES,CHPARAM,ABC); rows of 'big_widths' only with SYNTH_BIG=1.")
    o.append("define SYNTH_ROWS")
    for u in units:
        for r in synth_rows(u):
            line = "$(call synth_add,%s,%s,%s,%s,%s,%d,%s,$(UNIT.%s.RTL),%s,%s)" % (
                r["name"], r["top"], r["impl"], r["policy"], r["tag"], r["w"], r["params"],
                u["name"], r["chparam"], r["abc"])
            o.append("$(if $(filter-out 0,$(SYNTH_BIG)),%s)" % line if r["big"] else line)
    o.append("endef")
    return "\n".join(o) + "\n"


def c_str(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"')


def model_table(units, header, table, prefix, keep, about=""):
    """A C table of simt_vl_model rows (simt_vl.h) whose ops are <prefix><model>_ops, for the
    models keep(u, m) selects: prefix V the Verilated models, B their board drivers."""
    o = ["/* %s */" % HEAD, "#include <stddef.h>", "", '#include "%s"' % header]
    o += ['#include "vl_%s.h"' % u["name"] for u in units]
    o.append("")
    rows = []
    for u in units:
        for c in u["configs"]:
            for m in c["models"]:
                if not keep(u, m):
                    continue
                o.append("extern const vl_%s_ops %s%s_ops;" % (u["name"], prefix, m["name"]))
                rows.append("    {%s, %s, %s, %s, %s, %s, %uu, %d, %d, &%s%s_ops}," % (
                    c_str(m["name"]), c_str(u["name"]), c_str(c["name"]), c_str(m["top"]),
                    c_str(" ".join("%s=%d" % kv for kv in m["params"])), c_str(c["about"] + about), m["w"],
                    1 if m["default"] else 0, 1 if m["netlist"] else 0, prefix, m["name"]))
    o += ["", "const simt_vl_model %s[] = {" % table] + rows
    o += ["    {NULL, NULL, NULL, NULL, NULL, NULL, 0u, 0, 0, NULL},", "};"]
    return o


def gen_models_c(units, only=None):
    o = model_table(units, "simt_vl.h", "simt_vl_models", "V", lambda u, m: only is None or m["name"] in only)
    o += ["", "const simt_vl_unit simt_vl_units[] = {"]
    o += ["    {%s, %s, %s}," % (c_str(u["name"]), c_str(u["title"]), c_str(u["paper"])) for u in units]
    o += ["    {NULL, NULL, NULL},", "};", ""]
    return "\n".join(o)


def gen_board_models_c(units, only=None):
    o = model_table(units, "simt_board.h", "simt_board_models", "B",
                    lambda u, m: m["name"] in u["board"]["models"] and (only is None or m["name"] in only),
                    " (board)")
    return "\n".join(o + [""])


def gen_board_tests(units, cycles, prefix):
    """Test list lines (tb/scripts/run_tests.sh) running every unit's [board] test model on the
    simulated board (docs/fpga.md): stepped over the UART against the C model, then at speed."""
    o = ["# %s" % HEAD,
         "# Every unit's [board] test model on the simulated board (simt-board-sim, docs/fpga.md), %d cycles:" % cycles,
         "# stepped over the UART link against the C model, then every cycle replayed at speed from the board's RAM."]
    for u in units:
        t = u["board"]["test"]
        if not t:
            continue
        cfg = t[len(u["name"]) + 1:t.rindex("_W")]
        w = int(t[t.rindex("_W") + 2:])
        o.append("%-27s | pass | simt-board-sim %s -- simtcheck %s --config %s --lanes %d --board @PTY "
                 "--cycles %d --seed $SEED --quiet" % ("%s-%s" % (prefix, u["name"]), t, u["name"], cfg, w, cycles))
    return "\n".join(o) + "\n"


def gen_equiv_tests(units):
    """Test list lines: every unit's default configuration at W = 4 proven equal to its Yosys gate
    netlist (docs/equivalence.md)."""
    o = ["# %s" % HEAD,
         "# Every unit's RTL at W = 4 against its Yosys gate netlist, unbounded (docs/equivalence.md): PASS."]
    for u in units:
        o.append("%-27s | ok | EQUIV_DIR=build/test/equiv python3 formal/equiv/equiv.py check %s --w 4"
                 % ("equiv-w4-" + u["name"], u["name"]))
    return "\n".join(o) + "\n"


def gen_units_c(units):
    o = ["/* %s */" % HEAD, "#include <stddef.h>", "", '#include "simtcheck.h"', ""]
    o += ["extern const sc_unit sc_unit_%s;" % u["name"] for u in units]
    o += ["", "const sc_unit *const sc_units[] = {"]
    o += ["    &sc_unit_%s," % u["name"] for u in units]
    o += ["    NULL,", "};", ""]
    return "\n".join(o)


def as_json(units):
    out = []
    for u in units:
        v = {k: u[k] for k in ("name", "title", "paper", "rtl", "tops", "widths")}
        v["configs"] = [{k: c[k] for k in ("name", "about", "top", "widths", "netlist")} |
                        {"models": [{"name": m["name"], "w": m["w"], "top": m["top"],
                                     "params": dict(m["params"]), "defines": dict(m["defines"]),
                                     "default": m["default"]} for m in c["models"]]}
                        for c in u["configs"]]
        v["synth"] = synth_rows(u)
        v["footprint"] = footprint(u)
        v["board"] = u["board"]
        out.append(v)
    return {"units": out}


def units_table(units):
    o = ["| unit | what | paper | configurations (`simtcheck UNIT --config NAME`) | datasheet |",
         "|---|---|---|---|---|"]
    for u in units:
        cfgs = ", ".join("`%s`%s" % (c["name"], " (default)" if i == 0 else "") for i, c in enumerate(u["configs"]))
        o.append("| `%s` | %s | %s | %s | [docs/units/%s.md](docs/units/%s.md) |" % (
            u["name"], u["title"], u["paper"], cfgs, u["name"], u["name"]))
    return "\n".join(o) + "\n"


def readme(units, path, write):
    with open(path) as f:
        text = f.read()
    b, e = "<!-- units:begin (generated by tools/registry.py readme --write) -->\n", "<!-- units:end -->"
    if b not in text or e not in text:
        print("registry: error: %s has no units block (%s ... %s)" % (path, b.strip(), e), file=sys.stderr)
        return 1
    head, rest = text.split(b, 1)
    old, tail = rest.split(e, 1)
    new = units_table(units)
    if old == new:
        return 0
    if write:
        write_if_changed(path, head + b + new + e + tail)
        print("registry: %s: units table rewritten" % path)
        return 0
    import difflib
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), path, "registry"))
    print("registry: %s: the units table differs from the registry (python3 tools/registry.py readme --write)"
          % path, file=sys.stderr)
    return 1


def write_if_changed(path, text, touch=False):
    old = None
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
    if old != text:
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)
    elif touch:
        os.utime(path)


def main():
    global UNITS_DIR
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("gen")
    p.add_argument("--out", default="build/gen")
    p.add_argument("--models", help="only the model tables (vl_models.c, board_models.c), with these models")
    sub.add_parser("check")
    sub.add_parser("json")
    p = sub.add_parser("footprint")
    p.add_argument("unit")
    p = sub.add_parser("readme")
    p.add_argument("--write", action="store_true")
    p.add_argument("file", nargs="?", default="README.md")
    ap.add_argument("--units-dir", default="units", help="where the descriptors are (default units/)")
    ap.add_argument("--trace-dict", default="tb/fuzz/trace.dict",
                    help="the fuzzer's dictionary, which names every unit (default tb/fuzz/trace.dict)")
    a = ap.parse_args()
    UNITS_DIR = a.units_dir
    try:
        units = load_all()
        for u in units:
            check_files(u, a.trace_dict)
    except RegistryError as e:
        print("registry: error: %s" % e, file=sys.stderr)
        return 1
    if a.cmd == "gen" and a.models is not None:
        only = set(a.models.split())
        known = {m["name"] for u in units for c in u["configs"] for m in c["models"]}
        if not only or only - known:
            print("registry: error: --models: no such model: %s" % " ".join(sorted(only - known) or ["(none given)"]),
                  file=sys.stderr)
            return 1
        os.makedirs(a.out, exist_ok=True)
        write_if_changed(os.path.join(a.out, "vl_models.c"), gen_models_c(units, only))
        write_if_changed(os.path.join(a.out, "board_models.c"), gen_board_models_c(units, only))
    elif a.cmd == "gen":
        os.makedirs(a.out, exist_ok=True)
        write_if_changed(os.path.join(a.out, "vl_models.c"), gen_models_c(units))
        write_if_changed(os.path.join(a.out, "sc_units.c"), gen_units_c(units))
        write_if_changed(os.path.join(a.out, "board_models.c"), gen_board_models_c(units))
        write_if_changed(os.path.join(a.out, "board_tests.txt"), gen_board_tests(units, 10000, "board"))
        write_if_changed(os.path.join(a.out, "equiv_tests.txt"), gen_equiv_tests(units))
        write_if_changed(os.path.join(a.out, "board_soak.txt"), gen_board_tests(units, 100000, "soak-board"))
        write_if_changed(os.path.join(a.out, "registry.json"), json.dumps(as_json(units), indent=1) + "\n")
        write_if_changed(os.path.join(a.out, "registry.mk"), gen_mk(units), touch=True)
    elif a.cmd == "check":
        print("registry: %d units OK: %s" % (len(units), " ".join(u["name"] for u in units)))
    elif a.cmd == "json":
        print(json.dumps(as_json(units), indent=1))
    elif a.cmd == "readme":
        return readme(units, a.file, a.write)
    elif a.cmd == "footprint":
        u = [x for x in units if x["name"] == a.unit]
        if not u:
            print("registry: error: no unit '%s' (units: %s)" % (a.unit, " ".join(x["name"] for x in units)),
                  file=sys.stderr)
            return 1
        print("\n".join(footprint(u[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
