// SPDX-License-Identifier: Apache-2.0
// simt_min_elim: minimum select by MSB-first candidate elimination (area form).
//
// Collange 2011 §4.1 and Brunie & Collange 2013 §5.1 reduce min(SP_i:PC_i) over the enabled
// lanes. This form walks the key bits from the MSB down: a lane stays a candidate while its
// bit equals the running minimum's bit, and the minimum's bit is 0 as soon as one candidate
// has a 0 there (wired-OR style). The candidates left at the end are exactly the lanes whose
// key equals the minimum, so the match mask comes for free. Cost is about 3 gates per lane
// and key bit plus one N-input OR per key bit; depth grows with K * log2(N).
//
// Outputs when no lane is valid: valid_o = 0, key_o = 0, match_o = 0.
`default_nettype none
module simt_min_elim #(
  parameter int unsigned N = 4,   // number of lanes
  parameter int unsigned K = 8    // key width in bits
) (
  input  wire logic [N-1:0]   valid_i,
  input  wire logic [N*K-1:0] key_i,    // lane i key at [i*K +: K]
  output logic                valid_o,
  output logic [K-1:0]        key_o,
  output logic [N-1:0]        match_o
);
  // One generate level per key bit, MSB first, each with its own signals (no UNOPTFLAT).
  for (genvar j = 0; j < K; j++) begin : g_bit
    localparam int unsigned B = K - 1 - j;
    logic [N-1:0] cand_in;   // candidates entering this bit
    logic [N-1:0] bit_v;     // bit B of every lane's key
    logic [N-1:0] zeros;     // candidates with a 0 at bit B
    logic         any_zero;
    logic [N-1:0] cand_out;
    if (j == 0) begin : g_first
      assign cand_in = valid_i;
    end else begin : g_next
      assign cand_in = g_bit[j-1].cand_out;
    end
    for (genvar i = 0; i < N; i++) begin : g_lane
      assign bit_v[i] = key_i[i*K + B];
    end
    assign zeros    = cand_in & ~bit_v;
    assign any_zero = |zeros;
    assign cand_out = any_zero ? zeros : cand_in;
    assign key_o[B] = valid_o & ~any_zero;
  end

  assign valid_o = |valid_i;
  assign match_o = g_bit[K-1].cand_out;
endmodule
`default_nettype wire
