// SPDX-License-Identifier: Apache-2.0
// simt_min_tree: minimum select by a balanced comparator tree (delay form).
//
// The delay end of the trade-off in Brunie & Collange 2013 Table 5: log2(N) levels of
// (valid, key) comparators, each keeping the smaller valid key, then one equality
// comparator per lane against the winner for the match mask. Depth grows with
// log2(N) * log2(K); area is about N magnitude comparators plus N equality comparators.
//
// Outputs when no lane is valid: valid_o = 0, key_o = 0, match_o = 0.
`default_nettype none
module simt_min_tree #(
  parameter int unsigned N = 4,
  parameter int unsigned K = 8
) (
  input  wire logic [N-1:0]   valid_i,
  input  wire logic [N*K-1:0] key_i,
  output logic                valid_o,
  output logic [K-1:0]        key_o,
  output logic [N-1:0]        match_o
);
  localparam int unsigned L = (N > 1) ? $clog2(N) : 1;  // tree levels
  localparam int unsigned P = 1 << L;                   // leaves, padded to a power of two

  // Level l holds P >> l nodes; each level has its own signals (no UNOPTFLAT).
  for (genvar l = 0; l <= L; l++) begin : g_lvl
    localparam int unsigned M = P >> l;
    logic [M-1:0]   vld;
    logic [M*K-1:0] key;
    if (l == 0) begin : g_leaf
      for (genvar i = 0; i < M; i++) begin : g_in
        if (i < N) begin : g_real
          assign vld[i]         = valid_i[i];
          assign key[i*K +: K]  = key_i[i*K +: K];
        end else begin : g_pad
          assign vld[i]         = 1'b0;
          assign key[i*K +: K]  = '0;
        end
      end
    end else begin : g_node
      for (genvar i = 0; i < M; i++) begin : g_cmp
        logic         va, vb, take_a;
        logic [K-1:0] ka, kb;
        assign va = g_lvl[l-1].vld[2*i];
        assign vb = g_lvl[l-1].vld[2*i+1];
        assign ka = g_lvl[l-1].key[(2*i)*K +: K];
        assign kb = g_lvl[l-1].key[(2*i+1)*K +: K];
        assign take_a         = va & (~vb | (ka <= kb));
        assign vld[i]         = va | vb;
        assign key[i*K +: K]  = take_a ? ka : (vb ? kb : '0);
      end
    end
  end

  assign valid_o = g_lvl[L].vld[0];
  assign key_o   = g_lvl[L].key[K-1:0];
  for (genvar i = 0; i < N; i++) begin : g_match
    assign match_o[i] = valid_i[i] & (key_i[i*K +: K] == key_o);
  end
endmodule
`default_nettype wire
