// SPDX-License-Identifier: Apache-2.0
// simt_st_rt_fv: formal wrapper for simt_st_rt (docs/units/st_rt.md, issue 3).
//
// Every DUT input is a free input: the only assumption is a reset in the first cycle. The
// contract refuses malformed operations (bad_o) and back-pressures the rest (stall_o), so the
// invariants must hold for ANY input sequence, including PCs that make no sense as a program.
// Reset may also be asserted at any later cycle.
//
// The whole state is visible on the ports (the tables are outputs), so every property is
// stated on the ports. A ghost register f_live_q holds the lanes launched and not exited.
//
// Properties (ElTantawy et al. 2014 §3-4; the invariants section of the datasheet):
//  a_disj      the masks of valid ST entries are pairwise disjoint
//  a_pend_sub  every RT pending mask is a subset of its reconvergence mask
//  a_free_rt   a free RT entry has an empty reconvergence mask (freeing clears it)
//  a_child     for every RT entry r: pend(r) = OR of the masks of valid ST entries and of the
//              reconvergence masks of valid RT entries that link to r (hasr = 1, ridx = r):
//              the lanes not yet arrived at r are exactly those still on their way to it
//  a_cons      conservation: a lane is live iff it is in exactly one of: the mask of one valid
//              ST entry, or the arrived part (rmask & ~pend) of one valid RT entry; a lane that
//              is not live is in none of them (no thread lost, none duplicated)
//  a_hasr0     hasr = 0 implies rpc = 0 and ridx = 0 (ST and RT)
//  a_stall_*   back-pressure loses nothing: a stalled (or refused) cycle changes no state,
//              and ok/stall/bad are mutually exclusive; ev_o = 0 unless ok
//  a_done      done_o = no valid entry in either table
//  a_nostall   without OREC, NST >= W and NRT >= W-1 never stall (the datasheet's "Sizing":
//              checked only in configurations of that size, e.g. task prove_basic)
// Strengthening invariants (true, needed for k-induction to close; without them the solver
// starts from unreachable states such as an RT entry linked to itself):
//  a_acyc      following the links from any valid RT entry reaches a root (hasr = 0) within
//              NRT steps, through valid entries: the RT is a forest
//  a_root      the live lanes are exactly the lanes of the roots (the undiverged split, or the
//              valid RT entry with hasr = 0)
//  a_branchy   without OREC, every valid RT entry has two children or more, counting its
//              arrived lanes as one (what bounds the RT at W-1 entries; with OREC an early
//              reconvergence entry can leave its parent a single child)
`default_nettype none
module simt_st_rt_fv #(
  parameter int unsigned W    = 4,
  parameter int unsigned PC_W = 3,
  parameter int unsigned NST  = 4,
  parameter int unsigned NRT  = 3,
  parameter int unsigned OREC = 1,
  localparam int unsigned SI_W = (NST > 1) ? $clog2(NST) : 1,
  localparam int unsigned RI_W = (NRT > 1) ? $clog2(NRT) : 1
) (
  input wire logic            clk_i,
  input wire logic            rst_ni,
  input wire logic [2:0]      op_i,
  input wire logic [SI_W-1:0] sel_i,
  input wire logic [PC_W-1:0] npc_i,
  input wire logic            blk_i,
  input wire logic [PC_W-1:0] tgt_i,
  input wire logic [W-1:0]    tmask_i,
  input wire logic [PC_W-1:0] rpc_i
);
  logic                  ok_o, stall_o, bad_o;
  logic [7:0]            ev_o;
  logic [NST-1:0]        st_valid_o, st_hasr_o;
  logic [NST*PC_W-1:0]   st_pc_o, st_bpc_o, st_rpc_o;
  logic [NST*W-1:0]      st_mask_o;
  logic [NST*RI_W-1:0]   st_ridx_o;
  logic [NRT-1:0]        rt_valid_o, rt_hasr_o;
  logic [NRT*PC_W-1:0]   rt_pc_o, rt_rpc_o;
  logic [NRT*RI_W-1:0]   rt_ridx_o;
  logic [NRT*W-1:0]      rt_rmask_o, rt_pend_o;
  logic                  pick_valid_o, done_o;
  logic [SI_W-1:0]       pick_o;

  simt_st_rt #(.W(W), .PC_W(PC_W), .NST(NST), .NRT(NRT), .OREC(OREC)) dut (
    .clk_i, .rst_ni, .op_i, .sel_i, .npc_i, .blk_i, .tgt_i, .tmask_i, .rpc_i,
    .ok_o, .stall_o, .bad_o, .ev_o,
    .st_valid_o, .st_pc_o, .st_bpc_o, .st_mask_o, .st_rpc_o, .st_hasr_o, .st_ridx_o,
    .rt_valid_o, .rt_pc_o, .rt_rpc_o, .rt_hasr_o, .rt_ridx_o, .rt_rmask_o, .rt_pend_o,
    .pick_valid_o, .pick_o, .done_o
  );

  // Tables large enough never to stall without OREC (docs/units/st_rt.md, "Sizing").
  localparam bit NoStallSize = (OREC == 0) && (NST >= W) && (NRT + 1 >= W);

  // ---- reset in the first cycle -----------------------------------------------------------
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) if (!f_past_valid) assume (!rst_ni);

  // ---- ghost: launched, not exited lanes ----------------------------------------------------
  logic [W-1:0] f_live_q;
  logic [W-1:0] f_sel_mask;
  always @(*) begin
    f_sel_mask = '0;
    for (int s = 0; s < NST; s++) begin
      if (sel_i == SI_W'(s)) f_sel_mask = st_mask_o[s*W +: W];
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni)                        f_live_q <= '0;
    else if (ok_o && op_i == 3'd4)      f_live_q <= tmask_i;
    else if (ok_o && op_i == 3'd3)      f_live_q <= f_live_q & ~f_sel_mask;
  end

  // ---- the whole state as one vector (for "unchanged") --------------------------------------
  localparam int unsigned STATE_W = NST * (3 * PC_W + W + 1 + RI_W) + NRT * (2 * PC_W + 2 * W + 1 + RI_W);
  logic [STATE_W-1:0] f_state;
  assign f_state = {st_pc_o, st_bpc_o, st_rpc_o, st_mask_o, st_hasr_o, st_ridx_o,
                    rt_pc_o, rt_rpc_o, rt_rmask_o, rt_pend_o, rt_hasr_o, rt_ridx_o};

  // ---- invariants ----------------------------------------------------------------------------
  logic [NRT*W-1:0] f_kids;     // OR of the children of every RT entry
  logic [W-1:0]     f_any, f_two;  // lanes in >= 1 / >= 2 places
  logic             f_disj, f_pend_sub, f_free_rt, f_child, f_hasr0, f_acyc, f_branchy;
  int unsigned      f_nkids;    // children of one RT entry, plus one if some lanes arrived
  logic [W-1:0]     f_roots;
  logic [RI_W-1:0]  f_cur;
  logic             f_up;
  always @(*) begin
    f_kids = '0;
    for (int r = 0; r < NRT; r++) begin
      for (int s = 0; s < NST; s++) begin
        if (st_valid_o[s] && st_hasr_o[s] && st_ridx_o[s*RI_W +: RI_W] == RI_W'(r))
          f_kids[r*W +: W] = f_kids[r*W +: W] | st_mask_o[s*W +: W];
      end
      for (int q = 0; q < NRT; q++) begin
        if (rt_valid_o[q] && rt_hasr_o[q] && rt_ridx_o[q*RI_W +: RI_W] == RI_W'(r))
          f_kids[r*W +: W] = f_kids[r*W +: W] | rt_rmask_o[q*W +: W];
      end
    end
    f_any = '0;
    f_two = '0;
    f_disj = 1'b1;
    for (int s = 0; s < NST; s++) begin
      f_disj = f_disj & ~|(f_any & st_mask_o[s*W +: W]);
      f_two  = f_two | (f_any & st_mask_o[s*W +: W]);
      f_any  = f_any | st_mask_o[s*W +: W];
    end
    for (int r = 0; r < NRT; r++) begin
      f_two = f_two | (f_any & rt_rmask_o[r*W +: W] & ~rt_pend_o[r*W +: W]);
      f_any = f_any | (rt_rmask_o[r*W +: W] & ~rt_pend_o[r*W +: W]);
    end
    f_pend_sub = 1'b1;
    f_free_rt  = 1'b1;
    f_child    = 1'b1;
    f_hasr0    = 1'b1;
    f_branchy  = 1'b1;
    f_nkids    = 0;
    for (int r = 0; r < NRT; r++) begin
      f_pend_sub = f_pend_sub & ~|(rt_pend_o[r*W +: W] & ~rt_rmask_o[r*W +: W]);
      f_free_rt  = f_free_rt & (rt_valid_o[r] | ~|rt_rmask_o[r*W +: W]);
      f_child    = f_child & (rt_pend_o[r*W +: W] == f_kids[r*W +: W]);
      f_nkids    = (|(rt_rmask_o[r*W +: W] & ~rt_pend_o[r*W +: W])) ? 1 : 0;
      for (int s = 0; s < NST; s++) begin
        if (st_valid_o[s] && st_hasr_o[s] && st_ridx_o[s*RI_W +: RI_W] == RI_W'(r))
          f_nkids = f_nkids + 1;
      end
      for (int q = 0; q < NRT; q++) begin
        if (rt_valid_o[q] && rt_hasr_o[q] && rt_ridx_o[q*RI_W +: RI_W] == RI_W'(r))
          f_nkids = f_nkids + 1;
      end
      f_branchy  = f_branchy & (!rt_valid_o[r] || f_nkids >= 2);
      f_hasr0    = f_hasr0 & (rt_hasr_o[r] | (rt_rpc_o[r*PC_W +: PC_W] == '0 &&
                                               rt_ridx_o[r*RI_W +: RI_W] == '0));
    end
    for (int s = 0; s < NST; s++) begin
      f_hasr0 = f_hasr0 & (st_hasr_o[s] | (st_rpc_o[s*PC_W +: PC_W] == '0 &&
                                           st_ridx_o[s*RI_W +: RI_W] == '0));
    end
    // forest: from every valid RT entry, follow the links (at most NRT steps)
    f_acyc  = 1'b1;
    f_roots = '0;
    for (int s = 0; s < NST; s++) begin
      if (!st_hasr_o[s]) f_roots = f_roots | st_mask_o[s*W +: W];
    end
    for (int r = 0; r < NRT; r++) begin
      if (rt_valid_o[r] && !rt_hasr_o[r]) f_roots = f_roots | rt_rmask_o[r*W +: W];
      f_cur = RI_W'(r);
      f_up  = rt_valid_o[r];      // still climbing
      for (int k = 0; k < NRT; k++) begin
        for (int q = 0; q < NRT; q++) begin
          if (f_up && f_cur == RI_W'(q)) begin
            if (!rt_valid_o[q]) begin
              f_acyc = 1'b0;      // a link to a free entry
              f_up   = 1'b0;
            end else if (!rt_hasr_o[q]) begin
              f_up   = 1'b0;      // reached a root
            end else begin
              f_cur  = rt_ridx_o[q*RI_W +: RI_W];
            end
          end
        end
        if (f_up && 32'(f_cur) >= NRT) begin
          f_acyc = 1'b0;          // a link out of the table
          f_up   = 1'b0;
        end
      end
      f_acyc = f_acyc & ~f_up;    // NRT steps without a root: a cycle
    end
  end

  always @(*) begin
    if (f_past_valid) begin
      a_disj:     assert (f_disj);
      a_pend_sub: assert (f_pend_sub);
      a_free_rt:  assert (f_free_rt);
      a_child:    assert (f_child);
      a_cons:     assert (f_any == f_live_q && f_two == '0);
      a_hasr0:    assert (f_hasr0);
      a_acyc:     assert (f_acyc);
      a_root:     assert (f_roots == f_live_q);
      a_done:     assert (done_o == (st_valid_o == '0 && rt_valid_o == '0));
      a_flags:    assert ((32'(ok_o) + 32'(stall_o) + 32'(bad_o)) <= 1);
      a_ev:       assert (ok_o || ev_o == '0);
      if (OREC == 0) begin
        a_branchy: assert (f_branchy);
      end
      if (NoStallSize) begin
        a_nostall: assert (!stall_o);
      end
    end
  end

  // ---- back-pressure and refused operations change nothing ----------------------------------
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni)) begin
      if ($past(stall_o)) begin
        a_stall_keep: assert (f_state == $past(f_state));
      end
      if ($past(bad_o)) begin
        a_bad_keep:   assert (f_state == $past(f_state));
      end
      if ($past(op_i == 3'd0)) begin
        a_none_keep:  assert (f_state == $past(f_state));
      end
    end
  end

  // ---- non-vacuity: the interesting events are reachable --------------------------------------
  always @(*) begin
    if (f_past_valid && rst_ni) begin
      c_div:    cover (ok_o && ev_o[0] && ev_o[1]);
      c_reuse:  cover (ok_o && ev_o[0] && !ev_o[1]);
      c_side:   cover (ok_o && ev_o[2]);
      c_reconv: cover (ok_o && ev_o[4]);
      c_merge:  cover (ok_o && ev_o[5]);
      c_orec:   cover (ok_o && ev_o[6]);
      c_oskip:  cover (ok_o && ev_o[7]);
      c_stall:  cover (stall_o);
    end
  end

  logic unused;
  assign unused = ^{st_pc_o, st_bpc_o, rt_pc_o, pick_valid_o, pick_o, npc_i, blk_i, tgt_i, rpc_i};
endmodule
`default_nettype wire
