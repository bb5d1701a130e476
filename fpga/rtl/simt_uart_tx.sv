// SPDX-License-Identifier: Apache-2.0
// simt_uart_tx: UART transmitter, 8N1, LSB first. A byte is taken when valid_i and ready_o
// are both high; ready_o is low while a frame (start, 8 data, stop) is on the line.
`default_nettype none
module simt_uart_tx #(
  parameter int unsigned CLKS_PER_BIT = 16   // core clock / baud rate
) (
  input  wire logic       clk_i,
  input  wire logic       rst_ni,
  input  wire logic       valid_i,
  input  wire logic [7:0] data_i,
  output logic            ready_o,
  output logic            tx_o
);
  localparam int unsigned CW = $clog2(CLKS_PER_BIT + 1);

  logic [9:0]    frame_q;   // stop, data[7:0], start: shifted out LSB first
  logic [3:0]    left_q;    // bits still to send
  logic [CW-1:0] cnt_q;

  // Idle: no bit left and the last one (the stop bit) has had its whole CLKS_PER_BIT.
  assign ready_o = (left_q == '0) && (cnt_q == '0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      frame_q <= '1;
      left_q  <= '0;
      cnt_q   <= '0;
      tx_o    <= 1'b1;
    end else if (cnt_q != '0) begin
      cnt_q <= cnt_q - 1'b1;
    end else if (left_q != '0) begin
      tx_o    <= frame_q[0];
      frame_q <= {1'b1, frame_q[9:1]};
      cnt_q   <= CW'(CLKS_PER_BIT - 1);
      left_q  <= left_q - 1'b1;
    end else if (valid_i) begin
      frame_q <= {1'b1, data_i, 1'b0};
      left_q  <= 4'd10;
    end
  end
endmodule
`default_nettype wire
