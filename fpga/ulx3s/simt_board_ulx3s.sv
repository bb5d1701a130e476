// SPDX-License-Identifier: Apache-2.0
// simt_board_ulx3s: board top of the unit server (simt_srv) for the ULX3S
// (Lattice ECP5 LFE5U-85F-6BG381C, 25 MHz oscillator, FTDI FT231X as the UART).
//
// Pins (fpga/ulx3s/ulx3s.lpf; names and sites from the board's constraint file
// ulx3s_v20.lpf, "usb" and "blinkey" sheets of the ULX3S v3.0.x schematic):
//   clk_25mhz  G2   the 25 MHz oscillator
//   ftdi_txd   M1   FT231X TXD -> FPGA ("FPGA receives from ftdi"): the server's rx_i
//   ftdi_rxd   L4   FPGA -> FT231X RXD ("FPGA transmits to ftdi"): the server's tx_o
//   led[7:0]   H3 E1 E2 D1 D2 C1 C2 B2 (led[7]..led[0]), active high
//   wifi_gpio0 L2   ESP32 GPIO0, driven high: keeps the ESP32 (if programmed) from taking
//                   the board over (ULX3S board documentation)
// LEDs: led[1:0] = the server's led_o, led[2] = busy (a request is being served), led[7] = core out
// of reset, the others off.
//
// Core clock: EHXPLLL, feedback from CLKOP: f_pfd = 25 MHz / CLKI_DIV (3.125..400 MHz),
// f_core = f_pfd * CLKFB_DIV, f_vco = f_core * CLKOP_DIV (400..800 MHz); CLKOP_CPHASE as
// Lattice's tool and ecppll set it (CLKOP_DIV / 2). fpga/flow.py computes the dividers for
// the requested FREQ (the same search as ecppll) and passes them with CORE_HZ, the frequency
// they give. USE_PLL = 0 runs the core on the 25 MHz oscillator directly (FREQ=25).
//
// Reset: a power-on reset, synchronous to the core clock: held until the PLL has locked and
// then for RST_CYCLES more cycles. ECP5 flip-flops power up at 0 (the initial values below).
`default_nettype none
module simt_board_ulx3s #(
  parameter int unsigned CORE_HZ    = 25_000_000,  // core clock in Hz (what the PLL gives)
  parameter int unsigned BAUD       = 115_200,     // UART bit rate
  parameter int unsigned AS_DEPTH   = 64,          // at-speed replay depth of the server
  parameter int unsigned USE_PLL    = 0,           // 0: core clock = 25 MHz oscillator
  parameter int unsigned PLL_CLKI   = 1,           // CLKI_DIV   (1..128)
  parameter int unsigned PLL_CLKFB  = 1,           // CLKFB_DIV  (1..80)
  parameter int unsigned PLL_CLKOP  = 1,           // CLKOP_DIV  (1..128)
  parameter int unsigned PLL_CPHASE = 0,           // CLKOP_CPHASE
  parameter int unsigned RST_CYCLES = 15           // reset cycles after lock (1..255)
) (
  input  wire logic       clk_25mhz,
  input  wire logic       ftdi_txd,
  output logic            ftdi_rxd,
  output logic [7:0]      led,
  output logic            wifi_gpio0
);
  localparam int unsigned ClksPerBit = (CORE_HZ + BAUD / 2) / BAUD;  // rounded

  logic clk_core;
  logic pll_lock;

  // Unused PLL outputs are left open (the primitive's own ports).
  /* verilator lint_off PINCONNECTEMPTY */
  if (USE_PLL != 0) begin : g_pll
    logic clkop;
    EHXPLLL #(
      .PLLRST_ENA      ("DISABLED"),
      .INTFB_WAKE      ("DISABLED"),
      .STDBY_ENABLE    ("DISABLED"),
      .DPHASE_SOURCE   ("DISABLED"),
      .OUTDIVIDER_MUXA ("DIVA"),
      .OUTDIVIDER_MUXB ("DIVB"),
      .OUTDIVIDER_MUXC ("DIVC"),
      .OUTDIVIDER_MUXD ("DIVD"),
      .CLKI_DIV        (PLL_CLKI),
      .CLKFB_DIV       (PLL_CLKFB),
      .CLKOP_ENABLE    ("ENABLED"),
      .CLKOP_DIV       (PLL_CLKOP),
      .CLKOP_CPHASE    (PLL_CPHASE),
      .CLKOP_FPHASE    (0),
      .FEEDBK_PATH     ("CLKOP")
    ) u_pll (
      .CLKI        (clk_25mhz),
      .CLKFB       (clkop),
      .PHASESEL1   (1'b0),
      .PHASESEL0   (1'b0),
      .PHASEDIR    (1'b0),
      .PHASESTEP   (1'b0),
      .PHASELOADREG(1'b0),
      .STDBY       (1'b0),
      .PLLWAKESYNC (1'b0),
      .RST         (1'b0),
      .ENCLKOP     (1'b0),
      .ENCLKOS     (1'b0),
      .ENCLKOS2    (1'b0),
      .ENCLKOS3    (1'b0),
      .CLKOP       (clkop),
      .CLKOS       (),
      .CLKOS2      (),
      .CLKOS3      (),
      .LOCK        (pll_lock),
      .INTLOCK     (),
      .REFCLK      (),
      .CLKINTFB    ()
    );
    assign clk_core = clkop;
  end else begin : g_nopll
    assign clk_core = clk_25mhz;
    assign pll_lock = 1'b1;
  end
  /* verilator lint_on PINCONNECTEMPTY */

  // Power-on reset: LOCK through two flip-flops into the core domain, then a counter.
  logic [1:0] lock_q    = 2'b00;
  logic [7:0] rst_cnt_q = 8'd0;
  logic       rst_nq    = 1'b0;
  always_ff @(posedge clk_core) begin
    lock_q <= {lock_q[0], pll_lock};
    if (!lock_q[1]) begin
      rst_cnt_q <= 8'd0;
      rst_nq    <= 1'b0;
    end else if (rst_cnt_q != 8'(RST_CYCLES)) begin
      rst_cnt_q <= rst_cnt_q + 8'd1;
      rst_nq    <= 1'b0;
    end else begin
      rst_nq    <= 1'b1;
    end
  end

  logic [1:0] srv_led;
  logic       busy;
  simt_srv #(
    .CLKS_PER_BIT(ClksPerBit),
    .AS_DEPTH    (AS_DEPTH)
  ) u_srv (
    .clk_i (clk_core),
    .rst_ni(rst_nq),
    .rx_i  (ftdi_txd),
    .tx_o  (ftdi_rxd),
    .led_o (srv_led),
    .busy_o(busy)
  );

  assign led        = {rst_nq, 4'b0000, busy, srv_led};
  assign wifi_gpio0 = 1'b1;
endmodule
`default_nettype wire
