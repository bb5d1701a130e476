# SPDX-License-Identifier: Apache-2.0
"""fpga/flow_pll.py: the PLL settings of each board for a clock the flow is asked for
(flow.py pll, and every implementation)."""
from flow_common import BOARDS, FlowError


def ice40_pll(fin, fout):
    """SB_PLL40 SIMPLE feedback: PFD = fin/(DIVR+1) in 10..133 MHz, VCO = PFD*(DIVF+1) in
    533..1066 MHz, out = VCO / 2^DIVQ (DIVQ 1..6) in 16..275 MHz."""
    best = None
    for divr in range(16):
        fpfd = fin / (divr + 1)
        if fpfd < 10 or fpfd > 133:
            continue
        for divf in range(128):
            fvco = fpfd * (divf + 1)
            if fvco < 533 or fvco > 1066:
                continue
            for divq in range(1, 7):
                f = fvco / (1 << divq)
                if best is None or abs(f - fout) < best["err"]:
                    best = dict(err=abs(f - fout), DIVR=divr, DIVF=divf, DIVQ=divq, fout=f,
                                fvco=fvco, fpfd=fpfd)
    p = best["fpfd"]
    best["FILTER_RANGE"] = 1 if p < 17 else 2 if p < 26 else 3 if p < 44 else 4 if p < 66 else 5 if p < 101 else 6
    return best


def ecp5_pll(fin, fout):
    """EHXPLLL, feedback from CLKOP: PFD = fin/CLKI_DIV in 3.125..400 MHz, out = PFD*CLKFB_DIV,
    VCO = out*CLKOP_DIV in 400..800 MHz."""
    best = None
    for ci in range(1, 129):
        fpfd = fin / ci
        if fpfd < 3.125 or fpfd > 400:
            continue
        for fb in range(1, 81):
            f = fpfd * fb
            for od in range(1, 129):
                fvco = f * od
                if fvco < 400 or fvco > 800:
                    continue
                err = abs(f - fout)
                if best is None or err < best["err"] or (
                        err == best["err"] and abs(fvco - 600) < abs(best["fvco"] - 600)):
                    best = dict(err=err, CLKI_DIV=ci, CLKFB_DIV=fb, CLKOP_DIV=od, fout=f, fvco=fvco)
    best["CLKOP_CPHASE"] = best["CLKOP_DIV"] // 2   # 180 degrees, as Lattice's tool and ecppll
    return best


def pll_params(board, freq):
    """(top-level parameters, core MHz, description) for a requested core frequency."""
    b = BOARDS[board]
    if abs(freq - b["clk_mhz"]) < 1e-9:
        return {"USE_PLL": 0}, b["clk_mhz"], "none (the %g MHz oscillator)" % b["clk_mhz"]
    if b["arch"] == "ice40":
        if freq < 16 or freq > 275:
            raise FlowError("FREQ=%g MHz: the iCE40 PLL gives 16..275 MHz; FREQ=12 runs the core "
                            "on the oscillator without it" % freq)
        p = ice40_pll(b["clk_mhz"], freq)
        prm = {"USE_PLL": 1, "PLL_DIVR": p["DIVR"], "PLL_DIVF": p["DIVF"], "PLL_DIVQ": p["DIVQ"],
               "PLL_FILTER": p["FILTER_RANGE"]}
        desc = "SB_PLL40_PAD DIVR=%d DIVF=%d DIVQ=%d FILTER_RANGE=%d (VCO %.3f MHz)" % (
            p["DIVR"], p["DIVF"], p["DIVQ"], p["FILTER_RANGE"], p["fvco"])
    else:
        if freq < 3.125 or freq > 400:
            raise FlowError("FREQ=%g MHz: the ECP5 PLL gives 3.125..400 MHz" % freq)
        p = ecp5_pll(b["clk_mhz"], freq)
        prm = {"USE_PLL": 1, "PLL_CLKI": p["CLKI_DIV"], "PLL_CLKFB": p["CLKFB_DIV"],
               "PLL_CLKOP": p["CLKOP_DIV"], "PLL_CPHASE": p["CLKOP_CPHASE"]}
        desc = "EHXPLLL CLKI_DIV=%d CLKFB_DIV=%d CLKOP_DIV=%d CLKOP_CPHASE=%d (VCO %.3f MHz)" % (
            p["CLKI_DIV"], p["CLKFB_DIV"], p["CLKOP_DIV"], p["CLKOP_CPHASE"], p["fvco"])
    return prm, p["fout"], desc
