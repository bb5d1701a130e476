// SPDX-License-Identifier: Apache-2.0
// simt_rmask_sb: R-mask scoreboard with I-buffer dependency masks (ElTantawy et al. 2014
// §3.3.2, Fig. 8b and 9). Cycle contract: docs/units/rmask_sb.md, followed exactly.
//
// Two blocks, shared with the baseline simt_sb_base: the scoreboard table simt_sb_table (per
// warp, NE entries of (register, R-mask), valid iff the R-mask is non-zero; here MW = W) and
// the I-buffer simt_sb_ibuf (per slot: warp, I-mask, operand registers, dependency mask; here
// MASKS = 1). One cycle = writeback, then issue, then decode; the dependency re-evaluation of
// the writeback and the decode both read the scoreboard after the issue (the table's lookups).
`default_nettype none
module simt_rmask_sb #(
  parameter int unsigned W     = 32,  // lanes
  parameter int unsigned NW    = 4,   // warps
  parameter int unsigned NE    = 8,   // scoreboard entries per warp
  parameter int unsigned REG_W = 6,   // register-id bits
  parameter int unsigned NIB   = 8,   // I-buffer slots
  parameter int unsigned NSRC  = 2,   // source operands
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
  input  wire logic [W-1:0]           dec_mask_i,
  input  wire logic [NOP-1:0]         dec_opv_i,
  input  wire logic [NOP*REG_W-1:0]   dec_reg_i,
  input  wire logic                   iss_valid_i,
  input  wire logic [IBI_W-1:0]       iss_slot_i,
  input  wire logic                   wb_valid_i,
  input  wire logic [WID_W-1:0]       wb_warp_i,
  input  wire logic [REG_W-1:0]       wb_reg_i,
  input  wire logic [W-1:0]           wb_mask_i,
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
    $error("simt_rmask_sb: W, NW, NE, NIB and REG_W must be at least 1");
  end

  // The I-buffer: slots, issue-slot mux, re-evaluation, decode.
  logic             elig, s_dst_v, iss_ok, dec_bad, wb_ok, wb_extra, step;
  logic [WID_W-1:0] s_warp;
  logic [REG_W-1:0] s_dst;
  logic [W-1:0]     s_mask, rwb;
  logic [NOP*W-1:0] rdec;
  simt_sb_ibuf #(
    .W(W), .NW(NW), .REG_W(REG_W), .NIB(NIB), .NSRC(NSRC), .MASKS(1'b1)
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

  // The scoreboard table: writeback, reservation at issue, lookups after both.
  simt_sb_table #(
    .MW(W), .NW(NW), .NE(NE), .REG_W(REG_W), .NSRC(NSRC), .LOOKUP_NEXT(LOOKUP_NEXT),
    .STEP_CLKS(STEP_CLKS)
  ) u_table (
    .clk_i, .rst_ni,
    .wb_valid_i, .wb_warp_i, .wb_reg_i,
    .wb_mask_i  (wb_mask_i),
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
    .sb_rm_o    (sb_rmask_o)
  );

  assign iss_ok_o = iss_ok;
  // The requests' flags, given on the step's last clock (0 on the first of a two-clock step).
  assign bad_o    = {3{step}} & {dec_bad, wb_valid_i & (~wb_ok | wb_extra), iss_valid_i & ~elig};

endmodule
`default_nettype wire
