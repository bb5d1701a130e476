// SPDX-License-Identifier: Apache-2.0
// simt_ht_stack_helpers_eq: the helpers of simt_ht_stack's assertions (rtl/ht_stack/
// simt_ht_stack.sv, "Local invariants"), the linear scans the RTL uses against the pairwise and
// per-lane statements they replaced (commit 87d14a6, kept here as the reference), on free
// inputs: every stack state, schedule and batch, not only the reachable ones. Proven by
// formal/ht_stack/ht_helpers_eq.sby (combinational, bmc depth 1): f_order, f_zero, f_nz,
// f_hasr, f_pend_leaf, f_eslot, f_p1_sel, f_p1_slot, f_p2 and f_pend_slot equal for every input,
// f_distinct equal wherever f_order holds (formal/README.md, "The helpers' scans").
`default_nettype none
module simt_ht_stack_helpers_eq #(
  parameter int unsigned W      = 4,
  parameter int unsigned PC_W   = 8,
  parameter int unsigned K      = 2,
  parameter int unsigned D      = 2 * W - 1,
  parameter int unsigned POLICY = 1,
  parameter int unsigned PRIO_W = 2,
  localparam int unsigned SW = (K > 1) ? $clog2(K) : 1,
  localparam int unsigned DW = $clog2(D + 1),
  localparam int unsigned EW = (D > 1) ? $clog2(D) : 1
) (
  input wire logic [DW-1:0]       cnt_q,
  input wire logic [D*PC_W-1:0]   st_pc_q,
  input wire logic [D*W-1:0]      st_mask_q,
  input wire logic [D-1:0]        st_hasr_q,
  input wire logic [D*PC_W-1:0]   st_rpc_q,
  input wire logic [D*PC_W-1:0]   st_nrpc_q,
  input wire logic [D*PRIO_W-1:0] st_prio_q,
  input wire logic [D-1:0]        st_wav_q,
  input wire logic [D-1:0]        pend_q,
  input wire logic [D*SW-1:0]     eslot_q,
  input wire logic [D-1:0]        pend_src_c,
  input wire logic [D*SW-1:0]     eslot_src_c,
  input wire logic [K-1:0]        slot_v_o,
  input wire logic [K*PC_W-1:0]   slot_pc_o,
  input wire logic [W-1:0]        lane_act_o,
  input wire logic [W*SW-1:0]     lane_sel_o
);
  localparam int unsigned KE = (POLICY == 0) ? 1 : K;
  localparam bit          SS = (POLICY == 3);
  logic [D-1:0] valid;
  always_comb begin
    for (int e = 0; e < D; e++) valid[e] = (DW'(e) < cnt_q);
  end

  // ---- the reference: the statements as they were written (87d14a6) ----
  logic [D*W-1:0]    f_above_r;   // above(e)
  logic [W-1:0]      f_live_r;    // OR of all masks: the live lanes
  logic [W*PC_W-1:0] f_lpc_r;     // per lane: the PC of the topmost valid entry holding it
  always_comb begin
    logic [W-1:0] a;
    a = '0;
    for (int e = D - 1; e >= 0; e--) begin
      f_above_r[e*W +: W] = a;
      a = a | st_mask_q[e*W +: W];
    end
    f_live_r = a;
    f_lpc_r  = '0;
    for (int i = 0; i < W; i++)
      for (int e = 0; e < D; e++)
        if (valid[e] && st_mask_q[e*W + i]) f_lpc_r[i*PC_W +: PC_W] = st_pc_q[e*PC_W +: PC_W];
  end

  // P3 and the strengthening invariants, on the registered stack
  logic f_order_r, f_zero_r, f_nz_r, f_hasr_r, f_distinct_r, f_pend_leaf_r, f_eslot_r;
  always_comb begin
    f_order_r     = 1'b1;
    f_zero_r      = 1'b1;
    f_nz_r        = 1'b1;
    f_hasr_r      = 1'b1;
    f_distinct_r  = 1'b1;
    f_pend_leaf_r = 1'b1;
    f_eslot_r     = 1'b1;
    for (int e = 0; e < D; e++) begin
      if (!valid[e]) begin
        if (st_pc_q[e*PC_W +: PC_W] != '0 || st_mask_q[e*W +: W] != '0 || st_hasr_q[e] ||
            st_rpc_q[e*PC_W +: PC_W] != '0 || pend_q[e] || st_nrpc_q[e*PC_W +: PC_W] != '0 ||
            st_prio_q[e*PRIO_W +: PRIO_W] != '0 || st_wav_q[e]) f_zero_r = 1'b0;
      end else begin
        if (st_mask_q[e*W +: W] == '0) f_nz_r = 1'b0;
        if (SS ? (e == 0 && st_hasr_q[e]) : (st_hasr_q[e] != (e != 0))) f_hasr_r = 1'b0;
        if (pend_q[e] && (st_mask_q[e*W +: W] & f_above_r[e*W +: W]) != '0) f_pend_leaf_r = 1'b0;
      end
      if (32'(eslot_q[e*SW +: SW]) >= KE) f_eslot_r = 1'b0;
      for (int j = e + 1; j < D; j++) begin
        if (valid[j]) begin
          if ((st_mask_q[e*W +: W] & st_mask_q[j*W +: W]) != '0 &&
              (st_mask_q[e*W +: W] & st_mask_q[j*W +: W]) != st_mask_q[j*W +: W]) f_order_r = 1'b0;
          if (st_mask_q[e*W +: W] == st_mask_q[j*W +: W] && !(SS && e == 0)) f_distinct_r = 1'b0;
        end
      end
    end
    if (st_rpc_q[PC_W-1:0] != '0) f_hasr_r = 1'b0;   // the root's rpc is 0
  end

  // P1, P2: the meta-data against the stack
  logic f_p1_sel_r, f_p1_slot_r, f_p2_r;
  always_comb begin
    logic [SW-1:0] sel;
    logic [K-1:0]  used;
    f_p1_sel_r = 1'b1;
    used     = '0;
    for (int i = 0; i < W; i++) begin
      sel = lane_sel_o[i*SW +: SW];
      if (lane_act_o[i]) begin
        if (32'(sel) >= KE) f_p1_sel_r = 1'b0;
        for (int k = 0; k < K; k++) begin
          if (32'(sel) == k) begin
            used[k] = 1'b1;
            if (!slot_v_o[k] || slot_pc_o[k*PC_W +: PC_W] != f_lpc_r[i*PC_W +: PC_W]) f_p1_sel_r = 1'b0;
          end
        end
      end else if (sel != '0) begin
        f_p1_sel_r = 1'b0;
      end
    end
    f_p1_slot_r = ((slot_v_o & ~used) == '0);
    f_p2_r = 1'b1;
    for (int e = 0; e < D; e++) begin
      if (32'(e) + 1 == 32'(cnt_q)) begin
        // SS: the top entry's slot is its group's (a_p7_sel), not necessarily slot 0
        if (!SS && (!slot_v_o[0] || slot_pc_o[PC_W-1:0] != st_pc_q[e*PC_W +: PC_W])) f_p2_r = 1'b0;
        for (int i = 0; i < W; i++)
          if (st_mask_q[e*W + i] && (!lane_act_o[i] || (!SS && lane_sel_o[i*SW +: SW] != '0)))
            f_p2_r = 1'b0;
      end
    end
  end

  logic f_pend_slot_r;
  always_comb begin
    f_pend_slot_r = 1'b1;
    for (int e = 0; e < D; e++)
      for (int j = e + 1; j < D; j++)
        if (pend_src_c[e] && pend_src_c[j] && eslot_src_c[e*SW +: SW] == eslot_src_c[j*SW +: SW])
          f_pend_slot_r = 1'b0;
  end
  // ---- the RTL's scans (rtl/ht_stack/simt_ht_stack.sv) ----
  logic [D*W-1:0]    f_above_n;   // above(e)
  logic [W-1:0]      f_live_n;    // OR of all masks: the live lanes
  always_comb begin
    logic [W-1:0] a;
    a = '0;
    for (int e = D - 1; e >= 0; e--) begin
      f_above_n[e*W +: W] = a;
      a = a | st_mask_q[e*W +: W];
    end
    f_live_n = a;
  end

  // P3 and the strengthening invariants, on the registered stack.
  // How they are computed (the statements are the pairwise ones of the comments below; the
  // scans are linear in D so that every Verilated model checks them cheaply, formal/README.md,
  // "The helpers' scans"): going up the stack, each lane's innermost holder so far, as EW bit planes
  // f_hp (plane b: bit b of the holder's index, per lane) and f_hn (some entry below holds the
  // lane). P3 order, for valid i < j: m_i & m_j is 0 or m_j. With the entries below j in that
  // order, it holds for j exactly when every lane of m_j has the same innermost holder below j
  // (the chain of entries holding a lane is fixed by its innermost one), so the scan checks
  // that (a_p3_order: the same value as the pairwise test for every state). Distinct masks:
  // if the entries up to j are in P3 order, m_j equals some m_i (i < j) exactly when it equals
  // its innermost holder's mask (m_j within m_h within m_i), so the scan compares m_j with that
  // one entry; two empty masks are equal, tracked apart. In a state that breaks P3 order,
  // a_p3_order fires and a_distinct may fire or not (the two together are the pairwise pair).
  logic f_order_n, f_zero_n, f_nz_n, f_hasr_n, f_distinct_n, f_pend_leaf_n, f_eslot_n;
  always_comb begin
    logic [EW*W-1:0] hp;     // per lane, bit b of its innermost holder's index (plane b)
    logic [W-1:0]    hn;     // per lane, held by a valid entry below
    logic [W-1:0]    m, pl;
    logic [EW-1:0]   h;      // the innermost holder of m's lanes
    logic            z;      // a valid empty entry below (not SS's level 0)
    f_order_n     = 1'b1;
    f_zero_n      = 1'b1;
    f_nz_n        = 1'b1;
    f_hasr_n      = 1'b1;
    f_distinct_n  = 1'b1;
    f_pend_leaf_n = 1'b1;
    f_eslot_n     = 1'b1;
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
            st_prio_q[e*PRIO_W +: PRIO_W] != '0 || st_wav_q[e]) f_zero_n = 1'b0;
      end else begin
        if (m == '0) f_nz_n = 1'b0;
        if (SS ? (e == 0 && st_hasr_q[e]) : (st_hasr_q[e] != (e != 0))) f_hasr_n = 1'b0;
        if (pend_q[e] && (m & f_above_n[e*W +: W]) != '0) f_pend_leaf_n = 1'b0;
        // P3 order: m's lanes all held below, or none; each plane the same over m's lanes
        if ((hn & m) != '0 && (hn & m) != m) f_order_n = 1'b0;
        h = '0;
        for (int b = 0; b < EW; b++) begin
          pl = hp[b*W +: W] & m;
          if (pl != '0 && pl != m) f_order_n = 1'b0;
          h[b] = (pl != '0);
        end
        // distinct: an empty mask against the empty ones below; another against its holder's
        if (m == '0) begin
          if (z) f_distinct_n = 1'b0;
          z = z | !(SS && e == 0);
        end else if ((hn & m) == m && 32'(h) < D) begin
          if (st_mask_q[32'(h)*W +: W] == m && !(SS && h == '0)) f_distinct_n = 1'b0;
        end
        hn = hn | m;
        for (int b = 0; b < EW; b++)
          hp[b*W +: W] = (hp[b*W +: W] & ~m) | (((e >> b) & 1) != 0 ? m : '0);
      end
      if (32'(eslot_q[e*SW +: SW]) >= KE) f_eslot_n = 1'b0;
    end
    if (st_rpc_q[PC_W-1:0] != '0) f_hasr_n = 1'b0;   // the root's rpc is 0
  end

  // P1, P2: the meta-data against the stack. P1 per lane: an active lane's slot holds the PC of
  // the topmost valid entry holding the lane (0 if none does). Computed per entry (linear in D):
  // sk(k), the active lanes selecting slot k, and t(e), the lanes whose topmost valid holder is
  // e (its mask less the valid masks above it); each (e, k) with a lane in both needs slot k
  // valid at e's PC.
  logic f_p1_sel_n, f_p1_slot_n, f_p2_n;
  always_comb begin
    logic [SW-1:0]  sel;
    logic [K*W-1:0] sk;      // active lanes selecting slot k
    logic [W-1:0]   selnz;   // lanes with a selector other than 0
    logic [W-1:0]   va, t;   // valid masks above e; lanes whose topmost valid holder is e
    logic [K-1:0]   used;
    f_p1_sel_n = 1'b1;
    sk       = '0;
    selnz    = '0;
    for (int i = 0; i < W; i++) begin
      sel      = lane_sel_o[i*SW +: SW];
      selnz[i] = (sel != '0);
      if (lane_act_o[i]) begin
        if (32'(sel) >= KE) f_p1_sel_n = 1'b0;
        for (int k = 0; k < K; k++)
          if (32'(sel) == k) sk[k*W + i] = 1'b1;
      end else if (sel != '0) begin
        f_p1_sel_n = 1'b0;
      end
    end
    for (int k = 0; k < K; k++) used[k] = |sk[k*W +: W];
    va = '0;
    for (int e = D - 1; e >= 0; e--) begin
      t = valid[e] ? (st_mask_q[e*W +: W] & ~va) : '0;
      for (int k = 0; k < K; k++)
        if ((t & sk[k*W +: W]) != '0 &&
            (!slot_v_o[k] || slot_pc_o[k*PC_W +: PC_W] != st_pc_q[e*PC_W +: PC_W])) f_p1_sel_n = 1'b0;
      if (valid[e]) va = va | st_mask_q[e*W +: W];
    end
    for (int k = 0; k < K; k++)   // lanes no valid entry holds: the PC is 0
      if ((~va & sk[k*W +: W]) != '0 && (!slot_v_o[k] || slot_pc_o[k*PC_W +: PC_W] != '0))
        f_p1_sel_n = 1'b0;
    f_p1_slot_n = ((slot_v_o & ~used) == '0);
    // P2: every lane of the top entry active, and (not SS) in slot 0 at the top entry's PC
    f_p2_n = 1'b1;
    for (int e = 0; e < D; e++) begin
      if (32'(e) + 1 == 32'(cnt_q)) begin
        // SS: the top entry's slot is its group's (a_p7_sel), not necessarily slot 0
        if (!SS && (!slot_v_o[0] || slot_pc_o[PC_W-1:0] != st_pc_q[e*PC_W +: PC_W])) f_p2_n = 1'b0;
        if ((st_mask_q[e*W +: W] & (~lane_act_o | (SS ? {W{1'b0}} : selnz))) != '0) f_p2_n = 1'b0;
      end
    end
  end

  // (a scan with the slots seen so far, linear in D)
  logic f_pend_slot_n;
  always_comb begin
    logic [(1 << SW)-1:0] seen;
    f_pend_slot_n = 1'b1;
    seen        = '0;
    for (int e = 0; e < D; e++) begin
      if (pend_src_c[e]) begin
        if (seen[eslot_src_c[e*SW +: SW]]) f_pend_slot_n = 1'b0;
        seen[eslot_src_c[e*SW +: SW]] = 1'b1;
      end
    end
  end
  always @(*) begin
    a_above:     assert (f_above_r == f_above_n && f_live_r == f_live_n);
    a_order:     assert (f_order_r == f_order_n);
    a_zero:      assert (f_zero_r == f_zero_n && f_nz_r == f_nz_n && f_hasr_r == f_hasr_n);
    a_leaf:      assert (f_pend_leaf_r == f_pend_leaf_n && f_eslot_r == f_eslot_n);
    a_distinct:  assert (!f_order_r || f_distinct_r == f_distinct_n);
    a_p1:        assert (f_p1_sel_r == f_p1_sel_n && f_p1_slot_r == f_p1_slot_n);
    a_p2:        assert (f_p2_r == f_p2_n);
    a_pend_slot: assert (f_pend_slot_r == f_pend_slot_n);
  end
endmodule
`default_nettype wire
