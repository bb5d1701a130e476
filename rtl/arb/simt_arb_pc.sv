// SPDX-License-Identifier: Apache-2.0
// simt_arb_pc: PC arbiter (Brunie & Collange 2013 §5.1, Table 5 row "PC"; Collange 2011 §4.1).
//
// Selects MPC = min over valid lanes of key_i = SP_i:PC_i and the mask of lanes at MPC.
// mode_i is ignored: it is here so the four Table 5 operators share one port list.
`default_nettype none
module simt_arb_pc #(
  parameter int unsigned W     = 32,  // lanes
  parameter int unsigned PC_W  = 32,  // PC (and data address) bits
  parameter int unsigned SP_W  = 0,   // stack-pointer bits above the PC in the key
  parameter int unsigned OFF_W = 7,   // cache-line offset bits (unused here)
  parameter int unsigned IMPL  = 0,   // 0: area-optimised, 1: delay-optimised
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input  wire logic                 mode_i,   // unused
  input  wire logic [W-1:0]         valid_i,
  input  wire logic [W*KEY_W-1:0]   key_i,
  output logic                      valid_o,
  output logic [KEY_W-1:0]          key_o,
  output logic [W-1:0]              match_o
);
  logic unused_mode;
  assign unused_mode = mode_i;
  if (OFF_W > PC_W) begin : g_bad_off
    $error("simt_arb_pc: OFF_W (%0d) must not exceed PC_W (%0d)", OFF_W, PC_W);
  end

  simt_min_sel #(.N(W), .K(KEY_W), .IMPL(IMPL)) u_min (
    .valid_i, .key_i, .valid_o, .key_o, .match_o
  );

`ifndef SYNTHESIS
  // The specification (rtl/arb/simt_arb_check.sv): PC arbitration whatever mode_i is.
  simt_arb_check #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W)) u_check (
    .mem_mode_i(1'b0), .first_i(1'b0), .valid_i, .key_i,
    .res_valid_i(valid_o), .res_key_i(key_o), .res_match_i(match_o)
  );
`endif
endmodule
`default_nettype wire
