// SPDX-License-Identifier: Apache-2.0
// simt_arb_pipe_fv: formal wrapper of simt_arb_pipe (the pipelined form) against the
// single-cycle unified arbiter simt_arb_unified (the area form, IMPL = 0: MSB-first
// elimination, a different structure from the pipe's comparator tree), with the latency
// accounted for: the reference's outputs go through a STAGES-deep delay line cleared by the
// same reset, and the pipe's outputs must equal its end in every cycle (uniform_o against the
// reference's "match = the valid lanes"). Every input free
// (reset included, asserted in the first cycle), so the proof covers mid-run resets. The
// reference is itself proven against the specification in formal/arb/arb_spec.sby (uni_*).
// The unit's local invariants are assertions of the RTL itself (rtl/arb_pipe/simt_arb_pipe.sv,
// rtl/common/simt_assert.svh), proven here as part of the DUT: a_match_nz (valid_o iff a
// non-empty match), a_idle_zero (no valid lane: key_o = 0), a_mode_copies (STAGES >= clog2(W) + 1:
// the input rank's copies of mode_i agree). a_late stays here: it needs the reference.
`default_nettype none
module simt_arb_pipe_fv #(
  parameter int unsigned W      = 4,
  parameter int unsigned PC_W   = 8,
  parameter int unsigned SP_W   = 2,
  parameter int unsigned OFF_W  = 3,
  parameter int unsigned STAGES = 1,
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input wire logic               clk_i,
  input wire logic               rst_ni,
  input wire logic               mode_i,
  input wire logic [W-1:0]       valid_i,
  input wire logic [W*KEY_W-1:0] key_i
);
  logic             valid_o, r_valid;
  logic [KEY_W-1:0] key_o, r_key;
  logic [W-1:0]     match_o, r_match;
  logic             uniform_o, r_uni;

  simt_arb_pipe #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .STAGES(STAGES)) u_dut (
    .clk_i, .rst_ni, .mode_i, .valid_i, .key_i, .valid_o, .key_o, .match_o, .uniform_o
  );
  simt_arb_unified #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(0)) u_ref (
    .mode_i, .valid_i, .key_i, .valid_o(r_valid), .key_o(r_key), .match_o(r_match)
  );

  // uniform_o's reference: every valid lane is served (the match is the whole valid set).
  assign r_uni = r_valid && (r_match == valid_i);

  // The reference delayed by STAGES cycles: d_q[s] holds the result of s + 1 cycles ago.
  localparam int unsigned DW = 2 + KEY_W + W;
  logic [STAGES-1:0][DW-1:0] d_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int s = 0; s < STAGES; s++) d_q[s] <= '0;
    end else begin
      d_q[0] <= {r_valid, r_key, r_match, r_uni};
      for (int s = 1; s < STAGES; s++) d_q[s] <= d_q[s-1];
    end
  end

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) if (!f_past_valid) assume (!rst_ni);

  always @(*) begin
    if (f_past_valid) begin
      a_late: assert ({valid_o, key_o, match_o, uniform_o} == d_q[STAGES-1]);
    end
  end

  // Reachability: a memory-mode tie and a PC-mode result, out of the pipe after a reset.
  logic [STAGES:0] f_run_q;   // rst_ni at the last STAGES + 1 edges, newest in bit 0
  always_ff @(posedge clk_i) f_run_q <= {f_run_q[STAGES-1:0], rst_ni};
  always @(*) begin
    if (f_past_valid && &f_run_q[STAGES-1:0]) begin
      c_tie:    cover (valid_o && match_o[0] && match_o[W-1]);
      c_single: cover (valid_o && match_o == {{(W-1){1'b0}}, 1'b1} << (W-1));
      c_mixed:  cover (valid_o && !uniform_o);
    end
  end
endmodule
`default_nettype wire
