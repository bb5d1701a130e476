// SPDX-License-Identifier: Apache-2.0
// simt_ht_stack_step_fv: the two-clock step of simt_ht_stack (STEP_CLKS = 2, docs/units/ht_stack.md
// "Two-clock step") against the single-cycle form.
//
// dut is simt_ht_stack with STEP_CLKS = 2; ref the same unit with STEP_CLKS = 1, on the same clock
// and inputs. The claim, for every state S (reachable or not) and every input held over a step:
// on the step's first clock the DUT answers 0 (bad_o, full_o) and its other outputs are ref's
// from S; on its second, every output equals ref's one clock earlier (ref in S, the same inputs);
// after it the DUT's state is ref's after one clock. So each two-clock step is the single-cycle
// step from the same state with the same inputs, and by induction over steps (both forms reset to
// the same state, the DUT at its step's first clock) every run of the DUT is a run of the
// single-cycle unit, one step per two clocks. (Unlike st_rt's and the scoreboards', the
// single-cycle unit has no idle input that keeps its state: a batch in flight is processed with no
// input. Hence this one-step form over an arbitrary start state instead of a miter from reset.)
// The check is a bounded run of 3 clocks from an unconstrained state (t = 0, 1, 2): complete for
// this claim. Start: the whole state is on the ports and equal in both; the DUT's phase 0 (the
// .sby connects f_ph_dut to it); its register rank arbitrary. Environment: no reset, the inputs
// held over the DUT's step (t = 0, 1), nothing else. The RTL's own assertions are left out (the
// .sby reads it with SYNTHESIS defined): they are proven on the single-cycle form by ht_stack.sby
// and checked on both forms by every Verilated run.
`default_nettype none
module simt_ht_stack_step_fv #(
  parameter int unsigned W      = 4,
  parameter int unsigned PC_W   = 8,
  parameter int unsigned K      = 2,
  parameter int unsigned D      = 2 * W - 1,
  parameter int unsigned POLICY = 1,
  parameter int unsigned MERGE  = 0,
  parameter int unsigned PRIO_W = 2,
  localparam int unsigned SW = (K > 1) ? $clog2(K) : 1,
  localparam int unsigned DW = $clog2(D + 1),
  localparam int unsigned IN_W = 2 + PC_W + W + 3 * K + 4 * K * PC_W + K * W + K * PRIO_W + K,
  localparam int unsigned ANS_W = 3 + 1,
  localparam int unsigned MD_W = 1 + 1 + K + K*PC_W + W + W*SW,
  localparam int unsigned ST_W = 1 + DW + D*PC_W + D*W + D + D*PC_W + D*PC_W + D*PRIO_W + D + D + D*SW
                                 + 3*K + K*PC_W + K*PC_W + K*W + K*PC_W + K*PC_W + K*PRIO_W + K
) (
  input wire logic                 clk_i,
  input wire logic                 rst_ni,
  input wire logic                 ln_valid_i,
  input wire logic [PC_W-1:0]      ln_pc_i,
  input wire logic [W-1:0]         ln_mask_i,
  input wire logic                 rp_valid_i,
  input wire logic [3*K-1:0]       rp_kind_i,
  input wire logic [K*PC_W-1:0]    rp_npc_i,
  input wire logic [K*PC_W-1:0]    rp_tgt_i,
  input wire logic [K*W-1:0]       rp_tmask_i,
  input wire logic [K*PC_W-1:0]    rp_rpc_i,
  input wire logic [K*PC_W-1:0]    rp_nrpc_i,
  input wire logic [K*PRIO_W-1:0]  rp_prio_i,
  input wire logic [K-1:0]         rp_wav_i
);
  // the outputs of one instance (prefix p: d the DUT, r the reference), and the instance
`define HT_STEP_FV_OUTS(p) \
  logic [3-1:0] p``_bad; \
  logic [1-1:0] p``_full; \
  logic [1-1:0] p``_wa_split; \
  logic [1-1:0] p``_busy; \
  logic [1-1:0] p``_md_valid; \
  logic [K-1:0] p``_slot_v; \
  logic [K*PC_W-1:0] p``_slot_pc; \
  logic [W-1:0] p``_lane_act; \
  logic [W*SW-1:0] p``_lane_sel; \
  logic [DW-1:0] p``_cnt; \
  logic [D*PC_W-1:0] p``_st_pc; \
  logic [D*W-1:0] p``_st_mask; \
  logic [D-1:0] p``_st_hasr; \
  logic [D*PC_W-1:0] p``_st_rpc; \
  logic [D*PC_W-1:0] p``_st_nrpc; \
  logic [D*PRIO_W-1:0] p``_st_prio; \
  logic [D-1:0] p``_st_wav; \
  logic [D-1:0] p``_pend; \
  logic [D*SW-1:0] p``_eslot; \
  logic [3*K-1:0] p``_rq_kind; \
  logic [K*PC_W-1:0] p``_rq_npc; \
  logic [K*PC_W-1:0] p``_rq_tgt; \
  logic [K*W-1:0] p``_rq_tmask; \
  logic [K*PC_W-1:0] p``_rq_rpc; \
  logic [K*PC_W-1:0] p``_rq_nrpc; \
  logic [K*PRIO_W-1:0] p``_rq_prio; \
  logic [K-1:0] p``_rq_wav;
`define HT_STEP_FV_INST(name, steps, p) \
  simt_ht_stack #(.W(W), .PC_W(PC_W), .K(K), .D(D), .POLICY(POLICY), .MERGE(MERGE), .PRIO_W(PRIO_W), \
                  .STEP_CLKS(steps)) name ( \
    .clk_i, .rst_ni, .ln_valid_i, .ln_pc_i, .ln_mask_i, .rp_valid_i, .rp_kind_i, .rp_npc_i, .rp_tgt_i, \
    .rp_tmask_i, .rp_rpc_i, .rp_nrpc_i, .rp_prio_i, .rp_wav_i, \
    .bad_o(p``_bad), \
    .full_o(p``_full), \
    .wa_split_o(p``_wa_split), \
    .busy_o(p``_busy), \
    .md_valid_o(p``_md_valid), \
    .slot_v_o(p``_slot_v), \
    .slot_pc_o(p``_slot_pc), \
    .lane_act_o(p``_lane_act), \
    .lane_sel_o(p``_lane_sel), \
    .cnt_o(p``_cnt), \
    .st_pc_o(p``_st_pc), \
    .st_mask_o(p``_st_mask), \
    .st_hasr_o(p``_st_hasr), \
    .st_rpc_o(p``_st_rpc), \
    .st_nrpc_o(p``_st_nrpc), \
    .st_prio_o(p``_st_prio), \
    .st_wav_o(p``_st_wav), \
    .pend_o(p``_pend), \
    .eslot_o(p``_eslot), \
    .rq_kind_o(p``_rq_kind), \
    .rq_npc_o(p``_rq_npc), \
    .rq_tgt_o(p``_rq_tgt), \
    .rq_tmask_o(p``_rq_tmask), \
    .rq_rpc_o(p``_rq_rpc), \
    .rq_nrpc_o(p``_rq_nrpc), \
    .rq_prio_o(p``_rq_prio), \
    .rq_wav_o(p``_rq_wav))
  `HT_STEP_FV_OUTS(d)
  `HT_STEP_FV_OUTS(r)
  `HT_STEP_FV_INST(u_dut, 2, d);
  `HT_STEP_FV_INST(u_ref, 1, r);
`undef HT_STEP_FV_INST
`undef HT_STEP_FV_OUTS

  logic [ANS_W-1:0] d_ans, r_ans;
  logic [MD_W-1:0]  d_md, r_md;
  logic [ST_W-1:0]  d_st, r_st;
  assign d_ans = {d_bad, d_full};
  assign r_ans = {r_bad, r_full};
  assign d_md  = {d_wa_split, d_md_valid, d_slot_v, d_slot_pc, d_lane_act, d_lane_sel};
  assign r_md  = {r_wa_split, r_md_valid, r_slot_v, r_slot_pc, r_lane_act, r_lane_sel};
  assign d_st  = {d_busy, d_cnt, d_st_pc, d_st_mask, d_st_hasr, d_st_rpc, d_st_nrpc, d_st_prio,
                  d_st_wav, d_pend, d_eslot, d_rq_kind, d_rq_npc, d_rq_tgt, d_rq_tmask, d_rq_rpc,
                  d_rq_nrpc, d_rq_prio, d_rq_wav};
  assign r_st  = {r_busy, r_cnt, r_st_pc, r_st_mask, r_st_hasr, r_st_rpc, r_st_nrpc, r_st_prio,
                  r_st_wav, r_pend, r_eslot, r_rq_kind, r_rq_npc, r_rq_tgt, r_rq_tmask, r_rq_rpc,
                  r_rq_nrpc, r_rq_prio, r_rq_wav};

  // t: the clock since the start (0, 1, 2, then 3 for good)
  logic [1:0] t = 2'd0;
  always @(posedge clk_i) if (t != 2'd3) t <= t + 2'd1;
  always @(*) assume (rst_ni);

  (* keep *) logic f_ph_dut;   // the DUT's phase, connected by the .sby after flatten
  always @(*) if (t == 2'd0) assume (!f_ph_dut && d_st == r_st);

  logic [IN_W-1:0] in_now, in_q;
  assign in_now = {ln_valid_i, ln_pc_i, ln_mask_i, rp_valid_i, rp_kind_i, rp_npc_i, rp_tgt_i,
                   rp_tmask_i, rp_rpc_i, rp_nrpc_i, rp_prio_i, rp_wav_i};
  always @(posedge clk_i) in_q <= in_now;
  always @(*) if (t == 2'd1) assume (in_now == in_q);

  // ref one clock earlier
  logic [ANS_W-1:0] r_ans_q;
  logic [MD_W-1:0]  r_md_q;
  logic [ST_W-1:0]  r_st_q;
  always @(posedge clk_i) begin
    r_ans_q <= r_ans;
    r_md_q  <= r_md;
    r_st_q  <= r_st;
  end

  // not vacuous: a step that changes the state, one that refuses something, one that stalls
  logic [ST_W-1:0] d_st0_q;
  always @(posedge clk_i) if (t == 2'd0) d_st0_q <= d_st;
  always @(*) begin
    if (t == 2'd2) begin
      c_change: cover (d_st != d_st0_q);
      c_md:     cover (d_md != r_md_q || d_st != d_st0_q);
    end
    if (t == 2'd1) begin
      c_bad:    cover (d_ans[3:1] != '0);
      c_full:   cover (d_ans[0]);
    end
  end

  always @(*) begin
    if (t == 2'd0) begin
      a_first_ans: assert (d_ans == '0);
      a_first_md:  assert (d_md == r_md);
      a_first_ph:  assert (!f_ph_dut);
    end
    if (t == 2'd1) begin
      a_last_ans: assert (d_ans == r_ans_q);
      a_last_md:  assert (d_md == r_md_q);
      a_last_st:  assert (d_st == r_st_q);
      a_last_ph:  assert (f_ph_dut);
    end
    if (t == 2'd2) begin
      a_next_st:  assert (d_st == r_st_q);
      a_next_md:  assert (d_md == r_md_q);
      a_next_ans: assert (d_ans == '0);
      a_next_ph:  assert (!f_ph_dut);
    end
  end
endmodule
`default_nettype wire
