// SPDX-License-Identifier: Apache-2.0
// simt_min_sel: minimum select with match mask, in the area form (IMPL = 0, MSB-first
// elimination, simt_min_elim) or the delay form (IMPL = 1, comparator tree, simt_min_tree).
// Both forms have the same contract, proven equal in formal/arb/arb_equiv.sby (and each
// against the specification in formal/arb/arb_spec.sby).
`default_nettype none
module simt_min_sel #(
  parameter int unsigned N    = 4,
  parameter int unsigned K    = 8,
  parameter int unsigned IMPL = 0   // 0: area-optimised, 1: delay-optimised
) (
  input  wire logic [N-1:0]   valid_i,
  input  wire logic [N*K-1:0] key_i,
  output logic                valid_o,
  output logic [K-1:0]        key_o,
  output logic [N-1:0]        match_o
);
  if (IMPL == 0) begin : g_area
    simt_min_elim #(.N(N), .K(K)) u_sel (
      .valid_i, .key_i, .valid_o, .key_o, .match_o
    );
  end else begin : g_delay
    simt_min_tree #(.N(N), .K(K)) u_sel (
      .valid_i, .key_i, .valid_o, .key_o, .match_o
    );
  end
endmodule
`default_nettype wire
