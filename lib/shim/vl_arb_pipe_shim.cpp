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
constexpr unsigned KEY_W = VL_SP_W + VL_PC_W;

// Every port of the model with the width this shim assumes, checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
VL_PORT_WIDTH(mode_i, 1);
VL_PORT_WIDTH(valid_i, VL_W);
VL_PORT_WIDTH(key_i, VL_W * KEY_W);
VL_PORT_WIDTH(valid_o, 1);
VL_PORT_WIDTH(key_o, KEY_W);
VL_PORT_WIDTH(match_o, VL_W);
VL_PORT_WIDTH(uniform_o, 1);
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_arb_pipe_in *in)
{
    t.mode_i = in->mode & 1;
    vl_set(t.valid_i, 0, VL_W, in->valid);
    for (unsigned i = 0; i < VL_W; i++)
        vl_set(t.key_i, i * KEY_W, KEY_W, in->key[i]);
}

void eval(void *mp, const simt_arb_pipe_in *in, simt_arb_pipe_out *out)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    out->arb.valid = static_cast<int>(t.valid_o);
    out->arb.key = vl_get(t.key_o, 0, KEY_W);
    out->arb.match = vl_get(t.match_o, 0, VL_W);
    out->uniform = static_cast<int>(t.uniform_o);
}
} // namespace

extern "C" const vl_arb_pipe_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_SP_W, VL_OFF_W, VL_STAGES,
    VL_CLOCKED_OPS(Model, simt_arb_pipe_in, drive), eval,
};
