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
constexpr unsigned SI_W = VL_NST > 1 ? 32 - __builtin_clz(VL_NST - 1) : 1;
constexpr unsigned RI_W = VL_NRT > 1 ? 32 - __builtin_clz(VL_NRT - 1) : 1;

// Every port of the model with the width this shim assumes, checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
VL_PORT_WIDTH(op_i, 3);
VL_PORT_WIDTH(sel_i, SI_W);
VL_PORT_WIDTH(npc_i, VL_PC_W);
VL_PORT_WIDTH(blk_i, 1);
VL_PORT_WIDTH(tgt_i, VL_PC_W);
VL_PORT_WIDTH(tmask_i, VL_W);
VL_PORT_WIDTH(rpc_i, VL_PC_W);
VL_PORT_WIDTH(ok_o, 1);
VL_PORT_WIDTH(stall_o, 1);
VL_PORT_WIDTH(bad_o, 1);
VL_PORT_WIDTH(ev_o, 8);
VL_PORT_WIDTH(st_valid_o, VL_NST);
VL_PORT_WIDTH(st_pc_o, VL_NST * VL_PC_W);
VL_PORT_WIDTH(st_bpc_o, VL_NST * VL_PC_W);
VL_PORT_WIDTH(st_mask_o, VL_NST * VL_W);
VL_PORT_WIDTH(st_rpc_o, VL_NST * VL_PC_W);
VL_PORT_WIDTH(st_hasr_o, VL_NST);
VL_PORT_WIDTH(st_ridx_o, VL_NST * RI_W);
VL_PORT_WIDTH(rt_valid_o, VL_NRT);
VL_PORT_WIDTH(rt_pc_o, VL_NRT * VL_PC_W);
VL_PORT_WIDTH(rt_rpc_o, VL_NRT * VL_PC_W);
VL_PORT_WIDTH(rt_hasr_o, VL_NRT);
VL_PORT_WIDTH(rt_ridx_o, VL_NRT * RI_W);
VL_PORT_WIDTH(rt_rmask_o, VL_NRT * VL_W);
VL_PORT_WIDTH(rt_pend_o, VL_NRT * VL_W);
VL_PORT_WIDTH(pick_valid_o, 1);
VL_PORT_WIDTH(pick_o, SI_W);
VL_PORT_WIDTH(done_o, 1);
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_st_rt_in *in)
{
    vl_set(t.op_i, 0, 3, in->op);
    vl_set(t.sel_i, 0, SI_W, in->sel);
    vl_set(t.npc_i, 0, VL_PC_W, in->npc);
    t.blk_i = in->blk & 1;
    vl_set(t.tgt_i, 0, VL_PC_W, in->tgt);
    vl_set(t.tmask_i, 0, VL_W, in->tmask);
    vl_set(t.rpc_i, 0, VL_PC_W, in->rpc);
}

void eval(void *mp, const simt_st_rt_in *in, simt_st_rt_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    o->ok = t.ok_o;
    o->stall = t.stall_o;
    o->bad = t.bad_o;
    o->ev = t.ev_o;
    o->st_valid = vl_get(t.st_valid_o, 0, VL_NST);
    o->rt_valid = vl_get(t.rt_valid_o, 0, VL_NRT);
    o->pick_valid = t.pick_valid_o;
    o->pick = (unsigned)vl_get(t.pick_o, 0, SI_W);
    o->done = t.done_o;
    for (unsigned s = 0; s < VL_NST; s++) {
        simt_st_ent &e = o->st[s];
        e.pc = vl_get(t.st_pc_o, s * VL_PC_W, VL_PC_W);
        e.bpc = vl_get(t.st_bpc_o, s * VL_PC_W, VL_PC_W);
        e.mask = vl_get(t.st_mask_o, s * VL_W, VL_W);
        e.rpc = vl_get(t.st_rpc_o, s * VL_PC_W, VL_PC_W);
        e.hasr = (unsigned)vl_get(t.st_hasr_o, s, 1);
        e.ridx = (unsigned)vl_get(t.st_ridx_o, s * RI_W, RI_W);
    }
    for (unsigned r = 0; r < VL_NRT; r++) {
        simt_rt_ent &e = o->rt[r];
        e.pc = vl_get(t.rt_pc_o, r * VL_PC_W, VL_PC_W);
        e.rpc = vl_get(t.rt_rpc_o, r * VL_PC_W, VL_PC_W);
        e.hasr = (unsigned)vl_get(t.rt_hasr_o, r, 1);
        e.ridx = (unsigned)vl_get(t.rt_ridx_o, r * RI_W, RI_W);
        e.rmask = vl_get(t.rt_rmask_o, r * VL_W, VL_W);
        e.pend = vl_get(t.rt_pend_o, r * VL_W, VL_W);
    }
}
} // namespace

extern "C" const vl_st_rt_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_NST, VL_NRT, VL_OREC, VL_STEP_CLKS,
    VL_CLOCKED_OPS(Model, simt_st_rt_in, drive), eval,
};
