#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make synth-power: the power of a unit's library-mapped netlist at the switching activity of its
own random cross-check stimulus, beside OpenSTA's default activity (synth/README.md, "Power from
real activity").

  power.py UNIT [--config C] [--w N] [--liberty L] [--cycles N] [--clock-ns N]
  power.py table [OUT]      every result.json under build/synth/power/ as one table (OUT, default
                            build/synth/power/summary.md; make synth-power-all)

1. The netlist: make synth-one LIBERTY=L of the registry model (its top and parameters at W = N),
   the netlist whose default-activity power make synth-one reports.
2. The stimulus: simtcheck UNIT --config C --lanes N --cycles N --seed 1 --record stim.trace, the
   unit's own random run (cross-checked against the C model as it is recorded); each cycle line's
   fields are put on the input ports as make equiv's counterexamples take them from the ports
   (formal/equiv/equiv.py Fields, port_of).
3. The activity: the netlist simulated cycle by cycle, zero delay, each cell evaluated from its
   liberty function, each flip-flop from its ff group, from the all-zero state and a first cycle
   of reset (rst_ni low), as simtcheck's models start; per net, the
   transitions per clock cycle and the share of cycles at 1 (no glitches: zero-delay evaluation
   counts at most one transition per net and cycle).
4. OpenSTA: make synth-one's timing script with each input port's measured activity and each
   net's on every cell input pin it drives (OpenSTA 2.0.17 keeps a user activity on input pins
   only), report_power.

Outputs in build/synth/power/<model>-<lib>/: result.json (both powers, the activity's summary),
stim.trace, power.tcl, sta.log. Errors: one line 'synth-power: error: ...', exit 2.
Standard library only; run from the repository root after make build/bin/simtcheck.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
sys.path.insert(0, os.path.join(HERE, "..", "formal", "equiv"))
import liberty  # noqa: E402
import registry  # noqa: E402

OUT = os.path.join("build", "synth", "power")


class PowerError(Exception):
    pass


def model(unit, config, w):
    units = registry.load_all()
    u = next((x for x in units if x["name"] == unit), None)
    if u is None:
        raise PowerError("no unit '%s' (units: %s)" % (unit, " ".join(x["name"] for x in units)))
    cfgs = [c for c in u["configs"] if not c["netlist"]]
    c = cfgs[0] if not config else next((x for x in cfgs if x["name"] == config), None)
    if c is None:
        raise PowerError("unit %s has no configuration '%s' (configurations: %s)" % (
            unit, config, " ".join(x["name"] for x in cfgs)))
    m = next((x for x in c["models"] if x["w"] == w), None)
    if m is None:
        raise PowerError("configuration %s of %s has no W = %d (widths: %s)" % (
            c["name"], unit, w, " ".join(str(x["w"]) for x in c["models"])))
    return u, c, dict(m, params=dict(m["params"]))


def run(cmd, log):
    with open(log, "w") as f:
        p = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    with open(log) as f:
        return p.returncode, f.read()


# ---------------------------------------------------------------------------------------------
# the netlist (write_verilog -noattr -noexpr of synth/lib.ys.in: one net per bit, ports whole)

def bits_of(expr, widths):
    return liberty.expand_bits(expr, widths)


def read_netlist(path, cells):
    text = open(path).read()
    widths = {m.group(3): ((int(m.group(1)), int(m.group(2))) if m.group(1) else (None, None))
              for m in liberty.DECL.finditer(text)}
    ports = {}
    for m in re.finditer(r"^\s*(input|output)\s+(?:\[(\d+):(\d+)\]\s*)?(\\\S+ |\w+)\s*;", text, re.M):
        n = m.group(4).strip()
        ports[n] = (m.group(1), bits_of(n, widths))
    insts = []
    body = text[text.index(");", text.index("module")) + 2:]   # after the module's port list
    for m in re.finditer(r"^\s*(\w+)\s+(\\\S+ |\w+)\s*\((.*?)\n\s*\);", body, re.M | re.S):
        typ = m.group(1)
        if typ in ("module", "input", "output", "wire", "assign"):
            continue
        if typ not in cells:
            raise PowerError("%s: cell %s not in the library" % (path, typ))
        conns = {pm.group(1): pm.group(2).strip() for pm in re.finditer(r"\.(\w+)\(([^()]*)\)", m.group(3))}
        conns = {k: (v + " " if v.startswith("\\") else v) for k, v in conns.items()}
        insts.append((m.group(2).strip(), typ, conns))
    assigns = []
    for m in re.finditer(r"^\s*assign\s+(.*?)\s*=\s*(.*?);", text, re.M):
        lhs, rhs = bits_of(m.group(1), widths), bits_of(m.group(2), widths)
        assigns += list(zip(lhs, rhs))
    return ports, insts, assigns


def norm(n):
    return n.strip()


def simulate(ports, insts, assigns, cells, stim, cycles_out):
    """Zero-delay cycle simulation: stim = [{input bit: 0/1}] per cycle. Returns {net: (transitions,
    cycles at 1)} and the number of cycles."""
    funcs = {}
    comb, ffs = [], []
    for inst, typ, conns in insts:
        c = cells[typ]
        outs = [p for p, d in c["pins"].items() if d["direction"] == "output"]
        if c["ff"]:
            ff = c["ff"]
            if typ not in funcs:
                nm, f = liberty.parse_function(ff["next_state"])
                funcs[typ] = (nm, f)
            nm, f = funcs[typ]
            q = [p for p in outs if (c["pins"][p]["function"] or "").strip() == ff["iq"]]
            qn = [p for p in outs if (c["pins"][p]["function"] or "").strip() in ("!" + ff["iq"], ff["iq"] + "'")]
            ffs.append((inst, [norm(conns[x]) for x in nm], f, nm,
                        norm(conns[q[0]]) if q and q[0] in conns else None,
                        norm(conns[qn[0]]) if qn and qn[0] in conns else None))
            continue
        for o in outs:
            if o not in conns:
                continue
            key = (typ, o)
            if key not in funcs:
                funcs[key] = liberty.parse_function(c["pins"][o]["function"])
            nm, f = funcs[key]
            comb.append((inst, o, [norm(conns[x]) for x in nm], nm, f, norm(conns[o])))
    # levelize: a net's value is known once its driver's inputs are
    driver = {c[5]: k for k, c in enumerate(comb)}
    alias = {norm(l): norm(r) for l, r in assigns}
    # every net a cell reads has a driver (a cell, an input, a constant): a netlist read in full
    known = set(driver) | {f[4] for f in ffs if f[4]} | {f[5] for f in ffs if f[5]} | \
        {b for p, (dr, bs) in ports.items() if dr == "input" for b in bs}
    for inst, _, ins, _, _, _ in comb:
        for x in ins:
            x = alias.get(x, x)
            if x not in known and not x.startswith("1'"):
                raise PowerError("net %s (read by %s) has no driver in the netlist as read" % (x, inst))
    order, state = [], {}

    def visit(k):
        st = state.get(k)
        if st == 2:
            return
        if st == 1:
            raise PowerError("combinational loop at %s" % comb[k][0])
        state[k] = 1
        for n in comb[k][2]:
            n = alias.get(n, n)
            if n in driver:
                visit(driver[n])
        state[k] = 2
        order.append(k)
    sys.setrecursionlimit(max(10000, 4 * len(comb)))
    for k in range(len(comb)):
        visit(k)
    val = {}
    for _, _, _, _, q, qn in ffs:
        if q:
            val[q] = 0
        if qn:
            val[qn] = 1
    trans, high, prev = {}, {}, {}

    def get(n):
        if n in ("1'b0", "1'h0"):
            return 0
        if n in ("1'b1", "1'h1"):
            return 1
        n = alias.get(n, n)
        if n in ("1'b0", "1'h0"):
            return 0
        if n in ("1'b1", "1'h1"):
            return 1
        return val.get(n, 0)
    for cyc, inp in enumerate(stim):
        val.update(inp)
        for k in order:
            _, _, ins, nm, f, out = comb[k]
            val[out] = 1 if f({p: bool(get(n)) for p, n in zip(nm, ins)}) else 0
        for n, v in val.items():
            if n in prev and prev[n] != v:
                trans[n] = trans.get(n, 0) + 1
            if v:
                high[n] = high.get(n, 0) + 1
            prev[n] = v
        nxt = []
        for _, ins, f, nm, q, qn in ffs:
            nxt.append((q, qn, 1 if f({p: bool(get(n)) for p, n in zip(nm, ins)}) else 0))
        for q, qn, v in nxt:
            if q:
                val[q] = v
            if qn:
                val[qn] = 1 - v
    n = len(stim)
    for l, r in assigns:   # port bits that copy another net
        if norm(l) not in prev:
            r = norm(r)
            trans[norm(l)], high[norm(l)] = trans.get(r, 0), high.get(r, 0) if r not in ("1'b1",) else n
            prev[norm(l)] = 0
    return {k: (trans.get(k, 0), high.get(k, 0)) for k in prev}, n, [(c[0], c[1], c[5]) for c in comb] + \
        [(f[0], None, f[4]) for f in ffs]


# ---------------------------------------------------------------------------------------------
# the stimulus

def stimulus(m, trace, ports):
    """Per cycle {input port bit: value} from simtcheck's recorded trace (equiv's field map)."""
    import equiv  # formal/equiv/equiv.py: Fields (the trace's fields), port_of
    mm = equiv.Model()
    mm.unit, mm.params = m["unit"], {k: v for k, v in m["params"].items()}
    flds = equiv.Fields(mm)
    pw = {n: len(b) for n, (d, b) in ports.items() if d == "input"}
    head, _, body = open(trace).read().partition("begin\n")
    lines = body.splitlines()
    # 'dontcare 1': every field on every line (driven even where its condition does not hold)
    every = re.search(r"^dontcare\s+1\s*$", head, re.M) is not None
    out = []
    for ln in lines:
        words = ln.split()
        if not words or ln.startswith("#"):
            continue
        vals, k, bits = {}, 0, {}
        for f, cnt, cond in flds.fields:
            if not every and any(vals.get(cf) != cv for cf, cv in cond):
                continue
            ws = [int(x, 16) for x in words[k:k + cnt]]
            if len(ws) != cnt:
                raise PowerError("%s: a cycle line has %d fields, fewer than the unit's fields need" % (trace, len(words)))
            k += cnt
            vals[f] = ws[0] if cnt == 1 else None
            p = equiv.port_of(f, pw)
            if p is None:
                continue
            if p == "rst_ni":
                bits["rst_ni"] = 0 if ws[0] else 1
                continue
            ew = pw[p] // cnt
            v = 0
            for j, e in enumerate(ws):
                v |= (e & ((1 << ew) - 1)) << (j * ew)
            vals[f] = v if cnt == 1 else vals[f]
            for j, b in enumerate(reversed(ports[p][1])):   # ports[p][1]: most significant first
                bits[b] = (v >> j) & 1
        out.append(bits)
    # the reset cycle simtcheck's models start with (make equiv's sequential miter too): rst_ni low,
    # every other input 0, so the flip-flops hold their reset values from the first cycle on
    if "rst_ni" in ports:
        out.insert(0, dict({b: 0 for p, (dr, bs) in ports.items() if dr == "input" for b in bs}, rst_ni=0))
    return out


def table(out):
    """build/synth/power/summary.md: every result.json under build/synth/power/, one row each
    (make synth-power-all; tools/docs/check.py refresh copies it to docs/data/lib-power.md)."""
    rows = []
    for dn in sorted(os.listdir(OUT)) if os.path.isdir(OUT) else []:
        p = os.path.join(OUT, dn, "result.json")
        if os.path.exists(p):
            rows.append(json.load(open(p)))
    if not rows:
        raise PowerError("no result.json under %s: run make synth-power first" % OUT)
    def eng(w):
        return "%.3g W" % w if abs(w) >= 1 else liberty.eng(w)
    lines = ["Power of each model's library-mapped netlist (make synth-one LIBERTY=) at OpenSTA's default activity "
             "(each input 0.1 transitions per cycle, propagated) and at the activity of the unit's own random "
             "stimulus (simtcheck --record, the netlist simulated; synth/README.md, \"Power from real activity\"); "
             "dynamic power at the clock period given.", "",
             "| model | library | clock | cycles | inputs' activity | nets' activity | outputs' activity | "
             "dynamic, default | dynamic, real | of which switching, real | leakage |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append("| %s | %s | %g ns | %d | %.3f | %.3f | %.3f | %s | %s | %s | %s |" % (
            r["model"], r["lib"], r["clock_ns"], r["cycles"], r["mean_input_activity"], r["mean_net_activity"],
            r.get("mean_output_activity", 0.0), eng(r["default"]["dynamic_w"]), eng(r["real"]["dynamic_w"]),
            eng(r["real"]["switching_w"]), eng(r["real"]["leakage_w"])))
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("synth-power: %s (%d models)" % (out, len(rows)))
    return 0


def main():
    if sys.argv[1:2] == ["table"]:
        try:
            return table(sys.argv[2] if len(sys.argv) > 2 else os.path.join(OUT, "summary.md"))
        except PowerError as e:
            print("synth-power: error: %s" % e, file=sys.stderr)
            return 2
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("unit")
    ap.add_argument("--config", default="")
    ap.add_argument("--w", default="4")
    ap.add_argument("--liberty", default="osu018")
    ap.add_argument("--cycles", default="2000")
    ap.add_argument("--clock-ns", default="")
    a = ap.parse_args()
    try:
        return power(a)
    except (PowerError, liberty.LibError, registry.RegistryError) as e:
        print("synth-power: error: %s" % e, file=sys.stderr)
        return 2


def power(a):
    try:
        cycles = int(a.cycles)
        if cycles < 10:
            raise ValueError
    except ValueError:
        raise PowerError("POWER_CYCLES=%s: give a whole number of cycles, at least 10" % a.cycles)
    try:
        w = int(a.w)
    except ValueError:
        raise PowerError("W=%s: give a whole number" % a.w)
    period = liberty.clock_ns(a.clock_ns)
    u, c, m = model(a.unit, a.config, w)
    top = m["top"]
    t0 = time.time()
    d = os.path.join(OUT, "%s-%s" % (m["name"], re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.basename(a.liberty))))
    os.makedirs(d, exist_ok=True)
    params = " ".join("%s=%s" % (k, v) for k, v in m["params"].items() if k not in ("W", "IMPL"))
    cmd = ["make", "-s", "--no-print-directory", "synth-one", "UNIT=" + u["name"], "TOP=" + top, "W=%d" % w,
           "P=" + params, "LIBERTY=" + a.liberty, "CLOCK_NS=%g" % period] + \
        (["IMPL=%s" % m["params"]["IMPL"]] if "IMPL" in m["params"] else [])
    rc, out = run(cmd, os.path.join(d, "synth-one.log"))
    f = re.search(r"^\s*files\s+(\S+?)/ \(", out, re.M)
    if rc != 0 or not f:
        err = [ln for ln in out.splitlines() if "error" in ln.lower()]
        raise PowerError("make synth-one failed: %s (%s/synth-one.log)" % (err[0] if err else "exit %d" % rc, d))
    nd = f.group(1)
    res = json.load(open(os.path.join(nd, "result.json")))
    lib_dir = os.path.join("build", "synth", "lib", res["lib"])
    cells = liberty.load_cells(lib_dir)
    lib = os.path.join(lib_dir, res["lib"] + ".lib")
    with open(lib, encoding="utf-8", errors="replace") as fi:
        allc = liberty.describe(liberty.parse_liberty(fi.read(), lib), lib)["cells"]
    simtcheck = os.environ.get("EQ_SIMTCHECK", os.path.join("build", "bin", "simtcheck"))
    if not os.path.exists(simtcheck):
        raise PowerError("%s not found: make build/bin/simtcheck first" % simtcheck)
    os.environ["EQ_SIMTCHECK"] = simtcheck
    trace = os.path.join(d, "stim.trace")
    rc, out = run([simtcheck, u["name"], "--config", c["name"], "--lanes", str(w), "--cycles", str(cycles),
                   "--seed", "1", "--record", trace], os.path.join(d, "simtcheck.log"))
    if rc != 0 or not os.path.exists(trace):
        raise PowerError("simtcheck failed (%s/simtcheck.log)" % d)
    ports, insts, assigns = read_netlist(os.path.join(nd, "netlist.v"), allc)
    stim = stimulus(m, trace, ports)
    clk = "clk_i" in ports
    act, n, _ = simulate(ports, insts, assigns, allc, stim, cycles)
    lines, used = [], 0
    ins = {b for p, (dr, bs) in ports.items() if dr == "input" for b in bs}
    for bit in sorted(ins):
        if bit == "clk_i" or bit not in act:
            continue
        tr, hi = act[bit]
        lines.append("set_power_activity -input_ports [get_ports {%s}] -activity %.6g -duty %.6g" % (
            bit.strip(), tr / float(n), hi / float(n)))
        used += 1
    # OpenSTA 2.0.17 takes a user activity on input pins only (its set_power_activity -pins is
    # broken and keeps input pins; an output pin's activity is always propagated): each net's
    # measured activity goes on every cell input pin it drives, through the command that option
    # calls (sta::set_power_pin_activity); the clock keeps its own.
    for inst, typ, conns in insts:
        for pin, net in sorted(conns.items()):
            net = norm(net)
            if allc[typ]["pins"].get(pin, {}).get("direction") != "input" or net == "clk_i":
                continue
            a_ = act.get(net)
            if a_ is None and net in ("1'b0", "1'b1", "1'h0", "1'h1"):
                a_ = (0, n if net.endswith("1") else 0)
            if a_ is None:
                continue
            lines.append("sta::set_power_pin_activity [get_pins {%s/%s}] %.6g %.6g" % (
                inst, pin, a_[0] / float(n), a_[1] / float(n)))
            used += 1
    with open("synth/sta/timing.tcl.in") as fi:
        tcl = fi.read()
    inv = cells["inv"]
    for k, v in {"@LIB@": lib, "@NETLIST@": os.path.join(nd, "netlist.v"), "@TOP@": top, "@PERIOD@": "%g" % period,
                 "@CLKPORT@": "clk_i" if clk else "", "@INV@": inv["cell"],
                 "@LOAD_PF@": "%.6f" % (liberty.FO4_FANOUT * inv["in_cap_pf"])}.items():
        tcl = tcl.replace(k, v)
    # OpenSTA 2.0.17's set_power_activity -pins is broken (its Tcl reads an unset variable and
    # takes input pins only): a cell output pin's activity is set by the command it would call
    tcl = tcl.replace('puts "@@section power"', "\n".join(lines) + '\nputs "@@section power"')
    tf = os.path.join(d, "power.tcl")
    with open(tf, "w") as fo:
        fo.write(tcl)
    text = liberty.run_sta(os.environ.get("STA", "sta"), tf, os.path.join(d, "sta.log"))
    mm = re.search(r"^Total\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)",
                   liberty.sections(text).get("power", ""), re.M)
    if not mm:
        raise PowerError("no power report in %s/sta.log" % d)
    internal, switching, leakage, total = (float(x) for x in mm.groups())
    nets = [v for k, v in act.items() if k not in ins]
    obits = [b for p, (dr, bs) in ports.items() if dr == "output" for b in bs]
    mean_out = sum(act.get(b, (0, 0))[0] for b in obits) / float(max(1, len(obits)) * n)
    mean = sum(t for t, _ in nets) / float(len(nets) * n) if nets else 0.0
    mean_in = sum(act[b][0] for b in ins if b in act and b != "clk_i") / float(max(1, len(ins - {"clk_i"})) * n)
    r = {"model": m["name"], "unit": u["name"], "config": c["name"], "w": w, "top": top, "lib": res["lib"],
         "netlist": nd, "cycles": n, "clock_ns": period, "default": res["power"],
         "real": {"internal_w": internal, "switching_w": switching, "dynamic_w": internal + switching,
                  "leakage_w": leakage, "total_w": total,
                  "stimulus": "simtcheck %s --config %s --lanes %d --cycles %d --seed 1 --record" % (
                      u["name"], c["name"], w, cycles)},
         "pins_with_activity": used, "mean_output_activity": round(mean_out, 5), "mean_net_activity": round(mean, 5), "mean_input_activity": round(mean_in, 5),
         "seconds": round(time.time() - t0, 1)}
    with open(os.path.join(d, "result.json"), "w") as fo:
        json.dump(r, fo, indent=1, sort_keys=True)
    def eng(x):
        return "%.3g W" % x if abs(x) >= 1 else liberty.eng(x)
    dp = res["power"]
    print("synth-power: %s on %s at %g ns (%s), %d cycles of simtcheck's random stimulus" % (
        m["name"], res["lib"], period, "clk_i" if clk else "virtual clock", n))
    print("  default activity  dynamic %s (internal %s, switching %s), leakage %s; inputs 0.1 transitions per cycle"
          % (eng(dp["dynamic_w"]), eng(dp["internal_w"]), eng(dp["switching_w"]), eng(dp["leakage_w"])))
    print("  real activity     dynamic %s (internal %s, switching %s), leakage %s; inputs %.3f, nets %.3f "
          "transitions per cycle (mean)" % (eng(internal + switching), eng(internal), eng(switching), eng(leakage),
                                            mean_in, mean))
    print("  files             %s/ (result.json, stim.trace, power.tcl, sta.log)" % d)
    return 0


if __name__ == "__main__":
    sys.exit(main())
