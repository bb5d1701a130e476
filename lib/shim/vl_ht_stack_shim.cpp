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
constexpr unsigned SW = VL_K > 1 ? clog2(VL_K) : 1;
constexpr unsigned DW = clog2(VL_D + 1);

// Every port of the model with the width this shim assumes, checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
VL_PORT_WIDTH(ln_valid_i, 1);
VL_PORT_WIDTH(ln_pc_i, VL_PC_W);
VL_PORT_WIDTH(ln_mask_i, VL_W);
VL_PORT_WIDTH(rp_valid_i, 1);
VL_PORT_WIDTH(rp_kind_i, 3 * VL_K);
VL_PORT_WIDTH(rp_npc_i, VL_K * VL_PC_W);
VL_PORT_WIDTH(rp_tgt_i, VL_K * VL_PC_W);
VL_PORT_WIDTH(rp_tmask_i, VL_K * VL_W);
VL_PORT_WIDTH(rp_rpc_i, VL_K * VL_PC_W);
VL_PORT_WIDTH(rp_nrpc_i, VL_K * VL_PC_W);
VL_PORT_WIDTH(rp_prio_i, VL_K * VL_PRIO_W);
VL_PORT_WIDTH(rp_wav_i, VL_K);
VL_PORT_WIDTH(bad_o, 3);
VL_PORT_WIDTH(full_o, 1);
VL_PORT_WIDTH(wa_split_o, 1);
VL_PORT_WIDTH(busy_o, 1);
VL_PORT_WIDTH(md_valid_o, 1);
VL_PORT_WIDTH(slot_v_o, VL_K);
VL_PORT_WIDTH(slot_pc_o, VL_K * VL_PC_W);
VL_PORT_WIDTH(lane_act_o, VL_W);
VL_PORT_WIDTH(lane_sel_o, VL_W * SW);
VL_PORT_WIDTH(cnt_o, DW);
VL_PORT_WIDTH(st_pc_o, VL_D * VL_PC_W);
VL_PORT_WIDTH(st_mask_o, VL_D * VL_W);
VL_PORT_WIDTH(st_hasr_o, VL_D);
VL_PORT_WIDTH(st_rpc_o, VL_D * VL_PC_W);
VL_PORT_WIDTH(st_nrpc_o, VL_D * VL_PC_W);
VL_PORT_WIDTH(st_prio_o, VL_D * VL_PRIO_W);
VL_PORT_WIDTH(st_wav_o, VL_D);
VL_PORT_WIDTH(pend_o, VL_D);
VL_PORT_WIDTH(eslot_o, VL_D * SW);
VL_PORT_WIDTH(rq_kind_o, 3 * VL_K);
VL_PORT_WIDTH(rq_npc_o, VL_K * VL_PC_W);
VL_PORT_WIDTH(rq_tgt_o, VL_K * VL_PC_W);
VL_PORT_WIDTH(rq_tmask_o, VL_K * VL_W);
VL_PORT_WIDTH(rq_rpc_o, VL_K * VL_PC_W);
VL_PORT_WIDTH(rq_nrpc_o, VL_K * VL_PC_W);
VL_PORT_WIDTH(rq_prio_o, VL_K * VL_PRIO_W);
VL_PORT_WIDTH(rq_wav_o, VL_K);
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_ht_stack_in *in)
{
    t.ln_valid_i = in->ln_valid & 1;
    vl_set(t.ln_pc_i, 0, VL_PC_W, in->ln_pc);
    vl_set(t.ln_mask_i, 0, VL_W, in->ln_mask);
    t.rp_valid_i = in->rp_valid & 1;
    for (unsigned k = 0; k < VL_K; k++) {
        vl_set(t.rp_kind_i, 3 * k, 3, in->rp_kind[k]);
        vl_set(t.rp_npc_i, k * VL_PC_W, VL_PC_W, in->rp_npc[k]);
        vl_set(t.rp_tgt_i, k * VL_PC_W, VL_PC_W, in->rp_tgt[k]);
        vl_set(t.rp_tmask_i, k * VL_W, VL_W, in->rp_tmask[k]);
        vl_set(t.rp_rpc_i, k * VL_PC_W, VL_PC_W, in->rp_rpc[k]);
        vl_set(t.rp_nrpc_i, k * VL_PC_W, VL_PC_W, in->rp_nrpc[k]);
        vl_set(t.rp_prio_i, k * VL_PRIO_W, VL_PRIO_W, in->rp_prio[k]);
        vl_set(t.rp_wav_i, k, 1, in->rp_wav[k]);
    }
}

void eval(void *mp, const simt_ht_stack_in *in, simt_ht_stack_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    o->bad = t.bad_o;
    o->full = t.full_o;
    o->wa_split = t.wa_split_o;
    o->busy = t.busy_o;
    o->md_valid = t.md_valid_o;
    o->slot_v = vl_get(t.slot_v_o, 0, VL_K);
    o->lane_act = vl_get(t.lane_act_o, 0, VL_W);
    for (unsigned k = 0; k < VL_K; k++) {
        o->slot_pc[k] = vl_get(t.slot_pc_o, k * VL_PC_W, VL_PC_W);
        o->rq_kind[k] = (unsigned)vl_get(t.rq_kind_o, 3 * k, 3);
        o->rq_npc[k] = vl_get(t.rq_npc_o, k * VL_PC_W, VL_PC_W);
        o->rq_tgt[k] = vl_get(t.rq_tgt_o, k * VL_PC_W, VL_PC_W);
        o->rq_tmask[k] = vl_get(t.rq_tmask_o, k * VL_W, VL_W);
        o->rq_rpc[k] = vl_get(t.rq_rpc_o, k * VL_PC_W, VL_PC_W);
        o->rq_nrpc[k] = vl_get(t.rq_nrpc_o, k * VL_PC_W, VL_PC_W);
        o->rq_prio[k] = (unsigned)vl_get(t.rq_prio_o, k * VL_PRIO_W, VL_PRIO_W);
        o->rq_wav[k] = (unsigned)vl_get(t.rq_wav_o, k, 1);
    }
    for (unsigned i = 0; i < VL_W; i++)
        o->lane_sel[i] = (unsigned)vl_get(t.lane_sel_o, i * SW, SW);
    o->cnt = (unsigned)vl_get(t.cnt_o, 0, DW);
    for (unsigned w = 0; w < sizeof o->pend / sizeof o->pend[0]; w++)
        o->pend[w] = 0;
    for (unsigned e = 0; e < VL_D; e++) {
        o->st[e].pc = vl_get(t.st_pc_o, e * VL_PC_W, VL_PC_W);
        o->st[e].mask = vl_get(t.st_mask_o, e * VL_W, VL_W);
        o->st[e].hasr = (int)vl_get(t.st_hasr_o, e, 1);
        o->st[e].rpc = vl_get(t.st_rpc_o, e * VL_PC_W, VL_PC_W);
        o->st[e].nrpc = vl_get(t.st_nrpc_o, e * VL_PC_W, VL_PC_W);
        o->st[e].prio = (unsigned)vl_get(t.st_prio_o, e * VL_PRIO_W, VL_PRIO_W);
        o->st[e].wav = (int)vl_get(t.st_wav_o, e, 1);
        o->pend[e / 64] |= vl_get(t.pend_o, e, 1) << (e % 64);
        o->eslot[e] = (unsigned)vl_get(t.eslot_o, e * SW, SW);
    }
    o->launched = o->accepted = 0;
    o->sched_n = 0;
    for (unsigned e = 0; e < SIMT_HT_MAX_D; e++)
        o->sched_ent[e] = -1;
}
} // namespace

extern "C" const vl_ht_stack_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_K, VL_D, VL_POLICY, VL_MERGE, VL_PRIO_W, VL_STEP_CLKS,
    VL_CLOCKED_OPS(Model, simt_ht_stack_in, drive), eval,
};
