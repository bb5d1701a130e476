// SPDX-License-Identifier: Apache-2.0
// simt_warp_ctrl_fv: formal wrapper for simt_warp_ctrl (docs/units/warp_ctrl.md).
//
// Every DUT input is a free input of this wrapper: the only assumption is a reset in the first
// cycle (the doc's state is defined from reset). No other protocol assumption is needed: the
// doc makes the unit ignore issue_i while mpc_valid_o is 0, wake_i bits of lanes that are not
// asleep, launch_mask_i bits of live lanes, and npc_i/nsp_i/addr_i/mem_hit_i outside their op.
// Reset may also be asserted at any later cycle.
//
// All properties are stated on the DUT's ports only (no hierarchical references). The internal
// state is fully visible through them: mkey_q = {msp_o, mpc_o}, arb_q = arb_o, lanes = pc_o,
// sp_o, live_o, sleep_o, and mvalid_q = mpc_valid_o whenever arb_o = 0 (when arb_o = 1 the
// value of mvalid_q is never used: the arbitration overwrites it).
//
// Properties (names as in the assertion labels). The local invariants are assertions of the RTL
// itself (rtl/warp_ctrl/simt_warp_ctrl.sv, rtl/common/simt_assert.svh), proven here as part of
// the DUT in every task (whatever CONTRACT) and checked by every Verilated model:
//  (1) the invariant of the doc, Collange 2011 §3/§4.1: a_min (mpc_valid_o -> no enabled lane
//      (live & ~sleep) has a key {sp_i, pc_i} below {msp_o, mpc_o}), a_act_nz (mpc_valid_o ->
//      active_o != 0; with a_min: the MPC key is the minimum over enabled lanes), a_act_eq
//      (active_o = the enabled lanes at the MPC key, 0 when ~mpc_valid_o), a_idle (~arb_q &
//      ~mvalid_q -> no lane enabled), a_sleep_live (only live lanes sleep);
//  (2) a_live_drop: a live lane is dropped only by an EXIT it executes (or reset);
//  (3) Collange 2011 §4.2: a_sleep_why (a lane falls asleep only when served by a MEM that
//      misses), a_sleep_keep (it wakes only through wake_i), a_wake_en (a woken lane is live
//      and enabled on the next cycle, which is a PC arbitration);
//  output definitions and the memory path (§4.2/§4.3): a_done, a_arb_nv, a_memreq, a_mem_off,
//      a_mem_some, a_mem_idle, a_mem_min, a_mem_served (served = the active lanes in the lowest
//      requested line, whose base has offset 0).
// The RTL states the transitions on its next state (*_d); this wrapper keeps what needs history
// or is the contract's specification of the next state:
//  (3) a_wake_arb  Let lane i be asleep and live at cycle t with wake_i[i] = 1, and rst_ni = 1
//                 at t and t+1. At t+2, the result of the arbitration performed at t+1, stored
//                 in {msp_o, mpc_o}, is <= the key {sp_i, pc_i} that lane i had at t+1, and the
//                 arbitration found a lane (arb_o | mpc_valid_o, i.e. mvalid_q = 1 when
//                 observable). Collange 2011 §4.2, "a PC arbitration is performed to give the
//                 opportunity to threads that encountered a cache miss to catch up".
//  Contract checks (parameter CONTRACT = 1): the doc's tables as a specification of the next
//  state, on the ports:
//      a_lane_*: per-lane update rules (ALU +1, BRANCH npc/nsp, MEM served +1 / replay, EXIT,
//      launch, no other lane change).
//      a_grow_arb, a_fire_arb, a_no_arb, a_idle_key, a_arb_valid: the control-update table.
//      a_shortcut: the §4.1 shortcut is really used: an ALU fire with no carry and no wake-up
//      or launch is followed by an issue-ready cycle (no arbitration).
`default_nettype none
module simt_warp_ctrl_fv #(
  parameter int unsigned W     = 4,
  parameter int unsigned PC_W  = 6,
  parameter int unsigned SP_W  = 2,
  parameter int unsigned OFF_W = 2,
  parameter int unsigned IMPL  = 0,
  // the pipelined arbiter (docs/units/warp_ctrl.md, "Pipelined arbiter"): the tables below and
  // a_wake_arb describe the single-cycle one (ARB_STAGES = 0) and are checked only there; with
  // ARB_STAGES >= 1 the tasks prove the RTL's assertions (CONTRACT = 0)
  parameter int unsigned ARB_STAGES = 0,
  // 1: also check the contract checks below; 0: only properties (1)-(3) and the RTL's
  // assertions, to show that they are inductive on their own (and what they alone catch)
  parameter bit          CONTRACT = 1'b1,
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input wire logic                clk_i,
  input wire logic                rst_ni,
  input wire logic                launch_i,
  input wire logic [W-1:0]        launch_mask_i,
  input wire logic [PC_W-1:0]     launch_pc_i,
  input wire logic [SP_W-1:0]     launch_sp_i,
  input wire logic                issue_i,
  input wire logic [1:0]          op_i,
  input wire logic [W*PC_W-1:0]   npc_i,
  input wire logic [W*SP_W-1:0]   nsp_i,
  input wire logic [W*PC_W-1:0]   addr_i,
  input wire logic                mem_hit_i,
  input wire logic [W-1:0]        wake_i
);
  logic                mpc_valid_o;
  logic [PC_W-1:0]     mpc_o;
  logic [SP_W-1:0]     msp_o;
  logic [W-1:0]        active_o;
  logic                arb_o;
  logic                mem_req_o;
  logic [PC_W-1:0]     mem_line_o;
  logic [W-1:0]        served_o;
  logic [W-1:0]        live_o;
  logic [W-1:0]        sleep_o;
  logic [W*PC_W-1:0]   pc_o;
  logic [W*SP_W-1:0]   sp_o;
  logic                done_o;

  simt_warp_ctrl #(
    .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL), .ARB_STAGES(ARB_STAGES)
  ) dut (
    .clk_i, .rst_ni, .launch_i, .launch_mask_i, .launch_pc_i, .launch_sp_i, .issue_i, .op_i,
    .npc_i, .nsp_i, .addr_i, .mem_hit_i, .wake_i,
    .mpc_valid_o, .mpc_o, .msp_o, .active_o, .arb_o, .mem_req_o, .mem_line_o, .served_o,
    .live_o, .sleep_o, .pc_o, .sp_o, .done_o
  );

  // ---- reset in the first cycle ---------------------------------------------------------
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) if (!f_past_valid) assume (!rst_ni);

  // ---- reference values computed from the ports ------------------------------------------
  logic [W*KEY_W-1:0] f_key;      // {sp_i, pc_i} of every lane
  logic [W-1:0]       f_en;       // enabled lanes
  logic [KEY_W-1:0]   f_mkey;     // {msp_o, mpc_o}
  logic               f_fire, f_carry, f_grow, f_conflict;
  logic [PC_W-1:0]    f_mpc_inc;

  assign f_en      = live_o & ~sleep_o;
  assign f_mkey    = {msp_o, mpc_o};
  assign f_fire    = issue_i & mpc_valid_o;
  assign f_carry   = (mpc_o == {PC_W{1'b1}});
  assign f_grow    = |(wake_i & sleep_o & live_o) | (launch_i & |(launch_mask_i & ~live_o));
  assign f_mpc_inc = mpc_o + 1'b1;
  assign f_conflict = |(active_o & ~served_o);

  for (genvar k = 0; k < W; k++) begin : g_key
    assign f_key[k*KEY_W +: KEY_W] = {sp_o[k*SP_W +: SP_W], pc_o[k*PC_W +: PC_W]};
  end

  // ---- a_wake_arb and the lane/control update rules: transitions --------------------------
  // ((1), (2), the rest of (3) and the output definitions are assertions of the RTL)
  logic [W-1:0] f_woke_ev;   // lanes woken on this edge (asleep, live, wake_i)
  assign f_woke_ev = wake_i & sleep_o & live_o;

  // the doc's shortcut condition (control-update table, rows 2-4), with carry read as always
  // forcing an arbitration (see the CONTRACT NOTE in the RTL)
  logic f_keep;
  assign f_keep = f_fire && !f_carry && !f_grow &&
                  (op_i == 2'd0 || (op_i == 2'd2 && (f_conflict || mem_hit_i)));

  logic f_past2_valid = 1'b0;
  always @(posedge clk_i) f_past2_valid <= f_past_valid;

  // Per-lane properties, one generate block per lane. Yosys does not scope assertion labels by
  // generate block (a label here would clash between lanes), so the names are comments; a
  // failure is reported with its source line.
  for (genvar k = 0; k < W; k++) begin : g_lane
    logic [PC_W-1:0] pc_k;
    logic [SP_W-1:0] sp_k;
    assign pc_k = pc_o[k*PC_W +: PC_W];
    assign sp_k = sp_o[k*SP_W +: SP_W];

    always @(posedge clk_i) begin
      if (f_past_valid && $past(rst_ni)) begin
        // lane update rules (docs/units/warp_ctrl.md "Lane update")
        if (!CONTRACT) begin
          // not checked
        end else if ($past(launch_i && launch_mask_i[k] && !live_o[k])) begin
          // a_lane_launch
          assert (live_o[k] && !sleep_o[k] &&
                                 pc_k == $past(launch_pc_i) && sp_k == $past(launch_sp_i));
        end else if ($past(issue_i && active_o[k])) begin
          case ($past(op_i))
            2'd0: begin
              // a_lane_alu
              assert (live_o[k] && !sleep_o[k] &&
                                   pc_k == $past(f_mpc_inc) && sp_k == $past(msp_o));
            end
            2'd1: begin
              // a_lane_br
              assert (live_o[k] && !sleep_o[k] &&
                                   pc_k == $past(npc_i[k*PC_W +: PC_W]) &&
                                   sp_k == $past(nsp_i[k*SP_W +: SP_W]));
            end
            2'd2: begin
              if ($past(served_o[k])) begin
                // a_lane_srv
                assert (live_o[k] && sleep_o[k] == !$past(mem_hit_i) &&
                                    pc_k == $past(f_mpc_inc) && sp_k == $past(msp_o));
              end else begin
                // a_lane_rep
                assert (live_o[k] && !sleep_o[k] &&
                                    pc_k == $past(mpc_o) && sp_k == $past(msp_o));
              end
            end
            default: begin
              // a_lane_exit
              assert (!live_o[k] && !sleep_o[k] &&
                                   pc_k == $past(pc_k) && sp_k == $past(sp_k));
            end
          endcase
        end else begin
          // a_lane_hold
          assert (live_o[k] == $past(live_o[k]) &&
                               sleep_o[k] == ($past(sleep_o[k]) && !$past(f_woke_ev[k])) &&
                               pc_k == $past(pc_k) && sp_k == $past(sp_k));
        end
      end

      // (3) the arbitration of cycle t+1 (the one that follows a wake-up of lane k at t) takes
      // lane k: the key it selects, visible at t+2, is <= lane k's key at t+1, and it found a
      // lane (mvalid_q = 1: mpc_valid_o unless a new arbitration is already pending).
      if (ARB_STAGES == 0 && f_past2_valid && $past(rst_ni, 2) && $past(rst_ni)) begin
        if ($past(f_woke_ev[k], 2)) begin
          // a_wake_arb
          assert (f_mkey <= $past(f_key[k*KEY_W +: KEY_W]) &&
                                (arb_o || mpc_valid_o));
        end
      end
    end
  end

  // control update (docs/units/warp_ctrl.md "Control update")
  always @(posedge clk_i) begin
    if (f_past_valid && CONTRACT && $past(rst_ni)) begin
      // a wake-up or launch always leads to an arbitration cycle
      if ($past(f_grow)) begin
        a_grow_arb:  assert (arb_o);
      end
      // §4.1 shortcut really used: no arbitration, next instruction ready, MPC + 1 (or MPC
      // unchanged when MEM lanes conflict and replay)
      if ($past(f_keep)) begin
        a_shortcut:  assert (!arb_o && mpc_valid_o &&
                             f_mkey == ($past(op_i == 2'd2 && f_conflict)
                                        ? $past(f_mkey) : {$past(msp_o), $past(f_mpc_inc)}));
      end
      // any other issued instruction (BRANCH, EXIT, MEM all missed, carry, growth) arbitrates
      if ($past(f_fire && !f_keep)) begin
        a_fire_arb:  assert (arb_o && f_mkey == $past(f_mkey));
      end
      // arbitration cycle or idle cycle without growth: no arbitration next
      if ($past(!f_grow && !f_fire)) begin
        a_no_arb:    assert (!arb_o);
      end
      // idle cycle (no arbitration, no fire): MPC key and valid bit unchanged
      if ($past(!arb_o && !f_fire)) begin
        a_idle_key:  assert (f_mkey == $past(f_mkey) && mpc_valid_o == ($past(mpc_valid_o) && !arb_o));
      end
      // after an arbitration: valid iff some lane was enabled
      if ($past(arb_o) && !arb_o) begin
        a_arb_valid: assert (mpc_valid_o == $past(f_en != '0));
      end
    end
  end

  // ---- covers: the interesting scenarios are reachable ----------------------------------
  // Divergence then full reconvergence; MEM conflict replayed; a woken lane rejoining the
  // others in the same instruction; the SP term running a callee (higher PC) first (Listing 1);
  // the carry path (ALU, and MEM with conflicts and a hit); all threads finished after running.
  logic         f_diverged = 1'b0, f_woken = 1'b0, f_ran = 1'b0;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_diverged <= 1'b0;
      f_woken    <= 1'b0;
      f_ran      <= 1'b0;
    end else begin
      if (mpc_valid_o && live_o == '1 && active_o != live_o) f_diverged <= 1'b1;
      if (f_woke_ev != '0) f_woken <= 1'b1;
      if (f_fire) f_ran <= 1'b1;
    end
  end

  logic f_callee_first;
  always @(*) begin
    f_callee_first = 1'b0;
    for (int k = 0; k < W; k++) begin
      if (f_en[k] && pc_o[k*PC_W +: PC_W] < mpc_o && sp_o[k*SP_W +: SP_W] > msp_o) begin
        f_callee_first = mpc_valid_o;
      end
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && rst_ni) begin
      c_reconverge: cover (f_diverged && mpc_valid_o && active_o == '1);
      c_replay:     cover ($past(mem_req_o && f_conflict) && mem_req_o && $past(rst_ni));
      c_rejoin:     cover (f_woken && mpc_valid_o && active_o == '1);
      c_callee:     cover (f_callee_first);
      c_carry:      cover (f_fire && f_carry && op_i == 2'd0);
      // the case the doc's MEM-conflict row misses: MPC all ones, lanes conflict, served hit
      c_mem_carry:  cover (mem_req_o && f_carry && f_conflict && mem_hit_i);
      c_done:       cover (f_ran && done_o);
    end
  end
endmodule
`default_nettype wire
