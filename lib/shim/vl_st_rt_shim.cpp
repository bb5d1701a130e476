// SPDX-License-Identifier: Apache-2.0
// vl_st_rt_shim.cpp: thin extern "C" shim around one Verilated simt_st_rt configuration.
// Compiled once per configuration with VL_MODEL, VL_W, VL_PC_W, VL_NST, VL_NRT, VL_OREC, and
// VL_STEP_CLKS where the configuration sets STEP_CLKS (else 1).
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)
#ifndef VL_STEP_CLKS
#define VL_STEP_CLKS 1
#endif
#include "ports.h"     // the model's port widths (tools/vl_port_widths.py)
#include "vl_st_rt.h"

namespace {
using Model = VlHarness<VL_MODEL>;
constexpr unsigned clog2(unsigned v) { return v <= 1 ? 0 : 1 + clog2((v + 1) / 2); }
constexpr unsigned W = VL_W, PC_W = VL_PC_W, NST = VL_NST, NRT = VL_NRT;
#define SHIM_WIDTH(name, value) constexpr unsigned name = value;
SIMT_ST_RT_WIDTHS(SHIM_WIDTH, clog2)
#undef SHIM_WIDTH

// Every port of the model with the width of the port table (simt_st_rt.h), checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
SIMT_ST_RT_PORTS(VL_PORT_DECL, VL_PORT_DECL)
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_st_rt_in *in)
{
    SIMT_ST_RT_PORTS(VL_PORT_DRIVE, VL_PORT_NONE)
}

void eval(void *mp, const simt_st_rt_in *in, simt_st_rt_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    SIMT_ST_RT_PORTS(VL_PORT_NONE, VL_PORT_READ)
}
} // namespace

extern "C" const vl_st_rt_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_NST, VL_NRT, VL_OREC, VL_STEP_CLKS,
    VL_CLOCKED_OPS(Model, simt_st_rt_in, drive), eval,
};
