// SPDX-License-Identifier: Apache-2.0
// simt_first_sel: select the key of the lowest-numbered valid lane, and the match mask of
// every valid lane with an equal key.
//
// This is the memory arbiter policy of Brunie & Collange 2013 §5.2 ("un codeur de priorité
// choisissant le premier thread actif"): a priority encoder picks the first requesting lane,
// its cache-line address goes to the cache, and every lane asking for the same line is served.
//
// Outputs when no lane is valid: valid_o = 0, key_o = 0, match_o = 0.
`default_nettype none
module simt_first_sel #(
  parameter int unsigned N = 4,
  parameter int unsigned K = 8
) (
  input  wire logic [N-1:0]   valid_i,
  input  wire logic [N*K-1:0] key_i,
  output logic                valid_o,
  output logic [K-1:0]        key_o,
  output logic [N-1:0]        match_o
);
  logic [N-1:0] first;   // one-hot: lowest valid lane
  assign first   = valid_i & (~valid_i + 1'b1);
  assign valid_o = |valid_i;

  // AND-OR multiplexer driven by the one-hot select.
  for (genvar i = 0; i < N; i++) begin : g_or
    logic [K-1:0] acc;
    if (i == 0) begin : g_first
      assign acc = first[0] ? key_i[K-1:0] : '0;
    end else begin : g_next
      assign acc = g_or[i-1].acc | (first[i] ? key_i[i*K +: K] : '0);
    end
  end
  assign key_o = g_or[N-1].acc;

  for (genvar i = 0; i < N; i++) begin : g_match
    assign match_o[i] = valid_i[i] & (key_i[i*K +: K] == key_o);
  end
endmodule
`default_nettype wire
