// SPDX-License-Identifier: Apache-2.0
// simt_sb_base: baseline per-warp scoreboard without masks (ElTantawy et al. 2014 §3.3.2,
// Fig. 8a), with the same ports as simt_rmask_sb so the two can be compared and swapped.
// Cycle contract: docs/units/rmask_sb.md ("baseline" clauses): an entry is a valid bit and a
// register; the active masks are ignored (dec_mask_i, wb_mask_i unused, ib_mask_o = 0,
// sb_rmask_o = W copies of the valid bit). Writeback, then issue, then decode, as there.
// The same two blocks as simt_rmask_sb at mask width 1: simt_sb_ibuf with MASKS = 0 (no I-mask
// stored) and simt_sb_table with MW = 1 (the R-mask of an entry is its valid bit).
`default_nettype none
module simt_sb_base #(
  parameter int unsigned W     = 32,
  parameter int unsigned NW    = 4,
  parameter int unsigned NE    = 8,
  parameter int unsigned REG_W = 6,
  parameter int unsigned NIB   = 8,
  parameter int unsigned NSRC  = 2,
  parameter int unsigned LOOKUP_NEXT = 0,   // table lookups from the next state (simt_sb_table)
  parameter int unsigned STEP_CLKS   = 1,   // clocks per step: 1, or 2 (inputs held over both)
  localparam int unsigned NOP   = NSRC + 1,
  localparam int unsigned WID_W = (NW > 1) ? $clog2(NW) : 1,
  localparam int unsigned IBI_W = (NIB > 1) ? $clog2(NIB) : 1,
  localparam int unsigned NT    = NW * NE
) (
  input  wire logic                   clk_i,
  input  wire logic                   rst_ni,       // synchronous, active low
  input  wire logic                   dec_valid_i,
  input  wire logic [IBI_W-1:0]       dec_slot_i,
  input  wire logic [WID_W-1:0]       dec_warp_i,
  input  wire logic [W-1:0]           dec_mask_i,   // unused
  input  wire logic [NOP-1:0]         dec_opv_i,
  input  wire logic [NOP*REG_W-1:0]   dec_reg_i,
  input  wire logic                   iss_valid_i,
  input  wire logic [IBI_W-1:0]       iss_slot_i,
  input  wire logic                   wb_valid_i,
  input  wire logic [WID_W-1:0]       wb_warp_i,
  input  wire logic [REG_W-1:0]       wb_reg_i,
  input  wire logic [W-1:0]           wb_mask_i,    // unused
  output logic                        iss_ok_o,
  output logic                        iss_full_o,
  output logic [2:0]                  bad_o,        // 0 issue, 1 writeback, 2 decode
  output logic [NIB-1:0]              ib_valid_o,
  output logic [NIB-1:0]              ib_ready_o,
  output logic [NIB*WID_W-1:0]        ib_warp_o,
  output logic [NIB*W-1:0]            ib_mask_o,
  output logic [NIB*NOP-1:0]          ib_dep_o,
  output logic [NT-1:0]               sb_valid_o,
  output logic [NT*REG_W-1:0]         sb_reg_o,
  output logic [NT*W-1:0]             sb_rmask_o
);
  if (W < 1 || NW < 1 || NE < 1 || NIB < 1 || REG_W < 1) begin : g_bad_param
    $error("simt_sb_base: W, NW, NE, NIB and REG_W must be at least 1");
  end

  logic unused_masks;
  assign unused_masks = ^wb_mask_i;

  // The I-buffer: slots, issue-slot mux, re-evaluation, decode.
  logic             elig, s_dst_v, iss_ok, dec_bad, wb_ok, wb_extra, step;
  logic [WID_W-1:0] s_warp;
  logic [REG_W-1:0] s_dst;
  logic             s_mask, rwb;   // 1-bit masks: an instruction covers "the warp"
  logic [NOP-1:0]   rdec;          // entry exists for operand k (after writeback and issue)
  logic [NT-1:0]    val;
  simt_sb_ibuf #(
    .W(W), .NW(NW), .REG_W(REG_W), .NIB(NIB), .NSRC(NSRC), .MASKS(1'b0)
  ) u_ibuf (
    .clk_i, .rst_ni,
    .step_i     (step),
    .dec_valid_i, .dec_slot_i, .dec_warp_i, .dec_mask_i, .dec_opv_i, .dec_reg_i,
    .dec_rm_i   (rdec),
    .iss_valid_i, .iss_slot_i,
    .iss_ok_i   (iss_ok),
    .wb_ok_i    (wb_ok),
    .wb_warp_i, .wb_reg_i,
    .wb_rm_i    (rwb),
    .iss_elig_o (elig),
    .iss_warp_o (s_warp),
    .iss_mask_o (s_mask),
    .iss_dst_v_o(s_dst_v),
    .iss_dst_o  (s_dst),
    .dec_bad_o  (dec_bad),
    .ib_valid_o, .ib_ready_o, .ib_warp_o, .ib_mask_o, .ib_dep_o
  );

  // The step's clocks (STEP_CLKS = 2: two, the inputs held over both; docs/units/rmask_sb.md,
  // "Two-clock step").
  simt_step_phase #(
    .STEP_CLKS(STEP_CLKS),
    .IN_W(3 + 2 * IBI_W + 2 * WID_W + 2 * W + NOP + NOP * REG_W + REG_W)
  ) u_step (
    .clk_i, .rst_ni,
    .in_i  ({dec_valid_i, dec_slot_i, dec_warp_i, dec_mask_i, dec_opv_i, dec_reg_i,
             iss_valid_i, iss_slot_i, wb_valid_i, wb_warp_i, wb_reg_i, wb_mask_i}),
    .step_o(step)
  );

  // The scoreboard table with 1-bit R-masks (the valid bits); every mask is 1, so a writeback
  // frees its entry and wb_extra is 0.
  simt_sb_table #(
    .MW(1), .NW(NW), .NE(NE), .REG_W(REG_W), .NSRC(NSRC), .LOOKUP_NEXT(LOOKUP_NEXT),
    .STEP_CLKS(STEP_CLKS)
  ) u_table (
    .clk_i, .rst_ni,
    .wb_valid_i, .wb_warp_i, .wb_reg_i,
    .wb_mask_i  (1'b1),
    .iss_elig_i (elig),
    .iss_warp_i (s_warp),
    .iss_dst_v_i(s_dst_v),
    .iss_dst_i  (s_dst),
    .iss_mask_i (s_mask),
    .dec_warp_i, .dec_reg_i,
    .wb_ok_o    (wb_ok),
    .wb_extra_o (wb_extra),
    .wb_rm_o    (rwb),
    .dec_rm_o   (rdec),
    .iss_ok_o   (iss_ok),
    .iss_full_o,
    .step_i     (step),
    .sb_valid_o,
    .sb_reg_o,
    .sb_rm_o    (val)
  );

  assign iss_ok_o = iss_ok;
  // The requests' flags, given on the step's last clock (0 on the first of a two-clock step).
  assign bad_o    = {3{step}} & {dec_bad, wb_valid_i & (~wb_ok | wb_extra), iss_valid_i & ~elig};
  always_comb begin
    for (int t = 0; t < NT; t++) begin
      sb_rmask_o[t*W +: W] = {W{val[t]}};
    end
  end

endmodule
`default_nettype wire
