// SPDX-License-Identifier: Apache-2.0
// simt_st_rt_step_fv: the two-clock step of simt_st_rt (STEP_CLKS = 2, docs/units/st_rt.md
// "Two-clock step") against the single-cycle form, a miter over any inputs.
//
// dut is simt_st_rt with STEP_CLKS = 2; ref the same unit with STEP_CLKS = 1, clocked with it,
// given the same inputs on a step's second clock and, on its first, op NONE (no state change,
// ok_o, stall_o, bad_o, ev_o 0). The claim: a two-clock step is a NONE cycle followed by the
// single-cycle step, on every output (the whole state is on the ports) at every clock.
// Environment: reset in the first clock (and again at any clock), the inputs held over a step.
// Nothing else. The RTL's own assertions are left out (the .sby reads it with SYNTHESIS
// defined): they are proven on the single-cycle form by st_rt.sby, with the strengthening
// invariants they need, and checked on both forms by every Verilated run; this proof is
// equivalence alone.
`default_nettype none
module simt_st_rt_step_fv #(
  parameter int unsigned W    = 4,
  parameter int unsigned PC_W = 3,
  parameter int unsigned NST  = 4,
  parameter int unsigned NRT  = 3,
  parameter int unsigned OREC = 1,
  parameter int unsigned OREC_CMP = 1,
  localparam int unsigned SI_W = (NST > 1) ? $clog2(NST) : 1,
  localparam int unsigned RI_W = (NRT > 1) ? $clog2(NRT) : 1,
  localparam int unsigned IN_W = 3 + SI_W + 3 * PC_W + 1 + W,
  localparam int unsigned OUT_W = 1 + 1 + 1 + 8 + NST + 3 * NST * PC_W + NST * W + NST
                                  + NST * RI_W + NRT + 2 * NRT * PC_W + NRT + NRT * RI_W
                                  + 2 * NRT * W + 1 + SI_W + 1
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
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) if (!f_past_valid) assume (!rst_ni);

  // The step's phase as the contract defines it, and the inputs held over a step.
  logic ph_q;
  always @(posedge clk_i) ph_q <= rst_ni ? ~ph_q : 1'b0;
  logic [IN_W-1:0] in_now, in_q;
  assign in_now = {op_i, sel_i, npc_i, blk_i, tgt_i, tmask_i, rpc_i};
  always @(posedge clk_i) in_q <= in_now;
  always @(*) if (f_past_valid && ph_q) assume (in_now == in_q);

  logic [2:0] ref_op;
  assign ref_op = ph_q ? op_i : 3'd0;   // NONE on a step's first clock

`define STRT_STEP_FV_INST(name, steps, op, o) \
  simt_st_rt #(.W(W), .PC_W(PC_W), .NST(NST), .NRT(NRT), .OREC(OREC), .OREC_CMP(OREC_CMP), \
               .STEP_CLKS(steps)) name ( \
    .clk_i, .rst_ni, .op_i(op), .sel_i, .npc_i, .blk_i, .tgt_i, .tmask_i, .rpc_i, \
    .ok_o(o[OUT_W-1]), .stall_o(o[OUT_W-2]), .bad_o(o[OUT_W-3]), .ev_o(o[OUT_W-4 -: 8]), \
    .st_valid_o(o[OUT_W-12 -: NST]), \
    .st_pc_o(o[OUT_W-12-NST -: NST*PC_W]), \
    .st_bpc_o(o[OUT_W-12-NST-NST*PC_W -: NST*PC_W]), \
    .st_mask_o(o[OUT_W-12-NST-2*NST*PC_W -: NST*W]), \
    .st_rpc_o(o[OUT_W-12-NST-2*NST*PC_W-NST*W -: NST*PC_W]), \
    .st_hasr_o(o[OUT_W-12-NST-3*NST*PC_W-NST*W -: NST]), \
    .st_ridx_o(o[OUT_W-12-2*NST-3*NST*PC_W-NST*W -: NST*RI_W]), \
    .rt_valid_o(o[OUT_W-12-2*NST-3*NST*PC_W-NST*W-NST*RI_W -: NRT]), \
    .rt_pc_o(o[OUT_W-12-2*NST-3*NST*PC_W-NST*W-NST*RI_W-NRT -: NRT*PC_W]), \
    .rt_rpc_o(o[OUT_W-12-2*NST-3*NST*PC_W-NST*W-NST*RI_W-NRT-NRT*PC_W -: NRT*PC_W]), \
    .rt_hasr_o(o[OUT_W-12-2*NST-3*NST*PC_W-NST*W-NST*RI_W-NRT-2*NRT*PC_W -: NRT]), \
    .rt_ridx_o(o[OUT_W-12-2*NST-3*NST*PC_W-NST*W-NST*RI_W-2*NRT-2*NRT*PC_W -: NRT*RI_W]), \
    .rt_rmask_o(o[OUT_W-12-2*NST-3*NST*PC_W-NST*W-NST*RI_W-2*NRT-2*NRT*PC_W-NRT*RI_W -: NRT*W]), \
    .rt_pend_o(o[OUT_W-12-2*NST-3*NST*PC_W-NST*W-NST*RI_W-2*NRT-2*NRT*PC_W-NRT*RI_W-NRT*W -: NRT*W]), \
    .pick_valid_o(o[SI_W+1]), .pick_o(o[SI_W:1]), .done_o(o[0]))
  logic [OUT_W-1:0] out_dut, out_ref;
  `STRT_STEP_FV_INST(u_dut, 2, op_i, out_dut);
  `STRT_STEP_FV_INST(u_ref, 1, ref_op, out_ref);
`undef STRT_STEP_FV_INST

  (* keep *) logic f_ph_dut;   // the DUT's phase, connected by the .sby after flatten
  always @(*) begin
    if (f_past_valid) begin
      a_out:   assert (out_dut == out_ref);
      a_phase: assert (f_ph_dut == ph_q);
    end
  end
  always @(*) begin
    if (f_past_valid && rst_ni) begin
      c_div:   cover (ph_q && out_dut[OUT_W-1] && out_dut[OUT_W-11]);   // an applied divergent BR
      c_merge: cover (ph_q && out_dut[OUT_W-1] && out_dut[OUT_W-6]);    // an applied OREC merge
      c_stall: cover (ph_q && out_dut[OUT_W-2]);
    end
  end
endmodule
`default_nettype wire
