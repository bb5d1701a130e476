// SPDX-License-Identifier: Apache-2.0
// simt_step_phase: the clocks of a unit's step (docs/units/rmask_sb.md, st_rt.md, ht_stack.md,
// "Two-clock step"). STEP_CLKS = 1: every clock is a whole step (step_o = 1). STEP_CLKS = 2: a
// step starts on the first clock after reset and every second clock after that; step_o is high
// on its second clock, where the unit writes its state and gives its answers. The unit's inputs
// (in_i, concatenated) must be held over a step's two clocks: asserted on the second against a
// copy taken on the first (a_held; left out of synthesis, and of make mutate's equivalence checks
// with SIMT_NO_INPUT_CHECKS, since its register is not unit state).
`default_nettype none
module simt_step_phase #(
  parameter int unsigned STEP_CLKS = 1,   // 1 or 2
  parameter int unsigned IN_W      = 1    // bits of in_i
) (
  input  wire logic            clk_i,
  input  wire logic            rst_ni,     // synchronous, active low
  input  wire logic [IN_W-1:0] in_i,       // the unit's inputs (checked only)
  output logic                 step_o      // the step's last clock
);
  if (STEP_CLKS < 1 || STEP_CLKS > 2) begin : g_bad_step
    $error("simt_step_phase: STEP_CLKS (%0d) must be 1 or 2", STEP_CLKS);
  end

  if (STEP_CLKS > 1) begin : g_phase
    logic ph_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        ph_q <= 1'b0;
      end else begin
        ph_q <= ~ph_q;
      end
    end
    assign step_o = ph_q;
  end else begin : g_one
    logic unused_clk;
    assign unused_clk = clk_i ^ rst_ni;
    assign step_o = 1'b1;
  end

  logic unused_in;
  assign unused_in = ^in_i;

`ifndef SYNTHESIS
`include "simt_assert.svh"
`ifndef SIMT_NO_INPUT_CHECKS
  if (STEP_CLKS > 1) begin : g_held
    logic [IN_W-1:0] in_q;
    always_ff @(posedge clk_i) begin
      in_q <= in_i;
    end
    `SIMT_ASSERT(a_held, !step_o || in_q == in_i)
  end
`endif
`endif
endmodule
`default_nettype wire
