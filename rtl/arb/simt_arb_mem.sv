// SPDX-License-Identifier: Apache-2.0
// simt_arb_mem: memory arbiter (Brunie & Collange 2013 §5.2, Table 5 row "Mémoire";
// Collange 2011 §4.2).
//
// Each valid lane requests the data address held in the PC field of key_i; the cache-line
// number is that address without its OFF_W offset bits, and the SP field is ignored. The
// arbiter selects one line and returns the mask of valid lanes asking for that line (served);
// the other valid lanes conflict and replay. key_o is the selected line's base address,
// placed in the PC field ({SP = 0, line, offset = 0}).
//   POLICY = 1 (default): the line of the lowest-numbered valid lane (priority encoder, §5.2).
//   POLICY = 0: the lowest line number (the policy of the unified arbiter in memory mode).
`default_nettype none
module simt_arb_mem #(
  parameter int unsigned W      = 32,
  parameter int unsigned PC_W   = 32,
  parameter int unsigned SP_W   = 0,
  parameter int unsigned OFF_W  = 7,
  parameter int unsigned IMPL   = 0,   // min policy only: 0 area, 1 delay
  parameter int unsigned POLICY = 1,   // 1: first valid lane, 0: minimum line
  localparam int unsigned KEY_W  = SP_W + PC_W,
  localparam int unsigned LINE_W = PC_W - OFF_W
) (
  input  wire logic                 mode_i,   // unused
  input  wire logic [W-1:0]         valid_i,
  // The SP field and the offset bits of each key do not take part in memory arbitration.
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire logic [W*KEY_W-1:0]   key_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output logic                      valid_o,
  output logic [KEY_W-1:0]          key_o,
  output logic [W-1:0]              match_o
);
  if (OFF_W >= PC_W) begin : g_bad_off
    $error("simt_arb_mem: OFF_W (%0d) must be below PC_W (%0d)", OFF_W, PC_W);
  end

  logic unused_mode;
  assign unused_mode = mode_i;

  logic [W*LINE_W-1:0] line;
  for (genvar i = 0; i < W; i++) begin : g_line
    assign line[i*LINE_W +: LINE_W] = key_i[i*KEY_W + OFF_W +: LINE_W];
  end

  logic [LINE_W-1:0] line_sel;
  if (POLICY == 1) begin : g_first
    simt_first_sel #(.N(W), .K(LINE_W)) u_sel (
      .valid_i, .key_i(line), .valid_o, .key_o(line_sel), .match_o
    );
  end else begin : g_min
    simt_min_sel #(.N(W), .K(LINE_W), .IMPL(IMPL)) u_sel (
      .valid_i, .key_i(line), .valid_o, .key_o(line_sel), .match_o
    );
  end

  assign key_o = KEY_W'({line_sel, {OFF_W{1'b0}}});

`ifndef SYNTHESIS
  // The specification (rtl/arb/simt_arb_check.sv): memory arbitration whatever mode_i is,
  // the first valid lane's line (POLICY 1) or the minimum line (POLICY 0).
  simt_arb_check #(.W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W)) u_check (
    .mem_mode_i(1'b1), .first_i(1'(POLICY == 1)), .valid_i, .key_i,
    .res_valid_i(valid_o), .res_key_i(key_o), .res_match_i(match_o)
  );
`endif
endmodule
`default_nettype wire
