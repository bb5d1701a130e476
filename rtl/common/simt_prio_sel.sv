// SPDX-License-Identifier: Apache-2.0
// simt_prio_sel: priority select of the lowest set request: its one-hot code and its number.
//
// The table allocators of the ST/RT unit (lowest free ST/RT entry, lowest valid split, the
// lowest early-reconvergence candidate; ElTantawy et al. 2014 §3-4) need only this. It is
// simt_first_sel with the entry number as key, without the key comparison: the one-hot code is
// the priority encoder's output itself. (Verilator 5.006 miscompiled that comparison against
// constant keys at N = 2; docs/tool_notes.md.)
//
// Outputs when no request is set: valid_o = 0, idx_o = 0, oh_o = 0.
`default_nettype none
module simt_prio_sel #(
  parameter int unsigned N   = 4,
  parameter int unsigned N_W = (N > 1) ? $clog2(N) : 1
) (
  input  wire logic [N-1:0]   req_i,
  output logic                valid_o,
  output logic [N_W-1:0]      idx_o,
  output logic [N-1:0]        oh_o
);
  assign oh_o    = req_i & (~req_i + 1'b1);
  assign valid_o = |req_i;

  // Binary encoder of the one-hot code: bit b of the index is the OR of the one-hot bits whose
  // position has bit b set.
  always_comb begin
    idx_o = '0;
    for (int i = 0; i < N; i++)
      idx_o = idx_o | (oh_o[i] ? N_W'(i) : '0);
  end
endmodule
`default_nettype wire
