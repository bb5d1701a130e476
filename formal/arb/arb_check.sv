// SPDX-License-Identifier: Apache-2.0
// arb_check: functional specification of one arbiter operator's outputs, as immediate
// assertions. Written from the contracts in the RTL file headers, independently of the RTL:
// no RTL primitive (simt_min_*, simt_first_sel) is used, the minimum is stated
// quantifier-style, lane by lane. Purely combinational, no assumptions.
//
// For lane i let mk_i be the key as the selected arbitration sees it:
//   PC mode     (mem_mode = 0): mk_i = SP_i:PC_i, the whole key
//   memory mode (mem_mode = 1): mk_i = the cache line's base address, i.e. the key with its
//                               SP field and its OFF_W offset bits zeroed
// and hit_i = valid_i[i] && mk_i == key_o. Then:
//   (a) valid_o == |valid_i
//   (b) minimum policy (first = 0): for every valid lane i, key_o <= mk_i (unsigned),
//       and some valid lane has mk_i == key_o: key_o is the minimum of the valid mk_i
//       first-lane policy (first = 1): key_o == mk_f, f the lowest-numbered valid lane
//   (c) match_o[i] == hit_i for every lane: exactly the valid lanes at the selected key
//   (d) no lane valid: valid_o == 0, key_o == 0, match_o == 0
`default_nettype none
module arb_check #(
  parameter int unsigned W     = 4,
  parameter int unsigned PC_W  = 32,
  parameter int unsigned SP_W  = 0,
  parameter int unsigned OFF_W = 7,
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input wire logic               mem_mode,   // 0: SP:PC keys, 1: line keys
  input wire logic               first,      // memory policy: 1 first valid lane, 0 minimum
  input wire logic [W-1:0]       valid_i,
  input wire logic [W*KEY_W-1:0] key_i,
  input wire logic               valid_o,
  input wire logic [KEY_W-1:0]   key_o,
  input wire logic [W-1:0]       match_o
);
  // The key bits that take part in memory arbitration: PC bits [PC_W-1:OFF_W].
  localparam logic [KEY_W-1:0] LINE_BITS = ({KEY_W{1'b1}} >> SP_W) & ({KEY_W{1'b1}} << OFF_W);

  logic [W-1:0] hit;
  logic         any_valid;
  assign any_valid = |valid_i;

  for (genvar i = 0; i < W; i++) begin : g_lane
    localparam logic [W-1:0] BELOW = (W'(1) << i) - W'(1);   // the lanes numbered below i
    logic [KEY_W-1:0] mk;
    assign mk     = mem_mode ? (key_i[i*KEY_W +: KEY_W] & LINE_BITS) : key_i[i*KEY_W +: KEY_W];
    assign hit[i] = valid_i[i] && (mk == key_o);

    always_comb begin
      // (Labels inside a generate loop would collide in Yosys: these are named by line.)
      if (!first && valid_i[i]) assert (key_o <= mk);                            // (b) min
      if (first && valid_i[i] && (valid_i & BELOW) == '0) assert (key_o == mk);  // (b) first
      assert (match_o[i] == hit[i]);                                             // (c)
    end
  end

  always_comb begin
    a_valid: assert (valid_o == any_valid);
    if (any_valid)
      b_exists: assert (|hit);
    if (!any_valid) begin
      d_key_zero: assert (key_o == '0);
      d_match_zero: assert (match_o == '0);
    end
  end
endmodule
`default_nettype wire
