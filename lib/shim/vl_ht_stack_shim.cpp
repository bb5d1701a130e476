// SPDX-License-Identifier: Apache-2.0
// vl_ht_stack_shim.cpp: thin extern "C" shim around one Verilated simt_ht_stack configuration.
// Compiled once per configuration with VL_MODEL, VL_W, VL_PC_W, VL_K, VL_D, VL_POLICY, VL_MERGE,
// VL_PRIO_W, and VL_STEP_CLKS where the configuration sets STEP_CLKS (else 1).
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)
#ifndef VL_STEP_CLKS
#define VL_STEP_CLKS 1
#endif
#include "ports.h"     // the model's port widths (tools/vl_port_widths.py)
#include "vl_ht_stack.h"

namespace {
using Model = VlHarness<VL_MODEL>;
constexpr unsigned clog2(unsigned v) { return v <= 1 ? 0 : 1 + clog2((v + 1) / 2); }
constexpr unsigned W = VL_W, PC_W = VL_PC_W, K = VL_K, D = VL_D, PRIO_W = VL_PRIO_W;
#define SHIM_WIDTH(name, value) constexpr unsigned name = value;
SIMT_HT_STACK_WIDTHS(SHIM_WIDTH, clog2)
#undef SHIM_WIDTH

// Every port of the model with the width of the port table (simt_ht_stack.h), checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
SIMT_HT_STACK_PORTS(VL_PORT_DECL, VL_PORT_DECL)
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_ht_stack_in *in)
{
    SIMT_HT_STACK_PORTS(VL_PORT_DRIVE, VL_PORT_NONE)
}

void eval(void *mp, const simt_ht_stack_in *in, simt_ht_stack_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    SIMT_HT_STACK_PORTS(VL_PORT_NONE, VL_PORT_READ)
    o->launched = o->accepted = 0;
    o->sched_n = 0;
    for (unsigned e = 0; e < SIMT_HT_STACK_MAX_D; e++)
        o->sched_ent[e] = -1;
}
} // namespace

extern "C" const vl_ht_stack_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_K, VL_D, VL_POLICY, VL_MERGE, VL_PRIO_W, VL_STEP_CLKS,
    VL_CLOCKED_OPS(Model, simt_ht_stack_in, drive), eval,
};
