// SPDX-License-Identifier: Apache-2.0
// simt_warp_ctrl: stack-less warp control, MPC = min over enabled lanes of SP_i:PC_i, with the
// unified PC/memory arbiter. Cycle contract: docs/units/warp_ctrl.md (followed exactly; the one
// place where the contract had to be read is marked "CONTRACT NOTE" below).
//
// Collange 2011 §3: every lane keeps its own PC_i and SP_i; the common PC is the minimum of
// SP_i:PC_i over the enabled lanes (deepest call level first, then lowest PC); lanes whose key
// equals it execute, so reconvergence is key equality, checked every cycle. No stack: the state
// has constant size. §4.1: after an instruction that cannot change control flow, the MPC is
// incremented locally instead of re-arbitrating. §4.2: MEM instructions select one cache line;
// served lanes advance, conflicting lanes replay, missing lanes sleep until their data returns
// and then rejoin through a PC arbitration. §4.3: ONE reduction structure (simt_arb_unified)
// serves both the PC arbitration and the memory line selection.
`default_nettype none
module simt_warp_ctrl #(
  parameter int unsigned W     = 32,  // lanes
  parameter int unsigned PC_W  = 32,  // PC and data-address bits
  parameter int unsigned SP_W  = 8,   // stack-pointer bits
  parameter int unsigned OFF_W = 7,   // cache-line offset bits
  parameter int unsigned IMPL  = 0,   // arbiter form: 0 area (MSB-first elimination), 1 delay (tree)
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input  wire logic                clk_i,
  input  wire logic                rst_ni,         // synchronous, active low
  input  wire logic                launch_i,
  input  wire logic [W-1:0]        launch_mask_i,
  input  wire logic [PC_W-1:0]     launch_pc_i,
  input  wire logic [SP_W-1:0]     launch_sp_i,
  input  wire logic                issue_i,
  input  wire logic [1:0]          op_i,           // 0 ALU, 1 BRANCH, 2 MEM, 3 EXIT
  input  wire logic [W*PC_W-1:0]   npc_i,
  input  wire logic [W*SP_W-1:0]   nsp_i,
  input  wire logic [W*PC_W-1:0]   addr_i,
  input  wire logic                mem_hit_i,
  input  wire logic [W-1:0]        wake_i,
  output logic                     mpc_valid_o,
  output logic [PC_W-1:0]          mpc_o,
  output logic [SP_W-1:0]          msp_o,
  output logic [W-1:0]             active_o,
  output logic                     arb_o,
  output logic                     mem_req_o,
  output logic [PC_W-1:0]          mem_line_o,
  output logic [W-1:0]             served_o,
  output logic [W-1:0]             live_o,
  output logic [W-1:0]             sleep_o,
  output logic [W*PC_W-1:0]        pc_o,
  output logic [W*SP_W-1:0]        sp_o,
  output logic                     done_o
);
  // ---------------------------------------------------------------------------------------------
  // Parameter checks
  // ---------------------------------------------------------------------------------------------
  if (W < 1) begin : g_bad_w
    $error("simt_warp_ctrl: W (%0d) must be at least 1", W);
  end
  if (SP_W < 1) begin : g_bad_sp
    $error("simt_warp_ctrl: SP_W (%0d) must be at least 1", SP_W);
  end
  if (OFF_W >= PC_W) begin : g_bad_off  // also rejects PC_W = 0
    $error("simt_warp_ctrl: OFF_W (%0d) must be below PC_W (%0d)", OFF_W, PC_W);
  end
  if (KEY_W > 64) begin : g_bad_key     // docs/units/warp_ctrl.md: SP_W + PC_W <= 64
    $error("simt_warp_ctrl: SP_W + PC_W (%0d) must not exceed 64", KEY_W);
  end
  if (IMPL > 1) begin : g_bad_impl
    $error("simt_warp_ctrl: IMPL (%0d) must be 0 (area) or 1 (delay)", IMPL);
  end

  localparam logic [1:0] OpAlu    = 2'd0;
  localparam logic [1:0] OpBranch = 2'd1;
  localparam logic [1:0] OpMem    = 2'd2;
  localparam logic [1:0] OpExit   = 2'd3;

  // ---------------------------------------------------------------------------------------------
  // State. Per lane: PC_i, SP_i, live, asleep. Shared: MPC key, its valid bit, arbitration
  // pending. Constant size, no stack (Collange 2011 §3).
  // ---------------------------------------------------------------------------------------------
  logic [W*PC_W-1:0] pc_q,    pc_d;
  logic [W*SP_W-1:0] sp_q,    sp_d;
  logic [W-1:0]      live_q,  live_d;
  logic [W-1:0]      sleep_q, sleep_d;
  logic [KEY_W-1:0]  mkey_q,  mkey_d;    // {msp, mpc}
  logic              mvalid_q, mvalid_d;
  logic              arb_q,   arb_d;

  logic [PC_W-1:0] mpc;
  logic [SP_W-1:0] msp;
  assign {msp, mpc} = mkey_q;

  // ---------------------------------------------------------------------------------------------
  // Enabled and active lanes. Reconvergence is SP:PC equality with the MPC key, checked on every
  // cycle (Collange 2011 §3 "Reconvergence").
  // ---------------------------------------------------------------------------------------------
  logic         ready, fire;
  logic [W-1:0] en, eq, active;
  assign ready = mvalid_q & ~arb_q;
  assign fire  = issue_i & ready;

  for (genvar i = 0; i < W; i++) begin : g_act
    assign en[i] = live_q[i] & ~sleep_q[i];
    assign eq[i] = ({sp_q[i*SP_W +: SP_W], pc_q[i*PC_W +: PC_W]} == mkey_q);
  end
  assign active = {W{ready}} & en & eq;

  logic is_alu, is_branch, is_mem, is_exit;
  assign is_alu    = (op_i == OpAlu);
  assign is_branch = (op_i == OpBranch);
  assign is_mem    = (op_i == OpMem);
  assign is_exit   = (op_i == OpExit);

  logic mem_req;
  assign mem_req = fire & is_mem;

  // ---------------------------------------------------------------------------------------------
  // The unified arbiter (Collange 2011 §4.3, Fig. 4b): one reduction structure, two modes.
  //   PC mode (arb_q): valid = en, key = SP_i:PC_i (§3 traversal order, §4.1 arbitration).
  //   memory mode (a MEM instruction fires): valid = active, key = line of addr_i (§4.2).
  //   otherwise idle: valid = 0 (then the arbiter's key_o and match_o are 0).
  // arb_q and fire are exclusive (fire needs ~arb_q), so valid is a plain OR of the two cases.
  // In memory mode (mode_i = 1) the arbiter forces the SP field and the OFF_W offset bits of the
  // key to 0, so presenting {SP_i, addr_i} is the same as the contract's {0, addr_i}: only the PC
  // field needs a PC/address multiplexer.
  // ---------------------------------------------------------------------------------------------
  logic               arb_mode;
  logic [W-1:0]       arb_valid;
  logic [W*KEY_W-1:0] arb_key;
  logic               arb_valid_o;
  logic [KEY_W-1:0]   arb_key_o;
  logic [W-1:0]       arb_match_o;

  assign arb_mode  = ~arb_q;
  assign arb_valid = ({W{arb_q}} & en) | ({W{mem_req}} & active);
  for (genvar i = 0; i < W; i++) begin : g_key
    assign arb_key[i*KEY_W +: KEY_W] =
        {sp_q[i*SP_W +: SP_W], arb_q ? pc_q[i*PC_W +: PC_W] : addr_i[i*PC_W +: PC_W]};
  end

  simt_arb_unified #(
    .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .IMPL(IMPL)
  ) u_arb (
    .mode_i  (arb_mode),
    .valid_i (arb_valid),
    .key_i   (arb_key),
    .valid_o (arb_valid_o),
    .key_o   (arb_key_o),
    .match_o (arb_match_o)
  );

  // Memory side (§4.2): the selected line and the lanes it serves; 0 unless a MEM fires.
  logic [W-1:0] served;
  logic         conflict;  // some active lane is not in the selected line: it replays
  assign served     = {W{mem_req}} & arb_match_o;
  assign mem_line_o = {PC_W{mem_req}} & arb_key_o[PC_W-1:0];
  assign conflict   = |(active & ~served);

  // ---------------------------------------------------------------------------------------------
  // Wake-ups and launches: the enabled set grows by lanes whose keys are unknown to the MPC, so
  // the next cycle is a PC arbitration (§4.2: missing lanes "catch up" through arbitration).
  // ---------------------------------------------------------------------------------------------
  logic woke, launched, grow;
  assign woke     = |(wake_i & sleep_q & live_q);
  assign launched = launch_i & |(launch_mask_i & ~live_q);
  assign grow     = woke | launched;

  // ---------------------------------------------------------------------------------------------
  // Control update (Collange 2011 §4.1 shortcut). The MPC stays exact without arbitration when
  // the PC field does not wrap (carry = MPC all ones) and no lane joins the enabled set, for:
  //   ALU:                        active lanes move to mpc + 1, the new minimum;
  //   MEM, some active lane not served: the conflicting lanes stay at MPC, still the minimum;
  //   MEM, all served, hit:       as ALU.
  // CONTRACT NOTE: the table row "MEM, some active lane not served" does not exclude carry, but
  // the "any other fire" row lists carry. It is read here as: carry always forces arbitration.
  // It must: with carry, served lanes that hit wrap to {msp, 0}, below the unchanged MPC, and the
  // documented invariant (MPC = minimum) would fail.
  // Every other fire (BRANCH, EXIT, MEM all missed, carry, grow) and every non-fire cycle with
  // grow requests an arbitration; the key and valid bit are left unchanged until it runs.
  // ---------------------------------------------------------------------------------------------
  logic            carry, keep, inc;
  logic [PC_W-1:0] mpc_inc;
  assign carry   = &mpc;
  assign mpc_inc = mpc + PC_W'(1);
  assign keep    = fire & ~carry & ~grow & (is_alu | (is_mem & (conflict | mem_hit_i)));
  assign inc     = keep & ~(is_mem & conflict);

  // arb_d: on an arbitration cycle fire is 0, so this is grow; on fire it is 1 unless keep;
  // otherwise it is grow (arb_q is 0 there).
  assign arb_d    = grow | (fire & ~keep);
  // mvalid_d: keep implies fire, which implies mvalid_q = 1, so "1" there equals "unchanged".
  assign mvalid_d = arb_q ? arb_valid_o : mvalid_q;
  assign mkey_d   = arb_q ? arb_key_o : (inc ? {msp, mpc_inc} : mkey_q);

  // ---------------------------------------------------------------------------------------------
  // Lane update. The three cases are exclusive: launch needs ~live, active needs live & awake,
  // wake needs asleep. An active lane's PC equals the MPC (key equality), so its PC + 1 is
  // mpc_inc: one shared incrementer instead of one per lane.
  // ---------------------------------------------------------------------------------------------
  for (genvar i = 0; i < W; i++) begin : g_lane
    logic launch_l, act_l, branch_l, exit_l, inc_l;
    assign launch_l = launch_i & launch_mask_i[i] & ~live_q[i];
    assign act_l    = issue_i & active[i];               // fire & active[i]
    assign branch_l = act_l & is_branch;                 // §3: each lane computes its own PC
    assign exit_l   = act_l & is_exit;
    assign inc_l    = (act_l & is_alu) | served[i];      // ALU, or served by the MEM line (§4.2)

    assign pc_d[i*PC_W +: PC_W] = launch_l ? launch_pc_i
                                : branch_l ? npc_i[i*PC_W +: PC_W]
                                : inc_l    ? mpc_inc
                                :            pc_q[i*PC_W +: PC_W];
    assign sp_d[i*SP_W +: SP_W] = launch_l ? launch_sp_i
                                : branch_l ? nsp_i[i*SP_W +: SP_W]
                                :            sp_q[i*SP_W +: SP_W];
    assign live_d[i]  = launch_l | (live_q[i] & ~exit_l);
    // sleep_d is computed on whole vectors below (Verilator 5.006 workaround).
  end

  // Served lanes sleep on a miss (§4.2, "flagged as inactive until data availability"); a
  // wake-up clears the bit of a sleeping lane, a launch clears it too.
  // TOOL NOTE: written per lane inside g_lane as
  //   sleep_d[i] = ~launch_l & ((served[i] & ~mem_hit_i) | (sleep_q[i] & ~wake_l)),
  // the Verilator 5.006 C++ (with or without -fno-dfg) dropped the (sleep_q & ~wake_l) term for the
  // odd lanes, so sleeping lanes woke by themselves; the cross-check caught it (simtcheck warp
  // --test mem-runahead). The same function on whole vectors is compiled correctly.
  logic [W-1:0] launch_v, wake_v;
  assign launch_v = {W{launch_i}} & launch_mask_i & ~live_q;
  assign wake_v   = wake_i & sleep_q & live_q;
  assign sleep_d  = ~launch_v & ((served & ~{W{mem_hit_i}}) | (sleep_q & ~wake_v));

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pc_q     <= '0;
      sp_q     <= '0;
      live_q   <= '0;
      sleep_q  <= '0;
      mkey_q   <= '0;
      mvalid_q <= 1'b0;
      arb_q    <= 1'b0;
    end else begin
      pc_q     <= pc_d;
      sp_q     <= sp_d;
      live_q   <= live_d;
      sleep_q  <= sleep_d;
      mkey_q   <= mkey_d;
      mvalid_q <= mvalid_d;
      arb_q    <= arb_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------------
  assign mpc_valid_o = ready;
  assign mpc_o       = mpc;
  assign msp_o       = msp;
  assign active_o    = active;
  assign arb_o       = arb_q;
  assign mem_req_o   = mem_req;
  assign served_o    = served;
  assign live_o      = live_q;
  assign sleep_o     = sleep_q;
  assign pc_o        = pc_q;
  assign sp_o        = sp_q;
  assign done_o      = ~|live_q;

`ifndef SYNTHESIS
`include "simt_assert.svh"
  // ---------------------------------------------------------------------------------------------
  // Local invariants (docs/units/warp_ctrl.md, "Cycle contract"; formal/warp_ctrl/ proves them
  // with the DUT, every Verilated model checks them at every clock edge out of reset). They hold
  // for any input sequence after reset. Transitions are stated on the next state (*_d): under
  // rst_ni it is the state of the next cycle. The formal wrapper keeps the control-update and
  // lane-update tables (the contract as a specification of the next state) and a_wake_arb (two
  // cycles of history).
  // ---------------------------------------------------------------------------------------------
  logic [W-1:0] f_below;     // enabled lanes whose key is below the MPC key
  logic [W-1:0] f_mem_low;   // active lanes of a MEM requesting a line below the selected one
  logic [W-1:0] f_in_line;   // lanes whose address is in the selected line
  logic [W-1:0] f_woke;      // lanes woken on this edge (asleep, live, wake_i)
  always_comb begin
    for (int i = 0; i < W; i++) begin
      f_below[i]   = en[i] && ({sp_q[i*SP_W +: SP_W], pc_q[i*PC_W +: PC_W]} < mkey_q);
      f_in_line[i] = addr_i[i*PC_W + OFF_W +: PC_W - OFF_W] == mem_line_o[PC_W-1:OFF_W];
      f_mem_low[i] = active[i] && (addr_i[i*PC_W + OFF_W +: PC_W - OFF_W] < mem_line_o[PC_W-1:OFF_W]);
    end
  end
  assign f_woke = wake_i & sleep_q & live_q;

  // (1) the invariant (Collange 2011 §3, §4.1): the MPC key is the minimum SP:PC of the enabled
  // lanes. Stated as "no enabled lane below it" (a_min) and "some enabled lane at it" (a_act_nz):
  // together they are the minimum, without a W-step chain of comparisons.
  `SIMT_ASSERT(a_min, !mpc_valid_o || f_below == '0)
  `SIMT_ASSERT(a_act_nz, !mpc_valid_o || active_o != '0)
  `SIMT_ASSERT(a_act_eq, active_o == ({W{mpc_valid_o}} & en & eq))   // reconvergence: key equality
  `SIMT_ASSERT(a_idle, arb_q || mvalid_q || en == '0)   // no MPC and no arbitration: none enabled
  `SIMT_ASSERT(a_sleep_live, (sleep_q & ~live_q) == '0) // only live lanes sleep
  // (2) a live lane is dropped only by an EXIT it executes
  `SIMT_ASSERT(a_live_drop, (live_q & ~live_d & ~({W{issue_i && is_exit}} & active)) == '0)
  // (3) §4.2: a lane falls asleep only when served by a MEM that misses; it wakes only through
  // wake_i; a woken lane is enabled on the next cycle, which is a PC arbitration ("a PC
  // arbitration is performed to give the opportunity to threads that encountered a cache miss
  // to catch up")
  `SIMT_ASSERT(a_sleep_why, (~sleep_q & sleep_d & ~({W{mem_req && !mem_hit_i}} & served)) == '0)
  `SIMT_ASSERT(a_sleep_keep, (sleep_q & ~sleep_d & ~wake_i) == '0)
  `SIMT_ASSERT(a_wake_en, (f_woke & ~(live_d & ~sleep_d)) == '0 && (f_woke == '0 || arb_d))
  // output definitions
  `SIMT_ASSERT(a_done, done_o == (live_q == '0))
  `SIMT_ASSERT(a_arb_nv, !(arb_o && mpc_valid_o))
  `SIMT_ASSERT(a_memreq, mem_req_o == (issue_i && mpc_valid_o && op_i == OpMem))
  // §4.2/§4.3 memory mode: the lowest line requested by an active lane is selected (offset 0)
  // and served = the active lanes in that line; nothing is served without a MEM
  `SIMT_ASSERT(a_mem_off, (mem_line_o & PC_W'((1 << OFF_W) - 1)) == '0)
  `SIMT_ASSERT(a_mem_some, !mem_req_o || served_o != '0)
  `SIMT_ASSERT(a_mem_idle, mem_req_o || (served_o == '0 && mem_line_o == '0))
  `SIMT_ASSERT(a_mem_min, !mem_req_o || f_mem_low == '0)
  `SIMT_ASSERT(a_mem_served, !mem_req_o || served_o == (active_o & f_in_line))
`endif
endmodule
`default_nettype wire
