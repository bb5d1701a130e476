// SPDX-License-Identifier: Apache-2.0
// spawn_pfx_equiv: the two forms of the spawn unit's lane prefix count, simt_prefix_cnt IMPL = 0
// (ripple chain) and IMPL = 1 (Kogge-Stone parallel prefix), on the same free N-bit input, at
// every width the spawn unit allows (N = W = 4..64; docs/units/spawn.md, parameter PFX).
// Combinational: a BMC of depth 1 covers every input (see formal/README.md, "Why bmc depth 1
// is a complete proof here"). Nothing is assumed.
//   e_pfx   every element of the two forms is equal
//   s_pfx   element i of the parallel form = the number of set bits of in_i[i-1:0], computed
//           here as the popcount of in_i masked below bit i (not as a running sum), i = 0..N
`default_nettype none
module spawn_pfx_equiv #(
  parameter int unsigned N = 32,
  localparam int unsigned CNT_W = $clog2(N + 1)
) (
  input wire logic [N-1:0] in_i
);
  (* keep *) logic [(N+1)*CNT_W-1:0] a_cnt, b_cnt;
  logic [(N+1)*CNT_W-1:0] s_cnt;

  simt_prefix_cnt #(.N(N), .IMPL(0)) a (.in_i, .cnt_o(a_cnt));
  simt_prefix_cnt #(.N(N), .IMPL(1)) b (.in_i, .cnt_o(b_cnt));

  always_comb begin
    for (int i = 0; i <= N; i++) begin
      logic [N-1:0]     below;
      logic [CNT_W-1:0] c;
      below = in_i & ~({N{1'b1}} << i);
      c = '0;
      for (int k = 0; k < N; k++) c = c + CNT_W'(below[k]);
      s_cnt[i*CNT_W +: CNT_W] = c;
    end
  end

  always_comb begin
    e_pfx: assert (a_cnt == b_cnt);
    s_pfx: assert (b_cnt == s_cnt);
  end
endmodule
`default_nettype wire
