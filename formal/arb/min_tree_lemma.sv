// SPDX-License-Identifier: Apache-2.0
// min_tree_lemma: the inductive lemma of simt_min_tree's level LV, for the proof that the tree's
// winner is one of its valid leaves (simt_arb_check's a_exists) by induction on the levels
// (formal/equiv/equiv.py, min_tree_exists; docs/equivalence.md "Form against form").
//
// Node i of level LV covers the leaves i*2^LV .. (i+1)*2^LV - 1 that exist (below N). Its lemma,
// for a witness x (a leaf index inside the node, LV bits, idx_i):
//   vld == OR of the covered leaves' valid_i, and
//   vld -> leaf i*2^LV + x exists, is valid and has key_i == key (the node's key)
// ok_o[i] says whether node i satisfies it with its witness. "The node's key is some valid
// covered leaf's key" is "the lemma holds for some x". Purely combinational, written from
// simt_min_tree's contract and not from its code (no RTL primitive used).
//
// A monolithic SAT query for "the root's key is some valid leaf's key" at N = K = 32 does not
// finish (ABC &cec, iprove, dprove: more than 5 minutes each), nor does a level-by-level one
// with the witness left as a disjunction over the leaves (the last level: more than 5 minutes).
// With a witness per node it is small: level LV-1 cut into free inputs, each node with a free
// witness satisfying the lemma, then every node of level LV satisfies it with one of its two
// children's witnesses.
`default_nettype none
module min_tree_lemma #(
  parameter int unsigned N  = 4,
  parameter int unsigned K  = 8,
  parameter int unsigned LV = 0,
  localparam int unsigned L  = (N > 1) ? $clog2(N) : 1,   // simt_min_tree's levels
  localparam int unsigned M  = (1 << L) >> LV,             // nodes at level LV
  localparam int unsigned XW = (LV > 0) ? LV : 1           // witness bits per node
) (
  input  wire logic [N-1:0]    valid_i,
  input  wire logic [N*K-1:0]  key_i,
  input  wire logic [M-1:0]    vld_i,     // the level's node valids
  input  wire logic [M*K-1:0]  nkey_i,    // the level's node keys
  input  wire logic [M*XW-1:0] idx_i,     // one witness per node (unused at LV = 0: x = 0)
  output logic [M-1:0]         ok_o
);
  localparam int unsigned S = 1 << LV;   // leaves per node

  // The witness selects the leaf first (valid and key), then one comparison: the same selection
  // appears in a node's lemma and in its parent's, so the step's SAT query shares it.
  for (genvar i = 0; i < M; i++) begin : g_node
    logic [S-1:0]   cov_v;
    logic [S*K-1:0] cov_k;
    logic [XW-1:0]  x;
    assign x = (LV > 0) ? idx_i[i*XW +: XW] : '0;
    for (genvar j = 0; j < S; j++) begin : g_leaf
      if (i * S + j < N) begin : g_real
        assign cov_v[j]           = valid_i[i*S+j];
        assign cov_k[j*K +: K]    = key_i[(i*S+j)*K +: K];
      end else begin : g_none
        assign cov_v[j]           = 1'b0;
        assign cov_k[j*K +: K]    = '0;
      end
    end
    assign ok_o[i] = (vld_i[i] == (|cov_v)) &&
                     (!vld_i[i] || (cov_v[x] && (cov_k[x*K +: K] == nkey_i[i*K +: K])));
  end
endmodule
`default_nettype wire
