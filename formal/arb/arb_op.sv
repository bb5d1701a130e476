// SPDX-License-Identifier: Apache-2.0
// arb_op: one arbiter operator chosen by name, for the formal wrappers (arb_spec, arb_equiv).
//   OP = "pc"         simt_arb_pc
//        "mem_min"    simt_arb_mem, POLICY = 0 (minimum line)
//        "mem_first"  simt_arb_mem, POLICY = 1 (line of the first valid lane)
//        "comb_min"   simt_arb_combined, MEM_POLICY = 0
//        "comb_first" simt_arb_combined, MEM_POLICY = 1
//        "uni"        simt_arb_unified
//        "ref_min"    reference composition for the combined miter, written here:
//        "ref_first"  mode_i ? simt_arb_mem (POLICY 0 / 1) : simt_arb_pc
`default_nettype none
module arb_op #(
  parameter              OP    = "pc",
  parameter int unsigned W     = 4,
  parameter int unsigned PC_W  = 32,
  parameter int unsigned SP_W  = 0,
  parameter int unsigned OFF_W = 7,
  parameter int unsigned IMPL  = 0,
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input  wire logic               mode_i,
  input  wire logic [W-1:0]       valid_i,
  input  wire logic [W*KEY_W-1:0] key_i,
  output logic                    valid_o,
  output logic [KEY_W-1:0]        key_o,
  output logic [W-1:0]            match_o
);
  if (OP == "pc") begin : g_pc
    simt_arb_pc #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL)) u (
      .mode_i, .valid_i, .key_i, .valid_o, .key_o, .match_o);
  end else if (OP == "mem_min" || OP == "mem_first") begin : g_mem
    simt_arb_mem #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL),
                   .POLICY(OP == "mem_first")) u (
      .mode_i, .valid_i, .key_i, .valid_o, .key_o, .match_o);
  end else if (OP == "comb_min" || OP == "comb_first") begin : g_comb
    simt_arb_combined #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL),
                        .MEM_POLICY(OP == "comb_first")) u (
      .mode_i, .valid_i, .key_i, .valid_o, .key_o, .match_o);
  end else if (OP == "uni") begin : g_uni
    simt_arb_unified #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL)) u (
      .mode_i, .valid_i, .key_i, .valid_o, .key_o, .match_o);
  end else if (OP == "ref_min" || OP == "ref_first") begin : g_ref
    logic             pc_v, mem_v;
    logic [KEY_W-1:0] pc_k, mem_k;
    logic [W-1:0]     pc_m, mem_m;
    simt_arb_pc #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL)) u_pc (
      .mode_i, .valid_i, .key_i, .valid_o(pc_v), .key_o(pc_k), .match_o(pc_m));
    simt_arb_mem #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL),
                   .POLICY(OP == "ref_first")) u_mem (
      .mode_i, .valid_i, .key_i, .valid_o(mem_v), .key_o(mem_k), .match_o(mem_m));
    assign valid_o = mode_i ? mem_v : pc_v;
    assign key_o   = mode_i ? mem_k : pc_k;
    assign match_o = mode_i ? mem_m : pc_m;
  end else begin : g_bad
    $error("arb_op: unknown OP");
  end
endmodule
`default_nettype wire
