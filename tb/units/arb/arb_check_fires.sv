// SPDX-License-Identifier: Apache-2.0
// arb_check_fires: test bench of test arb-assert-fires (tb/units/arb/tests.txt). The arbiters
// are combinational and correct for every input, so no input of simtcheck can make their
// assertions (rtl/arb/simt_arb_check.sv) fail, and they have no state to start wrong from
// (--power-up). This bench feeds simt_arb_check, as the operators instantiate it, the outputs of
// a broken PC arbiter (lanes 0 and 2 valid; result: valid 0, key 5, lane 1's match bit), built
// with the flags of the Verilated models (--assert -Irtl/common): every assertion the result
// breaks must fire and be reported by name.
`default_nettype none
module arb_check_fires;
  logic [3:0]    valid = 4'b0101;
  logic [4*32-1:0] key = {32'd9, 32'd7, 32'd8, 32'd6};   // lane 3 .. lane 0
  logic          res_valid = 1'b0;                        // a_valid: lanes are valid
  logic [31:0]   res_key = 32'd5;                         // a_exists: no valid lane at 5
  logic [3:0]    res_match = 4'b0010;                     // a_match: lane 1 is not valid
  simt_arb_check #(.W(4), .PC_W(32), .SP_W(0), .OFF_W(7)) u_check (
    .mem_mode_i(1'b0), .first_i(1'b0), .valid_i(valid), .key_i(key),
    .res_valid_i(res_valid), .res_key_i(res_key), .res_match_i(res_match)
  );
  initial begin
    #1 $finish;
  end
endmodule
`default_nettype wire
