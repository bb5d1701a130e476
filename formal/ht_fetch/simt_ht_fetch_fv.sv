// SPDX-License-Identifier: Apache-2.0
// simt_ht_fetch_fv: formal wrapper for simt_ht_fetch (docs/units/ht_fetch.md, "Cycle contract"
// and "Invariants"; Steffen 2012 §4.2, Fig. 4.5). "Invariant 1" below: the datasheet's bundle
// completeness, the properties named a_p10_*.
//
// Every DUT input is free in every cycle; reset in the first cycle (and whenever the solver
// likes later). The requests are free too: bad ones (an active lane on a slot that is not
// valid), requests that change or vanish while they wait, any bun_ready_i and any hit pattern.
// The only assumption is the instruction memory: a port that requests and hits returns
// instr(pc) = pc ^ f_key (zero-extended to IW), where f_key is an arbitrary constant (anyconst)
// and IW >= PC_W, so instr is injective: an instruction names its PC. The data of a missing or
// idle port is free, so a design that latched it would be caught.
//
// Ghost state: a queue of the accepted requests (the wrapper's own request check decides which
// are bad), at most two (the fetch and bundle stages), and the sticky error.
//
// Local invariants are assertions of the RTL itself (rtl/ht_fetch/simt_ht_fetch.sv, rtl/common/
// simt_assert.svh), proven here as part of the DUT and checked by every Verilated model:
//  a_ready (an empty fetch stage is ready), a_bad (req_bad_o exactly for an accepted-cycle
//  request with an active lane on an invalid slot or a selector >= K), a_f_sel and a_p10_sel
//  (invariant 1: every active lane of the fetch stage / of a presented bundle selects a valid
//  slot), a_mux (the lane mux of Fig. 4.5 at all times; invariant 1: an inactive lane gets the
//  NOP 0), a_ports (the I-cache requests: exactly the needed slots, lowest first; only misses
//  asked again, Deviations F5),
//  a_accept (an accepted request enters with have = 0), a_latch (a fetch stage that is not ready
//  stays and adds this cycle's hits to have), a_stable (a waiting bundle stays and is not
//  reloaded), a_progress_ready / a_progress (every needed slot requested and hitting, B free or
//  taken: ready, and the bundle loaded for the next cycle). The last four are stated on the
//  next state.
// This wrapper adds what needs its ghost queue or the instruction-memory assumption:
//  a_count     requests in flight (accepted, bundle not yet taken) = f_full_o + bun_valid_o <= 2
//  a_b_meta    the presented bundle's meta-data (tag, slot_v, slot PCs, lane act, lane sel) are
//              the oldest accepted request's, unchanged: each request gives one bundle, in order
//  a_f_meta1/2 the fetch stage holds the youngest accepted request
//  a_p10_slot  invariant 1: a presented bundle has, for every valid slot k, slot_instr[k] =
//              instr(pc[k]): no bundle before every valid slot has its instruction (all or
//              nothing, Steffen 2012 §4.2)
//  a_p10_lane  invariant 1: every active lane of a presented bundle gets instr(pc[sel]): no
//              lane gets an instruction from a slot it is not assigned to
//  a_have      the fetch stage's latched instructions are right: have[k] -> slot_v[k] and
//              f_instr[k] = instr(pc[k])
//  a_good      every request in flight is good (an induction strengthening, and the contract:
//              a bad request never enters)
//  a_err       err_o = the sticky OR of the bad requests
`default_nettype none
module simt_ht_fetch_fv #(
  parameter int unsigned W     = 4,
  parameter int unsigned K     = 2,
  parameter int unsigned P     = 2,
  parameter int unsigned PC_W  = 8,
  parameter int unsigned IW    = 8,
  parameter int unsigned TAG_W = 2,
  localparam int unsigned SW   = (K > 1) ? $clog2(K) : 1
) (
  input wire logic               clk_i,
  input wire logic               rst_ni,
  input wire logic               req_valid_i,
  input wire logic [TAG_W-1:0]   req_tag_i,
  input wire logic [K-1:0]       req_slot_v_i,
  input wire logic [K*PC_W-1:0]  req_slot_pc_i,
  input wire logic [W-1:0]       req_lane_act_i,
  input wire logic [W*SW-1:0]    req_lane_sel_i,
  input wire logic [P-1:0]       ic_hit_i,
  input wire logic [P*IW-1:0]    ic_data_i,
  input wire logic               bun_ready_i
);
  logic              req_ready_o, req_bad_o, bun_valid_o, err_o, f_full_o;
  logic [P-1:0]      ic_req_o;
  logic [P*PC_W-1:0] ic_pc_o;
  logic [TAG_W-1:0]  bun_tag_o, f_tag_o;
  logic [K-1:0]      bun_slot_v_o, f_slot_v_o, f_have_o;
  logic [K*PC_W-1:0] bun_slot_pc_o, f_slot_pc_o;
  logic [K*IW-1:0]   bun_slot_instr_o, f_instr_o;
  logic [W-1:0]      bun_lane_act_o, f_lane_act_o;
  logic [W*SW-1:0]   bun_lane_sel_o, f_lane_sel_o;
  logic [W*IW-1:0]   bun_lane_instr_o;

  simt_ht_fetch #(.W(W), .K(K), .P(P), .PC_W(PC_W), .IW(IW), .TAG_W(TAG_W)) dut (
    .clk_i, .rst_ni, .req_valid_i, .req_ready_o, .req_bad_o, .req_tag_i, .req_slot_v_i,
    .req_slot_pc_i, .req_lane_act_i, .req_lane_sel_i, .ic_req_o, .ic_pc_o, .ic_hit_i, .ic_data_i,
    .bun_valid_o, .bun_ready_i, .bun_tag_o, .bun_slot_v_o, .bun_slot_pc_o, .bun_slot_instr_o,
    .bun_lane_act_o, .bun_lane_sel_o, .bun_lane_instr_o, .err_o,
    .f_full_o, .f_tag_o, .f_slot_v_o, .f_slot_pc_o, .f_lane_act_o, .f_lane_sel_o, .f_have_o,
    .f_instr_o
  );

  // ---- reset in the first cycle ---------------------------------------------------------------
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) if (!f_past_valid) assume (!rst_ni);

  // ---- the instruction memory: an injective function of the PC -------------------------------
  (* anyconst *) logic [IW-1:0] f_key;
  function automatic logic [IW-1:0] instr(input logic [PC_W-1:0] pc, input logic [IW-1:0] key);
    instr = IW'(pc) ^ key;
  endfunction
  always @(*) begin
    for (int j = 0; j < P; j++) begin
      if (ic_req_o[j] && ic_hit_i[j]) assume (ic_data_i[j*IW +: IW] == instr(ic_pc_o[j*PC_W +: PC_W], f_key));
    end
  end

  // ---- the wrapper's own request check -----------------------------------------------------------
  logic f_req_bad;
  always @(*) begin
    f_req_bad = 1'b0;
    for (int i = 0; i < W; i++) begin
      if (req_lane_act_i[i]) begin
        for (int k = 0; k < K; k++) begin
          if (32'(req_lane_sel_i[i*SW +: SW]) == k && !req_slot_v_i[k]) f_req_bad = 1'b1;
        end
        if (32'(req_lane_sel_i[i*SW +: SW]) >= K) f_req_bad = 1'b1;
      end
    end
  end

  // ---- ghost: the accepted requests in flight, oldest first -------------------------------------
  localparam int unsigned EW = TAG_W + K + K * PC_W + W + W * SW;
  logic [EW-1:0] g_e0, g_e1, f_new, f_bmeta, f_fmeta;
  logic [1:0]    g_n;
  logic          g_err, f_push, f_pop;
  assign f_new   = {req_tag_i, req_slot_v_i, req_slot_pc_i, req_lane_act_i, req_lane_sel_i};
  assign f_bmeta = {bun_tag_o, bun_slot_v_o, bun_slot_pc_o, bun_lane_act_o, bun_lane_sel_o};
  assign f_fmeta = {f_tag_o, f_slot_v_o, f_slot_pc_o, f_lane_act_o, f_lane_sel_o};
  assign f_push  = req_valid_i && req_ready_o && !f_req_bad;
  assign f_pop   = bun_valid_o && bun_ready_i;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      g_n   <= 2'd0;
      g_e0  <= '0;
      g_e1  <= '0;
      g_err <= 1'b0;
    end else begin
      g_err <= g_err | (req_valid_i && req_ready_o && f_req_bad);
      case ({f_push, f_pop})
        2'b01: begin g_e0 <= g_e1; g_n <= g_n - 2'd1; end
        2'b10: begin
          if (g_n == 2'd0) g_e0 <= f_new; else g_e1 <= f_new;
          g_n <= g_n + 2'd1;
        end
        2'b11: begin
          if (g_n == 2'd1) g_e0 <= f_new;
          else begin g_e0 <= g_e1; g_e1 <= f_new; end
        end
        default: ;
      endcase
    end
  end

  // a queue entry is a good request: every active lane selects a valid slot (an invariant of the
  // queue; needed by the induction, whose first state is otherwise arbitrary)
  function automatic logic good(input logic [EW-1:0] e);
    logic [K-1:0]    sv;
    logic [W-1:0]    act;
    logic [W*SW-1:0] sel;
    sv   = e[W*SW + W + K*PC_W +: K];
    act  = e[W*SW +: W];
    sel  = e[0 +: W*SW];
    good = 1'b1;
    for (int i = 0; i < W; i++) begin
      if (act[i]) begin
        if (32'(sel[i*SW +: SW]) >= K) good = 1'b0;
        for (int k = 0; k < K; k++) begin
          if (32'(sel[i*SW +: SW]) == k && !sv[k]) good = 1'b0;
        end
      end
    end
  endfunction

  // ---- the needed slots (covers and the progress condition) --------------------------------------
  logic [K-1:0] f_need;
  int unsigned  f_nneed;
  assign f_need = f_full_o ? (f_slot_v_o & ~f_have_o) : '0;
  always @(*) begin
    f_nneed = 0;
    for (int k = 0; k < K; k++) f_nneed = f_nneed + 32'(f_need[k]);
  end

  // ---- properties (the ghost's and the memory's; the local ones are the RTL's) -------------------------------------------------------------------------------
  logic f_have_ok, f_slot_ok, f_lane_ok;
  always @(*) begin
    f_have_ok = 1'b1;
    f_slot_ok = 1'b1;
    f_lane_ok = 1'b1;
    for (int k = 0; k < K; k++) begin
      // the fetch stage's instructions
      if (f_full_o && f_have_o[k] &&
          (!f_slot_v_o[k] || f_instr_o[k*IW +: IW] != instr(f_slot_pc_o[k*PC_W +: PC_W], f_key)))
        f_have_ok = 1'b0;
      // invariant 1: every valid slot of a presented bundle has its instruction
      if (bun_valid_o && bun_slot_v_o[k] &&
          bun_slot_instr_o[k*IW +: IW] != instr(bun_slot_pc_o[k*PC_W +: PC_W], f_key))
        f_slot_ok = 1'b0;
    end
    for (int i = 0; i < W; i++) begin
      // the slot lane i selects: whether it is valid and its instruction
      for (int k = 0; k < K; k++) begin
        if (32'(bun_lane_sel_o[i*SW +: SW]) == k) begin
          if (bun_valid_o && bun_lane_act_o[i] &&
              (!bun_slot_v_o[k] || bun_lane_instr_o[i*IW +: IW] != instr(bun_slot_pc_o[k*PC_W +: PC_W], f_key)))
            f_lane_ok = 1'b0;
        end
      end
    end
  end

  always @(*) begin
    if (rst_ni) begin
      // bookkeeping: each request gives one bundle, in order, unchanged
      a_count:    assert (g_n <= 2'd2 && 32'(g_n) == 32'(f_full_o) + 32'(bun_valid_o));
      a_good:     assert ((g_n < 2'd1 || good(g_e0)) && (g_n < 2'd2 || good(g_e1)));
      a_b_meta:   assert (!bun_valid_o || f_bmeta == g_e0);
      a_f_meta1:  assert (!(f_full_o && g_n == 2'd1) || f_fmeta == g_e0);
      a_f_meta2:  assert (!(f_full_o && g_n == 2'd2) || f_fmeta == g_e1);
      a_err:      assert (err_o == g_err);
      a_have:     assert (f_have_ok);
      // invariant 1 (a_p10_sel, the NOPs and the lane mux are the RTL's)
      a_p10_slot: assert (f_slot_ok);
      a_p10_lane: assert (f_lane_ok);
    end
  end

  // progress: every needed slot requested and hitting, the bundle stage free or taken (the cover
  // c_miss_hit; the RTL asserts a_progress_ready and a_progress)
  logic f_all_hit;
  assign f_all_hit = f_full_o && f_nneed <= P && (ic_req_o & ~ic_hit_i) == '0 && (!bun_valid_o || bun_ready_i);

  // ---- covers (non-vacuity) ---------------------------------------------------------------------
  logic f_missed;   // a request of the fetch stage has missed since it was accepted
  always @(posedge clk_i) begin
    if (!rst_ni || f_push) f_missed <= 1'b0;
    else if ((ic_req_o & ~ic_hit_i) != '0) f_missed <= 1'b1;
  end
  always @(posedge clk_i) begin
    if (f_past_valid && rst_ni && $past(rst_ni)) begin
      c_bundle:   cover (f_pop);
      c_two:      cover (g_n == 2'd2);
      c_hold:     cover ($past(bun_valid_o && !bun_ready_i) && bun_valid_o && bun_ready_i);
      c_b2b:      cover ($past(f_pop) && f_pop && bun_tag_o != $past(bun_tag_o));
      c_bad:      cover (req_bad_o);
      c_miss_hit: cover (f_missed && f_all_hit);
      c_wait_b:   cover (f_full_o && f_need == '0 && bun_valid_o && !bun_ready_i);
      c_all_k:    cover (f_pop && bun_slot_v_o == {K{1'b1}} && bun_lane_act_o == {W{1'b1}});
    end
  end
  if (P < K) begin : g_remap
    always @(posedge clk_i) begin
      if (f_past_valid && rst_ni) c_remap: cover (ic_req_o[0] && !f_need[0]);
    end
  end
endmodule
`default_nettype wire
