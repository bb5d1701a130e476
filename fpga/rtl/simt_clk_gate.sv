// SPDX-License-Identifier: Apache-2.0
// simt_clk_gate: glitch-free clock gate for the hosted unit (the unit's RTL has no clock enable).
//
// The enable is taken on the falling edge, so it is stable while clk_i is high and the AND
// cannot cut a pulse: clk_o has a rising edge exactly at the rising edges of clk_i where en_i
// was high during the clock cycle before. On an FPGA the AND is one LUT; the place-and-route
// tools promote clk_o to a global clock net (docs/fpga.md, "Clocks").
`default_nettype none
module simt_clk_gate (
  input  wire logic clk_i,
  input  wire logic en_i,
  output logic      clk_o
);
  logic en_q;

  always_ff @(negedge clk_i) en_q <= en_i;

  assign clk_o = clk_i & en_q;
endmodule
`default_nettype wire
