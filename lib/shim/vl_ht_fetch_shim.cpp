// SPDX-License-Identifier: Apache-2.0
// vl_ht_fetch_shim.cpp: thin extern "C" shim around one Verilated simt_ht_fetch configuration.
// Compiled once per configuration with VL_MODEL, VL_W, VL_K, VL_P, VL_PC_W, VL_IW, VL_TAG_W.
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)
#include "ports.h"     // the model's port widths (tools/vl_port_widths.py)
#include "vl_ht_fetch.h"

namespace {
using Model = VlHarness<VL_MODEL>;
constexpr unsigned clog2(unsigned v) { return v <= 1 ? 0 : 1 + clog2((v + 1) / 2); }
constexpr unsigned W = VL_W, K = VL_K, P = VL_P, PC_W = VL_PC_W, IW = VL_IW, TAG_W = VL_TAG_W;
#define SHIM_WIDTH(name, value) constexpr unsigned name = value;
SIMT_HT_FETCH_WIDTHS(SHIM_WIDTH, clog2)
#undef SHIM_WIDTH

// Every port of the model with the width of the port table (simt_ht_fetch.h), checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
SIMT_HT_FETCH_PORTS(VL_PORT_DECL, VL_PORT_DECL)
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_ht_fetch_in *in)
{
    SIMT_HT_FETCH_PORTS(VL_PORT_DRIVE, VL_PORT_NONE)
}

void eval(void *mp, const simt_ht_fetch_in *in, simt_ht_fetch_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    *o = simt_ht_fetch_out{};
    SIMT_HT_FETCH_PORTS(VL_PORT_NONE, VL_PORT_READ)
    for (unsigned j = 0; j < P; j++)
        o->port_slot[j] = -1;
}
} // namespace

extern "C" const vl_ht_fetch_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_K, VL_P, VL_PC_W, VL_IW, VL_TAG_W,
    VL_CLOCKED_OPS(Model, simt_ht_fetch_in, drive), eval,
};
