// SPDX-License-Identifier: Apache-2.0
// arb_spec: one arbiter operator (arb_op, OP) against its specification. The specification is
// the RTL's own: every operator instantiates rtl/arb/simt_arb_check.sv on its ports (its
// assertions a_valid, a_min, a_first, a_exists, a_match, a_idle_key, a_idle_match), so the
// DUT's assertions are this proof's obligations; this wrapper adds none. mode_i, valid_i and
// key_i are free inputs: every input and every mode is covered, nothing is assumed.
//   OP          specification checked (mem_mode_i, first_i of the operator's simt_arb_check)
//   pc          PC arbitration whatever mode_i is         (0, 0)
//   mem_min     memory, minimum line, whatever mode_i is  (1, 0)
//   mem_first   memory, first valid lane's line           (1, 1)
//   comb_min    mode_i = 0: PC, 1: minimum line           (mode_i, 0)
//   comb_first  mode_i = 0: PC, 1: first valid lane's line (mode_i, mode_i)
//   uni         mode_i = 0: PC, 1: minimum line           (mode_i, 0)
// (comb_*: the instances of simt_arb_pc and simt_arb_mem inside simt_arb_combined check their
// own specifications too.)
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
endmodule
`default_nettype wire
