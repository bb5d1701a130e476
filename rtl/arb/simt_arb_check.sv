// SPDX-License-Identifier: Apache-2.0
// simt_arb_check: functional specification of one arbiter operator's outputs, as assertions
// beside the RTL (docs/verification.md, "Assertions in the RTL"). simt_arb_pc, simt_arb_mem,
// simt_arb_unified and simt_arb_combined each instantiate it on their own ports (under
// `ifndef SYNTHESIS): every Verilated model checks it on every evaluation, and it is the proof
// obligation of formal/arb/arb_spec.sby (formal/README.md). Written from the contracts in the
// operators' file headers, independently of the RTL: no RTL primitive (simt_min_*,
// simt_first_sel) is used, the minimum is stated quantifier-style, lane by lane. Purely
// combinational, no assumption: it holds for every input.
//
// For lane i let mk_i be the key as the selected arbitration sees it:
//   PC mode     (mem_mode_i = 0): mk_i = SP_i:PC_i, the whole key
//   memory mode (mem_mode_i = 1): mk_i = the cache line's base address, i.e. the key with its
//                                 SP field and its OFF_W offset bits zeroed
// and hit_i = valid_i[i] && mk_i == res_key_i. Then:
//   a_valid          res_valid_i == |valid_i
//   a_min, a_exists  minimum policy (first_i = 0): res_key_i <= mk_i (unsigned) for every valid
//                    lane, and some valid lane has mk_i == res_key_i: res_key_i is the minimum
//                    of the valid mk_i
//   a_first          first-lane policy (first_i = 1): res_key_i == mk_f, f the lowest-numbered
//                    valid lane (a_exists holds too)
//   a_match          res_match_i[i] == hit_i for every lane: exactly the valid lanes at the key
//   a_idle_key,      no lane valid: res_key_i == 0, res_match_i == 0 (and res_valid_i == 0)
//   a_idle_match
// Synthesis (SYNTHESIS defined) sees an empty module; the operators do not instantiate it then.
`default_nettype none
module simt_arb_check #(
  parameter int unsigned W     = 4,
  parameter int unsigned PC_W  = 32,
  parameter int unsigned SP_W  = 0,
  parameter int unsigned OFF_W = 7,
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input wire logic               mem_mode_i,   // 0: SP:PC keys, 1: line keys
  input wire logic               first_i,      // memory policy: 1 first valid lane, 0 minimum
  // the operator's inputs
  input wire logic [W-1:0]       valid_i,
  input wire logic [W*KEY_W-1:0] key_i,
  // the operator's outputs
  input wire logic               res_valid_i,
  input wire logic [KEY_W-1:0]   res_key_i,
  input wire logic [W-1:0]       res_match_i
);
`ifndef SYNTHESIS
`include "simt_assert.svh"
  // The key bits that take part in memory arbitration: PC bits [PC_W-1:OFF_W].
  localparam logic [KEY_W-1:0] LINE_BITS = ({KEY_W{1'b1}} >> SP_W) & ({KEY_W{1'b1}} << OFF_W);

  // Per lane, one ok bit per check (a label inside the generate loop would collide in Yosys:
  // the vectors are asserted below, one named assertion each).
  logic [W-1:0] hit, ok_min, ok_first, ok_match;
  logic         any_valid;
  assign any_valid = |valid_i;

  for (genvar i = 0; i < W; i++) begin : g_lane
    localparam logic [W-1:0] BELOW = (W'(1) << i) - W'(1);   // the lanes numbered below i
    logic [KEY_W-1:0] mk;
    assign mk          = mem_mode_i ? (key_i[i*KEY_W +: KEY_W] & LINE_BITS) : key_i[i*KEY_W +: KEY_W];
    assign hit[i]      = valid_i[i] && (mk == res_key_i);
    assign ok_min[i]   = first_i || !valid_i[i] || (res_key_i <= mk);
    assign ok_first[i] = !first_i || !valid_i[i] || ((valid_i & BELOW) != '0) || (res_key_i == mk);
    assign ok_match[i] = (res_match_i[i] == hit[i]);
  end

  `SIMT_ASSERT_COMB(a_valid, res_valid_i == any_valid)
  `SIMT_ASSERT_COMB(a_min, ok_min == '1)
  `SIMT_ASSERT_COMB(a_first, ok_first == '1)
  `SIMT_ASSERT_COMB(a_exists, !any_valid || hit != '0)
  `SIMT_ASSERT_COMB(a_match, ok_match == '1)
  `SIMT_ASSERT_COMB(a_idle_key, any_valid || res_key_i == '0)
  `SIMT_ASSERT_COMB(a_idle_match, any_valid || res_match_i == '0)
`endif
endmodule
`default_nettype wire
