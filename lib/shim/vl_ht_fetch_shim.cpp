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
constexpr unsigned SW = VL_K > 1 ? clog2(VL_K) : 1;

// Every port of the model with the width this shim assumes, checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
VL_PORT_WIDTH(req_valid_i, 1);
VL_PORT_WIDTH(req_ready_o, 1);
VL_PORT_WIDTH(req_bad_o, 1);
VL_PORT_WIDTH(req_tag_i, VL_TAG_W);
VL_PORT_WIDTH(req_slot_v_i, VL_K);
VL_PORT_WIDTH(req_slot_pc_i, VL_K * VL_PC_W);
VL_PORT_WIDTH(req_lane_act_i, VL_W);
VL_PORT_WIDTH(req_lane_sel_i, VL_W * SW);
VL_PORT_WIDTH(ic_req_o, VL_P);
VL_PORT_WIDTH(ic_pc_o, VL_P * VL_PC_W);
VL_PORT_WIDTH(ic_hit_i, VL_P);
VL_PORT_WIDTH(ic_data_i, VL_P * VL_IW);
VL_PORT_WIDTH(bun_valid_o, 1);
VL_PORT_WIDTH(bun_ready_i, 1);
VL_PORT_WIDTH(bun_tag_o, VL_TAG_W);
VL_PORT_WIDTH(bun_slot_v_o, VL_K);
VL_PORT_WIDTH(bun_slot_pc_o, VL_K * VL_PC_W);
VL_PORT_WIDTH(bun_slot_instr_o, VL_K * VL_IW);
VL_PORT_WIDTH(bun_lane_act_o, VL_W);
VL_PORT_WIDTH(bun_lane_sel_o, VL_W * SW);
VL_PORT_WIDTH(bun_lane_instr_o, VL_W * VL_IW);
VL_PORT_WIDTH(err_o, 1);
VL_PORT_WIDTH(f_full_o, 1);
VL_PORT_WIDTH(f_tag_o, VL_TAG_W);
VL_PORT_WIDTH(f_slot_v_o, VL_K);
VL_PORT_WIDTH(f_slot_pc_o, VL_K * VL_PC_W);
VL_PORT_WIDTH(f_lane_act_o, VL_W);
VL_PORT_WIDTH(f_lane_sel_o, VL_W * SW);
VL_PORT_WIDTH(f_have_o, VL_K);
VL_PORT_WIDTH(f_instr_o, VL_K * VL_IW);
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_ht_fetch_in *in)
{
    t.req_valid_i = in->req_valid & 1;
    vl_set(t.req_tag_i, 0, VL_TAG_W, in->req_tag);
    vl_set(t.req_slot_v_i, 0, VL_K, in->req_slot_v);
    vl_set(t.req_lane_act_i, 0, VL_W, in->req_act);
    for (unsigned k = 0; k < VL_K; k++)
        vl_set(t.req_slot_pc_i, k * VL_PC_W, VL_PC_W, in->req_slot_pc[k]);
    for (unsigned i = 0; i < VL_W; i++)
        vl_set(t.req_lane_sel_i, i * SW, SW, in->req_sel[i]);
    vl_set(t.ic_hit_i, 0, VL_P, in->ic_hit);
    for (unsigned j = 0; j < VL_P; j++)
        vl_set(t.ic_data_i, j * VL_IW, VL_IW, in->ic_data[j]);
    t.bun_ready_i = in->bun_ready & 1;
}

void eval(void *mp, const simt_ht_fetch_in *in, simt_ht_fetch_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    *o = simt_ht_fetch_out{};
    o->req_ready = t.req_ready_o;
    o->req_bad = t.req_bad_o;
    o->ic_req = vl_get(t.ic_req_o, 0, VL_P);
    for (unsigned j = 0; j < VL_P; j++) {
        o->ic_pc[j] = vl_get(t.ic_pc_o, j * VL_PC_W, VL_PC_W);
        o->port_slot[j] = -1;
    }
    o->bun_valid = t.bun_valid_o;
    o->bun_tag = (unsigned)vl_get(t.bun_tag_o, 0, VL_TAG_W);
    o->bun_slot_v = vl_get(t.bun_slot_v_o, 0, VL_K);
    o->bun_act = vl_get(t.bun_lane_act_o, 0, VL_W);
    for (unsigned k = 0; k < VL_K; k++) {
        o->bun_slot_pc[k] = vl_get(t.bun_slot_pc_o, k * VL_PC_W, VL_PC_W);
        o->bun_slot_instr[k] = vl_get(t.bun_slot_instr_o, k * VL_IW, VL_IW);
        o->f_slot_pc[k] = vl_get(t.f_slot_pc_o, k * VL_PC_W, VL_PC_W);
        o->f_instr[k] = vl_get(t.f_instr_o, k * VL_IW, VL_IW);
    }
    for (unsigned i = 0; i < VL_W; i++) {
        o->bun_sel[i] = (unsigned)vl_get(t.bun_lane_sel_o, i * SW, SW);
        o->bun_lane_instr[i] = vl_get(t.bun_lane_instr_o, i * VL_IW, VL_IW);
        o->f_sel[i] = (unsigned)vl_get(t.f_lane_sel_o, i * SW, SW);
    }
    o->err = t.err_o;
    o->f_full = t.f_full_o;
    o->f_tag = (unsigned)vl_get(t.f_tag_o, 0, VL_TAG_W);
    o->f_slot_v = vl_get(t.f_slot_v_o, 0, VL_K);
    o->f_act = vl_get(t.f_lane_act_o, 0, VL_W);
    o->f_have = vl_get(t.f_have_o, 0, VL_K);
}
} // namespace

extern "C" const vl_ht_fetch_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_K, VL_P, VL_PC_W, VL_IW, VL_TAG_W,
    VL_CLOCKED_OPS(Model, simt_ht_fetch_in, drive), eval,
};
