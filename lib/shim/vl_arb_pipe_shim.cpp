// SPDX-License-Identifier: Apache-2.0
// vl_arb_pipe_shim.cpp: thin extern "C" shim around one Verilated simt_arb_pipe configuration.
// Compiled once per configuration with VL_MODEL (the --prefix), VL_W, VL_PC_W, VL_SP_W,
// VL_OFF_W and VL_STAGES defined by the Makefile.
#include "vl_arb_pipe.h"
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)
#include "ports.h"     // the model's port widths (tools/vl_port_widths.py)

namespace {
using Model = VlHarness<VL_MODEL>;
constexpr unsigned clog2(unsigned v) { return v <= 1 ? 0 : 1 + clog2((v + 1) / 2); }
constexpr unsigned W = VL_W, PC_W = VL_PC_W, SP_W = VL_SP_W;
#define SHIM_WIDTH(name, value) constexpr unsigned name = value;
SIMT_ARB_PIPE_WIDTHS(SHIM_WIDTH, clog2)
#undef SHIM_WIDTH

// Every port of the model with the width of the port table (simt_arb_pipe.h), checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
SIMT_ARB_PIPE_PORTS(VL_PORT_DECL, VL_PORT_DECL)
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_arb_pipe_in *in)
{
    SIMT_ARB_PIPE_PORTS(VL_PORT_DRIVE, VL_PORT_NONE)
}

void eval(void *mp, const simt_arb_pipe_in *in, simt_arb_pipe_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    SIMT_ARB_PIPE_PORTS(VL_PORT_NONE, VL_PORT_READ)
}
} // namespace

extern "C" const vl_arb_pipe_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_SP_W, VL_OFF_W, VL_STAGES,
    VL_CLOCKED_OPS(Model, simt_arb_pipe_in, drive), eval,
};
