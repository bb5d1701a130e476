// SPDX-License-Identifier: Apache-2.0
// vl_warp_ctrl_shim.cpp: thin extern "C" shim around one Verilated simt_warp_ctrl configuration.
// Compiled once per configuration with VL_MODEL, VL_W, VL_PC_W, VL_SP_W, VL_OFF_W, VL_IMPL and, for
// the pipelined arbiter, VL_ARB_STAGES (a configuration without it has the RTL's default, 0).
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)
#include "ports.h"     // the model's port widths (tools/vl_port_widths.py)
#include "vl_warp_ctrl.h"

#ifndef VL_ARB_STAGES
#define VL_ARB_STAGES 0
#endif

namespace {
using Model = VlHarness<VL_MODEL>;
constexpr unsigned W = VL_W, PC_W = VL_PC_W, SP_W = VL_SP_W;

// Every port of the model with the width of the port table (simt_warp_ctrl.h), checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
SIMT_WARP_CTRL_PORTS(VL_PORT_DECL, VL_PORT_DECL)
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_warp_ctrl_in *in)
{
    SIMT_WARP_CTRL_PORTS(VL_PORT_DRIVE, VL_PORT_NONE)
}

void eval(void *mp, const simt_warp_ctrl_in *in, simt_warp_ctrl_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    SIMT_WARP_CTRL_PORTS(VL_PORT_NONE, VL_PORT_READ)
}
} // namespace

extern "C" const vl_warp_ctrl_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_SP_W, VL_OFF_W, VL_IMPL, VL_ARB_STAGES,
    VL_CLOCKED_OPS(Model, simt_warp_ctrl_in, drive), eval,
};
