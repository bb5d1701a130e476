// SPDX-License-Identifier: Apache-2.0
// arb_spec: one arbiter operator (arb_op, OP) against the specification in arb_check.
// mode_i, valid_i and key_i are free inputs: every input and every mode is covered, nothing
// is assumed.
//   OP          specification checked (mem_mode, first)
//   pc          PC arbitration whatever mode_i is         (0, 0)
//   mem_min     memory, minimum line, whatever mode_i is  (1, 0)
//   mem_first   memory, first valid lane's line           (1, 1)
//   comb_min    mode_i = 0: PC, 1: minimum line           (mode_i, 0)
//   comb_first  mode_i = 0: PC, 1: first valid lane's line (mode_i, mode_i)
//   uni         mode_i = 0: PC, 1: minimum line           (mode_i, 0)
`default_nettype none
module arb_spec #(
  parameter              OP    = "pc",
  parameter int unsigned W     = 4,
  parameter int unsigned PC_W  = 32,
  parameter int unsigned SP_W  = 0,
  parameter int unsigned OFF_W = 7,
  parameter int unsigned IMPL  = 0,
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input wire logic               mode_i,
  input wire logic [W-1:0]       valid_i,
  input wire logic [W*KEY_W-1:0] key_i
);
  (* keep *) logic             valid_o;
  (* keep *) logic [KEY_W-1:0] key_o;
  (* keep *) logic [W-1:0]     match_o;

  arb_op #(.OP(OP), .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL)) dut (
    .mode_i, .valid_i, .key_i, .valid_o, .key_o, .match_o);

  logic mem_mode, first;
  assign mem_mode = (OP == "pc") ? 1'b0 : (OP == "mem_min" || OP == "mem_first") ? 1'b1 : mode_i;
  assign first    = (OP == "mem_first") ? 1'b1 : (OP == "comb_first") ? mode_i : 1'b0;

  arb_check #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W)) chk (
    .mem_mode, .first, .valid_i, .key_i, .valid_o, .key_o, .match_o);
endmodule
`default_nettype wire
