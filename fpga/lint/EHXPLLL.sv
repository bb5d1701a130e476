// SPDX-License-Identifier: Apache-2.0
// EHXPLLL: port and parameter stub of the ECP5 PLL primitive (the parameters the board top
// sets), for Verilator lint of the board top only (make fpga-lint). Synthesis uses Yosys's
// own cell library (ecp5/cells_bb.v); this file is never read by the FPGA flow.
/* verilator lint_off UNUSEDPARAM */
/* verilator lint_off UNUSEDSIGNAL */
module EHXPLLL #(
  parameter int CLKI_DIV        = 1,
  parameter int CLKFB_DIV       = 1,
  parameter int CLKOP_DIV       = 8,
  parameter     CLKOP_ENABLE    = "ENABLED",
  parameter int CLKOP_CPHASE    = 0,
  parameter int CLKOP_FPHASE    = 0,
  parameter     FEEDBK_PATH     = "CLKOP",
  parameter     OUTDIVIDER_MUXA = "DIVA",
  parameter     OUTDIVIDER_MUXB = "DIVB",
  parameter     OUTDIVIDER_MUXC = "DIVC",
  parameter     OUTDIVIDER_MUXD = "DIVD",
  parameter     STDBY_ENABLE    = "DISABLED",
  parameter     DPHASE_SOURCE   = "DISABLED",
  parameter     PLLRST_ENA      = "DISABLED",
  parameter     INTFB_WAKE      = "DISABLED"
) (
  input  wire logic CLKI, CLKFB,
  input  wire logic PHASESEL1, PHASESEL0, PHASEDIR, PHASESTEP, PHASELOADREG,
  input  wire logic STDBY, PLLWAKESYNC,
  input  wire logic RST, ENCLKOP, ENCLKOS, ENCLKOS2, ENCLKOS3,
  output logic      CLKOP, CLKOS, CLKOS2, CLKOS3,
  output logic      LOCK, INTLOCK,
  output logic      REFCLK, CLKINTFB
);
  assign CLKOP    = CLKI;
  assign CLKOS    = CLKI;
  assign CLKOS2   = CLKI;
  assign CLKOS3   = CLKI;
  assign LOCK     = ~RST;
  assign INTLOCK  = ~RST;
  assign REFCLK   = CLKI;
  assign CLKINTFB = CLKI;
endmodule
/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_on UNUSEDPARAM */
