// SPDX-License-Identifier: Apache-2.0
// simt_ht_stack: per-warp PDOM reconvergence stack with hyper-threaded scheduling, K PC slots
// (Steffen 2012 §4.1-4.2, Fig. 4.2-4.4, Algorithm 1). Cycle contract: docs/units/ht_stack.md,
// followed exactly (golden model cmodel/simt_ht_stack.c). "Dn" below is item n of that
// datasheet's "Deviations from the paper" (the errata of Algorithm 1 and the thesis's gaps).
//
// State: D registered entries {pc, mask, hasr, rpc} (and for POLICY 2 the work-ahead descriptor
// {nrpc, prio, wav} of the PDOM point the entry waits at; constant 0 under the other policies),
// 0 = bottom, compacted (entries >= cnt are all zero), the entry count, and the batch state
// {busy, pend[D], eslot[D], rq_*}.
//
// Scheduling (§4.2, §4.2.1.1; D6, D7), combinational from the registered stack, parallel form:
//   - above(e) = OR of the masks above e: a log-depth suffix OR (Kogge-Stone, one signal per
//     level); runnable(e) = valid(e) & (mask_e & above(e)) == 0.
//   - MERGE = 1 (§4.2.1.2 loop lapping; D16): a runnable entry is a duplicate when a runnable
//     entry above it has the same PC (pairwise comparators), else a leader. Without MERGE every
//     runnable entry is a leader.
//   - first-K select: the number of leaders above each entry, by simt_prefix_cnt (parallel
//     prefix) fed the leader vector reversed, so that "below" in the counter means "above" in
//     the stack. A leader with fewer than K leaders above it takes slot = that number; a
//     duplicate with fewer than K leaders above it joins the slot whose PC equals its own.
//   This equals Algorithm 1 corrected (D1-D5) under the PDOM order invariant (D6).
//   - POLICY 3 (SS, §4.2.1.3; D17, D18) instead: entry 0 is level 0, scheduled alone while it is
//     the only entry; once split, slot g = the topmost entry (>= 1) holding a lane of group g, i.e.
//     one holding a lane of group g with no lane of group g above it (above(e) & group g = 0).
//
// Work-ahead (POLICY 2, §4.2.1.2, Fig. 4.6; D13, D14): a candidate has wav, lanes waiting at its PC
// (mask & ~above) and lanes still above it; the highest prio (simt_min_sel on ~prio), ties to
// the topmost (simt_prio_sel on the reversed match). When the split is due it takes the place of
// the batch's structural update in the next-state network (no batch is processed in that cycle).
//
// Update (§4.2, §4.2.1.1; D8-D10): the reports of a batch are classified per pending entry into
// non-structural (the entry is rewritten in place), structural (removal, or 1 or 2 entries
// inserted right above it; SS: the spatial split, up to K group roots above level 0) or refused
// (applied as NONE). Each cycle applies every pending non-structural update and the highest
// pending structural one; the entries above it shift.
//
// Two forms of the above, chosen by the parameters, for area only (same ports, same cycle
// contract; docs/units/ht_stack.md, "Area and depth"):
//   - TOP1 (POLICY 0, or POLICY 1 with K = 1): the schedule is the top entry (no suffix OR, no
//     first-K count), the one pending entry is the top one (assertion a_pend_top), and an update
//     rewrites it and writes the one or two entries above it: no shift network.
//   - SLOTCLS (POLICY 0/1 without MERGE, 2K <= D): the batch's reports are classified once per
//     slot, each classifier fed its slot's one pending entry through a one-hot select (assertion
//     a_pend_slot: pending entries hold distinct slots), instead of once per entry.
//
// Two-clock step (STEP_CLKS = 2; docs/units/ht_stack.md, "Two-clock step"): a step takes two
// clocks with the inputs held over both; the state is written on the second, bad_o and full_o
// are 0 on the first; every other output is a function of the state, the same on both. A
// register rank (simt_step_cut) holds the batch being processed (acceptance, pending entries,
// slots, report fields) and the classifiers' inputs and results: every signal of a step is a
// function of the state and the held inputs, so the rank's value on the second clock is the
// value its input has there, and the step equals the single-cycle one.
`default_nettype none
module simt_ht_stack #(
  parameter int unsigned W      = 32,         // lanes per warp, 4..64 (Table 7.1: 32)
  parameter int unsigned PC_W   = 32,         // PC bits, 8..64
  parameter int unsigned K      = 2,          // PC slots (HT ways, §4.2): 1..8, or K = W <= 16
  parameter int unsigned D      = 2 * W - 1,  // stack entries, 2..3W-2 (2W-1 never stalls; WA 3W-2)
  parameter int unsigned POLICY = 1,          // 0 PDOM (top entry only), 1 parallel entries,
                                              // 2 work-ahead (§4.2.1.2), 3 spatial (§4.2.1.3)
  parameter int unsigned MERGE  = 0,          // 1: scheduled entries with equal PCs share a slot
  parameter int unsigned PRIO_W = 3,          // WA: a PDOM point's priority bits (§4.2.1.2), 1..8
  parameter int unsigned STEP_CLKS = 1,       // clocks per step: 1, or 2 (a register rank inside)
  localparam int unsigned SW = (K > 1) ? $clog2(K) : 1,   // slot number
  localparam int unsigned DW = $clog2(D + 1),             // entry count 0..D
  localparam int unsigned EW = (D > 1) ? $clog2(D) : 1    // entry index 0..D-1
) (
  input  wire logic                 clk_i,
  input  wire logic                 rst_ni,       // synchronous, active low: empty stack
  // launch: one root entry
  input  wire logic                 ln_valid_i,
  input  wire logic [PC_W-1:0]      ln_pc_i,
  input  wire logic [W-1:0]         ln_mask_i,
  // report batch of the bundle issued from the current meta-data (D8)
  input  wire logic                 rp_valid_i,
  input  wire logic [3*K-1:0]       rp_kind_i,    // 0 NONE, 1 ADV, 2 BR, 3 EXIT, 4 SYNC
  input  wire logic [K*PC_W-1:0]    rp_npc_i,
  input  wire logic [K*PC_W-1:0]    rp_tgt_i,
  input  wire logic [K*W-1:0]       rp_tmask_i,
  input  wire logic [K*PC_W-1:0]    rp_rpc_i,
  input  wire logic [K*PC_W-1:0]    rp_nrpc_i,    // BR, WA: the descriptor of the PDOM point
  input  wire logic [K*PRIO_W-1:0]  rp_prio_i,    //   rp_rpc (D14): next PDOM point, priority,
  input  wire logic [K-1:0]         rp_wav_i,     //   work-ahead allowed (D15)
  output logic [2:0]                bad_o,        // [0] launch, [1] batch, [2] an entry's report
  output logic                      full_o,
  output logic                      wa_split_o,   // WA: a work-ahead split is applied this cycle
  output logic                      busy_o,
  // warp meta-data (Fig. 4.4; D7)
  output logic                      md_valid_o,
  output logic [K-1:0]              slot_v_o,
  output logic [K*PC_W-1:0]         slot_pc_o,
  output logic [W-1:0]              lane_act_o,
  output logic [W*SW-1:0]           lane_sel_o,
  // state taps
  output logic [DW-1:0]             cnt_o,
  output logic [D*PC_W-1:0]         st_pc_o,
  output logic [D*W-1:0]            st_mask_o,
  output logic [D-1:0]              st_hasr_o,
  output logic [D*PC_W-1:0]         st_rpc_o,
  output logic [D*PC_W-1:0]         st_nrpc_o,    // WA fields (0 unless POLICY = 2)
  output logic [D*PRIO_W-1:0]       st_prio_o,
  output logic [D-1:0]              st_wav_o,
  output logic [D-1:0]              pend_o,
  output logic [D*SW-1:0]           eslot_o,
  output logic [3*K-1:0]            rq_kind_o,
  output logic [K*PC_W-1:0]         rq_npc_o,
  output logic [K*PC_W-1:0]         rq_tgt_o,
  output logic [K*W-1:0]            rq_tmask_o,
  output logic [K*PC_W-1:0]         rq_rpc_o,
  output logic [K*PC_W-1:0]         rq_nrpc_o,    // WA (0 unless POLICY = 2)
  output logic [K*PRIO_W-1:0]       rq_prio_o,
  output logic [K-1:0]              rq_wav_o
);
  // ---------------------------------------------------------------------------------------------
  // Parameter checks (docs/units/ht_stack.md, "Parameters")
  // ---------------------------------------------------------------------------------------------
  if (W < 4 || W > 64) begin : g_bad_w
    $error("simt_ht_stack: W (%0d) must be 4..64", W);
  end
  if (PC_W < 8 || PC_W > 64) begin : g_bad_pc_w
    $error("simt_ht_stack: PC_W (%0d) must be 8..64", PC_W);
  end
  if (!((K >= 1 && K <= 8) || (K == W && W <= 16))) begin : g_bad_k
    $error("simt_ht_stack: K (%0d) must be 1..8, or W (%0d) for W <= 16", K, W);
  end
  if (D < 2 || D > 3 * W - 2) begin : g_bad_d
    $error("simt_ht_stack: D (%0d) must be 2..3W-2 (%0d)", D, 3 * W - 2);
  end
  if (POLICY > 3) begin : g_bad_policy
    $error("simt_ht_stack: POLICY (%0d) must be 0..3", POLICY);
  end
  if (MERGE > 1) begin : g_bad_merge
    $error("simt_ht_stack: MERGE (%0d) must be 0 or 1", MERGE);
  end
  if (STEP_CLKS < 1 || STEP_CLKS > 2) begin : g_bad_step
    $error("simt_ht_stack: STEP_CLKS (%0d) must be 1 or 2", STEP_CLKS);
  end
  if (PRIO_W < 1 || PRIO_W > 8) begin : g_bad_prio_w
    $error("simt_ht_stack: PRIO_W (%0d) must be 1..8", PRIO_W);
  end
  // SS (POLICY 3): slots bound to K equal groups (D17, D18), level 0 plus a root per group.
  if (POLICY == 3 && MERGE != 0) begin : g_bad_ss_merge
    $error("simt_ht_stack: MERGE (%0d) must be 0 with POLICY 3 (slots bound to groups)", MERGE);
  end
  if (POLICY == 3 && W % K != 0) begin : g_bad_ss_k
    $error("simt_ht_stack: K (%0d) must divide W (%0d) with POLICY 3", K, W);
  end
  if (POLICY == 3 && D < K + 1) begin : g_bad_ss_d
    $error("simt_ht_stack: D (%0d) must be at least K+1 (%0d) with POLICY 3", D, K + 1);
  end

  // Slots in use: POLICY 0 (PDOM) schedules the top entry only, which is what the first-K
  // select gives with K = 1. MERGE matters only when more than one slot is in use.
  localparam int unsigned KE = (POLICY == 0) ? 1 : K;
  localparam bit          MG = (MERGE == 1) && (KE > 1);
  localparam bit          WA = (POLICY == 2);        // work-ahead
  localparam bit          SS = (POLICY == 3);        // spatial subdivision
  localparam int unsigned G  = W / K;                // SS group size (lanes [g*G, (g+1)*G))
  localparam int          KS = SS ? 32'(K) : 0;      // SS group roots (loop bound)
  // One slot, PDOM order: POLICY 0, or POLICY 1 with K = 1 (the first-K select then schedules
  // the top entry only). Area only: the schedule and the update are built for it (below).
  localparam bit          TOP1 = (KE == 1) && !WA && !SS;

  // An entry, packed: {pc, mask, hasr, rpc, x}, x = the WA fields {nrpc, prio, wav} (XB bits,
  // always 0 unless WA).
  localparam int unsigned XB = PC_W + PRIO_W + 1;
  localparam int unsigned EB = 2 * PC_W + W + 1 + XB;

  // Report kinds (rp_kind_i); 5..7 are refused.
  localparam logic [2:0] KNone = 3'd0;
  localparam logic [2:0] KAdv  = 3'd1;
  localparam logic [2:0] KBr   = 3'd2;
  localparam logic [2:0] KExit = 3'd3;
  localparam logic [2:0] KSync = 3'd4;

  // Update classes (cls_op).
  localparam logic [1:0] OpRewr = 2'd0;   // non-structural: rewritten in place (or unchanged)
  localparam logic [1:0] OpRem  = 2'd1;   // structural: the entry is removed
  localparam logic [1:0] OpIns1 = 2'd2;   // structural: one entry inserted right above it
  localparam logic [1:0] OpIns2 = 2'd3;   // structural: two entries inserted right above it

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  localparam bit Cut = STEP_CLKS > 1;   // the step's register rank (Two-clock step)

  // The step's clocks (STEP_CLKS = 2: two, the inputs held over both): the state is written,
  // and bad_o and full_o given, on the step's last clock.
  logic step;
  simt_step_phase #(.STEP_CLKS(STEP_CLKS),
                    .IN_W(2 + PC_W + W + 3 * K + 4 * K * PC_W + K * W + K * PRIO_W + K)) u_step (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_i({ln_valid_i, ln_pc_i, ln_mask_i, rp_valid_i, rp_kind_i, rp_npc_i, rp_tgt_i, rp_tmask_i,
           rp_rpc_i, rp_nrpc_i, rp_prio_i, rp_wav_i}),
    .step_o(step)
  );

  logic [DW-1:0]       cnt_q,      cnt_d;
  logic [D*PC_W-1:0]   st_pc_q,    st_pc_d;
  logic [D*W-1:0]      st_mask_q,  st_mask_d;
  logic [D-1:0]        st_hasr_q,  st_hasr_d;
  logic [D*PC_W-1:0]   st_rpc_q,   st_rpc_d;
  logic [D*PC_W-1:0]   st_nrpc_q,  st_nrpc_d;    // WA fields: next-state 0 unless WA, so that
  logic [D*PRIO_W-1:0] st_prio_q,  st_prio_d;    // synthesis removes these flops (and the rq_*
  logic [D-1:0]        st_wav_q,   st_wav_d;     // WA fields) under the other policies
  logic                busy_q,     busy_d;
  logic [D-1:0]        pend_q,     pend_d;
  logic [D*SW-1:0]     eslot_q,    eslot_d;
  logic [3*K-1:0]      rq_kind_q,  rq_kind_d;
  logic [K*PC_W-1:0]   rq_npc_q,   rq_npc_d;
  logic [K*PC_W-1:0]   rq_tgt_q,   rq_tgt_d;
  logic [K*W-1:0]      rq_tmask_q, rq_tmask_d;
  logic [K*PC_W-1:0]   rq_rpc_q,   rq_rpc_d;
  logic [K*PC_W-1:0]   rq_nrpc_q,  rq_nrpc_d;
  logic [K*PRIO_W-1:0] rq_prio_q,  rq_prio_d;
  logic [K-1:0]        rq_wav_q,   rq_wav_d;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q      <= '0;
      for (int e = 0; e < D; e++) begin   // per entry (D*PC_W may exceed 8k bits)
        st_pc_q[e*PC_W +: PC_W]       <= '0;
        st_mask_q[e*W +: W]           <= '0;
        st_hasr_q[e]                  <= 1'b0;
        st_rpc_q[e*PC_W +: PC_W]      <= '0;
        st_nrpc_q[e*PC_W +: PC_W]     <= '0;
        st_prio_q[e*PRIO_W +: PRIO_W] <= '0;
        st_wav_q[e]                   <= 1'b0;
      end
      busy_q     <= 1'b0;
      pend_q     <= '0;
      eslot_q    <= '0;
      rq_kind_q  <= '0;
      rq_npc_q   <= '0;
      rq_tgt_q   <= '0;
      rq_tmask_q <= '0;
      rq_rpc_q   <= '0;
      rq_nrpc_q  <= '0;
      rq_prio_q  <= '0;
      rq_wav_q   <= '0;
    end else if (step) begin
      cnt_q      <= cnt_d;
      st_pc_q    <= st_pc_d;
      st_mask_q  <= st_mask_d;
      st_hasr_q  <= st_hasr_d;
      st_rpc_q   <= st_rpc_d;
      st_nrpc_q  <= st_nrpc_d;
      st_prio_q  <= st_prio_d;
      st_wav_q   <= st_wav_d;
      busy_q     <= busy_d;
      pend_q     <= pend_d;
      eslot_q    <= eslot_d;
      rq_kind_q  <= rq_kind_d;
      rq_npc_q   <= rq_npc_d;
      rq_tgt_q   <= rq_tgt_d;
      rq_tmask_q <= rq_tmask_d;
      rq_rpc_q   <= rq_rpc_d;
      rq_nrpc_q  <= rq_nrpc_d;
      rq_prio_q  <= rq_prio_d;
      rq_wav_q   <= rq_wav_d;
    end
  end

  logic [D-1:0] valid;   // entry e < cnt
  always_comb begin
    for (int e = 0; e < D; e++) valid[e] = (DW'(e) < cnt_q);
  end
  logic empty;
  assign empty = (cnt_q == '0);

  // ---------------------------------------------------------------------------------------------
  // Scheduling, step 1: above(e) and runnable(e) (§4.2.1.1: "no thread conflicts with other
  // entries located above it"; D6: the prose, all entries above, rather than Algorithm 1's
  // scheduled mask). Suffix OR by Kogge-Stone: level l node e = OR of the masks of entries
  // e .. e+2^l-1. Entries at cnt and above have zero masks, so they need no valid gating.
  // ---------------------------------------------------------------------------------------------
  localparam int unsigned LS = (D > 1) ? $clog2(D) : 0;
  for (genvar l = 0; l <= LS; l++) begin : g_sor
    logic [D*W-1:0] v;
    if (l == 0) begin : g_leaf
      assign v = st_mask_q;
    end else begin : g_node
      localparam int unsigned R = 1 << (l - 1);   // reach of this level
      for (genvar e = 0; e < D; e++) begin : g_or
        if (e + R < D) begin : g_two
          assign v[e*W +: W] = g_sor[l-1].v[e*W +: W] | g_sor[l-1].v[(e+R)*W +: W];
        end else begin : g_one
          assign v[e*W +: W] = g_sor[l-1].v[e*W +: W];
        end
      end
    end
  end

  logic [D*W-1:0] above;      // above(e): OR of the masks of entries e+1 .. D-1
  logic [W-1:0]   unused_live;   // node 0: the OR of every mask (all live lanes), not needed
  assign above       = {{W{1'b0}}, g_sor[LS].v[D*W-1:W]};
  assign unused_live = g_sor[LS].v[W-1:0];

  // The schedule: slot_v_o, slot_pc_o, the scheduled entries and the slot of each.
  logic [D-1:0]    sched;
  logic [D*SW-1:0] eslot_now;   // slot of entry e in the current schedule, 0 if none

  if (!SS) begin : g_par
    logic [D-1:0] runnable;
    always_comb begin
      for (int e = 0; e < D; e++)
        runnable[e] = valid[e] & ~|(st_mask_q[e*W +: W] & above[e*W +: W]);
    end

    // -------------------------------------------------------------------------------------------
    // Scheduling, step 2 (MERGE = 1, §4.2.1.2 loop lapping; D16): duplicates, runnable entries
    // with a runnable entry above them at the same PC. Leaders are the other runnable entries.
    // -------------------------------------------------------------------------------------------
    logic [D-1:0] dup, leader;
    if (TOP1) begin : g_top
      // PDOM (TOP1): the first-K select gives the top entry, which is always runnable (no entry
      // above it holds a lane: entries at cnt and above are zero, a_p3_zero); the leader below
      // it has a leader above. So the leader that matters is the top entry (valid, the next one
      // not), and the suffix OR is not needed by the schedule (area: it is D x W x log D gates).
      always_comb begin
        for (int e = 0; e < D; e++)
          leader[e] = valid[e] & ((e + 1 == D) ? 1'b1 : ~valid[(e + 1) % D]);
      end
      logic [D-1:0] unused_runnable;
      assign unused_runnable = runnable;
      assign dup = '0;
    end else if (MG) begin : g_merge
      always_comb begin
        for (int e = 0; e < D; e++) begin
          dup[e] = 1'b0;
          for (int j = e + 1; j < D; j++)
            dup[e] = dup[e] | (runnable[j] & (st_pc_q[j*PC_W +: PC_W] == st_pc_q[e*PC_W +: PC_W]));
          dup[e] = dup[e] & runnable[e];
        end
      end
    end else begin : g_no_merge
      assign dup = '0;
    end
    if (!TOP1) begin : g_leader
      assign leader = runnable & ~dup;
    end

    // -------------------------------------------------------------------------------------------
    // Scheduling, step 3: first-K select, Algorithm 1 as corrected (§4.2.1.1):
    //   D1 (index never decremented): no loop at all, every entry is examined at once;
    //   D2 (subset test, line 9): runnable = disjoint from every mask above (step 1);
    //   D3 (line 8, numScheduled <= NumSch): only K slots, an entry needs < K leaders above;
    //   D4 (no per-thread selector): lane_sel_o below;
    //   D5 (PC[1..NumSch]): slots 0..K-1, slot 0 = the top entry (no leader above it).
    // lab(e) = leaders above e. simt_prefix_cnt counts the set bits below each position: fed the
    // leader vector reversed (bit D-1-e = leader e), its element D-1-e is the leaders above e.
    // -------------------------------------------------------------------------------------------
    logic [D*DW-1:0] lab;       // leaders above entry e
    logic [D-1:0]    few;       // fewer than KE leaders above e: the scan of Algorithm 1 reaches e
    if (TOP1) begin : g_lab_top
      // PDOM: the one leader (the top entry) has none above it; no other entry is a leader
      assign lab = '0;
    end else begin : g_lab
      logic [D-1:0]        leader_rev;
      logic [(D+1)*DW-1:0] lab_rev;
      always_comb begin
        for (int e = 0; e < D; e++) leader_rev[D-1-e] = leader[e];
      end
      simt_prefix_cnt #(.N(D), .IMPL(1)) u_lab (
        .in_i(leader_rev), .cnt_o(lab_rev)
      );
      logic [DW-1:0] unused_lab_total;   // element D: all leaders
      assign unused_lab_total = lab_rev[D*DW +: DW];
      always_comb begin
        for (int e = 0; e < D; e++) lab[e*DW +: DW] = lab_rev[(D-1-e)*DW +: DW];
      end
    end
    always_comb begin
      for (int e = 0; e < D; e++) few[e] = (32'(lab[e*DW +: DW]) < KE);
    end

    // Slots: slot k = the leader with k leaders above it, k < KE (D5: slot 0 = the top entry).
    always_comb begin
      slot_v_o  = '0;
      slot_pc_o = '0;
      for (int k = 0; k < KE; k++) begin
        for (int e = 0; e < D; e++) begin
          if (leader[e] && (32'(lab[e*DW +: DW]) == k)) begin
            slot_v_o[k]                = 1'b1;
            slot_pc_o[k*PC_W +: PC_W]  = slot_pc_o[k*PC_W +: PC_W] | st_pc_q[e*PC_W +: PC_W];
          end
        end
      end
    end

    // Scheduled entries and their slots (D4: every scheduled entry gives its lanes a selector).
    // A duplicate's leader is scheduled (it has fewer leaders above it), and leaders have
    // distinct PCs, so the slot whose PC equals the duplicate's is its leader's.
    always_comb begin
      for (int e = 0; e < D; e++) begin
        sched[e]                = (leader[e] | dup[e]) & few[e];
        eslot_now[e*SW +: SW]   = '0;
        if (leader[e] && few[e]) begin
          eslot_now[e*SW +: SW] = SW'(lab[e*DW +: DW]);
        end else if (dup[e] && few[e]) begin
          for (int k = 0; k < KE; k++)
            if (slot_v_o[k] && (slot_pc_o[k*PC_W +: PC_W] == st_pc_q[e*PC_W +: PC_W]))
              eslot_now[e*SW +: SW] = eslot_now[e*SW +: SW] | SW'(k);
        end
      end
    end
  end else begin : g_ss
    // -------------------------------------------------------------------------------------------
    // Scheduling, SS (§4.2.1.3: "Each group then behaves similarly to PDOM where each of the top
    // stack entries for each group is scheduled"; D17: contiguous groups, unsplit until the first
    // divergence; D18: no merging, slot g is group g's). Unsplit (cnt = 1): slot 0 = level 0.
    // Split: gtop(g, e) = entry e >= 1 holds a lane of group g and no entry above it does; level 0
    // is never scheduled (P7).
    // -------------------------------------------------------------------------------------------
    logic unsplit;
    logic [K*D-1:0] gtop;
    assign unsplit = (cnt_q == DW'(1));
    always_comb begin
      logic [W-1:0] gm;
      for (int g = 0; g < K; g++) begin
        gm = W'({G{1'b1}}) << (g * G);
        for (int e = 0; e < D; e++)
          gtop[g*D + e] = (e >= 1) && valid[e] && |(st_mask_q[e*W +: W] & gm) &&
                          ~|(above[e*W +: W] & gm);
      end
    end
    always_comb begin
      slot_v_o  = '0;
      slot_pc_o = '0;
      sched     = '0;
      eslot_now = '0;
      for (int g = 0; g < K; g++) begin
        for (int e = 0; e < D; e++) begin
          if (gtop[g*D + e]) begin
            slot_v_o[g]               = 1'b1;
            slot_pc_o[g*PC_W +: PC_W] = slot_pc_o[g*PC_W +: PC_W] | st_pc_q[e*PC_W +: PC_W];
            sched[e]                  = 1'b1;
            eslot_now[e*SW +: SW]     = eslot_now[e*SW +: SW] | SW'(g);
          end
        end
      end
      // unsplit: gtop is all 0 (no entry above level 0), slot 0 = level 0
      slot_v_o[0]      = slot_v_o[0] | unsplit;
      slot_pc_o[PC_W-1:0] = slot_pc_o[PC_W-1:0] | (unsplit ? st_pc_q[PC_W-1:0] : '0);
      sched[0]         = unsplit;
    end
  end

  // Per-lane meta-data (Fig. 4.4; D4, D7): scheduled entries are pairwise disjoint, so each lane
  // is held by one scheduled entry at most.
  always_comb begin
    lane_act_o = '0;
    lane_sel_o = '0;
    for (int i = 0; i < W; i++) begin
      for (int e = 0; e < D; e++) begin
        if (sched[e] && st_mask_q[e*W + i]) begin
          lane_act_o[i]            = 1'b1;
          lane_sel_o[i*SW +: SW]   = lane_sel_o[i*SW +: SW] | eslot_now[e*SW +: SW];
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Work-ahead split (POLICY 2, §4.2.1.2, Fig. 4.6; contract "Work-ahead split"). A candidate R:
  // wav_R, lanes waiting at its PC (mask_R & ~above(R), "traversing all stack entries between
  // this entry and the top of the stack", §4.2.1.2) and lanes not arrived (mask_R & above(R)). Due
  // with no batch pending, a non-empty stack, fewer than K valid slots, two free entries (an
  // opportunity, never a stall). The highest prio wins (§4.2.1.2), ties to the topmost.
  // ---------------------------------------------------------------------------------------------
  logic [D-1:0] wa_oh;   // the candidate to split, one-hot
  if (WA) begin : g_wa
    logic [D-1:0]        cand, best, best_rev, top_rev;
    logic [D*PRIO_W-1:0] nprio;   // ~prio: the highest prio is the smallest key
    logic                cand_any;
    always_comb begin
      for (int e = 0; e < D; e++) begin
        cand[e] = st_wav_q[e] & |(st_mask_q[e*W +: W] & ~above[e*W +: W]) &
                  |(st_mask_q[e*W +: W] & above[e*W +: W]);
        nprio[e*PRIO_W +: PRIO_W] = ~st_prio_q[e*PRIO_W +: PRIO_W];
      end
    end
    logic [PRIO_W-1:0] unused_key;
    simt_min_sel #(.N(D), .K(PRIO_W), .IMPL(0)) u_prio (
      .valid_i(cand), .key_i(nprio), .valid_o(cand_any), .key_o(unused_key), .match_o(best)
    );
    // ties to the topmost: the lowest set bit of the reversed match
    logic          unused_top_v;
    logic [EW-1:0] unused_top_idx;
    always_comb begin
      for (int e = 0; e < D; e++) best_rev[D-1-e] = best[e];
    end
    simt_prio_sel #(.N(D), .N_W(EW)) u_top (
      .req_i(best_rev), .valid_o(unused_top_v), .idx_o(unused_top_idx), .oh_o(top_rev)
    );
    always_comb begin
      for (int e = 0; e < D; e++) wa_oh[e] = top_rev[D-1-e];
    end
    assign wa_split_o = ~empty & ~busy_q & cand_any & ~&slot_v_o & (32'(cnt_q) + 2 <= 32'(D));
  end else begin : g_no_wa
    assign wa_oh      = '0;
    assign wa_split_o = 1'b0;
  end

  // ---------------------------------------------------------------------------------------------
  // Launch and batch acceptance. A batch reports the bundle issued from the current meta-data,
  // once it has completed (the write-back waiting pool, §4.2; D8); it covers the scheduled entries.
  // The meta-data are not valid while a work-ahead split is due.
  // ---------------------------------------------------------------------------------------------
  logic ln_ok, acc_c, proc_c;
  assign md_valid_o = ~empty & ~busy_q & ~wa_split_o;
  assign ln_ok      = ln_valid_i & empty & ~busy_q & |ln_mask_i;
  assign acc_c      = rp_valid_i & md_valid_o;   // processing starts in this cycle, from rp_*
  assign proc_c     = acc_c | busy_q;            // a batch is being processed

  // The batch being processed: at acceptance the current schedule and rp_*, later pend/eslot/rq.
  // As computed (_c: the classifiers' side of the step's rank) and after the rank (the rest).
  logic [D-1:0]      pend_src_c;
  logic [D*SW-1:0]   eslot_src_c;
  logic [3*K-1:0]    r_kind_c;
  logic [K*PC_W-1:0] r_npc_c, r_tgt_c, r_rpc_c, r_nrpc_c;
  logic [K*W-1:0]    r_tmask_c;
  logic [K*PRIO_W-1:0] r_prio_c;
  logic [K-1:0]      r_wav_c;
  assign pend_src_c  = acc_c ? sched      : pend_q;
  assign eslot_src_c = acc_c ? eslot_now  : eslot_q;
  assign r_kind_c    = acc_c ? rp_kind_i  : rq_kind_q;
  assign r_npc_c     = acc_c ? rp_npc_i   : rq_npc_q;
  assign r_tgt_c     = acc_c ? rp_tgt_i   : rq_tgt_q;
  assign r_tmask_c   = acc_c ? rp_tmask_i : rq_tmask_q;
  assign r_rpc_c     = acc_c ? rp_rpc_i   : rq_rpc_q;
  assign r_nrpc_c    = acc_c ? rp_nrpc_i  : rq_nrpc_q;
  assign r_prio_c    = acc_c ? rp_prio_i  : rq_prio_q;
  assign r_wav_c     = acc_c ? rp_wav_i   : rq_wav_q;

  logic              acc, proc;
  logic [D-1:0]      pend_src;
  logic [D*SW-1:0]   eslot_src;
  logic [K*PC_W-1:0] r_npc, r_tgt, r_rpc, r_nrpc;
  logic [K*W-1:0]    r_tmask;
  logic [K*PRIO_W-1:0] r_prio;
  logic [K-1:0]      r_wav;
  simt_step_cut #(.WIDTH(2 + D + D * SW + K * (4 * PC_W + W + PRIO_W + 1)), .CUT(Cut)) u_cut_batch (
    .clk_i(clk_i),
    .d_i({acc_c, proc_c, pend_src_c, eslot_src_c, r_npc_c, r_tgt_c, r_rpc_c, r_nrpc_c, r_tmask_c,
          r_prio_c, r_wav_c}),
    .q_o({acc, proc, pend_src, eslot_src, r_npc, r_tgt, r_rpc, r_nrpc, r_tmask, r_prio, r_wav})
  );

  // ---------------------------------------------------------------------------------------------
  // Classification of every pending entry's report (§4.2.1.1: the PDOM update, "two additional
  // stack entries are added"; D9: at any index, not-taken lower, taken on top).
  //   cls_upd: the entry after a non-structural update (the old entry otherwise);
  //   cls_op : OpRewr, or the structural OpRem / OpIns1 / OpIns2 (pending entries only; the
  //            entries a structural update writes are built once, for the one applied, below);
  //   cls_bad: a refused report, applied as NONE (an unknown kind 5..7; D11: EXIT from a
  //            non-root entry; D15: SYNC from a non-root entry);
  //   SS (§4.2.1.3): cls_sp, the spatial split (a divergent BR of the unsplit level 0, structural,
  //            OpIns1 as class); cls_sx, EXIT of a group root (OpRem, its lanes leave level 0);
  //            cls_sy, SYNC of a group root (OpRem, level 0 takes its PC).
  // ---------------------------------------------------------------------------------------------
  //
  // Where the classifiers sit (area, not behaviour): the classification of an entry depends on
  // the entry, its slot's report and (SS only) its position. Under POLICY 0 and 1 without MERGE
  // every slot holds at most one pending entry (the first-K select gives each scheduled leader
  // its own slot, and a batch only removes entries from pend; a_pend_slot below), so the
  // classifiers are per slot (KE of them, each reading its slot's pending entry through a
  // one-hot select) and their results are written back to that entry. Otherwise (MERGE: an
  // entry and its duplicates share a slot; WA; SS: the group roots of a spatial split share slot
  // 0), and where the slots are not much fewer than the entries (2 KE > D: K = W = 4, the K = W
  // configurations, where KE one-hot selects cost more than they save), there is one classifier
  // per entry.
  localparam bit          SLOTCLS = (POLICY <= 1) && !MG && (2 * KE <= D);
  localparam int unsigned NC      = SLOTCLS ? KE : D;   // classifiers

  // every entry as one EB-bit field {pc, mask, hasr, rpc, nrpc, prio, wav}
  logic [D*EB-1:0] st_ent;
  always_comb begin
    for (int e = 0; e < D; e++)
      st_ent[e*EB +: EB] = {st_pc_q[e*PC_W +: PC_W], st_mask_q[e*W +: W], st_hasr_q[e],
                            st_rpc_q[e*PC_W +: PC_W], st_nrpc_q[e*PC_W +: PC_W],
                            st_prio_q[e*PRIO_W +: PRIO_W], st_wav_q[e]};
  end

  logic [D*EB-1:0] cls_upd;
  logic [2*D-1:0]  cls_op;
  logic [D-1:0]    cls_st, cls_bad, cls_sp, cls_sx, cls_sy;
  // classifier c's input (its entry, pending, its slot) and result
  logic [NC*EB-1:0] c_ent, c_upd;
  logic [NC-1:0]    c_pnd, c_bad, c_sp, c_sx, c_sy;
  // the classifiers' results as computed (k_*) and after the step's rank (c_*); c_ent_r: the
  // classifiers' inputs after the rank (the next state reads them where SLOTCLS)
  logic [NC*EB-1:0] k_upd, c_ent_r;
  logic [NC-1:0]    k_bad, k_sp, k_sx, k_sy;
  logic [2*NC-1:0]  k_op;
  logic [NC*SW-1:0] c_sl;
  logic [2*NC-1:0]  c_op;

  if (SLOTCLS) begin : g_cls_slot
    // classifier k: the pending entry of slot k (none: zero, and its result is not read)
    always_comb begin
      logic hit;
      c_ent = '0;
      c_pnd = '0;
      c_sl  = '0;
      for (int k = 0; k < NC; k++) begin
        c_sl[k*SW +: SW] = SW'(k);
        for (int e = 0; e < D; e++) begin
          hit = pend_src_c[e] && (32'(eslot_src_c[e*SW +: SW]) == k);
          if (hit) begin
            c_pnd[k]            = 1'b1;
            c_ent[k*EB +: EB]   = c_ent[k*EB +: EB] | st_ent[e*EB +: EB];
          end
        end
      end
    end
    logic unused_c;   // the SS results: SS has per-entry classifiers
    assign unused_c = ^{c_sp, c_sx, c_sy};
    // back to the entries: a pending entry takes its slot's result, every other keeps itself
    always_comb begin
      for (int e = 0; e < D; e++) begin
        cls_upd[e*EB +: EB] = st_ent[e*EB +: EB];
        cls_op[2*e +: 2]    = OpRewr;
        cls_bad[e]          = 1'b0;
        cls_sp[e]           = 1'b0;
        cls_sx[e]           = 1'b0;
        cls_sy[e]           = 1'b0;
        if (pend_src[e]) begin
          for (int k = 0; k < NC; k++) begin
            if (32'(eslot_src[e*SW +: SW]) == k) begin
              cls_upd[e*EB +: EB] = c_upd[k*EB +: EB];
              cls_op[2*e +: 2]    = c_op[2*k +: 2];
              cls_bad[e]          = c_bad[k];
            end
          end
        end
        cls_st[e] = (cls_op[2*e +: 2] != OpRewr);
      end
    end
  end else begin : g_cls_entry
    // classifier e: entry e
    always_comb begin
      for (int e = 0; e < D; e++) begin
        c_ent[e*EB +: EB] = st_ent[e*EB +: EB];
        c_pnd[e]          = pend_src_c[e];
        c_sl[e*SW +: SW]  = eslot_src_c[e*SW +: SW];
      end
      cls_upd = c_upd;
      cls_op  = c_op;
      cls_bad = c_bad;
      cls_sp  = c_sp;
      cls_sx  = c_sx;
      cls_sy  = c_sy;
      for (int e = 0; e < D; e++) cls_st[e] = (cls_op[2*e +: 2] != OpRewr);
    end
  end

  // The classifiers. e is the entry's position, used by SS only (per-entry classifiers there).
  always_comb begin
    logic [PC_W-1:0] pc, rpc, npc, tgt, brpc, mpc;
    logic [XB-1:0]   x;
    logic [W-1:0]    m, tm, t;
    logic            hr, mv, nrem, trem;
    logic [2:0]      kind;
    logic [SW-1:0]   sl;
    for (int e = 0; e < NC; e++) begin
      // the entry
      {pc, m, hr, rpc, x} = c_ent[e*EB +: EB];
      // its slot's report
      sl   = c_sl[e*SW +: SW];
      kind = KNone;
      npc  = '0;
      tgt  = '0;
      tm   = '0;
      brpc = '0;
      for (int k = 0; k < K; k++) begin
        if (sl == SW'(k)) begin
          kind = r_kind_c[3*k +: 3];
          npc  = r_npc_c[k*PC_W +: PC_W];
          tgt  = r_tgt_c[k*PC_W +: PC_W];
          tm   = r_tmask_c[k*W +: W];
          brpc = r_rpc_c[k*PC_W +: PC_W];
        end
      end
      t    = tm & m;
      nrem = (npc != brpc);   // the not-taken side gets an entry (it is not at the branch's rpc)
      trem = (tgt != brpc);   // the taken side gets an entry

      k_upd[e*EB +: EB]  = {pc, m, hr, rpc, x};
      k_op[2*e +: 2]     = OpRewr;
      k_bad[e]           = 1'b0;
      k_sp[e]            = 1'b0;
      k_sx[e]            = 1'b0;
      k_sy[e]            = 1'b0;
      mv                 = 1'b0;   // ADV-like move to mpc (arrival included)
      mpc                = npc;

      if (c_pnd[e]) begin
        unique case (kind)
          KNone: ;
          KAdv: mv = 1'b1;
          KSync: begin
            // SYNC as ADV; from a non-root entry refused (D15). SS, a group root (e >= 1, hasr 0):
            // removed, level 0 takes the barrier's PC (§4.2.1.3).
            if (hr)                k_bad[e] = 1'b1;
            else if (SS && e >= 1) begin
              k_op[2*e +: 2] = OpRem;
              k_sy[e]        = 1'b1;
            end else               mv       = 1'b1;
          end
          KBr: begin
            if (t == '0) begin                       // uniform: nobody takes it
              mv = 1'b1;
            end else if (t == m) begin               // uniform: everybody takes it
              mv  = 1'b1;
              mpc = tgt;
            end else if (tgt == npc) begin           // uniform: both sides at one PC
              mv = 1'b1;
            end else if (SS && (e == 0) && (cnt_q == DW'(1))) begin
              // SS, level 0 unsplit: the spatial split (§4.2.1.3: "dividing the threads into
              // smaller equal sized groups at the first diverging point").
              k_op[2*e +: 2] = OpIns1;
              k_sp[e]        = 1'b1;
            end else if (hr && (brpc == rpc)) begin
              // Divergent loop back-edge: no reconvergence entry; the remaining side replaces
              // the entry in place (WA fields kept). Both remain: the not-taken side in place,
              // the taken side inserted above it (structural).
              if (nrem && trem) begin
                k_op[2*e +: 2]    = OpIns1;
              end else if (nrem) begin
                k_upd[e*EB +: EB] = {npc, m & ~t, hr, rpc, x};
              end else begin
                k_upd[e*EB +: EB] = {tgt, t, hr, rpc, x};
              end
            end else begin
              // Divergent: the entry becomes the reconvergence entry; each remaining side is
              // inserted right above it (structural, one or two entries).
              k_op[2*e +: 2] = (nrem && trem) ? OpIns2 : OpIns1;
            end
          end
          KExit: begin
            // EXIT: the root only (D11), removed; SS, a group root: its lanes leave level 0
            if (hr) k_bad[e] = 1'b1;
            else begin
              k_op[2*e +: 2] = OpRem;
              k_sx[e]        = SS && (e >= 1);
            end
          end
          default: k_bad[e] = 1'b1;               // unknown kind
        endcase
      end

      // ADV (and uniform BR, SYNC): arrival at the entry's rpc removes it (its lanes already
      // wait in the entry below), else the entry moves on (WA fields kept).
      if (mv) begin
        if (hr && (mpc == rpc)) k_op[2*e +: 2] = OpRem;                    // arrival
        else                    k_upd[e*EB + EB - PC_W +: PC_W] = mpc;     // pc := mpc
      end
    end
  end

  // The step's register rank (STEP_CLKS = 2; simt_step_cut, a wire otherwise): the classifiers'
  // results, and where SLOTCLS their inputs (the next state's entry s), both functions of the
  // state and the held inputs.
  simt_step_cut #(.WIDTH(NC * EB + 6 * NC), .CUT(Cut)) u_cut_cls (
    .clk_i(clk_i),
    .d_i({k_upd, k_op, k_bad, k_sp, k_sx, k_sy}),
    .q_o({c_upd, c_op, c_bad, c_sp, c_sx, c_sy})
  );
  simt_step_cut #(.WIDTH(NC * EB), .CUT(Cut && SLOTCLS)) u_cut_ent (
    .clk_i(clk_i),
    .d_i(c_ent),
    .q_o(c_ent_r)
  );

  // Refused reports, found at acceptance only (bad_o[2]): per entry (unknown kind, EXIT/SYNC
  // from a non-root) and per slot (a kind other than NONE for a slot that is not valid).
  logic slot_bad;
  always_comb begin
    slot_bad = 1'b0;
    for (int k = 0; k < K; k++)
      slot_bad = slot_bad | (~slot_v_o[k] & (rp_kind_i[3*k +: 3] != KNone));
  end

  assign bad_o[0] = step & ln_valid_i & ~ln_ok;
  assign bad_o[1] = step & rp_valid_i & ~acc;
  assign bad_o[2] = step & acc & (slot_bad | |cls_bad);

  // ---------------------------------------------------------------------------------------------
  // SS spatial split (§4.2.1.3; D17): for each group g with lanes in level 0, lowest first, a
  // group root {pc_0, mask_0 & group g, hasr 0, rpc 0} at positions 1, 2, ...: root j is the
  // present group with j present groups below it (simt_prefix_cnt). It applies only at cnt = 1
  // (s = 0).
  // ---------------------------------------------------------------------------------------------
  localparam int unsigned GCW = $clog2(K + 1);   // simt_prefix_cnt's count width
  logic [K*EB-1:0] sp_ent;   // root j at [j*EB +: EB]
  logic [GCW-1:0]  sp_n;     // roots
  if (SS) begin : g_ss_split
    logic [K-1:0]         gpres;
    logic [(K+1)*GCW-1:0] grank;
    always_comb begin
      for (int g = 0; g < K; g++)
        gpres[g] = |(st_mask_q[W-1:0] & (W'({G{1'b1}}) << (g * G)));
    end
    simt_prefix_cnt #(.N(K), .IMPL(0)) u_rank (
      .in_i(gpres), .cnt_o(grank)
    );
    assign sp_n = grank[K*GCW +: GCW];
    always_comb begin
      sp_ent = '0;
      for (int j = 0; j < K; j++)
        for (int g = 0; g < K; g++)
          if (gpres[g] && (32'(grank[g*GCW +: GCW]) == j))
            sp_ent[j*EB +: EB] = sp_ent[j*EB +: EB] |
                                 {st_pc_q[PC_W-1:0], st_mask_q[W-1:0] & (W'({G{1'b1}}) << (g * G)),
                                  1'b0, {PC_W{1'b0}}, {XB{1'b0}}};
    end
  end else begin : g_no_ss_split
    assign sp_ent = '0;
    assign sp_n   = '0;
  end

  // ---------------------------------------------------------------------------------------------
  // Next state (D10: every pending non-structural update plus the highest pending structural
  // one per cycle; D9: that one may lie anywhere in the stack. The entries above it, none of
  // them pending any more, shift up or down; pend and eslot are indexed by position and never
  // shift, and the pending entries below keep their positions). A due work-ahead split (no batch
  // in that cycle) takes the structural update's place: R is rewritten as the split's next and
  // ahead entries, behind inserted above them (OpIns2), or, in the special case, as ahead with
  // behind above it (OpIns1).
  // ---------------------------------------------------------------------------------------------
  logic [D-1:0]    s_oh;      // the structural entry s (or the split candidate), one-hot
  logic            s_any;
  logic [EW-1:0]   s_idx;
  logic [1:0]      s_op;
  logic            s_sp, s_sx, s_sy;  // SS: s is the spatial split, a group EXIT, a group SYNC
  logic [EB-1:0]   s_x0, s_a, s_b;    // s's entry in place, the inserted entries (A lower)
  logic [D*EB-1:0] nxt;
  logic            full_c;            // full_o on the step's last clock

  always_comb begin
    logic            hi;      // a structural entry lies above
    logic [D-1:0]    b_oh;    // the batch's highest structural entry
    int unsigned     ins;     // entries inserted by the structural update
    logic [EB-1:0]   se;      // entry s
    logic [EB-1:0]   ent;     // the new entry at position j
    logic [SW-1:0]   sl;
    logic [PC_W-1:0] pc, rpc, npc, tgt, brpc, xn;
    logic [PRIO_W-1:0] xp;
    logic            xw;
    logic [XB-1:0]   bx;      // the branch's WA descriptor (0 unless WA)
    logic [W-1:0]    m, tm, t, sab, wt, lb, m0;
    logic            hr, wa_sc;

    // Highest structural entry: a running OR from the top.
    hi = 1'b0;
    for (int e = D - 1; e >= 0; e--) begin
      b_oh[e] = cls_st[e] & ~hi;
      hi      = hi | cls_st[e];
    end
    s_oh  = wa_split_o ? wa_oh : b_oh;   // no batch is processed while a split is due
    s_any = hi | wa_split_o;

    // Entry s, its class and its slot (one-hot AND-OR), then its slot's report; WA: above(s).
    s_idx = '0;
    s_op  = OpRewr;
    s_sp  = 1'b0;
    s_sx  = 1'b0;
    s_sy  = 1'b0;
    se    = '0;
    sl    = '0;
    sab   = '0;
    for (int e = 0; e < D; e++) begin
      if (s_oh[e]) begin
        s_idx = s_idx | EW'(e);
        s_op  = s_op  | cls_op[2*e +: 2];
        s_sp  = s_sp  | cls_sp[e];
        s_sx  = s_sx  | cls_sx[e];
        s_sy  = s_sy  | cls_sy[e];
        if (!SLOTCLS) se = se | st_ent[e*EB +: EB];
        sl    = sl    | eslot_src[e*SW +: SW];
        if (WA) sab = sab | above[e*W +: W];
      end
    end
    if (SLOTCLS) begin
      // per-slot classifiers: entry s is its slot's classifier input (a K-way select, not D-way)
      se = '0;
      for (int k = 0; k < NC; k++)
        if (sl == SW'(k)) se = c_ent_r[k*EB +: EB];
    end
    {pc, m, hr, rpc, xn, xp, xw} = se;
    npc  = '0;
    tgt  = '0;
    tm   = '0;
    brpc = '0;
    bx   = '0;
    for (int k = 0; k < K; k++) begin
      if (sl == SW'(k)) begin
        npc  = r_npc[k*PC_W +: PC_W];
        tgt  = r_tgt[k*PC_W +: PC_W];
        tm   = r_tmask[k*W +: W];
        brpc = r_rpc[k*PC_W +: PC_W];
        if (WA) bx = {r_nrpc[k*PC_W +: PC_W], r_prio[k*PRIO_W +: PRIO_W], r_wav[k]};
      end
    end
    t = tm & m;

    // The entries a divergent BR writes (OpIns1, OpIns2; unused for OpRem), as classified above:
    //   loop back-edge (hasr and rpc == rpc_e), both sides remain: the not-taken side {npc,
    //     mask & ~t} in place (hasr, rpc, WA fields kept), the taken side {tgt, t, 1, rpc} above;
    //   otherwise: the reconvergence entry in place (pc := the branch's rpc; mask, hasr, rpc
    //     kept; WA: the branch's descriptor of that PDOM point, D14), then the remaining sides
    //     {pc, side, 1, rpc}, not-taken lower, taken on top (D9); a side at the branch's rpc gets
    //     no entry. Inserted entries carry WA fields 0.
    // A work-ahead split of R = s (Fig. 4.6; D13: bottom to top), wait = lanes arrived, left =
    //   the others: next {nrpc_R, mask_R, hasr_R, rpc_R} ("for the next PDOM to reconverge all
    //   threads back together"), ahead {pc_R, wait, 1, nrpc_R} (the threads allowed to work
    //   ahead), behind {pc_R, left, 1, nrpc_R, R's WA fields} ("the original PDOM stack entry
    //   except the active thread mask is reduced"); special case hasr_R and nrpc_R == rpc_R: no
    //   next entry.
    wt    = m & ~sab;
    lb    = m & sab;
    wa_sc = hr && (xn == rpc);
    s_b   = {tgt, t, 1'b1, brpc, {XB{1'b0}}};
    if (WA && wa_split_o) begin
      s_op = wa_sc ? OpIns1 : OpIns2;
      s_x0 = wa_sc ? {pc, wt, 1'b1, rpc, {XB{1'b0}}} : {xn, m, hr, rpc, {XB{1'b0}}};
      s_a  = wa_sc ? {pc, lb, 1'b1, xn, xn, xp, xw}  : {pc, wt, 1'b1, xn, {XB{1'b0}}};
      s_b  = {pc, lb, 1'b1, xn, xn, xp, xw};
    end else if (hr && (brpc == rpc)) begin
      s_x0 = {npc, m & ~t, hr, rpc, xn, xp, xw};
      s_a  = {tgt, t, 1'b1, brpc, {XB{1'b0}}};
    end else begin
      s_x0 = {brpc, m, hr, rpc, bx};
      s_a  = (npc != brpc) ? {npc, m & ~t, 1'b1, brpc, {XB{1'b0}}} : {tgt, t, 1'b1, brpc, {XB{1'b0}}};
    end
    if (s_sp) ins = 32'(sp_n);
    else      ins = (s_op == OpIns2) ? 2 : ((s_op == OpIns1) ? 1 : 0);

    // Capacity: an insertion must fit in D entries; otherwise nothing changes (full_o). (The
    // spatial split always fits: D >= K+1. A due work-ahead split has two free entries.)
    full_c = proc & s_any & (32'(cnt_q) + ins > D);

    // SS, a group root s leaves (s >= 1, so level 0 below it keeps its place): EXIT takes its
    // lanes out of level 0 (m0; none left: level 0 is removed too), SYNC gives level 0 its PC
    // (§4.2.1.3: "the stack entry at level 0 has the PC for the synchronization point").
    m0 = cls_upd[EB - PC_W - W +: W] & ~m;

    // The new stack: below the structural entry s every entry keeps its position; s and above
    // are rebuilt (entries beyond the top are zero, and so is every shifted-in entry >= cnt).
    // The spatial split (s = 0, cnt = 1: every entry above level 0 is zero) keeps level 0 and
    // puts the group roots at 1 .. sp_n (D >= K+1).
    // PDOM (TOP1): s, the one pending entry, is the top entry and every entry above it is
    // zero (a_p3_zero), so nothing shifts: the pending entry is rewritten (zero if removed), and
    // the one or two entries above it written on an insertion (area: a 4-way select per bit
    // instead of the 8-way one below).
    for (int j = 0; j < D; j++) begin
      if (TOP1) begin
        ent = st_ent[j*EB +: EB];
        if (pend_src[j])
          ent = !s_any ? c_upd[0 +: EB] : ((s_op == OpRem) ? '0 : s_x0);
        if ((j >= 1) && pend_src[(j + D - 1) % D] && s_any && (ins >= 1)) ent = s_a;
        if ((j >= 2) && pend_src[(j + D - 2) % D] && s_any && (ins == 2)) ent = s_b;
      end else if (!s_any || (j < 32'(s_idx))) begin
        ent = cls_upd[j*EB +: EB];
      end else if (s_op == OpRem) begin
        ent = (j + 1 < D) ? cls_upd[(j+1)*EB +: EB] : '0;
      end else if (j == 32'(s_idx)) begin
        ent = s_x0;
      end else if (j == 32'(s_idx) + 1) begin
        ent = s_a;
      end else if ((j == 32'(s_idx) + 2) && (s_op == OpIns2)) begin
        ent = s_b;
      end else if (s_op == OpIns2) begin
        ent = (j >= 2) ? cls_upd[(j-2)*EB +: EB] : '0;   // j >= s + 3
      end else begin
        ent = (j >= 1) ? cls_upd[(j-1)*EB +: EB] : '0;   // j >= s + 2
      end
      if (SS && (j == 0)) begin
        if (s_sp) ent = cls_upd[0 +: EB];
        if (s_sx) ent[EB - PC_W - W +: W] = m0;
        if (s_sx && (m0 == '0)) ent = '0;
        if (s_sy) ent[EB - PC_W +: PC_W] = pc;
      end
      if (SS && s_sp && (j >= 1)) ent = ((j >= 1) && (j <= KS)) ? sp_ent[(j-1)*EB +: EB] : '0;
      nxt[j*EB +: EB] = ent;
    end

    // Defaults: nothing changes.
    cnt_d      = cnt_q;
    st_pc_d    = st_pc_q;
    st_mask_d  = st_mask_q;
    st_hasr_d  = st_hasr_q;
    st_rpc_d   = st_rpc_q;
    st_nrpc_d  = st_nrpc_q;
    st_prio_d  = st_prio_q;
    st_wav_d   = st_wav_q;
    pend_d     = pend_q;
    eslot_d    = eslot_q;
    rq_kind_d  = rq_kind_q;
    rq_npc_d   = rq_npc_q;
    rq_tgt_d   = rq_tgt_q;
    rq_tmask_d = rq_tmask_q;
    rq_rpc_d   = rq_rpc_q;
    rq_nrpc_d  = rq_nrpc_q;
    rq_prio_d  = rq_prio_q;
    rq_wav_d   = rq_wav_q;

    if (ln_ok) begin
      // LAUNCH: [{ln_pc, ln_mask, hasr 0, rpc 0}]
      cnt_d = DW'(1);
      for (int j = 0; j < D; j++) begin
        st_pc_d[j*PC_W +: PC_W]       = (j == 0) ? ln_pc_i   : '0;
        st_mask_d[j*W +: W]           = (j == 0) ? ln_mask_i : '0;
        st_hasr_d[j]                  = 1'b0;
        st_rpc_d[j*PC_W +: PC_W]      = '0;
        st_nrpc_d[j*PC_W +: PC_W]     = '0;
        st_prio_d[j*PRIO_W +: PRIO_W] = '0;
        st_wav_d[j]                   = 1'b0;
      end
    end

    if (acc) begin
      // Acceptance: latch the batch (eslot is written only here), every scheduled entry pending.
      // (SS: the group roots of a spatial split, made pending below, read eslot 0 from here: at
      // cnt = 1 only level 0 is scheduled.)
      pend_d     = sched;
      eslot_d    = eslot_now;
      rq_kind_d  = rp_kind_i;
      rq_npc_d   = rp_npc_i;
      rq_tgt_d   = rp_tgt_i;
      rq_tmask_d = rp_tmask_i;
      rq_rpc_d   = rp_rpc_i;
      rq_nrpc_d  = rp_nrpc_i;
      rq_prio_d  = rp_prio_i;
      rq_wav_d   = rp_wav_i;
    end

    if ((proc && !full_c) || wa_split_o) begin
      // Apply: the processed entries (every non-structural one, and s) leave pend; the group
      // roots of a spatial split, all above s = 0, become pending with the batch's BR.
      pend_d = pend_src & cls_st & ~s_oh;
      for (int j = 1; j <= KS; j++)
        if (s_sp && (j <= 32'(sp_n))) pend_d[j] = 1'b1;
      cnt_d  = DW'(32'(cnt_q) + ins - ((s_any && (s_op == OpRem)) ? 1 : 0));
      if (SS && s_sx && (m0 == '0)) cnt_d = '0;   // the last group exited: the stack is empty
      for (int j = 0; j < D; j++) begin
        {st_pc_d[j*PC_W +: PC_W], st_mask_d[j*W +: W], st_hasr_d[j], st_rpc_d[j*PC_W +: PC_W],
         st_nrpc_d[j*PC_W +: PC_W], st_prio_d[j*PRIO_W +: PRIO_W], st_wav_d[j]} = nxt[j*EB +: EB];
      end
    end
    busy_d = |pend_d;

    // The WA fields are constant 0 under the other policies (their flops are removed).
    if (!WA) begin
      st_nrpc_d = '0;
      st_prio_d = '0;
      st_wav_d  = '0;
      rq_nrpc_d = '0;
      rq_prio_d = '0;
      rq_wav_d  = '0;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------------
  assign full_o     = step & full_c;
  assign busy_o     = busy_q;
  assign cnt_o      = cnt_q;
  assign st_pc_o    = st_pc_q;
  assign st_mask_o  = st_mask_q;
  assign st_hasr_o  = st_hasr_q;
  assign st_rpc_o   = st_rpc_q;
  assign st_nrpc_o  = st_nrpc_q;
  assign st_prio_o  = st_prio_q;
  assign st_wav_o   = st_wav_q;
  assign pend_o     = pend_q;
  assign eslot_o    = eslot_q;
  assign rq_kind_o  = rq_kind_q;
  assign rq_npc_o   = rq_npc_q;
  assign rq_tgt_o   = rq_tgt_q;
  assign rq_tmask_o = rq_tmask_q;
  assign rq_rpc_o   = rq_rpc_q;
  assign rq_nrpc_o  = rq_nrpc_q;
  assign rq_prio_o  = rq_prio_q;
  assign rq_wav_o   = rq_wav_q;

`ifndef SYNTHESIS
`include "simt_assert.svh"
  // ---------------------------------------------------------------------------------------------
  // Local invariants (docs/units/ht_stack.md: properties P1-P3, P7, P9, the sizing of D12, and
  // the strengthening invariants that make the k-induction of formal/ht_stack/ work, which
  // proves them with the DUT; every Verilated model checks them at every clock edge out of
  // reset). They hold for any input sequence after reset, and are stated on the registered state
  // and the meta-data outputs with helpers of their own (a linear scan from the top, not the
  // scheduling network above). The formal wrapper keeps what needs its reference or history:
  // P4 (the reference scan of Algorithm 1), bad_o (the reference classification), the
  // contract's next state, the step checks over one cycle (P8, idle, refused, P6, reset), and
  // the PC range (an assumption on the PC inputs).
  // Notation: entry e valid iff e < cnt, above(e) = OR of the masks of the entries above e,
  // KE = 1 (POLICY 0) or K, G = W/K (SS group size).
  // ---------------------------------------------------------------------------------------------
  // the no-stall depth of the policy (docs/units/ht_stack.md, "Sizing"): 2W-1, WA 3W-2, SS 2W-K+1
  localparam bit NOSTALL = WA ? (D >= 3 * W - 2) : SS ? (D + K >= 2 * W + 1) : (D >= 2 * W - 1);

  logic [D*W-1:0]    f_above;   // above(e)
  logic [W-1:0]      f_live;    // OR of all masks: the live lanes
  always_comb begin
    logic [W-1:0] a;
    a = '0;
    for (int e = D - 1; e >= 0; e--) begin
      f_above[e*W +: W] = a;
      a = a | st_mask_q[e*W +: W];
    end
    f_live = a;
  end

  // P3 and the strengthening invariants, on the registered stack.
  // How they are computed (the statements are the pairwise ones of the comments below; the
  // scans are linear in D so that every Verilated model checks them cheaply, docs/verification.md
  // "ht_stack's assertion helpers"; proven equal to the pairwise forms by
  // formal/ht_stack/ht_helpers_eq.sby): going up the stack, each lane's innermost holder so far,
  // as EW bit planes hp (plane b: bit b of the holder's index, per lane) and hn (some entry
  // below holds the lane). P3 order, for valid i < j: m_i & m_j is 0 or m_j. With the entries
  // below j in that order, it holds for j exactly when every lane of m_j has the same innermost
  // holder below j (the chain of entries holding a lane is fixed by its innermost one), so the
  // scan checks that (a_p3_order: the same value as the pairwise test for every state).
  // Distinct masks: if the entries up to j are in P3 order, m_j equals some m_i (i < j) exactly
  // when it equals its innermost holder's mask (m_j within m_h within m_i), so the scan compares
  // m_j with that one entry; two empty masks are equal, tracked apart. In a state that breaks P3
  // order, a_p3_order fires and a_distinct may fire or not (the two together are the pairwise
  // pair).
  logic f_order, f_zero, f_nz, f_hasr, f_distinct, f_pend_leaf, f_eslot;
  always_comb begin
    logic [EW*W-1:0] hp;     // per lane, bit b of its innermost holder's index (plane b)
    logic [W-1:0]    hn;     // per lane, held by a valid entry below
    logic [W-1:0]    m, pl;
    logic [EW-1:0]   h;      // the innermost holder of m's lanes
    logic            z;      // a valid empty entry below (not SS's level 0)
    f_order     = 1'b1;
    f_zero      = 1'b1;
    f_nz        = 1'b1;
    f_hasr      = 1'b1;
    f_distinct  = 1'b1;
    f_pend_leaf = 1'b1;
    f_eslot     = 1'b1;
    hp          = '0;
    hn          = '0;
    z           = 1'b0;
    m           = '0;
    pl          = '0;
    h           = '0;
    for (int e = 0; e < D; e++) begin
      m = st_mask_q[e*W +: W];
      if (!valid[e]) begin
        if (st_pc_q[e*PC_W +: PC_W] != '0 || m != '0 || st_hasr_q[e] ||
            st_rpc_q[e*PC_W +: PC_W] != '0 || pend_q[e] || st_nrpc_q[e*PC_W +: PC_W] != '0 ||
            st_prio_q[e*PRIO_W +: PRIO_W] != '0 || st_wav_q[e]) f_zero = 1'b0;
      end else begin
        if (m == '0) f_nz = 1'b0;
        if (SS ? (e == 0 && st_hasr_q[e]) : (st_hasr_q[e] != (e != 0))) f_hasr = 1'b0;
        if (pend_q[e] && (m & f_above[e*W +: W]) != '0) f_pend_leaf = 1'b0;
        // P3 order: m's lanes all held below, or none; each plane the same over m's lanes
        if ((hn & m) != '0 && (hn & m) != m) f_order = 1'b0;
        h = '0;
        for (int b = 0; b < EW; b++) begin
          pl = hp[b*W +: W] & m;
          if (pl != '0 && pl != m) f_order = 1'b0;
          h[b] = (pl != '0);
        end
        // distinct: an empty mask against the empty ones below; another against its holder's
        if (m == '0) begin
          if (z) f_distinct = 1'b0;
          z = z | !(SS && e == 0);
        end else if ((hn & m) == m && 32'(h) < D) begin
          if (st_mask_q[32'(h)*W +: W] == m && !(SS && h == '0)) f_distinct = 1'b0;
        end
        hn = hn | m;
        for (int b = 0; b < EW; b++)
          hp[b*W +: W] = (hp[b*W +: W] & ~m) | (((e >> b) & 1) != 0 ? m : '0);
      end
      if (32'(eslot_q[e*SW +: SW]) >= KE) f_eslot = 1'b0;
    end
    if (st_rpc_q[PC_W-1:0] != '0) f_hasr = 1'b0;   // the root's rpc is 0
  end

  // P1, P2: the meta-data against the stack. P1 per lane: an active lane's slot holds the PC of
  // the topmost valid entry holding the lane (0 if none does). Computed per entry (linear in D):
  // sk(k), the active lanes selecting slot k, and t(e), the lanes whose topmost valid holder is
  // e (its mask less the valid masks above it); each (e, k) with a lane in both needs slot k
  // valid at e's PC.
  logic f_p1_sel, f_p1_slot, f_p2;
  always_comb begin
    logic [SW-1:0]  sel;
    logic [K*W-1:0] sk;      // active lanes selecting slot k
    logic [W-1:0]   selnz;   // lanes with a selector other than 0
    logic [W-1:0]   va, t;   // valid masks above e; lanes whose topmost valid holder is e
    logic [K-1:0]   used;
    f_p1_sel = 1'b1;
    sk       = '0;
    selnz    = '0;
    for (int i = 0; i < W; i++) begin
      sel      = lane_sel_o[i*SW +: SW];
      selnz[i] = (sel != '0);
      if (lane_act_o[i]) begin
        if (32'(sel) >= KE) f_p1_sel = 1'b0;
        for (int k = 0; k < K; k++)
          if (32'(sel) == k) sk[k*W + i] = 1'b1;
      end else if (sel != '0) begin
        f_p1_sel = 1'b0;
      end
    end
    for (int k = 0; k < K; k++) used[k] = |sk[k*W +: W];
    va = '0;
    for (int e = D - 1; e >= 0; e--) begin
      t = valid[e] ? (st_mask_q[e*W +: W] & ~va) : '0;
      for (int k = 0; k < K; k++)
        if ((t & sk[k*W +: W]) != '0 &&
            (!slot_v_o[k] || slot_pc_o[k*PC_W +: PC_W] != st_pc_q[e*PC_W +: PC_W])) f_p1_sel = 1'b0;
      if (valid[e]) va = va | st_mask_q[e*W +: W];
    end
    for (int k = 0; k < K; k++)   // lanes no valid entry holds: the PC is 0
      if ((~va & sk[k*W +: W]) != '0 && (!slot_v_o[k] || slot_pc_o[k*PC_W +: PC_W] != '0))
        f_p1_sel = 1'b0;
    f_p1_slot = ((slot_v_o & ~used) == '0);
    // P2: every lane of the top entry active, and (not SS) in slot 0 at the top entry's PC
    f_p2 = 1'b1;
    for (int e = 0; e < D; e++) begin
      if (32'(e) + 1 == 32'(cnt_q)) begin
        // SS: the top entry's slot is its group's (a_p7_sel), not necessarily slot 0
        if (!SS && (!slot_v_o[0] || slot_pc_o[PC_W-1:0] != st_pc_q[e*PC_W +: PC_W])) f_p2 = 1'b0;
        if ((st_mask_q[e*W +: W] & (~lane_act_o | (SS ? {W{1'b0}} : selnz))) != '0) f_p2 = 1'b0;
      end
    end
  end

  // P3: PDOM order (for valid i < j: mask_j within mask_i, or disjoint), entries >= cnt zero,
  // no empty entry, hasr = 0 exactly for entry 0 (SS: for entry 0 and the group roots), the
  // root's rpc 0, cnt <= D
  `SIMT_ASSERT(a_p3_cnt, 32'(cnt_q) <= D)
  `SIMT_ASSERT(a_p3_order, f_order)
  `SIMT_ASSERT(a_p3_zero, f_zero)
  `SIMT_ASSERT(a_p3_nz, f_nz)
  `SIMT_ASSERT(a_p3_hasr, f_hasr)
  // P9: the root's mask is every live lane
  `SIMT_ASSERT(a_p9, empty || st_mask_q[W-1:0] == f_live)
  // the batch state: busy = some entry pending; a pending entry is valid (a_p3_zero) and a leaf
  // of the PDOM tree (no lane in an entry above it); every entry's slot exists
  `SIMT_ASSERT(a_busy, busy_q == |pend_q)
  `SIMT_ASSERT(a_pend_leaf, f_pend_leaf)
  `SIMT_ASSERT(a_eslot, f_eslot)
  if (SLOTCLS) begin : g_a_pend_slot
    // per-slot classifiers: the entries of the batch being processed (pend_src: the schedule at
    // acceptance, pend_q later) hold pairwise distinct slots
    // (a scan with the slots seen so far, linear in D)
    logic f_pend_slot;
    always_comb begin
      logic [(1 << SW)-1:0] seen;
      f_pend_slot = 1'b1;
      seen        = '0;
      for (int e = 0; e < D; e++) begin
        if (pend_src_c[e]) begin
          if (seen[eslot_src_c[e*SW +: SW]]) f_pend_slot = 1'b0;
          seen[eslot_src_c[e*SW +: SW]] = 1'b1;
        end
      end
    end
    `SIMT_ASSERT(a_pend_slot, f_pend_slot)
  end
  if (TOP1) begin : g_a_pend_top
    // PDOM (TOP1): the only entry ever pending is the top one (the update is built for it)
    logic f_pend_top;
    always_comb begin
      f_pend_top = 1'b1;
      for (int e = 0; e < D; e++)
        if (pend_q[e] && (32'(e) + 1 != 32'(cnt_q))) f_pend_top = 1'b0;
    end
    `SIMT_ASSERT(a_pend_top, f_pend_top)
  end
  // P1: every active lane selects a valid slot holding the PC of the topmost entry holding the
  // lane (an inactive lane selects 0); only live lanes are active; every valid slot has a lane
  `SIMT_ASSERT(a_p1_sel, f_p1_sel)
  `SIMT_ASSERT(a_p1_live, (lane_act_o & ~f_live) == '0)
  `SIMT_ASSERT(a_p1_slot, f_p1_slot)
  // P2: stack not empty and not busy: the top entry is scheduled, in slot 0 (SS: its group's)
  `SIMT_ASSERT(a_p2, empty || busy_q || f_p2)
  // output definitions
  `SIMT_ASSERT(a_md, md_valid_o == (!empty && !busy_q && !wa_split_o))
  `SIMT_ASSERT(a_wa_only, WA || !wa_split_o)
  if (!WA) begin : g_a_nwa
    // the masks of valid entries are pairwise distinct (SS: level 0 may equal a group root):
    // with P3 every entry that is not a leaf has two children or more, which bounds the stack
    // at 2W-1 entries. Not under WA: a split's behind entry may have one child with its own mask.
    `SIMT_ASSERT(a_distinct, f_distinct)
    // the work-ahead fields are constant 0
    `SIMT_ASSERT(a_wa0, st_nrpc_q == '0 && st_prio_q == '0 && st_wav_q == '0 &&
                        rq_nrpc_q == '0 && rq_prio_q == '0 && rq_wav_q == '0)
  end
  if (NOSTALL && !WA) begin : g_a_nostall
    // D12: at the policy's no-stall depth full_o never rises (WA: no inductive invariant for
    // it yet; simtcheck checks it against the C model)
    `SIMT_ASSERT(a_nostall, !full_o)
  end
  if (WA) begin : g_a_wa_unused
    logic unused_distinct;
    assign unused_distinct = f_distinct;
  end

  // P6 (WA): a split is due exactly when the contract says: a candidate (wav, lanes waiting at
  // its PC and lanes still above it), a free slot, two free entries, no batch pending
  if (WA) begin : g_a_wa
    logic f_cand;
    always_comb begin
      f_cand = 1'b0;
      for (int e = 0; e < D; e++)
        if (valid[e] && st_wav_q[e] && (st_mask_q[e*W +: W] & ~f_above[e*W +: W]) != '0 &&
            (st_mask_q[e*W +: W] & f_above[e*W +: W]) != '0) f_cand = 1'b1;
    end
    `SIMT_ASSERT(a_p6_due, wa_split_o == (!empty && !busy_q && f_cand && slot_v_o != '1 &&
                                          32'(cnt_q) + 2 <= D))
  end

  // P7 (SS): every entry above level 0 holds lanes of one group only (a_p7_grp); every active
  // lane selects its own group's slot once the warp is split (slot 0 while cnt = 1, a_p7_sel);
  // strengthening (a_ss_root): an entry e >= 1 with hasr = 0 is its group's root (mask = level
  // 0's lanes of the group, rpc 0, no other root holding lanes of the group), one with hasr = 1
  // lies above a root holding all its lanes.
  if (SS) begin : g_a_ss
    logic f_p7_grp, f_p7_sel, f_ss_root;
    always_comb begin
      logic [K-1:0] has;
      logic [W-1:0] gmk;
      logic         below;
      f_p7_grp  = 1'b1;
      f_p7_sel  = 1'b1;
      f_ss_root = 1'b1;
      has       = '0;
      below     = 1'b0;
      for (int e = 1; e < D; e++) begin
        gmk = '0;
        for (int g = 0; g < K; g++) begin
          has[g] = |(st_mask_q[e*W +: W] & (W'({G{1'b1}}) << (g * G)));
          if (has[g]) gmk = gmk | (W'({G{1'b1}}) << (g * G));
        end
        if (valid[e] && (has & (has - K'(1))) != '0) f_p7_grp = 1'b0;   // two groups or more
        if (valid[e] && !st_hasr_q[e]) begin
          if (st_mask_q[e*W +: W] != (st_mask_q[W-1:0] & gmk) || st_rpc_q[e*PC_W +: PC_W] != '0)
            f_ss_root = 1'b0;
          for (int j = 1; j < D; j++)
            if (j != e && valid[j] && !st_hasr_q[j] && (st_mask_q[j*W +: W] & gmk) != '0)
              f_ss_root = 1'b0;
        end
        if (valid[e] && st_hasr_q[e]) begin
          below = 1'b0;
          for (int j = 1; j < e; j++)
            if (!st_hasr_q[j] && (st_mask_q[e*W +: W] & ~st_mask_q[j*W +: W]) == '0) below = 1'b1;
          if (!below) f_ss_root = 1'b0;
        end
      end
      for (int i = 0; i < W; i++)
        if (lane_act_o[i] && 32'(lane_sel_o[i*SW +: SW]) != ((cnt_q == DW'(1)) ? 0 : i / G))
          f_p7_sel = 1'b0;
    end
    `SIMT_ASSERT(a_p7_grp, f_p7_grp)
    `SIMT_ASSERT(a_ss_root, f_ss_root)
    `SIMT_ASSERT(a_p7_sel, f_p7_sel)
  end
`endif
endmodule
`default_nettype wire
