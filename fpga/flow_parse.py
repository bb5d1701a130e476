# SPDX-License-Identifier: Apache-2.0
"""fpga/flow_parse.py: what the FPGA flow reads back from the tools: utilisation, Fmax and paths
from nextpnr's log and report, cell counts, and the checks of a netlist against the device."""
import json
import os
import re
import subprocess

from flow_common import ROOT, FlowError


UTIL_RE = re.compile(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+(\d+)%")


FMAX_RE = re.compile(r"Max frequency for clock\s+'([^']+)':\s+([\d.]+) MHz \((PASS|FAIL) at ([\d.]+) MHz\)")


XFMAX_RE = re.compile(r"Max frequency for\s+(posedge|negedge) (\S+)\s*->\s*(posedge|negedge) (\S+)\s*:\s*"
                      r"([\d.]+) MHz")


XDOM_RE = re.compile(r"Max delay (posedge|negedge) (\S+)\s*->\s*(posedge|negedge) (\S+)\s*:\s*([\d.]+) ns")


def clk_name(n):
    """Clock net names without the global-buffer decorations nextpnr adds."""
    return n.replace("$glbnet$", "").replace("_$glb_clk", "")


def parse_log_util(text):
    """The last 'Device utilisation' block of a nextpnr log: {bel type: (used, available)}."""
    util = {}
    block = None
    for line in text.splitlines():
        if "Device utilisation" in line:
            block = {}
            util = block
            continue
        if block is not None:
            m = UTIL_RE.match(line)
            if m:
                block[m.group(1)] = (int(m.group(2)), int(m.group(3)))
            elif line.strip() and not line.startswith("Info:"):
                block = None
            elif line.strip() == "Info:":
                continue
    return util


def parse_pnr(log_text, report):
    """Clocks, cross-domain delays, critical paths from the --report JSON (and the log). The log
    holds a timing summary after placement and another after routing: the last one counts."""
    res = {"clocks": [], "cross": [], "paths": []}
    fm = report.get("fmax", {}) if report else {}
    log_fmax = {m.group(1): (float(m.group(2)), m.group(3), float(m.group(4)))
                for m in FMAX_RE.finditer(log_text)}
    names = list(fm) or list(log_fmax)
    for n in names:
        if n in fm:
            ach, con = fm[n].get("achieved"), fm[n].get("constraint")
        else:
            ach, con = log_fmax[n][0], log_fmax[n][2]
        res["clocks"].append({"net": clk_name(n), "fmax_mhz": round(ach, 2), "constraint_mhz": round(con, 2),
                              "pass": ach >= con - 1e-9})
    cross = {}   # (from, to) -> entry; later (post-route) lines replace earlier ones
    for m in XDOM_RE.finditer(log_text):
        cross[(m.group(2), m.group(4))] = {"from": clk_name(m.group(2)), "to": clk_name(m.group(4)),
                                           "delay_ns": float(m.group(5)), "fmax_mhz": None}
    for m in XFMAX_RE.finditer(log_text):
        k = (m.group(2), m.group(4))
        e = cross.get(k, {"from": clk_name(m.group(2)), "to": clk_name(m.group(4)), "delay_ns": None})
        e["fmax_mhz"] = float(m.group(5))
        cross[k] = e
    for cp in (report or {}).get("critical_paths", []):   # the JSON's path delay (post-route)
        f_, t_ = cp.get("from", ""), cp.get("to", "")
        if f_ != t_ and "<async>" not in (f_, t_):
            k = (f_.split()[-1], t_.split()[-1])
            e = cross.setdefault(k, {"from": clk_name(k[0]), "to": clk_name(k[1]), "fmax_mhz": None})
            e["delay_ns"] = round(sum(x.get("delay", 0.0) for x in cp.get("path", [])), 3)
    res["cross"] = list(cross.values())
    for cp in (report or {}).get("critical_paths", []):
        segs = cp.get("path", [])
        if not segs:
            continue
        start, end = segs[0].get("from", {}), segs[-1].get("to", {})
        res["paths"].append({
            "from_clock": clk_name(cp.get("from", "?")), "to_clock": clk_name(cp.get("to", "?")),
            "start": "%s.%s" % (start.get("cell", "?"), start.get("port", "?")),
            "end": "%s.%s" % (end.get("cell", "?"), end.get("port", "?")),
            "delay_ns": round(sum(s.get("delay", 0.0) for s in segs), 3),
            "logic_levels": sum(1 for s in segs if s.get("type") == "logic"),
        })
    if not res["paths"]:
        res["paths"] = parse_log_paths(log_text)
    return res


def parse_log_paths(text):
    """Fallback: 'Critical path report for ...' blocks of the log (first Source, last Sink)."""
    out = []
    blocks = re.split(r"Info: Critical path report for ", text)[1:]
    for b in blocks:
        head = b.splitlines()[0]
        src = re.search(r"Source (\S+)", b)
        sinks = re.findall(r"Sink (\S+)", b)
        tot = re.findall(r"^Info:\s+[\d.]+\s+([\d.]+)\s+", b, re.M)
        out.append({"from_clock": head, "to_clock": head,
                    "start": src.group(1) if src else "?", "end": sinks[-1] if sinks else "?",
                    "delay_ns": float(tot[-1]) if tot else None, "logic_levels": None})
    return out


def cell_counts(json_path, top):
    with open(os.path.join(ROOT, json_path)) as f:
        mods = json.load(f)["modules"]
    counts = {}
    for c in mods[top]["cells"].values():
        counts[c["type"]] = counts.get(c["type"], 0) + 1
    return counts


_YOSYS_HELP = {}


def yosys_has(yosys, cmd, opt):
    """Whether this Yosys's CMD knows the option OPT (from 'yosys -h CMD', once per command)."""
    key = (yosys, cmd)
    if key not in _YOSYS_HELP:
        try:
            out = subprocess.run([yosys, "-h", cmd], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 cwd=ROOT, timeout=300).stdout.decode(errors="replace")
        except (OSError, subprocess.TimeoutExpired):
            out = ""
        _YOSYS_HELP[key] = out
    return re.search(r"(^|\s)%s(\s|$)" % re.escape(opt), _YOSYS_HELP[key], re.M) is not None


def netlist_over(b, luts, carries):
    """(LUTs the synthesized netlist needs at least, why it cannot fit or None). Over the device
    already in the netlist: every LUT4 takes a LUT of the device (a TRELLIS_COMB or an iCE40
    logic cell), an ECP5 carry cell (CCU2C) two; an iCE40 SB_CARRY is not counted (it packs into a
    LUT's logic cell where it can), so the count is a lower bound. nextpnr would only spend its
    time (and, for the largest netlists, YoWASP's 4 GiB) to say so."""
    need = luts + (2 * carries if b["arch"] == "ecp5" else 0)
    if need <= b["lut_avail"]:
        return need, None
    return need, "%s >= %d/%d (>= %.0f%%, the synthesized netlist: %d LUT4%s; nextpnr not run)" % (
        b["lut_key"], need, b["lut_avail"], 100.0 * need / b["lut_avail"], luts,
        (" + 2 x %d CCU2C" % carries) if b["arch"] == "ecp5" and carries else "")


def lut_bound(rep, b, model, ylog, why):
    """When Yosys stops (a time limit, or YoWASP's 4 GiB address space) after ABC's LUT mapping
    (abc -lut: FPGA_SYNTH_ARGS=-noabc9; ABC9, both devices' default, prints no such count), its count of
    LUTs is a lower bound of the device LUTs the design needs (a LUT of up to 7 inputs takes one
    LUT4 or more). Over the device's count, that settles the row: does not fit (exit 2)."""
    path = os.path.join(ROOT, ylog)
    if not os.path.exists(path):
        return
    n = None
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"ABC RESULTS:\s+\$lut cells:\s+(\d+)", line)
            if m:
                n = int(m.group(1))
    if n is None or n <= b["lut_avail"]:
        return
    rep["status"] = "does-not-fit"
    rep["failing"] = ["%s >= %d/%d (>= %.0f%%, ABC's LUT mapping; %s)" % (
        b["lut_key"], n, b["lut_avail"], 100.0 * n / b["lut_avail"], why)]
    rep["resources"] = resources(b, {b["lut_key"]: (n, b["lut_avail"])}, 0, n, 0)
    for k in ("ff", "ram", "io", "pll"):   # not known: Yosys stopped before mapping them
        rep["resources"][k] = {"used": "-", "available": None, "pct": None}
    rep["lut_bound"] = n
    raise FlowError("%s does not fit the %s: %s" % (model, b["device"], rep["failing"][0]), 2)


def resources(b, util, ffs, luts, carries):
    def get(keys):
        a = sum(util.get(k, (0, 0))[0] for k in keys)
        n = sum(util.get(k, (0, 0))[1] for k in keys)
        return {"used": a, "available": n, "pct": round(100.0 * a / n, 1) if n else None}
    r = {"lut": get((b["lut_key"],)), "ram": get(b["ram_keys"]), "io": get(b["io_keys"]),
         "pll": get(b["pll_keys"])}
    if b.get("io_avail"):
        r["io"]["available"] = b["io_avail"]
        r["io"]["pct"] = round(100.0 * r["io"]["used"] / b["io_avail"], 1)
    if b["spram_keys"]:
        r["spram"] = get(b["spram_keys"])
    ffslots = util.get("TRELLIS_FF") if b["arch"] == "ecp5" else util.get(b["lut_key"])
    r["ff"] = {"used": ffs, "available": ffslots[1] if ffslots else None,
               "pct": round(100.0 * ffs / ffslots[1], 1) if ffslots and ffslots[1] else None}
    r["synth_lut4"] = luts
    r["synth_carry"] = carries
    return r
