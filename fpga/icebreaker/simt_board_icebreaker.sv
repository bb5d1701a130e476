// SPDX-License-Identifier: Apache-2.0
// simt_board_icebreaker: board top of the unit server (simt_srv) for the iCEBreaker
// (Lattice iCE40UP5K-SG48, 12 MHz oscillator, FTDI FT2232H channel B as the UART).
//
// Pins (fpga/icebreaker/icebreaker.pcf; names and numbers from the iCEBreaker v1.0 schematic
// and the board's reference PCF, icestorm examples/icebreaker/icebreaker.pcf: CLK 35, RX 6,
// TX 9, LEDR_N 11, LEDG_N 37):
//   clk_12m_i  pin 35  IOT_46b_G0, the 12 MHz oscillator; also the PLL's input pad
//   uart_rx_i  pin 6   "RX": FT2232H BDBUS0 (TXD) -> FPGA
//   uart_tx_o  pin 9   "TX": FPGA -> FT2232H BDBUS1 (RXD)
//   ledr_no    pin 11  red LED, active low     (server's led_o[0])
//   ledg_no    pin 37  green LED, active low   (server's led_o[1])
//
// Core clock: SB_PLL40_PAD in SIMPLE feedback mode, f_core = 12 MHz * (DIVF+1) /
// ((DIVR+1) * 2^DIVQ), with the PFD (12 MHz / (DIVR+1)) in 10..133 MHz, the VCO in 533..1066 MHz
// and the output in 16..275 MHz (iCE40 sysCLOCK PLL usage guide, the limits icepll checks).
// fpga/flow.py computes DIVR/DIVF/DIVQ/FILTER_RANGE for the requested FREQ (the same search as
// icepll) and passes them with CORE_HZ, the frequency they give. USE_PLL = 0 runs the core on
// the 12 MHz oscillator directly (FREQ=12).
//
// Reset: a power-on reset, synchronous to the core clock: the core is held in reset until the
// PLL has locked and then for RST_CYCLES more cycles. iCE40 flip-flops power up at 0, which is
// what the initial values below state (Yosys maps them to the configuration's init values).
`default_nettype none
module simt_board_icebreaker #(
  parameter int unsigned CORE_HZ    = 12_000_000,  // core clock in Hz (what the PLL gives)
  parameter int unsigned BAUD       = 115_200,     // UART bit rate
  parameter int unsigned AS_DEPTH   = 64,          // at-speed replay depth of the server
  parameter int unsigned USE_PLL    = 0,           // 0: core clock = 12 MHz oscillator
  parameter int unsigned PLL_DIVR   = 0,           // reference divider - 1 (4 bits)
  parameter int unsigned PLL_DIVF   = 0,           // feedback divider - 1 (7 bits)
  parameter int unsigned PLL_DIVQ   = 1,           // output divider = 2^DIVQ (3 bits, 1..6)
  parameter int unsigned PLL_FILTER = 1,           // loop filter range (3 bits) for the PFD
  parameter int unsigned RST_CYCLES = 15           // reset cycles after lock (1..255)
) (
  input  wire logic clk_12m_i,
  input  wire logic uart_rx_i,
  output logic      uart_tx_o,
  output logic      ledr_no,
  output logic      ledg_no
);
  localparam int unsigned ClksPerBit = (CORE_HZ + BAUD / 2) / BAUD;  // rounded

  logic clk_core;
  logic pll_lock;

  // Unused PLL outputs are left open (the primitive's own ports).
  /* verilator lint_off PINCONNECTEMPTY */
  if (USE_PLL != 0) begin : g_pll
    SB_PLL40_PAD #(
      .FEEDBACK_PATH("SIMPLE"),
      .PLLOUT_SELECT("GENCLK"),
      .DIVR         (4'(PLL_DIVR)),
      .DIVF         (7'(PLL_DIVF)),
      .DIVQ         (3'(PLL_DIVQ)),
      .FILTER_RANGE (3'(PLL_FILTER))
    ) u_pll (
      .PACKAGEPIN     (clk_12m_i),
      .PLLOUTCORE     (),
      .PLLOUTGLOBAL   (clk_core),
      .EXTFEEDBACK    (1'b0),
      .DYNAMICDELAY   (8'h00),
      .LOCK           (pll_lock),
      .BYPASS         (1'b0),
      .RESETB         (1'b1),
      .LATCHINPUTVALUE(1'b0),
      .SDO            (),
      .SDI            (1'b0),
      .SCLK           (1'b0)
    );
  end else begin : g_nopll
    assign clk_core = clk_12m_i;
    assign pll_lock = 1'b1;
  end
  /* verilator lint_on PINCONNECTEMPTY */

  // Power-on reset: LOCK through two flip-flops into the core domain, then a counter.
  logic [1:0] lock_q   = 2'b00;
  logic [7:0] rst_cnt_q = 8'd0;
  logic       rst_nq   = 1'b0;
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

  logic [1:0] led;
  /* verilator lint_off UNUSEDSIGNAL */
  logic       busy;   // no spare LED on the main board (the break-off PMOD's are not in the .pcf)
  /* verilator lint_on UNUSEDSIGNAL */
  simt_srv #(
    .CLKS_PER_BIT(ClksPerBit),
    .AS_DEPTH    (AS_DEPTH)
  ) u_srv (
    .clk_i (clk_core),
    .rst_ni(rst_nq),
    .rx_i  (uart_rx_i),
    .tx_o  (uart_tx_o),
    .led_o (led),
    .busy_o(busy)
  );

  assign ledr_no = ~led[0];
  assign ledg_no = ~led[1];
endmodule
`default_nettype wire
