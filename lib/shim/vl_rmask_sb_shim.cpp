// SPDX-License-Identifier: Apache-2.0
// vl_rmask_sb_shim.cpp: thin extern "C" shim around one Verilated scoreboard configuration
// (simt_rmask_sb or simt_sb_base: same ports). Compiled once per configuration with
// VL_MODEL, VL_W, VL_NW, VL_NE, VL_REG_W, VL_NIB, VL_NSRC, VL_BASE, and VL_STEP_CLKS where the
// configuration sets STEP_CLKS (else 1).
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)
#include "ports.h"     // the model's port widths (tools/vl_port_widths.py)
#include "vl_rmask_sb.h"

#ifndef VL_STEP_CLKS
#define VL_STEP_CLKS 1
#endif

namespace {
using Model = VlHarness<VL_MODEL>;
constexpr unsigned NOP = VL_NSRC + 1;
constexpr unsigned WID_W = VL_NW > 1 ? 32 - __builtin_clz(VL_NW - 1) : 1;
constexpr unsigned IBI_W = VL_NIB > 1 ? 32 - __builtin_clz(VL_NIB - 1) : 1;

// Every port of the model with the width this shim assumes, checked against ports.h.
VL_PORTS_BEGIN;
VL_PORT_WIDTH(clk_i, 1);
VL_PORT_WIDTH(rst_ni, 1);
VL_PORT_WIDTH(dec_valid_i, 1);
VL_PORT_WIDTH(dec_slot_i, IBI_W);
VL_PORT_WIDTH(dec_warp_i, WID_W);
VL_PORT_WIDTH(dec_mask_i, VL_W);
VL_PORT_WIDTH(dec_opv_i, NOP);
VL_PORT_WIDTH(dec_reg_i, NOP * VL_REG_W);
VL_PORT_WIDTH(iss_valid_i, 1);
VL_PORT_WIDTH(iss_slot_i, IBI_W);
VL_PORT_WIDTH(wb_valid_i, 1);
VL_PORT_WIDTH(wb_warp_i, WID_W);
VL_PORT_WIDTH(wb_reg_i, VL_REG_W);
VL_PORT_WIDTH(wb_mask_i, VL_W);
VL_PORT_WIDTH(iss_ok_o, 1);
VL_PORT_WIDTH(iss_full_o, 1);
VL_PORT_WIDTH(bad_o, 3);
VL_PORT_WIDTH(ib_valid_o, VL_NIB);
VL_PORT_WIDTH(ib_ready_o, VL_NIB);
VL_PORT_WIDTH(ib_warp_o, VL_NIB * WID_W);
VL_PORT_WIDTH(ib_mask_o, VL_NIB * VL_W);
VL_PORT_WIDTH(ib_dep_o, VL_NIB * NOP);
VL_PORT_WIDTH(sb_valid_o, VL_NW * VL_NE);
VL_PORT_WIDTH(sb_reg_o, VL_NW * VL_NE * VL_REG_W);
VL_PORT_WIDTH(sb_rmask_o, VL_NW * VL_NE * VL_W);
VL_PORTS_END;

void drive(VL_MODEL &t, const simt_rmask_sb_in *in)
{
    t.dec_valid_i = in->dec_valid & 1;
    vl_set(t.dec_slot_i, 0, IBI_W, in->dec_slot);
    vl_set(t.dec_warp_i, 0, WID_W, in->dec_warp);
    vl_set(t.dec_mask_i, 0, VL_W, in->dec_mask);
    vl_set(t.dec_opv_i, 0, NOP, in->dec_opv);
    for (unsigned k = 0; k < NOP; k++)
        vl_set(t.dec_reg_i, k * VL_REG_W, VL_REG_W, in->dec_reg[k]);
    t.iss_valid_i = in->iss_valid & 1;
    vl_set(t.iss_slot_i, 0, IBI_W, in->iss_slot);
    t.wb_valid_i = in->wb_valid & 1;
    vl_set(t.wb_warp_i, 0, WID_W, in->wb_warp);
    vl_set(t.wb_reg_i, 0, VL_REG_W, in->wb_reg);
    vl_set(t.wb_mask_i, 0, VL_W, in->wb_mask);
}

void eval(void *mp, const simt_rmask_sb_in *in, simt_rmask_sb_out *o)
{
    Model &m = *static_cast<Model *>(mp);
    VL_MODEL &t = *m.top;
    drive(t, in);
    t.clk_i = 0;
    t.eval();
    o->iss_ok = t.iss_ok_o;
    o->iss_full = t.iss_full_o;
    o->bad = t.bad_o;
    o->ib_valid = vl_get(t.ib_valid_o, 0, VL_NIB);
    o->ib_ready = vl_get(t.ib_ready_o, 0, VL_NIB);
    for (unsigned i = 0; i < VL_NIB; i++) {
        o->ib_warp[i] = (unsigned)vl_get(t.ib_warp_o, i * WID_W, WID_W);
        o->ib_mask[i] = vl_get(t.ib_mask_o, i * VL_W, VL_W);
        o->ib_dep[i] = (unsigned)vl_get(t.ib_dep_o, i * NOP, NOP);
    }
    for (unsigned e = 0; e < VL_NW * VL_NE; e++) {
        o->sb_valid[e] = (int)vl_get(t.sb_valid_o, e, 1);
        o->sb_reg[e] = (unsigned)vl_get(t.sb_reg_o, e * VL_REG_W, VL_REG_W);
        o->sb_rmask[e] = vl_get(t.sb_rmask_o, e * VL_W, VL_W);
    }
}
} // namespace

extern "C" const vl_rmask_sb_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_NW, VL_NE, VL_REG_W, VL_NIB, VL_NSRC, VL_BASE, VL_STEP_CLKS,
    VL_CLOCKED_OPS(Model, simt_rmask_sb_in, drive), eval,
};
