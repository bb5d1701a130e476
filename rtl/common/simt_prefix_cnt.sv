// SPDX-License-Identifier: Apache-2.0
// simt_prefix_cnt: exclusive prefix popcount of an N-bit vector.
//
//   cnt_o[i*CNT_W +: CNT_W] = number of set bits of in_i[i-1:0], for i = 0..N
//
// so element 0 is 0 and element N is the total popcount. Example, N = 4, in_i = 4'b1011:
// elements 0..4 = 0, 1, 2, 2, 3.
//
// The spawn unit (Steffen 2012 §5.3) gives each active lane of a spawning warp the next
// consecutive warp-formation slot: the lane's offset is this count. Two forms, bit-identical:
//   IMPL = 0: ripple chain, each element = the previous one + one bit. This is the thesis's
//             "memory addresses ... pipelined to each thread channel and incremented if that
//             thread channel is enabled" (§5.3). N incrementers, depth ~ N (area end).
//   IMPL = 1: parallel prefix over counts (Kogge & Stone 1973): clog2(N) levels of adders,
//             level l adding the count 2^(l-1) positions lower; each level's counts are only as
//             wide as they can get (l + 1 bits, at most CNT_W). Depth ~ log2(N) adders (delay
//             end).
`default_nettype none
module simt_prefix_cnt #(
  parameter int unsigned N     = 32,
  parameter int unsigned IMPL  = 0,   // 0: ripple chain (area), 1: parallel prefix (delay)
  localparam int unsigned CNT_W = $clog2(N + 1)
) (
  input  wire logic [N-1:0]           in_i,
  output logic [(N+1)*CNT_W-1:0]      cnt_o
);
  if (N < 1) begin : g_bad_n
    $error("simt_prefix_cnt: N (%0d) must be at least 1", N);
  end
  if (IMPL > 1) begin : g_bad_impl
    $error("simt_prefix_cnt: IMPL (%0d) must be 0 or 1", IMPL);
  end

  if (IMPL == 0) begin : g_ripple
    // Element i + 1 = element i + in_i[i]; a procedural running sum (one chain, no feedback
    // through a vector, so no UNOPTFLAT).
    logic [CNT_W-1:0] acc;
    always_comb begin
      acc = '0;
      for (int i = 0; i < N; i++) begin
        cnt_o[i*CNT_W +: CNT_W] = acc;
        acc = acc + CNT_W'(in_i[i]);
      end
      cnt_o[N*CNT_W +: CNT_W] = acc;
    end
  end else begin : g_prefix
    // Inclusive prefix counts by Kogge-Stone: level 0 is the input bits; level l (1..L) adds to
    // node i the level l-1 node i - 2^(l-1) (when it exists). Level L node i = popcount of
    // in_i[i:0]. Each level has its own signal (no UNOPTFLAT).
    localparam int unsigned L = (N > 1) ? $clog2(N) : 0;
    for (genvar l = 0; l <= L; l++) begin : g_lvl
      // Width of a level-l count: it is at most 2^l (and at most N), so l + 1 bits will do.
      localparam int unsigned VW = (l + 1 < CNT_W) ? l + 1 : CNT_W;
      logic [N*VW-1:0] v;
      if (l == 0) begin : g_leaf
        assign v = in_i;
      end else begin : g_node
        localparam int unsigned D  = 1 << (l - 1);                     // reach of this level
        localparam int unsigned PW = (l < CNT_W) ? l : CNT_W;          // width of level l-1
        for (genvar i = 0; i < N; i++) begin : g_add
          if (i >= D) begin : g_sum
            assign v[i*VW +: VW] = VW'(g_lvl[l-1].v[i*PW +: PW])
                                 + VW'(g_lvl[l-1].v[(i-D)*PW +: PW]);
          end else begin : g_pass
            assign v[i*VW +: VW] = VW'(g_lvl[l-1].v[i*PW +: PW]);
          end
        end
      end
    end

    // Exclusive form: element 0 = 0, element i = inclusive count of bit i - 1.
    localparam int unsigned LW = (L + 1 < CNT_W) ? L + 1 : CNT_W;
    assign cnt_o[0 +: CNT_W] = '0;
    for (genvar i = 1; i <= N; i++) begin : g_out
      assign cnt_o[i*CNT_W +: CNT_W] = CNT_W'(g_lvl[L].v[(i-1)*LW +: LW]);
    end
  end
endmodule
`default_nettype wire
