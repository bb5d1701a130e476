// SPDX-License-Identifier: Apache-2.0
// simt_arb_unified: ONE reduction structure for both PC and memory arbitration
// (Collange 2011 §4.3 and Fig. 4b; Brunie & Collange 2013 §5.3, Fig. 5b, Table 5 row "Unifié").
//
// mode_i = 0 (PC): key = SP_i:PC_i, result = minimum key and the lanes at it (MPC).
// mode_i = 1 (memory): the SP field and the OFF_W offset bits are forced to 0 before the
// reduction, so the same min-select picks the lowest cache line and its match mask is the set
// of served lanes; key_o is then the line's base address. Only (SP_W + OFF_W) AND gates per
// lane are added to the PC arbiter.
`default_nettype none
module simt_arb_unified #(
  parameter int unsigned W     = 32,
  parameter int unsigned PC_W  = 32,
  parameter int unsigned SP_W  = 0,
  parameter int unsigned OFF_W = 7,
  parameter int unsigned IMPL  = 0,
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input  wire logic                 mode_i,
  input  wire logic [W-1:0]         valid_i,
  input  wire logic [W*KEY_W-1:0]   key_i,
  output logic                      valid_o,
  output logic [KEY_W-1:0]          key_o,
  output logic [W-1:0]              match_o
);
  if (OFF_W >= PC_W) begin : g_bad_off
    $error("simt_arb_unified: OFF_W (%0d) must be below PC_W (%0d)", OFF_W, PC_W);
  end

  // Bits kept in memory mode: the line-number part of the PC field.
  localparam logic [KEY_W-1:0] LINE_MASK = KEY_W'({{(PC_W - OFF_W){1'b1}}, {OFF_W{1'b0}}});

  logic [KEY_W-1:0]   keep;
  logic [W*KEY_W-1:0] key_m;
  assign keep = mode_i ? LINE_MASK : '1;
  for (genvar i = 0; i < W; i++) begin : g_mask
    assign key_m[i*KEY_W +: KEY_W] = key_i[i*KEY_W +: KEY_W] & keep;
  end

  simt_min_sel #(.N(W), .K(KEY_W), .IMPL(IMPL)) u_min (
    .valid_i, .key_i(key_m), .valid_o, .key_o, .match_o
  );

`ifndef SYNTHESIS
  // The specification (rtl/arb/simt_arb_check.sv): mode_i = 0 PC arbitration, 1 the
  // minimum line.
  simt_arb_check #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W)) u_check (
    .mem_mode_i(mode_i), .first_i(1'b0), .valid_i, .key_i,
    .res_valid_i(valid_o), .res_key_i(key_o), .res_match_i(match_o)
  );
`endif
endmodule
`default_nettype wire
