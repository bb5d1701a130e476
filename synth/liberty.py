#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Helper of synth/liberty.mk: make synth-one LIBERTY=... (a standard-cell library, OpenSTA).

  liberty.py prepare --liberty L --bundled-dir D --out OUT [--nand2 C] [--inv C] [--clock-ns N] [--map M]
      L is a bundled name (osu018, osu035: D/<name>/<name>_stdcells.lib) or the path of a
      liberty file. Checks CLOCK_NS, parses the library, finds by function (or checks the
      named) inverter, 2-input NAND and positive-edge D flip-flop, and writes OUT/<lib>/:
      <lib>.lib (a copy below the repository, which YoWASP Yosys can open), cells.json (the
      cells, their areas and pins, the library's units) and abc.constr (ABC's driving cell
      and output load), map-<M>.abc (the ABC script of MAP=M, MAPS below, unless M is nf); each
      rewritten only when its text changes. Prints <lib>.
  liberty.py fo4 --lib-dir OUT/<lib> --sta CMD --out F
      FO4 of the library: a chain of inverters (the inverter of cells.json), each driving
      four copies of itself, timed with OpenSTA; FO4 = the mean delay of the two stages in
      the chain's middle (one rising, one falling output). Writes F (JSON).
  liberty.py yosys --dir D --yosys CMD --lib-dir OUT/<lib>
      runs D/run.ys (synth/lib.ys.in filled by synth_one.py setup): the mapped netlist
      D/netlist.v, D/stat.txt (stat -liberty), D/yosys.json; exit 1 with the reason on failure.
  liberty.py sta --dir D --sta CMD --lib-dir OUT/<lib> --fo4 F --top T --clock-ns N
      times D/netlist.v with OpenSTA (synth/sta/timing.tcl.in filled into D/sta.tcl; log
      D/sta.log) and writes D/result.json.
  liberty.py summary --dir D
      prints the readable summary of D/result.json.

Errors: one line 'synth-one: error: ...' on stderr, exit 1. Standard library only; paths
relative to the repository root.
"""
import argparse
import hashlib
import json
import math
import os
import re
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synth  # noqa: E402  (log_warnings, FATAL_WARNING, log_error, read, fmt_int)

BUNDLED = ("osu018", "osu035")
DEFAULT_CLOCK_NS = 10.0
FO4_STAGES = 9            # inverters in the FO4 chain; stages 4 and 5 (of 1..9) are measured
FO4_FANOUT = 4
# The mapping scripts of MAP= (synth/README.md, "Mapping scripts"): ABC's technology mapping to the
# library's cells, each followed by the buffering and gate sizing of -constr. 'nf' is Yosys's own
# script with -constr (no -script option); the others replace it. One run per script gives one
# point of a configuration's area-delay curve (make synth-lib-sweep).
MAP_HEAD = "strash; &get -n; &fraig -x; &put; scorr; dc2; strash; "
MAP_TAIL = "; buffer; upsize; dnsize; stime -p"
MAPS = {
    "nf": None,                                            # &dch -f; &nf: delay-oriented, area recovered
    "amap": MAP_HEAD + "dch -f; amap" + MAP_TAIL,          # area-oriented mapper
    "mapa": MAP_HEAD + "dch -f; map -a" + MAP_TAIL,        # standard-cell mapper, area recovery
    "map": MAP_HEAD + "dch -f; map" + MAP_TAIL,            # standard-cell mapper, delay-oriented
}
MAP_ORDER = ("amap", "mapa", "nf", "map")


class LibError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Liberty: a small parser of the group / attribute syntax

TOKEN = re.compile(r'''
    (?P<ws>[ \t\r\f]+|\\\n) |
    (?P<nl>\n) |
    (?P<comment>/\*.*?\*/|//[^\n]*) |
    (?P<string>"(?:[^"\\]|\\.|\\\n)*") |
    (?P<punct>[(){}:;,]) |
    (?P<word>[^\s(){}:;,"]+)
''', re.S | re.X)


def tokens(text, path):
    """(kind, value, line) of the liberty text; kinds 'str', 'p' (punctuation), 'w' (word)."""
    line, pos, out = 1, 0, []
    n = len(text)
    while pos < n:
        m = TOKEN.match(text, pos)
        if not m:
            raise LibError("%s:%d: cannot read '%s'" % (path, line, text[pos:pos + 20].split("\n")[0]))
        kind = m.lastgroup
        val = m.group(kind)
        if kind == "string":
            out.append(("str", val[1:-1].replace("\\\n", ""), line))
        elif kind == "punct":
            out.append(("p", val, line))
        elif kind == "word":
            out.append(("w", val, line))
        line += val.count("\n")
        pos = m.end()
    return out


class Group:
    __slots__ = ("kind", "args", "attrs", "groups", "line")

    def __init__(self, kind, args, line):
        self.kind, self.args, self.attrs, self.groups, self.line = kind, args, {}, [], line

    def sub(self, kind):
        return [g for g in self.groups if g.kind == kind]


def parse_liberty(text, path):
    """The library group of a liberty file; LibError naming the line on a syntax error."""
    toks = tokens(text, path)
    i = 0

    def err(msg, k=None):
        k = i if k is None else k
        line = toks[k][2] if k < len(toks) else (toks[-1][2] if toks else 1)
        where = "end of file" if k >= len(toks) else "'%s'" % toks[k][1]
        raise LibError("%s:%d: %s (at %s)" % (path, line, msg, where))

    def expect(val):
        nonlocal i
        if i >= len(toks) or toks[i][0] != "p" or toks[i][1] != val:
            err("expected '%s'" % val)
        i += 1

    def args():
        """'(' a, b ... ')' -> list of strings."""
        nonlocal i
        expect("(")
        out, cur = [], []
        while True:
            if i >= len(toks):
                err("unclosed '('")
            k, v, _ = toks[i]
            i += 1
            if k == "p" and v == ")":
                if cur:
                    out.append(" ".join(cur))
                return out
            if k == "p" and v == ",":
                out.append(" ".join(cur))
                cur = []
            elif k == "p" and v in "(){};":
                err("unexpected '%s' in a list" % v, i - 1)
            else:
                cur.append(v)

    def body(g):
        nonlocal i
        while True:
            if i >= len(toks):
                err("group '%s' (line %d) not closed" % (g.kind, g.line))
            k, v, line = toks[i]
            if k == "p" and v == "}":
                i += 1
                return
            if k == "p" and v == ";":
                i += 1
                continue
            if k != "w":
                err("expected an attribute or group name")
            i += 1
            if i < len(toks) and toks[i][:2] == ("p", ":"):
                i += 1
                vals = []
                while i < len(toks) and toks[i][0] != "p" and toks[i][2] == line:
                    vals.append(toks[i][1])
                    i += 1
                if not vals:
                    err("attribute '%s' has no value" % v)
                if i < len(toks) and toks[i][:2] == ("p", ";"):
                    i += 1
                g.attrs[v] = " ".join(vals)
            elif i < len(toks) and toks[i][:2] == ("p", "("):
                a = args()
                if i < len(toks) and toks[i][:2] == ("p", "{"):
                    i += 1
                    sg = Group(v, a, line)
                    g.groups.append(sg)
                    body(sg)
                else:
                    g.attrs.setdefault(v, a)
                    if i < len(toks) and toks[i][:2] == ("p", ";"):
                        i += 1
            else:
                err("expected ':' or '(' after '%s'" % v)

    if not toks:
        raise LibError("%s: empty file" % path)
    if toks[0][:2] != ("w", "library"):
        err("a liberty file starts with 'library (name) {'", 0)
    i = 1
    lib = Group("library", args(), toks[0][2])
    expect("{")
    body(lib)
    if i != len(toks):
        err("text after the library group")
    return lib


# ---------------------------------------------------------------------------------------------
# Boolean functions of liberty pins ("(!(A B))", "A^B", "!S&A | S&B", "A'")

def parse_function(expr):
    """A function of its input names: returns (names, evaluate(dict name->bool))."""
    toks = re.findall(r"[A-Za-z_][\w\[\]\.]*|[01]|[!'()&*|+^]|\S", expr)
    pos = 0
    names = []

    def peek():
        return toks[pos] if pos < len(toks) else None

    def take():
        nonlocal pos
        pos += 1
        return toks[pos - 1]

    def p_or():
        terms = [p_and()]
        while peek() in ("|", "+"):
            take()
            terms.append(p_and())
        return terms[0] if len(terms) == 1 else ("or", terms)

    def p_and():
        terms = [p_xor()]
        while True:
            t = peek()
            if t in ("&", "*"):
                take()
                terms.append(p_xor())
            elif t is not None and (t in ("!", "(", "0", "1") or re.match(r"[A-Za-z_]", t)):
                terms.append(p_xor())             # juxtaposition: AND
            else:
                break
        return terms[0] if len(terms) == 1 else ("and", terms)

    def p_xor():
        terms = [p_unary()]
        while peek() == "^":
            take()
            terms.append(p_unary())
        return terms[0] if len(terms) == 1 else ("xor", terms)

    def p_unary():
        if peek() == "!":
            take()
            return ("not", [p_unary()])
        t = take() if peek() is not None else None
        if t == "(":
            node = p_or()
            if peek() != ")":
                raise LibError("cannot read function '%s'" % expr)
            take()
        elif t in ("0", "1"):
            node = ("const", t == "1")
        elif t is not None and re.match(r"[A-Za-z_]", t):
            if t not in names:
                names.append(t)
            node = ("var", t)
        else:
            raise LibError("cannot read function '%s'" % expr)
        while peek() == "'":
            take()
            node = ("not", [node])
        return node

    tree = p_or()
    if pos != len(toks) or expr.count("(") != expr.count(")"):
        raise LibError("cannot read function '%s'" % expr)

    def ev(n, env):
        k = n[0]
        if k == "var":
            return env[n[1]]
        if k == "const":
            return n[1]
        if k == "not":
            return not ev(n[1][0], env)
        vals = [ev(x, env) for x in n[1]]
        if k == "and":
            return all(vals)
        if k == "or":
            return any(vals)
        r = False
        for v in vals:
            r ^= v
        return r

    return names, lambda env: ev(tree, env)


def truth_table(expr, inputs):
    """The output for every assignment of inputs (first input = most significant bit), or
    None when the function names a pin that is not an input."""
    names, f = parse_function(expr)
    if any(n not in inputs for n in names):
        return None
    out = []
    for k in range(1 << len(inputs)):
        env = {p: bool((k >> (len(inputs) - 1 - j)) & 1) for j, p in enumerate(inputs)}
        out.append(f(env))
    return tuple(out)


INV_TT = (True, False)
NAND2_TT = (True, True, True, False)


# ---------------------------------------------------------------------------------------------
# The cells the flow needs

def num(text, what):
    try:
        return float(str(text).strip().strip('"'))
    except ValueError:
        raise LibError("%s: '%s' is not a number" % (what, text))


def unit_scale(text, base, units, what):
    """'1ns' -> factor to the base unit ('ns' or 'pf')."""
    m = re.fullmatch(r"\s*([0-9.eE+-]+)\s*([A-Za-z]+)\s*", str(text))
    if not m or m.group(2).lower() not in units:
        raise LibError("%s '%s' not understood" % (what, text))
    return float(m.group(1)) * units[m.group(2).lower()] / units[base]


def describe(lib, path):
    """Cells (name, area, pins, functions) and units of a parsed library."""
    cap = lib.attrs.get("capacitive_load_unit")
    tu = lib.attrs.get("time_unit", "1ns")
    info = {
        "name": lib.args[0] if lib.args else "",
        "time_unit": tu,
        "time_unit_ns": unit_scale(tu, "ns", {"s": 1e9, "ms": 1e6, "us": 1e3, "ns": 1.0, "ps": 1e-3, "fs": 1e-6},
                                   "%s: time_unit" % path),
        "cap_unit_pf": (num(cap[0], "%s: capacitive_load_unit" % path) *
                        {"ff": 1e-3, "pf": 1.0, "nf": 1e3}.get(cap[1].strip().lower(), float("nan"))
                        if isinstance(cap, list) and len(cap) == 2 else 1.0),
        "leakage_power_unit": lib.attrs.get("leakage_power_unit", ""),
        "voltage": lib.attrs.get("nom_voltage", ""),
        "cells": {},
    }
    if math.isnan(info["cap_unit_pf"]):
        raise LibError("%s: capacitive_load_unit %s not understood" % (path, cap))
    for c in lib.sub("cell"):
        if not c.args:
            continue
        name = c.args[0]
        pins = {}
        for p in c.sub("pin"):
            for pn in p.args:
                pins[pn] = {"direction": p.attrs.get("direction", ""),
                            "function": p.attrs.get("function"),
                            "capacitance": p.attrs.get("capacitance")}
        ff = c.sub("ff")
        info["cells"][name] = {
            "area": num(c.attrs.get("area", "0"), "%s: area of cell %s" % (path, name)),
            "unusable": any(str(c.attrs.get(k, "")).lower() == "true" for k in ("dont_use", "pad_cell")),
            "pins": pins,
            "ff": ({"iq": ff[0].args[0] if ff[0].args else "", "clocked_on": ff[0].attrs.get("clocked_on", ""),
                    "next_state": ff[0].attrs.get("next_state", ""),
                    "clear": "clear" in ff[0].attrs or "preset" in ff[0].attrs} if ff else None),
            "sequential": bool(ff or c.sub("latch") or c.sub("statetable")),
        }
    if not info["cells"]:
        raise LibError("%s: no cell" % path)
    return info


def comb_function(cell):
    """(inputs, output, function) of a cell with one output pin with a function, else None."""
    if cell["sequential"]:
        return None
    ins = [p for p, d in cell["pins"].items() if d["direction"] == "input"]
    outs = [p for p, d in cell["pins"].items() if d["direction"] == "output"]
    if len(outs) != 1 or not cell["pins"][outs[0]]["function"]:
        return None
    return ins, outs[0], cell["pins"][outs[0]]["function"]


def is_gate(cell, tt):
    cf = comb_function(cell)
    if not cf or len(cf[0]) != {2: 1, 4: 2}[len(tt)]:
        return False
    try:
        return truth_table(cf[2], cf[0]) == tt
    except LibError:
        return False


def plain_ff(cell):
    """(clock pin, data pin, output pin) of a positive-edge D flip-flop with no clear or preset."""
    ff = cell["ff"]
    if not ff or ff["clear"]:
        return None
    pins = cell["pins"]
    clk, d = ff["clocked_on"].strip(), ff["next_state"].strip()
    if clk not in pins or d not in pins:
        return None
    q = [p for p, v in pins.items() if v["direction"] == "output" and (v["function"] or "").strip() == ff["iq"]]
    return (clk, d, q[0]) if q else None


def pick(info, what, named, test, hint):
    cells = info["cells"]
    if named:
        if named not in cells:
            raise LibError("%s=%s: no cell %s in library %s" % (hint, named, named, info["lib"]))
        if not test(cells[named]):
            cf = comb_function(cells[named])
            raise LibError("%s=%s: cell %s of library %s is not %s (function %s)"
                           % (hint, named, named, info["lib"], what, '"%s"' % cf[2] if cf else "none"))
        return named
    found = sorted((c["area"], n) for n, c in cells.items() if not c["unusable"] and test(c))
    return found[0][1] if found else None


def find_cells(info, nand2="", inv=""):
    inv_c = pick(info, "an inverter", inv, lambda c: is_gate(c, INV_TT), "INV_CELL")
    nand_c = pick(info, "a 2-input NAND", nand2, lambda c: is_gate(c, NAND2_TT), "NAND2_CELL")
    missing = []
    if not inv_c:
        missing.append("no inverter (a cell with one input and the function !A; name one with INV_CELL=)")
    if not nand_c:
        missing.append("no 2-input NAND cell (function !(A B); name one with NAND2_CELL=)")
    if missing:
        raise LibError("library %s has %s" % (info["lib"], " and ".join(missing)))
    ff_c = pick(info, "a flip-flop", "", lambda c: plain_ff(c) is not None, "")
    cells = info["cells"]
    ins, out, _ = comb_function(cells[inv_c])
    cap = cells[inv_c]["pins"][ins[0]]["capacitance"]
    if cap is None:
        raise LibError("INV_CELL %s: input pin %s has no capacitance" % (inv_c, ins[0]))
    cap_pf = num(cap, "capacitance of %s/%s" % (inv_c, ins[0])) * info["cap_unit_pf"]
    return {
        "inv": {"cell": inv_c, "area": cells[inv_c]["area"], "in": ins[0], "out": out,
                "in_cap_pf": cap_pf, "named": bool(inv)},
        "nand2": {"cell": nand_c, "area": cells[nand_c]["area"], "named": bool(nand2)},
        "ff": ({"cell": ff_c, "area": cells[ff_c]["area"], "pins": list(plain_ff(cells[ff_c]))}
               if ff_c else None),
        "unusable": sorted(n for n, c in cells.items() if c["unusable"]),
    }


# ---------------------------------------------------------------------------------------------
# prepare

def write_if_changed(path, text):
    old = synth.read(path)
    if old != text:
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)


def write_target(path, text):
    """A make target: written every time (its date must move), through a temporary file."""
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def clock_ns(text):
    t = (text or "").strip()
    if not t:
        return DEFAULT_CLOCK_NS
    try:
        v = float(t)
    except ValueError:
        raise LibError("CLOCK_NS='%s' is not a number (the clock period in ns, e.g. CLOCK_NS=5)" % t)
    if not math.isfinite(v) or v <= 0:
        raise LibError("CLOCK_NS=%s: the clock period must be a positive number of ns" % t)
    return v


def rel(path):
    """A path below the current directory (the repository) as a relative one."""
    r = os.path.relpath(path)
    return path if r.startswith("..") else r


def resolve(liberty, bundled_dir):
    """(library name, source path) of LIBERTY=."""
    lib = (liberty or "").strip()
    if not lib:
        raise LibError("LIBERTY= is empty (bundled: %s; or the path of a liberty file)" % " ".join(BUNDLED))
    if lib in BUNDLED:
        p = os.path.join(bundled_dir, lib, "%s_stdcells.lib" % lib)
        if not os.path.exists(p):
            raise LibError("LIBERTY=%s: %s missing (tools/bootstrap.sh %s installs it)" % (lib, p, lib))
        return lib, rel(p)
    if "/" not in lib and not lib.endswith(".lib"):
        raise LibError("unknown LIBERTY=%s: not a bundled library (%s) nor a path to a .lib file"
                       % (lib, " ".join(BUNDLED)))
    if not os.path.isfile(lib):
        raise LibError("LIBERTY=%s: no such file" % lib)
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.basename(lib))
    name = re.sub(r"\.lib$", "", name) or "lib"
    if name in BUNDLED:
        name += "-file"
    return name, lib


def map_name(text):
    m = (text or "").strip() or "nf"
    if m not in MAPS:
        raise LibError("unknown MAP=%s (the mapping scripts: %s)" % (m, " ".join(MAP_ORDER)))
    return m


def delay_target(abc):
    """ABC='... -D <ps> ...': the delay target must be a positive number of ps."""
    words = (abc or "").split()
    for k, w in enumerate(words):
        if w == "-D":
            v = words[k + 1] if k + 1 < len(words) else ""
            try:
                x = float(v)
            except ValueError:
                raise LibError("ABC='%s': the delay target -D '%s' is not a number (ps, e.g. -D 5000)" % (abc, v))
            if not math.isfinite(x) or x <= 0:
                raise LibError("ABC='%s': the delay target -D %s must be a positive number of ps" % (abc, v))


def cmd_prepare(a):
    period = clock_ns(a.clock_ns)
    mp = map_name(a.map)
    delay_target(a.abc)
    name, src = resolve(a.liberty, a.bundled_dir)
    try:
        with open(src, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise LibError("LIBERTY=%s: %s" % (a.liberty, e.strerror))
    try:
        info = describe(parse_liberty(text, a.liberty), a.liberty)
    except LibError as e:
        raise LibError("LIBERTY=%s is not a liberty file this flow can read: %s" % (a.liberty, e))
    info["lib"] = name
    cells = find_cells(info, a.nand2.strip(), a.inv.strip())
    d = os.path.join(a.out, name)
    os.makedirs(d, exist_ok=True)
    write_if_changed(os.path.join(d, name + ".lib"), text)
    doc = {"lib": name, "source": src, "sha256": hashlib.sha256(text.encode()).hexdigest(),
           "library": info["name"], "time_unit": info["time_unit"], "time_unit_ns": info["time_unit_ns"],
           "cap_unit_pf": info["cap_unit_pf"], "leakage_power_unit": info["leakage_power_unit"],
           "voltage": info["voltage"], "cells_in_library": len(info["cells"])}
    doc.update(cells)
    write_if_changed(os.path.join(d, "cells.json"), json.dumps(doc, indent=1, sort_keys=True) + "\n")
    write_if_changed(os.path.join(d, "dontuse.txt"), "".join("-dont_use %s " % c for c in cells["unusable"]))
    # ABC's constraints (-constr): the driving cell of the inputs and the load of the outputs
    # (four inverter inputs), in fF.
    write_if_changed(os.path.join(d, "abc.constr"), "set_driving_cell %s\nset_load %.4f\n"
                     % (cells["inv"]["cell"], FO4_FANOUT * cells["inv"]["in_cap_pf"] * 1000.0))
    if MAPS[mp]:
        write_if_changed(os.path.join(d, "map-%s.abc" % mp), MAPS[mp] + "\n")
    print(name)
    return period


# ---------------------------------------------------------------------------------------------
# OpenSTA

def run_sta(sta, tcl, log):
    with open(log, "w") as out:
        rc = subprocess.call(shlex.split(sta) + ["-no_splash", "-exit", tcl], stdout=out,
                             stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    text = synth.read(log) or ""
    errs = [l.strip() for l in text.splitlines() if re.match(r"\s*Error\b", l)]
    if rc != 0 or errs:
        raise LibError("OpenSTA failed (%s): %s" % (log, errs[0] if errs else "exit %d" % rc))
    return text


def load_cells(lib_dir):
    text = synth.read(os.path.join(lib_dir, "cells.json"))
    if text is None:
        raise LibError("%s/cells.json missing (liberty.py prepare)" % lib_dir)
    return json.loads(text)


PATH_LINE = re.compile(r"^\s*(-?[0-9.]+)\s+(-?[0-9.]+)\s+([\^v])\s+(\S+)\s+\(([^)]*)\)\s*$")


def parse_path(text):
    """One path of 'report_checks' (full format): start, end, points, arrival, setup, slack;
    None for 'No paths found.'"""
    if "No paths found" in text or "Startpoint:" not in text:
        return None
    r = {"points": []}
    m = re.search(r"Startpoint:\s*(\S+)\s*\(([^)]*)\)", text)
    r["start"], r["start_kind"] = (m.group(1), m.group(2)) if m else ("", "")
    m = re.search(r"Endpoint:\s*(\S+)\s*\(([^)]*)\)", text)
    r["end"], r["end_kind"] = (m.group(1), m.group(2)) if m else ("", "")
    arrival_part = text.split("data arrival time")[0]
    for line in arrival_part.splitlines():
        m = PATH_LINE.match(line)
        if m:
            r["points"].append({"delay": float(m.group(1)), "time": float(m.group(2)), "edge": m.group(3),
                                "pin": m.group(4), "cell": m.group(5)})
    m = re.search(r"(-?[0-9.]+)\s+data arrival time", text)
    r["arrival"] = float(m.group(1)) if m else None
    m = re.search(r"(-?[0-9.]+)\s+-?[0-9.]+\s+library setup time", text)
    r["setup"] = -float(m.group(1)) if m else 0.0
    m = re.search(r"(-?[0-9.]+)\s+slack", text)
    r["slack"] = float(m.group(1)) if m else None
    return r


def sections(text):
    out, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^@@section (\S+)", line)
        if m:
            cur = m.group(1)
            out[cur] = []
        elif cur:
            out[cur].append(line)
    return {k: "\n".join(v) for k, v in out.items()}


def cmd_fo4(a):
    cells = load_cells(a.lib_dir)
    inv = cells["inv"]
    lib = cells["lib"]
    n, fan = FO4_STAGES, FO4_FANOUT
    v = ["// SPDX-License-Identifier: Apache-2.0",
         "// Generated by synth/liberty.py fo4: %d inverters %s in a chain, each driving %d copies of"
         % (n, inv["cell"], fan), "// itself (the next stage and %d loads)." % (fan - 1),
         "module fo4_chain (a, y);", "  input a;", "  output y;"]
    v.append("  wire " + ", ".join("n%d" % k for k in range(n + 1)) + ";")
    v.append("  assign n0 = a;")
    for k in range(1, n + 1):
        v.append("  %s s%d (.%s(n%d), .%s(n%d));" % (inv["cell"], k, inv["in"], k - 1, inv["out"], k))
        for j in range(1, fan):
            v.append("  %s l%d_%d (.%s(n%d), .%s());" % (inv["cell"], k, j, inv["in"], k, inv["out"]))
    v += ["  assign y = n%d;" % n, "endmodule", ""]
    vfile = os.path.join(a.lib_dir, "fo4.v")
    write_if_changed(vfile, "\n".join(v))
    with open("synth/sta/fo4.tcl.in") as f:
        tcl = f.read()
    mid = n // 2
    for k, val in (("@LIB@", os.path.join(a.lib_dir, lib + ".lib")), ("@NETLIST@", vfile),
                   ("@INV@", inv["cell"]), ("@PORT_LOAD_PF@", "%.6f" % inv["in_cap_pf"])):
        tcl = tcl.replace(k, val)
    tfile = os.path.join(a.lib_dir, "fo4.tcl")
    write_if_changed(tfile, tcl)
    text = run_sta(a.sta, tfile, os.path.join(a.lib_dir, "fo4.log"))
    res = {}
    for edge in ("rise", "fall"):
        p = parse_path(sections(text).get(edge, ""))
        if not p:
            raise LibError("FO4 chain of %s: no path in %s/fo4.log" % (lib, a.lib_dir))
        t = {pt["pin"]: pt["time"] for pt in p["points"]}
        keys = ["s%d/%s" % (k, inv["out"]) for k in (mid - 1, mid, mid + 1)]
        if any(k not in t for k in keys):
            raise LibError("FO4 chain of %s: stages %s not on the reported path (%s/fo4.log)"
                           % (lib, " ".join(keys), a.lib_dir))
        res[edge] = (t[keys[1]] - t[keys[0]], t[keys[2]] - t[keys[1]], p["points"][mid]["edge"])
    # the two middle stages: one with a rising, one with a falling output, for either input edge
    stage = [1000.0 * (res[e][0] + res[e][1]) / 2 for e in ("rise", "fall")]
    fo4 = sum(stage) / 2
    out = {"lib": lib, "inverter": inv["cell"], "stages": n, "fanout": fan, "measured_stages": [mid, mid + 1],
           "fo4_ps": round(fo4, 2),
           "stage_delays_ps": {"input_rise": [round(1000 * x, 2) for x in res["rise"][:2]],
                               "input_fall": [round(1000 * x, 2) for x in res["fall"][:2]]},
           "load_pf": fan * inv["in_cap_pf"], "liberty_sha256": cells["sha256"],
           "method": "OpenSTA: chain of %d %s, each driving %d copies of itself; FO4 = mean delay of "
                     "stages %d and %d (rising and falling output)" % (n, inv["cell"], fan, mid, mid + 1)}
    if not 0 < fo4 < 1e6:
        raise LibError("FO4 of %s: %.3f ps is not a delay" % (lib, fo4))
    write_target(a.out, json.dumps(out, indent=1, sort_keys=True) + "\n")
    print("synth-one: FO4 of %s = %.1f ps (%s driving %d copies of itself; %s)" % (lib, fo4, inv["cell"], fan, a.out))
    return 0


# ---------------------------------------------------------------------------------------------
# Yosys

def parse_stat_liberty(text):
    cells, types, area, seq = None, {}, None, 0.0
    for line in text.splitlines():
        m = re.match(r"\s*Number of cells:\s+(\d+)", line)
        if m:
            cells, types = int(m.group(1)), {}
            continue
        m = re.match(r"\s+(\S+)\s+(\d+)\s*$", line)
        if m and cells is not None and area is None:
            types[m.group(1)] = int(m.group(2))
        m = re.search(r"Chip area for (?:module|top module) '?\\?(\S*?)'?:\s+([0-9.eE+-]+)", line)
        if m:
            area = float(m.group(2))
        m = re.search(r"of which used for sequential elements:\s+([0-9.eE+-]+)", line)
        if m:
            seq = float(m.group(1))
    return cells, types, area, seq


DECL = re.compile(r"^\s*(?:input|output|inout|wire)\s+(?:\[(\d+):(\d+)\]\s*)?(\\\S+|\w+)\s*;", re.M)
CONCAT_ASSIGN = re.compile(r"^(\s*)assign\s+(\{[^;]*\})\s*=\s*([^;]*);\s*$", re.M)


def expand_bits(expr, widths):
    """The bits of a Verilog net expression of write_verilog (a concatenation of names, bit selects,
    part selects and sized binary constants), most significant first."""
    e = expr.strip()
    if e.startswith("{") and e.endswith("}"):
        parts, depth, cur = [], 0, ""
        for ch in e[1:-1]:
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
                continue
            depth += ch in "{["
            depth -= ch in "}]"
            cur += ch
        parts.append(cur)
        return [b for p in parts for b in expand_bits(p, widths)]
    m = re.fullmatch(r"(\d+)'b([01xz]+)", e)
    if m:
        bits = m.group(2).rjust(int(m.group(1)), "0")
        return ["1'b%s" % c for c in bits]
    m = re.fullmatch(r"(\\\S+|\w+)\s*\[(\d+):(\d+)\]", e)
    if m:
        hi, lo = int(m.group(2)), int(m.group(3))
        step = -1 if hi >= lo else 1
        return ["%s[%d]" % (m.group(1), i) for i in range(hi, lo + step, step)]
    m = re.fullmatch(r"(\\\S+|\w+)\s*\[(\d+)\]", e)
    if m:
        return ["%s[%s]" % (m.group(1), m.group(2))]
    m = re.fullmatch(r"(\\\S+ ?|\w+)", e)
    if m:
        n = m.group(1).strip()
        if n not in widths:
            raise LibError("netlist: cannot expand '%s' (no declaration)" % e)
        hi, lo = widths[n]
        if hi is None:
            return [n + (" " if n.startswith("\\") else "")]
        step = -1 if hi >= lo else 1
        return ["%s[%d]" % (n, i) for i in range(hi, lo + step, step)]
    raise LibError("netlist: cannot expand '%s'" % e)


def split_concat_assigns(path):
    """OpenSTA's Verilog reader takes no concatenation on the left of an assign; splitnets leaves
    the ports whole, so write_verilog joins port bits that are constants or copies of each other
    into one. Such an assign becomes one assign per bit (same nets, same values)."""
    text = synth.read(path) or ""
    if not CONCAT_ASSIGN.search(text):
        return 0
    widths = {m.group(3): ((int(m.group(1)), int(m.group(2))) if m.group(1) else (None, None))
              for m in DECL.finditer(text)}
    n = [0]

    def one(m):
        lhs, rhs = expand_bits(m.group(2), widths), expand_bits(m.group(3), widths)
        if len(lhs) != len(rhs):
            raise LibError("netlist: assign of %d bits from %d: %s" % (len(lhs), len(rhs), m.group(0).strip()[:120]))
        n[0] += 1
        return "\n".join("%sassign %s = %s;" % (m.group(1), l, r) for l, r in zip(lhs, rhs))
    text = CONCAT_ASSIGN.sub(one, text)
    write_target(path, text)
    return n[0]


def cmd_yosys(a):
    cells = load_cells(a.lib_dir)
    rc, secs, log = synth.run_yosys(a.yosys, a.dir, ("netlist.v", "stat.txt", "yosys.json", "result.json"))
    logtext = synth.read(log) or ""
    # The warning gate of the generic flow, on the reading and generic synthesis of the RTL: the
    # library's own warnings (from dfflibmap on) are reported, never fatal (a cell named LATCH).
    cut = re.search(r"^\d+(\.\d+)*\. Executing DFFLIBMAP pass", logtext, re.M)
    rtl_part = logtext[:cut.start()] if cut else logtext
    warns = synth.log_warnings(logtext)
    fatal = [w for w in synth.log_warnings(rtl_part) if synth.FATAL_WARNING.search(w)]
    if rc != 0:
        err = synth.log_error(logtext) or synth.log_error(synth.read(os.path.join(a.dir, "yosys.out"))) or ""
        if "selection is not empty: t:$_*DFF*" in logtext or re.search(r"ERROR: FF .* cannot be legalized", logtext):
            if not cells.get("ff"):
                raise LibError("library %s has no positive-edge D flip-flop (a cell with an ff group clocked_on "
                               "one pin, next_state one pin, no clear/preset) and the design has flip-flops: "
                               "dfflibmap cannot map them (%s)" % (cells["lib"], log))
            raise LibError("dfflibmap left flip-flops of the design unmapped in library %s (%s)" % (cells["lib"], log))
        if "selection is not empty: t:$_*" in logtext:
            raise LibError("ABC left gates unmapped in library %s (%s)" % (cells["lib"], log))
        if "ABC" in err:
            raise LibError("ABC could not map the design to library %s (exit %d: %s; log %s)" % (cells["lib"], rc, err, log))
        raise LibError("Yosys failed (exit %d%s; log %s)" % (rc, ": " + err if err else "", log))
    if fatal:
        raise LibError("%d fatal Yosys warning(s), first: %s (log %s)" % (len(fatal), fatal[0], log))
    stat = synth.read(os.path.join(a.dir, "stat.txt"))
    if stat is None or not os.path.exists(os.path.join(a.dir, "netlist.v")):
        raise LibError("Yosys wrote no stat.txt or netlist.v (log %s)" % log)
    split_concat_assigns(os.path.join(a.dir, "netlist.v"))
    ncells, types, area, seq = parse_stat_liberty(stat)
    if area is None:
        raise LibError("no 'Chip area' in %s/stat.txt" % a.dir)
    unknown = re.findall(r"Area for cell type (\S+) is unknown", stat)
    if unknown:
        raise LibError("cells without an area in the library: %s (%s/stat.txt)" % (" ".join(unknown), a.dir))
    abc = re.search(r"^abc .*$", synth.read(os.path.join(a.dir, "run.ys")) or "", re.M)
    doc = {"cells": ncells, "cell_types": types, "area": area, "area_seq": seq, "seconds": secs,
           "abc": abc.group(0) if abc else "", "other_warnings": [w for w in warns if w not in fatal]}
    write_if_changed(os.path.join(a.dir, "yosys.json"), json.dumps(doc, indent=1, sort_keys=True) + "\n")
    return 0


# ---------------------------------------------------------------------------------------------
# Timing and power

def netlist_ports(path):
    text = synth.read(path) or ""
    return set(re.findall(r"^\s*input\s+(?:\[[^\]]*\]\s*)?(\w+)\s*;", text, re.M))


def path_doc(p, period):
    if not p:
        return None
    cells, seen = [], set()
    for pt in p["points"]:
        inst = pt["pin"].rsplit("/", 1)[0] if "/" in pt["pin"] else None
        if inst and inst not in seen and pt["cell"] not in ("in", "out"):
            seen.add(inst)
            cells.append({"instance": inst, "cell": pt["cell"]})
    need = period - p["slack"] if p["slack"] is not None else None
    first, last = (p["points"][0], p["points"][-1]) if p["points"] else ({"pin": p["start"], "cell": ""},
                                                                        {"pin": p["end"], "cell": ""})
    return {"start": p["start"], "start_kind": p["start_kind"], "end": p["end"], "end_kind": p["end_kind"],
            "start_pin": first["pin"], "start_cell": first["cell"], "end_pin": last["pin"], "end_cell": last["cell"],
            "arrival_ns": p["arrival"], "setup_ns": round(p["setup"], 6),
            "delay_ns": round(need, 6) if need is not None else None, "slack_ns": p["slack"],
            "cells": cells, "cell_count": len(cells),
            "points": [{"pin": x["pin"], "cell": x["cell"], "edge": x["edge"], "time_ns": x["time"]}
                       for x in p["points"]]}


def cmd_sta(a):
    cells = load_cells(a.lib_dir)
    period = clock_ns(a.clock_ns)
    try:
        os.remove(os.path.join(a.dir, "result.json"))
    except FileNotFoundError:
        pass
    fo4 = json.loads(synth.read(a.fo4) or "{}")
    if not fo4.get("fo4_ps"):
        raise LibError("%s missing or without fo4_ps" % a.fo4)
    ys = json.loads(synth.read(os.path.join(a.dir, "yosys.json")) or "{}")
    netlist = os.path.join(a.dir, "netlist.v")
    clocked = "clk_i" in netlist_ports(netlist)
    with open("synth/sta/timing.tcl.in") as f:
        tcl = f.read()
    inv = cells["inv"]
    subs = {"@LIB@": os.path.join(a.lib_dir, cells["lib"] + ".lib"), "@NETLIST@": netlist, "@TOP@": a.top,
            "@PERIOD@": "%g" % period, "@CLKPORT@": "clk_i" if clocked else "",
            "@INV@": inv["cell"], "@LOAD_PF@": "%.6f" % (FO4_FANOUT * inv["in_cap_pf"])}
    for k, v in subs.items():
        tcl = tcl.replace(k, v)
    tfile = os.path.join(a.dir, "sta.tcl")
    write_if_changed(tfile, tcl)
    t0 = time.time()
    text = run_sta(a.sta, tfile, os.path.join(a.dir, "sta.log"))
    secs = round(time.time() - t0, 1)
    sec = sections(text)
    paths = {k: path_doc(parse_path(sec.get(k, "")), period) for k in ("critical", "reg2reg", "in2reg", "reg2out", "in2out")}
    crit = paths["critical"]
    if not crit:
        raise LibError("OpenSTA reported no path (%s/sta.log)" % a.dir)
    m = re.search(r"^Total\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)", sec.get("power", ""), re.M)
    if not m:
        raise LibError("no power report in %s/sta.log" % a.dir)
    internal, switching, leakage, total = (float(x) for x in m.groups())
    area = ys["area"]
    n2 = cells["nand2"]["area"]
    r2r = paths["reg2reg"]
    res = {
        "flow": "liberty", "lib": cells["lib"], "liberty": cells["source"], "liberty_sha256": cells["sha256"],
        "top": a.top, "dir": a.dir, "abc": ys.get("abc", ""),
        "cells": ys["cells"], "cell_types": ys["cell_types"],
        "area_um2": area, "area_seq_um2": ys["area_seq"], "area_comb_um2": round(area - ys["area_seq"], 6),
        "nand2_cell": cells["nand2"]["cell"], "nand2_area_um2": n2,
        "nand2_eq": round(area / n2, 2), "nand2_eq_seq": round(ys["area_seq"] / n2, 2),
        "nand2_eq_comb": round((area - ys["area_seq"]) / n2, 2),
        "flip_flop_cell": cells["ff"]["cell"] if cells.get("ff") else "",
        "clock": {"port": "clk_i" if clocked else "", "virtual": not clocked, "period_ns": period,
                  "mhz": round(1000.0 / period, 3)},
        "fo4_ps": fo4["fo4_ps"], "fo4_inverter": fo4["inverter"],
        "critical_path": crit,
        "critical_path_ns": crit["delay_ns"],
        "critical_path_fo4": round(crit["delay_ns"] * 1000.0 / fo4["fo4_ps"], 2),
        "paths": {k: paths[k] for k in ("reg2reg", "in2reg", "reg2out", "in2out")},
        "fmax_mhz": round(1000.0 / r2r["delay_ns"], 2) if r2r and r2r["delay_ns"] else None,
        "power": {"clock_ns": period, "activity": "OpenSTA default: each input 0.1 transitions per clock period, duty 0.5, propagated through the cells; the clock toggles every period",
                  "internal_w": internal, "switching_w": switching, "dynamic_w": internal + switching,
                  "leakage_w": leakage, "total_w": total},
        "yosys_seconds": ys.get("seconds"), "sta_seconds": secs, "status": "ok",
        "other_warnings": ys.get("other_warnings", []),
        "sta_warnings": [l.strip() for l in text.splitlines() if re.match(r"\s*Warning\b", l)],
    }
    write_target(os.path.join(a.dir, "result.json"), json.dumps(res, indent=1, sort_keys=True) + "\n")
    return 0


# ---------------------------------------------------------------------------------------------
# summary

def eng(w):
    for f, u in ((1e-3, "mW"), (1e-6, "uW"), (1e-9, "nW")):
        if abs(w) >= f:
            return "%.3g %s" % (w / f, u)
    return "%.3g pW" % (w / 1e-12)


def fmt_path(p, fo4):
    return "%.3f ns = %.1f FO4%s, %s (%s) -> %s (%s), %d cells" % (
        p["delay_ns"], p["delay_ns"] * 1000.0 / fo4, " (setup %.3f ns included)" % p["setup_ns"] if p["setup_ns"] else "",
        p["start_pin"], p["start_cell"], p["end_pin"], p["end_cell"], p["cell_count"])


def cmd_summary(a):
    r = json.loads(synth.read(os.path.join(a.dir, "result.json")) or "null")
    if not r:
        raise LibError("%s/result.json missing: the run did not finish" % a.dir)
    one = json.loads(synth.read(os.path.join(a.dir, "one.json")) or "{}")
    given = " ".join("%s=%s" % (p["name"], p["value"]) for p in one.get("params", []) if p["given"])
    fo4 = r["fo4_ps"]
    print("synth-one: %s (unit %s, %s) on %s (%s)" % (r["top"], one.get("unit", "?"), one.get("source", "?"),
                                                     r["lib"], r["liberty"]))
    print("  parameters     %s" % (given or "(none given; module defaults)"))
    print("  mapping        %s" % r["abc"].strip())
    print("  area           %s um^2 = %s NAND2-eq (%s, %g um^2), %s cells" % (
        synth.fmt_int(r["area_um2"]), synth.fmt_int(r["nand2_eq"]), r["nand2_cell"], r["nand2_area_um2"],
        synth.fmt_int(r["cells"])))
    print("  combinational  %s um^2 = %s NAND2-eq" % (synth.fmt_int(r["area_comb_um2"]), synth.fmt_int(r["nand2_eq_comb"])))
    print("  sequential     %s um^2 = %s NAND2-eq%s" % (synth.fmt_int(r["area_seq_um2"]), synth.fmt_int(r["nand2_eq_seq"]),
                                                     " (%s)" % r["flip_flop_cell"] if r["area_seq_um2"] else ""))
    print("  FO4            %.1f ps (%s driving 4 copies of itself, OpenSTA)" % (fo4, r["fo4_inverter"]))
    print("  critical path  %s" % fmt_path(r["critical_path"], fo4))
    for k, what in (("reg2reg", "register to register"), ("in2reg", "input to register"),
                    ("reg2out", "register to output"), ("in2out", "input to output")):
        p = r["paths"].get(k)
        if p:
            print("    %-20s %s" % (what, fmt_path(p, fo4)))
    clk = r["clock"]
    if r["fmax_mhz"]:
        print("  Fmax           %.1f MHz (register to register)" % r["fmax_mhz"])
    else:
        print("  Fmax           - (%s)" % ("no register-to-register path" if clk["port"] else "no clock: a virtual clock times inputs to outputs"))
    pw = r["power"]
    print("  power          at %g ns (%g MHz%s), OpenSTA default activity: dynamic %s (internal %s, switching %s), leakage %s"
          % (clk["period_ns"], clk["mhz"], ", virtual clock" if clk["virtual"] else " on clk_i",
             eng(pw["dynamic_w"]), eng(pw["internal_w"]), eng(pw["switching_w"]), eng(pw["leakage_w"])))
    for k, tool in (("other_warnings", "Yosys"), ("sta_warnings", "OpenSTA")):
        if r.get(k):
            print("  warnings       %d %s warning(s), first: %s" % (len(r[k]), tool, r[k][0]))
    print("  tool time      Yosys %.1f s, OpenSTA %.1f s" % (r["yosys_seconds"] or 0, r["sta_seconds"] or 0))
    print("  files          %s/ (run.ys, yosys.log, netlist.v, stat.txt, sta.tcl, sta.log, result.json)" % a.dir)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--liberty", default="")
    p.add_argument("--bundled-dir", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--nand2", default="")
    p.add_argument("--inv", default="")
    p.add_argument("--clock-ns", default="")
    p.add_argument("--map", default="")
    p.add_argument("--abc", default="")
    p = sub.add_parser("fo4")
    p.add_argument("--lib-dir", required=True)
    p.add_argument("--sta", required=True)
    p.add_argument("--out", required=True)
    p = sub.add_parser("yosys")
    p.add_argument("--dir", required=True)
    p.add_argument("--yosys", required=True)
    p.add_argument("--lib-dir", required=True)
    p = sub.add_parser("sta")
    for k in ("dir", "sta", "lib-dir", "fo4", "top"):
        p.add_argument("--" + k, required=True)
    p.add_argument("--clock-ns", default="")
    p = sub.add_parser("summary")
    p.add_argument("--dir", required=True)
    a = ap.parse_args()
    try:
        if a.cmd == "prepare":
            cmd_prepare(a)
            return 0
        return {"fo4": cmd_fo4, "yosys": cmd_yosys, "sta": cmd_sta, "summary": cmd_summary}[a.cmd](a)
    except LibError as e:
        print("synth-one: error: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
