// SPDX-License-Identifier: Apache-2.0
// simt_arb_top: cross-check wrapper holding every arbiter operator on the same inputs, so a
// single model (Verilator, or the gate-level netlist) per W covers them all. Operator n drives
// valid_o[n], key_o[n*KEY_W +: KEY_W], match_o[n*W +: W]; the numbering is SIMT_ARB_OP_* in
// cmodel/simt_arb.h.
`default_nettype none
module simt_arb_top #(
  parameter int unsigned W     = 32,
  parameter int unsigned PC_W  = 32,
  parameter int unsigned SP_W  = 8,
  parameter int unsigned OFF_W = 7,
  localparam int unsigned KEY_W = SP_W + PC_W,
  localparam int unsigned NOPS  = 10
) (
  input  wire logic                    mode_i,
  input  wire logic [W-1:0]            valid_i,
  input  wire logic [W*KEY_W-1:0]      key_i,
  output logic      [NOPS-1:0]         valid_o,
  output logic      [NOPS*KEY_W-1:0]   key_o,
  output logic      [NOPS*W-1:0]       match_o
);
  for (genvar impl = 0; impl < 2; impl++) begin : g_impl
    simt_arb_pc #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(impl)) u_pc (
      .mode_i, .valid_i, .key_i,
      .valid_o(valid_o[0 + impl]), .key_o(key_o[(0 + impl)*KEY_W +: KEY_W]),
      .match_o(match_o[(0 + impl)*W +: W])
    );
    simt_arb_mem #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(impl),
                   .POLICY(1)) u_mem_first (
      .mode_i, .valid_i, .key_i,
      .valid_o(valid_o[2 + impl]), .key_o(key_o[(2 + impl)*KEY_W +: KEY_W]),
      .match_o(match_o[(2 + impl)*W +: W])
    );
    simt_arb_combined #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(impl),
                        .MEM_POLICY(1)) u_comb (
      .mode_i, .valid_i, .key_i,
      .valid_o(valid_o[4 + impl]), .key_o(key_o[(4 + impl)*KEY_W +: KEY_W]),
      .match_o(match_o[(4 + impl)*W +: W])
    );
    simt_arb_unified #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(impl)) u_unif (
      .mode_i, .valid_i, .key_i,
      .valid_o(valid_o[6 + impl]), .key_o(key_o[(6 + impl)*KEY_W +: KEY_W]),
      .match_o(match_o[(6 + impl)*W +: W])
    );
    simt_arb_mem #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(impl),
                   .POLICY(0)) u_mem_min (
      .mode_i, .valid_i, .key_i,
      .valid_o(valid_o[8 + impl]), .key_o(key_o[(8 + impl)*KEY_W +: KEY_W]),
      .match_o(match_o[(8 + impl)*W +: W])
    );
  end
endmodule
`default_nettype wire
