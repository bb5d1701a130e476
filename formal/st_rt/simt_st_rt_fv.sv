// SPDX-License-Identifier: Apache-2.0
// simt_st_rt_fv: formal wrapper for simt_st_rt (docs/units/st_rt.md).
//
// Every DUT input is a free input: the only assumption is a reset in the first cycle. The
// contract refuses malformed operations (bad_o) and back-pressures the rest (stall_o), so the
// invariants must hold for ANY input sequence, including PCs that make no sense as a program.
// Reset may also be asserted at any later cycle.
//
// The whole state is visible on the ports (the tables are outputs), so every property is
// stated on the ports. A ghost register f_live_q holds the lanes launched and not exited.
//
// Properties (ElTantawy et al. 2014 §3-4; the invariants section of the datasheet). The local
// invariants are assertions of the RTL itself (rtl/st_rt/simt_st_rt.sv, rtl/common/
// simt_assert.svh), proven here as part of the DUT and checked by every Verilated model:
//  a_disj, a_pend_sub, a_free_rt, a_child (pend(r) = OR of the masks of valid ST entries and of
//  the reconvergence masks of valid RT entries that link to r), a_hasr0, a_done, a_flags, a_ev,
//  a_stall_keep, a_bad_keep, a_none_keep (back-pressure and refused operations change no
//  state), a_branchy (without OREC), a_nostall (without OREC, NST >= W, NRT >= W-1).
// This wrapper adds what needs its ghost state or is too costly to simulate:
//  a_cons      conservation: a lane is live iff it is in exactly one of: the mask of one valid
//              ST entry, or the arrived part (rmask & ~pend) of one valid RT entry; a lane that
//              is not live is in none of them (no thread lost, none duplicated)
// Strengthening invariants (true, needed for k-induction to close; without them the solver
// starts from unreachable states such as an RT entry linked to itself):
//  a_acyc      following the links from any valid RT entry reaches a root (hasr = 0) within
//              NRT steps, through valid entries: the RT is a forest (cubic in NRT: formal only)
//  a_root      the live lanes are exactly the lanes of the roots (the undiverged split, or the
//              valid RT entry with hasr = 0)
`default_nettype none
module simt_st_rt_fv #(
  parameter int unsigned W    = 4,
  parameter int unsigned PC_W = 3,
  parameter int unsigned NST  = 4,
  parameter int unsigned NRT  = 3,
  parameter int unsigned OREC = 1,
  parameter int unsigned OREC_CMP = 1,   // the DUT's compare order (both forms are proven)
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

  simt_st_rt #(.W(W), .PC_W(PC_W), .NST(NST), .NRT(NRT), .OREC(OREC), .OREC_CMP(OREC_CMP)) dut (
    .clk_i, .rst_ni, .op_i, .sel_i, .npc_i, .blk_i, .tgt_i, .tmask_i, .rpc_i,
    .ok_o, .stall_o, .bad_o, .ev_o,
    .st_valid_o, .st_pc_o, .st_bpc_o, .st_mask_o, .st_rpc_o, .st_hasr_o, .st_ridx_o,
    .rt_valid_o, .rt_pc_o, .rt_rpc_o, .rt_hasr_o, .rt_ridx_o, .rt_rmask_o, .rt_pend_o,
    .pick_valid_o, .pick_o, .done_o
  );

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

  // ---- invariants (the RTL asserts the local ones) -------------------------------------------
  logic [W-1:0]     f_any, f_two;  // lanes in >= 1 / >= 2 places
  logic             f_acyc;
  logic [W-1:0]     f_roots;
  logic [RI_W-1:0]  f_cur;
  logic             f_up;
  always @(*) begin
    f_any = '0;
    f_two = '0;
    for (int s = 0; s < NST; s++) begin
      f_two  = f_two | (f_any & st_mask_o[s*W +: W]);
      f_any  = f_any | st_mask_o[s*W +: W];
    end
    for (int r = 0; r < NRT; r++) begin
      f_two = f_two | (f_any & rt_rmask_o[r*W +: W] & ~rt_pend_o[r*W +: W]);
      f_any = f_any | (rt_rmask_o[r*W +: W] & ~rt_pend_o[r*W +: W]);
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
      a_cons:     assert (f_any == f_live_q && f_two == '0);
      a_acyc:     assert (f_acyc);
      a_root:     assert (f_roots == f_live_q);
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
