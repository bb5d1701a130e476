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
constexpr unsigned CW = clog2(VL_W);
constexpr unsigned BW = VL_NBLK > 1 ? clog2(VL_NBLK) : 1;
constexpr unsigned SXW = BW + CW;
constexpr unsigned EW = VL_NENT > 1 ? clog2(VL_NENT) : 1;
constexpr unsigned NW = clog2(VL_W + 1);
constexpr unsigned FW = VL_FIFO_D > 1 ? clog2(VL_FIFO_D) : 1;
constexpr unsigned FCW = clog2(VL_FIFO_D + 1);

// Every port of the model with the width this shim assumes, checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
VL_PORT_WIDTH(wf_base_i, VL_AW);
VL_PORT_WIDTH(sp_valid_i, 1);
VL_PORT_WIDTH(sp_pc_i, VL_PC_W);
VL_PORT_WIDTH(sp_mask_i, VL_W);
VL_PORT_WIDTH(sp_ok_o, 1);
VL_PORT_WIDTH(sp_stall_o, 1);
VL_PORT_WIDTH(sp_why_o, 3);
VL_PORT_WIDTH(sp_hit_o, 1);
VL_PORT_WIDTH(sp_ent_o, EW);
VL_PORT_WIDTH(sp_push_o, 1);
VL_PORT_WIDTH(st_en_o, VL_W);
VL_PORT_WIDTH(st_addr_o, VL_W * VL_AW);
VL_PORT_WIDTH(fl_req_i, 1);
VL_PORT_WIDTH(fl_ok_o, 1);
VL_PORT_WIDTH(fl_none_o, 1);
VL_PORT_WIDTH(nw_pop_i, 1);
VL_PORT_WIDTH(pop_bad_o, 1);
VL_PORT_WIDTH(nw_valid_o, 1);
VL_PORT_WIDTH(nw_pc_o, VL_PC_W);
VL_PORT_WIDTH(nw_last_o, SXW);
VL_PORT_WIDTH(nw_n_o, NW);
VL_PORT_WIDTH(nw_mask_o, VL_W);
VL_PORT_WIDTH(nw_addr_o, VL_W * VL_AW);
VL_PORT_WIDTH(rel_valid_i, 1);
VL_PORT_WIDTH(rel_blk_i, BW);
VL_PORT_WIDTH(rel_bad_o, 1);
VL_PORT_WIDTH(err_o, 3);
VL_PORT_WIDTH(ent_v_o, VL_NENT);
VL_PORT_WIDTH(ent_tag_o, VL_NENT * VL_PC_W);
VL_PORT_WIDTH(ent_a1_o, VL_NENT * BW);
VL_PORT_WIDTH(ent_a2_o, VL_NENT * BW);
VL_PORT_WIDTH(ent_cnt_o, VL_NENT * CW);
VL_PORT_WIDTH(free_o, VL_NBLK);
VL_PORT_WIDTH(out_o, VL_NBLK);
VL_PORT_WIDTH(fifo_pc_o, VL_FIFO_D * VL_PC_W);
VL_PORT_WIDTH(fifo_last_o, VL_FIFO_D * SXW);
VL_PORT_WIDTH(fifo_rd_o, FW);
VL_PORT_WIDTH(fifo_cnt_o, FCW);
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_spawn_in *in)
{
    vl_set(t.wf_base_i, 0, VL_AW, in->wf_base);
    t.sp_valid_i = in->sp_valid & 1;
    vl_set(t.sp_pc_i, 0, VL_PC_W, in->sp_pc);
    vl_set(t.sp_mask_i, 0, VL_W, in->sp_mask);
    t.fl_req_i = in->fl_req & 1;
    t.nw_pop_i = in->nw_pop & 1;
    t.rel_valid_i = in->rel_valid & 1;
    vl_set(t.rel_blk_i, 0, BW, in->rel_blk);
}

void eval(void *mp, const simt_spawn_in *in, simt_spawn_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    o->sp_ok = t.sp_ok_o;
    o->sp_stall = t.sp_stall_o;
    o->sp_why = t.sp_why_o;
    o->sp_hit = t.sp_hit_o;
    o->sp_ent = (unsigned)vl_get(t.sp_ent_o, 0, EW);
    o->sp_push = t.sp_push_o;
    o->st_en = vl_get(t.st_en_o, 0, VL_W);
    o->fl_ok = t.fl_ok_o;
    o->fl_none = t.fl_none_o;
    o->pop_bad = t.pop_bad_o;
    o->rel_bad = t.rel_bad_o;
    o->nw_valid = t.nw_valid_o;
    o->nw_pc = vl_get(t.nw_pc_o, 0, VL_PC_W);
    o->nw_last = (unsigned)vl_get(t.nw_last_o, 0, SXW);
    o->nw_n = (unsigned)vl_get(t.nw_n_o, 0, NW);
    o->nw_mask = vl_get(t.nw_mask_o, 0, VL_W);
    for (unsigned i = 0; i < VL_W; i++) {
        o->st_addr[i] = vl_get(t.st_addr_o, i * VL_AW, VL_AW);
        o->nw_addr[i] = vl_get(t.nw_addr_o, i * VL_AW, VL_AW);
    }
    o->err = t.err_o;
    for (unsigned e = 0; e < VL_NENT; e++) {
        o->ent_v[e] = (int)vl_get(t.ent_v_o, e, 1);
        o->ent_tag[e] = vl_get(t.ent_tag_o, e * VL_PC_W, VL_PC_W);
        o->ent_a1[e] = (unsigned)vl_get(t.ent_a1_o, e * BW, BW);
        o->ent_a2[e] = (unsigned)vl_get(t.ent_a2_o, e * BW, BW);
        o->ent_cnt[e] = (unsigned)vl_get(t.ent_cnt_o, e * CW, CW);
    }
    for (unsigned w = 0; w < SIMT_SPAWN_BLK_WORDS; w++)
        o->free_map[w] = o->out_map[w] = 0;
    for (unsigned b = 0; b < VL_NBLK; b += 64) {
        unsigned k = VL_NBLK - b < 64 ? VL_NBLK - b : 64;
        o->free_map[b / 64] = vl_get(t.free_o, b, k);
        o->out_map[b / 64] = vl_get(t.out_o, b, k);
    }
    for (unsigned f = 0; f < VL_FIFO_D; f++) {
        o->fifo_pc[f] = vl_get(t.fifo_pc_o, f * VL_PC_W, VL_PC_W);
        o->fifo_last[f] = (unsigned)vl_get(t.fifo_last_o, f * SXW, SXW);
    }
    o->fifo_rd = (unsigned)vl_get(t.fifo_rd_o, 0, FW);
    o->fifo_cnt = (unsigned)vl_get(t.fifo_cnt_o, 0, FCW);
    o->fl_ent = -1;
    o->evict = 0;
    o->alloc_blk = 0;
}
} // namespace

extern "C" const vl_spawn_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_NENT, VL_NBLK, VL_FIFO_D, VL_AW, VL_SLOT_B, VL_PFX, VL_FULL_POL, VL_PIPE,
    VL_CLOCKED_OPS(Model, simt_spawn_in, drive), eval,
};
