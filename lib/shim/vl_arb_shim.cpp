// SPDX-License-Identifier: Apache-2.0
// vl_arb_shim.cpp: thin extern "C" shim around one Verilated simt_arb_top configuration.
// Compiled once per configuration with VL_MODEL (the --prefix), VL_W, VL_PC_W, VL_SP_W,
// VL_OFF_W and VL_NETLIST defined by the Makefile.
#include "vl_arb.h"
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)
#include "ports.h"     // the model's port widths (tools/vl_port_widths.py)

namespace {
using Model = VlHarness<VL_MODEL>;
constexpr unsigned KEY_W = VL_SP_W + VL_PC_W;

// Every port of the model with the width this shim assumes, checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(mode_i, 1);
VL_PORT_WIDTH(valid_i, VL_W);
VL_PORT_WIDTH(key_i, VL_W * KEY_W);
VL_PORT_WIDTH(valid_o, SIMT_ARB_NOPS);
VL_PORT_WIDTH(key_o, SIMT_ARB_NOPS * KEY_W);
VL_PORT_WIDTH(match_o, SIMT_ARB_NOPS * VL_W);
VL_PORTS_END;

void eval(void *mp, int mode, uint64_t valid, const uint64_t *key, simt_arb_out *out)
{
    Model &m = *static_cast<Model *>(mp);
    m.top->mode_i = mode & 1;
    vl_set(m.top->valid_i, 0, VL_W, valid);
    for (unsigned i = 0; i < VL_W; i++)
        vl_set(m.top->key_i, i * KEY_W, KEY_W, key[i]);
    m.top->eval();
    for (unsigned n = 0; n < SIMT_ARB_NOPS; n++) {
        out[n].valid = static_cast<int>(vl_get(m.top->valid_o, n, 1));
        out[n].key = vl_get(m.top->key_o, n * KEY_W, KEY_W);
        out[n].match = vl_get(m.top->match_o, n * VL_W, VL_W);
    }
}
} // namespace

extern "C" const vl_arb_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_SP_W, VL_OFF_W, VL_NETLIST,
    VL_COMB_OPS(Model), eval,
};
