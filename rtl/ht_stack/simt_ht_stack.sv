// SPDX-License-Identifier: Apache-2.0
// simt_ht_stack: per-warp PDOM reconvergence stack with hyper-threaded scheduling, K PC slots
// (Steffen 2012 §4.1-4.2, Fig. 4.2-4.4, Algorithm 1). Cycle contract: docs/units/ht_stack.md,
// followed exactly (golden model cmodel/simt_ht_stack.c). Thesis line anchors Lnnn refer to
// ../shared/papers/steffen2012-hyperthreaded-simt-spawn.txt, errata En and gaps Hn to
// ../shared/steffen-units.md Part B.
//
// State: D registered entries {pc, mask, hasr, rpc}, 0 = bottom, compacted (entries >= cnt are
// all zero), the entry count, and the batch state {busy, pend[D], eslot[D], rq_*}.
//
// Scheduling (L346, L363, L389, H2, H17), combinational from the registered stack, parallel form:
//   - above(e) = OR of the masks above e: a log-depth suffix OR (Kogge-Stone, one signal per
//     level); runnable(e) = valid(e) & (mask_e & above(e)) == 0.
//   - MERGE = 1 (L404, H9): a runnable entry is a duplicate when a runnable entry above it has
//     the same PC (pairwise comparators), else a leader. Without MERGE every runnable entry is
//     a leader.
//   - first-K select: the number of leaders above each entry, by simt_prefix_cnt (parallel
//     prefix) fed the leader vector reversed, so that "below" in the counter means "above" in
//     the stack. A leader with fewer than K leaders above it takes slot = that number; a
//     duplicate with fewer than K leaders above it joins the slot whose PC equals its own.
//   This equals corrected Algorithm 1 (E1-E5, L365-L387) under the PDOM order invariant (§B3).
//
// Update (L348, L389, H3, H16): the reports of a batch are classified per pending entry into
// non-structural (the entry is rewritten in place), structural (removal, or 1 or 2 entries
// inserted right above it) or refused (applied as NONE). Each cycle applies every pending
// non-structural update and the highest pending structural one; the entries above it shift.
`default_nettype none
module simt_ht_stack #(
  parameter int unsigned W      = 32,         // lanes per warp, 4..64 (Table 7.1: 32)
  parameter int unsigned PC_W   = 32,         // PC bits, 8..64
  parameter int unsigned K      = 2,          // PC slots (HT ways, L346): 1..8, or K = W <= 16
  parameter int unsigned D      = 2 * W - 1,  // stack entries, 2..3W-2 (2W-1 never stalls)
  parameter int unsigned POLICY = 1,          // 0 PDOM (top entry only), 1 parallel entries
  parameter int unsigned MERGE  = 0,          // 1: scheduled entries with equal PCs share a slot
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
  // report batch of the bundle issued from the current meta-data (L348)
  input  wire logic                 rp_valid_i,
  input  wire logic [3*K-1:0]       rp_kind_i,    // 0 NONE, 1 ADV, 2 BR, 3 EXIT, 4 SYNC
  input  wire logic [K*PC_W-1:0]    rp_npc_i,
  input  wire logic [K*PC_W-1:0]    rp_tgt_i,
  input  wire logic [K*W-1:0]       rp_tmask_i,
  input  wire logic [K*PC_W-1:0]    rp_rpc_i,
  output logic [2:0]                bad_o,        // [0] launch, [1] batch, [2] an entry's report
  output logic                      full_o,
  output logic                      busy_o,
  // warp meta-data (Fig. 4.4, L346)
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
  output logic [D-1:0]              pend_o,
  output logic [D*SW-1:0]           eslot_o,
  output logic [3*K-1:0]            rq_kind_o,
  output logic [K*PC_W-1:0]         rq_npc_o,
  output logic [K*PC_W-1:0]         rq_tgt_o,
  output logic [K*W-1:0]            rq_tmask_o,
  output logic [K*PC_W-1:0]         rq_rpc_o
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
  if (POLICY > 1) begin : g_bad_policy
    $error("simt_ht_stack: POLICY (%0d) must be 0 or 1", POLICY);
  end
  if (MERGE > 1) begin : g_bad_merge
    $error("simt_ht_stack: MERGE (%0d) must be 0 or 1", MERGE);
  end

  // Slots in use: POLICY 0 (PDOM) schedules the top entry only, which is what the first-K
  // select gives with K = 1. MERGE matters only when more than one slot is in use.
  localparam int unsigned KE = (POLICY == 0) ? 1 : K;
  localparam bit          MG = (MERGE == 1) && (KE > 1);

  // An entry, packed: {pc, mask, hasr, rpc}.
  localparam int unsigned EB = 2 * PC_W + W + 1;

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
  logic [DW-1:0]       cnt_q,      cnt_d;
  logic [D*PC_W-1:0]   st_pc_q,    st_pc_d;
  logic [D*W-1:0]      st_mask_q,  st_mask_d;
  logic [D-1:0]        st_hasr_q,  st_hasr_d;
  logic [D*PC_W-1:0]   st_rpc_q,   st_rpc_d;
  logic                busy_q,     busy_d;
  logic [D-1:0]        pend_q,     pend_d;
  logic [D*SW-1:0]     eslot_q,    eslot_d;
  logic [3*K-1:0]      rq_kind_q,  rq_kind_d;
  logic [K*PC_W-1:0]   rq_npc_q,   rq_npc_d;
  logic [K*PC_W-1:0]   rq_tgt_q,   rq_tgt_d;
  logic [K*W-1:0]      rq_tmask_q, rq_tmask_d;
  logic [K*PC_W-1:0]   rq_rpc_q,   rq_rpc_d;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q      <= '0;
      for (int e = 0; e < D; e++) begin   // per entry (D*PC_W may exceed 8k bits)
        st_pc_q[e*PC_W +: PC_W]  <= '0;
        st_mask_q[e*W +: W]      <= '0;
        st_hasr_q[e]             <= 1'b0;
        st_rpc_q[e*PC_W +: PC_W] <= '0;
      end
      busy_q     <= 1'b0;
      pend_q     <= '0;
      eslot_q    <= '0;
      rq_kind_q  <= '0;
      rq_npc_q   <= '0;
      rq_tgt_q   <= '0;
      rq_tmask_q <= '0;
      rq_rpc_q   <= '0;
    end else begin
      cnt_q      <= cnt_d;
      st_pc_q    <= st_pc_d;
      st_mask_q  <= st_mask_d;
      st_hasr_q  <= st_hasr_d;
      st_rpc_q   <= st_rpc_d;
      busy_q     <= busy_d;
      pend_q     <= pend_d;
      eslot_q    <= eslot_d;
      rq_kind_q  <= rq_kind_d;
      rq_npc_q   <= rq_npc_d;
      rq_tgt_q   <= rq_tgt_d;
      rq_tmask_q <= rq_tmask_d;
      rq_rpc_q   <= rq_rpc_d;
    end
  end

  logic [D-1:0] valid;   // entry e < cnt
  always_comb begin
    for (int e = 0; e < D; e++) valid[e] = (DW'(e) < cnt_q);
  end

  // ---------------------------------------------------------------------------------------------
  // Scheduling, step 1: above(e) and runnable(e) (L363: "no thread conflicts with other entries
  // located above it"; H2: the prose, all entries above, rather than Algorithm 1's scheduled
  // mask). Suffix OR by Kogge-Stone: level l node e = OR of the masks of entries e .. e+2^l-1.
  // Entries at cnt and above have zero masks, so they need no valid gating.
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
  logic [D-1:0]   runnable;
  logic [W-1:0]   unused_live;   // node 0: the OR of every mask (all live lanes), not needed
  assign above       = {{W{1'b0}}, g_sor[LS].v[D*W-1:W]};
  assign unused_live = g_sor[LS].v[W-1:0];
  always_comb begin
    for (int e = 0; e < D; e++)
      runnable[e] = valid[e] & ~|(st_mask_q[e*W +: W] & above[e*W +: W]);
  end

  // ---------------------------------------------------------------------------------------------
  // Scheduling, step 2 (MERGE = 1, L404, H9): duplicates, runnable entries with a runnable entry
  // above them at the same PC. Leaders are the other runnable entries.
  // ---------------------------------------------------------------------------------------------
  logic [D-1:0] dup, leader;
  if (MG) begin : g_merge
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
  assign leader = runnable & ~dup;

  // ---------------------------------------------------------------------------------------------
  // Scheduling, step 3: first-K select, Algorithm 1 (L365-L387) as corrected:
  //   E1 (index never decremented): no loop at all, every entry is examined at once;
  //   E2 (subset test): runnable = disjoint from every mask above (step 1);
  //   E3 (while numScheduled <= NumSch): only K slots, an entry needs fewer than K leaders above;
  //   E4 (no per-thread selector): lane_sel_o below;
  //   E5 (PC[1..NumSch]): slots 0..K-1, slot 0 = the top entry (no leader above it).
  // lab(e) = leaders above e. simt_prefix_cnt counts the set bits below each position: fed the
  // leader vector reversed (bit D-1-e = leader e), its element D-1-e is the leaders above e.
  // ---------------------------------------------------------------------------------------------
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

  logic [D*DW-1:0] lab;       // leaders above entry e
  logic [D-1:0]    few;       // fewer than KE leaders above e: the scan of Algorithm 1 reaches e
  always_comb begin
    for (int e = 0; e < D; e++) begin
      lab[e*DW +: DW] = lab_rev[(D-1-e)*DW +: DW];
      few[e]          = (int'(lab[e*DW +: DW]) < KE);
    end
  end

  // Slots: slot k = the leader with k leaders above it, k < KE (E5: slot 0 = the top entry).
  always_comb begin
    slot_v_o  = '0;
    slot_pc_o = '0;
    for (int k = 0; k < KE; k++) begin
      for (int e = 0; e < D; e++) begin
        if (leader[e] && (int'(lab[e*DW +: DW]) == k)) begin
          slot_v_o[k]                = 1'b1;
          slot_pc_o[k*PC_W +: PC_W]  = slot_pc_o[k*PC_W +: PC_W] | st_pc_q[e*PC_W +: PC_W];
        end
      end
    end
  end

  // Scheduled entries and their slots (E4: every scheduled entry gives its lanes a selector).
  // A duplicate's leader is scheduled (it has fewer leaders above it), and leaders have distinct
  // PCs, so the slot whose PC equals the duplicate's is its leader's.
  logic [D-1:0]    sched;
  logic [D*SW-1:0] eslot_now;   // slot of entry e in the current schedule, 0 if none
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

  // Per-lane meta-data (Fig. 4.4, L346, E4): scheduled entries are pairwise disjoint, so each lane
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
  // Launch and batch acceptance. A batch reports the bundle issued from the current meta-data,
  // once it has completed (the write-back waiting pool, L348); it covers the scheduled entries.
  // ---------------------------------------------------------------------------------------------
  logic empty, ln_ok, acc, proc;
  assign empty      = (cnt_q == '0);
  assign md_valid_o = ~empty & ~busy_q;
  assign ln_ok      = ln_valid_i & empty & ~busy_q & |ln_mask_i;
  assign acc        = rp_valid_i & md_valid_o;   // processing starts in this cycle, from rp_*
  assign proc       = acc | busy_q;              // a batch is being processed

  // The batch being processed: at acceptance the current schedule and rp_*, later pend/eslot/rq.
  logic [D-1:0]      pend_src;
  logic [D*SW-1:0]   eslot_src;
  logic [3*K-1:0]    r_kind;
  logic [K*PC_W-1:0] r_npc, r_tgt, r_rpc;
  logic [K*W-1:0]    r_tmask;
  assign pend_src  = acc ? sched      : pend_q;
  assign eslot_src = acc ? eslot_now  : eslot_q;
  assign r_kind    = acc ? rp_kind_i  : rq_kind_q;
  assign r_npc     = acc ? rp_npc_i   : rq_npc_q;
  assign r_tgt     = acc ? rp_tgt_i   : rq_tgt_q;
  assign r_tmask   = acc ? rp_tmask_i : rq_tmask_q;
  assign r_rpc     = acc ? rp_rpc_i   : rq_rpc_q;

  // ---------------------------------------------------------------------------------------------
  // Classification of every pending entry's report (L389: the PDOM update, "two additional
  // stack entries are added"; H3: at any index; H4: not-taken lower, taken on top).
  //   cls_upd: the entry after a non-structural update (the old entry otherwise);
  //   cls_op : OpRewr, or the structural OpRem / OpIns1 / OpIns2 (pending entries only; the
  //            entries a structural update writes are built once, for the one applied, below);
  //   cls_bad: a refused report, applied as NONE (an unknown kind 5..7; H15: EXIT from a
  //            non-root entry; H8: SYNC from a non-root entry).
  // ---------------------------------------------------------------------------------------------
  logic [D*EB-1:0] cls_upd;
  logic [2*D-1:0]  cls_op;
  logic [D-1:0]    cls_st, cls_bad;

  always_comb begin
    logic [PC_W-1:0] pc, rpc, npc, tgt, brpc, mpc;
    logic [W-1:0]    m, tm, t;
    logic            hr, mv, nrem, trem;
    logic [2:0]      kind;
    logic [SW-1:0]   sl;
    for (int e = 0; e < D; e++) begin
      // the entry
      pc  = st_pc_q[e*PC_W +: PC_W];
      m   = st_mask_q[e*W +: W];
      hr  = st_hasr_q[e];
      rpc = st_rpc_q[e*PC_W +: PC_W];
      // its slot's report
      sl   = eslot_src[e*SW +: SW];
      kind = KNone;
      npc  = '0;
      tgt  = '0;
      tm   = '0;
      brpc = '0;
      for (int k = 0; k < K; k++) begin
        if (sl == SW'(k)) begin
          kind = r_kind[3*k +: 3];
          npc  = r_npc[k*PC_W +: PC_W];
          tgt  = r_tgt[k*PC_W +: PC_W];
          tm   = r_tmask[k*W +: W];
          brpc = r_rpc[k*PC_W +: PC_W];
        end
      end
      t    = tm & m;
      nrem = (npc != brpc);   // the not-taken side gets an entry (it is not at the branch's rpc)
      trem = (tgt != brpc);   // the taken side gets an entry

      cls_upd[e*EB +: EB]  = {pc, m, hr, rpc};
      cls_op[2*e +: 2]     = OpRewr;
      cls_bad[e]           = 1'b0;
      mv                   = 1'b0;   // ADV-like move to mpc (arrival included)
      mpc                  = npc;

      if (pend_src[e]) begin
        unique case (kind)
          KNone: ;
          KAdv: mv = 1'b1;
          KSync: begin
            // SYNC as ADV; from a non-root entry refused (H8)
            if (hr) cls_bad[e] = 1'b1;
            else    mv         = 1'b1;
          end
          KBr: begin
            if (t == '0) begin                       // uniform: nobody takes it
              mv = 1'b1;
            end else if (t == m) begin               // uniform: everybody takes it
              mv  = 1'b1;
              mpc = tgt;
            end else if (tgt == npc) begin           // uniform: both sides at one PC
              mv = 1'b1;
            end else if (hr && (brpc == rpc)) begin
              // Divergent loop back-edge: no reconvergence entry; the remaining side replaces
              // the entry in place. Both remain: the not-taken side in place, the taken side
              // inserted above it (structural).
              if (nrem && trem) begin
                cls_op[2*e +: 2]    = OpIns1;
              end else if (nrem) begin
                cls_upd[e*EB +: EB] = {npc, m & ~t, hr, rpc};
              end else begin
                cls_upd[e*EB +: EB] = {tgt, t, hr, rpc};
              end
            end else begin
              // Divergent: the entry becomes the reconvergence entry; each remaining side is
              // inserted right above it (structural, one or two entries).
              cls_op[2*e +: 2] = (nrem && trem) ? OpIns2 : OpIns1;
            end
          end
          KExit: begin
            // EXIT: the root only (H15), removed
            if (hr) cls_bad[e]       = 1'b1;
            else    cls_op[2*e +: 2] = OpRem;
          end
          default: cls_bad[e] = 1'b1;             // unknown kind
        endcase
      end

      // ADV (and uniform BR, SYNC): arrival at the entry's rpc removes it (its lanes already
      // wait in the entry below), else the entry moves on.
      if (mv) begin
        if (hr && (mpc == rpc)) cls_op[2*e +: 2] = OpRem;                    // arrival
        else                    cls_upd[e*EB + EB - PC_W +: PC_W] = mpc;     // pc := mpc
      end
      cls_st[e] = (cls_op[2*e +: 2] != OpRewr);
    end
  end

  // Refused reports, found at acceptance only (bad_o[2]): per entry (unknown kind, EXIT/SYNC
  // from a non-root) and per slot (a kind other than NONE for a slot that is not valid).
  logic slot_bad;
  always_comb begin
    slot_bad = 1'b0;
    for (int k = 0; k < K; k++)
      slot_bad = slot_bad | (~slot_v_o[k] & (rp_kind_i[3*k +: 3] != KNone));
  end

  assign bad_o[0] = ln_valid_i & ~ln_ok;
  assign bad_o[1] = rp_valid_i & ~acc;
  assign bad_o[2] = acc & (slot_bad | |cls_bad);

  // ---------------------------------------------------------------------------------------------
  // Next state (H16: every pending non-structural update plus the highest pending structural
  // one per cycle; H3: that one may lie anywhere in the stack. The entries above it, none of
  // them pending any more, shift up or down; pend and eslot are indexed by position and never
  // shift, and the pending entries below keep their positions).
  // ---------------------------------------------------------------------------------------------
  logic [D-1:0]    s_oh;      // the highest pending structural entry s, one-hot
  logic            s_any;
  logic [EW-1:0]   s_idx;
  logic [1:0]      s_op;
  logic [EB-1:0]   s_x0, s_a, s_b;   // s's entry in place, the inserted entries (A lower)
  logic [D*EB-1:0] nxt;

  always_comb begin
    logic            hi;      // a structural entry lies above
    int unsigned     ins;     // entries inserted by the structural update
    logic [EB-PC_W-1:0] se;   // entry s without its pc (not needed): {mask, hasr, rpc}
    logic [EB-1:0]   ent;     // the new entry at position j
    logic [SW-1:0]   sl;
    logic [PC_W-1:0] rpc, npc, tgt, brpc;
    logic [W-1:0]    m, tm, t;
    logic            hr;

    // Highest structural entry: a running OR from the top.
    hi = 1'b0;
    for (int e = D - 1; e >= 0; e--) begin
      s_oh[e] = cls_st[e] & ~hi;
      hi      = hi | cls_st[e];
    end
    s_any = hi;

    // Entry s, its class and its slot (one-hot AND-OR), then its slot's report.
    s_idx = '0;
    s_op  = OpRewr;
    se    = '0;
    sl    = '0;
    for (int e = 0; e < D; e++) begin
      if (s_oh[e]) begin
        s_idx = s_idx | EW'(e);
        s_op  = s_op  | cls_op[2*e +: 2];
        se    = se    | {st_mask_q[e*W +: W], st_hasr_q[e], st_rpc_q[e*PC_W +: PC_W]};
        sl    = sl    | eslot_src[e*SW +: SW];
      end
    end
    {m, hr, rpc} = se;
    npc  = '0;
    tgt  = '0;
    tm   = '0;
    brpc = '0;
    for (int k = 0; k < K; k++) begin
      if (sl == SW'(k)) begin
        npc  = r_npc[k*PC_W +: PC_W];
        tgt  = r_tgt[k*PC_W +: PC_W];
        tm   = r_tmask[k*W +: W];
        brpc = r_rpc[k*PC_W +: PC_W];
      end
    end
    t = tm & m;

    // The entries a divergent BR writes (OpIns1, OpIns2; unused for OpRem), as classified above:
    //   loop back-edge (hasr and rpc == rpc_e), both sides remain: the not-taken side {npc,
    //     mask & ~t} in place (hasr, rpc kept), the taken side {tgt, t, 1, rpc} above it;
    //   otherwise: the reconvergence entry in place (pc := the branch's rpc; mask, hasr, rpc
    //     kept), then the remaining sides {pc, side, 1, rpc}, not-taken lower, taken on top
    //     (H4); a side at the branch's rpc gets no entry.
    if (hr && (brpc == rpc)) begin
      s_x0 = {npc, m & ~t, hr, rpc};
      s_a  = {tgt, t, 1'b1, brpc};
    end else begin
      s_x0 = {brpc, m, hr, rpc};
      s_a  = (npc != brpc) ? {npc, m & ~t, 1'b1, brpc} : {tgt, t, 1'b1, brpc};
    end
    s_b = {tgt, t, 1'b1, brpc};
    ins = (s_op == OpIns2) ? 2 : ((s_op == OpIns1) ? 1 : 0);

    // Capacity: an insertion must fit in D entries; otherwise nothing changes (full_o).
    full_o = proc & s_any & (int'(cnt_q) + ins > D);

    // The new stack: below the structural entry s every entry keeps its position; s and above
    // are rebuilt (entries beyond the top are zero, and so is every shifted-in entry >= cnt).
    for (int j = 0; j < D; j++) begin
      if (!s_any || (j < int'(s_idx))) begin
        ent = cls_upd[j*EB +: EB];
      end else if (s_op == OpRem) begin
        ent = (j + 1 < D) ? cls_upd[(j+1)*EB +: EB] : '0;
      end else if (j == int'(s_idx)) begin
        ent = s_x0;
      end else if (j == int'(s_idx) + 1) begin
        ent = s_a;
      end else if ((j == int'(s_idx) + 2) && (s_op == OpIns2)) begin
        ent = s_b;
      end else if (s_op == OpIns2) begin
        ent = (j >= 2) ? cls_upd[(j-2)*EB +: EB] : '0;   // j >= s + 3
      end else begin
        ent = (j >= 1) ? cls_upd[(j-1)*EB +: EB] : '0;   // j >= s + 2
      end
      nxt[j*EB +: EB] = ent;
    end

    // Defaults: nothing changes.
    cnt_d      = cnt_q;
    st_pc_d    = st_pc_q;
    st_mask_d  = st_mask_q;
    st_hasr_d  = st_hasr_q;
    st_rpc_d   = st_rpc_q;
    pend_d     = pend_q;
    eslot_d    = eslot_q;
    rq_kind_d  = rq_kind_q;
    rq_npc_d   = rq_npc_q;
    rq_tgt_d   = rq_tgt_q;
    rq_tmask_d = rq_tmask_q;
    rq_rpc_d   = rq_rpc_q;

    if (ln_ok) begin
      // LAUNCH: [{ln_pc, ln_mask, hasr 0, rpc 0}]
      cnt_d = DW'(1);
      for (int j = 0; j < D; j++) begin
        st_pc_d[j*PC_W +: PC_W]  = (j == 0) ? ln_pc_i   : '0;
        st_mask_d[j*W +: W]      = (j == 0) ? ln_mask_i : '0;
        st_hasr_d[j]             = 1'b0;
        st_rpc_d[j*PC_W +: PC_W] = '0;
      end
    end

    if (acc) begin
      // Acceptance: latch the batch (eslot is written only here), every scheduled entry pending.
      pend_d     = sched;
      eslot_d    = eslot_now;
      rq_kind_d  = rp_kind_i;
      rq_npc_d   = rp_npc_i;
      rq_tgt_d   = rp_tgt_i;
      rq_tmask_d = rp_tmask_i;
      rq_rpc_d   = rp_rpc_i;
    end

    if (proc && !full_o) begin
      // Apply: the processed entries (every non-structural one, and s) leave pend.
      pend_d = pend_src & cls_st & ~s_oh;
      cnt_d  = DW'(int'(cnt_q) + ins - ((s_any && (s_op == OpRem)) ? 1 : 0));
      for (int j = 0; j < D; j++) begin
        {st_pc_d[j*PC_W +: PC_W], st_mask_d[j*W +: W], st_hasr_d[j],
         st_rpc_d[j*PC_W +: PC_W]} = nxt[j*EB +: EB];
      end
    end
    busy_d = |pend_d;
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------------
  assign busy_o     = busy_q;
  assign cnt_o      = cnt_q;
  assign st_pc_o    = st_pc_q;
  assign st_mask_o  = st_mask_q;
  assign st_hasr_o  = st_hasr_q;
  assign st_rpc_o   = st_rpc_q;
  assign pend_o     = pend_q;
  assign eslot_o    = eslot_q;
  assign rq_kind_o  = rq_kind_q;
  assign rq_npc_o   = rq_npc_q;
  assign rq_tgt_o   = rq_tgt_q;
  assign rq_tmask_o = rq_tmask_q;
  assign rq_rpc_o   = rq_rpc_q;
endmodule
`default_nettype wire
