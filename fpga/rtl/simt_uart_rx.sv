// SPDX-License-Identifier: Apache-2.0
// simt_uart_rx: UART receiver, 8 data bits, no parity, one stop bit (8N1), LSB first.
//
// The line is synchronised by two flip-flops, a start bit is its falling edge, and every bit is
// sampled in its middle (CLKS_PER_BIT/2 clocks after the edge, then every CLKS_PER_BIT). A stop
// bit read as 0 is a framing error: frame_err_o pulses instead of valid_o, and the receiver waits
// for the line to return high before it looks for the next start bit.
`default_nettype none
module simt_uart_rx #(
  parameter int unsigned CLKS_PER_BIT = 16   // core clock / baud rate, at least 4
) (
  input  wire logic       clk_i,
  input  wire logic       rst_ni,
  input  wire logic       rx_i,
  output logic            valid_o,
  output logic [7:0]      data_o,
  output logic            frame_err_o
);
  localparam int unsigned CW = $clog2(CLKS_PER_BIT + 1);
  typedef enum logic [1:0] {Idle, Data, Stop, Wait} state_e;

  logic [1:0]    sync_q;
  state_e        state_q;
  logic [CW-1:0] cnt_q;
  logic [2:0]    bit_q;
  logic [7:0]    shift_q;
  logic          rx;

  assign rx = sync_q[1];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sync_q      <= 2'b11;
      state_q     <= Idle;
      cnt_q       <= '0;
      bit_q       <= '0;
      shift_q     <= '0;
      valid_o     <= 1'b0;
      frame_err_o <= 1'b0;
    end else begin
      sync_q      <= {sync_q[0], rx_i};
      valid_o     <= 1'b0;
      frame_err_o <= 1'b0;
      unique case (state_q)
        Idle: if (!rx) begin
          // half a bit to the middle of the start bit, then a whole bit to data bit 0
          cnt_q   <= CW'(CLKS_PER_BIT + CLKS_PER_BIT / 2 - 1);
          bit_q   <= '0;
          state_q <= Data;
        end
        Data: if (cnt_q != '0) begin
          cnt_q <= cnt_q - 1'b1;
        end else begin
          shift_q <= {rx, shift_q[7:1]};
          cnt_q   <= CW'(CLKS_PER_BIT - 1);
          bit_q   <= bit_q + 1'b1;
          if (bit_q == 3'd7) state_q <= Stop;
        end
        Stop: if (cnt_q != '0) begin
          cnt_q <= cnt_q - 1'b1;
        end else if (rx) begin
          valid_o <= 1'b1;
          state_q <= Idle;
        end else begin
          frame_err_o <= 1'b1;
          state_q     <= Wait;
        end
        Wait: if (rx) state_q <= Idle;   // a break or a wrong baud rate: wait for the idle line
        default: state_q <= Idle;
      endcase
    end
  end

  assign data_o = shift_q;
endmodule
`default_nettype wire
