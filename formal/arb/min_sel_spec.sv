// SPDX-License-Identifier: Apache-2.0
// min_sel_spec: simt_min_sel (N keys of K bits, form IMPL) against the minimum-select
// specification, which is simt_arb_check in PC mode (mem_mode_i = 0, first_i = 0) with
// PC_W = K, SP_W = 0: valid_o is the OR of the valids, key_o the minimum valid key (a_min:
// no valid key is below it; a_exists: some valid key equals it), match_o exactly the valid lanes
// at key_o, and all zero when no lane is valid. The checker fixes every output, so two forms
// that both satisfy it are equivalent (formal/equiv/equiv.py, min_sel_forms). The RTL's own
// checker carries the obligations: this wrapper adds none and assumes nothing.
`default_nettype none
module min_sel_spec #(
  parameter int unsigned N    = 4,
  parameter int unsigned K    = 8,
  parameter int unsigned IMPL = 0
) (
  input wire logic [N-1:0]   valid_i,
  input wire logic [N*K-1:0] key_i
);
  (* keep *) logic         valid_o;
  (* keep *) logic [K-1:0] key_o;
  (* keep *) logic [N-1:0] match_o;

  simt_min_sel #(.N(N), .K(K), .IMPL(IMPL)) dut (.valid_i, .key_i, .valid_o, .key_o, .match_o);

  simt_arb_check #(.W(N), .PC_W(K), .SP_W(0), .OFF_W(0)) u_check (
    .mem_mode_i(1'b0), .first_i(1'b0), .valid_i, .key_i,
    .res_valid_i(valid_o), .res_key_i(key_o), .res_match_i(match_o)
  );
endmodule
`default_nettype wire
