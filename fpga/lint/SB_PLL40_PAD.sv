// SPDX-License-Identifier: Apache-2.0
// SB_PLL40_PAD: port and parameter stub of the iCE40 PLL primitive, for Verilator lint of the
// board top only (make fpga-lint). Synthesis uses Yosys's own cell library (ice40/cells_sim.v);
// this file is never read by the FPGA flow. The output is the input clock: no timing model.
/* verilator lint_off UNUSEDPARAM */
/* verilator lint_off UNUSEDSIGNAL */
module SB_PLL40_PAD #(
  parameter       FEEDBACK_PATH = "SIMPLE",
  parameter       PLLOUT_SELECT = "GENCLK",
  parameter [3:0] DIVR          = 4'b0000,
  parameter [6:0] DIVF          = 7'b0000000,
  parameter [2:0] DIVQ          = 3'b000,
  parameter [2:0] FILTER_RANGE  = 3'b000
) (
  input  wire logic       PACKAGEPIN,
  output logic            PLLOUTCORE,
  output logic            PLLOUTGLOBAL,
  input  wire logic       EXTFEEDBACK,
  input  wire logic [7:0] DYNAMICDELAY,
  output logic            LOCK,
  input  wire logic       BYPASS,
  input  wire logic       RESETB,
  input  wire logic       LATCHINPUTVALUE,
  output logic            SDO,
  input  wire logic       SDI,
  input  wire logic       SCLK
);
  assign PLLOUTCORE   = PACKAGEPIN;
  assign PLLOUTGLOBAL = PACKAGEPIN;
  assign LOCK         = RESETB;
  assign SDO          = 1'b0;
endmodule
/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_on UNUSEDPARAM */
