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

// Every port of the model with the width this shim assumes, checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
VL_PORT_WIDTH(launch_i, 1);
VL_PORT_WIDTH(launch_mask_i, VL_W);
VL_PORT_WIDTH(launch_pc_i, VL_PC_W);
VL_PORT_WIDTH(launch_sp_i, VL_SP_W);
VL_PORT_WIDTH(issue_i, 1);
VL_PORT_WIDTH(op_i, 2);
VL_PORT_WIDTH(npc_i, VL_W * VL_PC_W);
VL_PORT_WIDTH(nsp_i, VL_W * VL_SP_W);
VL_PORT_WIDTH(addr_i, VL_W * VL_PC_W);
VL_PORT_WIDTH(mem_hit_i, 1);
VL_PORT_WIDTH(wake_i, VL_W);
VL_PORT_WIDTH(mpc_valid_o, 1);
VL_PORT_WIDTH(mpc_o, VL_PC_W);
VL_PORT_WIDTH(msp_o, VL_SP_W);
VL_PORT_WIDTH(active_o, VL_W);
VL_PORT_WIDTH(arb_o, 1);
VL_PORT_WIDTH(mem_req_o, 1);
VL_PORT_WIDTH(mem_line_o, VL_PC_W);
VL_PORT_WIDTH(served_o, VL_W);
VL_PORT_WIDTH(live_o, VL_W);
VL_PORT_WIDTH(sleep_o, VL_W);
VL_PORT_WIDTH(pc_o, VL_W * VL_PC_W);
VL_PORT_WIDTH(sp_o, VL_W * VL_SP_W);
VL_PORT_WIDTH(done_o, 1);
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_warp_ctrl_in *in)
{
    t.launch_i = in->launch & 1;
    vl_set(t.launch_mask_i, 0, VL_W, in->launch_mask);
    vl_set(t.launch_pc_i, 0, VL_PC_W, in->launch_pc);
    vl_set(t.launch_sp_i, 0, VL_SP_W, in->launch_sp);
    t.issue_i = in->issue & 1;
    t.op_i = in->op & 3;
    for (unsigned i = 0; i < VL_W; i++) {
        vl_set(t.npc_i, i * VL_PC_W, VL_PC_W, in->npc[i]);
        vl_set(t.nsp_i, i * VL_SP_W, VL_SP_W, in->nsp[i]);
        vl_set(t.addr_i, i * VL_PC_W, VL_PC_W, in->addr[i]);
    }
    t.mem_hit_i = in->mem_hit & 1;
    vl_set(t.wake_i, 0, VL_W, in->wake);
}

void eval(void *mp, const simt_warp_ctrl_in *in, simt_warp_ctrl_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    o->mpc_valid = t.mpc_valid_o;
    o->mpc = vl_get(t.mpc_o, 0, VL_PC_W);
    o->msp = vl_get(t.msp_o, 0, VL_SP_W);
    o->active = vl_get(t.active_o, 0, VL_W);
    o->arb = t.arb_o;
    o->mem_req = t.mem_req_o;
    o->mem_line = vl_get(t.mem_line_o, 0, VL_PC_W);
    o->served = vl_get(t.served_o, 0, VL_W);
    o->live = vl_get(t.live_o, 0, VL_W);
    o->sleep = vl_get(t.sleep_o, 0, VL_W);
    for (unsigned i = 0; i < VL_W; i++) {
        o->pc[i] = vl_get(t.pc_o, i * VL_PC_W, VL_PC_W);
        o->sp[i] = vl_get(t.sp_o, i * VL_SP_W, VL_SP_W);
    }
    o->done = t.done_o;
}
} // namespace

extern "C" const vl_warp_ctrl_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_SP_W, VL_OFF_W, VL_IMPL, VL_ARB_STAGES,
    VL_CLOCKED_OPS(Model, simt_warp_ctrl_in, drive), eval,
};
