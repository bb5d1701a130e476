#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Helper of synth/synth_one.mk: one synthesis of any configuration a user names.

  synth_one.py setup --registry R --out DIR --unit U [--top T] [--w N] [--impl I] [--abc F]
                     [--params 'NAME=VALUE ...'] --sources 'FILE ...' [--template synth/cfg.ys.in]
      checks the unit (a registry unit), the top (one of its tops; default its first) and every
      parameter name against the top module's parameter list (read from its RTL file), then
      writes DIR/<name>/run.ys (the template filled as the sweep fills it), one.mk (the values
      synth_one.mk's rule uses), one.json (every parameter of the module with its value and
      where it comes from) and configs.txt, each rewritten only when its text changes; prints
      <name> on stdout. Errors: one line on stderr, exit 1. --suffix S appends S to <name> and
      --subst @KEY@=VALUE (repeated) fills more placeholders (synth/liberty.mk: synth/lib.ys.in).
  synth_one.py summary --registry R --dir DIR/<name>
      prints the readable summary of DIR/<name>/result.json (written by 'synth.py run') and,
      when the registry's sweep has a row with the same parameters, that row's numbers; exit 1
      if the run failed.

Parameters not given keep the module's defaults (the RTL's parameter list): the configuration
synthesised is the one the RTL declares, changed only where the command line says so.
Standard library only; paths relative to the repository root.
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synth  # noqa: E402  (parse_* and fmt_* helpers of the sweep)


class OneError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# The parameter list of a module, from its source

def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def split_top(text, sep=","):
    """Split at separators outside (), [] and {}."""
    out, depth, cur = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == sep and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur))
    return [x.strip() for x in out if x.strip()]


def literal(text):
    """The integer value of a constant default (decimal or sized literal), else None."""
    t = text.strip().replace("_", "")
    if re.fullmatch(r"\d+", t):
        return int(t)
    m = re.fullmatch(r"(\d+)?'[sS]?([bBoOdDhH])([0-9a-fA-F]+)", t)
    if m:
        return int(m.group(3), {"b": 2, "o": 8, "d": 10, "h": 16}[m.group(2).lower()])
    return None


def module_params(path, module):
    """[(name, default text, is_local)] of a module's parameter port list (ANSI header), or
    of its body's 'parameter' declarations when it has none."""
    with open(path) as f:
        text = strip_comments(f.read())
    m = re.search(r"\bmodule\s+%s\b\s*" % re.escape(module), text)
    if not m:
        raise OneError("%s: no module %s" % (path, module))
    pos = m.end()
    items = []
    if text[pos:pos + 1] == "#":
        start = text.index("(", pos)
        depth = 0
        for i in range(start, len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                break
        items = split_top(text[start + 1:i])
    else:
        body = text[pos:text.find("endmodule", pos)]
        for d in re.findall(r"\bparameter\b([^;]*);", body):
            items += ["parameter " + x for x in split_top(d)]
    out, kind = [], "parameter"
    for it in items:
        m = re.match(r"(parameter|localparam)\b", it)
        if m:
            kind = m.group(1)
        eq = re.search(r"(?<![<>!=])=(?!=)", it)
        if not eq:
            continue
        names = re.findall(r"[A-Za-z_]\w*", re.sub(r"\[[^\]]*\]", " ", it[:eq.start()]))
        if names:
            out.append((names[-1], it[eq.end():].strip(), kind == "localparam"))
    return out


# ---------------------------------------------------------------------------------------------
# setup

def top_file(unit, top):
    for d in unit["rtl"]:
        p = os.path.join("rtl", d, top + ".sv")
        if os.path.exists(p):
            return p
    raise OneError("no rtl/{%s}/%s.sv for top %s of unit %s" % (",".join(unit["rtl"]), top, top, unit["name"]))


def load_registry(path):
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        raise OneError("%s not found (make build/gen/registry.mk)" % path)


def find_unit(reg, name):
    names = " ".join(u["name"] for u in reg["units"])
    if not name:
        raise OneError("UNIT= is required (units: %s)" % names)
    for u in reg["units"]:
        if u["name"] == name:
            return u
    raise OneError("unknown unit '%s' (units: %s)" % (name, names))


def uint(what, v):
    if not re.fullmatch(r"\d+", v or ""):
        raise OneError("%s: '%s' is not a non-negative decimal integer" % (what, v))
    return int(v)


def write_if_changed(path, text):
    old = None
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
    if old != text:
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)


def setup(a):
    reg = load_registry(a.registry)
    u = find_unit(reg, a.unit)
    top = a.top or u["tops"][0]
    if top not in u["tops"]:
        raise OneError("TOP=%s is not a top of unit %s (tops: %s)" % (top, u["name"], " ".join(u["tops"])))
    src = top_file(u, top)
    mparams = module_params(src, top)
    settable = [n for n, _, loc in mparams if not loc]
    local = {n for n, _, loc in mparams if loc}

    given = []                                    # (name, value, how)
    if a.w:
        given.append(("W", uint("W", a.w), "W="))
    for word in (a.params or "").split():
        name, sep, v = word.partition("=")
        if not sep or not name:
            raise OneError("P: '%s' is not NAME=VALUE" % word)
        given.append((name, uint("P: %s" % name, v), "P"))
    if a.impl:
        given.append(("IMPL", uint("IMPL", a.impl), "IMPL="))
    seen = {}
    for name, _, how in given:
        if name in seen:
            raise OneError("parameter %s given twice (%s and %s)" % (name, seen[name], how))
        seen[name] = how
        if name in local:
            raise OneError("%s is a localparam of module %s (derived from the others), not settable"
                           % (name, top))
        if name not in settable:
            raise OneError("unknown parameter %s of module %s (%s; parameters: %s)"
                           % (name, top, src, " ".join(settable)))
    if a.abc and not re.fullmatch(r"[-A-Za-z0-9_.= ]+", a.abc):
        raise OneError("ABC='%s': only ABC options such as -fast (letters, digits, - _ . =)" % a.abc)

    val = {n: v for n, v, _ in given}
    eff = []
    for n, d, loc in mparams:
        if loc:
            continue
        eff.append({"name": n, "value": val[n] if n in val else literal(d), "given": n in val,
                    "default": d, "default_value": literal(d)})
    w = val.get("W", next((e["value"] for e in eff if e["name"] == "W"), None))
    if w is None:
        raise OneError("module %s has no literal default W: give W=" % top)
    order = [n for n in ("W",) if n in val] + [n for n, _, how in given if how == "P"] + \
        [n for n in ("IMPL",) if n in val]
    name = top + ("-i%d" % val["IMPL"] if "IMPL" in val else "") + "-w%d" % w + \
        "".join("-%s%d" % (n, val[n]) for n in order if n not in ("W", "IMPL")) + \
        ("-abc" + re.sub(r"[^A-Za-z0-9]", "", a.abc) if a.abc else "") + a.suffix
    d = os.path.join(a.out, name)
    os.makedirs(d, exist_ok=True)
    chparam = " ".join("-set %s %d" % (n, val[n]) for n in order)
    write_if_changed(os.path.join(d, "one.mk"), "\n".join([
        "# written by synth/synth_one.py setup: make synth-one " + " ".join(
            x for x in ("UNIT=" + u["name"], "TOP=" + top, "W=%s" % (a.w or ""), "IMPL=%s" % (a.impl or ""),
                        "ABC='%s'" % (a.abc or ""), "P='%s'" % (a.params or "")) if not x.endswith("=") and
            not x.endswith("=''")),
        "ONE.UNIT := %s" % u["name"], "ONE.TOP := %s" % top, "ONE.W := %d" % w,
        "ONE.IMPL := %s" % ("%d" % val["IMPL"] if "IMPL" in val else ""),
        "ONE.PARAMS := %s" % " ".join("%s=%d" % (n, val[n]) for n in order if n not in ("W", "IMPL")),
        "ONE.CHPARAM := %s" % chparam, "ONE.ABC := %s" % (a.abc or "").strip(), ""]))
    write_if_changed(os.path.join(d, "one.json"), json.dumps(
        {"unit": u["name"], "top": top, "source": src, "abc": (a.abc or "").strip(), "params": eff},
        indent=1) + "\n")
    write_if_changed(os.path.join(d, "configs.txt"), name + "\n")
    # run.ys: synth/cfg.ys.in filled as synth/synth.mk's sweep rule fills it (same substitutions)
    with open(a.template) as f:
        ys = f.read()
    sources = " ".join(a.sources.split())
    if not sources:
        raise OneError("no RTL sources given for unit %s" % u["name"])
    for k, v in (("@CFG@", "one/" + name), ("@TOP@", top), ("@DIR@", d), ("@SOURCES@", sources),
                 ("@PARAMS@", chparam), ("@ABCFLAGS@", (a.abc.strip() + " ") if a.abc.strip() else "")) + \
            tuple(tuple(x.split("=", 1)) for x in a.subst):
        ys = ys.replace(k, v)
    left = sorted(set(re.findall(r"@[A-Z_]+@", ys)))
    if left:
        raise OneError("%s has placeholder(s) %s that synth_one.py does not fill" % (a.template, " ".join(left)))
    write_if_changed(os.path.join(d, "run.ys"), ys)
    print(name)


# ---------------------------------------------------------------------------------------------
# summary

def same_row(reg, one):
    """The sweep row (registry [[synth]]) with the same top, parameter values and ABC flags."""
    eff = {p["name"]: p for p in one["params"]}
    for u in reg["units"]:
        for r in u["synth"]:
            if r["top"] != one["top"] or (r["abc"] or "").strip() != one["abc"]:
                continue
            rv = {k: int(v) for k, v in re.findall(r"-set (\S+) (\S+)", r["chparam"])}
            if set(rv) - set(eff):
                continue
            ok = True
            for n, p in eff.items():
                theirs = rv[n] if n in rv else p["default_value"]
                if not p["given"] and n not in rv:
                    continue                         # both keep the module's default
                if p["value"] is None or theirs is None or p["value"] != theirs:
                    ok = False
                    break
            if ok:
                return r
    return None


def summary(a):
    reg = load_registry(a.registry)
    with open(os.path.join(a.dir, "one.json")) as f:
        one = json.load(f)
    res = synth.read(os.path.join(a.dir, "result.json"))
    if res is None:
        raise OneError("%s/result.json missing: the run did not finish" % a.dir)
    r = json.loads(res)
    given = " ".join("%s=%s" % (p["name"], p["value"]) for p in one["params"] if p["given"])
    dflt = " ".join("%s=%s" % (p["name"], p["value"] if p["value"] is not None else p["default"])
                    for p in one["params"] if not p["given"])
    print("synth-one: %s (unit %s, %s)" % (one["top"], one["unit"], one["source"]))
    print("  parameters     %s%s" % (given or "(none given)", "; module defaults: " + dflt if dflt else ""))
    print("  ABC            %s" % ("abc %s-g AND,NAND,OR,NOR,XOR,XNOR,MUX" % (one["abc"] + " " if one["abc"] else "")))
    if r["status"] != "ok":
        print("  FAILED         %s" % r["reason"])
        print("  files          %s/ (run.ys, yosys.log)" % a.dir)
        return 1
    flops = int(r["flops"] or 0)
    n2 = float(r["nand2_eq"])
    comb = float(r["comb_nand2_eq"])
    print("  area           %s NAND2-eq (%s transistors / 4, %s cells)" % (
        synth.fmt_int(n2), synth.fmt_int(r["transistors"]), synth.fmt_int(r["cells"])))
    print("  combinational  %s NAND2-eq" % synth.fmt_int(comb))
    print("  flip-flops     %s bits (%s NAND2-eq)" % (synth.fmt_int(flops), synth.fmt_int(n2 - comb)))
    print("  depth          %s levels (longest topological path, ltp -noff)" % r["depth"])
    print("  Yosys time     %.1f s" % float(r["seconds"]))
    if r.get("other_warnings"):
        print("  warnings       %d other Yosys warning(s), first: %s" % (len(r["other_warnings"]),
                                                                    r["other_warnings"][0]))
    print("  files          %s/ (run.ys, yosys.log, stat.txt, ltp.txt, result.json)" % a.dir)
    row = same_row(reg, one)
    if row:
        p = os.path.join("build", "synth", row["name"], "result.json")
        old = synth.read(p)
        if old:
            o = json.loads(old)
            print("  sweep row      %s has the same parameters: %s NAND2-eq, depth %s (%s)" % (
                row["name"], synth.fmt_int(o["nand2_eq"]), o["depth"], p))
        else:
            print("  sweep row      %s has the same parameters (not run here: make synth)" % row["name"])
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("setup")
    p.add_argument("--registry", required=True)
    p.add_argument("--out", required=True)
    for k in ("unit", "top", "w", "impl", "abc", "params", "sources"):
        p.add_argument("--" + k, default="")
    p.add_argument("--template", default="synth/cfg.ys.in")
    p.add_argument("--suffix", default="", help="appended to <name> (synth/liberty.mk: -<lib>)")
    p.add_argument("--subst", action="append", default=[], help="@KEY@=VALUE: one more placeholder of the template")
    p = sub.add_parser("summary")
    p.add_argument("--registry", required=True)
    p.add_argument("--dir", required=True)
    a = ap.parse_args()
    try:
        if a.cmd == "setup":
            setup(a)
            return 0
        return summary(a)
    except OneError as e:
        print("synth-one: error: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
