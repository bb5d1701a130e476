// SPDX-License-Identifier: Apache-2.0
// vl_rmask_sb_shim.cpp: thin extern "C" shim around one Verilated scoreboard configuration
// (simt_rmask_sb or simt_sb_base: same ports). Compiled once per configuration with
// VL_MODEL, VL_W, VL_NW, VL_NE, VL_REG_W, VL_NIB, VL_NSRC, VL_BASE, and VL_STEP_CLKS where the
// configuration sets STEP_CLKS (else 1).
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)
#include "ports.h"     // the model's port widths (tools/vl_port_widths.py)
#include "vl_rmask_sb.h"

#ifndef VL_STEP_CLKS
#define VL_STEP_CLKS 1
#endif

namespace {
using Model = VlHarness<VL_MODEL>;
constexpr unsigned clog2(unsigned v) { return v <= 1 ? 0 : 1 + clog2((v + 1) / 2); }
constexpr unsigned W = VL_W, NW = VL_NW, NE = VL_NE, REG_W = VL_REG_W, NIB = VL_NIB, NSRC = VL_NSRC;
#define SHIM_WIDTH(name, value) constexpr unsigned name = value;
SIMT_RMASK_SB_WIDTHS(SHIM_WIDTH, clog2)
#undef SHIM_WIDTH

// Every port of the model with the width of the port table (simt_rmask_sb.h), checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
SIMT_RMASK_SB_PORTS(VL_PORT_DECL, VL_PORT_DECL)
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_rmask_sb_in *in)
{
    SIMT_RMASK_SB_PORTS(VL_PORT_DRIVE, VL_PORT_NONE)
}

void eval(void *mp, const simt_rmask_sb_in *in, simt_rmask_sb_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    SIMT_RMASK_SB_PORTS(VL_PORT_NONE, VL_PORT_READ)
}
} // namespace

extern "C" const vl_rmask_sb_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_NW, VL_NE, VL_REG_W, VL_NIB, VL_NSRC, VL_BASE, VL_STEP_CLKS,
    VL_CLOCKED_OPS(Model, simt_rmask_sb_in, drive), eval,
};
