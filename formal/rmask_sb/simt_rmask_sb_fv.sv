// SPDX-License-Identifier: Apache-2.0
// simt_rmask_sb_fv: formal wrapper for the R-mask scoreboard simt_rmask_sb (BASE = 0) and the
// baseline simt_sb_base (BASE = 1). Contract: docs/units/rmask_sb.md; source: ElTantawy et al.
// 2014 §3.3.2, Fig. 8 and 9.
//
// Inputs: every DUT input is a free input of this wrapper. Reset in the first cycle (it may be
// asserted again later). The environment assumptions are those of the contract's
// "Assumptions on the environment", modelled with ghost state:
//  [split] (splits, in-order decode) a decode the contract accepts has an active mask disjoint from
//     the I-masks of every slot of the same warp that is still buffered after this cycle's
//     issue: the buffered instructions of a warp belong to disjoint splits, one instruction per
//     split, so every earlier instruction of the decoded one's split (any instruction sharing
//     one of its lanes) has issued. (The slot being issued this cycle does not count: it has.)
//  [wb] (writebacks) a writeback carries the warp, destination and active mask of an issued,
//     not yet written-back instruction, exactly once. Ghost: g_pend = per (warp, register), the
//     lanes with an issued, not written-back write; g_grp = per such lane, the lowest lane of
//     the active mask of the instruction that wrote it (instructions pending on the same
//     (warp, register) have disjoint masks, so this names the instruction). A writeback has
//     wb_mask_i = exactly the lanes of one pending instruction of (wb_warp_i, wb_reg_i).
//     EXACT_WB = 0 weakens this to "any non-empty subset of the pending lanes of (warp, reg)"
//     (partial writebacks, e.g. a load returning per cache line): a more general environment,
//     so what is proven with EXACT_WB = 0 holds a fortiori for the contract's.
//  [mask] (BASE = 1 only) a decoded instruction has at least one active lane: the baseline ignores
//     dec_mask_i, but the ghost tracks pending writes per lane.
//  [sps], SPS = 1 (used for the baseline): at most one buffered instruction per warp, the single-path
//     stack the baseline was designed for. With several splits of a warp buffered (SPS = 0) the
//     baseline loses a pending write when two splits write the same register (the first
//     writeback frees the shared entry): (a) and (c) fail (formal/README.md, "Scoreboard proofs").
// Requests that the contract refuses (bad_o) are free: out-of-range slots, empty slots,
// non-eligible issues, decodes into an occupied slot, zero masks (R-mask version).
//
// State visibility: the table (sb_*_o) and the slots' valid bit, warp, I-mask and dependency
// mask (ib_*_o) are ports. The slots' operand-present bits and operand registers are not: the
// wrapper keeps its own copy (g_opv, g_reg, written at every accepted decode, from the decode
// inputs), and the .sby script connects f_ibo/f_ibr to the DUT's ibo_q/ibr_q after flatten
// (Yosys has no hierarchical references) so that a_slot_hid can tie them to the ghost copy.
//
// Properties (labels; "pend(w,r)" = g_pend of (w, r), "slot s" a valid slot of warp w, I-mask m,
// operand k present with register r_k):
//  (a) a_no_early   pend(w, r_k) & m != 0 implies dep bit k set: no dependency is cleared
//                   while a lane of the instruction still has a pending write to the operand
//                   (operand 0 = destination, WAW; 1..NSRC sources, RAW)
//      a_ready_safe ib_ready_o[s] implies no operand k has pend(w, r_k) & m != 0 (the issue's
//                   statement of (a)); a_issue_safe: same for the instruction issued this cycle
//  (b) a_no_false   (BASE = 0) dep bit k set implies pend(w, r_k) & m != 0: a dependency bit is
//                   only ever held by a pending write that shares a lane with the instruction,
//                   never by a disjoint split's write alone. With (a): dep = exactly
//                   opv & (pend & m != 0).
//      a_dep_real   (BASE = 1) dep bit k set implies pend(w, r_k) != 0 (the baseline's false
//                   dependencies are real writes of another split; c_false_dep shows them)
//      a_dep_opv    dep bit k set implies operand k present
//  (c) a_rmask      for every (w, r): OR of the R-masks of the valid entries of warp w for
//                   register r == pend(w, r) (BASE = 1: W copies of pend(w, r) != 0): an R-mask
//                   bit is set exactly for the lanes of issued, not written-back writes
//      a_unique     at most one valid entry per (warp, register): an assertion of the RTL
//                   (simt_sb_table, rtl/common/simt_assert.svh), proven here with the DUT, as
//                   are its a_full_real, a_ok_full and simt_sb_ibuf's a_dep_opv, a_dep_free,
//                   a_mask_nz, a_warp_ok, a_elig (stated on the real slot state, where this wrapper's
//                   a_dep_opv and a_mask_nz are stated on the ghost copy)
//      a_iss_ok, a_iss_full  iss_ok_o / iss_full_o exactly as the contract: eligible issue
//                   refused iff it has a destination with no entry (after the writeback) and
//                   every entry of its warp is in use (after the writeback); otherwise accepted
//      a_full_keep  after iss_full_o: the slot still holds the same instruction (valid, warp,
//                   mask, dep 0, hidden fields via the ghost) and the table is the table after
//                   the writeback alone: the refused issue lost and changed nothing
//      a_wb_ok      a writeback is never refused or flagged (bad_o[1] = 0) under [wb]
//  Slot bookkeeping (strengthening invariants, needed by the induction, also contract checks):
//      a_ib_valid, a_slot_vis (warp, I-mask), a_slot_hid (operand bits and registers), a_ready
//      (ib_ready_o = valid & dep == 0), a_split_disj ([split] kept: valid slots of one warp have
//      disjoint masks), a_mask_nz (valid slots have a non-empty mask); with SPS: a_sps (one
//      valid slot per warp), and for the baseline a_dep_base (dep bit k == opv[k] &
//      pend(w, r_k) != 0) and a_grp_one (the pending lanes of a (warp, register) are those of
//      one instruction)
//  Contract checks (CONTRACT = 1): a_bad (bad_o bits 0 and 2), a_tab_next (every entry's
//  register and R-mask next cycle: writeback clear, then OR into the hit entry or allocation of
//  the lowest free entry of the warp), a_reset.
`default_nettype none
module simt_rmask_sb_fv #(
  parameter int unsigned W        = 4,
  parameter int unsigned NW       = 2,
  parameter int unsigned NE       = 2,
  parameter int unsigned REG_W    = 2,
  parameter int unsigned NIB      = 3,
  parameter int unsigned NSRC     = 1,
  parameter bit          BASE     = 1'b0,   // 1: simt_sb_base (Fig. 8a)
  parameter bit          EXACT_WB = 1'b1,   // 0: writebacks of any subset of the pending lanes
  parameter bit          CONTRACT = 1'b1,   // 0: properties (a)-(c) and the invariants only
  parameter bit          SPS      = 1'b0,   // 1: one buffered instruction per warp ([sps])
  parameter int unsigned LOOKUP_NEXT = 0,   // the table's lookup form (simt_sb_table)
  localparam int unsigned NOP   = NSRC + 1,
  localparam int unsigned WID_W = (NW > 1) ? $clog2(NW) : 1,
  localparam int unsigned IBI_W = (NIB > 1) ? $clog2(NIB) : 1,
  localparam int unsigned NT    = NW * NE,
  localparam int unsigned NREG  = 1 << REG_W,
  localparam int unsigned LW    = (W > 1) ? $clog2(W) : 1
) (
  input wire logic                 clk_i,
  input wire logic                 rst_ni,
  input wire logic                 dec_valid_i,
  input wire logic [IBI_W-1:0]     dec_slot_i,
  input wire logic [WID_W-1:0]     dec_warp_i,
  input wire logic [W-1:0]         dec_mask_i,
  input wire logic [NOP-1:0]       dec_opv_i,
  input wire logic [NOP*REG_W-1:0] dec_reg_i,
  input wire logic                 iss_valid_i,
  input wire logic [IBI_W-1:0]     iss_slot_i,
  input wire logic                 wb_valid_i,
  input wire logic [WID_W-1:0]     wb_warp_i,
  input wire logic [REG_W-1:0]     wb_reg_i,
  input wire logic [W-1:0]         wb_mask_i
);
  logic                 iss_ok_o, iss_full_o;
  logic [2:0]           bad_o;
  logic [NIB-1:0]       ib_valid_o, ib_ready_o;
  logic [NIB*WID_W-1:0] ib_warp_o;
  logic [NIB*W-1:0]     ib_mask_o;
  logic [NIB*NOP-1:0]   ib_dep_o;
  logic [NT-1:0]        sb_valid_o;
  logic [NT*REG_W-1:0]  sb_reg_o;
  logic [NT*W-1:0]      sb_rmask_o;

  // The same instance path in both branches (g_dut.dut), for the probes of the .sby script.
  if (BASE) begin : g_dut
    simt_sb_base #(.W(W), .NW(NW), .NE(NE), .REG_W(REG_W), .NIB(NIB), .NSRC(NSRC),
                   .LOOKUP_NEXT(LOOKUP_NEXT)) dut (
      .clk_i, .rst_ni, .dec_valid_i, .dec_slot_i, .dec_warp_i, .dec_mask_i, .dec_opv_i,
      .dec_reg_i, .iss_valid_i, .iss_slot_i, .wb_valid_i, .wb_warp_i, .wb_reg_i, .wb_mask_i,
      .iss_ok_o, .iss_full_o, .bad_o, .ib_valid_o, .ib_ready_o, .ib_warp_o, .ib_mask_o,
      .ib_dep_o, .sb_valid_o, .sb_reg_o, .sb_rmask_o
    );
  end else begin : g_dut
    simt_rmask_sb #(.W(W), .NW(NW), .NE(NE), .REG_W(REG_W), .NIB(NIB), .NSRC(NSRC),
                    .LOOKUP_NEXT(LOOKUP_NEXT)) dut (
      .clk_i, .rst_ni, .dec_valid_i, .dec_slot_i, .dec_warp_i, .dec_mask_i, .dec_opv_i,
      .dec_reg_i, .iss_valid_i, .iss_slot_i, .wb_valid_i, .wb_warp_i, .wb_reg_i, .wb_mask_i,
      .iss_ok_o, .iss_full_o, .bad_o, .ib_valid_o, .ib_ready_o, .ib_warp_o, .ib_mask_o,
      .ib_dep_o, .sb_valid_o, .sb_reg_o, .sb_rmask_o
    );
  end

  // Probes of the hidden slot fields, driven by the .sby script
  // ('connect -set f_ibo g_dut.dut.u_ibuf.ibo_q' after flatten).
  (* keep *) logic [NIB*NOP-1:0]       f_ibo;
  (* keep *) logic [NIB*NOP*REG_W-1:0] f_ibr;

  // ---- reset in the first cycle -------------------------------------------------------------
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) if (!f_past_valid) assume (!rst_ni);

  // ---- ghost state --------------------------------------------------------------------------
  logic [NIB-1:0]           g_v;      // slot holds an instruction
  logic [NIB*WID_W-1:0]     g_w;      // its warp
  logic [NIB*W-1:0]         g_m;      // its active mask
  logic [NIB*NOP-1:0]       g_opv;    // operand present
  logic [NIB*NOP*REG_W-1:0] g_reg;    // operand registers
  logic [NW*NREG*W-1:0]     g_pend;   // (w, r): lanes with an issued, not written-back write
  logic [NW*NREG*W*LW-1:0]  g_grp;    // (w, r, lane): lowest lane of the writing instruction

  function automatic logic [W-1:0] pget(input logic [NW*NREG*W-1:0] p,
                                        input logic [WID_W-1:0] w, input logic [REG_W-1:0] r);
    pget = '0;
    for (int i = 0; i < NW; i++) begin
      for (int j = 0; j < NREG; j++) begin
        if (WID_W'(i) == w && REG_W'(j) == r) pget = p[(i*NREG + j)*W +: W];
      end
    end
  endfunction

  function automatic logic [LW-1:0] lowest(input logic [W-1:0] m);
    lowest = '0;
    for (int l = W - 1; l >= 0; l--) begin
      if (m[l]) lowest = LW'(l);
    end
  endfunction

  // ---- the cycle, as the contract defines it, computed on the ghost -------------------------
  // issued slot
  logic             s_v, s_dv;
  logic [WID_W-1:0] s_w;
  logic [W-1:0]     s_m;
  logic [REG_W-1:0] s_d;
  logic [NOP-1:0]   s_dep, s_opv;
  logic [NOP*REG_W-1:0] s_reg;
  always @(*) begin
    s_v = 1'b0; s_dv = 1'b0; s_w = '0; s_m = '0; s_d = '0; s_dep = '0; s_opv = '0; s_reg = '0;
    for (int i = 0; i < NIB; i++) begin
      if (iss_slot_i == IBI_W'(i)) begin
        s_v   = g_v[i];
        s_w   = g_w[i*WID_W +: WID_W];
        s_m   = g_m[i*W +: W];
        s_opv = g_opv[i*NOP +: NOP];
        s_reg = g_reg[i*NOP*REG_W +: NOP*REG_W];
        s_dep = ib_dep_o[i*NOP +: NOP];
      end
    end
    s_dv = s_opv[0];
    s_d  = s_reg[0 +: REG_W];
  end

  logic                 f_wb_in;     // writeback warp in range
  logic [NW*NREG*W-1:0] f_pend_wb;   // pending writes after the writeback (step 1)
  logic [NW*NREG*W-1:0] f_pend_nx;   // ... and after the issue (step 2)
  logic                 f_elig, f_full, f_iss_ok, f_dec_ok;
  logic [NIB-1:0]       f_vaf;       // slots valid after the issue
  int unsigned          f_used;      // registers of the issuing warp with a pending write
  int unsigned          f_used0;     // ... before the writeback
  assign f_wb_in = 32'(wb_warp_i) < NW;

  always @(*) begin
    f_pend_wb = g_pend;
    for (int i = 0; i < NW; i++) begin
      for (int j = 0; j < NREG; j++) begin
        if (wb_valid_i && wb_warp_i == WID_W'(i) && wb_reg_i == REG_W'(j)) begin
          f_pend_wb[(i*NREG + j)*W +: W] = g_pend[(i*NREG + j)*W +: W] & ~wb_mask_i;
        end
      end
    end
    f_used  = 0;
    f_used0 = 0;
    for (int j = 0; j < NREG; j++) begin
      if (pget(f_pend_wb, s_w, REG_W'(j)) != '0) f_used = f_used + 1;
      if (pget(g_pend, s_w, REG_W'(j)) != '0) f_used0 = f_used0 + 1;
    end
    f_elig   = iss_valid_i && s_v && s_dep == '0;
    f_full   = f_elig && s_dv && pget(f_pend_wb, s_w, s_d) == '0 && f_used >= NE;
    f_iss_ok = f_elig && !f_full;
    f_pend_nx = f_pend_wb;
    for (int i = 0; i < NW; i++) begin
      for (int j = 0; j < NREG; j++) begin
        if (f_iss_ok && s_dv && s_w == WID_W'(i) && s_d == REG_W'(j)) begin
          f_pend_nx[(i*NREG + j)*W +: W] = f_pend_wb[(i*NREG + j)*W +: W] | s_m;
        end
      end
    end
    f_vaf = g_v;
    for (int i = 0; i < NIB; i++) begin
      if (f_iss_ok && iss_slot_i == IBI_W'(i)) f_vaf[i] = 1'b0;
    end
    f_dec_ok = dec_valid_i && 32'(dec_warp_i) < NW && (BASE || dec_mask_i != '0);
    if (32'(dec_slot_i) >= NIB) f_dec_ok = 1'b0;
    for (int i = 0; i < NIB; i++) begin
      if (dec_slot_i == IBI_W'(i) && f_vaf[i]) f_dec_ok = 1'b0;
    end
  end

  // ---- environment assumptions --------------------------------------------------------------
  logic [W-1:0]  f_wb_pend;   // pending lanes of (wb_warp_i, wb_reg_i)
  logic [W-1:0]  f_wb_group;  // the lanes of the pending instruction owning wb_mask_i's lowest lane
  logic [LW-1:0] f_lead;
  always @(*) begin
    f_wb_pend  = pget(g_pend, wb_warp_i, wb_reg_i);
    f_lead     = lowest(wb_mask_i);
    f_wb_group = '0;
    for (int i = 0; i < NW; i++) begin
      for (int j = 0; j < NREG; j++) begin
        for (int l = 0; l < W; l++) begin
          if (wb_warp_i == WID_W'(i) && wb_reg_i == REG_W'(j) &&
              g_grp[((i*NREG + j)*W + l)*LW +: LW] == f_lead) begin
            f_wb_group[l] = f_wb_pend[l];
          end
        end
      end
    end
  end

  always @(*) begin
    if (wb_valid_i) begin
      // [wb]: the warp, register and lanes of a pending write
      assume (f_wb_in && wb_mask_i != '0 && (wb_mask_i & ~f_wb_pend) == '0);
      // ... exactly the lanes of one issued instruction
      if (EXACT_WB) assume (wb_mask_i == f_wb_group);
    end
    // [split]: a decoded instruction's split is disjoint from the other buffered splits of its warp
    for (int i = 0; i < NIB; i++) begin
      if (f_dec_ok && f_vaf[i] && g_w[i*WID_W +: WID_W] == dec_warp_i) begin
        assume ((g_m[i*W +: W] & dec_mask_i) == '0);
      end
    end
    // [sps]: a decoded instruction is the only buffered one of its warp
    for (int i = 0; i < NIB; i++) begin
      if (SPS && f_dec_ok && f_vaf[i] && g_w[i*WID_W +: WID_W] == dec_warp_i) assume (1'b0);
    end
    // [mask]
    if (BASE && dec_valid_i) assume (dec_mask_i != '0);
  end

  // ---- ghost update -------------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      g_v    <= '0;
      g_pend <= '0;
    end else begin
      g_v    <= f_vaf;
      g_pend <= f_pend_nx;
      for (int i = 0; i < NIB; i++) begin
        if (f_dec_ok && dec_slot_i == IBI_W'(i)) begin
          g_v[i]                           <= 1'b1;
          g_w[i*WID_W +: WID_W]            <= dec_warp_i;
          g_m[i*W +: W]                    <= dec_mask_i;
          g_opv[i*NOP +: NOP]              <= dec_opv_i;
          g_reg[i*NOP*REG_W +: NOP*REG_W]  <= dec_reg_i;
        end
      end
      for (int i = 0; i < NW; i++) begin
        for (int j = 0; j < NREG; j++) begin
          for (int l = 0; l < W; l++) begin
            if (f_iss_ok && s_dv && s_w == WID_W'(i) && s_d == REG_W'(j) && s_m[l]) begin
              g_grp[((i*NREG + j)*W + l)*LW +: LW] <= lowest(s_m);
            end
          end
        end
      end
    end
  end

  // ---- the properties, as single flags (one labelled assertion each) ------------------------
  logic f_no_early, f_ready_safe, f_issue_safe, f_no_false, f_dep_real, f_dep_opv;
  logic f_rmask, f_slot_vis, f_slot_hid, f_ready, f_split_disj, f_mask_nz;
  logic f_dep_base, f_sps;
  always @(*) begin
    f_no_early = 1'b1; f_ready_safe = 1'b1; f_no_false = 1'b1; f_dep_real = 1'b1;
    f_dep_opv = 1'b1; f_slot_vis = 1'b1; f_slot_hid = 1'b1; f_ready = 1'b1;
    f_split_disj = 1'b1; f_mask_nz = 1'b1; f_dep_base = 1'b1; f_sps = 1'b1;
    for (int i = 0; i < NIB; i++) begin
      f_ready = f_ready && ib_ready_o[i] == (g_v[i] && ib_dep_o[i*NOP +: NOP] == '0);
      if (g_v[i]) begin
        f_slot_vis = f_slot_vis && ib_warp_o[i*WID_W +: WID_W] == g_w[i*WID_W +: WID_W] &&
                     ib_mask_o[i*W +: W] == (BASE ? '0 : g_m[i*W +: W]);
        f_slot_hid = f_slot_hid && f_ibo[i*NOP +: NOP] == g_opv[i*NOP +: NOP] &&
                     f_ibr[i*NOP*REG_W +: NOP*REG_W] == g_reg[i*NOP*REG_W +: NOP*REG_W];
        f_mask_nz  = f_mask_nz && g_m[i*W +: W] != '0;
        for (int i2 = 0; i2 < NIB; i2++) begin
          if (i2 != i && g_v[i2] && g_w[i2*WID_W +: WID_W] == g_w[i*WID_W +: WID_W]) begin
            f_split_disj = f_split_disj && (g_m[i*W +: W] & g_m[i2*W +: W]) == '0;
            f_sps        = 1'b0;
          end
        end
        for (int k = 0; k < NOP; k++) begin
          logic [W-1:0] pk;
          logic         hz, dk;
          pk = pget(g_pend, g_w[i*WID_W +: WID_W], g_reg[(i*NOP + k)*REG_W +: REG_W]);
          hz = g_opv[i*NOP + k] && (pk & g_m[i*W +: W]) != '0;   // a true hazard
          dk = ib_dep_o[i*NOP + k];
          f_no_early   = f_no_early && (!hz || dk);
          f_ready_safe = f_ready_safe && !(ib_ready_o[i] && hz);
          f_no_false   = f_no_false && (!dk || hz);
          f_dep_real   = f_dep_real && (!dk || pk != '0);
          f_dep_opv    = f_dep_opv && (!dk || g_opv[i*NOP + k]);
          f_dep_base   = f_dep_base && dk == (g_opv[i*NOP + k] && pk != '0);
        end
      end
    end
    // the instruction issued this cycle: no lane has a pending write (after this cycle's
    // writeback) to one of its operands
    f_issue_safe = 1'b1;
    for (int k = 0; k < NOP; k++) begin
      if (iss_ok_o && s_opv[k] && (pget(f_pend_wb, s_w, s_reg[k*REG_W +: REG_W]) & s_m) != '0) begin
        f_issue_safe = 1'b0;
      end
    end
  end

  // BASE: the pending lanes of a (warp, register) are those of one instruction
  logic f_grp_one;
  always @(*) begin
    f_grp_one = 1'b1;
    for (int i = 0; i < NW; i++) begin
      for (int j = 0; j < NREG; j++) begin
        for (int l = 0; l < W; l++) begin
          if (g_pend[(i*NREG + j)*W + l] &&
              g_grp[((i*NREG + j)*W + l)*LW +: LW] != lowest(g_pend[(i*NREG + j)*W +: W])) begin
            f_grp_one = 1'b0;
          end
        end
      end
    end
  end

  // (c) the table against the ghost
  logic [NT*W-1:0] f_rm1;      // each entry's R-mask after the writeback (contract step 1)
  logic [NT-1:0]   f_hit;
  always @(*) begin
    f_rmask  = 1'b1;
    for (int i = 0; i < NW; i++) begin
      for (int j = 0; j < NREG; j++) begin
        logic [W-1:0] agg, pj;
        agg = '0;
        pj  = g_pend[(i*NREG + j)*W +: W];
        for (int e = 0; e < NE; e++) begin
          if (sb_valid_o[i*NE + e] && sb_reg_o[(i*NE + e)*REG_W +: REG_W] == REG_W'(j)) begin
            agg = agg | sb_rmask_o[(i*NE + e)*W +: W];
          end
        end
        f_rmask = f_rmask && agg == (BASE ? {W{pj != '0}} : pj);
      end
    end
    for (int t = 0; t < NT; t++) begin
      f_hit[t] = wb_valid_i && wb_warp_i == WID_W'(t / NE) && sb_valid_o[t] &&
                 sb_reg_o[t*REG_W +: REG_W] == wb_reg_i;
      f_rm1[t*W +: W] = f_hit[t] ? (sb_rmask_o[t*W +: W] & (BASE ? '0 : ~wb_mask_i))
                                 : sb_rmask_o[t*W +: W];
    end
  end

  // contract: next table (step 2 on top of f_rm1)
  logic [NT*W-1:0]     f_rm_nx;
  logic [NT*REG_W-1:0] f_reg_nx;
  always @(*) begin
    logic hit_any, done;
    f_rm_nx  = f_rm1;
    f_reg_nx = sb_reg_o;
    hit_any  = 1'b0;
    for (int t = 0; t < NT; t++) begin
      if (WID_W'(t / NE) == s_w && f_rm1[t*W +: W] != '0 && sb_reg_o[t*REG_W +: REG_W] == s_d) begin
        hit_any = 1'b1;
      end
    end
    done = 1'b0;
    for (int t = 0; t < NT; t++) begin
      if (f_iss_ok && s_dv && WID_W'(t / NE) == s_w) begin
        if (hit_any ? (f_rm1[t*W +: W] != '0 && sb_reg_o[t*REG_W +: REG_W] == s_d)
                    : (f_rm1[t*W +: W] == '0 && !done)) begin
          f_rm_nx[t*W +: W]        = f_rm1[t*W +: W] | (BASE ? '1 : s_m);
          f_reg_nx[t*REG_W +: REG_W] = s_d;
          done = 1'b1;
        end
      end
    end
  end

  // ---- assertions ---------------------------------------------------------------------------
  always @(*) begin
    if (f_past_valid) begin
      // (a)
      a_no_early:   assert (f_no_early);
      a_ready_safe: assert (f_ready_safe);
      a_issue_safe: assert (f_issue_safe);
      // (b)
      if (!BASE) begin
        a_no_false: assert (f_no_false);
      end
      a_dep_real:   assert (f_dep_real);
      a_dep_opv:    assert (f_dep_opv);
      // (c)
      a_rmask:      assert (f_rmask);
      a_iss_ok:     assert (iss_ok_o == f_iss_ok);
      a_iss_full:   assert (iss_full_o == f_full);
      a_wb_ok:      assert (!bad_o[1]);
      // slot bookkeeping
      a_ib_valid:   assert (ib_valid_o == g_v);
      a_slot_vis:   assert (f_slot_vis);
      a_slot_hid:   assert (f_slot_hid);
      a_ready:      assert (f_ready);
      a_split_disj: assert (f_split_disj);
      a_mask_nz:    assert (f_mask_nz);
      if (SPS) begin
        a_sps:      assert (f_sps);
      end
      if (BASE && SPS) begin
        a_dep_base: assert (f_dep_base);
        a_grp_one:  assert (f_grp_one);
      end
      if (CONTRACT) begin
        a_bad:      assert (bad_o[0] == (iss_valid_i && !f_elig) &&
                            bad_o[2] == (dec_valid_i && !f_dec_ok));
      end
    end
  end

  // back-pressure and next-state checks
  logic [IBI_W-1:0] f_full_slot;
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni)) begin
      if ($past(iss_full_o)) begin
        a_full_keep: assert (ib_valid_o[$past(iss_slot_i)] &&
                             ib_dep_o[$past(iss_slot_i)*NOP +: NOP] == '0 &&
                             ib_warp_o[$past(iss_slot_i)*WID_W +: WID_W] == $past(s_w) &&
                             ib_mask_o[$past(iss_slot_i)*W +: W] == (BASE ? '0 : $past(s_m)) &&
                             g_opv[$past(iss_slot_i)*NOP +: NOP] == $past(s_opv) &&
                             g_reg[$past(iss_slot_i)*NOP*REG_W +: NOP*REG_W] == $past(s_reg) &&
                             sb_rmask_o == $past(f_rm1) && sb_reg_o == $past(sb_reg_o));
      end
      if (CONTRACT) begin
        a_tab_next: assert (sb_rmask_o == $past(f_rm_nx) && sb_reg_o == $past(f_reg_nx));
      end
    end
    if (f_past_valid && CONTRACT && !$past(rst_ni)) begin
      a_reset: assert (ib_valid_o == '0 && sb_valid_o == '0 && sb_rmask_o == '0);
    end
  end

  // ---- covers (non-vacuity) -----------------------------------------------------------------
  // c_pclr: a dependency bit cleared by a partial writeback: the writeback leaves lanes of
  // (w, r) pending (another split's), the slot keeps waiting on nothing of its own.
  logic [NIB*NOP-1:0] f_pclr;    // (slot, operand) whose dep bit this cycle's writeback clears
  logic               f_cross;   // an accepted issue reads a register another split writes
  logic               f_false;   // BASE: a dep bit held only by a disjoint split's write
  always @(*) begin
    f_pclr  = '0;
    f_cross = 1'b0;
    f_false = 1'b0;
    for (int i = 0; i < NIB; i++) begin
      for (int k = 0; k < NOP; k++) begin
        logic [W-1:0] pn, pk;
        pn = pget(f_pend_nx, wb_warp_i, wb_reg_i);
        pk = pget(g_pend, g_w[i*WID_W +: WID_W], g_reg[(i*NOP + k)*REG_W +: REG_W]);
        if (wb_valid_i && f_vaf[i] && g_w[i*WID_W +: WID_W] == wb_warp_i &&
            g_opv[i*NOP + k] && g_reg[(i*NOP + k)*REG_W +: REG_W] == wb_reg_i &&
            ib_dep_o[i*NOP + k] && pn != '0 && (pn & g_m[i*W +: W]) == '0) begin
          f_pclr[i*NOP + k] = 1'b1;
        end
        if (g_v[i] && ib_dep_o[i*NOP + k] && (pk & g_m[i*W +: W]) == '0) f_false = 1'b1;
      end
    end
    for (int k = 1; k < NOP; k++) begin
      if (iss_ok_o && s_opv[k] && pget(f_pend_wb, s_w, s_reg[k*REG_W +: REG_W]) != '0) begin
        f_cross = 1'b1;
      end
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && rst_ni) begin
      c_issue:  cover (iss_ok_o);
      c_full:   cover (iss_full_o);
      // an entry freed by this cycle's writeback is allocated at once to the issue
      c_reuse:  cover (iss_ok_o && s_dv && f_used0 >= NE && pget(g_pend, s_w, s_d) == '0);
      if (BASE) begin
        c_false_dep: cover (f_false);
      end else begin
        c_pclr:   cover ($past(rst_ni) && ($past(f_pclr) & ~ib_dep_o) != '0);
        c_cross:  cover (f_cross);
      end
    end
  end
endmodule
`default_nettype wire
