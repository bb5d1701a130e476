// SPDX-License-Identifier: Apache-2.0
// simt_step_cut: a register rank for a unit's multi-cycle step (CUT = 1), or a wire (CUT = 0).
//
// A unit with a step of two clocks holds its inputs over both and writes its state only on the
// second (docs/units/rmask_sb.md, "Two-clock step"). Every signal of its step logic is then a
// function of the state and the inputs, both unchanged across the step, so its value in the
// first clock equals its value in the second: a register taking it at every clock delivers, in
// the second clock, exactly the value the signal has there, one clock's path earlier. The
// register needs no reset and no enable: what it holds in a step's first clock (the previous
// step's value) is never used, since the unit writes no state and drives its decisions to 0
// there (simt_step_phase gives the step's clocks). Where the ranks go is a timing choice only;
// the step's function does not depend on it (proven for rmask_sb, st_rt and ht_stack:
// formal/{rmask_sb/rmask_sb,st_rt/st_rt,ht_stack/ht_stack}_step.sby).
`default_nettype none
module simt_step_cut #(
  parameter int unsigned WIDTH = 1,
  parameter bit          CUT   = 1'b1   // 0: a wire (the single-cycle form)
) (
  input  wire logic             clk_i,
  input  wire logic [WIDTH-1:0] d_i,
  output logic      [WIDTH-1:0] q_o
);
  if (CUT) begin : g_cut
    logic [WIDTH-1:0] q_q;
    always_ff @(posedge clk_i) begin
      q_q <= d_i;
    end
    assign q_o = q_q;
  end else begin : g_wire
    logic unused_clk;
    assign unused_clk = clk_i;
    assign q_o = d_i;
  end
endmodule
`default_nettype wire
