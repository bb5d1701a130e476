// SPDX-License-Identifier: Apache-2.0
// vl_spawn_shim.cpp: thin extern "C" shim around one Verilated simt_spawn configuration.
// Compiled once per configuration with VL_MODEL, VL_W, VL_PC_W, VL_NENT, VL_NBLK, VL_FIFO_D,
// VL_AW, VL_SLOT_B, VL_PFX, VL_FULL_POL, and VL_PIPE (a configuration without it has the RTL's
// default, 0: the single-cycle store port).
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)
#include "ports.h"     // the model's port widths (tools/vl_port_widths.py)
#include "vl_spawn.h"

#ifndef VL_PIPE
#define VL_PIPE 0
#endif

namespace {
using Model = VlHarness<VL_MODEL>;
constexpr unsigned clog2(unsigned v) { return v <= 1 ? 0 : 1 + clog2((v + 1) / 2); }
constexpr unsigned W = VL_W, PC_W = VL_PC_W, NENT = VL_NENT, NBLK = VL_NBLK, FIFO_D = VL_FIFO_D, AW = VL_AW;
#define SHIM_WIDTH(name, value) constexpr unsigned name = value;
SIMT_SPAWN_WIDTHS(SHIM_WIDTH, clog2)
#undef SHIM_WIDTH

// Every port of the model with the width of the port table (simt_spawn.h), checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
SIMT_SPAWN_PORTS(VL_PORT_DECL, VL_PORT_DECL)
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_spawn_in *in)
{
    SIMT_SPAWN_PORTS(VL_PORT_DRIVE, VL_PORT_NONE)
}

void eval(void *mp, const simt_spawn_in *in, simt_spawn_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    SIMT_SPAWN_PORTS(VL_PORT_NONE, VL_PORT_READ)
    o->fl_ent = -1;
    o->evict = 0;
    o->alloc_blk = 0;
}
} // namespace

extern "C" const vl_spawn_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_NENT, VL_NBLK, VL_FIFO_D, VL_AW, VL_SLOT_B, VL_PFX, VL_FULL_POL, VL_PIPE,
    VL_CLOCKED_OPS(Model, simt_spawn_in, drive), eval,
};
