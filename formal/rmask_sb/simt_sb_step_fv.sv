// SPDX-License-Identifier: Apache-2.0
// simt_sb_step_fv: the two-clock step of the scoreboards (STEP_CLKS = 2, docs/units/rmask_sb.md
// "Two-clock step") against the single-cycle form, a miter over any inputs.
//
// dut is simt_rmask_sb (BASE = 0) or simt_sb_base (BASE = 1) with STEP_CLKS = 2; ref is the
// same unit with STEP_CLKS = 1, clocked with it, given the same inputs on a step's second clock
// and, on its first, the same inputs with every request's valid bit 0 (an idle cycle: no
// writeback, issue or decode, so no state change and iss_ok_o, iss_full_o, bad_o 0). So the
// claim is: a two-clock step is an idle cycle followed by the single-cycle step, on every
// output at every clock. Environment: reset in the first clock (it may come again at any
// clock); the inputs held over a step's two clocks (the contract's rule; the DUT's own a_held
// assertion restates it). Nothing else is assumed: bad requests, out-of-range slots and warps,
// any writeback are free, so no environment assumption of the unit's proofs is needed.
//
// Properties: a_out (every output of dut equals ref's, every clock after the first), a_hid (the
// slots' operand bits and registers, not on ports, equal: probes f_* connected by the .sby
// after flatten, as in simt_rmask_sb_fv), a_phase (the wrapper's phase is the DUT's), and
// every assertion of both instances (simt_assert.svh).
`default_nettype none
module simt_sb_step_fv #(
  parameter int unsigned W     = 4,
  parameter int unsigned NW    = 2,
  parameter int unsigned NE    = 2,
  parameter int unsigned REG_W = 2,
  parameter int unsigned NIB   = 3,
  parameter int unsigned NSRC  = 1,
  parameter bit          BASE  = 1'b0,
  parameter int unsigned LOOKUP_NEXT = 0,
  localparam int unsigned NOP   = NSRC + 1,
  localparam int unsigned WID_W = (NW > 1) ? $clog2(NW) : 1,
  localparam int unsigned IBI_W = (NIB > 1) ? $clog2(NIB) : 1,
  localparam int unsigned NT    = NW * NE,
  localparam int unsigned OUT_W = 1 + 1 + 3 + 2 * NIB + NIB * WID_W + NIB * W + NIB * NOP
                                  + NT + NT * REG_W + NT * W,
  localparam int unsigned IN_W  = 3 + 2 * IBI_W + 2 * WID_W + 2 * W + NOP + NOP * REG_W + REG_W
) (
  input wire logic                   clk_i,
  input wire logic                   rst_ni,
  input wire logic                   dec_valid_i,
  input wire logic [IBI_W-1:0]       dec_slot_i,
  input wire logic [WID_W-1:0]       dec_warp_i,
  input wire logic [W-1:0]           dec_mask_i,
  input wire logic [NOP-1:0]         dec_opv_i,
  input wire logic [NOP*REG_W-1:0]   dec_reg_i,
  input wire logic                   iss_valid_i,
  input wire logic [IBI_W-1:0]       iss_slot_i,
  input wire logic                   wb_valid_i,
  input wire logic [WID_W-1:0]       wb_warp_i,
  input wire logic [REG_W-1:0]       wb_reg_i,
  input wire logic [W-1:0]           wb_mask_i
);
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) if (!f_past_valid) assume (!rst_ni);

  // The step's phase as the contract defines it (0 on the first clock after a reset), and the
  // inputs held over the step.
  logic ph_q;
  always @(posedge clk_i) ph_q <= rst_ni ? ~ph_q : 1'b0;
  logic [IN_W-1:0] in_now, in_q;
  assign in_now = {dec_valid_i, dec_slot_i, dec_warp_i, dec_mask_i, dec_opv_i, dec_reg_i,
                   iss_valid_i, iss_slot_i, wb_valid_i, wb_warp_i, wb_reg_i, wb_mask_i};
  always @(posedge clk_i) in_q <= in_now;
  always @(*) if (f_past_valid && ph_q) assume (in_now == in_q);

  logic idle;
  assign idle = !ph_q;

  // dut: the two-clock step; ref: the single-cycle step, idle on the step's first clock.
  logic r_dv, r_iv, r_wv;
  assign r_dv = dec_valid_i & !idle;
  assign r_iv = iss_valid_i & !idle;
  assign r_wv = wb_valid_i & !idle;
`define SB_STEP_FV_PORTS(p, dv, iv, wv) \
      .clk_i, .rst_ni, \
      .dec_valid_i(dv), .dec_slot_i, .dec_warp_i, .dec_mask_i, .dec_opv_i, .dec_reg_i, \
      .iss_valid_i(iv), .iss_slot_i, .wb_valid_i(wv), .wb_warp_i, .wb_reg_i, .wb_mask_i, \
      .iss_ok_o(p``_iss_ok), .iss_full_o(p``_iss_full), .bad_o(p``_bad), \
      .ib_valid_o(p``_ib_valid), .ib_ready_o(p``_ib_ready), .ib_warp_o(p``_ib_warp), \
      .ib_mask_o(p``_ib_mask), .ib_dep_o(p``_ib_dep), .sb_valid_o(p``_sb_valid), \
      .sb_reg_o(p``_sb_reg), .sb_rmask_o(p``_sb_rmask)
  logic                 dut_iss_ok, dut_iss_full, ref_iss_ok, ref_iss_full;
  logic [2:0]           dut_bad, ref_bad;
  logic [NIB-1:0]       dut_ib_valid, dut_ib_ready, ref_ib_valid, ref_ib_ready;
  logic [NIB*WID_W-1:0] dut_ib_warp, ref_ib_warp;
  logic [NIB*W-1:0]     dut_ib_mask, ref_ib_mask;
  logic [NIB*NOP-1:0]   dut_ib_dep, ref_ib_dep;
  logic [NT-1:0]        dut_sb_valid, ref_sb_valid;
  logic [NT*REG_W-1:0]  dut_sb_reg, ref_sb_reg;
  logic [NT*W-1:0]      dut_sb_rmask, ref_sb_rmask;
  // The same instance paths in both branches (g_u.u_dut, g_u.u_ref), for the .sby's probes.
  if (BASE) begin : g_u
    simt_sb_base #(.W(W), .NW(NW), .NE(NE), .REG_W(REG_W), .NIB(NIB), .NSRC(NSRC),
                   .LOOKUP_NEXT(LOOKUP_NEXT), .STEP_CLKS(2)) u_dut (
      `SB_STEP_FV_PORTS(dut, dec_valid_i, iss_valid_i, wb_valid_i));
    simt_sb_base #(.W(W), .NW(NW), .NE(NE), .REG_W(REG_W), .NIB(NIB), .NSRC(NSRC),
                   .LOOKUP_NEXT(LOOKUP_NEXT), .STEP_CLKS(1)) u_ref (
      `SB_STEP_FV_PORTS(ref, r_dv, r_iv, r_wv));
  end else begin : g_u
    simt_rmask_sb #(.W(W), .NW(NW), .NE(NE), .REG_W(REG_W), .NIB(NIB), .NSRC(NSRC),
                    .LOOKUP_NEXT(LOOKUP_NEXT), .STEP_CLKS(2)) u_dut (
      `SB_STEP_FV_PORTS(dut, dec_valid_i, iss_valid_i, wb_valid_i));
    simt_rmask_sb #(.W(W), .NW(NW), .NE(NE), .REG_W(REG_W), .NIB(NIB), .NSRC(NSRC),
                    .LOOKUP_NEXT(LOOKUP_NEXT), .STEP_CLKS(1)) u_ref (
      `SB_STEP_FV_PORTS(ref, r_dv, r_iv, r_wv));
  end
`undef SB_STEP_FV_PORTS
  logic [OUT_W-1:0] out_dut, out_ref;
  assign out_dut = {dut_iss_ok, dut_iss_full, dut_bad, dut_ib_valid, dut_ib_ready, dut_ib_warp,
                    dut_ib_mask, dut_ib_dep, dut_sb_valid, dut_sb_reg, dut_sb_rmask};
  assign out_ref = {ref_iss_ok, ref_iss_full, ref_bad, ref_ib_valid, ref_ib_ready, ref_ib_warp,
                    ref_ib_mask, ref_ib_dep, ref_sb_valid, ref_sb_reg, ref_sb_rmask};

  // Probes of the hidden slot fields and of the DUT's phase, connected by the .sby script.
  (* keep *) logic [NIB*NOP-1:0]       f_ibo_dut, f_ibo_ref;
  (* keep *) logic [NIB*NOP*REG_W-1:0] f_ibr_dut, f_ibr_ref;
  (* keep *) logic                     f_ph_dut;

  always @(*) begin
    if (f_past_valid) begin
      a_out:   assert (out_dut == out_ref);
      a_hid:   assert (f_ibo_dut == f_ibo_ref && f_ibr_dut == f_ibr_ref);
      a_phase: assert (f_ph_dut == ph_q);
    end
  end
  always @(*) begin
    if (f_past_valid && rst_ni) begin
      c_issue: cover (!idle && dut_iss_ok);
      c_full:  cover (!idle && dut_iss_full);
    end
  end
endmodule
`default_nettype wire
