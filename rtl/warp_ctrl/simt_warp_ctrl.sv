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
//
// ARB_STAGES >= 1: the arbiter is the registered comparator tree (simt_arb_pipe, still one
// structure for both modes) and each of its operations takes ARB_STAGES + 1 cycles: a PC
// arbitration completes ARB_STAGES cycles after the enabled set last changed, a MEM completes
// (mem_req_o, mem_line_o, served_o, mem_hit_i) ARB_STAGES cycles after it issued, and issue
// waits meanwhile. §4 ("pipeline latency is hidden using hardware multithreading. Latency is not
// a critical factor") and §4.1 (arbitration only after control flow and memory) are why this
// costs little: straight-line ALU code still issues every cycle (docs/units/warp_ctrl.md,
// "Pipelined arbiter").
`default_nettype none
module simt_warp_ctrl #(
  parameter int unsigned W     = 32,  // lanes
  parameter int unsigned PC_W  = 32,  // PC and data-address bits
  parameter int unsigned SP_W  = 8,   // stack-pointer bits
  parameter int unsigned OFF_W = 7,   // cache-line offset bits
  parameter int unsigned IMPL  = 0,   // arbiter form: 0 area (MSB-first elimination), 1 delay (tree)
  parameter int unsigned ARB_STAGES = 0,  // 0: single-cycle arbiter; 1 .. 2 clog2(W) + 1: the
                                          // pipelined tree, ARB_STAGES cycles per operation
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
  // The pipelined arbiter is a comparator tree (the delay form); simt_arb_pipe checks the range
  // of ARB_STAGES (1 .. 2 clog2(W) + 1).
  if (ARB_STAGES > 0 && IMPL != 1) begin : g_bad_pipe_impl
    $error("simt_warp_ctrl: ARB_STAGES (%0d) > 0 pipelines the comparator tree: IMPL must be 1, not %0d",
           ARB_STAGES, IMPL);
  end

  localparam bit PIPE = ARB_STAGES > 0;
  localparam int unsigned CNT_W = PIPE ? $clog2(ARB_STAGES + 1) : 1;

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
  // ARB_STAGES >= 1 only (constants otherwise): a MEM in flight, a lane joined while it was in
  // flight; and in g_pipe_ctl, the MEM's active lanes (mact_q) and the cycles the operation has
  // been in flight (cnt_q).
  logic              memw_q;
  logic              grew_q;
  logic              at_end;   // the arbiter's result is there this cycle (always, single-cycle)

  logic [PC_W-1:0] mpc;
  logic [SP_W-1:0] msp;
  assign {msp, mpc} = mkey_q;

  // ---------------------------------------------------------------------------------------------
  // Enabled and active lanes. Reconvergence is SP:PC equality with the MPC key, checked on every
  // cycle (Collange 2011 §3 "Reconvergence"): by W comparators (eq) with the single-cycle
  // arbiter; with the pipelined one by the same equality kept as state (atm: the lanes at the
  // MPC key, set by each change of the key, g_pipe_ctl), so that no comparator lies between the
  // state and the lanes' next PCs (docs/units/warp_ctrl.md, "Pipelined arbiter").
  // ---------------------------------------------------------------------------------------------
  logic         ready, fire;
  logic [W-1:0] en, eq, atm, active;
  assign ready = mvalid_q & ~arb_q & ~memw_q;
  assign fire  = issue_i & ready;

  for (genvar i = 0; i < W; i++) begin : g_act
    assign en[i] = live_q[i] & ~sleep_q[i];
    assign eq[i] = ({sp_q[i*SP_W +: SP_W], pc_q[i*PC_W +: PC_W]} == mkey_q);
  end
  assign active = {W{ready}} & en & atm;

  logic is_alu, is_branch, is_mem, is_exit;
  assign is_alu    = (op_i == OpAlu);
  assign is_branch = (op_i == OpBranch);
  assign is_mem    = (op_i == OpMem);
  assign is_exit   = (op_i == OpExit);

  logic mem_fire, mem_req;
  assign mem_fire = fire & is_mem;
  // The MEM's result (line, served lanes) is there: in the issue cycle, or ARB_STAGES later.
  assign mem_req  = PIPE ? (memw_q & at_end) : mem_fire;

  // ---------------------------------------------------------------------------------------------
  // The unified arbiter (Collange 2011 §4.3, Fig. 4b): one reduction structure, two modes.
  //   PC mode (arb_q): valid = en, key = SP_i:PC_i (§3 traversal order, §4.1 arbitration).
  //   memory mode (a MEM instruction fires): valid = active, key = line of addr_i (§4.2).
  //   otherwise idle: valid = 0 (then the arbiter's key_o and match_o are 0).
  // arb_q and fire are exclusive (fire needs ~arb_q), so valid is a plain OR of the two cases.
  // Pipelined (ARB_STAGES >= 1): the same inputs enter the tree every cycle; only the result of
  // the cycle an operation started is used, ARB_STAGES cycles later (at_end).
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
  logic               arb_uni_o;    // pipelined: every lane of the operation at its result

  assign arb_mode  = ~arb_q;
  assign arb_valid = ({W{arb_q}} & en) | ({W{mem_fire}} & active);
  for (genvar i = 0; i < W; i++) begin : g_key
    assign arb_key[i*KEY_W +: KEY_W] =
        {sp_q[i*SP_W +: SP_W], arb_q ? pc_q[i*PC_W +: PC_W] : addr_i[i*PC_W +: PC_W]};
  end

  if (PIPE) begin : g_arb_pipe
    simt_arb_pipe #(
      .W(W), .PC_W(PC_W), .SP_W(SP_W), .OFF_W(OFF_W), .STAGES(ARB_STAGES)
    ) u_arb (
      .clk_i,
      .rst_ni,
      .mode_i  (arb_mode),
      .valid_i (arb_valid),
      .key_i   (arb_key),
      .valid_o (arb_valid_o),
      .key_o   (arb_key_o),
      .match_o (arb_match_o),
      .uniform_o (arb_uni_o)
    );
  end else begin : g_arb_comb
    assign arb_uni_o = 1'b0;   // not used: the conflict is the OR below
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
  end

  // Memory side (§4.2): the selected line and the lanes it serves; 0 unless a MEM's result is
  // there. The MEM's lanes: the active ones of its issue cycle (held in mact_q when pipelined).
  // A conflict (some lane of the MEM outside the selected line) is, single-cycle, the OR over
  // the active lanes not served; pipelined, the tree delivers it as a flip-flop beside its
  // result (uniform_o: every lane it was given is at the minimum), since the same OR over
  // mact_q, between the tree's registered result and the MPC registers' enables, was the
  // critical path on both boards (docs/fpga.md). Either is read only where mem_req (assertion
  // a_p_conflict: the flip-flop equals that OR).
  logic [W-1:0] served;
  logic         conflict;  // some lane of the MEM is not in the selected line: it replays
  assign served     = {W{mem_req}} & arb_match_o;
  assign mem_line_o = {PC_W{mem_req}} & arb_key_o[PC_W-1:0];
  assign conflict   = PIPE ? ~arb_uni_o : |(active & ~served);

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
  // Pipelined, the MEM rows apply where its result is there (mem_req), and a lane that joined
  // while it was in flight (grew_q) counts as growth.
  logic            carry, alu_keep, mem_keep, keep, inc;
  logic [PC_W-1:0] mpc_inc;
  // carry (the MPC is all ones): a flip-flop of its own with the pipelined arbiter (g_pipe_ctl)
  // mpc_inc = MPC + 1: an incrementer, or with the pipelined arbiter a flip-flop (g_pipe_ctl)
  assign alu_keep = fire & is_alu & ~carry & ~grow;
  assign mem_keep = mem_req & ~carry & ~grow & ~grew_q & (conflict | mem_hit_i);
  assign keep     = alu_keep | mem_keep;
  assign inc      = alu_keep | (mem_keep & ~conflict);

  // arb_d, single-cycle: on an arbitration cycle fire is 0, so this is grow; on fire it is 1
  // unless keep; otherwise it is grow (arb_q is 0 there). Pipelined: an arbitration goes on
  // until its result is there (at_end), and starts again when a lane joins (grow); a MEM in
  // flight arbitrates only when its result is there and cannot be kept; the MEM's issue does not.
  if (PIPE) begin : g_arb_d_pipe
    assign arb_d = arb_q    ? (~at_end | grow)
                 : memw_q   ? (mem_req & ~mem_keep)
                 : mem_fire ? 1'b0
                 :            (grow | (fire & ~keep));
  end else begin : g_arb_d_comb
    assign arb_d = grow | (fire & ~keep);
  end
  // mvalid_d: keep implies fire or mem_req, so mvalid_q = 1 there and "1" equals "unchanged".
  assign mvalid_d = (arb_q & at_end) ? arb_valid_o : mvalid_q;
  assign mkey_d   = (arb_q & at_end) ? arb_key_o : (inc ? {msp, mpc_inc} : mkey_q);

  // The pipelined arbiter's bookkeeping (ARB_STAGES >= 1), constants otherwise.
  if (PIPE) begin : g_pipe_ctl
    logic [CNT_W-1:0] cnt_q, cnt_d;
    logic             memw_d, grew_d;
    logic [W-1:0]     mact_q, mact_d;
    // atm: the enabled lanes at the MPC key, kept equal to (key_i == mkey_q) & en wherever
    // mvalid_q & ~arb_q & ~grew_q (assertion a_p_atm). The key changes only here: an arbitration's result
    // (its match mask is that set), the shortcut (the lanes that move to MPC + 1, and the enabled
    // lanes already there, eqp1), a MEM whose lanes conflict (the served ones leave). carry_q
    // (&mpc) and mpc1_q (MPC + 1) change with the key, in the same cases.
    logic [W-1:0]     atm_q, atm_d, eqp1;
    logic             carry_q, carry_d;
    logic [PC_W-1:0]  mpc1_q, mpc1_d;   // MPC + 1, so that no carry chain precedes eqp1
    for (genvar i = 0; i < W; i++) begin : g_eqp1
      assign eqp1[i] = ({sp_q[i*SP_W +: SP_W], pc_q[i*PC_W +: PC_W]} == {msp, mpc_inc});
    end
    assign atm_d   = (arb_q & at_end)       ? arb_match_o
                   : alu_keep               ? (active | (en & eqp1))
                   : (mem_keep & conflict)  ? (atm_q & ~served)
                   : mem_keep               ? (served | (en & eqp1))
                   :                          atm_q;
    assign carry_d = (arb_q & at_end) ? &arb_key_o[PC_W-1:0]
                   : inc              ? &mpc1_q
                   :                    carry_q;
    assign mpc1_d  = (arb_q & at_end) ? arb_key_o[PC_W-1:0] + PC_W'(1)
                   : inc              ? mpc1_q + PC_W'(1)
                   :                    mpc1_q;
    assign atm     = atm_q;
    assign carry   = carry_q;
    assign mpc_inc = mpc1_q;
    assign at_end = (cnt_q == CNT_W'(ARB_STAGES));
    // cnt: 0 on the cycle an operation's inputs enter the tree (a PC arbitration's first
    // cycle, or the one after a lane joined; a MEM's issue cycle, which is not counted in
    // memw_q), then + 1 a cycle up to at_end.
    assign cnt_d  = arb_q    ? ((at_end | grow) ? '0 : cnt_q + CNT_W'(1))
                  : memw_q   ? (at_end ? '0 : cnt_q + CNT_W'(1))
                  : mem_fire ? CNT_W'(1)
                  :            '0;
    assign memw_d = mem_fire | (memw_q & ~at_end);
    assign mact_d = mem_fire ? active : (memw_q & ~at_end) ? mact_q : '0;
    assign grew_d = mem_fire ? grow : (memw_q & ~at_end) ? (grew_q | grow) : 1'b0;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        cnt_q   <= '0;
        memw_q  <= 1'b0;
        mact_q  <= '0;
        grew_q  <= 1'b0;
        atm_q   <= '0;
        carry_q <= 1'b0;
        mpc1_q  <= PC_W'(1);   // mkey_q resets to 0
      end else begin
        cnt_q   <= cnt_d;
        memw_q  <= memw_d;
        mact_q  <= mact_d;
        grew_q  <= grew_d;
        atm_q   <= atm_d;
        carry_q <= carry_d;
        mpc1_q  <= mpc1_d;
      end
    end
  end else begin : g_comb_ctl
    assign atm     = eq;
    assign carry   = &mpc;
    assign mpc_inc = mpc + PC_W'(1);
    assign at_end = 1'b1;
    assign memw_q = 1'b0;
    assign grew_q = 1'b0;
  end

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
  logic [W-1:0] f_woke;      // lanes woken on this edge (asleep, live, wake_i)
  always_comb begin
    for (int i = 0; i < W; i++) begin
      f_below[i]   = en[i] && ({sp_q[i*SP_W +: SP_W], pc_q[i*PC_W +: PC_W]} < mkey_q);
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
  // (pipelined: a lane woken while a MEM is in flight makes its completion arbitrate, grew_q)
  logic f_wake_next;   // the arbitration that follows a wake-up is requested on this edge
  if (PIPE) begin : g_f_wake_pipe
    assign f_wake_next = arb_d | g_pipe_ctl.grew_d;
  end else begin : g_f_wake_comb
    assign f_wake_next = arb_d;
  end
  `SIMT_ASSERT(a_wake_en, (f_woke & ~(live_d & ~sleep_d)) == '0 && (f_woke == '0 || f_wake_next))
  // output definitions
  `SIMT_ASSERT(a_done, done_o == (live_q == '0))
  `SIMT_ASSERT(a_arb_nv, !(arb_o && mpc_valid_o))
  `SIMT_ASSERT(a_memreq, mem_req_o == (PIPE ? (memw_q && at_end) : (issue_i && mpc_valid_o && op_i == OpMem)))
  // §4.2/§4.3 memory mode: the lowest line requested by an active lane is selected (offset 0)
  // and served = the active lanes in that line; nothing is served without a MEM
  `SIMT_ASSERT(a_mem_off, (mem_line_o & PC_W'((1 << OFF_W) - 1)) == '0)
  `SIMT_ASSERT(a_mem_some, !mem_req_o || served_o != '0)
  `SIMT_ASSERT(a_mem_idle, mem_req_o || (served_o == '0 && mem_line_o == '0))
  if (!PIPE) begin : g_a_mem_comb
    // the lines the lanes ask for are on addr_i in the same cycle
    logic [W-1:0] f_mem_low;   // active lanes of a MEM requesting a line below the selected one
    logic [W-1:0] f_in_line;   // lanes whose address is in the selected line
    always_comb begin
      for (int i = 0; i < W; i++) begin
        f_in_line[i] = addr_i[i*PC_W + OFF_W +: PC_W - OFF_W] == mem_line_o[PC_W-1:OFF_W];
        f_mem_low[i] = active[i] && (addr_i[i*PC_W + OFF_W +: PC_W - OFF_W] < mem_line_o[PC_W-1:OFF_W]);
      end
    end
    `SIMT_ASSERT(a_mem_min, !mem_req_o || f_mem_low == '0)
    `SIMT_ASSERT(a_mem_served, !mem_req_o || served_o == (active_o & f_in_line))
  end else begin : g_a_pipe
    // Pipelined arbiter (docs/units/warp_ctrl.md, "Pipelined arbiter"). The selection itself
    // (lowest line of the issue cycle's addresses, minimum key of the enabled set) is
    // simt_arb_pipe's function, checked by the C model every cycle and proven in formal/arb_pipe;
    // here, the bookkeeping around it.
    // one operation at a time: an arbitration, a MEM in flight, or neither; the count runs only
    // under one of them, up to ARB_STAGES
    `SIMT_ASSERT(a_p_excl, !(arb_q && memw_q))
    logic [CNT_W-1:0] f_cnt;
    assign f_cnt = g_pipe_ctl.cnt_q;
    if ((1 << CNT_W) - 1 > ARB_STAGES) begin : g_a_cnt_max
      `SIMT_ASSERT(a_p_cnt_max, f_cnt <= CNT_W'(ARB_STAGES))
    end
    `SIMT_ASSERT(a_p_cnt_idle, arb_q || memw_q || f_cnt == '0)
    `SIMT_ASSERT(a_p_cnt_mem, !memw_q || f_cnt != '0)
    `SIMT_ASSERT(a_p_grew, memw_q || !grew_q)
    logic [W-1:0] f_mact;
    assign f_mact = g_pipe_ctl.mact_q;
    // while a MEM is in flight its lanes stay enabled at the MPC key (nothing else issues, and
    // only a MEM's own completion moves or puts lanes to sleep), and they are what it serves
    `SIMT_ASSERT(a_p_mact, !memw_q || (f_mact != '0 && (f_mact & ~(en & eq)) == '0 && mvalid_q))
    `SIMT_ASSERT(a_p_mact_idle, memw_q || f_mact == '0)
    `SIMT_ASSERT(a_p_served, (served_o & ~f_mact) == '0)
    // the tree's uniform bit is the OR it replaces: some lane of the MEM not served
    `SIMT_ASSERT(a_p_conflict, !mem_req || (conflict == |(f_mact & ~served)))
    // the at-MPC mask and carry flip-flop are the comparators and the AND they replace (a lane
    // that joined while a MEM is in flight may be at the key unmarked: the MEM's completion
    // then arbitrates, which sets the mask anew)
    `SIMT_ASSERT(a_p_atm, !(mvalid_q && !arb_q && !grew_q) || ((g_pipe_ctl.atm_q ^ eq) & en) == '0)
    `SIMT_ASSERT(a_p_carry, g_pipe_ctl.carry_q == &mpc)
    `SIMT_ASSERT(a_p_mpc1, g_pipe_ctl.mpc1_q == mpc + PC_W'(1))
  end
`endif
endmodule
`default_nettype wire
