// SPDX-License-Identifier: Apache-2.0
// arb_miter: equivalence miter between two arbiter operators (arb_op): instance a is
// OP_A/IMPL_A, instance b is OP_B/IMPL_B; all three outputs must be equal. valid_i and key_i
// are free inputs shared by both; mode_i is free (MODE = 2) or tied to MODE (0 or 1) for both.
// Nothing is assumed.
`default_nettype none
module arb_miter #(
  parameter              OP_A   = "pc",
  parameter              OP_B   = "pc",
  parameter int unsigned IMPL_A = 0,
  parameter int unsigned IMPL_B = 1,
  parameter int unsigned MODE   = 2,   // 0 or 1: mode_i tied to this value; 2: free
  parameter int unsigned W      = 4,
  parameter int unsigned PC_W   = 32,
  parameter int unsigned SP_W   = 0,
  parameter int unsigned OFF_W  = 7,
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input wire logic               mode_i,
  input wire logic [W-1:0]       valid_i,
  input wire logic [W*KEY_W-1:0] key_i
);
  logic mode;
  assign mode = (MODE == 2) ? mode_i : MODE[0];

  (* keep *) logic a_valid, b_valid;
  (* keep *) logic [KEY_W-1:0] a_key, b_key;
  (* keep *) logic [W-1:0] a_match, b_match;

  arb_op #(.OP(OP_A), .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL_A)) a (
    .mode_i(mode), .valid_i, .key_i, .valid_o(a_valid), .key_o(a_key), .match_o(a_match));
  arb_op #(.OP(OP_B), .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL_B)) b (
    .mode_i(mode), .valid_i, .key_i, .valid_o(b_valid), .key_o(b_key), .match_o(b_match));

  always_comb begin
    e_valid: assert (a_valid == b_valid);
    e_key:   assert (a_key == b_key);
    e_match: assert (a_match == b_match);
  end
endmodule
`default_nettype wire

// arb_equiv: the miters of one .sby task.
//   GROUP = "impl":   area form == delay form of operator OP (mode_i free)
//   GROUP = "struct": with both operands in the IMPL form:
//     simt_arb_unified in mode 0 == simt_arb_pc
//     simt_arb_unified in mode 1 == simt_arb_mem, POLICY = 0 (minimum line)
//     simt_arb_combined (MEM_POLICY 0 and 1) == mode_i ? simt_arb_mem : simt_arb_pc
`default_nettype none
module arb_equiv #(
  parameter              GROUP = "impl",
  parameter              OP    = "pc",
  parameter int unsigned IMPL  = 0,
  parameter int unsigned W     = 4,
  parameter int unsigned PC_W  = 32,
  parameter int unsigned SP_W  = 0,
  parameter int unsigned OFF_W = 7,
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input wire logic               mode_i,
  input wire logic [W-1:0]       valid_i,
  input wire logic [W*KEY_W-1:0] key_i
);
  if (GROUP == "impl") begin : g_impl
    arb_miter #(.OP_A(OP), .OP_B(OP), .IMPL_A(0), .IMPL_B(1), .MODE(2),
                .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W)) m (.mode_i, .valid_i, .key_i);
  end else if (GROUP == "struct") begin : g_struct
    arb_miter #(.OP_A("uni"), .OP_B("pc"), .IMPL_A(IMPL), .IMPL_B(IMPL), .MODE(0),
                .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W)) uni_pc (.mode_i, .valid_i, .key_i);
    arb_miter #(.OP_A("uni"), .OP_B("mem_min"), .IMPL_A(IMPL), .IMPL_B(IMPL), .MODE(1),
                .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W)) uni_mem (.mode_i, .valid_i, .key_i);
    arb_miter #(.OP_A("comb_min"), .OP_B("ref_min"), .IMPL_A(IMPL), .IMPL_B(IMPL), .MODE(2),
                .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W)) comb_min (.mode_i, .valid_i, .key_i);
    arb_miter #(.OP_A("comb_first"), .OP_B("ref_first"), .IMPL_A(IMPL), .IMPL_B(IMPL), .MODE(2),
                .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W)) comb_first (.mode_i, .valid_i, .key_i);
  end else begin : g_bad
    $error("arb_equiv: unknown GROUP");
  end
endmodule
`default_nettype wire
