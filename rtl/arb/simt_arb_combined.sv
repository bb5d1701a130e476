// SPDX-License-Identifier: Apache-2.0
// simt_arb_combined: PC arbiter and memory arbiter side by side, output chosen by mode_i
// (Brunie & Collange 2013 §6.4, Table 5 row "Combiné"): the baseline the unified arbiter
// is compared with. mode_i = 0 selects the PC arbiter, 1 the memory arbiter.
`default_nettype none
module simt_arb_combined #(
  parameter int unsigned W          = 32,
  parameter int unsigned PC_W       = 32,
  parameter int unsigned SP_W       = 0,
  parameter int unsigned OFF_W      = 7,
  parameter int unsigned IMPL       = 0,
  parameter int unsigned MEM_POLICY = 1,
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input  wire logic                 mode_i,
  input  wire logic [W-1:0]         valid_i,
  input  wire logic [W*KEY_W-1:0]   key_i,
  output logic                      valid_o,
  output logic [KEY_W-1:0]          key_o,
  output logic [W-1:0]              match_o
);
  logic             pc_valid, mem_valid;
  logic [KEY_W-1:0] pc_key, mem_key;
  logic [W-1:0]     pc_match, mem_match;

  simt_arb_pc #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL)) u_pc (
    .mode_i, .valid_i, .key_i, .valid_o(pc_valid), .key_o(pc_key), .match_o(pc_match)
  );
  simt_arb_mem #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL),
                 .POLICY(MEM_POLICY)) u_mem (
    .mode_i, .valid_i, .key_i, .valid_o(mem_valid), .key_o(mem_key), .match_o(mem_match)
  );

  assign valid_o = mode_i ? mem_valid : pc_valid;
  assign key_o   = mode_i ? mem_key   : pc_key;
  assign match_o = mode_i ? mem_match : pc_match;

`ifndef SYNTHESIS
  // The specification (rtl/arb/simt_arb_check.sv): mode_i = 0 PC arbitration, 1 memory
  // arbitration with MEM_POLICY (1: the first valid lane's line, 0: the minimum line).
  simt_arb_check #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W)) u_check (
    .mem_mode_i(mode_i), .first_i((MEM_POLICY == 1) && mode_i), .valid_i, .key_i,
    .res_valid_i(valid_o), .res_key_i(key_o), .res_match_i(match_o)
  );
`endif
endmodule
`default_nettype wire
