// SPDX-License-Identifier: Apache-2.0
// simt_min_pairs: minimum select by all-pairs comparisons, one-hot result. The valid entry with
// the lowest key wins, and among entries at that key the lowest-numbered one: the same winner as
// simt_min_sel's match mask followed by simt_prio_sel (proven so where it is used: spawn's
// pipelined form, formal/spawn miter_pipe_*), with one level of comparators side by side and an AND per entry
// instead of clog2(N) levels of a comparator tree.
//
// One comparator per pair: le[e][f] = key_e <= key_f for e < f. Entry e loses to a valid f > e
// when key_f < key_e (~le[e][f]), and to a valid f < e when key_f <= key_e (le[f][e], the tie
// going to the lower entry). N (N - 1) / 2 comparators of K bits, then an AND of N - 1 terms per
// entry: the area grows with N^2, so it suits small N (spawn's LUT: 4 to 16 entries).
//
// Outputs when no entry is valid: valid_o = 0, key_o = 0, oh_o = 0.
`default_nettype none
module simt_min_pairs #(
  parameter int unsigned N = 4,
  parameter int unsigned K = 8
) (
  input  wire logic [N-1:0]   valid_i,
  input  wire logic [N*K-1:0] key_i,
  output logic                valid_o,
  output logic [K-1:0]        key_o,
  output logic [N-1:0]        oh_o
);
  logic [N*N-1:0] le;   // le[e*N + f] for e < f; the other bits are 0 and unused
  always_comb begin
    le = '0;
    for (int e = 0; e < N; e++)
      for (int f = e + 1; f < N; f++)
        le[e*N + f] = key_i[e*K +: K] <= key_i[f*K +: K];
  end

  always_comb begin
    oh_o = valid_i;
    for (int e = 0; e < N; e++) begin
      for (int f = 0; f < N; f++) begin
        if (f > e && valid_i[f] && !le[e*N + f]) oh_o[e] = 1'b0;
        if (f < e && valid_i[f] &&  le[f*N + e]) oh_o[e] = 1'b0;
      end
    end
  end

  always_comb begin
    key_o = '0;
    for (int e = 0; e < N; e++) key_o = key_o | (oh_o[e] ? key_i[e*K +: K] : '0);
  end
  assign valid_o = |valid_i;
endmodule
`default_nettype wire
